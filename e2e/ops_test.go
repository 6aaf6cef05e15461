//go:build e2e

package e2e

import (
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The operations listener (--ops-addr, docs/operations.md) as a deployment
// meets it, on the built binary: probes and metrics on their own port,
// answered while the public connection cap is full and through the drain
// after SIGTERM; the public address keeps its metrics to itself; the
// healthcheck command asks the operations port named in the environment.
func TestOperationsListenerOnTheBinary(t *testing.T) {
	opsAddr, err := freeLoopbackAddr()
	if err != nil {
		t.Fatal(err)
	}
	srv := startForShutdown(t, "--ops-addr", opsAddr, "--max-connections", "2")
	ops := "http://" + opsAddr
	client := &http.Client{Timeout: 3 * time.Second}
	fetch := func(u string) (int, string) {
		t.Helper()
		resp, err := client.Get(u)
		if err != nil {
			return 0, err.Error()
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}

	for path, want := range map[string]string{"/healthz": "ok", "/readyz": "", "/metrics": "qrforge_connections_open"} {
		if code, body := fetch(ops + path); code != http.StatusOK || !strings.Contains(body, want) {
			t.Errorf("ops %s: %d %.200s, want 200 with %q", path, code, body, want)
		}
	}
	if code, body := fetch(ops + "/api/v1/qr?data=hi"); code != http.StatusNotFound || !strings.Contains(body, "public address") {
		t.Errorf("ops /api/v1/qr: %d %.200s, want a 404 naming the public address", code, body)
	}
	if code, body := fetch(srv.url + "/metrics"); code != http.StatusNotFound || !strings.Contains(body, "operations listener") {
		t.Errorf("public /metrics: %d %.200s, want a 404 naming the operations listener", code, body)
	}

	healthcheck := func(addr string) error {
		cmd := exec.Command(binaryPath, "healthcheck")
		cmd.Env = append(withoutEnv(os.Environ(), "QRFORGE_ADDR", "QRFORGE_OPS_ADDR"), "QRFORGE_ADDR="+strings.TrimPrefix(srv.url, "http://"), "QRFORGE_OPS_ADDR="+addr)
		return cmd.Run()
	}
	if err := healthcheck(opsAddr); err != nil {
		t.Errorf("qrforge healthcheck with QRFORGE_OPS_ADDR=%s: %v", opsAddr, err)
	}
	dead, _ := freeLoopbackAddr()
	if err := healthcheck(dead); err == nil {
		t.Errorf("qrforge healthcheck with QRFORGE_OPS_ADDR=%s, where nothing listens, exited 0", dead)
	}

	// Two public connections mid-request (a decode whose body is still
	// arriving) fill --max-connections 2: they are neither idle nor
	// silent, so a third is turned away, and the probes still answer on
	// their own port.
	var held []net.Conn
	for range 2 {
		c, err := net.Dial("tcp", strings.TrimPrefix(srv.url, "http://"))
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		if _, err := io.WriteString(c, "POST /api/v1/decode HTTP/1.1\r\nHost: qr.test\r\nContent-Type: image/png\r\nContent-Length: 100000\r\n\r\n\x89PNG"); err != nil {
			t.Fatal(err)
		}
		held = append(held, c)
	}
	// Both are counted before the third comes.
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if _, body := fetch(ops + "/metrics"); strings.Contains(body, "\nqrforge_connections_open 2\n") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the two held connections are not counted open")
		}
	}
	if code, _ := fetch(srv.url + "/healthz"); code == http.StatusOK {
		t.Errorf("public /healthz answered 200 with the cap of 2 held by two requests")
	}
	if code, _ := fetch(ops + "/healthz"); code != http.StatusOK {
		t.Errorf("ops /healthz with the public cap full: %d, want 200", code)
	}

	// SIGTERM: the public drain waits for the held requests, and the
	// operations port says the instance is not ready until it ends.
	if err := srv.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(2 * time.Second)
	code := 0
	for time.Now().Before(deadline) {
		if code, _ = fetch(ops + "/readyz"); code == http.StatusServiceUnavailable {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if code != http.StatusServiceUnavailable {
		t.Errorf("ops /readyz during the drain: %d, want 503", code)
	}
	for _, c := range held {
		c.Close()
	}
	select {
	case <-srv.done:
		if srv.err != nil {
			t.Errorf("exit after SIGTERM: %v; log:\n%s", srv.err, tail(srv.log.String(), 2000))
		}
	case <-time.After(10 * time.Second):
		t.Errorf("still running 10 s after SIGTERM with the held requests closed")
	}
}
