package server

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// The cap logs at most once an interval however many connections it
// refuses or closes, each line with the counts since the one before.
func TestConnLimitLogsOnceAnInterval(t *testing.T) {
	var buf bytes.Buffer
	l := NewConnLimit(1, slog.New(slog.NewJSONHandler(&buf, nil)))
	now := time.Unix(1e9, 0)
	l.now = func() time.Time { return now }
	admit := func() net.Conn {
		server, client := net.Pipe()
		t.Cleanup(func() { client.Close(); server.Close() })
		return l.admit(server)
	}
	first := admit()
	if first == nil {
		t.Fatal("the first connection under a cap of one was refused")
	}
	// Its request is read: the cap never closes it.
	l.ConnState(first, http.StateActive)
	for range 10 {
		if admit() != nil {
			t.Fatal("a connection past the cap, none idle, was admitted")
		}
	}
	now = now.Add(connLogInterval - time.Nanosecond)
	admit()
	if lines := logLines(t, &buf); len(lines) != 1 || lines[0]["refused"] != 1.0 {
		t.Fatalf("log within one interval of the first refusal: %v; want one line with refused 1", lines)
	}
	now = now.Add(time.Nanosecond)
	admit()
	lines := logLines(t, &buf)
	if len(lines) != 2 {
		t.Fatalf("log after an interval: %v; want a second line", lines)
	}
	if got := lines[1]; got["refused"] != 11.0 || got["idle_closed"] != 0.0 || got["max_connections"] != 1.0 {
		t.Errorf("second line %v; want the 11 refused since the first, none idle closed, max_connections 1", got)
	}
}

func logLines(t *testing.T, buf *bytes.Buffer) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, l := range strings.Split(strings.TrimSpace(buf.String()), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			continue
		}
		out = append(out, m)
	}
	return out
}

// At the cap with none idle, a connection that has not sent its first
// request's headers within silentGrace is closed to admit a new one, the
// one accepted first first; one younger, or one whose request was read,
// is not.
func TestConnLimitClosesSilentConnections(t *testing.T) {
	l := NewConnLimit(2, nil)
	now := time.Unix(1e9, 0)
	l.now = func() time.Time { return now }
	admit := func() (net.Conn, net.Conn) {
		server, client := net.Pipe()
		t.Cleanup(func() { client.Close(); server.Close() })
		return l.admit(server), client
	}
	closed := func(client net.Conn) bool {
		client.SetReadDeadline(time.Now().Add(time.Second))
		_, err := client.Read(make([]byte, 1))
		return err == io.EOF
	}

	first, firstClient := admit()
	now = now.Add(time.Millisecond)
	second, secondClient := admit()
	if first == nil || second == nil {
		t.Fatal("two connections under a cap of two were refused")
	}
	now = now.Add(silentGrace - 2*time.Millisecond)
	if c, _ := admit(); c != nil {
		t.Fatal("a third connection was admitted while both were silent for less than the grace")
	}
	now = now.Add(time.Millisecond)
	third, _ := admit()
	if third == nil {
		t.Fatal("a connection silent for the grace was not closed to admit a new one")
	}
	if !closed(firstClient) {
		t.Error("the connection closed for room is not the one accepted first")
	}
	if s := l.Stats(); s.Open != 2 || s.SilentClosed != 1 || s.Refused != 1 || s.IdleClosed != 0 {
		t.Errorf("stats %+v; want 2 open, 1 silent closed, 1 refused", s)
	}

	// Once its request is read, a connection is never closed for room.
	l.ConnState(second, http.StateActive)
	l.ConnState(third, http.StateActive)
	now = now.Add(time.Hour)
	if c, _ := admit(); c != nil {
		t.Fatal("a connection was admitted by closing one with a request read")
	}
	secondClient.SetReadDeadline(time.Now().Add(50 * time.Millisecond))
	if _, err := secondClient.Read(make([]byte, 1)); err == io.EOF {
		t.Error("an active connection was closed by the cap")
	}
}
