package server

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"net"
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
	if admit() == nil {
		t.Fatal("the first connection under a cap of one was refused")
	}
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
