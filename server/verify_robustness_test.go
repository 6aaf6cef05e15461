package server_test

import (
	"fmt"
	"net/http"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/gkampitakis/go-snaps/snaps"
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

// A full verify's answer, pinned: the checks, every image of the grid,
// the weakest conditions and the measured fixes (README "same request,
// same bytes"). A score that stops on a cancelled context must change
// nothing of one that runs to the end.
func TestSnapshotVerifyFull(t *testing.T) {
	body := ok(t, "/api/v1/verify?data=https%3A%2F%2Fexample.com%2Fweak&ec=L&color=777&style=small-dots&robustness=full")
	snaps.WithConfig(snaps.Dir("../snapshots/server"), snaps.Raw(), snaps.Ext(".json")).MatchStandaloneSnapshot(t, string(body))
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

// TestRobustnessExampleIsCurrent: docs/robustness.md's example answer is
// what its call answers: the score, the first condition, the first of the
// weakest, and each fix's change and score, in order.
func TestRobustnessExampleIsCurrent(t *testing.T) {
	b, err := os.ReadFile("../docs/robustness.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	call := regexp.MustCompile(`curl '(http://[^/']+)(/api/v1/verify\?[^']+)'`).FindStringSubmatch(doc)
	if call == nil {
		t.Fatal("docs/robustness.md shows no verify call")
	}
	example := doc[strings.Index(doc, call[0]):]
	example, _, _ = strings.Cut(example[strings.Index(example, "```json"):], "\n```\n")
	first := func(pattern string) []string {
		m := regexp.MustCompile(pattern).FindStringSubmatch(example)
		if m == nil {
			t.Fatalf("the example has no %s", pattern)
		}
		return m[1:]
	}
	v := verifyWith(t, handler, call[2]).Robustness
	if v == nil || len(v.Conditions) == 0 || len(v.Weakest) == 0 {
		t.Fatalf("%s: robustness %+v", call[2], v)
	}
	c := v.Conditions[0]
	got := []string{fmt.Sprint(v.Score), v.Depth, c.Name, fmt.Sprint(c.Passed), c.Limit, v.Weakest[0]}
	want := append(first(`"score": (\d+), "depth": "(\w+)"`), first(`"name": "(\w+)".*?"passed": (\d+),\s*"limit": "([^"]+)"`)...)
	want = append(want, first(`"weakest": \["([^"]+)"`)...)
	for _, m := range regexp.MustCompile(`\{"change": "([^"]+)", "score": (\d+)`).FindAllStringSubmatch(example, -1) {
		want = append(want, m[1], m[2])
	}
	for _, f := range v.Fixes {
		got = append(got, f.Change, fmt.Sprint(f.Score))
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("docs/robustness.md shows\n%s\nand %s answers\n%s", strings.Join(want, "\n"), call[2], strings.Join(got, "\n"))
	}
}

// A code that verify's decode check reads is scored, not "does not read
// even as rendered": the grid enlarges modules of whole pixels to whole
// pixels. With a box filter, version 29 at 4 px a module (600 px), and
// version 31 with dot modules at 614 and 706 px, scored 0.
func TestRobustnessReadsWhatDecodeReads(t *testing.T) {
	for _, query := range []string{
		"data=Hello&logo=user&logopadding=4&ec=Q&size=600",
		"data=https://qrforge.example/p/12345&style=dot&logo=user&logosize=0.3&ec=Q&size=614",
		"data=https://qrforge.example/p/12345&style=dot&logo=user&logosize=0.3&ec=Q&size=706",
	} {
		v := verifyWith(t, handler, "/api/v1/verify?"+query)
		if !v.Scannable || v.Robustness == nil || v.Robustness.Score == 0 || slices.Contains(v.Robustness.Weakest, "does not read even as rendered") {
			t.Errorf("%s: scannable %v, robustness %+v", query, v.Scannable, v.Robustness)
			continue
		}
		for _, f := range v.Robustness.Fixes {
			if strings.Contains(f.Fix, "logosize=0.1999") || strings.Contains(f.Change, "0.1999") {
				t.Errorf("%s: fix %q, %s: logosize in hundredths", query, f.Change, f.Fix)
			}
		}
	}
}
