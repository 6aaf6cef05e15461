package server_test

import (
	"bufio"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/qrforge/qrforge/server"
)

// TestUnansweredRequestIsNotCountedAsOK sends an upload whose body stops
// arriving: the read timeout ends the request and its connection closes
// without an answer. Its log line and qrforge_http_requests_total say
// 499, no answer, rather than the 200 no client received
// (docs/operations.md, "Metrics").
func TestUnansweredRequestIsNotCountedAsOK(t *testing.T) {
	log := &syncLog{}
	h := server.New(server.Config{BaseURL: base, Logger: slog.New(slog.NewJSONHandler(log, nil))})
	ts := httptest.NewUnstartedServer(h)
	ts.Config.ReadTimeout = 200 * time.Millisecond
	ts.Start()
	defer ts.Close()

	conn, err := net.Dial("tcp", ts.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := io.WriteString(conn, "POST /api/v1/decode HTTP/1.1\r\nHost: qr.test\r\nContent-Type: image/png\r\nContent-Length: 1000\r\n\r\n\x89PNG\r\n\x1a\n"); err != nil {
		t.Fatal(err)
	}
	_ = conn.SetReadDeadline(time.Now().Add(30 * time.Second))
	got, err := io.ReadAll(bufio.NewReader(conn))
	if err != nil {
		t.Fatalf("the connection was not closed: %v", err)
	}
	if len(got) > 0 {
		t.Fatalf("an answer to a body that never arrived: %q", got)
	}

	// The request is counted, then logged, while its connection may
	// already be closed.
	for deadline := time.Now().Add(30 * time.Second); !strings.Contains(log.String(), `"route":"/api/v1/decode"`); {
		if time.Now().After(deadline) {
			t.Fatalf("the request was never logged:\n%s", log.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	families := scrapeMetrics(t, h)
	labels := []string{"route", "/api/v1/decode", "kind", "none", "format", "none", "method", "POST"}
	if n, ok := metricValue(families, "qrforge_http_requests_total", append(labels, "status", "200")...); ok {
		t.Errorf("qrforge_http_requests_total counts %v unanswered request as 200", n)
	}
	if n, _ := metricValue(families, "qrforge_http_requests_total", append(labels, "status", "499")...); n != 1 {
		t.Errorf("qrforge_http_requests_total{status=\"499\"} is %v; want 1", n)
	}
	var line map[string]any
	for l := range strings.SplitSeq(log.String(), "\n") {
		if strings.Contains(l, `"route":"/api/v1/decode"`) {
			if err := json.Unmarshal([]byte(l), &line); err != nil {
				t.Fatal(err)
			}
		}
	}
	if line["status"] != 499.0 || line["aborted"] != true || line["level"] != "WARN" {
		t.Errorf("logged as %v; want status 499, aborted, at WARN", line)
	}
}
