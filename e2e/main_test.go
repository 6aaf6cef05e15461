//go:build e2e

// Package e2e drives the real qrforge binary over HTTP and checks every image
// it serves with independent tools: zbarimg (zbar) decodes, rsvg-convert
// (librsvg) rasterizes SVG, pdftoppm (Poppler) PDF and gs (Ghostscript)
// EPS, qrencode (libqrencode) is the size reference.
//
// Run with: go test -tags e2e ./e2e/...  (bash .ci/run installs the tools).
package e2e

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// requiredTools maps each external command to the Debian package that has it.
// A missing tool fails the suite: a skipped e2e run looks like a passing one.
var requiredTools = []struct{ command, debianPackage string }{
	{"zbarimg", "zbar-tools"},
	{"rsvg-convert", "librsvg2-bin"},
	{"qrencode", "qrencode"},
	{"pdftoppm", "poppler-utils"},
	{"pdfinfo", "poppler-utils"},
	{"gs", "ghostscript"},
}

var (
	// binaryPath is the qrforge binary built from this checkout by TestMain.
	binaryPath string
	// baseURL is the address of the instance shared by all tests.
	baseURL string
	// client is used for every request; it never follows redirects so that
	// a redirect shows up as what it is.
	client = &http.Client{
		Timeout:       60 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
)

func TestMain(m *testing.M) { os.Exit(runMain(m)) }

func runMain(m *testing.M) int {
	if missing := missingTools(); len(missing) > 0 {
		fmt.Fprintln(os.Stderr, "e2e: required tools are missing:")
		for _, msg := range missing {
			fmt.Fprintln(os.Stderr, "  "+msg)
		}
		fmt.Fprintln(os.Stderr, "e2e: `bash .ci/run` installs them on Debian")
		return 1
	}

	tmp, err := os.MkdirTemp("", "qrforge-e2e-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		return 1
	}
	defer os.RemoveAll(tmp)

	binaryPath, err = buildBinary(tmp)
	if err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		return 1
	}
	srv, err := startServer(binaryPath)
	if err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		return 1
	}
	baseURL = srv.url

	code := m.Run()
	if err := srv.stop(10 * time.Second); err != nil {
		fmt.Fprintln(os.Stderr, "e2e: stopping the shared server:", err)
		if code == 0 {
			code = 1
		}
	}
	if code != 0 {
		fmt.Fprintf(os.Stderr, "e2e: shared server log:\n%s\n", srv.log.String())
	}
	return code
}

func missingTools() []string {
	var missing []string
	for _, tool := range requiredTools {
		if _, err := exec.LookPath(tool.command); err != nil {
			missing = append(missing, fmt.Sprintf("%s not found in PATH: install the Debian package %s (apt-get install -y %s)",
				tool.command, tool.debianPackage, tool.debianPackage))
		}
	}
	return missing
}

// repoRoot is found from this file's location, so the suite works from any
// working directory.
func repoRoot() (string, error) {
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		return "", errors.New("cannot locate the e2e source file")
	}
	root := filepath.Dir(filepath.Dir(file))
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		return "", fmt.Errorf("repository root %s has no go.mod: %w", root, err)
	}
	return root, nil
}

func buildBinary(dir string) (string, error) {
	root, err := repoRoot()
	if err != nil {
		return "", err
	}
	out := filepath.Join(dir, "qrforge")
	cmd := exec.Command("go", "build", "-o", out, "./cmd/qrforge")
	cmd.Dir = root
	if output, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build ./cmd/qrforge: %v\n%s", err, output)
	}
	return out, nil
}

// server is one running qrforge process.
type server struct {
	cmd  *exec.Cmd
	url  string
	log  *syncBuffer
	done chan struct{} // closed when the process has exited; err is then set
	err  error
}

// freeLoopbackAddr asks the kernel for a free port. The port is released
// before qrforge binds it; another process could take it in between, which
// startServer reports as a start failure rather than a flaky test.
func freeLoopbackAddr() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	addr := ln.Addr().String()
	return addr, ln.Close()
}

func startServer(binary string, extraArgs ...string) (*server, error) {
	addr, err := freeLoopbackAddr()
	if err != nil {
		return nil, fmt.Errorf("pick a port: %w", err)
	}
	s := &server{url: "http://" + addr, log: &syncBuffer{}, done: make(chan struct{})}
	s.cmd = exec.Command(binary, append([]string{"--addr", addr}, extraArgs...)...)
	// The environment must not override the flag or the base URL.
	s.cmd.Env = withoutEnv(os.Environ(), "QRFORGE_ADDR", "QRFORGE_BASE_URL")
	s.cmd.Stdout = s.log
	s.cmd.Stderr = s.log
	if err := s.cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", binary, err)
	}
	go func() {
		s.err = s.cmd.Wait()
		close(s.done)
	}()

	deadline := time.Now().Add(20 * time.Second)
	probe := &http.Client{Timeout: time.Second}
	for {
		resp, err := probe.Get(s.url + "/api/v1/qr?data=ready")
		if err == nil {
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return s, nil
			}
		}
		select {
		case <-s.done:
			return nil, fmt.Errorf("qrforge exited before answering (%v); log:\n%s", s.err, s.log.String())
		case <-time.After(50 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			s.cmd.Process.Kill()
			<-s.done
			return nil, fmt.Errorf("qrforge did not answer on %s within 20s; log:\n%s", s.url, s.log.String())
		}
	}
}

// stop sends SIGTERM and waits for a clean exit; after timeout it kills.
func (s *server) stop(timeout time.Duration) error {
	if err := s.cmd.Process.Signal(syscall.SIGTERM); err != nil && !errors.Is(err, os.ErrProcessDone) {
		return err
	}
	select {
	case <-s.done:
		return s.err
	case <-time.After(timeout):
		s.cmd.Process.Kill()
		<-s.done
		return fmt.Errorf("no exit within %v of SIGTERM; killed", timeout)
	}
}

func withoutEnv(env []string, names ...string) []string {
	var kept []string
next:
	for _, kv := range env {
		for _, name := range names {
			if strings.HasPrefix(kv, name+"=") {
				continue next
			}
		}
		kept = append(kept, kv)
	}
	return kept
}

// syncBuffer collects a process's output; the process writes from its own
// goroutines while a test may read.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// get fetches path (with query q) from the shared server and returns the
// response with its body read.
func get(t *testing.T, path string, q url.Values) (*http.Response, []byte) {
	t.Helper()
	u := baseURL + path
	if len(q) > 0 {
		u += "?" + q.Encode()
	}
	return do(t, http.MethodGet, u)
}

func do(t *testing.T, method, rawURL string) (*http.Response, []byte) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, method, rawURL, nil)
	if err != nil {
		t.Fatalf("%s %s: %v", method, rawURL, err)
	}
	resp, err := client.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, rawURL, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("%s %s: reading body: %v", method, rawURL, err)
	}
	return resp, body
}

// mustGet is get that fails the test unless the answer is 200 with the
// wanted content type.
func mustGet(t *testing.T, path string, q url.Values, wantType string) (*http.Response, []byte) {
	t.Helper()
	resp, body := get(t, path, q)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s?%s: status %d, want 200; body: %.500s", path, q.Encode(), resp.StatusCode, body)
	}
	if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, wantType) {
		t.Fatalf("GET %s?%s: Content-Type %q, want %s", path, q.Encode(), ct, wantType)
	}
	return resp, body
}
