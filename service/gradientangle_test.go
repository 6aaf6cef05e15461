package service

import (
	"net/url"
	"testing"
)

// A gradient's angle written with a CSS unit (90deg, 0.25turn, 90°) was
// fixed to the default 135, though the detail said the fix kept its
// direction. The fix now gives the angle in degrees (CSS Values 4 §7.1),
// and following it draws.
func TestGradientAngleWithAUnitKeepsItsDirection(t *testing.T) {
	svc := New(Config{BaseURL: "http://qr.test"})
	for v, want := range map[string]string{
		"90deg":     "90",
		"90 deg":    "90",
		"90°":       "90",
		"0.25turn":  "90",
		"200grad":   "180",
		"450deg":    "90",
		"3.1416rad": "180",
		"ninety":    "135",
	} {
		q := "data=hi&gradientcolors=000000,1a237e&gradientangle=" + url.QueryEscape(v)
		_, p := generate(t, svc, Request{Query: q})
		if p == nil {
			t.Errorf("%s: no problem", v)
			continue
		}
		if got, _ := fixOf(t, p, "gradientangle"); got != want {
			t.Errorf("%s: fix %s, want gradientangle=%s (%s)", v, p.Fix, want, p.Detail)
			continue
		}
		u, _ := url.Parse(p.Fix)
		if _, again := generate(t, svc, Request{Query: u.RawQuery}); again != nil {
			t.Errorf("%s: following %s: %s", v, p.Fix, again.Detail)
		}
	}
}
