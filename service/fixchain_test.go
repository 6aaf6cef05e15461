package service

import (
	"context"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"

	_ "github.com/qrforge/qrforge/kinds"
)

const chainBase = "http://qr.test"

// call is one request as HTTP reads it: the endpoint's path and its raw
// query, or for a POST its parameters (a JSON body's members, or the
// query of a fix's curl call).
type call struct {
	path, query string
	body        bool
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
	if c.body {
		params, err := url.ParseQuery(c.query)
		if err != nil {
			return s.Problem(KindBadRequest, err.Error(), "", "")
		}
		if rest == "qr" {
			rest = ""
		}
		_, p = s.Generate(ctx, Request{Kind: rest, Params: params, Body: true}, "")
		return p
	}
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

// callOf reads a fix back into the call it names: a GET, or a POST
// written as curl.
func callOf(t *testing.T, fix string) call {
	t.Helper()
	post := strings.HasPrefix(fix, "curl -X POST '")
	if post {
		fix, _, _ = strings.Cut(strings.TrimPrefix(fix, "curl -X POST '"), "'")
	}
	u, err := url.Parse(fix)
	if err != nil || !strings.HasPrefix(fix, chainBase+"/") {
		t.Fatalf("fix %q is not a call of %s: %v", fix, chainBase, err)
	}
	return call{u.Path, u.RawQuery, post}
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
			if !strings.Contains(p.Fix, "margin=1") || !strings.Contains(p.Fix, "logosize=0.16") {
				t.Errorf("fix %s: want margin=1 and logosize=0.16", p.Fix)
			}
			if again := serve(s, callOf(t, p.Fix)); again != nil {
				t.Errorf("fix %s is refused: %s", p.Fix, again.Detail)
			}
		})
	}
}

// TestFixDefects holds each call a walk of the registry found answered
// wrongly (TestFixesAreServed): a panic, a fix refused again, a value the
// caller did not write in an identity field, a parameter dropped without
// a word.
func TestFixDefects(t *testing.T) {
	s := New(Config{BaseURL: chainBase})
	for _, c := range []struct {
		name string
		call call
		// field is the problem's field, or one of its errors'.
		field string
		// fixHas and fixHasNot are in, and not in, the fix; fixHas ""
		// wants no fix.
		fixHas, fixHasNot string
	}{
		{"bharatqr min_amount past template 26's 99 characters", call{"/api/v1/bharatqr/payload", "vpa=shop@okaxis&mcc=5411&name=Shop&city=Delhi&min_amount=" + strings.Repeat("9", 300), false}, "min_amount", "", ""},
		{"encoded data is not joined with a misspelt option", call{"/api/v1/qr", "data=https%3A%2F%2Fex.com%2F%3Fa%3D1&colr=red", false}, "colr", "color=red", "colr"},
		{"encoded url is not joined with a misspelt field", call{"/api/v1/url", "url=https%3A%2F%2Fexample.com%2Flanding%3Fref%3Da&utm_campaignn=spring", false}, "utm_campaignn", "url=https%3A%2F%2Fexample.com%2Flanding%3Fref%3Da&utm_campaign=spring", "%26utm"},
		{"a logo's size dropped with the logo is named", call{"/api/v1/swissqr", "iban=CH9300762011623852957&creditor_name=Robert%20Schneider%20AG&creditor_town=Biel&creditor_country=CH&creditor_postal_code=2501&currency=CHF&logo=heart&logosize=0.2", false}, "logosize", "currency=CHF", "logo"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := serve(s, c.call)
			if p == nil || p.Status != 400 {
				t.Fatalf("problem %+v: want a 400", p)
			}
			if !slices.ContainsFunc(problemsOf(p), func(e FieldProblem) bool { return e.Field == c.field }) {
				t.Errorf("problems %+v: want one on %s", problemsOf(p), c.field)
			}
			switch {
			case c.fixHas == "" && p.Fix != "":
				t.Errorf("fix %s: want none", p.Fix)
			case c.fixHas == "":
			case !strings.Contains(p.Fix, c.fixHas) || c.fixHasNot != "" && strings.Contains(p.Fix, c.fixHasNot):
				t.Errorf("fix %s: want %s in it, and not %s", p.Fix, c.fixHas, c.fixHasNot)
			default:
				if again := serve(s, callOf(t, p.Fix)); again != nil {
					t.Errorf("fix %s is refused: %s", p.Fix, again.Detail)
				}
			}
		})
	}
}
