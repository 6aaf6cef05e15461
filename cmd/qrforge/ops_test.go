package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestOpsListenerOutsideTheConnectionCap: with --ops-addr, the public
// listener full to its connection cap with a request being served (which
// the cap never closes) refuses a new connection, probes included, while
// /healthz, /readyz and /metrics answer on the operations listener, which
// the cap does not count. /metrics is then a 404 on the public listener,
// and the operations listener serves no API route.
func TestOpsListenerOutsideTheConnectionCap(t *testing.T) {
	addr, startup, _ := serveForTestOutput(t, []string{"--max-connections=1", "--ops-addr=127.0.0.1:0"}, env())
	m := regexp.MustCompile(`operations on http://(\S+)`).FindStringSubmatch(startup)
	if m == nil {
		t.Fatalf("the start-up line names no operations address: %q", startup)
	}
	ops := "http://" + m[1]
	client := &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{DisableKeepAlives: true}}

	// The one connection the cap allows.
	held := holdDecode(t, addr, client, ops)
	defer held.Close()

	// The public listener is at its cap: a probe there gets no answer.
	if resp, err := client.Get("http://" + addr + "/healthz"); err == nil {
		resp.Body.Close()
		t.Fatalf("public GET /healthz at the cap: %s, want the connection refused", resp.Status)
	}
	for _, path := range []string{"/healthz", "/readyz", "/metrics"} {
		resp, err := client.Get(ops + path)
		if err != nil {
			t.Fatalf("operations GET %s with the public listener at its cap: %v", path, err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Errorf("operations GET %s with the public listener at its cap: %s", path, resp.Status)
		}
	}
	if text := metricsText(t, client, ops); !regexp.MustCompile(`\nqrforge_connections_refused_total [1-9]`).MatchString(text) {
		t.Errorf("the refused probe is not counted:\n%s", text)
	}

	// Once the held request is answered (a 400: the image never came),
	// the public listener answers again, /metrics as an unknown path.
	held.Close()
	for _, c := range []struct {
		url    string
		status int
	}{
		{"http://" + addr + "/metrics", http.StatusNotFound},
		{"http://" + addr + "/readyz", http.StatusOK},
		{ops + "/api/v1/qr?data=a", http.StatusNotFound},
	} {
		var (
			resp *http.Response
			err  error
		)
		for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
			// The held connection's slot frees once its handler returns.
			if resp, err = client.Get(c.url); err == nil || time.Now().After(deadline) {
				break
			}
		}
		if err != nil {
			t.Fatalf("GET %s: %v", c.url, err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != c.status || (c.status == http.StatusNotFound && resp.Header.Get("Content-Type") != "application/problem+json") {
			t.Errorf("GET %s: %s %q, want %d (a problem document for a 404)", c.url, resp.Status, resp.Header.Get("Content-Type"), c.status)
		}
	}
}

// metricsText is the operations listener's /metrics.
// holdDecode opens a connection to the public listener at addr with a
// decode whose image is still to come, so that its handler waits for the
// body, and returns it once the operations listener's /metrics counts it
// in flight.
func holdDecode(t *testing.T, addr string, client *http.Client, ops string) net.Conn {
	t.Helper()
	held, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(held, "POST /api/v1/decode HTTP/1.1\r\nHost: %s\r\nContent-Type: image/png\r\nContent-Length: 100000\r\n\r\n\x89PNG", addr)
	for deadline := time.Now().Add(10 * time.Second); !strings.Contains(metricsText(t, client, ops), "\nqrforge_http_requests_in_flight 1\n"); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			held.Close()
			t.Fatalf("the held decode is not in flight:\n%s", metricsText(t, client, ops))
		}
	}
	return held
}

func metricsText(t *testing.T, client *http.Client, ops string) string {
	t.Helper()
	resp, err := client.Get(ops + "/metrics")
	if err != nil {
		t.Fatalf("operations GET /metrics: %v", err)
	}
	defer resp.Body.Close()
	var b strings.Builder
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		b.WriteString("\n" + sc.Text())
	}
	return b.String() + "\n"
}

// TestOpsListenerThroughTheShutdown: after SIGTERM (the end of run's
// context) /readyz answers 503 on the operations listener while /healthz
// still answers 200 there, for as long as the public listener drains a
// request in flight; once the drain ends the operations listener closes
// too and run returns.
func TestOpsListenerThroughTheShutdown(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stdout, stderr := &lockedBuffer{}, &lockedBuffer{}
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"--addr=127.0.0.1:0", "--ops-addr=127.0.0.1:0", "--shutdown-grace=1m"}, env(), stdout, stderr)
	}()
	listening := regexp.MustCompile(`listening on http://(\S+) .*operations on http://(\S+)`)
	var m []string
	for deadline := time.Now().Add(10 * time.Second); m == nil; time.Sleep(10 * time.Millisecond) {
		if m = listening.FindStringSubmatch(stdout.String()); m == nil && time.Now().After(deadline) {
			t.Fatalf("run did not start listening: %q\n%s", stdout.String(), stderr.String())
		}
	}
	addr, ops := m[1], "http://"+m[2]
	client := &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{DisableKeepAlives: true}}

	held := holdDecode(t, addr, client, ops)
	defer held.Close()

	cancel()
	for deadline := time.Now().Add(10 * time.Second); !strings.Contains(stderr.String(), "shutting down"); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("no shutdown logged:\n%s", stderr.String())
		}
	}
	status := func(path string) int {
		resp, err := client.Get(ops + path)
		if err != nil {
			t.Fatalf("operations GET %s during the drain: %v", path, err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return resp.StatusCode
	}
	if got := status("/readyz"); got != http.StatusServiceUnavailable {
		t.Errorf("operations GET /readyz during the drain: %d, want 503", got)
	}
	if got := status("/healthz"); got != http.StatusOK {
		t.Errorf("operations GET /healthz during the drain: %d, want 200", got)
	}
	if got := status("/metrics"); got != http.StatusOK {
		t.Errorf("operations GET /metrics during the drain: %d, want 200", got)
	}
	select {
	case err := <-done:
		t.Fatalf("run returned with a request in flight: %v", err)
	default:
	}

	// The held request ends (its client goes away); the drain is over.
	held.Close()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("run: %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatalf("run did not return once the drain ended:\n%s", stderr.String())
	}
	if resp, err := client.Get(ops + "/healthz"); err == nil {
		resp.Body.Close()
		t.Errorf("the operations listener still answers after run returned: %s", resp.Status)
	}
}

// TestHealthcheckAsksTheOpsListener: with QRFORGE_OPS_ADDR set, as in a
// container that sets it, `qrforge healthcheck` asks that listener, which
// the public listener's connection cap does not hold up.
func TestHealthcheckAsksTheOpsListener(t *testing.T) {
	_, startup, _ := serveForTestOutput(t, []string{"--ops-addr=127.0.0.1:0"}, env())
	m := regexp.MustCompile(`operations on http://(\S+)`).FindStringSubmatch(startup)
	if m == nil {
		t.Fatalf("the start-up line names no operations address: %q", startup)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := ln.Addr().String()
	ln.Close()
	if err := run(context.Background(), []string{"healthcheck"}, env("QRFORGE_ADDR", closed, "QRFORGE_OPS_ADDR", m[1]), io.Discard, io.Discard); err != nil {
		t.Errorf("healthcheck with QRFORGE_OPS_ADDR=%s: %v", m[1], err)
	}
}
