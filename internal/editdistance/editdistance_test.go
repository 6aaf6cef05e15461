package editdistance

import (
	"strings"
	"testing"
)

func TestLevenshtein(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"rounded2", "rounded", 1}, {"circel", "circle", 2},
		{"kitten", "sitting", 3}, {"/api/v1/qrr", "/api/v1/qr", 1},
		{strings.Repeat("a", 10000), strings.Repeat("b", 10000), maxLen},
	} {
		if got := Levenshtein(c.a, c.b); got != c.want {
			t.Errorf("Levenshtein(%.20q, %.20q) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}
