package server

import (
	"fmt"
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/qrforge/qrforge/service"
)

// A request waiting for memory holds little, but thousands of them hold a
// lot: their connections' buffers, goroutine stacks and parsed
// parameters, none of which the service's budget counts. So the requests
// in the handlers at once are capped, and one past the cap is answered
// 503 at once, before any work, which costs almost nothing. Probes and
// metrics are never turned away.
const inFlightPerMiB = 2 // requests in flight per MiB of the work budget

// shedder caps the requests being served.
type shedder struct {
	slots chan struct{}
}

func newShedder(budget int64) *shedder {
	return &shedder{slots: make(chan struct{}, inFlightCap(budget))}
}

// inFlightCap is the requests a work budget lets in the handlers at once.
func inFlightCap(budget int64) int {
	return max(64, int(budget>>20)*inFlightPerMiB)
}

// shed is the middleware; ops routes pass.
func (s *Server) shed(c *gin.Context) {
	if s.routeOf(c).ops {
		c.Next()
		return
	}
	select {
	case s.shedder.slots <- struct{}{}:
		defer func() { <-s.shedder.slots }()
		c.Next()
	default:
		p := s.problem(service.KindOverloaded, http.StatusServiceUnavailable,
			fmt.Sprintf("qrforge is serving %d requests, as many as it takes at once; retry in 1 s (Retry-After)", cap(s.shedder.slots)), "", "")
		p.RetryAfter = 1
		s.metrics.Refused(service.RefusedInFlight)
		writeProblem(c, p)
	}
}
