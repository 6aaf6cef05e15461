package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"sync/atomic"
	"time"
)

// abortWait is how long the requests still running when the shutdown grace
// runs out get, once their context is cancelled, to abort by themselves
// (a streamed batch closes its connection without the final chunk) before
// every remaining connection is closed. The grace plus abortWait plus the
// preStop sleep stay under terminationGracePeriodSeconds in
// deploy/deployment.yaml.
const abortWait = time.Second

// inFlight counts the requests being served: every request net/http has
// handed to the handler and whose handler has not returned, which is what
// a graceful shutdown waits for. (The qrforge_http_requests_in_flight
// gauge counts API requests only, not probes and metrics.)
type inFlight struct {
	next http.Handler
	n    atomic.Int64
	// aborts counts the answers abandoned with http.ErrAbortHandler.
	aborts atomic.Int64
}

func (f *inFlight) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.n.Add(1)
	// Deferred: a handler that aborts (panics with http.ErrAbortHandler)
	// is done too. The panic goes on to net/http, which closes the
	// connection.
	defer func() {
		f.n.Add(-1)
		if v := recover(); v != nil {
			if v == http.ErrAbortHandler {
				f.aborts.Add(1)
			}
			panic(v)
		}
	}()
	f.next.ServeHTTP(w, r)
}

func (f *inFlight) count() int64 { return f.n.Load() }

// waitIdle waits until no request is in flight or d has passed.
func (f *inFlight) waitIdle(d time.Duration) {
	deadline := time.Now().Add(d)
	for f.count() > 0 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
}

// shutdown stops srv after SIGTERM or SIGINT. It stops accepting
// connections, closes idle ones and lets the requests in flight finish for
// up to grace. Requests still running then are aborted: abort cancels the
// base context of every request (srv.BaseContext), which stops a streamed
// batch where it is, and after abortWait every remaining connection is
// closed. A client whose answer was cut off sees the connection fail, never
// a clean end. Both outcomes are an orderly shutdown (nil, exit status 0);
// only a failure to close the listener is an error.
func shutdown(srv *http.Server, requests *inFlight, abort context.CancelFunc, grace time.Duration, logger *slog.Logger) error {
	start := time.Now()
	logger.Info("shutting down: no new connections, draining requests in flight",
		"in_flight", requests.count(), "grace", grace.String())
	ctx, cancel := context.WithTimeout(context.Background(), grace)
	defer cancel()
	err := srv.Shutdown(ctx)
	if err == nil {
		logger.Info("shutdown complete: every request drained", "duration_ms", millis(time.Since(start)))
		return nil
	}
	if !errors.Is(err, context.DeadlineExceeded) {
		srv.Close()
		return fmt.Errorf("shutdown: %w", err)
	}
	// Aborted: the requests that abandon their answer once their context
	// is cancelled, and those still running when their connection is
	// closed under them.
	running, before := requests.count(), requests.aborts.Load()
	abort()
	requests.waitIdle(abortWait)
	left := requests.count()
	srv.Close()
	logger.Warn("shutdown complete: grace period over, requests in flight aborted",
		"aborted", requests.aborts.Load()-before+left, "in_flight", running,
		"grace", grace.String(), "duration_ms", millis(time.Since(start)))
	return nil
}

// millis is d in milliseconds, to the microsecond, as request lines give it.
func millis(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
