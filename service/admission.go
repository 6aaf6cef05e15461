package service

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"time"

	"golang.org/x/sync/semaphore"
)

// Admission control. Every operation reserves the memory it will use
// before allocating it, from a budget the operator sets (Config.Memory),
// so that no mix of requests can push the process past its limit. Work
// that does not fit waits, a bounded time, and is then refused with 503
// and Retry-After; work that could never fit is refused at once with a
// fix that makes it smaller.
//
// The budget is split between request bodies being read and held and the
// work itself, and each share between small and large requests, so that
// one kind of load cannot starve another: small requests, what a typical
// code or photo needs, never wait behind large ones, and large work also
// takes one of a few processor slots, so that a queue of huge images
// cannot hold every core.
type admission struct {
	uploads, work lanes
	slots         chan struct{} // processors for large work
	wait          time.Duration
}

// lanes are a share of the budget split in two, so that a request costing
// at most smallMax never queues behind a larger one: a semaphore serves
// its waiters in order, and a large waiter would hold up every small one
// behind it.
type lanes struct {
	small, large       *semaphore.Weighted
	smallCap, largeCap int64
	smallMax           int64
}

func newLanes(smallCap, largeCap, smallMax int64) lanes {
	return lanes{small: semaphore.NewWeighted(smallCap), large: semaphore.NewWeighted(largeCap),
		smallCap: smallCap, largeCap: largeCap, smallMax: min(smallMax, smallCap)}
}

// Defaults of Config.Memory and Config.AdmissionWait.
const (
	DefaultMemory        = 1 << 30
	DefaultAdmissionWait = 10 * time.Second
	// smallWork is the most work may cost and still be small: a 512 px
	// shaded code, a verify at 1024 px, a photo of 2 megapixels.
	smallWork = 24 << 20
	// smallUpload is the largest small body: a screenshot or a
	// downscaled photo of a code.
	smallUpload = 2 << 20
)

// newAdmission splits the budget: a quarter for request bodies (a
// sixteenth of it for small ones), a quarter for small work, half for
// large work.
func newAdmission(budget int64, wait time.Duration) *admission {
	budget = max(budget, 64<<20)
	return &admission{
		uploads: newLanes(budget/16, budget/16*3, smallUpload),
		work:    newLanes(budget/4, budget/2, smallWork),
		slots:   make(chan struct{}, max(1, runtime.GOMAXPROCS(0))),
		wait:    wait,
	}
}

// errTooLarge is work larger than its whole lane: it can never run.
var errTooLarge = errors.New("larger than the memory budget")

// errBusy is work that did not fit within the wait; errNoSlot is large
// work whose memory was free but whose wait for a processor slot ran out.
var (
	errBusy   = errors.New("the memory budget is in use")
	errNoSlot = errors.New("every processor slot for large work is in use")
)

// reserve takes n bytes from the lane n belongs to, waiting at most until
// ctx is done. Large reservations may also need a processor slot.
func (l *lanes) reserve(ctx context.Context, n int64, slots chan struct{}) (func(), error) {
	n = max(n, 1)
	if n <= l.smallMax {
		return acquire(ctx, l.small, n)
	}
	if n > l.largeCap {
		return nil, errTooLarge
	}
	memory, err := acquire(ctx, l.large, n)
	if err != nil || slots == nil {
		return memory, err
	}
	select {
	case slots <- struct{}{}:
		return func() { <-slots; memory() }, nil
	case <-ctx.Done():
		memory()
		if err := waitError(ctx); !errors.Is(err, errBusy) {
			return nil, err
		}
		return nil, errNoSlot
	}
}

// tryReserve is reserve when nothing has to wait: most requests, which
// then need no timer.
func (l *lanes) tryReserve(n int64, slots chan struct{}) (func(), bool) {
	n = max(n, 1)
	sem := l.small
	if n > l.smallMax {
		if slots != nil || n > l.largeCap {
			return nil, false
		}
		sem = l.large
	}
	if !sem.TryAcquire(n) {
		return nil, false
	}
	return func() { sem.Release(n) }, true
}

func acquire(ctx context.Context, sem *semaphore.Weighted, n int64) (func(), error) {
	if sem.TryAcquire(n) {
		return func() { sem.Release(n) }, nil
	}
	if err := sem.Acquire(ctx, n); err != nil {
		return nil, waitError(ctx)
	}
	return func() { sem.Release(n) }, nil
}

// workFor reserves cost bytes of working memory and, for large work, a
// processor slot; release gives them back. It fails with errTooLarge at
// once, errBusy after the wait, or ctx's error.
func (a *admission) workFor(ctx context.Context, cost int64) (release func(), err error) {
	if release, ok := a.work.tryReserve(cost, a.slots); ok {
		return release, nil
	}
	ctx, cancel := context.WithTimeout(ctx, a.wait)
	defer cancel()
	return a.work.reserve(ctx, cost, a.slots)
}

// memoryFor is workFor without a processor slot: bytes held while nothing
// computes (an answer waiting to be written).
func (a *admission) memoryFor(ctx context.Context, cost int64) (release func(), err error) {
	if release, ok := a.work.tryReserve(cost, nil); ok {
		return release, nil
	}
	ctx, cancel := context.WithTimeout(ctx, a.wait)
	defer cancel()
	return a.work.reserve(ctx, cost, nil)
}

// workLimit is the most working memory one piece of work may take: more
// is errTooLarge however idle the budget.
func (a *admission) workLimit() int64 { return a.work.largeCap }

// upload reserves the bytes of a request body before it is read.
func (a *admission) upload(ctx context.Context, n int64) (release func(), err error) {
	if release, ok := a.uploads.tryReserve(n, nil); ok {
		return release, nil
	}
	ctx, cancel := context.WithTimeout(ctx, a.wait)
	defer cancel()
	return a.uploads.reserve(ctx, n, nil)
}

// waitError tells a wait that ran out from a caller that went away.
func waitError(ctx context.Context) error {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return errBusy
	}
	return ctx.Err()
}

// retryAfter is the Retry-After of a refusal for lack of memory: the wait
// that just ran out is as good a guess as any of when memory frees.
func (a *admission) retryAfter() int {
	return max(1, int(math.Ceil(a.wait.Seconds()/2)))
}

// admit reserves memory for work costing cost bytes, or returns the
// problem: 503 when the budget is busy, tooLarge's problem when the work
// could never fit (what makes it smaller is the caller's to say).
//
// Large work waits for its client's turn (turnFor) and is paid for
// (payFor) first, once it is known to fit.
func (s *Service) admit(ctx context.Context, cost int64, tooLarge func(limit int64) *Problem) (func(), *Problem) {
	if limit := s.admission.workLimit(); cost > limit {
		return nil, tooLarge(limit)
	}
	turn, p := s.turnFor(ctx, cost)
	if p != nil {
		return nil, p
	}
	if p := s.payFor(ctx, cost); p != nil {
		turn()
		return nil, p
	}
	release, err := s.admission.workFor(ctx, cost)
	switch {
	case err == nil:
		return func() { release(); turn() }, nil
	case errors.Is(err, errTooLarge):
		turn()
		return nil, tooLarge(s.admission.workLimit())
	}
	turn()
	return nil, s.busy(err)
}

// busy is the 503 for work that found no memory or processor slot in
// time, or whose caller left while it waited. Refusals are counted by
// reason (Observer.Refused); a caller that left is sent no answer, and is
// not counted as refused.
func (s *Service) busy(err error) *Problem {
	var detail string
	switch {
	case errors.Is(err, errBusy):
		s.observe.Refused(RefusedMemory)
		detail = fmt.Sprintf("qrforge is using its whole memory budget for other requests and this one waited %s; retry in %d s (Retry-After)", s.admission.wait, s.admission.retryAfter())
	case errors.Is(err, errNoSlot):
		s.observe.Refused(RefusedSlot)
		detail = fmt.Sprintf("qrforge's %d processor slots for large work are taken by other requests and this one waited %s; retry in %d s (Retry-After), or make the work smaller (fewer pixels), which needs no slot", cap(s.admission.slots), s.admission.wait, s.admission.retryAfter())
	default:
		detail = "the request ended while it waited for memory: " + err.Error()
	}
	p := s.Problem(KindOverloaded, detail, "", "")
	p.RetryAfter = s.admission.retryAfter()
	return p
}

// ReserveUpload reserves n bytes for a request body about to be read
// (Decode's image, a batch), so that bodies held in memory count against
// the budget too. A body larger than the uploads' share is refused with
// 413. Call release when the body is no longer held.
func (s *Service) ReserveUpload(ctx context.Context, n int64) (release func(), p *Problem) {
	release, err := s.admission.upload(ctx, n)
	switch {
	case err == nil:
		return release, nil
	case errors.Is(err, errTooLarge):
		return nil, s.Problem(KindPayloadTooLarge,
			fmt.Sprintf("the body is %s; at most %s of request bodies are held at once, so it can never be read", SizeText(n), SizeText(s.admission.uploads.largeCap)), "", "")
	}
	return nil, s.busy(err)
}
