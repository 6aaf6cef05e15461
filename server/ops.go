package server

import (
	"bytes"
	"errors"
	"fmt"
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/qrforge/qrforge/internal/version"
	"github.com/qrforge/qrforge/registry"
	"github.com/qrforge/qrforge/render"
	"github.com/qrforge/qrforge/service"
)

// Health and readiness, for load balancers and orchestrators. Both are
// cheap, never cached, not rate-limited, not counted in the request
// metrics and logged at debug level only.
const (
	// healthzPath answers 200 while the process can serve HTTP at all.
	healthzPath = "/healthz"
	// readyzPath answers 200 when the service can do its job: payload
	// kinds are registered and a code renders. Otherwise 503.
	readyzPath = "/readyz"
)

// opsRoutes mounts health, readiness and metrics on the API's engine, or,
// with the operations apart, health and readiness there and all three on
// the operations' engine.
func (s *Server) opsRoutes() {
	get(s.engine, healthzPath, s.healthz)
	get(s.engine, readyzPath, s.readyz)
	if s.ops == nil {
		get(s.engine, metricsPath, s.serveMetrics())
		return
	}
	s.opsListenerRoutes()
}

// opsListenerRoutes builds the operations listener's engine: the same
// handlers, behind none of the API's limits (no rate limit, no in-flight
// cap; the connection cap is the API listener's), logged as the probes are
// on the API's. Requests there are not counted in the request metrics.
func (s *Server) opsListenerRoutes() {
	r := s.ops
	r.HandleMethodNotAllowed = false
	r.RedirectTrailingSlash = false
	r.RedirectFixedPath = false
	r.Use(s.requestLog, s.recoverProblem)
	get(r, healthzPath, s.healthz)
	get(r, readyzPath, s.readyz)
	get(r, metricsPath, s.serveMetrics())
	r.NoRoute(s.opsNotFound)
}

// opsNotFound answers every other path on the operations listener: it
// serves no API route, whose answers are the public listener's.
func (s *Server) opsNotFound(c *gin.Context) {
	p := s.problem(service.KindNotFound, http.StatusNotFound,
		"the operations listener serves only "+healthzPath+", "+readyzPath+" and "+metricsPath+"; the API is on the public address "+s.baseURL, "", "")
	writeProblem(c, p)
}

// healthz is GET /healthz: the process is alive and serving HTTP.
func (s *Server) healthz(c *gin.Context) {
	c.Header("Cache-Control", "no-store")
	writeJSON(c, http.StatusOK, gin.H{"status": "ok"})
}

// readyz is GET /readyz: the registry holds kinds and a test render works.
// It names the release, so that a rollout can be watched from outside.
func (s *Server) readyz(c *gin.Context) {
	select {
	case <-s.stopping:
		// The shutdown has begun: no new work, while what is in flight
		// drains (docs/operations.md, "Shutdown"). It logged already.
		writeProblem(c, s.problem(service.KindNotReady, http.StatusServiceUnavailable,
			"qrforge is not ready to serve: shutting down, draining the requests in flight", "", ""))
		return
	default:
	}
	kinds := len(registry.Names())
	err := s.readiness()
	if kinds == 0 {
		err = errors.Join(errors.New("no payload kind is registered"), err)
	}
	if err != nil {
		s.log.Warn("not ready", "request_id", requestID(c), "error", err.Error())
		writeProblem(c, s.problem(service.KindNotReady, http.StatusServiceUnavailable,
			"qrforge is not ready to serve: "+err.Error(), "", ""))
		return
	}
	c.Header("Cache-Control", "no-store")
	writeJSON(c, http.StatusOK, gin.H{"status": "ready", "kinds": kinds, "version": version.Version})
}

// pngSignature starts every PNG file (PNG, W3C Recommendation, third
// edition, §5.2 "PNG signature").
var pngSignature = []byte("\x89PNG\r\n\x1a\n")

// readinessRender encodes and draws a small code the way a request does.
func readinessRender() error {
	sym, err := render.Encode("https://qrforge.dev/readyz", render.LevelAuto)
	if err != nil {
		return fmt.Errorf("test encode: %w", err)
	}
	o := render.DefaultOptions()
	o.Size = render.MinCanvasSize(sym, o)
	b, err := render.PNG(sym, o)
	if err != nil {
		return fmt.Errorf("test render: %w", err)
	}
	if !bytes.HasPrefix(b, pngSignature) {
		return errors.New("test render: the output is not a PNG")
	}
	return nil
}
