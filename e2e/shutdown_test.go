//go:build e2e

package e2e

import (
	"archive/zip"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// SIGTERM (what systemd and Kubernetes send) ends qrforge cleanly: exit
// status 0 within a few seconds, even with an idle keep-alive connection open.
func TestGracefulShutdownOnSIGTERM(t *testing.T) {
	srv, err := startServer(binaryPath)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		select {
		case <-srv.done:
		default:
			srv.cmd.Process.Kill()
			<-srv.done
		}
	})

	// Leave a keep-alive connection idle in the server's pool.
	keepAlive := &http.Client{Timeout: 10 * time.Second}
	resp, err := keepAlive.Get(srv.url + "/api/v1/qr?data=bye")
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("second instance answered %d, want 200", resp.StatusCode)
	}

	start := time.Now()
	if err := srv.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	const limit = 5 * time.Second
	select {
	case <-srv.done:
	case <-time.After(limit):
		t.Fatalf("still running %v after SIGTERM; log:\n%s", limit, srv.log.String())
	}
	if srv.err != nil {
		code := -1
		if exit, ok := srv.err.(*exec.ExitError); ok {
			code = exit.ExitCode()
		}
		t.Fatalf("exit after SIGTERM: %v (status %d), want status 0; log:\n%s", srv.err, code, srv.log.String())
	}
	t.Logf("exited 0 in %v after SIGTERM", time.Since(start).Round(time.Millisecond))

	if _, err := keepAlive.Get(srv.url + "/api/v1/qr?data=bye"); err == nil {
		t.Fatal("the port still answers after exit")
	}
}

// Sizes of the shutdown tests' work. An item is a 1500 px organic PNG of a
// 300-character payload, about 80 KB, which takes some 20 ms of CPU to
// draw; the socket buffers between server and client hold a few MB at
// most. So a zip of 1000 items (about 80 MB, 20 s of CPU) cannot be
// written out before its client reads it, nor within a 2 s grace, while one
// of 300 (about 24 MB, 6 s of CPU) is still in flight when its client has
// not read it yet, and finishes well within a 30 s grace once it does.
const (
	itemsTooManyForGrace = 1000
	itemsWithinGrace     = 300
)

// zipBatchBody is a zip batch of n large codes, each with its own data.
func zipBatchBody(n int) []byte {
	items := make([]string, n)
	for i := range items {
		sum := sha256.Sum256([]byte(strconv.Itoa(i)))
		data := strings.Repeat(hex.EncodeToString(sum[:]), 5)[:300]
		items[i] = fmt.Sprintf(`{"id":"code-%d","data":%q}`, i, data)
	}
	return []byte(`{"output":"zip","style":{"size":1500,"style":"organic"},"items":[` + strings.Join(items, ",") + `]}`)
}

// shutdownOutcome is what one client of a server being shut down got.
type shutdownOutcome struct {
	name   string
	status int
	header http.Header
	body   []byte
	// err is the transport error: the request or the body read failed.
	err error
}

// heldRequest sends a request and waits for its answer's headers, then
// reads the body only once start is closed: until then the answer is in
// flight (the server is blocked writing it). A slow reader then reads
// 16 KiB every 20 ms until fastFrom is closed, and the rest at once.
type heldRequest struct {
	name      string
	req       *http.Request
	slow      bool
	headerErr chan error
	done      chan shutdownOutcome
}

func hold(t *testing.T, client *http.Client, ctx context.Context, name, method, url string, body []byte, slow bool, start, fastFrom <-chan struct{}) *heldRequest {
	t.Helper()
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, url, rd)
	if err != nil {
		t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	h := &heldRequest{name: name, req: req, slow: slow, headerErr: make(chan error, 1), done: make(chan shutdownOutcome, 1)}
	go func() {
		out := shutdownOutcome{name: name}
		defer func() { h.done <- out }()
		resp, err := client.Do(req)
		h.headerErr <- err
		if err != nil {
			out.err = err
			return
		}
		defer resp.Body.Close()
		out.status, out.header = resp.StatusCode, resp.Header
		<-start
		var buf bytes.Buffer
		if h.slow {
			chunk := make([]byte, 16<<10)
		slowly:
			for {
				select {
				case <-fastFrom:
					break slowly
				case <-time.After(20 * time.Millisecond):
				}
				n, err := resp.Body.Read(chunk)
				buf.Write(chunk[:n])
				if err == io.EOF {
					out.body = buf.Bytes()
					return
				}
				if err != nil {
					out.body, out.err = buf.Bytes(), err
					return
				}
			}
		}
		_, out.err = buf.ReadFrom(resp.Body)
		out.body = buf.Bytes()
	}()
	return h
}

// checkZipOutcome: the client got a transport error, or a 200 whose zip
// opens and holds every item, each of which reads (archive/zip checks its
// CRC-32). A 200 with a body that ended cleanly but is not the whole
// archive is the failure this guards against. It reports whether the
// answer was complete.
func checkZipOutcome(t *testing.T, o shutdownOutcome) bool {
	t.Helper()
	if o.err != nil {
		if errors.Is(o.err, context.DeadlineExceeded) {
			t.Errorf("%s: no outcome before the test's deadline: the server left the client waiting", o.name)
		} else {
			t.Logf("%s: transport error after %d bytes: %v", o.name, len(o.body), o.err)
		}
		return false
	}
	if o.status != http.StatusOK {
		t.Errorf("%s: status %d, want 200 or a transport error; body %.300s", o.name, o.status, o.body)
		return false
	}
	want, _ := strconv.Atoi(o.header.Get("X-Batch-Count"))
	zr, err := zip.NewReader(bytes.NewReader(o.body), int64(len(o.body)))
	if err != nil {
		t.Errorf("%s: 200 with a body of %d bytes that ended cleanly but is no zip (%v): a truncated answer looked complete", o.name, len(o.body), err)
		return false
	}
	if len(zr.File) != want {
		t.Errorf("%s: the zip has %d entries, X-Batch-Count says %d", o.name, len(zr.File), want)
	}
	for _, f := range zr.File {
		rc, err := f.Open()
		if err == nil {
			_, err = io.Copy(io.Discard, rc)
			rc.Close()
		}
		if err != nil {
			t.Errorf("%s: entry %s does not read: %v", o.name, f.Name, err)
			return false
		}
	}
	t.Logf("%s: complete zip of %d entries, %d bytes", o.name, len(zr.File), len(o.body))
	return true
}

// checkVerifyOutcome: a transport error, or a complete verify answer.
func checkVerifyOutcome(t *testing.T, o shutdownOutcome) bool {
	t.Helper()
	if o.err != nil {
		if errors.Is(o.err, context.DeadlineExceeded) {
			t.Errorf("%s: no outcome before the test's deadline: the server left the client waiting", o.name)
		} else {
			t.Logf("%s: transport error: %v", o.name, o.err)
		}
		return false
	}
	var v struct {
		Scannable *bool `json:"scannable"`
	}
	if o.status != http.StatusOK || json.Unmarshal(o.body, &v) != nil || v.Scannable == nil || !*v.Scannable {
		t.Errorf("%s: status %d with %.300q; want a transport error or a complete 200 verify answer", o.name, o.status, o.body)
		return false
	}
	t.Logf("%s: complete answer", o.name)
	return true
}

// inFlightGauge reads qrforge_http_requests_in_flight; -1 if it cannot.
func inFlightGauge(base string) int {
	resp, err := (&http.Client{Timeout: 2 * time.Second}).Get(base + "/metrics")
	if err != nil {
		return -1
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	m := regexp.MustCompile(`(?m)^qrforge_http_requests_in_flight (\d+)`).FindSubmatch(b)
	if m == nil {
		return -1
	}
	n, _ := strconv.Atoi(string(m[1]))
	return n
}

// shutdownLog is the JSON log line of srv whose msg starts with prefix.
func shutdownLog(t *testing.T, srv *server, prefix string) map[string]any {
	t.Helper()
	for _, line := range strings.Split(srv.log.String(), "\n") {
		var m map[string]any
		if json.Unmarshal([]byte(line), &m) == nil {
			if msg, _ := m["msg"].(string); strings.HasPrefix(msg, prefix) {
				t.Logf("log: %s", line)
				return m
			}
		}
	}
	t.Errorf("no log line %q; log:\n%s", prefix, tail(srv.log.String(), 4000))
	return nil
}

func tail(s string, n int) string {
	if len(s) > n {
		return "…" + s[len(s)-n:]
	}
	return s
}

// sigterm sends SIGTERM and waits until the server logs that it drains.
func sigterm(t *testing.T, srv *server) time.Time {
	t.Helper()
	sent := time.Now()
	if err := srv.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(5 * time.Second); !strings.Contains(srv.log.String(), "shutting down") && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
	return sent
}

// waitExit waits up to limit after sent for the exit, which must have
// status 0.
func waitExit(t *testing.T, srv *server, sent time.Time, limit time.Duration) time.Duration {
	t.Helper()
	select {
	case <-srv.done:
	case <-time.After(time.Until(sent.Add(limit))):
		t.Fatalf("still running %v after SIGTERM; log:\n%s", limit, tail(srv.log.String(), 4000))
	}
	if srv.err != nil {
		code := -1
		if exit, ok := srv.err.(*exec.ExitError); ok {
			code = exit.ExitCode()
		}
		t.Errorf("exit after SIGTERM: %v (status %d), want status 0; log:\n%s", srv.err, code, tail(srv.log.String(), 4000))
	}
	return time.Since(sent)
}

// startForShutdown starts a server of its own, killed at the end of the
// test if still running.
func startForShutdown(t *testing.T, args ...string) *server {
	t.Helper()
	srv, err := startServer(binaryPath, args...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		select {
		case <-srv.done:
		default:
			srv.cmd.Process.Kill()
			<-srv.done
		}
	})
	return srv
}

// SIGTERM while 4 large zip batches stream and 4 heavy verifies run, with a
// 2 s grace that cannot fit them: every client gets either a complete,
// valid answer or a transport error, never a 200 whose zip ended cleanly
// but short. The process exits 0 and logs the start of the drain with the
// requests in flight and the abort.
func TestShutdownAbortsWhatTheGraceCannotFit(t *testing.T) {
	srv := startForShutdown(t, "--shutdown-grace", "2s")
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	client := &http.Client{Transport: &http.Transport{}}
	start, fastFrom := make(chan struct{}), make(chan struct{})
	go func() { <-srv.done; close(fastFrom) }()

	body := zipBatchBody(itemsTooManyForGrace)
	var zips, verifies []*heldRequest
	for i := range 4 {
		// Two clients read as fast as they can, two slowly: those cannot
		// have their answer before the grace runs out, on any machine.
		slow := i%2 == 1
		name := fmt.Sprintf("zip %d (fast reader)", i)
		if slow {
			name = fmt.Sprintf("zip %d (slow reader)", i)
		}
		zips = append(zips, hold(t, client, ctx, name, http.MethodPost, srv.url+"/api/v1/qr/batch", body, slow, start, fastFrom))
	}
	for _, z := range zips {
		if err := <-z.headerErr; err != nil {
			t.Fatalf("%s: %v", z.name, err)
		}
	}
	for i := range 4 {
		u := fmt.Sprintf("%s/api/v1/verify?data=shutdown-%d-%s&size=4096", srv.url, i, strings.Repeat("x", 100))
		verifies = append(verifies, hold(t, client, ctx, fmt.Sprintf("verify %d", i), http.MethodGet, u, nil, false, start, fastFrom))
	}
	// The zips are in flight (their clients have not read them); wait a
	// little for the verifies to be too, but do not depend on it.
	for deadline := time.Now().Add(5 * time.Second); inFlightGauge(srv.url) < 8 && time.Now().Before(deadline); {
		time.Sleep(20 * time.Millisecond)
	}

	sent := sigterm(t, srv)
	close(start)
	took := waitExit(t, srv, sent, 15*time.Second)
	t.Logf("exited in %v after SIGTERM", took.Round(time.Millisecond))

	complete := 0
	for _, z := range zips {
		o := <-z.done
		if checkZipOutcome(t, o) {
			complete++
			if z.slow {
				t.Errorf("%s: complete, though it read at most a few MB during the grace", z.name)
			}
		}
	}
	for _, v := range verifies {
		checkVerifyOutcome(t, <-v.done)
	}

	if m := shutdownLog(t, srv, "shutting down"); m != nil {
		if n, _ := m["in_flight"].(float64); n < 4 {
			t.Errorf("shutdown started with in_flight %v; want at least the 4 zips", m["in_flight"])
		}
	}
	if m := shutdownLog(t, srv, "shutdown complete"); m != nil {
		if n, _ := m["aborted"].(float64); m["level"] != "WARN" || n < float64(4-complete) {
			t.Errorf("shutdown ended with %v; want WARN and at least %d aborted", m, 4-complete)
		}
	}
	if strings.Contains(srv.log.String(), "panic") {
		t.Errorf("a panic was logged:\n%s", tail(srv.log.String(), 4000))
	}
}

// SIGTERM while a zip batch streams and two verifies run, with a grace
// they fit in: every client gets its whole answer, the process exits 0
// and logs that every request drained.
func TestShutdownDrainsWhatTheGraceFits(t *testing.T) {
	srv := startForShutdown(t, "--shutdown-grace", "30s")
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	client := &http.Client{Transport: &http.Transport{}}
	start := make(chan struct{})

	z := hold(t, client, ctx, "zip", http.MethodPost, srv.url+"/api/v1/qr/batch", zipBatchBody(itemsWithinGrace), false, start, nil)
	if err := <-z.headerErr; err != nil {
		t.Fatalf("zip: %v", err)
	}
	var verifies []*heldRequest
	for i := range 2 {
		u := fmt.Sprintf("%s/api/v1/verify?data=drain-%d&size=2048", srv.url, i)
		verifies = append(verifies, hold(t, client, ctx, fmt.Sprintf("verify %d", i), http.MethodGet, u, nil, false, start, nil))
	}
	for deadline := time.Now().Add(5 * time.Second); inFlightGauge(srv.url) < 3 && time.Now().Before(deadline); {
		time.Sleep(20 * time.Millisecond)
	}

	// Read only once the server has begun to drain.
	sent := sigterm(t, srv)
	close(start)
	took := waitExit(t, srv, sent, 45*time.Second)
	t.Logf("exited in %v after SIGTERM", took.Round(time.Millisecond))

	if !checkZipOutcome(t, <-z.done) {
		t.Error("zip: not complete, though it fits the grace")
	}
	for _, v := range verifies {
		if !checkVerifyOutcome(t, <-v.done) {
			t.Errorf("verify: not complete, though it fits the grace")
		}
	}
	if m := shutdownLog(t, srv, "shutting down"); m != nil {
		if n, _ := m["in_flight"].(float64); n < 1 {
			t.Errorf("shutdown started with in_flight %v; want at least the zip", m["in_flight"])
		}
	}
	if m := shutdownLog(t, srv, "shutdown complete"); m != nil && (m["level"] != "INFO" || !strings.Contains(m["msg"].(string), "drained")) {
		t.Errorf("shutdown ended with %v; want INFO, every request drained", m)
	}
}
