package service

import (
	"context"
	"net/http"
	"testing"
	"time"
)

// A hold keeps its bytes from the budget until the request's release: a
// second reply that cannot fit beside it waits and is refused with a 503,
// and fits once the first is released. Without WithHolds nothing is held.
func TestHoldKeepsRepliesInTheBudget(t *testing.T) {
	s := New(Config{BaseURL: "http://qr.test", Memory: 64 << 20, AdmissionWait: 50 * time.Millisecond})
	big := s.admission.workLimit() * 3 / 4
	first, releaseFirst := WithHolds(context.Background())
	if p := s.Hold(first, big); p != nil {
		t.Fatalf("the first hold: %+v", p)
	}
	second, releaseSecond := WithHolds(context.Background())
	defer releaseSecond()
	if p := s.Hold(second, big); p == nil || p.Status != http.StatusServiceUnavailable {
		t.Fatalf("a second hold beside the first: %+v, want a 503", p)
	}
	releaseFirst()
	if p := s.Hold(second, big); p != nil {
		t.Fatalf("after the release: %+v", p)
	}
	if p := s.Hold(second, 2*s.admission.workLimit()); p == nil || p.Status != http.StatusRequestEntityTooLarge {
		t.Errorf("a hold larger than the budget: %+v, want a 413", p)
	}
	if p := s.Hold(context.Background(), 2*s.admission.workLimit()); p != nil {
		t.Errorf("without WithHolds: %+v, want nothing held", p)
	}
}
