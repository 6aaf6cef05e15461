// Package server is qrforge's HTTP layer: routes, middleware, the OpenAPI
// document, pages and operations. Each handler reads an HTTP request into a
// request of package service and writes its answer; the service renders,
// validates and writes problem documents.
package server

import (
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"
	"github.com/qrforge/qrforge/service"
)

// Problem is an RFC 9457 problem document (service.Problem).
type Problem = service.Problem

// problem is a problem document of the given kind. The listener's
// Server, which answers before any route, has no service.
func (s *Server) problem(kind string, status int, detail, field, fix string) *Problem {
	return service.NewProblem(s.baseURL, kind, status, detail, field, fix)
}

// writeProblem is the one place a problem becomes a response. instance is
// the request's id (X-Request-Id), which finds its log line.
//
// A request whose context has ended (the client went away, or the shutdown
// grace ran out) gets no answer: the connection is aborted, so that a
// problem about the cancellation itself, such as a wait for memory cut
// short, is never mistaken for the service's answer.
func writeProblem(c *gin.Context, p *Problem) {
	if c.Request.Context().Err() != nil {
		panic(http.ErrAbortHandler)
	}
	if id := requestID(c); id != "" && p.Instance == "" {
		withID := *p
		withID.Instance = "urn:uuid:" + id
		p = &withID
	}
	body := service.EncodeProblem(p)
	h := c.Writer.Header()
	h.Set("Content-Type", "application/problem+json")
	h.Set("Cache-Control", "no-store")
	// A generation that fails after encoding (a size too small for the
	// symbol) has already set these; a problem is not that image.
	for _, name := range []string{"ETag", "X-QR-Version", "X-QR-EC", "X-QR-Symbol", "X-QR-Symbols", "X-QR-Warning"} {
		h.Del(name)
	}
	if p.RetryAfter > 0 {
		h.Set("Retry-After", strconv.Itoa(p.RetryAfter))
	}
	c.Data(p.Status, "application/problem+json", body)
	c.Abort()
}

// errorDoc serves the human-readable description behind a problem's type URI.
func (s *Server) errorDoc(c *gin.Context) {
	kind := c.Param("kind")
	doc, ok := service.ErrorKinds[kind]
	if !ok {
		s.notFound(c)
		return
	}
	c.Header("Cache-Control", "public, max-age=86400")
	writeJSON(c, http.StatusOK, gin.H{"type": s.baseURL + "/errors/" + kind, "title": doc.Title, "status": doc.Status, "description": doc.About})
}
