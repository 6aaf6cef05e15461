package server

import (
	"bytes"
	"fmt"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"github.com/qrforge/qrforge/service"
)

// Requests that net/http turns away before any handler runs (a
// malformed escape or control character in the path, a malformed or
// oversized header, a missing Host, an unknown transfer coding or
// protocol version) get a fixed text/plain answer written straight to
// the connection. Listener wraps the listener so that they get problem
// documents with a fix like every other 4xx, and never a 5xx: net/http
// answers an unknown transfer coding with 501 and an unknown protocol
// version with 505, and both are the client's error, so qrforge answers
// 400 (docs/operations.md, "Requests net/http rejects").

// Listener returns ln with every connection watched for net/http's bare
// error answers, which it rewrites as problem documents; baseURL prefixes
// the fix.
func Listener(ln net.Listener, baseURL string) net.Listener {
	return &problemListener{Listener: ln, s: &Server{baseURL: strings.TrimSuffix(baseURL, "/")}}
}

type problemListener struct {
	net.Listener
	s *Server
}

func (l *problemListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &problemConn{Conn: c, s: l.s}, nil
}

// recentBytes is how much of what a connection read is kept, to find
// the request line of a rejected request for the fix.
const recentBytes = 2048

// problemConn keeps the last bytes read, in a buffer taken from a pool
// on the first read and returned on close.
type problemConn struct {
	net.Conn
	s      *Server
	mu     sync.Mutex
	recent *[recentBytes]byte
	n      int // bytes read in all; recent holds the last min(n, recentBytes)
}

var recentPool = sync.Pool{New: func() any { return new([recentBytes]byte) }}

func (c *problemConn) Read(p []byte) (int, error) {
	n, err := c.Conn.Read(p)
	if n > 0 {
		c.mu.Lock()
		if c.recent == nil {
			c.recent = recentPool.Get().(*[recentBytes]byte)
		}
		c.n += max(0, n-recentBytes) // only the last recentBytes can be kept
		for chunk := p[max(0, n-recentBytes):n]; len(chunk) > 0; {
			k := copy(c.recent[c.n%recentBytes:], chunk)
			chunk = chunk[k:]
			c.n += k
		}
		c.mu.Unlock()
	}
	return n, err
}

func (c *problemConn) Close() error {
	c.mu.Lock()
	if c.recent != nil {
		recentPool.Put(c.recent)
		c.recent = nil
	}
	c.mu.Unlock()
	return c.Conn.Close()
}

// bareErrorHeaders follow the status line of every answer net/http writes
// itself (net/http's conn.serve). A handler's headers are written
// sorted, Connection before Content-Type, and with a Date, so they never
// match.
const bareErrorHeaders = "\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n"

func (c *problemConn) Write(p []byte) (int, error) {
	status, ok := bareError(p)
	if !ok {
		return c.Conn.Write(p)
	}
	c.mu.Lock()
	line := c.requestLine()
	c.mu.Unlock()
	if _, err := c.Conn.Write(c.s.rejectedResponse(status, string(p), line)); err != nil {
		return 0, err
	}
	return len(p), nil
}

// bareError reports whether p is one of net/http's own error answers, and
// its status: a 4xx or 5xx status line followed at once by the fixed
// headers. Only the status line is scanned, so large writes cost nothing.
func bareError(p []byte) (int, bool) {
	rest, ok := bytes.CutPrefix(p, []byte("HTTP/1.1 "))
	if !ok || len(rest) < 4 || rest[0] < '4' || rest[0] > '5' {
		return 0, false
	}
	end := bytes.IndexByte(rest, '\r')
	if end < 3 || !bytes.HasPrefix(rest[end:], []byte(bareErrorHeaders)) {
		return 0, false
	}
	status, err := strconv.Atoi(string(rest[:3]))
	return status, err == nil
}

// requestLine finds the last request line among the bytes read: the
// rejected request is the last one a connection sent.
func (c *problemConn) requestLine() string {
	if c.recent == nil {
		return ""
	}
	var buf []byte
	if c.n <= recentBytes {
		buf = c.recent[:c.n]
	} else {
		at := c.n % recentBytes
		buf = append(append([]byte(nil), c.recent[at:]...), c.recent[:at]...)
	}
	lines := strings.Split(string(buf), "\n")
	if c.n > recentBytes {
		lines = lines[1:] // may have lost its start
	}
	for i := len(lines) - 1; i >= 0; i-- {
		line := strings.TrimSuffix(lines[i], "\r")
		method, rest, ok := strings.Cut(line, " ")
		if !ok || method == "" || strings.ToUpper(method) != method || strings.ContainsAny(method, "/:") {
			continue
		}
		if strings.Contains(rest, " HTTP/") {
			return line
		}
	}
	return ""
}

// rejectedResponse is the problem document answering a request net/http
// rejected with answer (status line, headers and text), whose request
// line was line ("" when not found).
func (s *Server) rejectedResponse(status int, answer, line string) []byte {
	reason := answer[len("HTTP/1.1 "):strings.Index(answer, "\r\n")]
	reason = strings.TrimPrefix(reason[3:], " ")
	method, target := http.MethodGet, ""
	if m, rest, ok := strings.Cut(line, " "); ok && strings.Contains(rest, " HTTP/") {
		method, target = m, rest[:strings.LastIndex(rest, " HTTP/")]
	}
	fixed := repairTarget(target)
	call := s.baseURL + fixed
	if !strings.HasPrefix(fixed, "/") { // not found, or not a path: a call that works
		method, call = http.MethodGet, s.baseURL+"/api/v1/qr?data=Hello"
	}
	// Fixes are URLs for GET, as everywhere in the API, else curl calls.
	fix := call
	if method != http.MethodGet && method != http.MethodHead {
		fix = "curl -X " + method + " '" + call + "' --data-binary @body"
	}

	kind, detail := service.KindBadRequest, ""
	switch {
	case status == http.StatusRequestHeaderFieldsTooLarge:
		kind = service.KindHeadersTooLarge
		detail = "The request headers are larger than qrforge accepts; send the request with fewer or shorter headers, as `fix` does."
	case fixed != target:
		detail = "The request path is not valid: a '%' must start an escape of two hex digits, and control characters, spaces and non-ASCII bytes must be percent-encoded. `fix` is the same call encoded."
	case status == http.StatusNotImplemented:
		detail = "The request's Transfer-Encoding is not one qrforge reads; send the body with Content-Length or Transfer-Encoding: chunked, as curl does."
	default:
		detail = "The request could not be read as HTTP/1.1 (" + reason + "); `fix` is the call as any HTTP client sends it."
	}
	if status >= 500 {
		status = http.StatusBadRequest // the client's error; qrforge answers no input with a 5xx
	}
	body := service.EncodeProblem(s.problem(kind, status, detail, "", fix))
	head := fmt.Sprintf("HTTP/1.1 %d %s\r\nContent-Type: application/problem+json\r\nCache-Control: no-store\r\nAccess-Control-Allow-Origin: *\r\nContent-Length: %d\r\nConnection: close\r\n\r\n",
		status, http.StatusText(status), len(body))
	return append([]byte(head), body...)
}

// repairTarget percent-encodes what makes a request target unparseable:
// a '%' that does not start an escape of two hex digits, control
// characters, spaces and bytes outside ASCII.
func repairTarget(target string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(target); i++ {
		c := target[i]
		switch {
		case c == '%' && i+2 < len(target) && isHex(target[i+1]) && isHex(target[i+2]):
			b.WriteByte(c)
		case c == '%' || c <= ' ' || c >= 0x7f:
			b.WriteByte('%')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}
