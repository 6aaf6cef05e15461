package server_test

import (
	"net/http"
	"testing"

	"github.com/qrforge/qrforge/server"
)

// A kind's payload is /api/v1/<kind>/payload; the path with its parts
// swapped, or /api/v1/payload naming the kind in the query, was a 404
// "no kind of that name or close to it" with no fix. The fix is the
// kind's payload call with the caller's fields, and answers the payload.
func TestPayloadPathsWrittenOtherwiseGetTheKindsPayload(t *testing.T) {
	h := server.New(server.Config{BaseURL: base})
	for call, want := range map[string]string{
		"/api/v1/payload/wifi?ssid=Cafe&password=secret123":              "/api/v1/wifi/payload?ssid=Cafe&password=secret123",
		"/api/v1/payload?type=wifi&ssid=Cafe&password=secret123":         "/api/v1/wifi/payload?password=secret123&ssid=Cafe",
		"/api/v1/payload?kind=sepa&name=Red+Cross&iban=BE72000000001616": "/api/v1/epc/payload?iban=BE72000000001616&name=Red+Cross",
	} {
		p := readProblem(t, fetch(t, h, base+call), http.StatusNotFound, "not-found")
		if p.Fix != base+want {
			t.Errorf("%s: fix %q, want %s (%s)", call, p.Fix, want, p.Detail)
			continue
		}
		if rec := fetch(t, h, p.Fix); rec.Code != http.StatusOK {
			t.Errorf("%s: the fix answers %d", call, rec.Code)
		}
	}
	// A sub-route no kind has, under a kind's name, stays without a fix.
	if p := readProblem(t, fetch(t, h, base+"/api/v1/payload?type=nothing&x=1"), http.StatusNotFound, "not-found"); p.Fix != "" {
		t.Errorf("payload?type=nothing: fix %q", p.Fix)
	}
}
