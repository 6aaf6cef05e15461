package server

import (
	"log/slog"
	"net/http"
	"net/url"
	"slices"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"
	"github.com/qrforge/qrforge/options"
)

// requestIDHeader carries a request's id. Every response has one; a proxy
// in front may send its own, which is kept when it is a UUID (anything else
// is replaced, so that no caller text reaches logs or problem documents).
const requestIDHeader = "X-Request-Id"

// ctxRequestID is the key under which requestLog leaves the request's id
// for later handlers.
const ctxRequestID = "qrforge.request_id"

// requestID is the id of the request being served, "" outside a request.
func requestID(c *gin.Context) string { return c.GetString(ctxRequestID) }

// newRequestID returns a UUIDv7: time-ordered, so ids sort with the logs.
func newRequestID() string {
	id, err := uuid.NewV7()
	if err != nil {
		return uuid.NewString()
	}
	return id.String()
}

// incomingRequestID is the caller's X-Request-Id when it is a UUID, in
// canonical form.
func incomingRequestID(c *gin.Context) string {
	v := c.GetHeader(requestIDHeader)
	if v == "" || len(v) > 64 {
		return ""
	}
	id, err := uuid.Parse(v)
	if err != nil {
		return ""
	}
	return id.String()
}

// requestLog gives the request its id and writes one log line when it is
// answered: id, method, route pattern, status, duration and bytes. It never
// logs the path or the query: /q/<data> holds the data, and a typed kind's
// query may hold a Wi-Fi password or payment details. The generic
// endpoints log the names of the rendering options given, never values.
//
// Health, readiness and metrics requests are logged at debug level: they
// are not API traffic.
func (s *Server) requestLog(c *gin.Context) {
	start := time.Now()
	id := incomingRequestID(c)
	if id == "" {
		id = newRequestID()
	}
	c.Header(requestIDHeader, id)
	c.Set(ctxRequestID, id)

	c.Next()

	aborted := c.GetBool(ctxAborted)
	s.logRequest(c, id, start, aborted)
	if aborted {
		// Past gin, net/http closes the connection without ending the
		// response and logs nothing (recoverProblem).
		panic(http.ErrAbortHandler)
	}
}

// logRequest writes the request's line. An aborted answer is a warning:
// its status was sent, but its body was cut off.
func (s *Server) logRequest(c *gin.Context, id string, start time.Time, aborted bool) {
	r := s.routeOf(c)
	status := answerStatus(c)
	level := slog.LevelInfo
	switch {
	case r.ops && !aborted:
		level = slog.LevelDebug
	case status >= 500:
		level = slog.LevelError
	case aborted:
		level = slog.LevelWarn
	}
	ctx := c.Request.Context()
	if !s.log.Enabled(ctx, level) {
		return
	}
	attrs := make([]slog.Attr, 0, 13)
	attrs = append(attrs,
		slog.String("request_id", id),
		slog.String("method", methodLabel(c.Request.Method)),
		slog.String("route", r.label),
		slog.Int("status", status),
		slog.Float64("duration_ms", float64(time.Since(start).Microseconds())/1000),
		slog.Int("bytes", max(c.Writer.Size(), 0)),
	)
	if r.kind != labelNone {
		attrs = append(attrs, slog.String("kind", r.kind))
	}
	if r.renders {
		attrs = append(attrs, slog.String("format", requestFormat(c, r)))
	}
	if r.generic {
		if names := optionNames(c.Request.URL.RawQuery); len(names) > 0 {
			attrs = append(attrs, slog.Any("options", names))
		}
	}
	if ip := c.ClientIP(); ip != "" {
		attrs = append(attrs, slog.String("client", ip))
	}
	if aborted {
		attrs = append(attrs, slog.Bool("aborted", true))
	}
	s.log.LogAttrs(ctx, level, "request", attrs...)
}

// optionNames are the canonical names of the rendering options a generic
// request gave, sorted. data and unknown names are left out: a name the
// service does not know is caller text like any value.
func optionNames(rawQuery string) []string {
	values, _ := url.ParseQuery(rawQuery)
	var names []string
	for name := range values {
		if o, ok := options.Named(name); ok && !slices.Contains(names, o.Name) {
			names = append(names, o.Name)
		}
	}
	slices.Sort(names)
	return names
}
