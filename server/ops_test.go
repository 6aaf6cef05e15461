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
