package server_test

import (
	"encoding/json"
	"net/http"
	"runtime"
	"testing"

	"github.com/qrforge/qrforge/internal/version"
	"github.com/qrforge/qrforge/server"
)

// TestReleaseIsReported: /readyz and qrforge_build_info name the release
// declared in internal/version, the one the manifests tag the image with.
func TestReleaseIsReported(t *testing.T) {
	h := server.New(server.Config{BaseURL: base})
	rec := opsRequest(t, h, http.MethodGet, "/readyz", "")
	var body struct {
		Version string `json:"version"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil || body.Version != version.Version {
		t.Errorf("GET /readyz: body %s (%v), want version %q", rec.Body, err, version.Version)
	}

	families := scrapeMetrics(t, h)
	got, ok := metricValue(families, "qrforge_build_info", "version", version.Version, "goversion", runtime.Version())
	if !ok || got != 1 {
		t.Errorf("qrforge_build_info{version=%q,goversion=%q} = %v (present %v), want 1", version.Version, runtime.Version(), got, ok)
	}
	if n := len(families["qrforge_build_info"].GetMetric()); n != 1 {
		t.Errorf("qrforge_build_info has %d series, want 1", n)
	}
}
