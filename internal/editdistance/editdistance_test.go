package editdistance

import (
	"strings"
	"testing"
)

func TestDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"rounded2", "rounded", 1}, {"circel", "circle", 1}, {"mnoo", "mono", 1}, {"ab", "ba", 1},
		{"kitten", "sitting", 3}, {"/api/v1/qrr", "/api/v1/qr", 1},
		{strings.Repeat("a", 10000), strings.Repeat("b", 10000), maxLen},
	} {
		if got := Distance(c.a, c.b); got != c.want {
			t.Errorf("Distance(%.20q, %.20q) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}

func TestSuggest(t *testing.T) {
	for _, c := range []struct {
		name       string
		candidates []string
		want       string
	}{
		{"pasword", []string{"ssid", "password", "security"}, "password"},
		{"amount", []string{"pa", "pn", "am", "tn"}, "am"},
		{"pass", []string{"ssid", "password"}, "password"},
		{"colour", []string{"size", "color", "bg"}, "color"},
		{"zzzzzzzz", []string{"size", "color"}, ""},
		{"a", []string{"am"}, ""},
	} {
		if got := Suggest(c.name, c.candidates); got != c.want {
			t.Errorf("Suggest(%q) = %q, want %q", c.name, got, c.want)
		}
	}
}
