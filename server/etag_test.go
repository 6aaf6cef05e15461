package server_test

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/qrforge/qrforge/registry"
	"github.com/qrforge/qrforge/server"
)

func lookupKind(t *testing.T, name string) registry.Entry {
	t.Helper()
	k, ok := registry.Lookup(name)
	if !ok {
		t.Fatalf("no kind %s", name)
	}
	return k
}

// The ETag names the canonical request: requests that differ only in
// names, aliases, case, colour syntax or spelt-out defaults share it, and
// requests that render different bytes never do.
func dataURIOf(mediaType string, b []byte) string {
	return "data:" + mediaType + ";base64," + base64.StdEncoding.EncodeToString(b)
}

func TestETagNamesTheCanonicalRequest(t *testing.T) {
	groups := [][]string{
		{"/api/v1/qr?data=hello", "/api/v1/qr?text=hello", "/api/v1/qr?data=hello&size=512&format=png", "/api/v1/qr?DATA=hello&Size=512", "/api/v1/qr?data=hello&color=000&bg=white&margin=4&style=square&eye=square&eci=utf8", "/api/v1/qr?data=hello&logo=none"},
		{"/api/v1/qr?data=hello&color=red", "/api/v1/qr?data=hello&fg=ff0000", "/api/v1/qr?data=hello&dark=%23FF0000", "/api/v1/qr?data=hello&color=255-0-0"},
		{"/api/v1/qr?data=hello&eye=diamond", "/api/v1/qr?data=hello&eye=octagon", "/api/v1/qr?data=hello&eyes=OCTAGON"},
		{"/api/v1/qr?data=hello&ec=h", "/api/v1/qr?data=hello&ecc=H", "/api/v1/qr?data=hello&chld=H%7C4"},
		{"/api/v1/qr?data=caf%C3%A9&eci=none"},
		{"/api/v1/qr?data=caf%C3%A9"},
		{"/api/v1/qr?data=hello&format=svg"},
		{"/api/v1/qr?data=hello&label=Hi"},
		{"/api/v1/qr?data=hello&tpl=scanme", "/api/v1/qr?data=hello&tpl=banner-below&label=SCAN%20ME"},
		{"/api/v1/qr?data=hello&label=SCAN%20ME"},
		{"/api/v1/qr?data=hello&margin=2"},
		{"/api/v1/qr?data=hello&size=300"},
		{"/api/v1/qr?data=hello&style=dot"},
		{"/api/v1/qr?data=hello&bg=transparent"},
		{"/api/v1/qr?data=hello&format=jpeg", "/api/v1/qr?data=hello&format=JPG", "/q/hello.jpg"},
		{"/api/v1/qr?data=hello&format=gif"},
		{"/api/v1/qr?data=hello&format=eps", "/api/v1/qr?data=hello&format=ps", "/q/hello.eps"},
		{"/api/v1/qr?data=hello&format=pdf&size=30mm", "/api/v1/qr?data=hello&format=pdf&size=30.0MM&dpi=300", "/q/hello.pdf?size=30mm"},
		{"/api/v1/qr?data=hello&format=pdf&size=30mm&cmyk=true", "/api/v1/qr?data=hello&format=pdf&size=30mm&cmyk=TRUE"},
		{"/api/v1/qr?data=hello&format=pdf&size=30mm&dpi=600"},
		{"/api/v1/qr?data=hello&size=30mm"},
		{"/api/v1/qr?data=hello&size=512&dpi=300"},
		{"/api/v1/text?text=hello"},
		{"/api/v1/qr?data=hello&logo=wifi", "/api/v1/qr?data=hello&icon=WIFI&logosize=0.2&logopadding=1", "/api/v1/qr?data=hello&logo=wifi&logosize=20%25&logobg=none"},
		{"/api/v1/qr?data=hello&logo=wifi&logosize=0.25"},
		{"/api/v1/qr?data=hello&logo=wifi&logopadding=2"},
		{"/api/v1/qr?data=hello&logo=wifi&logobg=ff0", "/api/v1/qr?data=hello&logo=wifi&logobg=yellow&logoplate=square"},
		{"/api/v1/qr?data=hello&logo=wifi&logobg=ff0&logoplate=rounded"},
		{"/api/v1/qr?data=hello&logo=star"},
		{"/api/v1/qr?data=hello&logo=" + url.QueryEscape(dataURIOf("image/png", logoPNG(t))), "/api/v1/qr?data=hello&logo=" + url.QueryEscape(dataURIOf("application/octet-stream", logoPNG(t)))},
		{"/api/v1/wifi?ssid=Home&password=secret123", "/api/v1/wifi?ssid=Home&password=secret123&security=WPA"},
		{"/api/v1/qr?data=WIFI%3AT%3AWPA%3BS%3AHome%3BP%3Asecret123%3B%3B"},
	}
	// A kind may draw more than its payload: the Swiss QR-bill's cross.
	swiss := url.Values{}
	for name, v := range lookupKind(t, "swissqr").Example() {
		swiss.Set(name, v)
	}
	var payload struct{ Payload string }
	if err := json.Unmarshal(get(t, "/api/v1/swissqr/payload?"+swiss.Encode()).Body.Bytes(), &payload); err != nil {
		t.Fatal(err)
	}
	groups = append(groups,
		[]string{"/api/v1/swissqr?" + swiss.Encode()},
		[]string{"/api/v1/qr?data=" + url.QueryEscape(payload.Payload)})
	type answer struct {
		etag, target string
		body         []byte
	}
	var all []answer
	for _, group := range groups {
		var first answer
		for i, target := range group {
			rec := get(t, target)
			if rec.Code != 200 {
				t.Fatalf("%s: %d %s", target, rec.Code, rec.Body.String())
			}
			a := answer{rec.Header().Get("ETag"), target, rec.Body.Bytes()}
			if i == 0 {
				first = a
				all = append(all, a)
			} else if a.etag != first.etag {
				t.Errorf("%s and %s are the same request but have ETags %s and %s", first.target, target, first.etag, a.etag)
			}
		}
	}
	for i := range all {
		for j := i + 1; j < len(all); j++ {
			if !bytes.Equal(all[i].body, all[j].body) && all[i].etag == all[j].etag {
				t.Errorf("%s and %s render different bytes under one ETag %s", all[i].target, all[j].target, all[i].etag)
			}
		}
	}
}

// TestNotModifiedOnlyForA200: If-None-Match: * matches any current
// representation, so a request whose answer is a 400 (a size too small
// for the symbol, found only when drawing) must stay a 400, on a cold cache
// and a warm one.
func TestNotModifiedOnlyForA200(t *testing.T) {
	h := server.New(server.Config{BaseURL: "http://qr.test", CacheSize: 1 << 20})
	tooSmall := "/api/v1/qr?size=64&data=" + strings.Repeat("a", 300)
	fine := "/api/v1/qr?data=hello"
	for round := range 2 {
		for target, want := range map[string]int{tooSmall: http.StatusBadRequest, fine: http.StatusNotModified} {
			req := httptest.NewRequest(http.MethodGet, target, nil)
			req.Header.Set("If-None-Match", "*")
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != want {
				t.Errorf("round %d: GET %.40s… with If-None-Match: * answered %d, want %d", round, target, rec.Code, want)
			}
			// Warm the cache for the next round.
			h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, target, nil))
		}
	}
}

// A drawing larger than the whole memory budget is a 400 on size, with or
// without If-None-Match: revalidation draws nothing, but a 304 may stand
// only for a 200 (RFC 9110 §13.1.2).
func TestNotModifiedNotForADrawingBeyondTheBudget(t *testing.T) {
	h := server.New(server.Config{BaseURL: "http://qr.test", Memory: 64 << 20})
	target := "/api/v1/qr?data=hello&size=4096&gradient=linear&gradientcolors=1a237e,880e4f&label=Hi"
	for _, inm := range []string{"", "*"} {
		req := httptest.NewRequest(http.MethodGet, target, nil)
		if inm != "" {
			req.Header.Set("If-None-Match", inm)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), `"size"`) || !strings.Contains(rec.Body.String(), "memory budget") {
			t.Errorf("If-None-Match %q: %d %.300s", inm, rec.Code, rec.Body.String())
		}
	}
	small := "/api/v1/qr?data=hello&size=512"
	req := httptest.NewRequest(http.MethodGet, small, nil)
	req.Header.Set("If-None-Match", "*")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusNotModified {
		t.Errorf("a drawing within the budget: %d, want 304", rec.Code)
	}
}
