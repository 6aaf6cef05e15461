package server

import (
	"runtime"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/qrforge/qrforge/internal/version"
)

// newBuildInfo is qrforge_build_info, the "info" metric pattern of
// Prometheus' naming conventions: a constant 1 whose labels name the
// release and the Go toolchain, so that a dashboard can join them to
// every other series and see a rollout progress.
func newBuildInfo() prometheus.Collector {
	info := prometheus.NewGauge(prometheus.GaugeOpts{
		Name:        "qrforge_build_info",
		Help:        "Always 1; the labels name qrforge's release (version) and the Go release it was built with (goversion).",
		ConstLabels: prometheus.Labels{"version": version.Version, "goversion": runtime.Version()},
	})
	info.Set(1)
	return info
}
