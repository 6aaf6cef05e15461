package service_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/qrforge/qrforge/service"
)

// TestCancelledScoreIsNotAnswered: a verify whose context ends while it
// scores (its client went away, the shutdown aborted it) answers a
// problem, never the score so far: not the verify's own score without
// its fixes, nor some of its fixes. The same request must give the same
// answer (README), and a verify answer may be cached for a day. The
// context ends as a score is paid for, before the verify's own score or
// before its first fix's: at full depth this code's every score costs
// tokens, so each is paid for.
func TestCancelledScoreIsNotAnswered(t *testing.T) {
	svc := service.New(service.Config{BaseURL: "http://qr.test"})
	q := url.Values{"data": {"https://example.com/" + strings.Repeat("p", 120)}, "ec": {"L"}, "color": {"777"},
		"style": {"small-dots"}, "robustness": {"full"}}
	whole, p := svc.Verify(context.Background(), service.Request{Params: q})
	if p != nil {
		t.Fatal(p.Detail)
	}
	if whole.Robustness == nil || len(whole.Robustness.Fixes) == 0 {
		t.Fatalf("the design should score with fixes, which a partial answer would lack: %+v", whole.Robustness)
	}
	for _, cancelAt := range []int{1, 2} {
		ctx, cancel := context.WithCancel(context.Background())
		paid := 0
		ctx = service.WithFare(ctx, service.Fare{Pay: func(int) (time.Duration, bool) {
			if paid++; paid == cancelAt {
				cancel()
			}
			return 0, true
		}})
		v, p := svc.Verify(ctx, service.Request{Params: q})
		cancel()
		if paid < cancelAt {
			t.Fatalf("%d scores paid for; the test cancels at the %d", paid, cancelAt)
		}
		if v != nil {
			t.Errorf("cancelled at score %d: answered %+v", cancelAt, v.Robustness)
		}
		if p == nil || p.Status != http.StatusServiceUnavailable {
			t.Errorf("cancelled at score %d: problem %+v, want a 503", cancelAt, p)
		}
	}
}
