package service

import (
	"context"
	"errors"
	"math/rand/v2"
	"net/url"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestSmallWorkNeverWaitsBehindLarge: with the large lane full and large
// work queued, small work is admitted at once.
func TestSmallWorkNeverWaitsBehindLarge(t *testing.T) {
	a := newAdmission(256<<20, 2*time.Second)
	ctx := context.Background()
	held, err := a.workFor(ctx, a.work.largeCap)
	if err != nil {
		t.Fatal(err)
	}
	queued := make(chan error)
	go func() {
		_, err := a.workFor(ctx, a.work.largeCap/2)
		queued <- err
	}()
	start := time.Now()
	for range 20 {
		release, err := a.workFor(ctx, a.work.smallMax)
		if err != nil {
			t.Fatalf("small work behind large: %v", err)
		}
		release()
	}
	if waited := time.Since(start); waited > time.Second {
		t.Errorf("small work waited %s", waited)
	}
	held()
	if err := <-queued; err != nil {
		t.Errorf("the queued large work, once memory freed: %v", err)
	}

	// So with bodies: a screenshot is read while big uploads queue.
	heldBody, err := a.upload(ctx, a.uploads.largeCap)
	if err != nil {
		t.Fatal(err)
	}
	defer heldBody()
	go a.upload(ctx, a.uploads.largeCap/2)
	time.Sleep(10 * time.Millisecond)
	start = time.Now()
	release, err := a.upload(ctx, 300<<10)
	if err != nil || time.Since(start) > time.Second {
		t.Fatalf("a 300 KiB body behind big ones: %v after %s", err, time.Since(start))
	}
	release()
}

// TestBusyAfterTheWait: work that finds no memory within the wait is
// refused as busy, and its problem is a 503 with Retry-After.
func TestBusyAfterTheWait(t *testing.T) {
	s := New(Config{BaseURL: "http://qr.test", Memory: 256 << 20, AdmissionWait: 100 * time.Millisecond})
	held, err := s.admission.workFor(context.Background(), s.admission.work.largeCap)
	if err != nil {
		t.Fatal(err)
	}
	defer held()
	_, p := s.admit(context.Background(), s.admission.work.largeCap/2, func(int64) *Problem { t.Fatal("not too large"); return nil })
	if p == nil || p.Status != 503 || p.RetryAfter < 1 || p.Type != "http://qr.test/errors/overloaded" {
		t.Fatalf("problem %+v, want a 503 overloaded with Retry-After", p)
	}
	if _, err := s.admission.upload(context.Background(), s.admission.uploads.largeCap); err != nil {
		t.Errorf("uploads have their own share: %v", err)
	}
}

// TestTooLargeForTheBudget: work larger than the large lane is refused at
// once; a drawing's problem fixes the size to one that fits.
func TestTooLargeForTheBudget(t *testing.T) {
	s := New(Config{BaseURL: "http://qr.test", Memory: 64 << 20})
	if _, err := s.admission.workFor(context.Background(), s.admission.work.largeCap+1); !errors.Is(err, errTooLarge) {
		t.Fatalf("work over the lane: %v, want errTooLarge", err)
	}
	start := time.Now()
	img, p := s.Generate(context.Background(), Request{Params: url.Values{"data": {"hello"}, "size": {"4096"}, "tpl": {"scanme"}}}, "")
	if img != nil || p == nil || p.Field != "size" || p.Status != 400 {
		t.Fatalf("a 4096 px frame on a 64 MiB budget: %+v, %+v; want a 400 on size", img, p)
	}
	if time.Since(start) > time.Second {
		t.Errorf("refused after %s; it can never fit, so it should not wait", time.Since(start))
	}
	fixed, _ := url.Parse(p.Fix)
	if img, p := s.Generate(context.Background(), Request{Query: fixed.RawQuery}, ""); p != nil || img == nil {
		t.Errorf("the fix %s: %+v", p.Fix, p)
	}
}

// TestTooLargeForTheBudgetInMillimetres: a size given as a length is
// fixed in its own unit, and the fix fits.
func TestTooLargeForTheBudgetInMillimetres(t *testing.T) {
	s := New(Config{BaseURL: "http://qr.test", Memory: 64 << 20})
	for _, format := range []string{"png", "jpeg", "gif"} {
		img, p := s.Generate(context.Background(), Request{Params: url.Values{"data": {"hello"}, "size": {"340mm"}, "tpl": {"scanme"}, "format": {format}}}, "")
		if img != nil || p == nil || p.Field != "size" || p.Status != 400 {
			t.Fatalf("%s: a 340 mm frame on a 64 MiB budget: %+v, %+v; want a 400 on size", format, img, p)
		}
		fixed, _ := url.Parse(p.Fix)
		size := fixed.Query().Get("size")
		if !strings.HasSuffix(size, "mm") || !strings.Contains(p.Detail, size+" fits") {
			t.Errorf("%s: fix %s, detail %q; want a length in mm", format, p.Fix, p.Detail)
		}
		if img, p := s.Generate(context.Background(), Request{Query: fixed.RawQuery}, ""); p != nil || img == nil {
			t.Errorf("%s: the fix %s: %+v", format, fixed, p)
		}
	}
}

// TestBudgetHolds: however work arrives, what is admitted never exceeds
// any lane, and everything admitted is released.
func TestBudgetHolds(t *testing.T) {
	a := newAdmission(128<<20, time.Second)
	var small, large atomic.Int64
	var wg sync.WaitGroup
	for g := range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(uint64(g), 1))
			for range 50 {
				cost := r.Int64N(a.work.largeCap) + 1
				release, err := a.workFor(context.Background(), cost)
				if err != nil {
					continue
				}
				lane := &large
				if cost <= a.work.smallMax {
					lane = &small
				}
				if n := lane.Add(cost); cost <= a.work.smallMax && n > a.work.smallCap || cost > a.work.smallMax && n > a.work.largeCap {
					t.Errorf("%d bytes admitted in a lane", n)
				}
				time.Sleep(time.Duration(r.IntN(100)) * time.Microsecond)
				lane.Add(-cost)
				release()
			}
		}()
	}
	wg.Wait()
	if !a.work.large.TryAcquire(a.work.largeCap) || !a.work.small.TryAcquire(a.work.smallCap) {
		t.Error("not every reservation was released")
	}
}

// TestVerifyReservesItsScore: a score works on the code redrawn at 6
// pixels a module, whatever size was asked, and reserves that memory too:
// a version-9 verify at 400 px (3.1 MB) fits in the 4 MiB left of the
// small lane without a score, and waits for memory with one (1.9 MB more).
func TestVerifyReservesItsScore(t *testing.T) {
	s := New(Config{BaseURL: "http://qr.test", Memory: 256 << 20, AdmissionWait: 100 * time.Millisecond})
	ctx := context.Background()
	for left := s.admission.work.smallCap - 4<<20; left > 0; {
		n := min(left, s.admission.work.smallMax)
		held, err := s.admission.workFor(ctx, n)
		if err != nil {
			t.Fatal(err)
		}
		defer held()
		left -= n
	}
	call := url.Values{"data": {strings.Repeat("a", 220)}, "ec": {"L"}, "size": {"400"}}
	call.Set("robustness", "off")
	if v, p := s.Verify(ctx, Request{Params: call}); p != nil || v.Version != 9 {
		t.Fatalf("without a score: %+v, %+v", v, p)
	}
	call.Set("robustness", "quick")
	if v, p := s.Verify(ctx, Request{Params: call}); p == nil || p.Status != 503 {
		t.Errorf("with a score in 4 MiB: %+v, %+v; want a 503 while its memory is held", v, p)
	}
}

// TestScoreTooLargeForTheBudget: with eight decoding workers a version-40
// score holds more than a 64 MiB budget lets one request take; it is a
// 400 that names robustness, with no fix (a score the caller asked for
// is not dropped for them), and verify without it still answers.
func TestScoreTooLargeForTheBudget(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(8))
	s := New(Config{BaseURL: "http://qr.test", Memory: 64 << 20})
	call := url.Values{"data": {strings.Repeat("a", 2900)}, "ec": {"L"}, "size": {"400"}, "robustness": {"full"}}
	v, p := s.Verify(context.Background(), Request{Params: call})
	if p == nil || p.Status != 400 || p.Field != "robustness" || p.Fix != "" || !strings.Contains(p.Detail, "ask robustness=off") {
		t.Fatalf("%+v, %+v; want a 400 on robustness without a fix", v, p)
	}
	call.Set("robustness", "off")
	if _, p := s.Verify(context.Background(), Request{Params: call}); p != nil {
		t.Errorf("without a score: %+v", p)
	}
}

// TestLargeScoreTakesAProcessorSlot: a score decoding more than a Full HD
// photo's pixels waits for a processor slot, as a large decode does,
// while a short URL's score runs beside the work holding them.
func TestLargeScoreTakesAProcessorSlot(t *testing.T) {
	s := New(Config{BaseURL: "http://qr.test", Memory: 1 << 30, AdmissionWait: 100 * time.Millisecond})
	ctx := context.Background()
	for range cap(s.admission.slots) {
		held, err := s.admission.workFor(ctx, s.admission.work.smallMax+1)
		if err != nil {
			t.Fatal(err)
		}
		defer held()
	}
	small := url.Values{"data": {"https://example.com"}, "robustness": {"quick"}}
	if v, p := s.Verify(ctx, Request{Params: small}); p != nil || v.Robustness == nil {
		t.Fatalf("a short URL's score beside the slots' work: %+v, %+v", v, p)
	}
	large := url.Values{"data": {strings.Repeat("a", 2900)}, "ec": {"L"}, "size": {"400"}, "robustness": {"quick"}}
	if v, p := s.Verify(ctx, Request{Params: large}); p == nil || p.Status != 503 {
		t.Errorf("a version-40 score while every slot is held: %+v, %+v; want a 503 after the wait", v, p)
	}
	large.Set("robustness", "off")
	if _, p := s.Verify(ctx, Request{Params: large}); p != nil {
		t.Errorf("the same without a score: %+v", p)
	}
}

// takeSmallWork reserves bytes of s's small-work lane, in pieces no larger
// than one request may take, until the test ends.
func takeSmallWork(t *testing.T, s *Service, bytes int64) {
	t.Helper()
	for bytes > 0 {
		n := min(bytes, s.admission.work.smallMax)
		release, err := s.admission.workFor(context.Background(), n)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(release)
		bytes -= n
	}
}
