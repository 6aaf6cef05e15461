package service

import (
	"net/url"
	"testing"
)

// QR Code Monkey gives a gradient's colours one by one, gradientColor1
// and gradientColor2, beside gradientType. The fix dropped them as
// unknown, and with them the gradient: gradientType=radial was dropped
// too, for want of colours. It now gives them, in their order, as
// gradientcolors, the kind kept, and following it draws.
func TestNumberedGradientColoursAreTheGradient(t *testing.T) {
	svc := New(Config{BaseURL: "http://qr.test"})
	for _, c := range []struct {
		query, colours, kind string
	}{
		{"gradientColor1=%23000000&gradientColor2=%231a237e", "000000,1a237e", ""},
		{"gradientcolor2=1a237e&gradientcolor1=000000&gradientType=radial", "000000,1a237e", "radial"},
		{"gradient_color_1=880e4f&gradient_color_2=1a237e&gradient_color_3=000000", "880e4f,1a237e,000000", ""},
	} {
		_, p := generate(t, svc, Request{Query: "data=hi&" + c.query})
		if p == nil {
			t.Errorf("%s: no problem", c.query)
			continue
		}
		if got, _ := fixOf(t, p, "gradientcolors"); got != c.colours {
			t.Errorf("%s: fix %s, want gradientcolors=%s (%s)", c.query, p.Fix, c.colours, p.Detail)
			continue
		}
		if got, _ := fixOf(t, p, "gradient"); c.kind != "" && got != c.kind {
			t.Errorf("%s: fix %s, want gradient=%s", c.query, p.Fix, c.kind)
		}
		u, _ := url.Parse(p.Fix)
		if _, again := generate(t, svc, Request{Query: u.RawQuery}); again != nil {
			t.Errorf("%s: following %s: %s", c.query, p.Fix, again.Detail)
		}
	}
}
