package server_test

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/qrforge/qrforge/server"
)

// A batch item holds a kind's fields as an object ({"kind": "epc",
// "fields": {...}}), and other QR APIs nest them under data or the
// kind's name: sent to one call's endpoint, the object's members are the
// body's own, and the fix moves them up (README "Errors"). Followed, the
// fix draws the code the flat call draws.
func TestAKindsFieldsNestedInABodyAreMovedUp(t *testing.T) {
	h := server.New(server.Config{BaseURL: base})
	epc := `{"name":"Red Cross","iban":"BE72000000001616","bic":"BPOTBEB1","amount":"12.5"}`
	epcFlat := "/api/v1/epc?name=Red+Cross&iban=BE72000000001616&bic=BPOTBEB1&amount=12.5"
	wifiFlat := "/api/v1/wifi?ssid=Cafe&password=secret123"
	for _, c := range []struct{ path, body, flat string }{
		{"/api/v1/epc", `{"fields":` + epc + `}`, epcFlat},
		{"/api/v1/epc", `{"kind":"epc","fields":` + epc + `}`, epcFlat},
		{"/api/v1/qr", `{"kind":"epc","fields":` + epc + `}`, epcFlat},
		{"/api/v1/wifi", `{"wifi":{"ssid":"Cafe","password":"secret123"}}`, wifiFlat},
		{"/api/v1/qr", `{"wifi":{"ssid":"Cafe","password":"secret123"}}`, wifiFlat},
		{"/api/v1/qr", `{"type":"wifi","wifi":{"ssid":"Cafe","password":"secret123"}}`, wifiFlat},
		{"/api/v1/wifi", `{"data":{"ssid":"Cafe","password":"secret123"}}`, wifiFlat},
		{"/api/v1/qr", `{"type":"wifi","data":{"ssid":"Cafe","password":"secret123"}}`, wifiFlat},
	} {
		p := readProblem(t, post(t, h, base+c.path, "application/json", []byte(c.body)), http.StatusBadRequest, "invalid-parameter")
		fix, ok := strings.CutPrefix(p.Fix, "curl -X POST '")
		if !ok {
			fix, ok = strings.CutPrefix(p.Fix, base)
			fix = base + fix
		}
		if !ok {
			t.Errorf("POST %s %s: fix %q (%s)", c.path, c.body, p.Fix, p.Detail)
			continue
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, strings.TrimSuffix(fix, "'"), nil))
		flat := fetch(t, h, base+c.flat)
		if rec.Code != http.StatusOK || flat.Code != http.StatusOK || !bytes.Equal(rec.Body.Bytes(), flat.Body.Bytes()) {
			t.Errorf("POST %s %s: the fix %s answers %d, the flat call %d, or other bytes", c.path, c.body, fix, rec.Code, flat.Code)
		}
	}
	// A kind named twice, two ways, leaves the choice to the caller.
	if p := readProblem(t, post(t, h, base+"/api/v1/qr", "application/json", []byte(`{"type":"epc","wifi":{"ssid":"Cafe","password":"secret123"}}`)), http.StatusBadRequest, "invalid-parameter"); p.Fix != "" {
		t.Errorf("type epc with a wifi object: fix %q", p.Fix)
	}
	// An object under a kind's field that is not its fields stays refused:
	// a name given as parts is not read as one.
	if p := readProblem(t, post(t, h, base+"/api/v1/vcard", "application/json", []byte(`{"fn":{"first":"Jo"}}`)), http.StatusBadRequest, "invalid-parameter"); p.Fix != "" {
		t.Errorf("vcard fn object: fix %q", p.Fix)
	}
}
