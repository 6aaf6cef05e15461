package server

import (
	"container/list"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"time"
)

// An open connection costs its goroutine, its buffers and a file
// descriptor whether or not a request is on it: about 20 KiB for one
// idle between keep-alive requests, 12 KiB for one still to send its
// headers (docs/operations.md, "Connections"). The memory budget and the
// in-flight cap bound the requests in the handlers, not the connections,
// so the connections open at once are capped too. At the cap a new
// connection is admitted by closing the connection idle the longest, or
// else the oldest that has not sent its first request's headers within
// silentGrace of being accepted; with neither it is closed at once,
// before anything is read or written. A 503 is not written to it: the request is not read, so the
// answer would be lost to the reset a close with unread bytes sends
// (RFC 9112 §9.6), and a lingering close would hold the descriptor and
// goroutine the cap exists to save. The in-flight cap is half the
// automatic one, so a busy load is answered 503 with Retry-After by
// the shedder (shed.go) well before its connections are refused.

// connsPerInFlight is the automatic cap's connections per request the
// in-flight cap allows: one for the request, one idle or arriving.
const connsPerInFlight = 2

// silentGrace is how long a new connection has to send its first
// request's headers before the cap may close it to admit another. A
// client writes its request as soon as it has connected, within a round
// trip; one still silent after a second holds its place while sending
// nothing, as a flood of connections that stay silent for the 5 s the
// header timeout allows would, which would otherwise keep the cap full
// and every new client, probes included, out.
const silentGrace = time.Second

// connLogInterval is the least time between two log lines of the cap.
const connLogInterval = 10 * time.Second

// DefaultConnLimit is the automatic cap on open connections for a work
// budget (service.Config.Memory) and the process's file descriptor limit
// (RLIMIT_NOFILE; 0 when unknown): twice the requests in flight the
// budget allows, and at most the descriptors less a tenth (at least 64)
// kept for the listener, logs and outbound logo fetches.
func DefaultConnLimit(budget int64, fds int) int {
	n := connsPerInFlight * inFlightCap(budget)
	if fds > 0 {
		n = min(n, fds-max(64, fds/10))
	}
	return max(1, n)
}

// ConnLimit caps the connections open at once. Wrap the server's
// listener with Listener, outermost, set http.Server.ConnState to
// ConnState, and give it to Config.Connections for /metrics.
type ConnLimit struct {
	max int
	log *slog.Logger
	now func() time.Time

	mu   sync.Mutex
	open int
	// idle holds the idle connections, the one idle the longest first.
	idle list.List
	// silent holds the connections still to send their first request's
	// headers, the one accepted first first.
	silent                            list.List
	refused, idleClosed, silentClosed uint64
	// loggedAt is when the cap last logged, and the counts then.
	loggedAt                                      time.Time
	refusedLogged, closedAtLog, silentClosedAtLog uint64
}

// ConnStats are a ConnLimit's counts.
type ConnStats struct {
	Max, Open                         int
	Refused, IdleClosed, SilentClosed uint64
}

// NewConnLimit caps the connections open at once at n (at least 1);
// logger (nil: none) gets a line at most every connLogInterval while the
// cap refuses or closes connections.
func NewConnLimit(n int, logger *slog.Logger) *ConnLimit {
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	return &ConnLimit{max: max(1, n), log: logger, now: time.Now}
}

// Stats returns the counts; a nil ConnLimit has none.
func (l *ConnLimit) Stats() ConnStats {
	if l == nil {
		return ConnStats{}
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	return ConnStats{Max: l.max, Open: l.open, Refused: l.refused, IdleClosed: l.idleClosed, SilentClosed: l.silentClosed}
}

// Listener returns ln with each accepted connection counted against the
// cap. It must be the outermost wrapper: ConnState knows the connections
// it returned.
func (l *ConnLimit) Listener(ln net.Listener) net.Listener {
	return &cappedListener{Listener: ln, l: l}
}

type cappedListener struct {
	net.Listener
	l *ConnLimit
}

func (cl *cappedListener) Accept() (net.Conn, error) {
	for {
		c, err := cl.Listener.Accept()
		if err != nil {
			return nil, err
		}
		if admitted := cl.l.admit(c); admitted != nil {
			return admitted, nil
		}
	}
}

// cappedConn is a connection counted against the cap. Its fields other
// than Conn are guarded by the ConnLimit's mutex.
type cappedConn struct {
	net.Conn
	l *ConnLimit
	// idleAt is its element in l.idle while it is idle, silentAt in
	// l.silent until its first request's headers are read.
	idleAt, silentAt *list.Element
	acceptedAt       time.Time
	// counted is false once its close has been counted (or the cap
	// closed it to make room).
	counted bool
}

// admit counts c in. When the cap is reached it closes the connection
// idle the longest, or else the oldest silent past silentGrace; with
// neither it closes c and returns nil.
func (l *ConnLimit) admit(c net.Conn) net.Conn {
	l.mu.Lock()
	now := l.now()
	var evicted *cappedConn
	if l.open >= l.max {
		evicted = l.makeRoom(now)
		if evicted == nil {
			l.refused++
			line := l.logLine()
			l.mu.Unlock()
			c.Close()
			l.report(line)
			return nil
		}
	}
	l.open++
	admitted := &cappedConn{Conn: c, l: l, counted: true, acceptedAt: now}
	admitted.silentAt = l.silent.PushBack(admitted)
	var line *capLine
	if evicted != nil {
		line = l.logLine()
	}
	l.mu.Unlock()
	if evicted != nil {
		// net/http's goroutine for it sees the read fail, as when
		// Server.Shutdown closes idle connections, and closes it again.
		evicted.Conn.Close()
		l.report(line)
	}
	return admitted
}

// makeRoom counts out the connection idle the longest, or else the
// oldest silent past silentGrace, and returns it for closing; nil when
// there is neither. l.mu is held.
func (l *ConnLimit) makeRoom(now time.Time) *cappedConn {
	var c *cappedConn
	if front := l.idle.Front(); front != nil {
		c = front.Value.(*cappedConn)
		l.idleClosed++
	} else if front := l.silent.Front(); front != nil && now.Sub(front.Value.(*cappedConn).acceptedAt) >= silentGrace {
		c = front.Value.(*cappedConn)
		l.silentClosed++
	} else {
		return nil
	}
	l.release(c)
	return c
}

// ConnState follows each connection in and out of idleness; it is the
// http.Server's ConnState.
func (l *ConnLimit) ConnState(c net.Conn, state http.ConnState) {
	cc, ok := c.(*cappedConn)
	if !ok || cc.l != l {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if !cc.counted {
		return
	}
	if state != http.StateNew && cc.silentAt != nil {
		// Its first request's headers are read (net/http's active
		// follows them), or it is closed.
		l.silent.Remove(cc.silentAt)
		cc.silentAt = nil
	}
	switch state {
	case http.StateIdle:
		if cc.idleAt == nil {
			cc.idleAt = l.idle.PushBack(cc)
		}
	case http.StateClosed:
		l.release(cc)
	default: // active, hijacked: never closed by the cap
		if cc.idleAt != nil {
			l.idle.Remove(cc.idleAt)
			cc.idleAt = nil
		}
	}
}

// release counts c out; l.mu is held.
func (l *ConnLimit) release(c *cappedConn) {
	if !c.counted {
		return
	}
	if c.idleAt != nil {
		l.idle.Remove(c.idleAt)
		c.idleAt = nil
	}
	if c.silentAt != nil {
		l.silent.Remove(c.silentAt)
		c.silentAt = nil
	}
	c.counted = false
	l.open--
}

// Close counts the connection out, whoever closes it (net/http, or the
// handler that hijacked it).
func (c *cappedConn) Close() error {
	c.l.mu.Lock()
	c.l.release(c)
	c.l.mu.Unlock()
	return c.Conn.Close()
}

// capLine is what a log line of the cap says.
type capLine struct {
	refused, idleClosed, silentClosed uint64
	open                              int
}

// logLine returns the counts since the last line when a line is due,
// and marks it written; nil otherwise. l.mu is held.
func (l *ConnLimit) logLine() *capLine {
	now := l.now()
	if !l.loggedAt.IsZero() && now.Sub(l.loggedAt) < connLogInterval {
		return nil
	}
	line := &capLine{refused: l.refused - l.refusedLogged, idleClosed: l.idleClosed - l.closedAtLog,
		silentClosed: l.silentClosed - l.silentClosedAtLog, open: l.open}
	if line.refused == 0 && line.idleClosed == 0 && line.silentClosed == 0 {
		return nil
	}
	l.loggedAt, l.refusedLogged, l.closedAtLog, l.silentClosedAtLog = now, l.refused, l.idleClosed, l.silentClosed
	return line
}

// report writes line, if any, outside the lock.
func (l *ConnLimit) report(line *capLine) {
	if line == nil {
		return
	}
	l.log.Warn("connection cap reached: idle or silent connections closed to admit new ones, or new ones refused when none could be",
		"max_connections", l.max, "open", line.open, "refused", line.refused, "idle_closed", line.idleClosed, "silent_closed", line.silentClosed)
}
