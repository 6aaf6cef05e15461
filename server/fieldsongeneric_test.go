package server_test

import (
	"bytes"
	"net/http"
	"strings"
	"testing"

	"github.com/qrforge/qrforge/server"
)

// /api/v1/qr given one kind's fields and no data (?ssid=Cafe&password=…)
// is refused with a fix that is the kind's own call, which draws what
// the kind's call draws; fields two kinds have (lat and lon: geo and
// location) leave the choice to the caller, and get no fix.
func TestOneKindsFieldsOnTheGenericCallGoToTheKind(t *testing.T) {
	h := server.New(server.Config{BaseURL: base})
	for call, want := range map[string]string{
		"/api/v1/qr?ssid=Cafe&password=secret123":          "/api/v1/wifi?ssid=Cafe&password=secret123",
		"/api/v1/qr?ssid=Cafe&password=secret123&size=300": "/api/v1/wifi?ssid=Cafe&password=secret123&size=300",
	} {
		p := readProblem(t, fetch(t, h, base+call), http.StatusBadRequest, "invalid-parameter")
		if p.Fix != base+want {
			t.Errorf("%s: fix %q, want %s (%s)", call, p.Fix, want, p.Detail)
			continue
		}
		fixed, direct := fetch(t, h, p.Fix), fetch(t, h, base+want)
		if fixed.Code != http.StatusOK || !bytes.Equal(fixed.Body.Bytes(), direct.Body.Bytes()) {
			t.Errorf("%s: the fix answers %d or other bytes than the kind's call", call, fixed.Code)
		}
	}
	for _, call := range []string{"/api/v1/qr?lat=52.5&lon=13.4", "/api/v1/qr?ssid=Cafe&foo=1", "/api/v1/qr?phone=%2B441234567890"} {
		if p := readProblem(t, fetch(t, h, base+call), http.StatusBadRequest, "invalid-parameter"); p.Fix != "" || strings.Contains(p.Detail, "no other kind") {
			t.Errorf("%s: fix %q (%s), want none", call, p.Fix, p.Detail)
		}
	}
}
