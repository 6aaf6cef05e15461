package server_test

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/qrforge/qrforge/server"
)

func post(t testing.TB, h http.Handler, target, contentType string, body []byte) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(http.MethodPost, target, bytes.NewReader(body))
	req.Header.Set("Content-Type", contentType)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

// TestConfiguredLimits: the body, upload and batch limits of Config apply,
// and problems and the description state them.
func TestConfiguredLimits(t *testing.T) {
	h := server.New(server.Config{BaseURL: base, MaxBody: 2 << 10, MaxUpload: 1 << 10, MaxBatchItems: 2})
	three := []byte(`{"items":[{"data":"a"},{"data":"b"},{"data":"c"}]}`)
	p := readProblem(t, post(t, h, "/api/v1/qr/batch", "application/json", three), http.StatusRequestEntityTooLarge, "payload-too-large")
	if !strings.Contains(p.Detail, "at most 2 are rendered") || !strings.Contains(p.Fix, "batches of at most 2 ") {
		t.Errorf("3 items over a limit of 2: detail %q, fix %q", p.Detail, p.Fix)
	}
	two := []byte(`{"items":[{"data":"a"},{"data":"b"}]}`)
	if rec := post(t, h, "/api/v1/qr/batch", "application/json", two); rec.Code != http.StatusOK {
		t.Errorf("2 items: status %d: %s", rec.Code, rec.Body)
	}
	big := []byte(`{"items":[{"data":"` + strings.Repeat("a", 3<<10) + `"}]}`)
	p = readProblem(t, post(t, h, "/api/v1/qr/batch", "application/json", big), http.StatusRequestEntityTooLarge, "payload-too-large")
	if !strings.Contains(p.Detail, "2 KiB") {
		t.Errorf("a 3 KiB body over 2 KiB: detail %q does not name the limit", p.Detail)
	}
	p = readProblem(t, post(t, h, "/api/v1/decode", "image/png", make([]byte, 2<<10)), http.StatusRequestEntityTooLarge, "payload-too-large")
	if !strings.Contains(p.Detail, "1 KiB") {
		t.Errorf("a 2 KiB image over 1 KiB: detail %q does not name the limit", p.Detail)
	}
	if rec := opsRequest(t, h, http.MethodGet, "/llms-full.txt", ""); !strings.Contains(rec.Body.String(), "at most 2 items and 2 KiB") {
		t.Error("llms-full.txt does not state the configured batch limits")
	}
	families := scrapeMetrics(t, h)
	if got, _ := metricValue(families, "qrforge_batch_items"); got != 1 {
		t.Errorf("qrforge_batch_items count = %v, want 1 (the accepted batch only)", got)
	}
	if got, _ := metricValue(families, "qrforge_decode_duration_seconds"); got != 1 {
		t.Errorf("qrforge_decode_duration_seconds count = %v, want 1", got)
	}
}
