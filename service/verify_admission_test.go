package service

import (
	"context"
	"net/url"
	"testing"
	"time"

	"github.com/qrforge/qrforge/analysis"
)

// TestVerifyFixesDoNotWaitOnTheirOwnDrawing: with room in the budget for
// one verify drawing and no more, a verify still measures its fixes. Each
// fix reserves a drawing of its own; had the verify kept its first
// reservation while it waited for the next, it would have waited out the
// admission wait and measured none, and verifies under load would fill
// the budget waiting on each other.
func TestVerifyFixesDoNotWaitOnTheirOwnDrawing(t *testing.T) {
	s := New(Config{BaseURL: "http://qr.test", Memory: 256 << 20, AdmissionWait: 300 * time.Millisecond})
	q := url.Values{"data": {"https://example.com/weak"}, "ec": {"L"}, "color": {"777"}, "style": {"small-dots"}}

	// What the verify's own drawing reserves: the largest drawing of the
	// call, for its fixes draw the same symbol or a plainer one.
	r, target, p := s.prepareVerify(newQuery(q), nil, nil)
	if p != nil {
		t.Fatal(p.Detail)
	}
	sym, p := s.encode(r, target)
	if p != nil {
		t.Fatal(p.Detail)
	}
	asPNG := *r
	asPNG.Format = FormatPNG
	cost := drawingCost(sym, &asPNG, 1+analysis.ScanBytesPerPixel)(asPNG.Options)

	// Fill the small-work lane but for one such drawing and a half.
	ctx := context.Background()
	takeSmallWork(t, s, s.admission.work.smallCap-cost-cost/2)
	if _, ok := s.admission.work.tryReserve(2*cost, nil); ok {
		t.Fatal("the lane still holds two drawings; the test would prove nothing")
	}

	v, p := s.Verify(ctx, Request{Params: q})
	if p != nil {
		t.Fatalf("verify: %s", p.Detail)
	}
	if v.Robustness == nil || v.Robustness.Score >= 100 {
		t.Fatalf("a weak design should score under 100: %+v", v.Robustness)
	}
	if len(v.Robustness.Fixes) == 0 {
		t.Fatal("no fix measured: each waited for a drawing while the verify held its own")
	}
}
