package server

import (
	"bytes"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/gin-gonic/gin"
)

// lockedLog is a log the server's goroutines write while the test reads it.
type lockedLog struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *lockedLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *lockedLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

// TestRecoverAbortsAnAnswerBegun: recoverProblem answers a panic with a 500
// problem only while nothing has been written. A panic after the answer
// has begun, and http.ErrAbortHandler at any time, close the connection
// without ending the response, so that the client sees a failure instead
// of a short body followed by a problem document or a clean end; the
// request is still logged, and an abort is not logged as a panic.
func TestRecoverAbortsAnAnswerBegun(t *testing.T) {
	log := &lockedLog{}
	engine := New(Config{BaseURL: "http://qr.test", Logger: slog.New(slog.NewJSONHandler(log, nil))}).(*gin.Engine)
	stream := func(c *gin.Context) {
		c.Header("Content-Type", "text/plain")
		c.Status(http.StatusOK)
		c.Writer.WriteString("the first part of a streamed answer")
		c.Writer.Flush()
	}
	engine.GET("/test/panic-before", func(*gin.Context) { panic("boom before") })
	engine.GET("/test/panic-during", func(c *gin.Context) { stream(c); panic("boom during") })
	engine.GET("/test/abort-during", func(c *gin.Context) { stream(c); panic(http.ErrAbortHandler) })
	engine.GET("/test/abort-before", func(*gin.Context) { panic(http.ErrAbortHandler) })
	ts := httptest.NewServer(engine)
	defer ts.Close()

	resp, err := ts.Client().Get(ts.URL + "/test/panic-before")
	if err != nil {
		t.Fatal(err)
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil || resp.StatusCode != http.StatusInternalServerError || !strings.Contains(string(body), "failed to serve this request") {
		t.Errorf("panic before writing: %d %q, %v; want a 500 problem", resp.StatusCode, body, err)
	}

	for _, path := range []string{"/test/panic-during", "/test/abort-during"} {
		resp, err := ts.Client().Get(ts.URL + path)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err == nil {
			t.Errorf("%s: the body ended cleanly: %q", path, body)
		}
		if strings.Contains(string(body), "failed to serve") {
			t.Errorf("%s: a problem document was written into the answer: %q", path, body)
		}
	}

	if resp, err := ts.Client().Get(ts.URL + "/test/abort-before"); err == nil {
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		t.Errorf("abort before writing: answered %d %q, want no answer", resp.StatusCode, body)
	}

	logged := log.String()
	if strings.Count(logged, `"aborted":true`) != 3 {
		t.Errorf("want 3 request lines marked aborted:\n%s", logged)
	}
	if !strings.Contains(logged, "boom during") || !strings.Contains(logged, "boom before") {
		t.Errorf("a panic was not logged:\n%s", logged)
	}
	if strings.Count(logged, "panic serving request") != 2 {
		t.Errorf("want the 2 panics, and no abort, logged as panics:\n%s", logged)
	}
}
