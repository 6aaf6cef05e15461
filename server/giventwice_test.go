package server_test

import (
	"net/http"
	"strings"
	"testing"
)

// A query parameter given two different values, under one name, two
// cases of it or an alias, has no fix, as a JSON body's key given twice
// has none: a fix keeping one would pick the payee, the network, its
// password or the data for the caller (README "Errors"). The example
// answers.
func TestQueryGivenTwiceHasNoFix(t *testing.T) {
	for _, c := range []struct{ target, field string }{
		{"/api/v1/epc?name=X&iban=DE89370400440532013000&iban=BE72000000001616", "iban"},
		{"/api/v1/wifi?ssid=Home&SSID=Office&password=secret123", "ssid"},
		{"/api/v1/wifi?ssid=Home&password=secret123&password=other1234", "password"},
		{"/api/v1/qr?data=a&text=b", "data"},
		{"/api/v1/qr?data=a&size=300&size=400", "size"},
		// A near miss of a field already given otherwise is the same
		// conflict: the payee Y is not dropped for X.
		{"/api/v1/epc?name=X&beneficiary=Y&iban=DE89370400440532013000", "beneficiary"},
	} {
		p := readProblem(t, get(t, c.target), http.StatusBadRequest, "invalid-parameter")
		if p.Field != c.field || p.Fix != "" || p.Example == "" || !strings.Contains(p.Detail, "qrforge does not choose between them") {
			t.Errorf("%s: field %q, fix %q, example %q, detail %s", c.target, p.Field, p.Fix, p.Example, p.Detail)
			continue
		}
		if rec := get(t, strings.TrimPrefix(p.Example, base)); rec.Code != http.StatusOK {
			t.Errorf("%s: the example %s answers %d", c.target, p.Example, rec.Code)
		}
	}
	// The same value twice is one value, and a near miss repeating the
	// field's own value is dropped.
	if rec := get(t, "/api/v1/epc?name=X&iban=DE89370400440532013000&iban=DE89370400440532013000"); rec.Code != http.StatusOK {
		t.Errorf("the same iban twice answers %d", rec.Code)
	}
	p := readProblem(t, get(t, "/api/v1/epc?name=X&beneficiary=X&iban=DE89370400440532013000"), http.StatusBadRequest, "invalid-parameter")
	if !strings.Contains(p.Fix, "name=X") || strings.Contains(p.Fix, "beneficiary") {
		t.Errorf("beneficiary repeating name: fix %q", p.Fix)
	}
	if rec := follow(t, p); rec.Code != http.StatusOK {
		t.Errorf("the fix %s answers %d", p.Fix, rec.Code)
	}
}
