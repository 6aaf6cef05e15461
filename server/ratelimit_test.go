package server_test

import (
	"encoding/json"
	"fmt"
	"image"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/qrforge/qrforge/analysis"
	"github.com/qrforge/qrforge/server"
	"github.com/qrforge/qrforge/service"
)

// A rate so slow that no token comes back during a test: every count below
// is exact.
const frozen = 0.001

func TestRateLimitBurst(t *testing.T) {
	h := server.New(server.Config{BaseURL: base, RateLimit: frozen, RateBurst: 3})
	const alice, bob = "192.0.2.10:5000", "198.51.100.7:6000"
	target := "/api/v1/qr?data=hello&size=256"
	for i := 1; i <= 3; i++ {
		if rec := opsRequest(t, h, http.MethodGet, target, alice); rec.Code != http.StatusOK {
			t.Fatalf("request %d of a burst of 3: status %d: %s", i, rec.Code, rec.Body)
		}
	}
	rec := opsRequest(t, h, http.MethodGet, target, alice)
	p := readProblem(t, rec, http.StatusTooManyRequests, "rate-limited")
	retry, err := strconv.Atoi(rec.Header().Get("Retry-After"))
	if err != nil || retry < 1 {
		t.Errorf("Retry-After %q, want a whole number of seconds", rec.Header().Get("Retry-After"))
	}
	if got := rec.Header().Get("Access-Control-Expose-Headers"); !strings.Contains(got, "Retry-After") || !strings.Contains(got, "X-Request-Id") {
		t.Errorf("Access-Control-Expose-Headers %q: a browser cannot read Retry-After and X-Request-Id", got)
	}
	if want := base + target; p.Fix != want {
		t.Errorf("fix %q, want the same call %q", p.Fix, want)
	}
	if want := fmt.Sprintf("retry in %d s", retry); !strings.Contains(p.Detail, want) {
		t.Errorf("detail %q does not say %q", p.Detail, want)
	}
	// Another client is not affected, and a forged X-Forwarded-For does not
	// move alice to another bucket: no proxy is trusted by default.
	if rec := opsRequest(t, h, http.MethodGet, target, bob); rec.Code != http.StatusOK {
		t.Errorf("another client: status %d, want 200", rec.Code)
	}
	if rec := opsRequest(t, h, http.MethodGet, target, alice, "X-Forwarded-For", "203.0.113.99"); rec.Code != http.StatusTooManyRequests {
		t.Errorf("alice with a forged X-Forwarded-For: status %d, want 429", rec.Code)
	}
	if got, _ := metricValue(scrapeMetrics(t, h), "qrforge_rate_limited_requests_total", "route", "/api/v1/qr"); got != 2 {
		t.Errorf("qrforge_rate_limited_requests_total{route=/api/v1/qr} = %v, want 2", got)
	}
}

func TestRateLimitRetryAfter(t *testing.T) {
	// One token a second: after one request the next comes back in 1 s.
	h := server.New(server.Config{BaseURL: base, RateLimit: 1, RateBurst: 1})
	opsRequest(t, h, http.MethodGet, "/api/v1/qr?data=a", "")
	rec := opsRequest(t, h, http.MethodGet, "/api/v1/qr?data=a", "")
	if rec.Code != http.StatusTooManyRequests || rec.Header().Get("Retry-After") != "1" {
		t.Errorf("status %d, Retry-After %q; want 429 and 1", rec.Code, rec.Header().Get("Retry-After"))
	}
	post := opsRequest(t, h, http.MethodPost, "/api/v1/qr/batch", "", "Content-Type", "application/json")
	p := readProblem(t, post, http.StatusTooManyRequests, "rate-limited")
	if want := "curl -X POST '" + base + "/api/v1/qr/batch' -H 'Content-Type: application/json' --data-binary @body"; !strings.HasPrefix(p.Fix, want) {
		t.Errorf("fix %q, want it to start with %q", p.Fix, want)
	}
	// A multipart body keeps its boundary, or its parts cannot be read.
	upload := opsRequest(t, h, http.MethodPost, "/api/v1/decode", "", "Content-Type", "multipart/form-data; boundary=x'y")
	p = readProblem(t, upload, http.StatusTooManyRequests, "rate-limited")
	if want := `-H 'Content-Type: multipart/form-data; boundary=x'\''y' --data-binary @body`; !strings.Contains(p.Fix, want) {
		t.Errorf("fix %q, want it to hold %q", p.Fix, want)
	}
}

// TestRateLimitCosts checks the documented costs: a 304, a HEAD and a fixed
// document cost a quarter of a request; an If-None-Match that does not
// match costs a whole one.
func TestRateLimitCosts(t *testing.T) {
	target := "/api/v1/qr?data=hello"
	etag := opsRequest(t, server.New(server.Config{BaseURL: base}), http.MethodGet, target, "").Header().Get("ETag")
	type step struct {
		method, target string
		header         []string
		status         int
	}
	get := step{http.MethodGet, target, nil, http.StatusOK}
	notModified := step{http.MethodGet, target, []string{"If-None-Match", etag}, http.StatusNotModified}
	stale := step{http.MethodGet, target, []string{"If-None-Match", `"stale"`}, http.StatusOK}
	head := step{http.MethodHead, target, nil, http.StatusOK}
	doc := step{http.MethodGet, "/llms.txt", nil, http.StatusOK}
	limited := func(s step) step { s.status = http.StatusTooManyRequests; return s }
	cases := []struct {
		name  string
		steps []step
	}{
		// A burst of 2 is 2 renders, or 1 render and 4 quarters.
		{"renders", []step{get, get, limited(get)}},
		{"304s", []step{get, notModified, notModified, notModified, notModified, limited(notModified)}},
		{"HEADs", []step{get, head, head, head, head, limited(head)}},
		{"documents", []step{get, doc, doc, doc, doc, limited(doc)}},
		// Admitted as a quarter, charged in full once it rendered.
		{"stale If-None-Match", []step{stale, stale, limited(notModified)}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			h := server.New(server.Config{BaseURL: base, RateLimit: frozen, RateBurst: 2})
			for i, s := range tc.steps {
				if rec := opsRequest(t, h, s.method, s.target, "", s.header...); rec.Code != s.status {
					t.Fatalf("step %d, %s %s %v: status %d, want %d", i+1, s.method, s.target, s.header, rec.Code, s.status)
				}
			}
		})
	}
}

// TestRateLimitIPv6Prefix: addresses of one /64 share a bucket.
func TestRateLimitIPv6Prefix(t *testing.T) {
	h := server.New(server.Config{BaseURL: base, RateLimit: frozen, RateBurst: 1})
	opsRequest(t, h, http.MethodGet, "/api/v1/qr?data=a", "[2001:db8:1:2::1]:443")
	if rec := opsRequest(t, h, http.MethodGet, "/api/v1/qr?data=a", "[2001:db8:1:2:ffff::9]:443"); rec.Code != http.StatusTooManyRequests {
		t.Errorf("same /64: status %d, want 429", rec.Code)
	}
	if rec := opsRequest(t, h, http.MethodGet, "/api/v1/qr?data=a", "[2001:db8:1:3::1]:443"); rec.Code != http.StatusOK {
		t.Errorf("another /64: status %d, want 200", rec.Code)
	}
}

// TestRateLimitClientTableIsBounded: with room for 10 clients, 10 others
// push a limited client out, and it comes back with a full bucket; the
// table never holds more than its cap (ratelimit_internal_test.go counts).
func TestRateLimitClientTableIsBounded(t *testing.T) {
	h := server.New(server.Config{BaseURL: base, RateLimit: frozen, RateBurst: 1, RateLimitClients: 10})
	const first = "192.0.2.1:1"
	opsRequest(t, h, http.MethodGet, "/api/v1/qr?data=a", first)
	if rec := opsRequest(t, h, http.MethodGet, "/api/v1/qr?data=a", first); rec.Code != http.StatusTooManyRequests {
		t.Fatalf("second request: status %d, want 429", rec.Code)
	}
	for i := 0; i < 10; i++ {
		opsRequest(t, h, http.MethodGet, "/api/v1/qr?data=a", fmt.Sprintf("198.51.100.%d:1", i))
	}
	if rec := opsRequest(t, h, http.MethodGet, "/api/v1/qr?data=a", first); rec.Code != http.StatusOK {
		t.Errorf("after 10 other clients: status %d, want 200 (the first client was forgotten)", rec.Code)
	}
}

// TestRateLimitOffByDefault: no rate, no limit.
func TestRateLimitOffByDefault(t *testing.T) {
	h := server.New(server.Config{BaseURL: base})
	for i := 0; i < 50; i++ {
		if rec := opsRequest(t, h, http.MethodGet, "/api/v1/payload-free-404", ""); rec.Code == http.StatusTooManyRequests {
			t.Fatalf("request %d: 429 without a configured limit", i+1)
		}
	}
}

// TestOpsAreNotAPITraffic: probes are neither rate-limited nor counted.
func TestOpsAreNotAPITraffic(t *testing.T) {
	withNetworkKind(t)
	h := server.New(server.Config{BaseURL: base, RateLimit: 0.001, RateBurst: 1})
	for i := 0; i < 10; i++ {
		for _, path := range []string{"/healthz", "/readyz", "/metrics"} {
			if rec := opsRequest(t, h, http.MethodGet, path, ""); rec.Code != http.StatusOK {
				t.Fatalf("GET %s #%d: status %d under a rate limit of one request", path, i+1, rec.Code)
			}
		}
	}
	if rec := opsRequest(t, h, http.MethodGet, "/api/v1/qr?data=x", ""); rec.Code != http.StatusOK {
		t.Errorf("the client's first API request after probes: status %d, want 200", rec.Code)
	}
	families := scrapeMetrics(t, h)
	if f := families["qrforge_http_requests_total"]; len(f.GetMetric()) != 1 {
		t.Errorf("qrforge_http_requests_total has %d series, want only the API request's", len(f.GetMetric()))
	}
}

// TestClientBehindTrustedProxy: behind a trusted load balancer the client
// is the right-most X-Forwarded-For address that is not a trusted proxy,
// so what a client writes in the header itself (the left of the list)
// cannot move it to a fresh bucket, and X-Real-IP is not read unless it
// is the configured header.
func TestClientBehindTrustedProxy(t *testing.T) {
	const lb = "10.1.2.3:40000" // the trusted load balancer
	const client = "203.0.113.7"
	target := "/api/v1/qr?data=hello&size=256"
	h := server.New(server.Config{BaseURL: base, RateLimit: frozen, RateBurst: 2, TrustedProxies: []string{"10.0.0.0/8"}})
	for i := range 2 {
		forged := fmt.Sprintf("198.51.100.%d, %s", i, client)
		if rec := opsRequest(t, h, http.MethodGet, target, lb, "X-Forwarded-For", forged); rec.Code != http.StatusOK {
			t.Fatalf("request %d: status %d", i, rec.Code)
		}
	}
	for _, header := range [][]string{
		{"X-Forwarded-For", "198.51.100.99, " + client},
		{"X-Forwarded-For", "198.51.100.99, " + client + ", 10.9.9.9"}, // a second trusted hop
		{"X-Forwarded-For", client, "X-Real-IP", "198.51.100.100"},
	} {
		if rec := opsRequest(t, h, http.MethodGet, target, lb, header...); rec.Code != http.StatusTooManyRequests {
			t.Errorf("the same client with %v: status %d, want 429", header, rec.Code)
		}
	}
	// Without X-Forwarded-For, X-Real-IP does not name the client: the
	// load balancer's own bucket is used.
	for i := range 3 {
		rec := opsRequest(t, h, http.MethodGet, target, lb, "X-Real-IP", fmt.Sprintf("198.51.100.%d", 200+i))
		if want := http.StatusOK; i < 2 && rec.Code != want || i == 2 && rec.Code != http.StatusTooManyRequests {
			t.Errorf("X-Real-IP request %d: status %d", i, rec.Code)
		}
	}
	// Configured, X-Real-IP is the one header read.
	h = server.New(server.Config{BaseURL: base, RateLimit: frozen, RateBurst: 1, TrustedProxies: []string{"10.0.0.0/8"}, ClientIPHeader: "X-Real-IP"})
	for i, want := range []int{http.StatusOK, http.StatusOK, http.StatusTooManyRequests} {
		ip := fmt.Sprintf("198.51.100.%d", min(i, 1))
		if rec := opsRequest(t, h, http.MethodGet, target, lb, "X-Real-IP", ip, "X-Forwarded-For", fmt.Sprintf("192.0.2.%d", i)); rec.Code != want {
			t.Errorf("X-Real-IP %s: status %d, want %d", ip, rec.Code, want)
		}
	}
}

// TestShedsPastTheInFlightCap: with every slot taken (64, the least, by
// uploads whose bodies never come), a request is answered 503 with
// Retry-After at once, and probes still pass.
func TestShedsPastTheInFlightCap(t *testing.T) {
	h := server.New(server.Config{BaseURL: base, Memory: 1})
	ts := httptest.NewServer(h)
	defer ts.Close()
	defer stallUploads(ts.URL, 64)()
	get := func(path string) (*http.Response, string) {
		resp, err := http.Get(ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp, string(b)
	}
	// Wait until all 64 are in their handlers.
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		_, metrics := get("/metrics")
		if strings.Contains(metrics, "qrforge_http_requests_in_flight 64") {
			time.Sleep(50 * time.Millisecond) // from the gauge's middleware to the cap's
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the uploads did not all reach their handlers")
		}
	}
	resp, body := get("/api/v1/qr?data=x")
	if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") != "1" || !strings.Contains(body, "/errors/overloaded") {
		t.Errorf("past the cap: %d, Retry-After %q: %s", resp.StatusCode, resp.Header.Get("Retry-After"), body)
	}
	if resp, _ := get("/healthz"); resp.StatusCode != http.StatusOK {
		t.Errorf("a probe past the cap: %d", resp.StatusCode)
	}
	if n, _ := metricValue(scrapeMetrics(t, h), "qrforge_overloaded_total", "reason", "in_flight"); n != 1 {
		t.Errorf("qrforge_overloaded_total{reason=\"in_flight\"} is %v; want 1", n)
	}
}

// TestOverloadedSaysWhy: qrforge_overloaded_total counts each 503
// overloaded under its reason, every reason shown from the start. Two
// uploads whose bodies never come each reserve the endpoint's limit
// (10 MiB) of the request bodies' share, which on the least budget holds
// one: the other waits the admission wait and is refused for memory.
func TestOverloadedSaysWhy(t *testing.T) {
	h := server.New(server.Config{BaseURL: base, Memory: 1, AdmissionWait: 100 * time.Millisecond})
	families := scrapeMetrics(t, h)
	for _, reason := range []string{"memory", "slot", "in_flight"} {
		if n, ok := metricValue(families, "qrforge_overloaded_total", "reason", reason); !ok || n != 0 {
			t.Errorf("qrforge_overloaded_total{reason=%q} is %v (shown: %v); want 0", reason, n, ok)
		}
	}
	ts := httptest.NewServer(h)
	defer ts.Close()
	defer stallUploads(ts.URL, 2)()
	// The refused upload's answer waits for its body (net/http reads
	// what is left of it first), which never comes; the count does not.
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		if n, _ := metricValue(scrapeMetrics(t, h), "qrforge_overloaded_total", "reason", "memory"); n > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the upload that found no memory was not counted")
		}
	}
	families = scrapeMetrics(t, h)
	for reason, want := range map[string]float64{"memory": 1, "slot": 0, "in_flight": 0} {
		if n, _ := metricValue(families, "qrforge_overloaded_total", "reason", reason); n != want {
			t.Errorf("qrforge_overloaded_total{reason=%q} is %v; want %v", reason, n, want)
		}
	}
}

// Large work pays a token more for each further 32 MiB it reserves, before
// it runs: a few kilobytes of PNG declaring millions of pixels cost what
// decoding them takes, not one request (docs/operations.md, "Fair use").
func TestLargeWorkPaysForItsMemory(t *testing.T) {
	code := opsRequest(t, server.New(server.Config{BaseURL: base}), http.MethodGet, "/api/v1/qr?data=large%20work&size=3000", "")
	if code.Code != http.StatusOK {
		t.Fatalf("drawing the code: status %d: %s", code.Code, code.Body)
	}
	cost, err := analysis.CostOf(code.Body.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	fare := 1 + service.WorkTokens(cost.Bytes+analysis.ReadExtraBytes)
	if fare < 2 {
		t.Fatalf("decoding a 3000 px code counts as %d request; the test needs large work", fare)
	}
	// A burst of the fare and one more: the first decode leaves one token,
	// which the second spends on arriving, and it cannot pay for its work.
	h := server.New(server.Config{BaseURL: base, RateLimit: frozen, RateBurst: fare + 1})
	decode := func() *httptest.ResponseRecorder {
		return sendBody(t, h, http.MethodPost, "/api/v1/decode", "image/png", code.Body.Bytes())
	}
	if rec := decode(); rec.Code != http.StatusOK {
		t.Fatalf("first decode: status %d: %s", rec.Code, rec.Body)
	}
	rec := decode()
	p := readProblem(t, rec, http.StatusTooManyRequests, "rate-limited")
	if want := fmt.Sprintf("counts as %d requests", fare); !strings.Contains(p.Detail, want) {
		t.Errorf("detail %q does not say %q", p.Detail, want)
	}
	if retry, err := strconv.Atoi(rec.Header().Get("Retry-After")); err != nil || !strings.Contains(p.Detail, fmt.Sprintf("retry in %d s", retry)) {
		t.Errorf("Retry-After %q and detail %q disagree", rec.Header().Get("Retry-After"), p.Detail)
	}
	if want := "curl -X POST '" + base + "/api/v1/decode' -H 'Content-Type: image/png'"; !strings.HasPrefix(p.Fix, want) {
		t.Errorf("fix %q, want it to start with %q", p.Fix, want)
	}
	// Every token is spent: a small request waits too.
	if rec := opsRequest(t, h, http.MethodGet, "/api/v1/qr?data=small", ""); rec.Code != http.StatusTooManyRequests {
		t.Errorf("a small request after the fares: status %d, want 429", rec.Code)
	}
	if got, _ := metricValue(scrapeMetrics(t, h), "qrforge_rate_limited_requests_total", "route", "/api/v1/decode"); got != 1 {
		t.Errorf("qrforge_rate_limited_requests_total{route=/api/v1/decode} = %v, want 1", got)
	}
}

// Small work costs its request's token alone.
func TestSmallWorkPaysOneToken(t *testing.T) {
	if got := service.WorkTokens(32 << 20); got != 0 {
		t.Errorf("32 MiB of work pays %d tokens more, want 0", got)
	}
	if got := service.WorkTokens(32<<20 + 1); got != 1 {
		t.Errorf("32 MiB and a byte pays %d tokens more, want 1", got)
	}
	if got := service.WorkTokens(250 << 20); got != 7 {
		t.Errorf("250 MiB pays %d tokens more, want 7", got)
	}
}

// A scan-robustness score pays for the pixels it decodes: a Full HD
// photo's count as the request's token, and each further Full HD a token
// more, before the score runs; the fixes verify measures pay the same
// way, and those the allowance cannot pay are named, not left out in
// silence (docs/operations.md, "Fair use").
func TestVerifyScorePaysForItsPixels(t *testing.T) {
	large := "/api/v1/verify?data=" + strings.Repeat("a", 1300) + "&ec=L&size=600"
	// Its score decodes the grid of the code at 6 pixels a module.
	off := opsRequest(t, server.New(server.Config{BaseURL: base}), http.MethodGet, large+"&robustness=off", "")
	var drawn struct{ Version int }
	if err := json.Unmarshal(off.Body.Bytes(), &drawn); err != nil || drawn.Version == 0 {
		t.Fatalf("verify without a score: %v: %s", err, off.Body)
	}
	sc := analysis.Scene{ModulePx: 600 / float64(17+4*drawn.Version+8)}
	fare := 1 + service.ScoreTokens(analysis.GridPixels(image.Rect(0, 0, 600, 600), sc, analysis.Quick))
	if fare < 3 {
		t.Fatalf("the score counts as %d requests; the test needs more", fare)
	}
	// A burst of the fare, less the one token a request before it spends.
	h := server.New(server.Config{BaseURL: base, RateLimit: frozen, RateBurst: fare})
	if rec := opsRequest(t, h, http.MethodGet, "/api/v1/qr?data=first", ""); rec.Code != http.StatusOK {
		t.Fatalf("the first request: status %d", rec.Code)
	}
	rec := opsRequest(t, h, http.MethodGet, large, "")
	p := readProblem(t, rec, http.StatusTooManyRequests, "rate-limited")
	if want := fmt.Sprintf("robustness=quick score decodes 11 images of %.1f megapixels (the code redrawn at 6 pixels a module), which fair use counts as %d requests", float64(analysis.GridPixels(image.Rect(0, 0, 600, 600), sc, analysis.Quick))/11e6, fare); !strings.Contains(p.Detail, want) || !strings.Contains(p.Detail, "or ask robustness=off") {
		t.Errorf("detail %q does not say %q and what costs less", p.Detail, want)
	}
	if retry, err := strconv.Atoi(rec.Header().Get("Retry-After")); err != nil || !strings.Contains(p.Detail, fmt.Sprintf("retry in %d s", retry)) {
		t.Errorf("Retry-After %q and detail %q disagree", rec.Header().Get("Retry-After"), p.Detail)
	}
	if p.Fix != base+large {
		t.Errorf("fix %q, want the same call", p.Fix)
	}

	// With the whole burst the score is paid and runs; the fix it would
	// measure next cannot be paid, and the answer says so.
	rec = opsRequest(t, server.New(server.Config{BaseURL: base, RateLimit: frozen, RateBurst: fare}), http.MethodGet, large, "")
	if rec.Code != http.StatusOK {
		t.Fatalf("with a burst of %d: status %d: %s", fare, rec.Code, rec.Body)
	}
	var v struct {
		Robustness *struct {
			Score      int               `json:"score"`
			Fixes      []json.RawMessage `json:"fixes"`
			Unmeasured string            `json:"unmeasured"`
		} `json:"robustness"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &v); err != nil || v.Robustness == nil {
		t.Fatalf("no robustness (%v): %s", err, rec.Body)
	}
	if len(v.Robustness.Fixes) != 0 || !strings.Contains(v.Robustness.Unmeasured, "measuring a fix's score") {
		t.Errorf("score %d, fixes %d, unmeasured %q: want no fix, and why", v.Robustness.Score, len(v.Robustness.Fixes), v.Robustness.Unmeasured)
	}

	// A short URL's score and fixes cost its request's token alone.
	small := opsRequest(t, server.New(server.Config{BaseURL: base, RateLimit: frozen, RateBurst: 1}), http.MethodGet, "/api/v1/verify?data=https://example.com&ec=L", "")
	if small.Code != http.StatusOK || !strings.Contains(small.Body.String(), `"robustness"`) || strings.Contains(small.Body.String(), `"unmeasured"`) {
		t.Errorf("a short URL's verify with a burst of 1: status %d: %s", small.Code, small.Body)
	}
}

// A fare larger than the burst leaves the rest as debt that later
// requests wait out, however large: with a burst of 1 and a token every
// ten seconds, a verify whose score counts as 3 requests makes the next
// request wait at least the 20 s the 2 it could not pay take to refill.
func TestDebtBeyondTheBurstIsKept(t *testing.T) {
	h := server.New(server.Config{BaseURL: base, RateLimit: 0.1, RateBurst: 1})
	if rec := opsRequest(t, h, http.MethodGet, "/api/v1/verify?data="+strings.Repeat("a", 1300)+"&ec=L&size=600", ""); rec.Code != http.StatusOK {
		t.Fatalf("verify: status %d: %s", rec.Code, rec.Body)
	}
	rec := opsRequest(t, h, http.MethodGet, "/api/v1/qr?data=next", "")
	retry, err := strconv.Atoi(rec.Header().Get("Retry-After"))
	if rec.Code != http.StatusTooManyRequests || err != nil || retry < 20 {
		t.Errorf("the request after: status %d, Retry-After %q; want a 429 waiting out the debt (20 s or more)", rec.Code, rec.Header().Get("Retry-After"))
	}
}

// stallUploads starts n decode uploads to the server at url whose bodies
// stop after the PNG signature, each holding its slot, and returns what
// ends them: deferred after the server's Close, which waits for them.
func stallUploads(url string, n int) (end func()) {
	var writers []*io.PipeWriter
	for range n {
		r, w := io.Pipe()
		writers = append(writers, w)
		req, _ := http.NewRequest(http.MethodPost, url+"/api/v1/decode", r)
		req.Header.Set("Content-Type", "image/png")
		go http.DefaultClient.Do(req)
		w.Write([]byte("\x89PNG"))
	}
	return func() {
		for _, w := range writers {
			w.CloseWithError(io.ErrUnexpectedEOF)
		}
	}
}
