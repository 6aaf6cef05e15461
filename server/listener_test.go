package server_test

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/qrforge/qrforge/server"
)

// rejectingServer serves handler behind server.Listener on loopback, with
// a small header limit, and returns its address.
func rejectingServer(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: handler, MaxHeaderBytes: 4 << 10, ReadHeaderTimeout: 5 * time.Second}
	go srv.Serve(server.Listener(ln, base))
	t.Cleanup(func() { srv.Close() })
	return ln.Addr().String()
}

// exchange writes raw on a new connection and returns the last answer
// read, as a recorder for readProblem.
func exchange(t *testing.T, addr, raw string, answers int) *httptest.ResponseRecorder {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(10 * time.Second))
	if _, err := io.WriteString(conn, raw); err != nil {
		t.Fatal(err)
	}
	r := bufio.NewReader(conn)
	rec := httptest.NewRecorder()
	for range answers {
		resp, err := http.ReadResponse(r, nil)
		if err != nil {
			t.Fatalf("no HTTP answer: %v", err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		rec = httptest.NewRecorder()
		for k, v := range resp.Header {
			rec.Header()[k] = v
		}
		rec.WriteHeader(resp.StatusCode)
		rec.Write(body)
	}
	return rec
}

// TestRequestsNetHTTPRefusesGetProblems sends what net/http rejects before
// any handler runs; each answer must be a problem document (never a 5xx)
// whose fix, followed, succeeds.
func TestRequestsNetHTTPRefusesGetProblems(t *testing.T) {
	addr := rejectingServer(t)
	good := "GET /q/fine.png HTTP/1.1\r\nHost: qr.test\r\n\r\n"
	cases := []struct {
		name    string
		raw     string
		answers int
		status  int
		kind    string
		fix     string // the fix, after the base URL
	}{
		{"bad escape in the path", "GET /q/%zz.png HTTP/1.1\r\nHost: qr.test\r\n\r\n", 1, 400, "bad-request", "/q/%25zz.png"},
		{"stray % before the query", "GET /q/100%.svg?size=300 HTTP/1.1\r\nHost: qr.test\r\n\r\n", 1, 400, "bad-request", "/q/100%25.svg?size=300"},
		{"space in the path", "GET /q/a b.png HTTP/1.1\r\nHost: qr.test\r\n\r\n", 1, 400, "bad-request", "/q/a%20b.png"},
		{"control character in the path", "GET /q/a\x7fb.png HTTP/1.1\r\nHost: qr.test\r\n\r\n", 1, 400, "bad-request", "/q/a%7Fb.png"},
		{"no Host", "GET /q/hi.png HTTP/1.1\r\n\r\n", 1, 400, "bad-request", "/q/hi.png"},
		{"malformed header", "GET /q/hi.png HTTP/1.1\r\nHost: qr.test\r\nno colon\r\n\r\n", 1, 400, "bad-request", "/q/hi.png"},
		{"HTTP/3.0 (net/http: 505)", "GET /q/hi.png HTTP/3.0\r\nHost: qr.test\r\n\r\n", 1, 400, "bad-request", "/q/hi.png"},
		{"unknown transfer coding (net/http: 501)", "GET /q/hi.png HTTP/1.1\r\nHost: qr.test\r\nTransfer-Encoding: gzip\r\n\r\n", 1, 400, "bad-request", "/q/hi.png"},
		{"headers too large", "GET /q/hi.png HTTP/1.1\r\nHost: qr.test\r\nX-Big: " + strings.Repeat("a", 8<<10) + "\r\n\r\n", 1, 431, "headers-too-large", "/api/v1/qr?data=Hello"},
		{"not HTTP at all", "\x00\x01\x02 garbage\r\n\r\n", 1, 400, "bad-request", "/api/v1/qr?data=Hello"},
		// The rejected request is the last on a kept-alive connection,
		// after more than the bytes kept.
		{"after good requests", strings.Repeat("GET /q/"+strings.Repeat("x", 1500)+".svg HTTP/1.1\r\nHost: qr.test\r\n\r\n", 2) + good + "GET /q/%zz.png HTTP/1.1\r\nHost: qr.test\r\n\r\n", 4, 400, "bad-request", "/q/%25zz.png"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := readProblem(t, exchange(t, addr, c.raw, c.answers), c.status, c.kind)
			if p.Fix != base+c.fix {
				t.Errorf("fix %q, want %q", p.Fix, base+c.fix)
			}
			if rec := follow(t, p); rec.Code != http.StatusOK {
				t.Errorf("following the fix: status %d: %s", rec.Code, rec.Body.String())
			}
			if rec := exchange(t, addr, good, 1); rec.Code != http.StatusOK {
				t.Errorf("a good request after it answers %d", rec.Code)
			}
		})
	}
}

// TestHandlerAnswersAreNotRewritten checks that answers written by
// handlers, even a text/plain 400, pass through untouched: only net/http's
// own answers, which carry no Date, are rewritten.
func TestHandlerAnswersAreNotRewritten(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.Header().Set("Connection", "close")
		w.WriteHeader(http.StatusBadRequest)
		fmt.Fprint(w, "400 Bad Request")
	})}
	go srv.Serve(server.Listener(ln, base))
	defer srv.Close()
	rec := exchange(t, ln.Addr().String(), "GET / HTTP/1.1\r\nHost: x\r\n\r\n", 1)
	if rec.Code != 400 || rec.Header().Get("Content-Type") != "text/plain; charset=utf-8" || rec.Body.String() != "400 Bad Request" {
		t.Errorf("a handler's answer was changed: %d %q %q", rec.Code, rec.Header().Get("Content-Type"), rec.Body.String())
	}
}
