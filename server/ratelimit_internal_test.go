package server

import (
	"fmt"
	"testing"
	"time"
)

// TestClientTableCap: many distinct clients never grow the table past its
// cap, and the most recent ones are the ones kept.
func TestClientTableCap(t *testing.T) {
	const limit = 1000
	l := newRateLimiter(1, 1, limit)
	now := time.Now()
	for i := 0; i < 50*limit; i++ {
		key := clientKey(fmt.Sprintf("10.%d.%d.%d", i>>16&255, i>>8&255, i&255))
		l.take(l.client(key).bucket, tokenUnits, now)
		if n := l.clients.Len(); n > limit {
			t.Fatalf("after %d clients the table holds %d, above its cap %d", i+1, n, limit)
		}
	}
	if n := l.clients.Len(); n != limit {
		t.Errorf("table holds %d clients, want the cap %d", n, limit)
	}
	last := 50*limit - 1
	if !l.clients.Contains(clientKey(fmt.Sprintf("10.%d.%d.%d", last>>16&255, last>>8&255, last&255))) {
		t.Error("the most recent client is not in the table")
	}
	if l.clients.Contains("10.0.0.0") {
		t.Error("the first client is still in the table")
	}
}

func TestClientKey(t *testing.T) {
	cases := map[string]string{
		"192.0.2.1":            "192.0.2.1",
		"::ffff:192.0.2.1":     "192.0.2.1",
		"2001:db8:1:2:3:4:5:6": "2001:db8:1:2::/64",
		"2001:db8:1:2::ffff":   "2001:db8:1:2::/64",
		"":                     "",
		"not-an-address":       "not-an-address",
	}
	for in, want := range cases {
		if got := clientKey(in); got != want {
			t.Errorf("clientKey(%q) = %q, want %q", in, got, want)
		}
	}
}
