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

// A listed value is read in any case, so the same one given twice in two
// cases is one value (README: "the same value twice passes"); free text,
// as a label, is the caller's to the letter, and two cases are two values.
func TestTheSameListedValueInTwoCasesPasses(t *testing.T) {
	for _, c := range []struct {
		o    option
		q    query
		same bool
	}{
		{optStyle, query{"style": {"dot", "DOT"}}, true},
		{optFormat, query{"format": {"svg", "SVG"}}, true},
		{optEC, query{"ec": {"h"}, "ecc": {"H"}}, true},
		{optStyle, query{"style": {"dot", "rounded"}}, false},
		{optLabel, query{"label": {"Scan me", "SCAN ME"}}, false},
	} {
		_, _, e := c.q.lookup(c.o)
		if (e == nil) != c.same {
			t.Errorf("%v: error %v, want one value: %v", c.q, e, c.same)
		}
	}
}
