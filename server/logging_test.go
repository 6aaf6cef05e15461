package server_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/qrforge/qrforge/mcp"
	"github.com/qrforge/qrforge/server"
	"github.com/qrforge/qrforge/service"
)

// logged builds a handler whose JSON log lines, debug ones included, are
// returned by the function.
func logged(t testing.TB, cfg server.Config) (http.Handler, func() []map[string]any) {
	t.Helper()
	var buf bytes.Buffer
	cfg.BaseURL = base
	cfg.Logger = slog.New(slog.NewJSONHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug}))
	lines := func() []map[string]any {
		var out []map[string]any
		for _, line := range strings.Split(strings.TrimSpace(buf.String()), "\n") {
			if line == "" {
				continue
			}
			var m map[string]any
			if err := json.Unmarshal([]byte(line), &m); err != nil {
				t.Fatalf("log line is not JSON: %v\n%s", err, line)
			}
			out = append(out, m)
		}
		buf.Reset()
		return out
	}
	return server.New(cfg), lines
}

var uuidPattern = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`)

func TestRequestLogLine(t *testing.T) {
	h, lines := logged(t, server.Config{})
	rec := opsRequest(t, h, http.MethodGet, "/api/v1/qr?data=private+note&size=300&fg=red&_unknownsecret=1", "203.0.113.9:4000")
	if rec.Code != http.StatusOK {
		t.Fatalf("status %d: %s", rec.Code, rec.Body)
	}
	id := rec.Header().Get("X-Request-Id")
	if !uuidPattern.MatchString(id) {
		t.Fatalf("X-Request-Id %q is not a UUID", id)
	}
	got := lines()
	if len(got) != 1 {
		t.Fatalf("%d log lines, want 1: %v", len(got), got)
	}
	line := got[0]
	want := map[string]any{
		"level":      "INFO",
		"msg":        "request",
		"request_id": id,
		"method":     "GET",
		"route":      "/api/v1/qr",
		"status":     float64(200),
		"bytes":      float64(rec.Body.Len()),
		"format":     "png",
		"client":     "203.0.113.9",
	}
	for k, v := range want {
		if line[k] != v {
			t.Errorf("log %s = %v, want %v", k, line[k], v)
		}
	}
	if d, ok := line["duration_ms"].(float64); !ok || d < 0 {
		t.Errorf("log duration_ms = %v, want a number of milliseconds", line["duration_ms"])
	}
	if _, ok := line["time"]; !ok {
		t.Error("log line has no time")
	}
	// Option names, canonical, never values; data and unknown names left out.
	var options []string
	for _, o := range line["options"].([]any) {
		options = append(options, o.(string))
	}
	if !slices.Equal(options, []string{"color", "size"}) {
		t.Errorf("log options = %v, want [color size]", options)
	}
	raw, _ := json.Marshal(line)
	for _, secret := range []string{"private", "note", "unknownsecret", "red"} {
		if strings.Contains(string(raw), secret) {
			t.Errorf("the log line holds %q from the query: %s", secret, raw)
		}
	}
}

// TestSecretsStayOutOfLogs: a typed kind's query may hold a Wi-Fi password
// or payment details; nothing of it is logged, at any level, whatever the
// answer.
func TestSecretsStayOutOfLogs(t *testing.T) {
	withNetworkKind(t)
	const secret = "SuperSecret123"
	// A burst of 8 lets all but the last request through.
	h, lines := logged(t, server.Config{RateLimit: 0.001, RateBurst: 8})
	targets := []string{
		"/api/v1/network?ssid=x&password=" + secret,
		"/api/v1/network/payload?ssid=x&password=" + secret,
		"/api/v1/network?password=" + secret,                 // 400: ssid missing
		"/api/v1/network?ssid=x&password=" + secret + "&s=1", // 400: bad size
		"/api/v1/netwrk?ssid=x&password=" + secret,           // 404, its fix checked by the service
		"/q/" + secret + ".svg",
		"/" + secret,
		"/api/v1/qr?data=" + secret + "&" + secret + "=1",
		"/api/v1/network?ssid=x&password=" + secret, // 429: the burst is spent
	}
	var all bytes.Buffer
	for _, target := range targets {
		opsRequest(t, h, http.MethodGet, target, "")
		got := lines()
		if len(got) == 0 {
			t.Errorf("GET %s: no log line", target)
		}
		for _, line := range got {
			raw, _ := json.Marshal(line)
			all.Write(raw)
			if line["internal"] == true {
				continue
			}
			if strings.HasPrefix(target, "/api/v1/network?") && line["route"] != "/api/v1/:kind" {
				t.Errorf("GET %s: route %v, want the pattern /api/v1/:kind", target, line["route"])
			}
		}
	}
	if strings.Contains(all.String(), secret) {
		t.Errorf("the logs hold the secret:\n%s", all.String())
	}
	if !strings.Contains(all.String(), `"status":429`) {
		t.Errorf("no 429 was logged; the test did not reach the rate limit:\n%s", all.String())
	}
}

// TestProblemInstanceIsTheRequestID: a problem document names its request,
// so that a user's report finds the log line.
func TestProblemInstanceIsTheRequestID(t *testing.T) {
	h, lines := logged(t, server.Config{})
	rec := opsRequest(t, h, http.MethodGet, "/api/v1/qr?size=10", "")
	var p struct {
		Instance string `json:"instance"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &p); err != nil {
		t.Fatal(err)
	}
	id := rec.Header().Get("X-Request-Id")
	if p.Instance != "urn:uuid:"+id || id == "" {
		t.Errorf("instance %q, want urn:uuid: and the X-Request-Id %q", p.Instance, id)
	}
	got := lines()
	if len(got) != 1 || got[0]["request_id"] != id || got[0]["status"] != float64(400) {
		t.Errorf("log lines %v, want one 400 with request_id %s", got, id)
	}
}

// TestIncomingRequestID: a proxy's UUID is kept; anything else is replaced
// rather than echoed into logs and problems.
func TestIncomingRequestID(t *testing.T) {
	h, _ := logged(t, server.Config{})
	const proxyID = "3F2504E0-4F89-11D3-9A0C-0305E82C3301"
	for _, tc := range []struct{ sent, want string }{
		{proxyID, strings.ToLower(proxyID)},
		{"<script>alert(1)</script>", ""},
		{strings.Repeat("a", 1000), ""},
	} {
		got := opsRequest(t, h, http.MethodGet, "/nope", "", "X-Request-Id", tc.sent).Header().Get("X-Request-Id")
		if tc.want != "" && got != tc.want {
			t.Errorf("X-Request-Id %q answered %q, want %q", tc.sent, got, tc.want)
		}
		if tc.want == "" && (got == tc.sent || !uuidPattern.MatchString(got)) {
			t.Errorf("X-Request-Id %q answered %q, want a new UUID", short(tc.sent), got)
		}
	}
}

// TestProbesLogAtDebug: health checks every few seconds must not drown
// the request log.
func TestProbesLogAtDebug(t *testing.T) {
	h, lines := logged(t, server.Config{})
	opsRequest(t, h, http.MethodGet, "/healthz", "")
	got := lines()
	if len(got) != 1 || got[0]["level"] != "DEBUG" || got[0]["route"] != "/healthz" {
		t.Errorf("GET /healthz logged %v, want one DEBUG line", got)
	}
}

// TestOneRequestOneLine: nothing re-enters the HTTP engine. A 404 whose
// fix the service checks, and an MCP tool call that renders a code, are
// each one log line and one count, their own.
func TestOneRequestOneLine(t *testing.T) {
	h, lines := logged(t, server.Config{MCP: func(svc *service.Service) http.Handler {
		return mcp.New(svc, mcp.WithLogger(slog.New(slog.DiscardHandler)))
	}})
	opsRequest(t, h, http.MethodGet, "/api/v1/netwrk?ssid=Home&password=x", "")
	call := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"qr_generate_typed","arguments":{"kind":"wifi","fields":{"ssid":"Home","password":"correct horse"}}}}`
	req := httptest.NewRequest(http.MethodPost, "/api/mcp", strings.NewReader(call))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `"payload"`) {
		t.Fatalf("tools/call answered %d: %.300s", rec.Code, rec.Body)
	}
	var routes []any
	for _, line := range lines() {
		routes = append(routes, line["route"])
	}
	if want := []any{"other", "/api/mcp"}; !reflect.DeepEqual(routes, want) {
		t.Errorf("logged routes %v, want %v: one line a request", routes, want)
	}
	total := 0.0
	for _, m := range scrapeMetrics(t, h)["qrforge_http_requests_total"].GetMetric() {
		total += m.GetCounter().GetValue()
	}
	if total != 2 {
		t.Errorf("qrforge_http_requests_total sums to %v, want 2", total)
	}
}

// TestMCPMessageOfTooManyValues: a tool call with a million argument keys
// is refused before it is decoded into maps.
func TestMCPMessageOfTooManyValues(t *testing.T) {
	h := server.New(server.Config{BaseURL: base, MCP: func(svc *service.Service) http.Handler {
		return mcp.New(svc, mcp.WithLogger(slog.New(slog.DiscardHandler)))
	}})
	var b strings.Builder
	b.WriteString(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"qr_generate","arguments":{"data":"hello"`)
	for i := range 200_000 {
		fmt.Fprintf(&b, `,"k%d":1`, i)
	}
	b.WriteString(`}}}`)
	req := httptest.NewRequest(http.MethodPost, "/api/mcp", strings.NewReader(b.String()))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusRequestEntityTooLarge || !strings.Contains(rec.Body.String(), "JSON values") || rec.Body.Len() > 2048 {
		t.Errorf("a message of 200 000 keys: %d, %d bytes: %.300s", rec.Code, rec.Body.Len(), rec.Body)
	}
}
