package service

import (
	"strings"
	"testing"
)

// TestTwiceGivenValuesAreQuotedShort: a value given twice is quoted cut
// short, so that a 1 MiB logo given beside an icon does not come back as
// a 1.4 MB problem.
func TestTwiceGivenValuesAreQuotedShort(t *testing.T) {
	big := "data:image/png;base64," + strings.Repeat("A", 100_000)
	q := query{"logo": {"wifi"}, "icon": {big}}
	_, _, e := q.lookup(optLogo)
	if e == nil {
		t.Fatal("two values are taken")
	}
	if len(e.detail) > 400 {
		t.Errorf("the detail is %d bytes: %.120s…", len(e.detail), e.detail)
	}
}
