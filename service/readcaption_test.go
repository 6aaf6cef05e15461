package service

import (
	"net/url"
	"regexp"
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
		{"\uff33can", "", "Scan"},
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

// A caption set too small to read is drawn as asked, with a warning that
// names the size that sets it legibly: 64 characters under a 300 px code
// were 5 px letters, answered without a word.
func TestSmallCaptionIsWarned(t *testing.T) {
	svc := New(Config{BaseURL: "http://qr.test"})
	long := "data=Hello&tpl=banner-below&label=" + strings.Repeat("ABCDEFGH", 8)
	img, p := generate(t, svc, Request{Query: long + "&size=300"})
	m := regexp.MustCompile(`size=(\d+) sets it at`).FindStringSubmatch(img.Warning)
	if p != nil || m == nil {
		t.Fatalf("64 characters at 300 px: %+v, warning %q", p, img.Warning)
	}
	img, p = generate(t, svc, Request{Query: long + "&size=" + m[1]})
	if p != nil || img.Warning != "" {
		t.Errorf("at the size the warning names, %s: %+v %q", m[1], p, img.Warning)
	}
	img, p = generate(t, svc, Request{Query: "data=Hello&tpl=banner-below&size=300"})
	if p != nil || img.Warning != "" {
		t.Errorf("SCAN ME at 300 px: %+v %q", p, img.Warning)
	}
}
