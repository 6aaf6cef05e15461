package service

import (
	"context"
	"fmt"
	"math"
	"time"
)

// Large work pays its way. Fair use (the server's rate limit) charges each
// request one token when it arrives, whatever it then does; a request is
// cheap to send whatever it costs to serve, so a few kilobytes of PNG
// declaring a 36-megapixel image would cost one token and seconds of a
// processor. Work that reserves more than FareUnit of memory (the
// admission's measure of its size, which grows with its pixels as its
// time does) is therefore also charged a token for each further FareUnit
// it reserves, before it runs. Nearly every request pays nothing more.

// FareUnit is the memory one token pays for: decoding a Full HD photo or
// screenshot (1920×1080, about 27 MiB) costs its request's token alone.
const FareUnit = 32 << 20

// Fare charges a request's fair-use allowance for its large work.
type Fare struct {
	// Pay takes tokens from the allowance now, or reports how long until
	// it could.
	Pay func(tokens int) (wait time.Duration, ok bool)
	// Retry is the same call to send again, the fix of a refusal.
	Retry func() string
	// Turn, when set, waits for the client's turn at large work, which
	// runs one request at a time per client, or fails when ctx ends.
	Turn func(ctx context.Context) (release func(), err error)
}

type fareKey struct{}

// WithFare returns ctx carrying the fare its request's large work pays.
// Without one (fair use off, or a caller inside the process) work is
// free.
func WithFare(ctx context.Context, f Fare) context.Context {
	return context.WithValue(ctx, fareKey{}, f)
}

// WorkTokens is what work reserving cost bytes pays beyond its request's
// token: one for each FareUnit started after the first.
func WorkTokens(cost int64) int {
	if cost <= FareUnit {
		return 0
	}
	return int((cost+FareUnit-1)/FareUnit) - 1
}

// turnFor waits for the client's turn when work of cost bytes is large:
// it takes a processor slot, and one client's queue of large requests
// must not hold them all. The wait is the admission's; a client whose
// other large work outlasts it is told to send one at a time.
func (s *Service) turnFor(ctx context.Context, cost int64) (release func(), p *Problem) {
	f, ok := ctx.Value(fareKey{}).(Fare)
	if !ok || f.Turn == nil || cost <= s.admission.work.smallMax {
		return func() {}, nil
	}
	wait, cancel := context.WithTimeout(ctx, s.admission.wait)
	defer cancel()
	release, err := f.Turn(wait)
	if err == nil {
		return release, nil
	}
	if ctx.Err() != nil {
		return nil, s.busy(ctx.Err())
	}
	p = s.Problem(KindRateLimited,
		fmt.Sprintf("this client's large work runs one request at a time, and its other large request did not finish within %s; send them one after another (retry in %d s, Retry-After)", s.admission.wait, s.admission.retryAfter()), "", "")
	if f.Retry != nil {
		p.Fix = f.Retry()
	}
	p.RetryAfter = s.admission.retryAfter()
	return nil, p
}

// payFor charges work of cost bytes to the request's fare, or returns the
// 429 that says what the work costs and when it can be paid.
func (s *Service) payFor(ctx context.Context, cost int64) *Problem {
	tokens := WorkTokens(cost)
	return s.pay(ctx, tokens, func(seconds int) string {
		return fmt.Sprintf("this request's work reserves %.0f MiB of memory and a processor, which fair use counts as %d requests (one more for each %s after the first %s); this client's allowance cannot pay for it now: retry in %d s (Retry-After), or make the work smaller (fewer pixels) to pay less",
			float64(cost)/(1<<20), tokens+1, SizeText(FareUnit), SizeText(FareUnit), seconds)
	})
}

// pay takes tokens from the request's fare, or returns the 429 whose
// detail says, for the wait in seconds, what the work costs.
func (s *Service) pay(ctx context.Context, tokens int, detail func(seconds int) string) *Problem {
	f, ok := ctx.Value(fareKey{}).(Fare)
	if tokens == 0 || !ok || f.Pay == nil {
		return nil
	}
	wait, ok := f.Pay(tokens)
	if ok {
		return nil
	}
	retry := ""
	if f.Retry != nil {
		retry = f.Retry()
	}
	seconds := max(1, int(math.Ceil(wait.Seconds())))
	p := s.Problem(KindRateLimited, detail(seconds), "", retry)
	p.RetryAfter = seconds
	return p
}
