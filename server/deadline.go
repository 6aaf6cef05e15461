package server

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
)

// renewWriteDeadline makes the server's write timeout bound the writing
// of an answer, not the work before it: net/http sets the deadline once,
// when the request has been read, so an answer that took longer than the
// timeout to compute (a verify scoring a large code, a busy replica)
// would be dropped with its connection while its log line said 200. The
// deadline is renewed before each write (a streamed batch writes for
// minutes) and once more when the handler returns, before net/http writes
// what is buffered, an answer without a body included. A client that
// stops reading still meets it at its next write (docs/operations.md,
// "Timeouts").
func (s *Server) renewWriteDeadline(c *gin.Context) {
	if s.writeTimeout <= 0 {
		c.Next()
		return
	}
	w := &deadlineWriter{ResponseWriter: c.Writer, rc: http.NewResponseController(c.Writer), timeout: s.writeTimeout}
	c.Writer = w
	c.Next()
	w.renew()
}

// deadlineWriter renews the write deadline before each write.
type deadlineWriter struct {
	gin.ResponseWriter
	rc      *http.ResponseController
	timeout time.Duration
}

func (d *deadlineWriter) renew() {
	// An error means the writer cannot take deadlines (a test
	// recorder); the server's own then stands.
	_ = d.rc.SetWriteDeadline(time.Now().Add(d.timeout))
}

func (d *deadlineWriter) Write(p []byte) (int, error) {
	d.renew()
	return d.ResponseWriter.Write(p)
}

func (d *deadlineWriter) WriteString(s string) (int, error) {
	d.renew()
	return d.ResponseWriter.WriteString(s)
}

func (d *deadlineWriter) WriteHeaderNow() {
	d.renew()
	d.ResponseWriter.WriteHeaderNow()
}

func (d *deadlineWriter) Flush() {
	d.renew()
	d.ResponseWriter.Flush()
}
