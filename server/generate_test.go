package server_test

import (
	"bytes"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// strongETag is an RFC 9110 §8.8.3 strong entity tag.
var strongETag = regexp.MustCompile(`^"[\x21\x23-\x7e]+"$`)

// README "Responses": every generation response is cacheable for a year,
// immutable (RFC 8246), open to every origin, with a strong ETag (RFC 9110
// §8.8.3) and the chosen version and level.
func TestSuccessHeaders(t *testing.T) {
	tests := []struct{ target, contentType string }{
		{"/api/v1/qr?data=hi", "image/png"},
		{"/api/v1/qr?data=hi&format=png", "image/png"},
		{"/api/v1/qr?data=hi&format=svg", "image/svg+xml"},
		{"/api/v1/qr?data=hi&format=svg-tiny", "image/svg+xml"},
		{"/api/v1/qr?data=hi&format=json", "application/json"},
		{"/api/v1/qr?data=hi&format=base64", "text/plain; charset=utf-8"},
		{"/q/hi.png", "image/png"},
		{"/q/hi.svg", "image/svg+xml"},
		{"/q/hi.json", "application/json"},
		{"/q/hi", "image/png"},
	}
	for _, tt := range tests {
		t.Run(tt.target, func(t *testing.T) {
			rec := get(t, tt.target)
			if rec.Code != http.StatusOK {
				t.Fatalf("status %d: %s", rec.Code, rec.Body.String())
			}
			h := rec.Header()
			want := map[string]string{
				"Content-Type":                tt.contentType,
				"Cache-Control":               "public, max-age=31536000, immutable",
				"Access-Control-Allow-Origin": "*",
				"X-QR-Version":                "1",
				"X-QR-EC":                     "H",
				"Content-Length":              strconv.Itoa(rec.Body.Len()),
			}
			for name, v := range want {
				if got := h.Get(name); got != v {
					t.Errorf("%s %q, want %q", name, got, v)
				}
			}
			if etag := h.Get("ETag"); !strongETag.MatchString(etag) {
				t.Errorf("ETag %q is not a strong entity tag", etag)
			}
			// Browsers only let a page read the headers it is told about.
			for _, name := range []string{"ETag", "X-QR-Version", "X-QR-EC"} {
				if !strings.Contains(h.Get("Access-Control-Expose-Headers"), name) {
					t.Errorf("Access-Control-Expose-Headers %q lacks %s", h.Get("Access-Control-Expose-Headers"), name)
				}
			}
		})
	}
}

// Different images have different validators; aliases of one image share
// one (TestOptionAliases).
func TestETagsDiffer(t *testing.T) {
	seen := map[string]string{}
	for _, target := range []string{
		"/api/v1/qr?data=hi",
		"/api/v1/qr?data=hj",
		"/api/v1/qr?data=hi&format=svg",
		"/api/v1/qr?data=hi&size=300",
		"/api/v1/qr?data=hi&ec=L",
		"/api/v1/qr?data=hi&margin=0",
		"/api/v1/qr?data=hi&color=red",
		"/api/v1/qr?data=hi&bg=transparent",
		"/api/v1/qr?data=hi&style=dot",
		"/api/v1/qr?data=hi&eye=leaf",
		"/api/v1/qr?data=hi&label=x",
		"/api/v1/qr?data=hi&tpl=scanme",
	} {
		etag := get(t, target).Header().Get("ETag")
		if other, dup := seen[etag]; dup {
			t.Errorf("%s and %s share ETag %s", target, other, etag)
		}
		seen[etag] = target
	}
}

// If-None-Match with the current tag answers 304 with the validators and
// no body (RFC 9110 §13.1.2, §15.4.5).
func TestConditionalGet(t *testing.T) {
	const target = "/api/v1/qr?data=cache%20me&format=svg"
	first := get(t, target)
	etag := first.Header().Get("ETag")
	tests := []struct {
		header string
		want   int
	}{
		{etag, http.StatusNotModified},
		{"W/" + etag, http.StatusNotModified}, // If-None-Match compares weakly
		{`"other", ` + etag, http.StatusNotModified},
		{"*", http.StatusNotModified},
		{`"other"`, http.StatusOK},
		{strings.Trim(etag, `"`), http.StatusOK}, // unquoted is not the tag
	}
	for _, tt := range tests {
		t.Run(tt.header, func(t *testing.T) {
			rec := get(t, target, "If-None-Match", tt.header)
			if rec.Code != tt.want {
				t.Fatalf("status %d, want %d", rec.Code, tt.want)
			}
			if tt.want != http.StatusNotModified {
				if !bytes.Equal(rec.Body.Bytes(), first.Body.Bytes()) {
					t.Error("a 200 after a failed precondition must be the full body")
				}
				return
			}
			if rec.Body.Len() != 0 {
				t.Errorf("304 has a %d-byte body", rec.Body.Len())
			}
			h := rec.Header()
			if h.Get("ETag") != etag || h.Get("Cache-Control") != "public, max-age=31536000, immutable" || h.Get("Access-Control-Allow-Origin") != "*" {
				t.Errorf("304 headers ETag %q, Cache-Control %q, ACAO %q", h.Get("ETag"), h.Get("Cache-Control"), h.Get("Access-Control-Allow-Origin"))
			}
		})
	}
	t.Run("HEAD", func(t *testing.T) {
		if rec := do(t, http.MethodHead, target, "If-None-Match", etag); rec.Code != http.StatusNotModified {
			t.Errorf("HEAD with a matching tag: %d", rec.Code)
		}
	})
	t.Run("errors are never 304", func(t *testing.T) {
		rec := get(t, "/api/v1/qr?data=hi&size=5000", "If-None-Match", "*")
		readProblem(t, rec, http.StatusBadRequest, "invalid-parameter")
	})
}

// HEAD gives GET's headers without the body.
func TestHead(t *testing.T) {
	for _, target := range []string{"/api/v1/qr?data=head", "/api/v1/qr?data=head&format=svg", "/q/head.json"} {
		t.Run(target, func(t *testing.T) {
			g, h := get(t, target), do(t, http.MethodHead, target)
			if h.Code != http.StatusOK {
				t.Fatalf("HEAD status %d", h.Code)
			}
			if h.Body.Len() != 0 {
				t.Errorf("HEAD has a %d-byte body", h.Body.Len())
			}
			for _, name := range []string{"Content-Type", "Content-Length", "ETag", "Cache-Control", "X-QR-Version", "X-QR-EC", "Access-Control-Allow-Origin"} {
				if g.Header().Get(name) != h.Header().Get(name) {
					t.Errorf("%s: GET %q, HEAD %q", name, g.Header().Get(name), h.Header().Get(name))
				}
			}
		})
	}
	t.Run("error", func(t *testing.T) {
		rec := do(t, http.MethodHead, "/api/v1/qr?data=hi&size=5000")
		if rec.Code != http.StatusBadRequest || rec.Header().Get("Content-Type") != "application/problem+json" {
			t.Errorf("HEAD of a bad request: %d %s", rec.Code, rec.Header().Get("Content-Type"))
		}
	})
}

// A CORS preflight from any origin succeeds without reaching a handler.
func TestPreflight(t *testing.T) {
	for _, target := range []string{"/api/v1/qr?data=x", "/q/x.png", "/no/such/path"} {
		rec := do(t, http.MethodOptions, target,
			"Origin", "https://example.org",
			"Access-Control-Request-Method", "GET",
			"Access-Control-Request-Headers", "If-None-Match")
		if rec.Code != http.StatusNoContent {
			t.Fatalf("%s: status %d, want 204", target, rec.Code)
		}
		h := rec.Header()
		if h.Get("Access-Control-Allow-Origin") != "*" {
			t.Errorf("%s: ACAO %q", target, h.Get("Access-Control-Allow-Origin"))
		}
		for _, m := range []string{"GET", "HEAD"} {
			if !strings.Contains(h.Get("Access-Control-Allow-Methods"), m) {
				t.Errorf("%s: Access-Control-Allow-Methods %q lacks %s", target, h.Get("Access-Control-Allow-Methods"), m)
			}
		}
		if !strings.Contains(h.Get("Access-Control-Allow-Headers"), "If-None-Match") {
			t.Errorf("%s: Access-Control-Allow-Headers %q lacks If-None-Match", target, h.Get("Access-Control-Allow-Headers"))
		}
		if h.Get("Access-Control-Max-Age") == "" {
			t.Errorf("%s: no Access-Control-Max-Age", target)
		}
		if rec.Body.Len() != 0 {
			t.Errorf("%s: preflight has a body", target)
		}
	}
}

// The path form (README "Make a code"): the path is the data,
// the last .png, .svg or .json the format, and options follow in the query.
func TestPathForm(t *testing.T) {
	tests := []struct {
		target, decoded, contentType string
	}{
		{"/q/hello%20world.png", "hello world", "image/png"},
		{"/q/report.png.png", "report.png", "image/png"},
		{"/q/report.png", "report", "image/png"},
		{"/q/hello", "hello", "image/png"},
		{"/q/v1.2.3", "v1.2.3", "image/png"},
		{"/q/archive.tar.gz", "archive.tar.gz", "image/png"},
		{"/q/Caf%C3%A9.PNG", "Café", "image/png"},
		{"/q/a%2Fb.png", "a/b", "image/png"},
		{"/q/a/b/c.png", "a/b/c", "image/png"},
		{"/q/what%3F.png", "what?", "image/png"},
		{"/q/50%25.png", "50%", "image/png"},
		{"/q/https%3A%2F%2Fexample.com%2Fx%3Fa%3D1.png", "https://example.com/x?a=1", "image/png"},
		{"/q/hi.png?size=300&ec=L", "hi", "image/png"},
		{"/q/hi.png?bg=transparent&fg=navy", "", "image/png"},
		{"/q/x.svg", "", "image/svg+xml"},
		{"/q/x.json", "", "application/json"},
		{"/q/x?format=svg", "", "image/svg+xml"},
		{"/q/x.svg?margin=0", "", "image/svg+xml"},
		{"/q/x.svg?type=svg-tiny", "", "image/svg+xml"}, // the query refines the extension
		{"/q/x.png?f=base64", "", "text/plain; charset=utf-8"},
		{"/q/x.svg?format=SVG", "", "image/svg+xml"},
		{"/q/x.png?data=x", "x", "image/png"}, // repeating the data is no conflict
	}
	for _, tt := range tests {
		t.Run(tt.target, func(t *testing.T) {
			rec := get(t, tt.target)
			if rec.Code != http.StatusOK {
				t.Fatalf("status %d: %s", rec.Code, rec.Body.String())
			}
			if got := rec.Header().Get("Content-Type"); got != tt.contentType {
				t.Errorf("Content-Type %q, want %q", got, tt.contentType)
			}
			if tt.decoded != "" {
				if got := decodeQR(t, rec.Body.Bytes()); got != tt.decoded {
					t.Errorf("decoded %q, want %q", got, tt.decoded)
				}
			}
		})
	}
	t.Run("same bytes as the generic endpoint", func(t *testing.T) {
		pairs := [][2]string{
			{"/q/hello%20world.svg?size=300&style=dot", "/api/v1/qr?data=hello%20world&format=svg&size=300&style=dot"},
			{"/q/x.json?margin=2", "/api/v1/qr?data=x&format=json&margin=2"},
			{"/q/report.png.png?ec=Q", "/api/v1/qr?data=report.png&ec=Q"},
		}
		for _, p := range pairs {
			if !bytes.Equal(ok(t, p[0]), ok(t, p[1])) {
				t.Errorf("%s and %s differ", p[0], p[1])
			}
		}
	})
	// A format in the query that contradicts the extension would leave it
	// ignored (SVG bytes at a URL ending .png): refused, and the fix keeps
	// the extension.
	t.Run("a format against the extension", func(t *testing.T) {
		for _, target := range []string{"/q/x.png?format=svg", "/q/x.png?f=svg", "/q/x.svg?type=png", "/q/x.svg?format=nope"} {
			p := readProblem(t, get(t, target), http.StatusBadRequest, "invalid-parameter")
			if p.Field != "format" || !strings.Contains(p.Detail, "extension") {
				t.Errorf("%s: %+v", target, p)
			}
			want := strings.Split(target, "?")[0]
			if got := strings.TrimPrefix(p.Fix, base); got != want {
				t.Errorf("%s: fix %s, want %s", target, got, want)
			}
			if rec := follow(t, p); rec.Code != http.StatusOK {
				t.Errorf("%s: fix answers %d", target, rec.Code)
			}
		}
	})
	t.Run("options in the query", func(t *testing.T) {
		m := readMatrix(t, ok(t, "/q/x.json?margin=2&ec=l"))
		if m.Margin != 2 || m.EC != "L" {
			t.Errorf("margin %d ec %s, want 2 L", m.Margin, m.EC)
		}
	})
}

// Generation is deterministic (README, opening paragraph): the same request gives the same
// bytes, whatever was served in between.
func TestDeterministic(t *testing.T) {
	targets := []string{
		"/api/v1/qr?data=same&style=organic&eye=leaf&label=Hi&tpl=scanme",
		"/api/v1/qr?data=same&format=svg&style=star&eye=circle",
		"/api/v1/qr?data=same&format=svg-tiny&style=dot",
		"/api/v1/qr?data=same&format=json",
		"/api/v1/qr?data=same&format=base64&bg=transparent",
		"/q/same.png?style=rounded&size=333",
	}
	first := make([][]byte, len(targets))
	for i, target := range targets {
		first[i] = ok(t, target)
	}
	for round := 0; round < 2; round++ {
		for i := len(targets) - 1; i >= 0; i-- {
			if !bytes.Equal(ok(t, targets[i]), first[i]) {
				t.Errorf("%s: bytes changed on repeat %d", targets[i], round+1)
			}
		}
	}
}

// The JSON matrix shape of README "Options".
func TestJSONMatrix(t *testing.T) {
	m := readMatrix(t, ok(t, "/api/v1/qr?data=matrix&format=json&ec=M&margin=3"))
	if m.Version != 1 || m.EC != "M" || m.Size != 21 || m.Margin != 3 {
		t.Fatalf("version %d ec %s size %d margin %d, want 1 M 21 3", m.Version, m.EC, m.Size, m.Margin)
	}
	if len(m.Matrix) != m.Size {
		t.Fatalf("%d rows, want %d", len(m.Matrix), m.Size)
	}
	for y, row := range m.Matrix {
		if len(row) != m.Size {
			t.Fatalf("row %d has %d entries", y, len(row))
		}
		for _, v := range row {
			if v != 0 && v != 1 {
				t.Fatalf("row %d holds %d", y, v)
			}
		}
	}
	// ISO/IEC 18004 §6.3.3: the finder pattern's top row is 7 dark modules,
	// then the light separator.
	if got := m.Matrix[0][:8]; !equalInts(got, []int{1, 1, 1, 1, 1, 1, 1, 0}) {
		t.Errorf("top row starts %v, want the finder pattern", got)
	}
	big := readMatrix(t, ok(t, "/api/v1/qr?data="+strings.Repeat("7", 7089)+"&format=json&ec=L"))
	if big.Version != 40 || big.Size != 177 || len(big.Matrix) != 177 {
		t.Errorf("7,089 digits at L: version %d size %d, want 40 and 177", big.Version, big.Size)
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// The automatic level (README "Options"): the smallest version at M,
// then the highest level that still fits that version.
func TestAutomaticLevel(t *testing.T) {
	tests := []struct{ data, version, ec string }{
		{"1234567", "1", "H"},                  // 7 bytes fit 1-H
		{"12345678901234567", "1", "H"},        // 1-H holds 17 digits
		{"12345678901234567890", "1", "Q"},     // 1-Q holds 27 digits
		{strings.Repeat("a", 14), "1", "M"},    // 1-M holds 14 bytes, 1-Q 11
		{strings.Repeat("a", 11), "1", "Q"},    // 1-Q holds 11 bytes, 1-H 7
		{strings.Repeat("a", 15), "2", "Q"},    // 2-M is the smallest; 2-Q holds 20 bytes, 2-H 14
		{strings.Repeat("a", 2331), "40", "M"}, // 40-M holds 2,331 bytes
		{strings.Repeat("a", 2332), "36", "L"}, // beyond 40-M: the smallest version at L (36-L holds 2,369)
	}
	for _, tt := range tests {
		rec := get(t, "/api/v1/qr?data="+tt.data+"&format=json")
		if rec.Header().Get("X-QR-Version") != tt.version || rec.Header().Get("X-QR-EC") != tt.ec {
			t.Errorf("%q: version %s level %s, want %s-%s", tt.data, rec.Header().Get("X-QR-Version"), rec.Header().Get("X-QR-EC"), tt.version, tt.ec)
		}
	}
}
