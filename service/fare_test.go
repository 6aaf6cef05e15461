package service

import (
	"context"
	"strings"
	"testing"
	"time"
)

// Large work waits for its client's turn; a wait that runs out is a 429
// telling the client to send its large requests one after another, and
// small work never asks for a turn.
func TestLargeWorkWaitsForItsClientsTurn(t *testing.T) {
	s := New(Config{BaseURL: "http://qr.test", Memory: 256 << 20, AdmissionWait: 50 * time.Millisecond})
	asked := 0
	ctx := WithFare(context.Background(), Fare{
		Pay:   func(int) (time.Duration, bool) { return 0, true },
		Retry: func() string { return "http://qr.test/again" },
		Turn: func(ctx context.Context) (func(), error) {
			asked++
			<-ctx.Done()
			return nil, ctx.Err()
		},
	})
	release, p := s.admit(ctx, smallWork/2, nil)
	if p != nil || asked != 0 {
		t.Fatalf("small work: problem %v, turns asked %d", p, asked)
	}
	release()
	_, p = s.admit(ctx, 4*smallWork, nil)
	if p == nil || asked != 1 {
		t.Fatalf("large work without its turn: problem %v, turns asked %d", p, asked)
	}
	if p.Status != 429 || p.RetryAfter < 1 || p.Fix != "http://qr.test/again" || !strings.Contains(p.Detail, "one request at a time") {
		t.Errorf("problem %+v", p)
	}
	// The memory was never reserved: the whole large lane is free.
	release, err := s.admission.workFor(context.Background(), s.admission.work.largeCap)
	if err != nil {
		t.Fatalf("the refused work kept memory: %v", err)
	}
	release()
}
