package server

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"testing"
)

// benchGenerate sends GET /api/v1/qr through the whole handler (routing,
// middleware, parsing, ETag, encoding, rendering), with different data on
// every request so that nothing is measured on one repeated symbol.
func benchGenerate(b *testing.B, format string) {
	h := New(Config{BaseURL: "http://qr.test"})
	b.ReportAllocs()
	var n int
	for i := 0; b.Loop(); i++ {
		target := "/api/v1/qr?size=512&format=" + format +
			"&data=" + url.QueryEscape("https://example.com/item/"+strconv.Itoa(i))
		req := httptest.NewRequest(http.MethodGet, target, nil)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			b.Fatalf("GET %s: status %d: %s", target, rec.Code, rec.Body)
		}
		n += rec.Body.Len()
	}
	b.ReportMetric(float64(n)/float64(b.N), "B/img")
}

func BenchmarkHandlerPNG512(b *testing.B) { benchGenerate(b, "png") }
func BenchmarkHandlerSVG(b *testing.B)    { benchGenerate(b, "svg") }
func BenchmarkHandlerJSON(b *testing.B)   { benchGenerate(b, "json") }

// BenchmarkHandlerPNG512CacheHit asks for one URL again and again with the
// default 64 MiB response cache: every request after the first is a hit.
func BenchmarkHandlerPNG512CacheHit(b *testing.B) {
	h := New(Config{BaseURL: "http://qr.test", CacheSize: 64 << 20})
	target := "/api/v1/qr?size=512&format=png&data=" + url.QueryEscape("https://example.com/menu")
	b.ReportAllocs()
	for b.Loop() {
		req := httptest.NewRequest(http.MethodGet, target, nil)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			b.Fatalf("GET %s: status %d: %s", target, rec.Code, rec.Body)
		}
	}
}
