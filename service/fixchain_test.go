package service

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"testing"

	_ "github.com/qrforge/qrforge/kinds"
)

const chainBase = "http://qr.test"

// call is one request as HTTP reads it: the endpoint's path and its raw
// query.
type call struct {
	path, query string
}

// serve answers c as the HTTP adapter does: a generation route's image,
// or a payload route's payload, or the problem.
func serve(s *Service, c call) (p *Problem) {
	defer func() {
		if v := recover(); v != nil {
			// The HTTP adapter answers a panic with a 500.
			p = s.Problem(KindInternal, fmt.Sprint("panic: ", v), "", "")
		}
	}()
	ctx := context.Background()
	rest := strings.TrimPrefix(c.path, "/api/v1/")
	switch {
	case c.path == "/api/v1/qr":
		_, p = s.Generate(ctx, Request{Query: c.query}, "")
		return p
	case strings.HasPrefix(c.path, "/q/"):
		_, p = s.Generate(ctx, Request{Short: true, Path: strings.TrimPrefix(c.path, "/q/"), Query: c.query}, "")
		return p
	case strings.HasSuffix(rest, "/payload"):
		_, p = s.Payload(Request{Kind: strings.TrimSuffix(rest, "/payload"), Query: c.query})
		return p
	}
	_, p = s.Generate(ctx, Request{Kind: rest, Query: c.query}, "")
	return p
}

// callOf reads a fix back into the call it names.
func callOf(t *testing.T, fix string) call {
	t.Helper()
	u, err := url.Parse(fix)
	if err != nil || !strings.HasPrefix(fix, chainBase+"/") {
		t.Fatalf("fix %q is not a call of %s: %v", fix, chainBase, err)
	}
	return call{u.Path, u.RawQuery}
}

// TestFixCorrectsWhatTheFixedCallRefuses: a frame's margin and a logo
// too large for level L, a problem found only once the code is made, once
// got a fix naming the margin alone, which was refused in turn. The fix
// now corrects both and lists both, on GET, in a JSON body, in a batch
// item and for a kind's call.
func TestFixCorrectsWhatTheFixedCallRefuses(t *testing.T) {
	s := New(Config{BaseURL: chainBase})
	ctx := context.Background()
	const query = "data=x&margin=0&tpl=corners&logo=heart&logosize=0.2&ec=L"
	given, _ := url.ParseQuery(query)
	batch := func(style string) *Problem {
		run, p := s.Batch(ctx, []byte(`{"output":"url","items":[{"data":"x","style":`+style+`}]}`))
		if p != nil {
			t.Fatalf("batch: %s", p.Detail)
		}
		defer run.Close()
		var item *Problem
		if err := run.Each(func(i BatchItem) error { item = i.Problem; return nil }); err != nil {
			t.Fatal(err)
		}
		return item
	}
	for _, c := range []struct {
		name string
		p    func() *Problem
	}{
		{"GET", func() *Problem { _, p := s.Generate(ctx, Request{Query: query}, ""); return p }},
		{"JSON body", func() *Problem { _, p := s.Generate(ctx, Request{Params: given, Body: true}, ""); return p }},
		{"batch item", func() *Problem {
			return batch(`{"margin":0,"tpl":"corners","logo":"heart","logosize":0.2,"ec":"L"}`)
		}},
		{"kind", func() *Problem {
			_, p := s.Generate(ctx, Request{Kind: "text", Query: strings.Replace(query, "data=", "text=", 1)}, "")
			return p
		}},
		{"check", func() *Problem { return s.Check(ctx, Request{Query: query}) }},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := c.p()
			if p == nil || p.Fix == "" {
				t.Fatalf("problem %+v: want a 400 with a fix", p)
			}
			fields := map[string]bool{}
			for _, e := range problemsOf(p) {
				fields[e.Field] = true
			}
			if !fields["margin"] || !fields["logosize"] {
				t.Errorf("problems %+v: want margin and logosize", problemsOf(p))
			}
			fix := strings.TrimSuffix(strings.TrimPrefix(p.Fix, "curl -X POST '"), "'")
			if !strings.Contains(fix, "margin=1") || !strings.Contains(fix, "logosize=0.16") {
				t.Errorf("fix %s: want margin=1 and logosize=0.16", p.Fix)
			}
			if again := serve(s, callOf(t, fix)); again != nil {
				t.Errorf("fix %s is refused: %s", p.Fix, again.Detail)
			}
		})
	}
}
