package service_test

import (
	"context"
	"strings"
	"testing"

	"github.com/qrforge/qrforge/service"
)

// TestNumberFixesClampAndRound: a number out of its option's range is
// clamped to it, an angle wrapped whole turns, and a fraction rounded, the
// same for every whole-number option (README "Errors"); the default is
// for what is no number at all.
func TestNumberFixesClampAndRound(t *testing.T) {
	svc := service.New(service.Config{BaseURL: "http://qr.test"})
	for _, c := range []struct{ query, want string }{
		{"gradientcolors=000,333&gradientangle=400", "gradientangle=40"},
		{"gradientcolors=000,333&gradientangle=-10", "gradientangle=350"},
		{"gradientcolors=000,333&gradientangle=720", "gradientangle=0"},
		{"gradientcolors=000,333&gradientangle=45.6", "gradientangle=46"},
		{"gradientcolors=000,333&gradientangle=up", "gradientangle=135"},
		{"margin=2.5", "margin=3"},
		{"margin=2.4", "margin=2"},
		{"margin=-1.5", "margin=0"},
		{"margin=99.5", "margin=10"},
		{"size=300.7", "size=301"},
		{"size=-5.5", "size=64"},
	} {
		_, p := svc.Generate(context.Background(), service.Request{Query: "data=hello&" + c.query}, "")
		if p == nil {
			t.Errorf("%s: answered", c.query)
			continue
		}
		if !strings.Contains(p.Fix+"&", "&"+c.want+"&") {
			t.Errorf("%s: fix %s, want %s (%s)", c.query, p.Fix, c.want, p.Detail)
		}
	}
}
