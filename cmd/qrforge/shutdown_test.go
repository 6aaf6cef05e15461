package main

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// shutdownHarness is an http.Server wired as run wires it (inFlight, a
// cancellable base context), serving handler on a free port.
type shutdownHarness struct {
	srv      *http.Server
	requests *inFlight
	abort    context.CancelFunc
	url      string
	log      *lockedBuffer
	logger   *slog.Logger
}

func newShutdownHarness(t *testing.T, handler http.Handler) *shutdownHarness {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	h := &shutdownHarness{requests: &inFlight{next: handler}, url: "http://" + ln.Addr().String(), log: &lockedBuffer{}}
	h.logger = slog.New(slog.NewJSONHandler(h.log, nil))
	base, abort := context.WithCancel(context.Background())
	h.abort = abort
	h.srv = &http.Server{
		Handler:     h.requests,
		BaseContext: func(net.Listener) context.Context { return base },
		ErrorLog:    slog.NewLogLogger(h.logger.Handler(), slog.LevelWarn),
	}
	go h.srv.Serve(ln)
	t.Cleanup(func() { abort(); h.srv.Close() })
	return h
}

// waitInFlight waits until n requests are being served.
func (h *shutdownHarness) waitInFlight(t *testing.T, n int64) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for h.requests.count() != n {
		if time.Now().After(deadline) {
			t.Fatalf("%d requests in flight, want %d", h.requests.count(), n)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// logLine is the first JSON line of log whose msg starts with prefix.
func logLine(t *testing.T, log, prefix string) map[string]any {
	t.Helper()
	for _, l := range strings.Split(log, "\n") {
		var m map[string]any
		if json.Unmarshal([]byte(l), &m) == nil {
			if msg, _ := m["msg"].(string); strings.HasPrefix(msg, prefix) {
				return m
			}
		}
	}
	t.Fatalf("no log line %q in:\n%s", prefix, log)
	return nil
}

// A request in flight when the shutdown starts finishes within the grace:
// its client gets the whole answer, the log says how many requests were in
// flight and that they drained, and shutdown returns nil.
func TestShutdownDrainsRequestsInFlight(t *testing.T) {
	release := make(chan struct{})
	h := newShutdownHarness(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		<-release
		io.WriteString(w, "complete")
	}))
	type answer struct {
		body string
		err  error
	}
	answers := make(chan answer, 1)
	go func() {
		resp, err := http.Get(h.url)
		if err != nil {
			answers <- answer{err: err}
			return
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		answers <- answer{string(b), err}
	}()
	h.waitInFlight(t, 1)

	done := make(chan error, 1)
	go func() { done <- shutdown(h.srv, h.requests, h.abort, 10*time.Second, h.logger) }()
	for !strings.Contains(h.log.String(), "shutting down") {
		time.Sleep(5 * time.Millisecond)
	}
	// New connections are refused while the request drains.
	if resp, err := (&http.Client{Timeout: time.Second}).Get(h.url); err == nil {
		resp.Body.Close()
		t.Error("a new connection was served during the shutdown")
	}
	close(release)
	if a := <-answers; a.err != nil || a.body != "complete" {
		t.Errorf("answer %q, %v; want complete", a.body, a.err)
	}
	if err := <-done; err != nil {
		t.Fatalf("shutdown: %v", err)
	}
	log := h.log.String()
	if m := logLine(t, log, "shutting down"); m["in_flight"] != float64(1) || m["grace"] != "10s" || m["level"] != "INFO" {
		t.Errorf("start of the shutdown logged as %v; want in_flight 1, grace 10s, INFO", m)
	}
	if m := logLine(t, log, "shutdown complete"); m["level"] != "INFO" || !strings.Contains(m["msg"].(string), "drained") || m["duration_ms"] == nil {
		t.Errorf("end of the shutdown logged as %v; want INFO, drained, duration_ms", m)
	}
}

// Requests still running when the grace runs out are aborted: a streaming
// handler sees its context cancelled and abandons its answer, a handler
// that ignores its context has its connection closed under it. Neither
// client gets a clean end; shutdown returns nil and logs the abort at WARN.
func TestShutdownAbortsRequestsAfterGrace(t *testing.T) {
	stuck := make(chan struct{})
	defer close(stuck)
	mux := http.NewServeMux()
	mux.HandleFunc("/stream", func(w http.ResponseWriter, r *http.Request) {
		for {
			select {
			case <-r.Context().Done():
				panic(http.ErrAbortHandler)
			case <-time.After(5 * time.Millisecond):
				io.WriteString(w, "more of a long answer\n")
				w.(http.Flusher).Flush()
			}
		}
	})
	mux.HandleFunc("/stuck", func(w http.ResponseWriter, r *http.Request) {
		<-stuck // as a render that does not look at its context
		io.WriteString(w, "too late")
	})
	h := newShutdownHarness(t, mux)

	results := make(chan error, 2)
	for _, path := range []string{"/stream", "/stuck"} {
		go func() {
			resp, err := http.Get(h.url + path)
			if err != nil {
				results <- err
				return
			}
			defer resp.Body.Close()
			_, err = io.Copy(io.Discard, resp.Body)
			if err == nil {
				t.Errorf("%s: the answer ended cleanly", path)
			}
			results <- err
		}()
	}
	h.waitInFlight(t, 2)

	start := time.Now()
	if err := shutdown(h.srv, h.requests, h.abort, 200*time.Millisecond, h.logger); err != nil {
		t.Fatalf("shutdown: %v", err)
	}
	if took := time.Since(start); took > 200*time.Millisecond+abortWait+2*time.Second {
		t.Errorf("shutdown took %v with a 200ms grace", took)
	}
	for range 2 {
		select {
		case err := <-results:
			if err == nil {
				t.Error("a client saw no failure")
			}
		case <-time.After(10 * time.Second):
			t.Fatal("a client still waits 10 s after the shutdown")
		}
	}
	m := logLine(t, h.log.String(), "shutdown complete")
	if m["level"] != "WARN" || m["aborted"] != float64(2) || m["in_flight"] != float64(2) || m["grace"] != "200ms" {
		t.Errorf("end of the shutdown logged as %v; want WARN, aborted 2, in_flight 2, grace 200ms", m)
	}
	if strings.Contains(h.log.String(), "panic") {
		t.Errorf("an abort was logged as a panic:\n%s", h.log.String())
	}
}

// TestRunLogsShutdown: run, as the binary runs it, logs the start and the
// end of the shutdown and returns nil once its context ends.
func TestRunLogsShutdown(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	stdout, stderr := &lockedBuffer{}, &lockedBuffer{}
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"--addr=127.0.0.1:0", "--shutdown-grace=3s"}, env(), stdout, stderr)
	}()
	for !strings.Contains(stdout.String(), "listening") {
		select {
		case err := <-done:
			t.Fatalf("run ended: %v\n%s", err, stderr.String())
		case <-time.After(5 * time.Millisecond):
		}
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("run: %v", err)
	}
	if m := logLine(t, stderr.String(), "shutting down"); m["in_flight"] != float64(0) || m["grace"] != "3s" {
		t.Errorf("start of the shutdown logged as %v", m)
	}
	logLine(t, stderr.String(), "shutdown complete: every request drained")
}
