package service

import (
	"cmp"
	"context"
	"encoding/json"
	"strings"
	"testing"
)

// followBatchFix runs the batch p's fix names, and gives each item's
// problem, nil for an item served. A fix too long to read inline names
// the caller's body from a file: that body is the caller's with the
// fix's style, which the problem keeps (fixBody), and CheckBatch gives.
func followBatchFix(t *testing.T, s *Service, body string, p *Problem) []*Problem {
	t.Helper()
	target, ok := p.fixAt.(batchTarget)
	if !ok || p.Fix == "" || p.fixed == nil {
		t.Fatalf("problem %+v: want a fix of the batch's style", p)
	}
	fixBody, _ := json.Marshal(target.corrected(p.fixed))
	if p.Fix != target.url(s.baseURL, p.fixed) || string(p.fixBody) != string(fixBody) {
		t.Fatalf("fix %s, body %s: not the body with style %v", p.Fix, p.fixBody, p.fixed)
	}
	if cp, fixed := s.CheckBatch(context.Background(), []byte(body)); cp == nil || cp.Fix != p.Fix || string(fixed) != string(fixBody) {
		t.Errorf("CheckBatch %+v, fixed %s: want the fix Batch gives, %s", cp, fixed, fixBody)
	}
	return runBatch(t, s, string(fixBody))
}

// runBatch is each item's problem in the batch body answers.
func runBatch(t *testing.T, s *Service, body string) []*Problem {
	t.Helper()
	run, p := s.Batch(context.Background(), []byte(body))
	if p != nil {
		t.Fatalf("batch %s is refused: %s (fix %s)", body, p.Detail, p.Fix)
	}
	defer run.Close()
	var items []*Problem
	if err := run.Each(func(i BatchItem) error { items = append(items, i.Problem); return nil }); err != nil {
		t.Fatal(err)
	}
	return items
}

// TestBatchStyleFixServesEveryItem: a shared style with a frame against
// the code and a logo too large for level L got a fix of the margin
// alone, whose batch then refused every item for the logo's size, which
// is checked only when each item's code is made and depends on its data
// ("x" takes logosize 0.16, 1900 letters 0.14). The fix now gives the
// size that serves every item, and lists it; an item whose own style
// gives the logo's size keeps its own problem.
func TestBatchStyleFixServesEveryItem(t *testing.T) {
	s := New(Config{BaseURL: chainBase})
	long := strings.Repeat("a", 1900)
	body := `{"style":{"margin":0,"tpl":"corners","logo":"heart","logosize":0.2,"ec":"L"},"items":[{"data":"x"},{"data":"` + long + `"},{"data":"own","style":{"logosize":0.3}}]}`
	_, p := s.Batch(context.Background(), []byte(body))
	if p == nil || p.Status != 400 {
		t.Fatalf("problem %+v: want a 400", p)
	}
	fields := map[string]bool{}
	for _, e := range problemsOf(p) {
		fields[e.Field] = true
	}
	if !fields["style.margin"] || !fields["style.logosize"] || len(fields) != 2 {
		t.Errorf("problems %+v: want style.margin and style.logosize", problemsOf(p))
	}
	if got := p.fixed.Get("margin") + " " + p.fixed.Get("logosize"); got != "1 0.14" {
		t.Errorf("fixed style %v: want margin 1 and logosize 0.14, the smallest any item needs", p.fixed)
	}
	items := followBatchFix(t, s, body, p)
	if len(items) != 3 || items[0] != nil || items[1] != nil {
		t.Fatalf("following the fix, items %+v: want the first two served", items)
	}
	if own := items[2]; own == nil || own.Field != "logosize" || !strings.Contains(own.Fix, "logosize=0.16") {
		t.Errorf("item with its own logosize: %+v; want its own problem and fix", own)
	}
}

// TestBatchKeyFixServesEveryItem: a body whose key is renamed is tried
// as the fixed style is, and the logo's size that serves every item is
// folded into its fix.
func TestBatchKeyFixServesEveryItem(t *testing.T) {
	s := New(Config{BaseURL: chainBase})
	body := `{"style":{"logo":"heart","logosize":0.25,"ec":"M"},"itms":[{"data":"x"},{"data":"` + strings.Repeat("a", 505) + `"}]}`
	_, p := s.Batch(context.Background(), []byte(body))
	if p == nil || !strings.Contains(p.Fix, `"logosize":"0.21"`) || !strings.Contains(p.Fix, `"items"`) {
		t.Fatalf("problem %+v: want items renamed and logosize 0.21", p)
	}
	for i, item := range followBatchFix(t, s, body, p) {
		if item != nil {
			t.Errorf("item %d is refused: %s", i, item.Detail)
		}
	}
}

// TestBatchStyleFixWithoutOne: a corrected style that leaves the batch
// refused in a way no call made from the caller's mends leaves no fix,
// and says why.
func TestBatchStyleFixWithoutOne(t *testing.T) {
	s := New(Config{BaseURL: chainBase})
	body := []byte(`{"output":"json","style":{"format":"svg","margin":0,"tpl":"corners"},"items":[{"data":"x"}]}`)
	_, p := s.Batch(context.Background(), body)
	if p == nil || p.Fix != "" || !strings.Contains(p.Detail, "so there is no fix") || p.Example == "" {
		t.Fatalf("problem %+v: want no fix, why, and an example", p)
	}
	if cp, fixed := s.CheckBatch(context.Background(), body); cp == nil || cp.Fix != "" || fixed != nil {
		t.Errorf("CheckBatch %+v, fixed %s: want no fix and no body", cp, fixed)
	}
}

// TestServingValue: of the values items need of one shared option, the
// one that serves them all ("-" drops the option), or none ("!").
func TestServingValue(t *testing.T) {
	// Each case is the option, the values items need, and the answer.
	const cases = "logosize 0.16,0.14,0.16 0.14; size 300,420 420; ec M,Q,L Q; logo heart,- -; " +
		"tpl corners,corners corners; tpl corners,badge !; size 300,3cm !"
	for _, c := range strings.Split(cases, "; ") {
		f := strings.Fields(c)
		values := strings.Split(f[1], ",")
		for i, v := range values {
			if v == "-" {
				values[i] = ""
			}
		}
		got, _, ok := servingValue(f[0], values)
		said := "!"
		if ok {
			said = cmp.Or(got, "-")
		}
		if said != f[2] {
			t.Errorf("servingValue(%s, %q) = %q, %v; want %s", f[0], values, got, ok, f[2])
		}
	}
}

// TestBatchStyleVersionServesEveryItem: a shared version too small for
// some items is fixed to the largest any item needs, which holds every
// item's data (ISO/IEC 18004:2015 Table 7).
func TestBatchStyleVersionServesEveryItem(t *testing.T) {
	s := New(Config{BaseURL: chainBase})
	body := `{"style":{"version":2,"ec":"x"},"items":[{"data":"x"},{"data":"` + strings.Repeat("abcdefghij", 10) + `"},{"data":"` + strings.Repeat("abcdefghij", 5) + `"}]}`
	_, p := s.Batch(context.Background(), []byte(body))
	if p == nil || p.Status != 400 {
		t.Fatalf("problem %+v: want a 400", p)
	}
	if got := p.fixed.Get("version"); got != "5" {
		t.Errorf("fixed style %v (problems %+v): want version 5, the largest any item needs", p.fixed, problemsOf(p))
	}
	for i, item := range followBatchFix(t, s, body, p) {
		if item != nil {
			t.Errorf("item %d: %s", i, item.Detail)
		}
	}
}
