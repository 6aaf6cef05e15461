package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/qrforge/qrforge/server"
)

// syncLog is a log the server's goroutines write while the test reads it.
type syncLog struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *syncLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *syncLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

// bigBatch is a batch body whose answer is far larger than the socket
// buffers between server and client (tens of MB), so that it cannot be
// written out before the test has read its first bytes.
func bigBatch(output string) string {
	items := make([]string, 1000)
	for i := range items {
		items[i] = fmt.Sprintf(`{"id":"item-%d","data":"https://example.com/a/rather/long/path/so/that/the/symbol/has/many/modules/%d"}`, i, i)
	}
	return `{"output":"` + output + `","style":{"size":1024,"style":"organic"},"items":[` + strings.Join(items, ",") + `]}`
}

// TestBatchCancelledMidStreamAborts: when a streamed batch stops before its
// last item because its request's context ends (the server cancels the
// base context of its requests when the shutdown grace runs out), the
// connection is closed without the final chunk. The client's read fails;
// it never gets a clean end to a truncated archive or document.
func TestBatchCancelledMidStreamAborts(t *testing.T) {
	if testing.Short() {
		t.Skip("renders large codes; skipped with -short")
	}
	for _, output := range []string{"zip", "base64"} {
		t.Run(output, func(t *testing.T) {
			log := &syncLog{}
			base, cancel := context.WithCancel(context.Background())
			defer cancel()
			ts := httptest.NewUnstartedServer(server.New(server.Config{
				BaseURL: "http://qr.test",
				Logger:  slog.New(slog.NewJSONHandler(log, nil)),
			}))
			ts.Config.BaseContext = func(net.Listener) context.Context { return base }
			ts.Start()
			defer ts.Close()

			resp, err := ts.Client().Post(ts.URL+"/api/v1/qr/batch", "application/json", strings.NewReader(bigBatch(output)))
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			if resp.StatusCode != http.StatusOK {
				b, _ := io.ReadAll(resp.Body)
				t.Fatalf("status %d: %s", resp.StatusCode, b)
			}
			if resp.ContentLength != -1 {
				t.Fatalf("Content-Length %d: the answer is not streamed", resp.ContentLength)
			}
			first := make([]byte, 1024)
			if _, err := io.ReadFull(resp.Body, first); err != nil {
				t.Fatalf("reading the first bytes: %v", err)
			}
			cancel()
			done := make(chan error, 1)
			var n int64
			go func() {
				var err error
				n, err = io.Copy(io.Discard, resp.Body)
				done <- err
			}()
			select {
			case err = <-done:
			case <-time.After(30 * time.Second):
				t.Fatal("the answer went on 30 s after its context was cancelled")
			}
			if err == nil {
				t.Fatalf("the body ended cleanly after %d more bytes: a truncated answer looks complete", n)
			}
			t.Logf("read %d more bytes, then: %v", n, err)

			// The request's log line says it was aborted.
			deadline := time.Now().Add(5 * time.Second)
			for !strings.Contains(log.String(), `"aborted":true`) {
				if time.Now().After(deadline) {
					t.Fatalf("no aborted request in the log:\n%s", log.String())
				}
				time.Sleep(10 * time.Millisecond)
			}
			for _, line := range strings.Split(log.String(), "\n") {
				var m map[string]any
				if json.Unmarshal([]byte(line), &m) != nil || m["aborted"] != true {
					continue
				}
				if m["level"] != "WARN" || m["route"] != "/api/v1/qr/batch" || m["status"] != float64(200) {
					t.Errorf("aborted request logged as %v; want WARN, route /api/v1/qr/batch, status 200", m)
				}
			}
			if strings.Contains(log.String(), "panic serving request") {
				t.Errorf("an abort was logged as a panic:\n%s", log.String())
			}
		})
	}
}
