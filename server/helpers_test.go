package server_test

import (
	"bytes"
	"encoding/json"
	"image"
	"image/png"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/qrcode"
	"github.com/qrforge/qrforge/server"
)

// base is the public address the test handler writes into fixes and types.
const base = "http://qr.test"

var handler = server.New(server.Config{BaseURL: base})

// get sends a GET for target (a path with its query) to the handler.
func get(t testing.TB, target string, header ...string) *httptest.ResponseRecorder {
	t.Helper()
	return do(t, http.MethodGet, target, header...)
}

// do sends one request through the whole handler; header holds name, value
// pairs.
func do(t testing.TB, method, target string, header ...string) *httptest.ResponseRecorder {
	t.Helper()
	u, err := url.ParseRequestURI(target)
	if err != nil {
		t.Fatalf("%s is not a request target: %v", short(target), err)
	}
	req := httptest.NewRequest(method, "/", nil)
	// As net/http's server does: the URL as parsed, the target as sent
	// (limitURI measures it).
	req.URL, req.RequestURI = u, target
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	rec := httptest.NewRecorder()
	handler.ServeHTTP(rec, req)
	return rec
}

// ok asserts a 200 generation response and returns its body.
func ok(t testing.TB, target string) []byte {
	t.Helper()
	rec := get(t, target)
	if rec.Code != http.StatusOK {
		t.Fatalf("GET %s: status %d, want 200; body %s", short(target), rec.Code, rec.Body.String())
	}
	return rec.Body.Bytes()
}

// problem is the problem document of README "Errors" as a client reads it.
type problem struct {
	Type    string `json:"type"`
	Title   string `json:"title"`
	Status  int    `json:"status"`
	Detail  string `json:"detail"`
	Field   string `json:"field"`
	Fix     string `json:"fix"`
	Example string `json:"example"`
	Hint    string `json:"hint"`
	Errors  []struct {
		Field  string `json:"field"`
		Detail string `json:"detail"`
	} `json:"errors"`
}

// readProblem asserts that rec is a problem document with the headers every
// error carries (README "Errors") and returns it.
func readProblem(t testing.TB, rec *httptest.ResponseRecorder, status int, kind string) problem {
	t.Helper()
	if rec.Code != status {
		t.Fatalf("status %d, want %d; body %s", rec.Code, status, rec.Body.String())
	}
	h := rec.Header()
	if got := h.Get("Content-Type"); got != "application/problem+json" {
		t.Errorf("Content-Type %q, want application/problem+json", got)
	}
	if got := h.Get("Cache-Control"); got != "no-store" {
		t.Errorf("Cache-Control %q, want no-store", got)
	}
	if got := h.Get("Access-Control-Allow-Origin"); got != "*" {
		t.Errorf("Access-Control-Allow-Origin %q, want *", got)
	}
	for _, name := range []string{"ETag", "X-QR-Version", "X-QR-EC"} {
		if got := h.Get(name); got != "" {
			t.Errorf("an error has %s %q", name, got)
		}
	}
	var p problem
	if err := json.Unmarshal(rec.Body.Bytes(), &p); err != nil {
		t.Fatalf("body is not JSON: %v\n%s", err, rec.Body.String())
	}
	if want := base + "/errors/" + kind; p.Type != want {
		t.Errorf("type %q, want %q", p.Type, want)
	}
	if p.Status != status {
		t.Errorf("status member %d, want %d", p.Status, status)
	}
	if p.Title == "" || p.Detail == "" {
		t.Errorf("title %q and detail %q must both be set", p.Title, p.Detail)
	}
	// A problem without a fix is one only the caller can mend (a
	// missing payee or network): it shows a documented example instead.
	if status < 500 && p.Fix == "" && p.Example == "" {
		t.Errorf("a %d has neither fix nor example: %s", status, rec.Body.String())
	}
	return p
}

// fixTarget turns a fix into a request target for the test handler. Fixes
// are URLs on the base address, or a curl command holding one.
func fixTarget(t testing.TB, fix string) (method, target string) {
	t.Helper()
	method = http.MethodGet
	if rest, isCurl := strings.CutPrefix(fix, "curl -X "); isCurl {
		m, u, _ := strings.Cut(rest, " ")
		// The URL is the first quoted word; options follow it.
		if quoted, ok := strings.CutPrefix(u, "'"); ok {
			u, _, _ = strings.Cut(quoted, "'")
		}
		method, fix = m, u
	}
	target, isOurs := strings.CutPrefix(fix, base)
	if !isOurs || !strings.HasPrefix(target, "/") {
		t.Fatalf("fix %q is not a URL on %s", short(fix), base)
	}
	return method, target
}

// follow sends the fix of p to the handler.
func follow(t testing.TB, p problem) *httptest.ResponseRecorder {
	t.Helper()
	method, target := fixTarget(t, p.Fix)
	return do(t, method, target)
}

// pngSize decodes a PNG and returns its dimensions.
func pngImage(t testing.TB, b []byte) image.Image {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("body is not a PNG: %v", err)
	}
	return img
}

// decodeQR reads the QR code in a PNG back with gozxing, a port of ZXing.
func decodeQR(t testing.TB, b []byte) string {
	t.Helper()
	bmp, err := gozxing.NewBinaryBitmapFromImage(pngImage(t, b))
	if err != nil {
		t.Fatalf("bitmap: %v", err)
	}
	hints := map[gozxing.DecodeHintType]any{gozxing.DecodeHintType_TRY_HARDER: true}
	res, err := qrcode.NewQRCodeReader().Decode(bmp, hints)
	if err != nil {
		t.Fatalf("gozxing cannot read the code: %v", err)
	}
	return res.GetText()
}

// matrix is the body of format=json (README "Options").
type matrix struct {
	Symbol     string  `json:"symbol"`
	Designator string  `json:"designator"`
	Version    int     `json:"version"`
	EC         string  `json:"ec"`
	Size       int     `json:"size"`
	Margin     int     `json:"margin"`
	Matrix     [][]int `json:"matrix"`
}

func readMatrix(t testing.TB, b []byte) matrix {
	t.Helper()
	var m matrix
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil {
		t.Fatalf("format=json body: %v\n%s", err, short(string(b)))
	}
	return m
}

// short keeps long targets readable in failure messages.
func short(s string) string {
	if len(s) > 160 {
		return s[:160] + "…"
	}
	return s
}
