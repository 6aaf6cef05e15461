package server_test

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/qrforge/qrforge/server"
)

// cappedServer serves h behind a ConnLimit of max connections, as
// cmd/qrforge wires it, and returns its address, the limit and a channel
// that receives every connection's turn to idle (http.Server.ConnState),
// so that a test can wait for a connection to be idle without sleeping.
func cappedServer(t *testing.T, max int, h http.Handler) (string, *server.ConnLimit, <-chan struct{}) {
	addr, limit, idle, _ := cappedServerClosing(t, max, h)
	return addr, limit, idle
}

// cappedServerClosing is cappedServer with a channel that receives every
// connection's close as well.
func cappedServerClosing(t *testing.T, max int, h http.Handler) (string, *server.ConnLimit, <-chan struct{}, <-chan struct{}) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	limit := server.NewConnLimit(max, nil)
	idle, closed := make(chan struct{}, 64), make(chan struct{}, 64)
	srv := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		ConnState: func(c net.Conn, st http.ConnState) {
			limit.ConnState(c, st)
			switch st {
			case http.StateIdle:
				idle <- struct{}{}
			case http.StateClosed:
				closed <- struct{}{}
			}
		},
	}
	go srv.Serve(limit.Listener(server.Listener(ln, base)))
	t.Cleanup(func() { srv.Close() })
	return ln.Addr().String(), limit, idle, closed
}

// clientConn is one raw keep-alive connection to a capped server.
type clientConn struct {
	t    *testing.T
	name string
	c    net.Conn
	r    *bufio.Reader
}

func dialCapped(t *testing.T, addr, name string) *clientConn {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	// A safety net against a hung test, not a measured time.
	c.SetDeadline(time.Now().Add(20 * time.Second))
	return &clientConn{t: t, name: name, c: c, r: bufio.NewReader(c)}
}

// send writes a GET of path. A connection the server closed may fail
// the write; answer then reports it.
func (cc *clientConn) send(path string) {
	fmt.Fprintf(cc.c, "GET %s HTTP/1.1\r\nHost: qr.test\r\n\r\n", path)
}

// answer reads one answer, or returns the error of a connection closed
// without one.
func (cc *clientConn) answer() (int, error) {
	resp, err := http.ReadResponse(cc.r, nil)
	if err != nil {
		return 0, err
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode, nil
}

// request sends a GET and wants a 200, then waits for the connection to
// be idle again.
func (cc *clientConn) request(idle <-chan struct{}) {
	cc.t.Helper()
	cc.send("/healthz")
	if status, err := cc.answer(); err != nil || status != http.StatusOK {
		cc.t.Fatalf("%s: GET /healthz: status %d, error %v; want 200", cc.name, status, err)
	}
	<-idle
}

// closedByServer reports whether the server closed the connection: a
// read then ends at once with EOF or a reset, where an open idle
// connection would wait for the deadline.
func (cc *clientConn) closedByServer() bool {
	cc.t.Helper()
	_, err := cc.r.ReadByte()
	if err == nil {
		cc.t.Fatalf("%s: the server sent bytes no request asked for", cc.name)
	}
	return !strings.Contains(err.Error(), "timeout")
}

// At the cap, a new connection is admitted by closing the connection idle
// the longest, whatever its age: here the first opened was used again, so
// the second goes first, then the third; the others still serve.
func TestConnLimitClosesTheLongestIdleFirst(t *testing.T) {
	addr, limit, idle := cappedServer(t, 4, handler)
	conns := make([]*clientConn, 4)
	for i := range conns {
		conns[i] = dialCapped(t, addr, fmt.Sprintf("connection %d", i+1))
		conns[i].request(idle)
	}
	conns[0].request(idle) // idle since now: the last to go

	fifth := dialCapped(t, addr, "connection 5")
	fifth.request(idle)
	if !conns[1].closedByServer() {
		t.Fatal("connection 2, idle the longest, is still open after a fifth was admitted")
	}
	sixth := dialCapped(t, addr, "connection 6")
	sixth.request(idle)
	if !conns[2].closedByServer() {
		t.Fatal("connection 3, idle the longest, is still open after a sixth was admitted")
	}
	for _, cc := range []*clientConn{conns[3], conns[0], fifth, sixth} {
		cc.request(idle)
	}
	if s := limit.Stats(); s.Open != 4 || s.IdleClosed != 2 || s.Refused != 0 || s.Max != 4 {
		t.Errorf("stats %+v, want 4 open of 4, 2 idle closed, none refused", s)
	}
}

// blockingHandler holds every request to /block until release is closed,
// telling entered as each begins; other paths go to the service.
func blockingHandler(entered chan<- struct{}, release <-chan struct{}) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/block" {
			handler.ServeHTTP(w, r)
			return
		}
		entered <- struct{}{}
		<-release
		w.WriteHeader(http.StatusOK)
	})
}

// With as many requests in flight as the cap, no connection is idle: a
// new one is closed at once and counted, and the requests in flight are
// never closed for it. Once they are answered their connections are
// idle, and new connections are admitted again.
func TestConnLimitRefusesWhenNoneIsIdle(t *testing.T) {
	entered, release := make(chan struct{}), make(chan struct{})
	var releaseOnce sync.Once
	t.Cleanup(func() { releaseOnce.Do(func() { close(release) }) })
	addr, limit, idle := cappedServer(t, 4, blockingHandler(entered, release))

	active := make([]*clientConn, 4)
	for i := range active {
		active[i] = dialCapped(t, addr, fmt.Sprintf("connection %d", i+1))
		active[i].send("/block")
		<-entered
	}
	refused := dialCapped(t, addr, "connection 5")
	refused.send("/healthz")
	if status, err := refused.answer(); err == nil {
		t.Fatalf("a fifth connection with four requests in flight was answered %d; want it closed", status)
	}
	if s := limit.Stats(); s.Refused != 1 || s.Open != 4 || s.IdleClosed != 0 {
		t.Errorf("stats %+v, want 1 refused, 4 open, none idle closed", s)
	}

	releaseOnce.Do(func() { close(release) })
	for _, cc := range active {
		if status, err := cc.answer(); err != nil || status != http.StatusOK {
			t.Fatalf("%s, in flight at the cap: status %d, error %v; want its 200", cc.name, status, err)
		}
		<-idle
	}
	admitted := dialCapped(t, addr, "connection 6")
	admitted.request(idle)
	if s := limit.Stats(); s.Refused != 1 || s.Open != 4 || s.IdleClosed != 1 {
		t.Errorf("stats %+v, want 1 refused, 4 open, 1 idle closed", s)
	}
}

// A connection closed by its client leaves room at once: it is no longer
// counted, and the next connection closes no idle one.
func TestConnLimitCountsClosedConnectionsOut(t *testing.T) {
	addr, limit, idle, closed := cappedServerClosing(t, 2, handler)
	first := dialCapped(t, addr, "connection 1")
	first.request(idle)
	second := dialCapped(t, addr, "connection 2")
	second.request(idle)
	first.c.Close()
	<-closed
	if s := limit.Stats(); s.Open != 1 {
		t.Fatalf("stats %+v once a client closed one of two connections, want 1 open", s)
	}
	third := dialCapped(t, addr, "connection 3")
	third.request(idle)
	second.request(idle)
	if s := limit.Stats(); s.IdleClosed != 0 || s.Open != 2 {
		t.Errorf("stats %+v, want 2 open and none idle closed", s)
	}
}

// /metrics reports the cap, the connections open and what the cap did.
func TestConnLimitMetrics(t *testing.T) {
	entered, release := make(chan struct{}), make(chan struct{})
	defer close(release)
	addr, limit, _ := cappedServer(t, 1, blockingHandler(entered, release))
	h := server.New(server.Config{BaseURL: base, Connections: limit})
	busy := dialCapped(t, addr, "connection 1")
	busy.send("/block")
	<-entered
	refused := dialCapped(t, addr, "connection 2")
	refused.send("/healthz")
	if _, err := refused.answer(); err == nil {
		t.Fatal("a second connection at a cap of one was answered")
	}
	families := scrapeMetrics(t, h)
	for name, want := range map[string]float64{
		"qrforge_connections_max":                 1,
		"qrforge_connections_open":                1,
		"qrforge_connections_refused_total":       1,
		"qrforge_connections_idle_closed_total":   0,
		"qrforge_connections_silent_closed_total": 0,
	} {
		f, ok := families[name]
		if !ok {
			t.Errorf("/metrics has no %s", name)
			continue
		}
		m := f.GetMetric()[0]
		got := m.GetGauge().GetValue() + m.GetCounter().GetValue()
		if got != want {
			t.Errorf("%s = %v, want %v", name, got, want)
		}
	}
}

// The automatic cap is twice the requests in flight the work budget
// allows, so that each may have a connection idle or arriving beside it,
// and leaves a tenth of the file descriptors (at least 64) to the rest of
// the process.
func TestDefaultConnLimit(t *testing.T) {
	for _, tc := range []struct {
		budget int64
		fds    int
		want   int
	}{
		{483 << 20, 1 << 20, 1932}, // deploy/deployment.yaml's budget
		{1 << 30, 20000, 4096},     // no memory limit known
		{1 << 30, 1024, 1024 - 102},
		{1 << 30, 0, 4096}, // the descriptor limit unknown
		{16 << 20, 1 << 20, 128},
		{1 << 30, 100, 36},
	} {
		if got := server.DefaultConnLimit(tc.budget, tc.fds); got != tc.want {
			t.Errorf("DefaultConnLimit(%d MiB, %d fds) = %d, want %d", tc.budget>>20, tc.fds, got, tc.want)
		}
	}
}
