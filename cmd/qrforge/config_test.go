package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"io"
	"maps"
	"net"
	"net/http"
	"os"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/qrforge/qrforge/internal/version"
	"github.com/qrforge/qrforge/server"
)

// env is a fake environment for run.
func env(kv ...string) func(string) string {
	m := map[string]string{}
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i]] = kv[i+1]
	}
	return func(k string) string { return m[k] }
}

// lockedBuffer is a writer the server's goroutines and the test share.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

func TestHelpDocumentsEveryFlag(t *testing.T) {
	var stderr bytes.Buffer
	if err := run(context.Background(), []string{"--help"}, env(), io.Discard, &stderr); err != nil {
		t.Fatalf("--help: %v", err)
	}
	help := stderr.String()
	flags := []string{"addr", "base-url", "cache-size", "max-body", "max-upload", "max-batch",
		"rate-limit", "rate-burst", "rate-clients", "trusted-proxies", "client-ip-header", "log-format", "log-level", "shutdown-grace", "logo-fetch", "ops-addr"}
	for _, name := range flags {
		for _, want := range []string{"--" + name + " ", "env " + envName(name)} {
			if !strings.Contains(help, want) {
				t.Errorf("--help does not mention %q:\n%s", want, help)
			}
		}
	}
	for _, want := range []string{"default 64MiB", "default 127.0.0.1:8080", "default 1000", "default 20s", "qrforge healthcheck"} {
		if !strings.Contains(help, want) {
			t.Errorf("--help does not say %q", want)
		}
	}
}

func TestEnvironmentAndFlags(t *testing.T) {
	cfg, err := parseConfig(
		[]string{"--rate-burst", "7", "--cache-size=1GiB"},
		env("QRFORGE_RATE_LIMIT", "2.5", "QRFORGE_RATE_BURST", "99", "QRFORGE_MAX_UPLOAD", "512k",
			"QRFORGE_LOG_FORMAT", "text", "QRFORGE_TRUSTED_PROXIES", "10.0.0.0/8, 192.168.1.2",
			"QRFORGE_ADDR", "0.0.0.0:9000", "QRFORGE_BASE_URL", "https://qr.example.com", "QRFORGE_CLIENT_IP_HEADER", "x-real-ip",
			"QRFORGE_SHUTDOWN_GRACE", "45s", "QRFORGE_LOGO_FETCH", "true", "QRFORGE_OPS_ADDR", "0.0.0.0:9090"),
		io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	want := config{
		addr: "0.0.0.0:9000", baseURL: "https://qr.example.com",
		cacheSize: 1 << 30, maxBody: defaultMaxBody, maxUpload: 512 << 10, maxBatch: defaultMaxBatch,
		rateLimit: 2.5, rateBurst: 7, rateClients: cfg.rateClients,
		trustedProxies: "10.0.0.0/8, 192.168.1.2", clientIPHeader: "x-real-ip", logFormat: "text", logLevel: "info",
		shutdownGrace: duration(45 * time.Second), logoFetch: true, opsAddr: "0.0.0.0:9090",
	}
	if cfg != want {
		t.Errorf("config\n%+v, want\n%+v (a flag wins over its variable)", cfg, want)
	}
	sc := cfg.server("https://qr.example.com", nil)
	if sc.RateLimit != 2.5 || sc.RateBurst != 7 || sc.CacheSize != 1<<30 || sc.MaxUpload != 512<<10 ||
		len(sc.TrustedProxies) != 2 || sc.TrustedProxies[1] != "192.168.1.2" || sc.ClientIPHeader != "x-real-ip" || !sc.LogoFetch {
		t.Errorf("server config %+v does not carry the settings", sc)
	}
}

func TestHeapLimit(t *testing.T) {
	none := func(string) string { return "" }
	for _, c := range []struct {
		cfg    config
		getenv func(string) string
		want   int64
	}{
		{config{cacheSize: 64 << 20}, none, 256 << 20},
		{config{cacheSize: 0}, none, 128 << 20},
		{config{cacheSize: 64 << 20, memoryLimit: 1 << 30}, none, 1 << 30},
		{config{cacheSize: 64 << 20, memoryLimit: 1 << 30}, env("GOMEMLIMIT", "off"), 0},
	} {
		if got := c.cfg.heapLimit(c.getenv); got != c.want {
			t.Errorf("%+v: heap limit %d, want %d", c.cfg, got, c.want)
		}
	}
	cfg, err := parseConfig(nil, env("QRFORGE_MEMORY_LIMIT", "512MiB"), io.Discard)
	if err != nil || cfg.memoryLimit != 512<<20 {
		t.Errorf("QRFORGE_MEMORY_LIMIT=512MiB gives %v, %v", cfg.memoryLimit, err)
	}
}

// TestInvalidConfigurationFailsAtStart: run refuses a bad setting before
// it listens, naming the flag, its variable and what is wanted.
func TestInvalidConfigurationFailsAtStart(t *testing.T) {
	cases := []struct {
		name string
		args []string
		env  []string
		want []string
	}{
		{"rate not a number", nil, []string{"QRFORGE_RATE_LIMIT", "fast"}, []string{"--rate-limit (QRFORGE_RATE_LIMIT) is \"fast\"", "want a number of requests a second"}},
		{"rate with a unit", []string{"--rate-limit=5/s"}, nil, []string{"-rate-limit", "want a number of requests a second"}},
		{"batch not a whole number", nil, []string{"QRFORGE_MAX_BATCH", "1e3"}, []string{"--max-batch (QRFORGE_MAX_BATCH) is \"1e3\"", "want a whole number"}},
		{"burst not a number", []string{"--rate-burst=lots"}, nil, []string{"-rate-burst", "want a whole number"}},
		{"clients not a number", nil, []string{"QRFORGE_RATE_CLIENTS", "100k"}, []string{"--rate-clients (QRFORGE_RATE_CLIENTS)", "want a whole number"}},
		{"logo fetch not a boolean", nil, []string{"QRFORGE_LOGO_FETCH", "yes"}, []string{"--logo-fetch (QRFORGE_LOGO_FETCH) is \"yes\"", "want true or false"}},
		{"negative rate", []string{"--rate-limit=-1"}, nil, []string{"--rate-limit (QRFORGE_RATE_LIMIT)", "0 to turn the limit off"}},
		{"no burst", []string{"--rate-limit=5", "--rate-burst=0"}, nil, []string{"--rate-burst (QRFORGE_RATE_BURST)", "at least 1"}},
		{"bad size", nil, []string{"QRFORGE_CACHE_SIZE", "lots"}, []string{"--cache-size (QRFORGE_CACHE_SIZE) is \"lots\"", "64MiB"}},
		{"bad memory limit", []string{"--memory-limit=plenty"}, nil, []string{"memory-limit", "64MiB"}},
		{"tiny memory limit", nil, []string{"QRFORGE_MEMORY_LIMIT", "1MiB"}, []string{"--memory-limit (QRFORGE_MEMORY_LIMIT)", "at least 32MiB"}},
		{"tiny body", []string{"--max-body=10"}, nil, []string{"--max-body (QRFORGE_MAX_BODY)", "at least 1KiB"}},
		{"no batch", []string{"--max-batch=0"}, nil, []string{"--max-batch", "at least 1"}},
		{"negative connections", []string{"--max-connections=-1"}, nil, []string{"--max-connections (QRFORGE_MAX_CONNECTIONS)", "0 (automatic)"}},
		{"connections not a number", nil, []string{"QRFORGE_MAX_CONNECTIONS", "4k"}, []string{"--max-connections (QRFORGE_MAX_CONNECTIONS) is \"4k\"", "want a whole number of connections"}},
		{"log format", []string{"--log-format=xml"}, nil, []string{"--log-format (QRFORGE_LOG_FORMAT)", "json or text"}},
		{"log level", nil, []string{"QRFORGE_LOG_LEVEL", "loud"}, []string{"--log-level", "debug, info, warn or error"}},
		{"grace without unit", nil, []string{"QRFORGE_SHUTDOWN_GRACE", "20"}, []string{"--shutdown-grace (QRFORGE_SHUTDOWN_GRACE) is \"20\"", "such as 20s"}},
		{"grace not a duration", []string{"--shutdown-grace=soon"}, nil, []string{"shutdown-grace", "such as 20s"}},
		{"negative grace", []string{"--shutdown-grace=-1s"}, nil, []string{"--shutdown-grace (QRFORGE_SHUTDOWN_GRACE)", "want 0 or more"}},
		{"address", []string{"--addr=8080"}, nil, []string{"--addr (QRFORGE_ADDR)", "host:port"}},
		{"operations address", []string{"--ops-addr=9090"}, nil, []string{"--ops-addr (QRFORGE_OPS_ADDR) is \"9090\"", "host:port"}},
		{"operations port", nil, []string{"QRFORGE_OPS_ADDR", "127.0.0.1:metrics"}, []string{"--ops-addr (QRFORGE_OPS_ADDR) has port \"metrics\"", "0 to 65535"}},
		{"operations on the API's address", []string{"--addr=127.0.0.1:8080", "--ops-addr=127.0.0.1:8080"}, nil, []string{"--ops-addr (QRFORGE_OPS_ADDR) is \"127.0.0.1:8080\"", "--addr", "a port of its own"}},
		{"base URL", nil, []string{"QRFORGE_BASE_URL", "qr.example.com"}, []string{"--base-url (QRFORGE_BASE_URL)", "absolute http(s) URL"}},
		{"proxies", []string{"--trusted-proxies=10.0.0.0/8,proxy.internal"}, nil, []string{"--trusted-proxies", "\"proxy.internal\""}},
		{"client ip header", []string{"--client-ip-header=Forwarded"}, nil, []string{"--client-ip-header", "\"Forwarded\""}},
		{"several at once", []string{"--max-batch=0", "--log-format=xml"}, nil, []string{"--max-batch", "--log-format"}},
		{"unknown flag", []string{"--rate=5"}, nil, []string{"flag provided but not defined: -rate"}},
		{"argument", []string{"serve"}, nil, []string{"unexpected argument \"serve\""}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			// A cancelled context: were the configuration accepted, run
			// would listen and return at once rather than serve.
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			var stdout bytes.Buffer
			args := append([]string{"--addr=127.0.0.1:0"}, tc.args...)
			err := run(ctx, args, env(tc.env...), &stdout, io.Discard)
			if err == nil {
				t.Fatalf("run accepted %v %v", tc.args, tc.env)
			}
			for _, want := range tc.want {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("error %q does not say %q", err, want)
				}
			}
			if stdout.Len() > 0 {
				t.Errorf("run started listening: %s", stdout.String())
			}
		})
	}
	// The same call with valid settings starts (and stops at once).
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := run(ctx, []string{"--addr=127.0.0.1:0", "--rate-limit=5", "--max-batch=10"}, env("QRFORGE_LOG_FORMAT", "text"), io.Discard, io.Discard); err != nil {
		t.Errorf("valid configuration: %v", err)
	}
}

// TestShutdownGrace: the default fits deploy/deployment.yaml, the variable
// and the flag set it (the flag wins), and 0 is allowed: requests in
// flight are then aborted at once.
func TestShutdownGrace(t *testing.T) {
	for _, c := range []struct {
		args []string
		env  func(string) string
		want time.Duration
	}{
		{nil, env(), 20 * time.Second},
		{nil, env("QRFORGE_SHUTDOWN_GRACE", "1m30s"), 90 * time.Second},
		{[]string{"--shutdown-grace=2s"}, env("QRFORGE_SHUTDOWN_GRACE", "1m30s"), 2 * time.Second},
		{[]string{"--shutdown-grace", "0"}, env(), 0},
		{[]string{"--shutdown-grace=500ms"}, env(), 500 * time.Millisecond},
	} {
		cfg, err := parseConfig(c.args, c.env, io.Discard)
		if err != nil || time.Duration(cfg.shutdownGrace) != c.want {
			t.Errorf("%v: grace %v, %v; want %v", c.args, time.Duration(cfg.shutdownGrace), err, c.want)
		}
	}
}

func TestByteSize(t *testing.T) {
	for in, want := range map[string]byteSize{"64MiB": 64 << 20, "64Mi": 64 << 20, "64m": 64 << 20, "512KiB": 512 << 10, "1g": 1 << 30, "1048576": 1 << 20, "0": 0} {
		var b byteSize
		if err := b.Set(in); err != nil || b != want {
			t.Errorf("Set(%q) = %d, %v; want %d", in, b, err, want)
		}
	}
	var b byteSize
	if err := b.Set("-1m"); err == nil {
		t.Error("a negative size was accepted")
	}
}

// serveForTest runs the binary's run in the background on a free port and
// returns its address and its log; the server stops when the test ends.
func serveForTest(t *testing.T, args []string, environment func(string) string) (string, *lockedBuffer) {
	t.Helper()
	addr, _, log := serveForTestOutput(t, args, environment)
	return addr, log
}

// serveForTestOutput is serveForTest that returns the start-up line too.
func serveForTestOutput(t *testing.T, args []string, environment func(string) string) (addr, startup string, log *lockedBuffer) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	stdout, stderr := &lockedBuffer{}, &lockedBuffer{}
	done := make(chan error, 1)
	go func() { done <- run(ctx, append([]string{"--addr=127.0.0.1:0"}, args...), environment, stdout, stderr) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("run: %v", err)
		}
	})
	listening := regexp.MustCompile(`listening on http://(\S+)`)
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if m := listening.FindStringSubmatch(stdout.String()); m != nil {
			return m[1], stdout.String(), stderr
		}
		select {
		case err := <-done:
			t.Fatalf("run ended: %v\n%s", err, stderr.String())
		case <-time.After(10 * time.Millisecond):
		}
	}
	t.Fatalf("run did not start listening: %s", stderr.String())
	return "", "", nil
}

func httpGet(t *testing.T, url string) *http.Response {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp
}

// TestServedLogs runs the binary as deployed: one JSON line per request
// with the documented fields, and a Wi-Fi password nowhere in the log.
func TestServedLogs(t *testing.T) {
	addr, log := serveForTest(t, nil, env())
	const secret = "SuperSecret123"
	resp := httpGet(t, "http://"+addr+"/api/v1/wifi?ssid=x&password="+secret)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET /api/v1/wifi: %s", resp.Status)
	}
	id := resp.Header.Get("X-Request-Id")
	httpGet(t, "http://"+addr+"/api/v1/wifi?ssid=x&password="+secret+"&security=WEP") // 400
	httpGet(t, "http://"+addr+"/wifi?ssid=x&password="+secret)                        // the page
	if strings.Contains(log.String(), secret) {
		t.Errorf("the log holds the password:\n%s", log.String())
	}
	var line map[string]any
	for _, l := range strings.Split(log.String(), "\n") {
		var m map[string]any
		if json.Unmarshal([]byte(l), &m) == nil && m["request_id"] == id {
			if line != nil {
				t.Errorf("two log lines for request %s", id)
			}
			line = m
		}
	}
	if line == nil {
		t.Fatalf("no JSON log line for request %s:\n%s", id, log.String())
	}
	for _, field := range []string{"time", "level", "msg", "request_id", "method", "route", "status", "duration_ms", "bytes", "kind", "format", "client"} {
		if _, ok := line[field]; !ok {
			t.Errorf("log line has no %s: %v", field, line)
		}
	}
	if line["route"] != "/api/v1/:kind" || line["kind"] != "wifi" || line["status"] != float64(200) {
		t.Errorf("log line %v, want route /api/v1/:kind, kind wifi, status 200", line)
	}
}

func TestTextLogs(t *testing.T) {
	addr, log := serveForTest(t, []string{"--log-format=text"}, env())
	httpGet(t, "http://"+addr+"/api/v1/qr?data=hi")
	if !regexp.MustCompile(`level=INFO msg=request request_id=\S+ method=GET route=/api/v1/qr status=200`).MatchString(log.String()) {
		t.Errorf("no text request line:\n%s", log.String())
	}
}

func TestHealthcheckSubcommand(t *testing.T) {
	addr, _ := serveForTest(t, nil, env())
	_, port, _ := net.SplitHostPort(addr)
	ctx := context.Background()
	if err := run(ctx, []string{"healthcheck", "--addr", addr}, env(), io.Discard, io.Discard); err != nil {
		t.Errorf("healthcheck of a running server: %v", err)
	}
	// As in the container: the address from QRFORGE_ADDR, a wildcard host.
	if err := run(ctx, []string{"healthcheck"}, env("QRFORGE_ADDR", "0.0.0.0:"+port), io.Discard, io.Discard); err != nil {
		t.Errorf("healthcheck with QRFORGE_ADDR=0.0.0.0:%s: %v", port, err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := ln.Addr().String()
	ln.Close()
	if err := run(ctx, []string{"healthcheck", "--addr", closed}, env(), io.Discard, io.Discard); err == nil {
		t.Error("healthcheck of a closed port succeeded")
	}
}

// TestServedOps: the probes and metrics the Kubernetes manifests use answer
// on the binary's routes.
func TestServedOps(t *testing.T) {
	addr, _ := serveForTest(t, []string{"--rate-limit=1", "--rate-burst=1"}, env())
	for _, path := range []string{"/healthz", "/readyz", "/metrics", "/readyz"} {
		if resp := httpGet(t, "http://"+addr+path); resp.StatusCode != http.StatusOK {
			t.Errorf("GET %s: %s", path, resp.Status)
		}
	}
	httpGet(t, "http://"+addr+"/api/v1/qr?data=a")
	if resp := httpGet(t, "http://"+addr+"/api/v1/qr?data=a"); resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("Retry-After") == "" {
		t.Errorf("second request under --rate-limit=1 --rate-burst=1: %s, Retry-After %q", resp.Status, resp.Header.Get("Retry-After"))
	}
}

// TestOperationsDocListsEveryFlag keeps docs/operations.md's table in step
// with the flags.
func TestOperationsDocListsEveryFlag(t *testing.T) {
	doc, err := os.ReadFile("../../docs/operations.md")
	if err != nil {
		t.Fatal(err)
	}
	var cfg config
	newFlagSet(&cfg, io.Discard).VisitAll(func(f *flag.Flag) {
		row := "| `--" + f.Name + "` | `" + envName(f.Name) + "` |"
		if !strings.Contains(string(doc), row) {
			t.Errorf("docs/operations.md has no row starting %s", row)
		}
	})
}

// TestConnLimit: --max-connections wins; 0 is the automatic cap of the
// work budget and the file descriptor limit.
func TestConnLimit(t *testing.T) {
	cfg, err := parseConfig(nil, env("QRFORGE_MAX_CONNECTIONS", "300"), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if got := cfg.connLimit(1<<30, 1<<20); got != 300 {
		t.Errorf("QRFORGE_MAX_CONNECTIONS=300: cap %d, want 300", got)
	}
	cfg, err = parseConfig(nil, env(), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := cfg.connLimit(483<<20, 1<<20), server.DefaultConnLimit(483<<20, 1<<20); got != want {
		t.Errorf("no setting: cap %d, want the automatic %d", got, want)
	}
}

// TestWorkMemory: the budget of request work comes from the process's
// limit, the flag before the container's, less the cache and headroom.
func TestWorkMemory(t *testing.T) {
	none := func(string) string { return "" }
	container := func() int64 { return 1 << 30 }
	if got := (config{}).processLimit(none, container); got != (1<<30)/10*9 {
		t.Errorf("container limit 1 GiB: process limit %d, want nine tenths", got)
	}
	if got := (config{memoryLimit: 700 << 20}).processLimit(none, container); got != 700<<20 {
		t.Errorf("--memory-limit 700MiB: process limit %d", got)
	}
	if got := (config{}).processLimit(none, func() int64 { return 0 }); got != 0 {
		t.Errorf("no limit anywhere: %d, want 0", got)
	}
	if got, want := workMemory(900<<20, 64<<20), int64(483<<20); got != want {
		t.Errorf("GOMEMLIMIT=900MiB with a 64 MiB cache: %d, want %d (docs/operations.md)", got, want)
	}
	if got := workMemory(0, 64<<20); got != 0 {
		t.Errorf("no limit: %d, want 0 (the service's default)", got)
	}
	if got := workMemory(100<<20, 64<<20); got != 64<<20 {
		t.Errorf("a tiny limit: %d, want the 64 MiB floor", got)
	}
}

// TestVersionSubcommand: qrforge version and --version print the release
// alone, the value deploy/ tags the image with, and start no server.
func TestVersionSubcommand(t *testing.T) {
	for _, args := range [][]string{{"version"}, {"--version"}, {"-version"}} {
		var out, errs bytes.Buffer
		if err := run(context.Background(), args, env("QRFORGE_ADDR", "not an address"), &out, &errs); err != nil {
			t.Errorf("qrforge %s: %v", args[0], err)
		}
		if got := out.String(); got != version.Version+"\n" {
			t.Errorf("qrforge %s printed %q, want %q", args[0], got, version.Version+"\n")
		}
		if errs.Len() != 0 {
			t.Errorf("qrforge %s wrote to stderr: %q", args[0], errs.String())
		}
	}
	var usage bytes.Buffer
	if err := run(context.Background(), []string{"--help"}, env(), io.Discard, &usage); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(usage.String(), "qrforge version") {
		t.Errorf("--help does not mention qrforge version:\n%s", usage.String())
	}
}

// TestUnreadVariablesAreWarned: a QRFORGE_* variable that no flag reads
// leaves its setting at the default, so start-up warns of each, naming
// the variable it most likely meant and never its value; the variables
// Kubernetes sets for a Service named qrforge are not settings and pass
// quietly, as do the variables qrforge reads.
func TestUnreadVariablesAreWarned(t *testing.T) {
	vars := []string{
		"HOME=/home/qrforge",
		"QRFORGE_ADDR=127.0.0.1:0",
		"QRFORGE_LOG_LEVEL=info",
		"QRFORGE_SHUTDOWN_GRACE_SECONDS=30",
		"QRFORGE_RATELIMIT=5",
		"QRFORGE_LOGLEVEL=debug",
		"QRFORGE_TOKEN=s3cr3t-value",
		"QRFORGE_SERVICE_HOST=10.96.0.10",
		"QRFORGE_SERVICE_PORT=80",
		"QRFORGE_SERVICE_PORT_HTTP=80",
		"QRFORGE_PORT=tcp://10.96.0.10:80",
		"QRFORGE_PORT_80_TCP=tcp://10.96.0.10:80",
		"QRFORGE_PORT_80_TCP_PROTO=tcp",
		"QRFORGE_PORT_80_TCP_PORT=80",
		"QRFORGE_PORT_80_TCP_ADDR=10.96.0.10",
	}
	defer func(old func() []string) { environ = old }(environ)
	environ = func() []string { return vars }

	// A cancelled context: run logs its start, listens and returns.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var stderr bytes.Buffer
	if err := run(ctx, []string{"--addr=127.0.0.1:0"}, env(), io.Discard, &stderr); err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for line := range strings.SplitSeq(strings.TrimSpace(stderr.String()), "\n") {
		var l struct{ Level, Msg, Variable, Meant string }
		if err := json.Unmarshal([]byte(line), &l); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		if l.Variable != "" {
			if l.Level != "WARN" {
				t.Errorf("%s logged at %s, want WARN", l.Variable, l.Level)
			}
			got[l.Variable] = l.Meant
		}
	}
	want := map[string]string{
		"QRFORGE_SHUTDOWN_GRACE_SECONDS": "QRFORGE_SHUTDOWN_GRACE",
		"QRFORGE_RATELIMIT":              "QRFORGE_RATE_LIMIT",
		"QRFORGE_LOGLEVEL":               "QRFORGE_LOG_LEVEL",
		"QRFORGE_TOKEN":                  "",
	}
	if !maps.Equal(got, want) {
		t.Errorf("warned of %v; want %v", got, want)
	}
	if strings.Contains(stderr.String(), "s3cr3t") {
		t.Errorf("a variable's value was logged:\n%s", stderr.String())
	}
}
