package server_test

import (
	"bytes"
	"net/http"
	"strings"
	"testing"

	"github.com/qrforge/qrforge/server"
)

// A number written with its option's own unit ("10 px" for scale, "2
// modules" for margin, "600dpi") is that number, as size=300px is: it
// was refused with the option's example (8, 4, 300) as the fix before. A unit of another
// measure (margin in pixels) has no one number of modules, which depends
// on the size and the version: no fix, and the detail says why. A value
// with no number in it still gets the default, and says so.
func TestOptionNumbersKeepTheirUnit(t *testing.T) {
	h := server.New(server.Config{BaseURL: base})
	for call, want := range map[string]string{
		"/api/v1/qr?data=hi&scale=10%20px":                     "/api/v1/qr?data=hi&scale=10",
		"/api/v1/qr?data=hi&scale=10%20pixels":                 "/api/v1/qr?data=hi&scale=10",
		"/api/v1/qr?data=hi&margin=2%20modules":                "/api/v1/qr?data=hi&margin=2",
		"/api/v1/qr?data=hi&margin=1module":                    "/api/v1/qr?data=hi&margin=1",
		"/api/v1/qr?data=hi&dpi=600dpi":                        "/api/v1/qr?data=hi&dpi=600",
		"/api/v1/qr?data=hi&dpi=600%20PPI":                     "/api/v1/qr?data=hi&dpi=600",
		"/api/v1/qr?data=hi&logo=wifi&logopadding=2%20modules": "/api/v1/qr?data=hi&logo=wifi&logopadding=2",
	} {
		got, plain := fetch(t, h, base+call), fetch(t, h, base+want)
		if got.Code != http.StatusOK || plain.Code != http.StatusOK || !bytes.Equal(got.Body.Bytes(), plain.Body.Bytes()) {
			t.Errorf("%s: %d, %s %d, or other bytes; want the number in its own unit read as it is (%.200s)", call, got.Code, want, plain.Code, got.Body.String())
		}
	}
	for _, call := range []string{"/api/v1/qr?data=hi&margin=10px", "/api/v1/qr?data=hi&logo=wifi&logopadding=8px"} {
		if p := readProblem(t, fetch(t, h, base+call), http.StatusBadRequest, "invalid-parameter"); p.Fix != "" || !strings.Contains(p.Detail, "pixels") {
			t.Errorf("%s: fix %q (%s), want none and a detail that says modules are not pixels", call, p.Fix, p.Detail)
		}
	}
	if p := readProblem(t, fetch(t, h, base+"/api/v1/qr?data=hi&margin=big"), http.StatusBadRequest, "invalid-parameter"); p.Fix != base+"/api/v1/qr?data=hi&margin=4" || !strings.Contains(p.Detail, "the fix gives 4, a value of its own") {
		t.Errorf("margin=big: fix %q (%s), want the default named", p.Fix, p.Detail)
	}
}
