package server_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/qrforge/qrforge/mcp"
	"github.com/qrforge/qrforge/server"
	"github.com/qrforge/qrforge/service"
)

// TestMCPGetIsAProblem: GET /api/mcp, which opens no stream here, is a
// 405 problem document like every other error (README "Errors"), with
// Allow naming POST and, as on the other paths that read only a body, no
// fix but an example that POSTs a JSON-RPC call, which works.
func TestMCPGetIsAProblem(t *testing.T) {
	h := server.New(server.Config{BaseURL: base, MCP: func(svc *service.Service) http.Handler { return mcp.New(svc) }})
	send := func(method, body string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(method, "/api/mcp", strings.NewReader(body))
		if body != "" {
			req.Header.Set("Content-Type", "application/json")
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec
	}
	rec := send(http.MethodGet, "")
	p := readProblem(t, rec, http.StatusMethodNotAllowed, "method-not-allowed")
	if allow := rec.Header().Get("Allow"); !strings.Contains(allow, http.MethodPost) || strings.Contains(allow, http.MethodGet) {
		t.Errorf("Allow %q, want POST and not GET", allow)
	}
	if !strings.Contains(p.Detail, "POST") || !strings.Contains(p.Detail, "JSON-RPC") {
		t.Errorf("detail %q does not say to POST JSON-RPC", p.Detail)
	}
	// The example is curl -X POST '<url>' -H ... -d '<message>'.
	method, target := fixTarget(t, p.Example)
	_, message, found := strings.Cut(p.Example, " -d '")
	if p.Fix != "" || method != http.MethodPost || target != "/api/mcp" || !found {
		t.Fatalf("fix %q, example %q: want no fix, and a POST of a JSON-RPC message to /api/mcp", p.Fix, p.Example)
	}
	rec = send(method, strings.TrimSuffix(message, "'"))
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `"qr_generate"`) {
		t.Errorf("the example answered %d: %.300s", rec.Code, rec.Body)
	}
}
