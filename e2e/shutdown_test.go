//go:build e2e

package e2e

import (
	"io"
	"net/http"
	"os/exec"
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
