package service

import (
	"context"
	"errors"
	"fmt"
	"sync"
)

// An MCP tool returns its answer, and the transport then marshals and
// writes it: the reply's bytes live after the tool is done. Hold reserves
// them from the memory budget under the request's context, and the
// request's adapter releases every hold once the reply is written
// (WithHolds), so that replies count against the budget as bodies do.

type holdsKey struct{}

type holds struct {
	mu       sync.Mutex
	releases []func()
}

// WithHolds gives ctx a place for Hold's reservations; release gives them
// all back, and is called when the answer has been written.
func WithHolds(ctx context.Context) (context.Context, func()) {
	h := &holds{}
	return context.WithValue(ctx, holdsKey{}, h), func() {
		h.mu.Lock()
		defer h.mu.Unlock()
		for _, release := range h.releases {
			release()
		}
		h.releases = nil
	}
}

// Hold reserves n bytes of working memory until ctx's WithHolds release:
// an answer built now and written later. Without WithHolds it reserves
// nothing. Too much for the whole budget is a 413, memory in use past the
// wait a 503.
func (s *Service) Hold(ctx context.Context, n int64) *Problem {
	h, ok := ctx.Value(holdsKey{}).(*holds)
	if !ok {
		return nil
	}
	release, err := s.admission.memoryFor(ctx, n)
	switch {
	case err == nil:
		h.mu.Lock()
		h.releases = append(h.releases, release)
		h.mu.Unlock()
		return nil
	case errors.Is(err, errTooLarge):
		return s.Problem(KindPayloadTooLarge,
			fmt.Sprintf("the answer would hold %s, more than this instance's memory budget allows one request (%s); ask for a smaller size", SizeText(n), SizeText(s.admission.workLimit())), "", "")
	}
	return s.busy(err)
}
