package server_test

import (
	"net/http"
	"strings"
	"testing"
)

// verify scores robustness quick by default, full or not at all on
// request, and refuses another depth with a fix.
func TestVerifyRobustnessDepths(t *testing.T) {
	v := verifyWith(t, handler, "/api/v1/verify?data=hello")
	if v.Robustness == nil || v.Robustness.Depth != "quick" || len(v.Robustness.Conditions) != 11 {
		t.Fatalf("default robustness %+v, want quick over 11 conditions", v.Robustness)
	}
	for _, c := range v.Robustness.Conditions {
		if len(c.Levels) != 1 {
			t.Errorf("quick %s tried %d levels", c.Name, len(c.Levels))
		}
	}
	if v := verifyWith(t, handler, "/api/v1/verify?data=hello&robustness=off"); v.Robustness != nil {
		t.Errorf("robustness=off still scored: %+v", v.Robustness)
	}
	p := readProblem(t, get(t, "/api/v1/verify?data=hello&robustness=sideways"), http.StatusBadRequest, "invalid-parameter")
	if p.Field != "robustness" || !strings.Contains(p.Fix, "robustness=quick") {
		t.Errorf("field %q fix %s", p.Field, p.Fix)
	}
}

// Each robustness fix carries the score it was measured to reach:
// following it gives that score.
func TestVerifyRobustnessFixesAreMeasured(t *testing.T) {
	v := verifyWith(t, handler, "/api/v1/verify?data=https%3A%2F%2Fexample.com%2Fweak&ec=L&color=777&style=small-dots&robustness=full")
	r := v.Robustness
	if r == nil || r.Depth != "full" {
		t.Fatalf("robustness %+v", r)
	}
	if r.Score >= 100 || len(r.Weakest) == 0 || len(r.Fixes) == 0 {
		t.Fatalf("a weak design: score %d, weakest %v, fixes %+v", r.Score, r.Weakest, r.Fixes)
	}
	for _, f := range r.Fixes {
		if f.Score <= r.Score {
			t.Errorf("fix %q reaches %d, not above %d", f.Change, f.Score, r.Score)
		}
		if !strings.Contains(f.Fix, "robustness=full") {
			t.Errorf("fix %s does not keep the depth", f.Fix)
		}
		after := verifyWith(t, handler, strings.TrimPrefix(f.Fix, base))
		if after.Robustness == nil || after.Robustness.Score != f.Score {
			t.Errorf("fix %q claims %d; following %s scores %+v", f.Change, f.Score, f.Fix, after.Robustness)
		}
	}
}
