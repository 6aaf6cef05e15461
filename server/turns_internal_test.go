package server

import (
	"context"
	"errors"
	"testing"
	"time"
)

// A client's large work runs one request at a time: a second request
// waits for the first to finish, while the pieces of one request share
// its turn (a request never waits for itself).
func TestLargeWorkTakesTurnsPerClient(t *testing.T) {
	l := newRateLimiter(1, 1, 10)
	alice, bob := l.client("192.0.2.1"), l.client("192.0.2.2")
	first, second := &requestTurn{client: alice}, &requestTurn{client: alice}
	ctx := context.Background()

	a, err := first.take(ctx)
	if err != nil {
		t.Fatal(err)
	}
	b, err := first.take(ctx) // the same request's second piece
	if err != nil {
		t.Fatalf("a request waited for its own turn: %v", err)
	}
	if _, err := (&requestTurn{client: bob}).take(ctx); err != nil {
		t.Fatalf("another client waited for alice's turn: %v", err)
	}
	short, cancel := context.WithTimeout(ctx, 20*time.Millisecond)
	defer cancel()
	if _, err := second.take(short); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("alice's second request took a turn her first holds: %v", err)
	}
	a()
	short2, cancel2 := context.WithTimeout(ctx, 20*time.Millisecond)
	defer cancel2()
	if _, err := second.take(short2); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("the turn was given back while the first request still had a piece running: %v", err)
	}
	b()
	if _, err := second.take(ctx); err != nil {
		t.Fatalf("the turn was not given back when the first request was done: %v", err)
	}
}
