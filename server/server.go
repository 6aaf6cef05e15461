package server

import (
	"cmp"
	"encoding/json"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/qrforge/qrforge/internal/text"
	"github.com/qrforge/qrforge/registry"
	"github.com/qrforge/qrforge/service"
)

// Config is what the server needs from its environment.
type Config struct {
	// BaseURL is the public address fixes and type URIs are written on,
	// without a trailing slash.
	BaseURL string
	Logger  *slog.Logger
	// MCP, when set, builds the MCP endpoint served at /api/mcp on the
	// service the routes use (cmd passes mcp.New), so that its tools give
	// the same answers as HTTP clients without this package importing it.
	MCP func(svc *service.Service) http.Handler

	// CacheSize is the response cache's budget in bytes (cache.go); 0
	// turns the cache off. It is reported as qrforge_cache_capacity_bytes.
	CacheSize int64
	// MaxBody bounds a JSON request body (batch), MaxUpload an image sent
	// to decode, MaxBatchItems the items of one batch. Zero keeps the
	// defaults of docs/operations.md: 4 MiB, 10 MiB and 1000.
	MaxBody       int64
	MaxUpload     int64
	MaxBatchItems int
	// RateLimit is each client's fair-use allowance in requests a second;
	// 0 turns the limit off. RateBurst is how many requests a client may
	// send at once (at least 1 when RateLimit is set), and
	// RateLimitClients caps the clients remembered (0: the default). See
	// ratelimit.go for what a request costs.
	RateLimit        float64
	RateBurst        int
	RateLimitClients int
	// TrustedProxies are the addresses or CIDR ranges whose
	// ClientIPHeader names the client; by default none is trusted and the
	// client is the connection's peer.
	TrustedProxies []string
	// ClientIPHeader is the header a trusted proxy names the client in:
	// X-Forwarded-For (the default), whose right-most address that is not
	// a trusted proxy is the client, or X-Real-IP. Only one is read, so a
	// client cannot fall back on the other to pick its own address.
	ClientIPHeader string
	// Memory is the budget of request work the service admits
	// (service.Config.Memory); 0 is its default. AdmissionWait is how long
	// work waits for it before a 503.
	Memory        int64
	AdmissionWait time.Duration
	// LogoFetch turns on fetching logos given by URL, from public
	// addresses only (service.Config.LogoFetch).
	LogoFetch bool
	// WriteTimeout is the http.Server's, renewed before each write of an
	// answer and when its handler returns, so that it bounds the writing
	// and not the work (a long batch, a slow verify) while a stalled
	// client still meets it. 0 sets no deadline.
	WriteTimeout time.Duration
	// Connections, when set, is the cap on open connections the
	// http.Server serving this handler uses (conns.go), reported on
	// /metrics.
	Connections *ConnLimit
	// Readiness, when set, replaces the test render behind /readyz, so
	// that tests can make it fail.
	Readiness func() error
	// Stopping, when set, is closed as the shutdown begins: /readyz then
	// answers 503 while the requests in flight drain, on every listener
	// (docs/operations.md, "Shutdown").
	Stopping <-chan struct{}
}

// Server holds the dependencies of every handler.
type Server struct {
	baseURL string
	log     *slog.Logger
	engine  *gin.Engine
	// writeTimeout is Config.WriteTimeout, renewed before each write
	// (deadline.go).
	writeTimeout time.Duration
	// extraOperations and extraDocs are filled by endpoint families as they
	// register, and become part of the OpenAPI document and llms texts.
	extraOperations map[string]obj
	extraDocs       []extraDoc
	// mcp serves /api/mcp once built; see mountMCP.
	mcp http.Handler
	// routeTable classifies every route pattern for metrics, logs and
	// the rate limit; see classifyRoutes.
	routeTable map[string]route
	metrics    *metrics
	readiness  func() error
	// limiter is nil when no rate limit is configured.
	limiter *rateLimiter
	// svc serves every operation; handlers adapt it to HTTP.
	svc *service.Service
	// shedder caps the requests in the handlers at once (shed.go).
	shedder *shedder
	// ops serves the operations routes on a listener of their own, nil
	// when they are served with the API (NewWithOps).
	ops *gin.Engine
	// stopping is Config.Stopping.
	stopping <-chan struct{}
}

// DefaultClientIPHeader is where a trusted proxy names the client unless
// Config says otherwise.
const DefaultClientIPHeader = "X-Forwarded-For"

// New returns qrforge's HTTP handler: every route is listed in routes.
func New(cfg Config) http.Handler { return newServer(cfg, false).engine }

// NewWithOps returns the API handler and the handler of a listener of the
// operations' own (docs/operations.md, "Operations listener"), which
// serves /healthz, /readyz and /metrics and nothing else. The API handler
// keeps the probes, for load balancers that check the public port, but
// not /metrics, which shows internals no client needs. Both report the
// same service: the metrics count the API handler's requests.
func NewWithOps(cfg Config) (api, ops http.Handler) {
	s := newServer(cfg, true)
	return s.engine, s.ops
}

func newServer(cfg Config, opsApart bool) *Server {
	gin.SetMode(gin.ReleaseMode)
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	s := &Server{
		baseURL: strings.TrimRight(cfg.BaseURL, "/"),
		log:     cfg.Logger,
		engine:  gin.New(),
		metrics: newMetrics(cfg.CacheSize, cfg.Connections),

		writeTimeout: cfg.WriteTimeout,
		stopping:     cfg.Stopping,
	}
	if opsApart {
		s.ops = gin.New()
	}
	s.svc = service.New(service.Config{
		BaseURL:       s.baseURL,
		Logger:        cfg.Logger,
		CacheSize:     cfg.CacheSize,
		MaxBody:       cfg.MaxBody,
		MaxUpload:     cfg.MaxUpload,
		MaxBatchItems: cfg.MaxBatchItems,
		Memory:        cfg.Memory,
		AdmissionWait: cfg.AdmissionWait,
		LogoFetch:     cfg.LogoFetch,
		Observer:      s.metrics,
		CacheMetrics:  s.metrics.cache,
	})
	s.readiness = cfg.Readiness
	if s.readiness == nil {
		s.readiness = readinessRender
	}
	// gin trusts every proxy's X-Forwarded-For unless told otherwise,
	// which would let any client choose the address it is logged and
	// rate-limited under.
	if err := s.engine.SetTrustedProxies(cfg.TrustedProxies); err != nil {
		panic("server: trusted proxies: " + err.Error())
	}
	s.engine.RemoteIPHeaders = []string{cmp.Or(cfg.ClientIPHeader, DefaultClientIPHeader)}
	s.engine.HandleMethodNotAllowed = true
	s.engine.RedirectTrailingSlash = false
	s.engine.RedirectFixedPath = false
	// requestLog comes first so that it sees every answer, panics turned
	// into 500s included, and gives every problem its instance.
	s.engine.Use(s.renewWriteDeadline, s.requestLog, s.instrument, s.recoverProblem, cors)
	if cfg.RateLimit > 0 {
		s.limiter = newRateLimiter(cfg.RateLimit, cfg.RateBurst, cfg.RateLimitClients)
		s.engine.Use(s.limitRate)
	}
	s.shedder = newShedder(cmp.Or(cfg.Memory, service.DefaultMemory))
	s.engine.Use(s.limitURI, s.refuseEncodedBody, s.shed)
	s.extraOperations = map[string]obj{}
	s.routes()
	s.mountMCP(cfg.MCP)
	s.describe()
	s.routeTable = s.classifyRoutes()
	if cfg.MCP != nil {
		s.mcp = cfg.MCP(s.svc)
	}
	return s
}

// describe builds the machine-readable descriptions once, after every route
// has registered.
func (s *Server) describe() {
	doc, err := json.Marshal(s.OpenAPI())
	if err != nil {
		panic("server: OpenAPI document: " + err.Error())
	}
	get(s.engine, "/api/openapi.json", newPrecompressed("application/json", doc).serve)
	get(s.engine, "/llms.txt", s.serveText(s.llmsTxt()))
	get(s.engine, "/llms-full.txt", newPrecompressed("text/plain; charset=utf-8", []byte(s.llmsFullTxt())).serve)
}

// routes is the one place every endpoint is declared.
func (s *Server) routes() {
	r := s.engine
	get(r, "/api/v1/qr", s.generateQR)
	r.POST("/api/v1/qr", s.generateUpload("", "/api/v1/qr"))
	s.documentUpload("/api/v1/qr", "generate_qr_upload", "")
	get(r, "/q/*data", s.generatePath)
	r.POST("/api/v1/qr/batch", s.handleBatch())
	r.POST("/api/v1/decode", s.handleDecode())
	get(r, verifyPath, s.handleVerify())
	s.kindRoutes()
	s.dropinRoutes()
	s.pageRoutes()
	get(r, "/errors/:kind", s.errorDoc)
	s.opsRoutes()
	r.NoRoute(s.notFound)
	r.NoMethod(s.methodNotAllowed)
}

// get registers a GET route and its HEAD twin.
func get(r *gin.Engine, path string, h gin.HandlerFunc) {
	r.GET(path, h)
	r.HEAD(path, h)
}

// cors allows every origin (README "Responses") and answers preflights.
func cors(c *gin.Context) {
	h := c.Writer.Header()
	h.Set("Access-Control-Allow-Origin", "*")
	// Retry-After and X-Request-Id let a browser client wait out a 429
	// and quote its request in a report.
	h.Set("Access-Control-Expose-Headers", "ETag, X-QR-Version, X-QR-EC, X-QR-Symbol, X-QR-Symbols, X-QR-Warning, Content-Length, Retry-After, X-Request-Id")
	if c.Request.Method == http.MethodOptions {
		h.Set("Access-Control-Allow-Methods", "GET, HEAD, POST, DELETE, OPTIONS")
		h.Set("Access-Control-Allow-Headers", "Content-Type, If-None-Match, Accept, Mcp-Session-Id, Mcp-Protocol-Version, Mcp-Method, Mcp-Name, Last-Event-ID")
		h.Set("Access-Control-Max-Age", "86400")
		c.AbortWithStatus(http.StatusNoContent)
	}
}

// isGeneration reports a generation path, /api/v1/qr or a kind's, which
// also takes its parameters as a POST body.
func isGeneration(path string) bool {
	if path == "/api/v1/qr" {
		return true
	}
	name, ok := strings.CutPrefix(path, "/api/v1/")
	_, kind := registry.Lookup(name)
	return ok && kind
}

// limitURI refuses request targets longer than service.MaxURILength. A
// generation call is fixed as the same parameters in a POST body; any
// other gets no fix, only an example, for a fix never swaps in data the
// caller did not send.
func (s *Server) limitURI(c *gin.Context) {
	n := len(c.Request.RequestURI)
	if n <= service.MaxURILength {
		return
	}
	detail := "the request target is " + strconv.Itoa(n) + " bytes; at most " + strconv.Itoa(service.MaxURILength) + " are read"
	path := c.Request.URL.Path
	if isGeneration(path) {
		writeProblem(c, s.problem(service.KindURITooLong, http.StatusRequestURITooLong,
			detail+"; POST "+path+" takes the same parameters as a form body",
			"", s.svc.FormCurl(path, c.Request.URL.RawQuery)))
		return
	}
	p := s.problem(service.KindURITooLong, http.StatusRequestURITooLong, detail, "", "")
	p.Example = s.baseURL + "/api/v1/qr?data=Hello%2C%20world%21"
	writeProblem(c, p)
}

// refuseEncodedBody answers 415 to a body sent with a Content-Encoding
// (gzip, br): no endpoint decompresses one, and read as it is, a
// compressed batch or image is nonsense (RFC 9110 §8.4: a coding the
// server cannot handle is a 415; RFC 7694 §3: Accept-Encoding then says
// which it takes, here identity only).
func (s *Server) refuseEncodedBody(c *gin.Context) {
	coding := strings.TrimSpace(c.GetHeader("Content-Encoding"))
	if coding == "" || strings.EqualFold(coding, "identity") {
		return
	}
	c.Header("Accept-Encoding", "identity")
	p := s.problem(service.KindUnsupportedMediaType, http.StatusUnsupportedMediaType,
		"the body is sent with Content-Encoding "+text.Truncate(coding, 64)+", which qrforge does not decode; send it uncompressed, without Content-Encoding",
		"Content-Encoding", "")
	p.Example = s.bodyExample(c.Request.URL.Path)
	if p.Example == "" {
		target := s.baseURL + c.Request.URL.Path
		if q := c.Request.URL.RawQuery; q != "" {
			target += "?" + service.SanitizeQuery(q)
		}
		p.Example = "curl -X " + c.Request.Method + " '" + target + "' -H 'Content-Type: " + text.Truncate(c.ContentType(), 64) + "' --data-binary @body  # body: uncompressed"
	}
	writeProblem(c, p)
}

// ctxAborted marks a request whose answer is abandoned: requestLog logs it
// and then closes the connection without ending the response.
const ctxAborted = "qrforge.aborted"

// recoverProblem turns a panic into a 500 problem document and logs it, so
// one bad request never takes the process down.
//
// http.ErrAbortHandler is a handler's way to abandon an answer it cannot
// finish, such as a batch stopped half-way: it is not an error, and it is
// passed on (by requestLog, once the request is logged) so that net/http
// closes the connection without the end of the response, and the client
// sees a failure rather than a short body that looks complete. A panic
// after the answer has begun is treated the same way, since a problem
// document can no longer replace it.
func (s *Server) recoverProblem(c *gin.Context) {
	defer func() {
		v := recover()
		if v == nil {
			return
		}
		if v != http.ErrAbortHandler {
			// The route pattern, not the path: /q/<data> holds the data.
			s.log.Error("panic serving request", "request_id", requestID(c), "method", methodLabel(c.Request.Method), "route", s.routeOf(c).label, "panic", v)
			if !c.Writer.Written() {
				writeProblem(c, s.problem(service.KindInternal, http.StatusInternalServerError,
					"qrforge failed to serve this request", "", ""))
				return
			}
		}
		c.Set(ctxAborted, true)
		c.Abort()
	}()
	c.Next()
}
