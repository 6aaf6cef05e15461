package service

import (
	"context"
	"net/http"
	"slices"
	"sync"
	"testing"
	"time"
)

// refusals records the reasons Observer.Refused is given.
type refusals struct {
	nopObserver
	mu      sync.Mutex
	reasons []string
}

func (r *refusals) Refused(reason string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.reasons = append(r.reasons, reason)
}

func (r *refusals) take() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := r.reasons
	r.reasons = nil
	return out
}

// TestRefusalsSayWhy: a 503 overloaded is counted with its reason, memory
// when the budget stayed full for the wait, slot when large work found its
// memory but no processor slot; a caller that left while it waited is sent
// no answer and counted as no refusal (docs/operations.md, "Metrics").
func TestRefusalsSayWhy(t *testing.T) {
	seen := &refusals{}
	s := New(Config{BaseURL: "http://qr.test", Memory: 256 << 20, AdmissionWait: 50 * time.Millisecond, Observer: seen})
	ctx := context.Background()
	never := func(int64) *Problem { t.Fatal("the work fits the budget"); return nil }
	refused := func(cost int64, ctx context.Context) *Problem {
		t.Helper()
		release, p := s.admit(ctx, cost, never)
		if p == nil {
			release()
			t.Fatalf("work of %d bytes was admitted", cost)
		}
		return p
	}

	// Every processor slot taken: large work has memory but no slot.
	for range cap(s.admission.slots) {
		s.admission.slots <- struct{}{}
	}
	large := s.admission.work.smallMax + 1
	if p := refused(large, ctx); p.Status != http.StatusServiceUnavailable {
		t.Errorf("no slot: status %d", p.Status)
	}
	if got := seen.take(); !slices.Equal(got, []string{RefusedSlot}) {
		t.Errorf("no slot counted as %v, want [%s]", got, RefusedSlot)
	}
	for range cap(s.admission.slots) {
		<-s.admission.slots
	}

	// The small-work lane full.
	takeSmallWork(t, s, s.admission.work.smallCap)
	if p := refused(1<<20, ctx); p.Status != http.StatusServiceUnavailable {
		t.Errorf("no memory: status %d", p.Status)
	}
	if got := seen.take(); !slices.Equal(got, []string{RefusedMemory}) {
		t.Errorf("no memory counted as %v, want [%s]", got, RefusedMemory)
	}

	gone, cancel := context.WithCancel(ctx)
	cancel()
	refused(1<<20, gone)
	if got := seen.take(); len(got) != 0 {
		t.Errorf("a caller that left counted as refused: %v", got)
	}
}
