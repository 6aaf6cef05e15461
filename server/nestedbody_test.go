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
// no fix. So is an object of options as other libraries write them:
// node-qrcode's color {dark, light}, qr-code-styling's dotsOptions,
// cornersSquareOptions, cornersDotOptions, backgroundOptions and
// qrOptions; one with a member that names no option has no fix.
func TestNestedOptionsInABodyAreMovedUp(t *testing.T) {
	h := server.New(server.Config{BaseURL: base})
	for _, c := range []struct{ path, body, field, flat string }{
		{"/api/v1/wifi", `{"ssid":"Cafe","password":"abcdefgh","style":{"color":"red","size":300}}`, "style", "/api/v1/wifi?ssid=Cafe&password=abcdefgh&color=ff0000&size=300"},
		{"/api/v1/qr", `{"data":"hi","options":{"gradientcolors":["navy","purple"],"margin":2}}`, "options", "/api/v1/qr?data=hi&gradientcolors=navy,purple&margin=2"},
		{"/api/v1/qr", `{"text":"hi","width":300,"margin":2,"errorCorrectionLevel":"H","color":{"dark":"#112233ff","light":"#ffffee"}}`, "color", "/api/v1/qr?data=hi&size=300&margin=2&ec=H&color=112233&bg=ffffee"},
		{"/api/v1/qr", `{"data":"hi","dotsOptions":{"type":"rounded","color":"#4267b2"},"cornersSquareOptions":{"type":"square","color":"#112233"},"cornersDotOptions":{"type":"square","color":"#223344"},"backgroundOptions":{"color":"#fffff0"},"qrOptions":{"errorCorrectionLevel":"Q"}}`,
			"backgroundOptions", "/api/v1/qr?data=hi&style=rounded&color=4267b2&eyeframe=square&eyeframecolor=112233&eyeball=square&eyeballcolor=223344&bg=fffff0&ec=Q"},
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
	for _, body := range []string{`{"data":"hi","options":{"a":{"b":1}}}`, `{"data":"hi","options":{"size":300},"size":200}`, `{"data":"hi","color":{"dark":"#112233","shade":"x"}}`} {
		if p := readProblem(t, post(t, h, base+"/api/v1/qr", "application/json", []byte(body)), http.StatusBadRequest, "invalid-parameter"); p.Fix != "" {
			t.Errorf("%s: fix %q", body, p.Fix)
		}
	}
}
