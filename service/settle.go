package service

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strings"

	"github.com/qrforge/qrforge/registry"
)

// fixRounds bounds how often a fix is tried and corrected again before it
// is given. Each round asks what the fixed call would answer, which may
// encode and, for a size near the limit, draw the symbol.
const fixRounds = 3

// settle makes p's fix one that is served: the fixed call is asked for,
// as the caller would send it, and a problem it still has (a logo that
// fits at the level only once the frame's margin is fixed, checked when
// the code is made) is corrected in the same fix and listed beside p's.
// A fixed call that fails in a way no fix mends, or still fails after
// fixRounds, leaves p without a fix: a fix is followed blindly by scripts
// and agents, and one that is refused again tells them nothing (README
// "Errors").
func (s *Service) settle(ctx context.Context, p *Problem) *Problem {
	if p == nil || p.fixed == nil || p.Status != ErrorKinds[KindInvalidParameter].Status {
		return p
	}
	values := p.fixed
	var found []FieldProblem
	for round := 1; ; round++ {
		next := s.tryFix(ctx, p.fixAt, cloneValues(values))
		if next == nil {
			break
		}
		if next.Status != p.Status {
			// Overloaded, or a logo too large to read: what the fixed
			// call lacks is not in its parameters.
			return p
		}
		found = append(found, problemsOf(next)...)
		if next.fixed == nil || round == fixRounds {
			p.Fix, p.fixed, p.fixBody = "", nil, nil
			p.Example = cmp.Or(p.Example, next.Example)
			listProblems(p, found)
			p.Detail += "; mending it leaves " + problemsOf(next)[0].Detail + ", which no call made from yours mends, so there is no fix"
			return p
		}
		values = next.fixed
	}
	if len(found) == 0 {
		return p
	}
	p.Fix, p.fixed = p.fixAt.url(s.baseURL, values), values
	if t, ok := p.fixAt.(batchTarget); ok {
		p.fixBody, _ = json.Marshal(t.corrected(values))
	}
	listProblems(p, found)
	return p
}

// tryFix is the problem the call that sends values to target would
// answer, nil when it would be served; it draws nothing it need not. The
// call is read from the query its fix writes, options spelt as the
// kind's calls spell them (a caption on bitcoin, whose label is the
// payee).
func (s *Service) tryFix(ctx context.Context, target fixTarget, values url.Values) *Problem {
	switch t := target.(type) {
	case batchTarget:
		return s.tryBatchStyle(ctx, t, values)
	case verifyTarget:
		values.Del(optFormat.Name)
		if t.kind != "" {
			values.Set("type", t.kind)
		}
		if !values.Has(optRobustness.Name) && len(t.robustness) > 0 {
			values.Set(optRobustness.Name, t.robustness[0])
		}
		return s.checkVerify(ctx, Request{Query: encodeCall(t.kind, values, "type")})
	case uploadTarget:
		kind := cmp.Or(t.kind, kindAt(t.path))
		return s.checkRequest(ctx, Request{Kind: kind, Query: encodeCall(kind, values), Body: true})
	case pathTarget:
		return s.checkRequest(ctx, Request{Query: encodeCall("", values)})
	case apiTarget:
		path, payload := strings.CutSuffix(t.path, "/payload")
		kind := cmp.Or(t.kind, kindAt(path))
		req := Request{Kind: kind, Query: encodeCall(kind, values)}
		if payload {
			_, p := s.payload(req)
			return p
		}
		return s.checkRequest(ctx, req)
	}
	return nil
}

// kindAt is the kind whose generation endpoint path is, "" for the
// generic one.
func kindAt(path string) string {
	name := strings.TrimPrefix(path, "/api/v1/")
	if _, ok := registry.Lookup(name); ok {
		return name
	}
	return ""
}

// problemsOf are p's field problems, one when it lists none.
func problemsOf(p *Problem) []FieldProblem {
	if len(p.Errors) > 0 {
		return p.Errors
	}
	return []FieldProblem{{p.Field, p.Detail}}
}

// listProblems adds more to p's field problems, each once.
func listProblems(p *Problem, more []FieldProblem) {
	all := problemsOf(p)
	for _, e := range more {
		if !slices.Contains(all, e) {
			all = append(all, e)
		}
	}
	if len(all) > 1 {
		p.Errors = all
		p.Detail = fmt.Sprintf("%d parameters are invalid; first: %s", len(all), all[0].Detail)
	}
}
