package server_test

import (
	"bytes"
	"fmt"
	"net/http"
	"testing"

	"github.com/qrforge/qrforge/server"
)

// cacheCounts reads the cache series from /metrics.
type cacheCounts struct{ hits, misses, evictions, evictedBytes, bytes, capacity float64 }

func readCacheCounts(t *testing.T, h http.Handler) cacheCounts {
	t.Helper()
	f := scrapeMetrics(t, h)
	v := func(name string) float64 {
		x, ok := metricValue(f, name)
		if !ok {
			t.Fatalf("/metrics has no %s", name)
		}
		return x
	}
	return cacheCounts{v("qrforge_cache_hits_total"), v("qrforge_cache_misses_total"),
		v("qrforge_cache_evictions_total"), v("qrforge_cache_evicted_bytes_total"),
		v("qrforge_cache_bytes"), v("qrforge_cache_capacity_bytes")}
}

// TestCacheHitIsIdenticalToARender: the second request for a URL is a hit
// whose status, body and headers equal the first's and those of a server
// without a cache; a differently ordered query of the same request hits
// too, because the key is the canonical request.
func TestCacheHitIsIdenticalToARender(t *testing.T) {
	cached := server.New(server.Config{BaseURL: base, CacheSize: 1 << 20})
	uncached := server.New(server.Config{BaseURL: base})
	targets := []string{
		"/api/v1/qr?data=cache%20me&size=300",
		"/api/v1/qr?data=cache%20me&format=svg",
		"/q/cache-me.json",
		"/api/v1/qr?data=cache%20me&size=300&style=dot&format=base64",
	}
	for _, target := range targets {
		want := opsRequest(t, uncached, http.MethodGet, target, "192.0.2.1:1")
		for i := 0; i < 2; i++ {
			got := opsRequest(t, cached, http.MethodGet, target, "192.0.2.1:1")
			if got.Code != http.StatusOK || !bytes.Equal(got.Body.Bytes(), want.Body.Bytes()) {
				t.Fatalf("GET %s #%d: status %d, body differs from an uncached server's: %v", target, i+1, got.Code, !bytes.Equal(got.Body.Bytes(), want.Body.Bytes()))
			}
			for _, h := range []string{"Content-Type", "Content-Length", "ETag", "X-QR-Version", "X-QR-EC", "Cache-Control", "Access-Control-Allow-Origin"} {
				if got.Header().Get(h) != want.Header().Get(h) {
					t.Errorf("GET %s #%d: %s %q, uncached %q", target, i+1, h, got.Header().Get(h), want.Header().Get(h))
				}
			}
		}
	}
	c := readCacheCounts(t, cached)
	if c.misses != float64(len(targets)) || c.hits != float64(len(targets)) {
		t.Errorf("hits %v, misses %v; want %d of each", c.hits, c.misses, len(targets))
	}
	// Same request, other spelling: a hit.
	opsRequest(t, cached, http.MethodGet, "/api/v1/qr?size=300&data=cache+me", "192.0.2.1:1")
	if c2 := readCacheCounts(t, cached); c2.hits != c.hits+1 {
		t.Errorf("a reordered query of a cached request was not a hit: hits %v → %v", c.hits, c2.hits)
	}
	// HEAD and a conditional GET are answered from the entry too.
	etag := opsRequest(t, cached, http.MethodHead, targets[0], "192.0.2.1:1").Header().Get("ETag")
	if rec := opsRequest(t, cached, http.MethodGet, targets[0], "192.0.2.1:1", "If-None-Match", etag); rec.Code != http.StatusNotModified || rec.Body.Len() != 0 {
		t.Errorf("If-None-Match of a cached response: status %d with %d bytes, want an empty 304", rec.Code, rec.Body.Len())
	}
}

// TestCacheNeverStoresErrors: a request that fails is answered afresh and
// counted as a miss every time, and leaves nothing in the cache.
func TestCacheNeverStoresErrors(t *testing.T) {
	h := server.New(server.Config{BaseURL: base, CacheSize: 1 << 20})
	for i := 0; i < 3; i++ {
		rec := opsRequest(t, h, http.MethodGet, "/api/v1/qr?data=x&size=20", "192.0.2.1:1")
		if rec.Code != http.StatusBadRequest || rec.Header().Get("Content-Type") != "application/problem+json" {
			t.Fatalf("size=20: status %d, %s", rec.Code, rec.Header().Get("Content-Type"))
		}
	}
	c := readCacheCounts(t, h)
	if c.hits != 0 || c.bytes != 0 {
		t.Errorf("after three failing requests: %v hits, %v bytes cached; want none", c.hits, c.bytes)
	}
}

// TestCacheByteBound fills a small cache with distinct codes: the bytes
// held never pass the budget, the least recently used entries go first,
// and every eviction is counted with its bytes.
func TestCacheByteBound(t *testing.T) {
	const capacity = 32 << 10
	h := server.New(server.Config{BaseURL: base, CacheSize: capacity})
	target := func(i int) string { return fmt.Sprintf("/api/v1/qr?data=item-%d&size=256", i) }
	const n = 200
	for i := 0; i < n; i++ {
		if rec := opsRequest(t, h, http.MethodGet, target(i), "192.0.2.1:1"); rec.Code != http.StatusOK {
			t.Fatalf("GET %s: %d", target(i), rec.Code)
		}
		// Keep item 0 recently used: it must survive.
		opsRequest(t, h, http.MethodGet, target(0), "192.0.2.1:1")
		if c := readCacheCounts(t, h); c.bytes > capacity {
			t.Fatalf("after %d codes the cache holds %v bytes, over its %d", i+1, c.bytes, capacity)
		}
	}
	c := readCacheCounts(t, h)
	if c.capacity != capacity {
		t.Errorf("capacity gauge %v, want %d", c.capacity, capacity)
	}
	if c.evictions == 0 || c.evictedBytes < c.evictions*100 {
		t.Errorf("%v evictions of %v bytes after %d codes into %d bytes; want many, each counted with its size", c.evictions, c.evictedBytes, n, capacity)
	}
	if c.bytes < capacity/2 {
		t.Errorf("the cache holds %v bytes of its %d after %d codes: it evicts too eagerly", c.bytes, capacity, n)
	}
	before := c.hits
	opsRequest(t, h, http.MethodGet, target(0), "192.0.2.1:1")
	if readCacheCounts(t, h).hits != before+1 {
		t.Error("the most recently used entry was evicted")
	}
	misses := readCacheCounts(t, h).misses
	opsRequest(t, h, http.MethodGet, target(1), "192.0.2.1:1")
	if readCacheCounts(t, h).misses != misses+1 {
		t.Error("the least recently used entry is still cached after the cache filled many times over")
	}
}

// TestCacheOff: size 0 stores nothing and counts nothing.
func TestCacheOff(t *testing.T) {
	h := server.New(server.Config{BaseURL: base})
	for i := 0; i < 2; i++ {
		opsRequest(t, h, http.MethodGet, "/api/v1/qr?data=x", "192.0.2.1:1")
	}
	if c := readCacheCounts(t, h); c.hits+c.misses+c.bytes != 0 {
		t.Errorf("cache off: %+v, want all zero", c)
	}
}
