package service

import (
	"net/url"
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
