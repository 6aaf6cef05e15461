package service

import (
	"net/url"
	"strings"
	"testing"
)

// A caption is read as the letters it shows: decomposed accents are the
// precomposed letters the font has, a soft hyphen shows nowhere on one
// line, and a fix keeps a letter the font lacks as its base letter and a
// space as a space, where it dropped both. A caption of spaces alone is
// refused: it drew an empty banner.
func TestCaptionIsReadAsItShows(t *testing.T) {
	for _, c := range []struct{ label, drawn, fix string }{
		{"Cafe\u0301 o\u0308ffnen", "Café öffnen", ""},
		{"Scan\u00adme", "Scanme", ""},
		{"Tiếng Việt", "", "Tieng Viet"},
		{"Scan\u3000me", "", "Scan me"},
		{"Scan\u2028me", "", "Scan me"},
		{"   ", "", "-"},
	} {
		r, errs := parse(t, "data=x&tpl=banner-below&label="+url.QueryEscape(c.label))
		switch {
		case c.fix == "" && len(errs) > 0:
			t.Errorf("%q: %+v", c.label, errs)
		case c.fix == "" && r.Options.Label != c.drawn:
			t.Errorf("%q drawn as %q, want %q", c.label, r.Options.Label, c.drawn)
		case c.fix == "":
		case len(errs) != 1 || errs[0].field != "label":
			t.Errorf("%q: problems %+v, want one on label", c.label, errs)
		case c.fix == "-" && errs[0].fixed != "", c.fix != "-" && errs[0].fixed != c.fix:
			t.Errorf("%q: fix %q, want %q", c.label, errs[0].fixed, c.fix)
		}
	}
}

// A banner in no colour of its own takes the gradient, and the label is
// judged against each of its colours: grey text over a black-to-grey
// banner passed at its black end and vanished at its grey one.
func TestLabelOnAGradientBannerIsJudgedAlongIt(t *testing.T) {
	q := "data=x&tpl=banner-below&label=SCAN&gradientcolors=000000,767676&gradientangle=90&textcolor=5a5a5a"
	_, errs := parse(t, q)
	if len(errs) != 1 || errs[0].field != "textcolor" || errs[0].fixed != "ffffff" || !strings.Contains(errs[0].detail, "takes the gradient") {
		t.Fatalf("problems %+v, want textcolor fixed to ffffff", errs)
	}
	if _, errs := parse(t, strings.Replace(q, "5a5a5a", "ffffff", 1)); len(errs) > 0 {
		t.Errorf("white on the banner: %+v", errs)
	}
	// With a colour of its own, the banner is that colour.
	if _, errs := parse(t, q+"&framecolor=000000"); len(errs) > 0 {
		t.Errorf("grey on a black banner: %+v", errs)
	}
}
