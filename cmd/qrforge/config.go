package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"math"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"os"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"time"

	units "github.com/docker/go-units"
	"github.com/qrforge/qrforge/internal/editdistance"
	"github.com/qrforge/qrforge/internal/version"
	"github.com/qrforge/qrforge/server"
)

// config is every setting of the service. Each flag --name has the
// environment variable QRFORGE_NAME (dashes as underscores); a flag given
// on the command line wins over its variable.
type config struct {
	addr           string
	opsAddr        string
	baseURL        string
	cacheSize      byteSize
	memoryLimit    byteSize
	maxBody        byteSize
	maxUpload      byteSize
	maxBatch       int
	maxConns       int
	rateLimit      float64
	rateBurst      int
	rateClients    int
	trustedProxies string
	clientIPHeader string
	logFormat      string
	logLevel       string
	shutdownGrace  duration
	logoFetch      bool
}

// Defaults. The body, upload and batch limits are those of docs/operations.md.
const (
	defaultAddr      = "127.0.0.1:8080"
	defaultCacheSize = 64 << 20
	defaultMaxBody   = 4 << 20
	defaultMaxUpload = 10 << 20
	defaultMaxBatch  = 1000
	defaultRateBurst = 20
	// defaultShutdownGrace fits deploy/deployment.yaml: its 5 s preStop
	// sleep, this grace and the abort that follows it (abortWait) stay
	// under terminationGracePeriodSeconds: 30.
	defaultShutdownGrace = 20 * time.Second
)

// envName is the environment variable of a flag.
func envName(flagName string) string {
	return "QRFORGE_" + strings.ToUpper(strings.ReplaceAll(flagName, "-", "_"))
}

// environ lists the process's variables as NAME=value; tests replace it.
var environ = os.Environ

// unreadVariable is a QRFORGE_* variable qrforge does not read, and the
// one it most likely meant ("" when none is close).
type unreadVariable struct{ name, meant string }

// unreadVariables are the QRFORGE_* variables of vars (NAME=value) that
// no flag reads, by name: a misspelt one would leave its setting at the
// default unnoticed. Kubernetes gives the containers of a namespace with
// a Service named qrforge QRFORGE_SERVICE_HOST, QRFORGE_SERVICE_PORT,
// QRFORGE_SERVICE_PORT_<port name>, QRFORGE_PORT and QRFORGE_PORT_<port>_*
// (Kubernetes documentation, "Service", "Environment variables"): those
// are not settings and are left out.
func unreadVariables(vars []string) []unreadVariable {
	const prefix = "QRFORGE_"
	var known []string
	newFlagSet(&config{}, io.Discard).VisitAll(func(f *flag.Flag) {
		known = append(known, strings.TrimPrefix(envName(f.Name), prefix))
	})
	var out []unreadVariable
	for _, kv := range vars {
		name, _, _ := strings.Cut(kv, "=")
		rest, ok := strings.CutPrefix(name, prefix)
		if !ok || slices.Contains(known, rest) || serviceLink(rest) {
			continue
		}
		u := unreadVariable{name: name}
		if m, ok := editdistance.Meant(rest, known, nil); ok {
			u.meant = prefix + m
		}
		out = append(out, u)
	}
	slices.SortFunc(out, func(a, b unreadVariable) int { return strings.Compare(a.name, b.name) })
	return slices.CompactFunc(out, func(a, b unreadVariable) bool { return a.name == b.name })
}

// serviceLink reports whether QRFORGE_<rest> is one of the variables
// Kubernetes sets for a Service named qrforge.
func serviceLink(rest string) bool {
	return rest == "SERVICE_HOST" || rest == "SERVICE_PORT" || strings.HasPrefix(rest, "SERVICE_PORT_") ||
		rest == "PORT" || strings.HasPrefix(rest, "PORT_")
}

// warnUnread logs each QRFORGE_* variable of vars that qrforge does not
// read, at start-up, with the one it most likely meant.
func warnUnread(logger *slog.Logger, vars []string) {
	for _, u := range unreadVariables(vars) {
		attrs := []any{"variable", u.name}
		if u.meant != "" {
			attrs = append(attrs, "meant", u.meant)
		}
		logger.Warn("environment variable ignored: qrforge reads no such setting", attrs...)
	}
}

// newFlagSet declares every flag into cfg.
func newFlagSet(cfg *config, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("qrforge", flag.ContinueOnError)
	fs.SetOutput(stderr)
	*cfg = config{cacheSize: defaultCacheSize, maxBody: defaultMaxBody, maxUpload: defaultMaxUpload, shutdownGrace: duration(defaultShutdownGrace)}
	fs.StringVar(&cfg.addr, "addr", defaultAddr, "listen `address` (host:port); 0.0.0.0:8080 in a container")
	fs.StringVar(&cfg.opsAddr, "ops-addr", "", "listen `address` (host:port) of a second listener serving only /healthz, /readyz and /metrics, outside the connection cap, the in-flight cap and fair use; /metrics then leaves --addr; empty serves all on --addr")
	fs.StringVar(&cfg.baseURL, "base-url", "", "public base `URL` written in fixes, type URIs and links; empty means http://<addr>")
	fs.Var(&cfg.cacheSize, "cache-size", "response cache `size`, such as 64MiB or 256Mi; 0 turns it off (rendered responses, least recently used out first)")
	fs.Var(&cfg.memoryLimit, "memory-limit", "soft `limit` on the Go heap, past which the garbage collector works harder; 0 means twice --cache-size plus 128MiB (the GOMEMLIMIT variable, when set, wins)")
	fs.Var(&cfg.maxBody, "max-body", "largest JSON request `size` (the batch body; MCP messages have their own 16MiB)")
	fs.Var(&cfg.maxUpload, "max-upload", "largest image `size` sent to /api/v1/decode")
	fs.IntVar(&cfg.maxBatch, "max-batch", defaultMaxBatch, "most `items` in one batch request")
	fs.IntVar(&cfg.maxConns, "max-connections", 0, "most `connections` open at once; at the cap the one idle the longest is closed, or else the oldest silent for a second since it was accepted, or else the new one; 0 means twice the in-flight cap, within the file descriptor limit")
	fs.Float64Var(&cfg.rateLimit, "rate-limit", 0, "fair-use limit per client, in `requests` a second (0: off); a 304, a HEAD or a fixed document costs a quarter")
	fs.IntVar(&cfg.rateBurst, "rate-burst", defaultRateBurst, "`requests` a client may send at once before --rate-limit applies")
	fs.IntVar(&cfg.rateClients, "rate-clients", server.DefaultRateLimitClients, "`clients` the rate limiter remembers; the least recently seen is forgotten first")
	fs.StringVar(&cfg.trustedProxies, "trusted-proxies", "", "comma-separated `addresses` or CIDR ranges of proxies whose --client-ip-header names the client (default none)")
	fs.StringVar(&cfg.clientIPHeader, "client-ip-header", server.DefaultClientIPHeader, "the `header` trusted proxies name the client in: X-Forwarded-For (its right-most untrusted address) or X-Real-IP")
	fs.StringVar(&cfg.logFormat, "log-format", "json", "log `format`: json or text")
	fs.StringVar(&cfg.logLevel, "log-level", "info", "log `level`: debug, info, warn or error (debug adds the probes' requests)")
	fs.BoolVar(&cfg.logoFetch, "logo-fetch", false, "fetch logos given by URL (logo=https://...), from public addresses only, at most 1MiB within 5s; off, such a logo is a 400 (docs/logos.md)")
	fs.Var(&cfg.shutdownGrace, "shutdown-grace", "`time` requests in flight get to finish after SIGTERM or SIGINT, such as 20s or 1m; those still running then are aborted (0 aborts them at once)")
	// The flag package says only "parse error" of a number or a boolean
	// it cannot read; say what is wanted instead.
	for name, want := range map[string]string{
		"max-batch":       "want a whole number, such as 1000",
		"max-connections": "want a whole number of connections, such as 4096, or 0 (automatic)",
		"rate-limit":      "want a number of requests a second, such as 20 or 0.5, without a unit",
		"rate-burst":      "want a whole number of requests, such as 20",
		"rate-clients":    "want a whole number, such as 100000",
		"logo-fetch":      "want true or false",
	} {
		f := fs.Lookup(name)
		f.Value = explained{f.Value, want}
	}
	fs.Usage = func() {
		fmt.Fprint(stderr, "Usage: qrforge [flags]\n       qrforge healthcheck [--addr host:port]\n       qrforge version\n\n"+
			"Serves the qrforge QR code API. healthcheck asks a running qrforge's /healthz\n"+
			"and exits 0 when it answers 200 (for container HEALTHCHECKs without a shell).\n"+
			"version (or --version) prints the release, such as "+version.Version+".\n\n"+
			"Every flag can also be set by the environment variable shown; the flag wins.\n\nFlags:\n")
		fs.VisitAll(func(f *flag.Flag) {
			name, usage := flag.UnquoteUsage(f)
			fmt.Fprintf(stderr, "  --%s %s\n    \t%s (env %s", f.Name, name, usage, envName(f.Name))
			if f.DefValue != "" && f.DefValue != "0" || f.Name == "rate-limit" {
				fmt.Fprintf(stderr, "; default %s", f.DefValue)
			}
			fmt.Fprintln(stderr, ")")
		})
	}
	return fs
}

// parseConfig reads the environment, then the flags, then checks the
// result: an invalid setting stops qrforge before it listens.
func parseConfig(args []string, getenv func(string) string, stderr io.Writer) (config, error) {
	var cfg config
	fs := newFlagSet(&cfg, stderr)
	var errs []error
	fs.VisitAll(func(f *flag.Flag) {
		env := envName(f.Name)
		if v := getenv(env); v != "" {
			if err := fs.Set(f.Name, v); err != nil {
				errs = append(errs, fmt.Errorf("%s is %q; %v", setting(f.Name), v, err))
			}
		}
	})
	if err := errors.Join(errs...); err != nil {
		return cfg, fmt.Errorf("invalid configuration: %w", err)
	}
	if err := fs.Parse(args); err != nil {
		return cfg, err
	}
	if fs.NArg() > 0 {
		return cfg, fmt.Errorf("unexpected argument %q (see --help)", fs.Arg(0))
	}
	if err := cfg.validate(); err != nil {
		return cfg, fmt.Errorf("invalid configuration: %w", err)
	}
	return cfg, nil
}

// setting names a flag and its variable in error messages.
func setting(name string) string { return "--" + name + " (" + envName(name) + ")" }

// validate checks what flag parsing cannot: ranges and formats.
func (c config) validate() error {
	var errs []error
	bad := func(name, format string, a ...any) {
		errs = append(errs, fmt.Errorf("%s %s", setting(name), fmt.Sprintf(format, a...)))
	}
	checkAddr := func(name, addr, example string) {
		if host, port, err := net.SplitHostPort(addr); err != nil {
			bad(name, "is %q; want host:port, such as %s", addr, example)
		} else if n, err := strconv.Atoi(port); err != nil || n < 0 || n > 65535 {
			bad(name, "has port %q; want a number from 0 to 65535", port)
		} else if host != "" && net.ParseIP(host) == nil && strings.ContainsAny(host, "/ ") {
			bad(name, "has host %q; want an address or a host name", host)
		}
	}
	checkAddr("addr", c.addr, "127.0.0.1:8080 or 0.0.0.0:8080")
	if c.opsAddr != "" {
		checkAddr("ops-addr", c.opsAddr, "127.0.0.1:9090 or 0.0.0.0:9090")
		if _, port, err := net.SplitHostPort(c.opsAddr); err == nil && port != "0" && c.opsAddr == c.addr {
			bad("ops-addr", "is %q, the address of --addr; want a port of its own, such as 0.0.0.0:9090", c.opsAddr)
		}
	}
	if c.baseURL != "" {
		u, err := url.Parse(c.baseURL)
		switch {
		case err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "":
			bad("base-url", "is %q; want an absolute http(s) URL such as https://qr.example.com", c.baseURL)
		case u.RawQuery != "" || u.Fragment != "":
			bad("base-url", "is %q; want no query or fragment: it is the start of every URL the service writes", c.baseURL)
		}
	}
	if c.memoryLimit != 0 && c.memoryLimit < 32<<20 {
		bad("memory-limit", "is %s; want 0 (automatic) or at least 32MiB: below that the collector runs without pause", c.memoryLimit)
	}
	if c.maxBody < 1<<10 {
		bad("max-body", "is %s; want at least 1KiB: a batch of one item needs a few hundred bytes", c.maxBody)
	}
	if c.maxUpload < 1<<10 {
		bad("max-upload", "is %s; want at least 1KiB", c.maxUpload)
	}
	if c.maxBatch < 1 {
		bad("max-batch", "is %d; want at least 1", c.maxBatch)
	}
	if c.maxConns < 0 {
		bad("max-connections", "is %d; want 0 (automatic) or a number of connections, such as 4096", c.maxConns)
	}
	if c.rateLimit < 0 || math.IsNaN(c.rateLimit) || math.IsInf(c.rateLimit, 0) {
		bad("rate-limit", "is %v; want requests a second, 0 to turn the limit off", c.rateLimit)
	}
	if c.rateLimit > 0 && c.rateBurst < 1 {
		bad("rate-burst", "is %d; want at least 1 when --rate-limit is set", c.rateBurst)
	}
	if c.rateClients < 1 {
		bad("rate-clients", "is %d; want at least 1", c.rateClients)
	}
	for _, p := range c.proxies() {
		if _, err := netip.ParsePrefix(p); err != nil {
			if _, err := netip.ParseAddr(p); err != nil {
				bad("trusted-proxies", "has %q; want IP addresses or CIDR ranges, such as 10.0.0.0/8,192.168.1.2", p)
			}
		}
	}
	if h := http.CanonicalHeaderKey(c.clientIPHeader); h != "X-Forwarded-For" && h != "X-Real-Ip" {
		bad("client-ip-header", "is %q; want X-Forwarded-For or X-Real-IP", c.clientIPHeader)
	}
	if c.logFormat != "json" && c.logFormat != "text" {
		bad("log-format", "is %q; want json or text", c.logFormat)
	}
	if _, err := c.level(); err != nil {
		bad("log-level", "is %q; want debug, info, warn or error", c.logLevel)
	}
	if c.shutdownGrace < 0 {
		bad("shutdown-grace", "is %s; want 0 or more, such as 20s", c.shutdownGrace)
	}
	return errors.Join(errs...)
}

// proxies is the list of --trusted-proxies.
func (c config) proxies() []string {
	var out []string
	for _, p := range strings.Split(c.trustedProxies, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func (c config) level() (slog.Level, error) {
	var l slog.Level
	err := l.UnmarshalText([]byte(c.logLevel))
	return l, err
}

// logger writes JSON lines (or logfmt-like text) to w.
func (c config) logger(w io.Writer) *slog.Logger {
	level, _ := c.level()
	opts := &slog.HandlerOptions{Level: level}
	if c.logFormat == "text" {
		return slog.New(slog.NewTextHandler(w, opts))
	}
	return slog.New(slog.NewJSONHandler(w, opts))
}

// memoryHeadroom is what the automatic --memory-limit allows beyond twice
// the cache: request buffers, pooled compressors and the garbage of 2
// cores' worth of rendering (BENCHMARKS.md, "Memory under load").
const memoryHeadroom = 128 << 20

// heapLimit is the soft memory limit to set, or 0 to leave the runtime's:
// GOMEMLIMIT, read by the runtime itself, wins over the flag.
func (c config) heapLimit(getenv func(string) string) int64 {
	if getenv("GOMEMLIMIT") != "" {
		return 0
	}
	if c.memoryLimit > 0 {
		return int64(c.memoryLimit)
	}
	return 2*int64(c.cacheSize) + memoryHeadroom
}

// processLimit is the memory the process may use: the runtime's soft
// limit when GOMEMLIMIT or --memory-limit set one, else nine tenths of the
// container's limit (cgroupLimit), else 0 for none known.
func (c config) processLimit(getenv func(string) string, cgroupLimit func() int64) int64 {
	if getenv("GOMEMLIMIT") != "" {
		return debug.SetMemoryLimit(-1) // the runtime parsed it
	}
	if c.memoryLimit > 0 {
		return int64(c.memoryLimit)
	}
	return cgroupLimit() / 10 * 9
}

// workMemory is the budget of request work: what the process may use,
// less the response cache (twice: entries and garbage) and the headroom of
// the runtime, buffers and connections, of which three quarters are
// lent out so that estimates may err. With no limit known it is the
// service's default.
func workMemory(limit, cacheSize int64) int64 {
	if limit <= 0 {
		return 0
	}
	return max(64<<20, (limit-2*cacheSize-memoryHeadroom)/4*3)
}

// cgroupLimit reads the container's memory limit (cgroup v2, then v1), 0
// when there is none.
func cgroupLimit() int64 {
	for _, path := range []string{"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"} {
		b, err := os.ReadFile(path)
		if err != nil {
			continue
		}
		n, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64)
		if err == nil && n > 0 && n < 1<<50 { // "max", or v1's "unlimited" page-rounded MaxInt64
			return n
		}
	}
	return 0
}

// connLimit is the cap on open connections: --max-connections, else
// the automatic one for the work budget and the file descriptor limit.
func (c config) connLimit(budget int64, fds int) int {
	if c.maxConns > 0 {
		return c.maxConns
	}
	return server.DefaultConnLimit(budget, fds)
}

// server is the server's part of the configuration.
func (c config) server(baseURL string, logger *slog.Logger) server.Config {
	return server.Config{
		BaseURL:          baseURL,
		Logger:           logger,
		CacheSize:        int64(c.cacheSize),
		MaxBody:          int64(c.maxBody),
		MaxUpload:        int64(c.maxUpload),
		MaxBatchItems:    c.maxBatch,
		RateLimit:        c.rateLimit,
		RateBurst:        c.rateBurst,
		RateLimitClients: c.rateClients,
		TrustedProxies:   c.proxies(),
		ClientIPHeader:   c.clientIPHeader,
		LogoFetch:        c.logoFetch,
		WriteTimeout:     writeTimeout,
	}
}

// byteSize is a flag of bytes written with binary units: 64MiB, 64MB,
// 64M and 64m all mean 64 × 2^20 (github.com/docker/go-units, as
// docker --memory reads them), and so does Kubernetes' 64Mi.
type byteSize int64

func (b byteSize) String() string { return units.BytesSize(float64(b)) }

func (b *byteSize) Set(s string) error {
	s = strings.TrimSpace(s)
	if strings.HasSuffix(s, "i") || strings.HasSuffix(s, "I") {
		s += "B" // Kubernetes' quantity suffixes: Ki, Mi, Gi
	}
	n, err := units.RAMInBytes(s)
	if err != nil {
		return fmt.Errorf("want a size such as 64MiB, 512KiB or 1048576")
	}
	if n < 0 {
		return fmt.Errorf("a size cannot be negative")
	}
	*b = byteSize(n)
	return nil
}

// explained is a flag's value whose error says what is wanted.
type explained struct {
	flag.Value
	want string
}

func (e explained) Set(s string) error {
	if err := e.Value.Set(strings.TrimSpace(s)); err != nil {
		return errors.New(e.want)
	}
	return nil
}

// IsBoolFlag keeps --logo-fetch a switch that needs no value.
func (e explained) IsBoolFlag() bool {
	b, ok := e.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// duration is a flag of time written as Go durations: 20s, 1m30s, 500ms.
type duration time.Duration

func (d duration) String() string { return time.Duration(d).String() }

func (d *duration) Set(s string) error {
	v, err := time.ParseDuration(strings.TrimSpace(s))
	if err != nil {
		return fmt.Errorf("want a duration with its unit, such as 20s, 1m30s or 500ms")
	}
	*d = duration(v)
	return nil
}
