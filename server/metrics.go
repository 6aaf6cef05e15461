package server

import (
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"github.com/qrforge/qrforge/options"
	"github.com/qrforge/qrforge/registry"
	"github.com/qrforge/qrforge/service"
	"github.com/qrforge/qrforge/web"
)

// metricsPath serves the Prometheus text exposition.
const metricsPath = "/metrics"

// Label values that are not a route, kind or format. Every label value comes
// from a fixed set (route patterns, registry.Names(), Formats, the methods
// below, status codes): nothing the caller typed becomes a label, so the
// number of series stays bounded whatever the traffic.
const (
	labelOther = "other" // no route matched, or a value outside the known set
	labelNone  = "none"  // the route has no kind or no format
)

// Route patterns that metrics and the rate limiter treat specially.
const (
	routeKind    = "/api/v1/:kind"
	routePayload = "/api/v1/:kind/payload"
	routePage    = "/:kind"
	routeDecode  = "/api/v1/decode"
	routeBatch   = "/api/v1/qr/batch"
	routeVerify  = "/api/v1/verify"
	routeGeneric = "/api/v1/qr"
	routePath    = "/q/*data"
)

// route is what the service knows about a matched route pattern.
type route struct {
	// label is gin's FullPath pattern, except that the per-kind routes
	// share one pattern each (/api/v1/:kind, /api/v1/:kind/payload,
	// /:kind) with the kind in their own label.
	label string
	kind  string
	// renders: a generation endpoint, whose format is a label.
	renders bool
	// generic: the endpoint of free text, whose option names (never
	// values) may be logged; a typed kind's fields may hold secrets.
	generic bool
	// ops: health, readiness and metrics, which are not API traffic.
	ops bool
	// static: the answer is a fixed document, as cheap as a 304.
	static bool
}

var unmatched = route{label: labelOther, kind: labelNone}

// classifyRoutes builds the route table once every route is registered.
func (s *Server) classifyRoutes() map[string]route {
	kindOf := map[string]route{}
	for _, k := range registry.All() {
		kindOf[k.Path()] = route{label: routeKind, kind: k.Name(), renders: true}
		kindOf[k.Path()+"/payload"] = route{label: routePayload, kind: k.Name()}
		kindOf["/"+k.Name()] = route{label: routePage, kind: k.Name()}
	}
	table := map[string]route{}
	routes := s.engine.Routes()
	if s.ops != nil {
		routes = append(routes, s.ops.Routes()...)
	}
	for _, rt := range routes {
		r, ok := kindOf[rt.Path]
		if !ok {
			r = route{label: rt.Path, kind: labelNone}
			switch {
			case rt.Path == routeGeneric || rt.Path == routePath:
				r.renders, r.generic = true, true
			case isDropinPath(rt.Path):
				r.renders = true
			case rt.Path == healthzPath || rt.Path == readyzPath || rt.Path == metricsPath:
				r.ops = true
			case rt.Path == "/api/openapi.json" || rt.Path == "/llms.txt" || rt.Path == "/llms-full.txt" ||
				strings.HasPrefix(rt.Path, "/errors/") || strings.HasPrefix(rt.Path, "/api/v1/kinds") ||
				strings.HasPrefix(rt.Path, "/assets/") || strings.HasPrefix(rt.Path, web.GalleryImages):
				r.static = true
			}
		}
		table[rt.Path] = r
	}
	return table
}

// routeOf classifies the request's matched route.
func (s *Server) routeOf(c *gin.Context) route {
	if r, ok := s.routeTable[c.FullPath()]; ok {
		return r
	}
	return unmatched
}

// metrics are the service's Prometheus collectors, in a registry of their
// own so that every Server (tests build many) counts alone.
type metrics struct {
	registry    *prometheus.Registry
	requests    *prometheus.CounterVec
	duration    *prometheus.HistogramVec
	inFlight    prometheus.Gauge
	encode      prometheus.Histogram
	render      *prometheus.HistogramVec
	decode      prometheus.Histogram
	batchItems  prometheus.Histogram
	rateLimited *prometheus.CounterVec
	overloaded  *prometheus.CounterVec
	cache       *cacheMetrics
}

// latencyBuckets span a 304 (tens of microseconds) to a large batch or a
// decode of a big photo (seconds).
var latencyBuckets = []float64{0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10}

func newMetrics(cacheCapacity int64, conns *ConnLimit) *metrics {
	reg := prometheus.NewRegistry()
	m := &metrics{
		registry: reg,
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "qrforge_http_requests_total",
			Help: "API requests served, by route pattern, payload kind, output format, method and status (499: ended without an answer). Health, readiness and metrics requests are not counted.",
		}, []string{"route", "kind", "format", "method", "status"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "qrforge_http_request_duration_seconds",
			Help:    "Time from the request's routing to its last byte written, by route pattern and method.",
			Buckets: latencyBuckets,
		}, []string{"route", "method"}),
		inFlight: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "qrforge_http_requests_in_flight",
			Help: "API requests being served now.",
		}),
		encode: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name:    "qrforge_encode_duration_seconds",
			Help:    "Time to encode data into a QR symbol (segments, error correction, masking), for every symbol the service builds.",
			Buckets: []float64{0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.1},
		}),
		render: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "qrforge_render_duration_seconds",
			Help:    "Time to draw an encoded symbol in an output format, for single requests and batch items alike.",
			Buckets: []float64{0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1},
		}, []string{"format"}),
		decode: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name:    "qrforge_decode_duration_seconds",
			Help:    "Time serving POST /api/v1/decode, from reading the upload to the answer.",
			Buckets: latencyBuckets,
		}),
		batchItems: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name:    "qrforge_batch_items",
			Help:    "Items per accepted batch request.",
			Buckets: []float64{1, 2, 5, 10, 25, 50, 100, 250, 500, 1000, 2500, 10000},
		}),
		rateLimited: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "qrforge_rate_limited_requests_total",
			Help: "Requests refused with 429 by the per-client fair-use limit, by route pattern.",
		}, []string{"route"}),
		overloaded: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "qrforge_overloaded_total",
			Help: "Work refused with 503 overloaded, by reason: memory (the budget stayed full for the admission wait), slot (large work found no processor slot in it), in_flight (the in-flight cap). Batch items and MCP tool calls included.",
		}, []string{"reason"}),
		cache: newCacheMetrics(cacheCapacity),
	}
	for _, reason := range service.RefusedReasons {
		m.overloaded.WithLabelValues(reason) // every reason shows, at 0 until counted
	}
	reg.MustRegister(m.requests, m.duration, m.inFlight, m.encode, m.render, m.decode, m.batchItems, m.rateLimited, m.overloaded, newBuildInfo())
	m.cache.register(reg)
	registerConnMetrics(reg, conns)
	reg.MustRegister(
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
	)
	return m
}

// registerConnMetrics reports the cap on open connections (conns.go);
// with no cap (a handler served without one) every series is 0.
func registerConnMetrics(reg *prometheus.Registry, l *ConnLimit) {
	stat := func(f func(ConnStats) float64) func() float64 {
		return func() float64 { return f(l.Stats()) }
	}
	reg.MustRegister(
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "qrforge_connections_open",
			Help: "TCP connections open now, idle keep-alive ones and those still to send their headers included.",
		}, stat(func(s ConnStats) float64 { return float64(s.Open) })),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "qrforge_connections_max",
			Help: "The cap on open connections (--max-connections).",
		}, stat(func(s ConnStats) float64 { return float64(s.Max) })),
		prometheus.NewCounterFunc(prometheus.CounterOpts{
			Name: "qrforge_connections_refused_total",
			Help: "New connections closed at once, unread, because the cap was reached and no connection was idle.",
		}, stat(func(s ConnStats) float64 { return float64(s.Refused) })),
		prometheus.NewCounterFunc(prometheus.CounterOpts{
			Name: "qrforge_connections_idle_closed_total",
			Help: "Idle keep-alive connections closed to admit a new one at the cap, the one idle the longest first.",
		}, stat(func(s ConnStats) float64 { return float64(s.IdleClosed) })),
		prometheus.NewCounterFunc(prometheus.CounterOpts{
			Name: "qrforge_connections_silent_closed_total",
			Help: "Connections closed to admit a new one at the cap, none being idle, that had not sent their first request's headers within a second of being accepted, the oldest first.",
		}, stat(func(s ConnStats) float64 { return float64(s.SilentClosed) })),
	)
}

// instrument counts and times every API request.
func (s *Server) instrument(c *gin.Context) {
	r := s.routeOf(c)
	if r.ops {
		c.Next()
		return
	}
	m := s.metrics
	m.inFlight.Inc()
	start := time.Now()
	c.Next()
	elapsed := time.Since(start).Seconds()
	m.inFlight.Dec()

	method := methodLabel(c.Request.Method)
	format := labelNone
	if r.renders {
		format = requestFormat(c, r)
	}
	kind := r.kind
	if r.label == routeVerify {
		kind = verifyKind(c.Request.URL.RawQuery)
	}
	m.requests.WithLabelValues(r.label, kind, format, method, strconv.Itoa(answerStatus(c))).Inc()
	m.duration.WithLabelValues(r.label, method).Observe(elapsed)
	if r.label == routeDecode && c.Request.Method == http.MethodPost {
		m.decode.Observe(elapsed)
	}
}

// statusNoAnswer is the status logged and counted for a request aborted
// before any answer was sent (the client went away, its body did not
// arrive in time, or the shutdown cut it off): nginx's 499, as no status
// of RFC 9110 was sent. Counting it under the 200 that gin presets would
// count a request no client received as answered.
const statusNoAnswer = 499

// answerStatus is the status the client was sent, or statusNoAnswer.
func answerStatus(c *gin.Context) int {
	if c.GetBool(ctxAborted) && !c.Writer.Written() {
		return statusNoAnswer
	}
	return c.Writer.Status()
}

// serveMetrics is GET /metrics.
func (s *Server) serveMetrics() gin.HandlerFunc {
	h := promhttp.HandlerFor(s.metrics.registry, promhttp.HandlerOpts{
		ErrorLog: slogPrinter{s},
	})
	return func(c *gin.Context) {
		c.Header("Cache-Control", "no-store")
		h.ServeHTTP(c.Writer, c.Request)
	}
}

// slogPrinter hands promhttp's gathering errors to the service's logger.
type slogPrinter struct{ s *Server }

func (p slogPrinter) Println(v ...any) {
	p.s.log.Error("gathering metrics failed", "error", fmt.Sprint(v...))
}

// Encoded, Rendered, Batched and Refused are the service's observations
// (service.Observer): every symbol, every drawing, every accepted batch and
// every 503 overloaded.
func (m *metrics) Encoded(d time.Duration) { m.encode.Observe(d.Seconds()) }

func (m *metrics) Rendered(f service.Format, d time.Duration) {
	m.render.WithLabelValues(formatLabel(string(f))).Observe(d.Seconds())
}

func (m *metrics) Batched(items int) { m.batchItems.Observe(float64(items)) }

// Refused counts a 503 overloaded refusal; reason is one of
// service.RefusedReasons.
func (m *metrics) Refused(reason string) { m.overloaded.WithLabelValues(reason).Inc() }

// methodLabel keeps the method label to the methods qrforge serves.
func methodLabel(m string) string {
	switch m {
	case http.MethodGet, http.MethodHead, http.MethodPost, http.MethodOptions, http.MethodDelete:
		return m
	}
	return labelOther
}

// formatLabel maps a requested format, under any of its accepted names, to
// one of Formats.
func formatLabel(v string) string {
	if f, ok := options.FormatNamed(strings.TrimSpace(v)); ok {
		return f
	}
	return labelOther
}

// requestFormat is the format a generation request asked for, as the
// handler reads it: the format option under any alias, else the path
// form's extension, else PNG.
func requestFormat(c *gin.Context, r route) string {
	values, _ := url.ParseQuery(c.Request.URL.RawQuery)
	for name, vs := range values {
		if o, ok := options.Named(name); ok && len(vs) > 0 && o.Name == options.Format.Name {
			return formatLabel(vs[0])
		}
	}
	if r.label == routePath {
		data := c.Param("data")
		if dot := strings.LastIndexByte(data, '.'); dot >= 0 {
			if f, ok := options.FormatOfExtension(data[dot+1:]); ok {
				return f
			}
		}
	}
	return string(service.FormatPNG)
}

// verifyKind is the registered kind a verify request names in type, or
// none for the generic form.
func verifyKind(rawQuery string) string {
	values, _ := url.ParseQuery(rawQuery)
	name := values.Get("type")
	if name == "" {
		return labelNone
	}
	if _, ok := registry.Lookup(strings.ToLower(name)); ok {
		return strings.ToLower(name)
	}
	return labelOther
}

type cacheMetrics struct {
	hits, misses, evictions, evictedBytes prometheus.Counter
	bytes, capacity                       prometheus.Gauge
}

var _ service.CacheMetrics = (*cacheMetrics)(nil)

func newCacheMetrics(capacity int64) *cacheMetrics {
	m := &cacheMetrics{
		hits: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "qrforge_cache_hits_total", Help: "Responses served from the response cache.",
		}),
		misses: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "qrforge_cache_misses_total", Help: "Cache lookups that rendered.",
		}),
		evictions: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "qrforge_cache_evictions_total", Help: "Entries evicted from the response cache.",
		}),
		evictedBytes: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "qrforge_cache_evicted_bytes_total", Help: "Bytes of the entries evicted from the response cache.",
		}),
		bytes: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "qrforge_cache_bytes", Help: "Bytes held in the response cache.",
		}),
		capacity: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "qrforge_cache_capacity_bytes", Help: "Configured size of the response cache (--cache-size).",
		}),
	}
	m.capacity.Set(float64(capacity))
	return m
}

func (m *cacheMetrics) register(reg *prometheus.Registry) {
	reg.MustRegister(m.hits, m.misses, m.evictions, m.evictedBytes, m.bytes, m.capacity)
}

func (m *cacheMetrics) Hit()  { m.hits.Inc() }
func (m *cacheMetrics) Miss() { m.misses.Inc() }
func (m *cacheMetrics) Evicted(n int) {
	m.evictions.Inc()
	m.evictedBytes.Add(float64(n))
}
func (m *cacheMetrics) SetBytes(n int64) { m.bytes.Set(float64(n)) }
