package server_test

import (
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/qrforge/qrforge/registry"
	"github.com/qrforge/qrforge/server"
)

func TestHealthz(t *testing.T) {
	h := server.New(server.Config{BaseURL: base})
	for _, method := range []string{http.MethodGet, http.MethodHead} {
		rec := opsRequest(t, h, method, "/healthz", "")
		if rec.Code != http.StatusOK {
			t.Fatalf("%s /healthz: status %d: %s", method, rec.Code, rec.Body)
		}
		if got := rec.Header().Get("Cache-Control"); got != "no-store" {
			t.Errorf("%s /healthz: Cache-Control %q, want no-store", method, got)
		}
		if method == http.MethodGet && strings.TrimSpace(rec.Body.String()) != `{"status":"ok"}` {
			t.Errorf("GET /healthz: body %s, want {\"status\":\"ok\"}", rec.Body)
		}
	}
}

func TestReadyz(t *testing.T) {
	withNetworkKind(t)
	h := server.New(server.Config{BaseURL: base})
	rec := opsRequest(t, h, http.MethodGet, "/readyz", "")
	if rec.Code != http.StatusOK {
		t.Fatalf("GET /readyz: status %d: %s", rec.Code, rec.Body)
	}
	if got := rec.Header().Get("Cache-Control"); got != "no-store" {
		t.Errorf("GET /readyz: Cache-Control %q, want no-store", got)
	}
	var body struct {
		Status string `json:"status"`
		Kinds  int    `json:"kinds"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil || body.Status != "ready" || body.Kinds < 1 {
		t.Errorf("GET /readyz: body %s (%v), want status ready and the number of kinds", rec.Body, err)
	}
}

// TestReadyzFails checks that readiness fails, with a 503 problem that is
// never cached, when the test render fails or no kind is registered, while
// health (the process is alive) still answers 200.
func TestReadyzFails(t *testing.T) {
	broken := func() error { return errors.New("test render: renderer broken") }
	cases := []struct {
		name      string
		kinds     bool
		readiness func() error
		want      string
	}{
		{"render fails", true, broken, "renderer broken"},
		{"no kind registered", false, nil, "no payload kind is registered"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if tc.kinds {
				withNetworkKind(t)
			} else if len(registry.Names()) > 0 {
				// The description tests (openapi_test.go, llms_test.go)
				// link the real kinds into this test binary.
				t.Skipf("kinds %v are registered in this test binary, so the registry cannot be empty", registry.Names())
			}
			h := server.New(server.Config{BaseURL: base, Readiness: tc.readiness})
			rec := opsRequest(t, h, http.MethodGet, "/readyz", "")
			p := readProblem(t, rec, http.StatusServiceUnavailable, "not-ready")
			if !strings.Contains(p.Detail, tc.want) {
				t.Errorf("detail %q does not say %q", p.Detail, tc.want)
			}
			if rec := opsRequest(t, h, http.MethodGet, "/healthz", ""); rec.Code != http.StatusOK {
				t.Errorf("GET /healthz while not ready: status %d, want 200", rec.Code)
			}
		})
	}
}

// TestOpsListenerApart: with the operations on a listener of their own
// (docs/operations.md, "Operations listener"), the API handler answers
// /metrics as any unknown path and keeps the probes, and the operations
// handler serves the probes and the metrics of the API's traffic, and no
// API route.
func TestOpsListenerApart(t *testing.T) {
	withNetworkKind(t)
	api, ops := server.NewWithOps(server.Config{BaseURL: base})

	p := readProblem(t, opsRequest(t, api, http.MethodGet, "/metrics", ""), http.StatusNotFound, "not-found")
	if strings.Contains(p.Detail, "qrforge_") {
		t.Errorf("the API's /metrics 404 shows metrics: %s", p.Detail)
	}
	for _, path := range []string{"/healthz", "/readyz"} {
		if rec := opsRequest(t, api, http.MethodGet, path, ""); rec.Code != http.StatusOK {
			t.Errorf("API GET %s: status %d, want 200: %s", path, rec.Code, rec.Body)
		}
	}
	if rec := opsRequest(t, api, http.MethodGet, "/api/v1/network?ssid=home&password=example", ""); rec.Code != http.StatusOK {
		t.Fatalf("API GET /api/v1/network: status %d: %s", rec.Code, rec.Body)
	}

	for _, method := range []string{http.MethodGet, http.MethodHead} {
		for _, path := range []string{"/healthz", "/readyz", "/metrics"} {
			if rec := opsRequest(t, ops, method, path, ""); rec.Code != http.StatusOK {
				t.Errorf("operations %s %s: status %d, want 200: %s", method, path, rec.Code, rec.Body)
			}
		}
	}
	metrics := opsRequest(t, ops, http.MethodGet, "/metrics", "").Body.String()
	if !strings.Contains(metrics, `qrforge_http_requests_total{format="png",kind="network",method="GET",route="/api/v1/:kind",status="200"} 1`) {
		t.Errorf("the operations /metrics does not count the API's request:\n%s", metrics)
	}

	for _, req := range []struct{ method, target string }{
		{http.MethodGet, "/api/v1/qr?data=a"},
		{http.MethodGet, "/api/v1/network?ssid=home&password=example"},
		{http.MethodPost, "/api/v1/qr/batch"},
		{http.MethodGet, "/api/openapi.json"},
		{http.MethodGet, "/"},
		{http.MethodGet, "/metric"},
	} {
		rec := opsRequest(t, ops, req.method, req.target, "")
		if rec.Code != http.StatusNotFound || rec.Header().Get("Content-Type") != "application/problem+json" {
			t.Errorf("operations %s %s: status %d %q, want a 404 problem document: %s", req.method, req.target, rec.Code, rec.Header().Get("Content-Type"), rec.Body)
			continue
		}
		var p problem
		if err := json.Unmarshal(rec.Body.Bytes(), &p); err != nil || p.Type != base+"/errors/not-found" || !strings.Contains(p.Detail, "/healthz, /readyz and /metrics") {
			t.Errorf("operations %s %s: problem %+v (%v), want not-found naming what the listener serves", req.method, req.target, p, err)
		}
	}
}

// TestReadyzWhileStopping: once the shutdown begins, /readyz answers 503
// on both handlers, so that no new work is sent while the requests in
// flight drain, and /healthz still answers 200: the process is alive.
func TestReadyzWhileStopping(t *testing.T) {
	withNetworkKind(t)
	stopping := make(chan struct{})
	api, ops := server.NewWithOps(server.Config{BaseURL: base, Stopping: stopping})
	for name, h := range map[string]http.Handler{"API": api, "operations": ops} {
		if rec := opsRequest(t, h, http.MethodGet, "/readyz", ""); rec.Code != http.StatusOK {
			t.Fatalf("%s GET /readyz before the shutdown: status %d: %s", name, rec.Code, rec.Body)
		}
	}
	close(stopping)
	for name, h := range map[string]http.Handler{"API": api, "operations": ops} {
		rec := opsRequest(t, h, http.MethodGet, "/readyz", "")
		if rec.Code != http.StatusServiceUnavailable || !strings.Contains(rec.Body.String(), "shutting down") {
			t.Errorf("%s GET /readyz while stopping: status %d, want 503 saying it is shutting down: %s", name, rec.Code, rec.Body)
		}
		if rec := opsRequest(t, h, http.MethodGet, "/healthz", ""); rec.Code != http.StatusOK {
			t.Errorf("%s GET /healthz while stopping: status %d, want 200", name, rec.Code)
		}
	}
}
