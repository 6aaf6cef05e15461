package server

import (
	"context"
	"sync"
)

// Fair queues: a client's large work (a photo of several megapixels, a
// drawing of thousands of pixels) runs one request at a time. Large work
// also takes one of a few processor slots, and without turns one client
// sending large requests side by side could hold every slot while others
// wait; with them, each client holds at most one. The parts of one request
// (batch items, verify's drawing and decoding) share its turn, so a
// request never waits for itself.

// requestTurn is one request's hold on its client's turn.
type requestTurn struct {
	client *client
	mu     sync.Mutex
	held   int // the request's pieces of large work running
}

// take waits until the request holds its client's turn, or ctx ends; the
// release gives the turn back once the request's last piece is done.
func (t *requestTurn) take(ctx context.Context) (release func(), err error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.held == 0 {
		select {
		case t.client.turn <- struct{}{}:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	t.held++
	return t.release, nil
}

func (t *requestTurn) release() {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.held--; t.held == 0 {
		<-t.client.turn
	}
}
