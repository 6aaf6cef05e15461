package server_test

import (
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"
	"github.com/qrforge/qrforge/options"
	"github.com/qrforge/qrforge/registry"
	"github.com/qrforge/qrforge/server"
)

// networkFields is a throwaway kind with a secret field, as wifi has: the server
// package's tests register no real kind (see addkind_test.go).
type networkFields struct {
	SSID     string `json:"ssid" validate:"required" jsonschema_description:"Network name."`
	Password string `json:"password" jsonschema_description:"Passphrase; a secret."`
}

// withNetworkKind registers network for the test.
func withNetworkKind(t testing.TB) {
	t.Helper()
	registry.Register(registry.Kind[networkFields]{
		Name:     "network",
		Summary:  "Join a network (test kind)",
		Standard: registry.Standard{Name: "qrforge test kind"},
		Examples: []networkFields{{SSID: "home", Password: "example"}},
		Encode:   func(n networkFields) string { return "WIFI:S:" + n.SSID + ";P:" + n.Password + ";;" },
	})
	t.Cleanup(func() { registry.Unregister("network") })
}

// opsRequest sends one request to h; header holds name, value pairs. remote
// is the peer address ("" keeps httptest's 192.0.2.1:1234).
func opsRequest(t testing.TB, h http.Handler, method, target, remote string, header ...string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(method, target, nil)
	if remote != "" {
		req.RemoteAddr = remote
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

// scrapeMetrics reads /metrics with Prometheus's own text-format parser.
func scrapeMetrics(t testing.TB, h http.Handler) map[string]*dto.MetricFamily {
	t.Helper()
	rec := opsRequest(t, h, http.MethodGet, "/metrics", "")
	if rec.Code != http.StatusOK {
		t.Fatalf("GET /metrics: status %d: %s", rec.Code, rec.Body)
	}
	if got := rec.Header().Get("Cache-Control"); got != "no-store" {
		t.Errorf("GET /metrics: Cache-Control %q, want no-store", got)
	}
	parser := expfmt.NewTextParser(model.UTF8Validation)
	families, err := parser.TextToMetricFamilies(rec.Body)
	if err != nil {
		t.Fatalf("/metrics does not parse as the Prometheus text format: %v", err)
	}
	return families
}

// metricValue finds the sample of family with exactly these labels (name,
// value pairs) and returns its counter, gauge or histogram count.
func metricValue(families map[string]*dto.MetricFamily, name string, labels ...string) (float64, bool) {
	f, ok := families[name]
	if !ok {
		return 0, false
	}
next:
	for _, m := range f.GetMetric() {
		if len(m.GetLabel())*2 != len(labels) {
			continue
		}
		for _, l := range m.GetLabel() {
			found := false
			for i := 0; i+1 < len(labels); i += 2 {
				if labels[i] == l.GetName() && labels[i+1] == l.GetValue() {
					found = true
				}
			}
			if !found {
				continue next
			}
		}
		switch {
		case m.Counter != nil:
			return m.Counter.GetValue(), true
		case m.Gauge != nil:
			return m.Gauge.GetValue(), true
		case m.Histogram != nil:
			return float64(m.Histogram.GetSampleCount()), true
		}
	}
	return 0, false
}

func TestMetricsCountAKnownSequence(t *testing.T) {
	withNetworkKind(t)
	h := server.New(server.Config{BaseURL: base, CacheSize: 64 << 20})
	etag := opsRequest(t, h, http.MethodGet, "/api/v1/qr?data=hello&format=svg", "").Header().Get("ETag")
	requests := []struct {
		method, target string
		header         []string
		status         int
	}{
		{"GET", "/api/v1/qr?data=hello", nil, 200},
		{"GET", "/api/v1/qr?data=hello&type=SVG", []string{"If-None-Match", etag}, 304},
		{"GET", "/q/hello.json", nil, 200},
		{"HEAD", "/q/hello", nil, 200},
		{"GET", "/api/v1/network?ssid=x&password=SuperSecret123", nil, 200},
		{"GET", "/api/v1/network?ssid=x&password=SuperSecret123&format=svg-tiny", nil, 200},
		{"GET", "/api/v1/network/payload?ssid=x", nil, 200},
		{"GET", "/api/v1/qr", nil, 400},
		{"GET", "/no/such/path", nil, 404},
		{"PUT", "/api/v1/qr", nil, 405},
		{"GET", "/healthz", nil, 200},
		{"GET", "/readyz", nil, 200},
	}
	for _, r := range requests {
		if rec := opsRequest(t, h, r.method, r.target, "", r.header...); rec.Code != r.status {
			t.Fatalf("%s %s: status %d, want %d: %s", r.method, r.target, rec.Code, r.status, rec.Body)
		}
	}
	families := scrapeMetrics(t, h)

	counts := []struct {
		labels []string
		want   float64
	}{
		{[]string{"route", "/api/v1/qr", "kind", "none", "format", "svg", "method", "GET", "status", "200"}, 1},
		{[]string{"route", "/api/v1/qr", "kind", "none", "format", "png", "method", "GET", "status", "200"}, 1},
		{[]string{"route", "/api/v1/qr", "kind", "none", "format", "svg", "method", "GET", "status", "304"}, 1},
		{[]string{"route", "/q/*data", "kind", "none", "format", "json", "method", "GET", "status", "200"}, 1},
		{[]string{"route", "/q/*data", "kind", "none", "format", "png", "method", "HEAD", "status", "200"}, 1},
		{[]string{"route", "/api/v1/:kind", "kind", "network", "format", "png", "method", "GET", "status", "200"}, 1},
		{[]string{"route", "/api/v1/:kind", "kind", "network", "format", "svg-tiny", "method", "GET", "status", "200"}, 1},
		{[]string{"route", "/api/v1/:kind/payload", "kind", "network", "format", "none", "method", "GET", "status", "200"}, 1},
		{[]string{"route", "/api/v1/qr", "kind", "none", "format", "png", "method", "GET", "status", "400"}, 1},
		{[]string{"route", "other", "kind", "none", "format", "none", "method", "GET", "status", "404"}, 1},
		{[]string{"route", "other", "kind", "none", "format", "none", "method", "other", "status", "405"}, 1},
	}
	var total float64
	for _, m := range families["qrforge_http_requests_total"].GetMetric() {
		total += m.GetCounter().GetValue()
		for _, l := range m.GetLabel() {
			if l.GetName() == "route" && (l.GetValue() == "/healthz" || l.GetValue() == "/readyz" || l.GetValue() == "/metrics") {
				t.Errorf("%s is counted as API traffic", l.GetValue())
			}
		}
	}
	for _, c := range counts {
		if got, _ := metricValue(families, "qrforge_http_requests_total", c.labels...); got != c.want {
			t.Errorf("qrforge_http_requests_total%v = %v, want %v", c.labels, got, c.want)
		}
	}
	// The ETag request, then every request above but health and readiness.
	if want := float64(len(requests) - 2 + 1); total != want {
		t.Errorf("qrforge_http_requests_total sums to %v, want %v", total, want)
	}
	if got, _ := metricValue(families, "qrforge_http_request_duration_seconds", "route", "/api/v1/qr", "method", "GET"); got != 4 {
		t.Errorf("latency observations on /api/v1/qr GET = %v, want 4", got)
	}
	// Every 200 but the payload rendered once, except that the HEAD is
	// answered from the response cache entry of the GET before it (the
	// same canonical request); the 304 and the 400 did not draw.
	renders := map[string]float64{"svg": 1, "png": 2, "json": 1, "svg-tiny": 1}
	for format, want := range renders {
		if got, _ := metricValue(families, "qrforge_render_duration_seconds", "format", format); got != want {
			t.Errorf("qrforge_render_duration_seconds{format=%q} count = %v, want %v", format, got, want)
		}
	}
	// Every cache miss encodes, and so may the service's check of the
	// 404's fix; the 304 and the HEAD are cache hits and do not.
	if got, _ := metricValue(families, "qrforge_encode_duration_seconds"); got < 5 {
		t.Errorf("qrforge_encode_duration_seconds count = %v, want at least 5", got)
	}
	if got, _ := metricValue(families, "qrforge_http_requests_in_flight"); got != 0 {
		t.Errorf("requests in flight after the sequence = %v, want 0", got)
	}
	// Cache: the 304 and the HEAD were hits; the five other renderings
	// (ETag request, hello, hello.json, two network codes) were misses that
	// stayed, far within 64 MiB.
	for name, want := range map[string]float64{"qrforge_cache_hits_total": 2, "qrforge_cache_misses_total": 5, "qrforge_cache_evictions_total": 0, "qrforge_cache_evicted_bytes_total": 0} {
		if got, ok := metricValue(families, name); !ok || got != want {
			t.Errorf("%s = %v (present %v), want %v", name, got, ok, want)
		}
	}
	if got, _ := metricValue(families, "qrforge_cache_bytes"); got < 5*160 || got > 64<<10 {
		t.Errorf("qrforge_cache_bytes = %v, want five small entries", got)
	}
	if got, _ := metricValue(families, "qrforge_cache_capacity_bytes"); got != 64<<20 {
		t.Errorf("qrforge_cache_capacity_bytes = %v, want %v", got, 64<<20)
	}
	for _, name := range []string{"go_goroutines", "go_memstats_heap_alloc_bytes", "process_cpu_seconds_total", "qrforge_batch_items", "qrforge_decode_duration_seconds"} {
		if _, ok := families[name]; !ok {
			t.Errorf("/metrics has no %s", name)
		}
	}
}

// TestMetricsLabelsCarryNoUserInput sends hostile paths and queries and
// checks that no label value repeats them.
func TestMetricsLabelsCarryNoUserInput(t *testing.T) {
	withNetworkKind(t)
	h := server.New(server.Config{BaseURL: base})
	const mark = "zzhostile"
	targets := []struct{ method, target string }{
		{"GET", "/" + mark},
		{"GET", "/api/v1/" + mark + "?data=" + mark},
		{"GET", "/api/v1/qr?data=" + mark + "&format=" + mark},
		{"GET", "/api/v1/qr?data=x&type=" + mark + "&" + mark + "=" + mark},
		{"GET", "/q/" + mark + "." + mark + "?f=" + mark},
		{"GET", "/api/v1/network?ssid=" + mark + "&password=" + mark + "&output=" + mark},
		{"GET", "/api/v1/verify?type=" + mark + "&data=" + mark},
		{"GET", "/api/v1/kinds/" + mark},
		{"GET", "/errors/" + mark},
		{"GET", "/assets/" + mark},
		{mark, "/api/v1/qr?data=" + mark},
		{"POST", "/api/v1/" + mark},
	}
	for _, r := range targets {
		opsRequest(t, h, r.method, r.target, "", "X-Request-Id", mark, "X-Forwarded-For", mark)
	}
	families := scrapeMetrics(t, h)
	seen := 0
	for _, f := range families {
		for _, m := range f.GetMetric() {
			for _, l := range m.GetLabel() {
				if strings.Contains(strings.ToLower(l.GetValue()), mark) {
					t.Errorf("%s has label %s=%q, taken from the request", f.GetName(), l.GetName(), l.GetValue())
				}
			}
		}
	}
	for _, m := range families["qrforge_http_requests_total"].GetMetric() {
		seen += int(m.GetCounter().GetValue())
	}
	if seen != len(targets) {
		t.Errorf("%d requests counted, want %d", seen, len(targets))
	}
	if got, _ := metricValue(families, "qrforge_http_requests_total", "route", "/api/v1/qr", "kind", "none", "format", "other", "method", "GET", "status", "400"); got != 2 {
		t.Errorf("unknown formats counted as format=other: %v, want 2", got)
	}
	if got, _ := metricValue(families, "qrforge_http_requests_total", "route", "other", "kind", "none", "format", "none", "method", "other", "status", "405"); got != 1 {
		t.Errorf("an unknown method is counted as method=other: %v, want 1", got)
	}
}

// TestEveryMetricIsDocumented: docs/operations.md explains each series.
func TestEveryMetricIsDocumented(t *testing.T) {
	doc, err := os.ReadFile("../docs/operations.md")
	if err != nil {
		t.Fatal(err)
	}
	h := server.New(server.Config{BaseURL: base, RateLimit: 0.001, RateBurst: 1})
	opsRequest(t, h, http.MethodGet, "/api/v1/qr?data=a", "")
	opsRequest(t, h, http.MethodGet, "/api/v1/qr?data=a", "") // 429
	for name := range scrapeMetrics(t, h) {
		if strings.HasPrefix(name, "qrforge_") && !strings.Contains(string(doc), "`"+name+"`") {
			t.Errorf("%s is not documented in docs/operations.md", name)
		}
	}
}

// TestEveryFormatLabelIsDocumented: docs/operations.md names every value
// the format label takes, one for each format the service draws.
func TestEveryFormatLabelIsDocumented(t *testing.T) {
	doc, err := os.ReadFile("../docs/operations.md")
	if err != nil {
		t.Fatal(err)
	}
	_, labels, found := strings.Cut(string(doc), "`format` is one of ")
	labels, _, _ = strings.Cut(labels, " for generation routes")
	if !found {
		t.Fatal("docs/operations.md does not list the format label's values")
	}
	h := server.New(server.Config{BaseURL: base})
	for _, f := range options.Formats {
		opsRequest(t, h, http.MethodGet, "/api/v1/qr?data=a&format="+f, "")
		if !strings.Contains(labels, "`"+f+"`") {
			t.Errorf("format label %s is not in docs/operations.md's list: %s", f, labels)
		}
	}
	for _, m := range scrapeMetrics(t, h)["qrforge_http_requests_total"].GetMetric() {
		for _, l := range m.GetLabel() {
			if l.GetName() == "format" && l.GetValue() != "none" && !strings.Contains(labels, "`"+l.GetValue()+"`") {
				t.Errorf("/metrics has format %q, which docs/operations.md does not list", l.GetValue())
			}
		}
	}
}
