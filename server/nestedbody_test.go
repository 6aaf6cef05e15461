package server_test

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/qrforge/qrforge/server"
)

// A JSON body that holds its options in an object, as a batch's style
// does, is refused with a fix that moves them up, read and checked as
// the body's own: the fix draws the same code as the flat call. An
// object that holds objects, or a member given twice with two values, has
// no fix.
func TestNestedOptionsInABodyAreMovedUp(t *testing.T) {
	h := server.New(server.Config{BaseURL: base})
	for _, c := range []struct{ path, body, field, flat string }{
		{"/api/v1/wifi", `{"ssid":"Cafe","password":"abcdefgh","style":{"color":"red","size":300}}`, "style", "/api/v1/wifi?ssid=Cafe&password=abcdefgh&color=ff0000&size=300"},
		{"/api/v1/qr", `{"data":"hi","options":{"gradientcolors":["navy","purple"],"margin":2}}`, "options", "/api/v1/qr?data=hi&gradientcolors=navy,purple&margin=2"},
	} {
		p := readProblem(t, post(t, h, base+c.path, "application/json", []byte(c.body)), http.StatusBadRequest, "invalid-parameter")
		fix, ok := strings.CutPrefix(p.Fix, "curl -X POST '")
		if p.Field != c.field || !ok {
			t.Errorf("%s: field %q, fix %q", c.body, p.Field, p.Fix)
			continue
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, strings.TrimSuffix(fix, "'"), nil))
		flat := fetch(t, h, base+c.flat)
		if rec.Code != http.StatusOK || flat.Code != http.StatusOK || !bytes.Equal(rec.Body.Bytes(), flat.Body.Bytes()) {
			t.Errorf("%s: the fix answers %d, the flat call %d, or other bytes", c.body, rec.Code, flat.Code)
		}
	}
	for _, body := range []string{`{"data":"hi","options":{"a":{"b":1}}}`, `{"data":"hi","options":{"size":300},"size":200}`} {
		if p := readProblem(t, post(t, h, base+"/api/v1/qr", "application/json", []byte(body)), http.StatusBadRequest, "invalid-parameter"); p.Fix != "" {
			t.Errorf("%s: fix %q", body, p.Fix)
		}
	}
}
