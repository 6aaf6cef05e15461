package service

import (
	"net/url"
	"testing"
)

// QR Code Monkey colours each finder eye apart: eye1Color is the ring of
// the top-left eye, eyeBall3Color the centre of the bottom-left one. The
// fix renamed eye1color to eyecolor, which paints all three eyes, ring
// and centre, in it. It now gives eyeframecolor or eyeballcolor one colour
// per eye, the others in color, as they were drawn, and following it draws.
func TestNumberedEyeColoursKeepTheirEye(t *testing.T) {
	svc := New(Config{BaseURL: "http://qr.test"})
	for _, c := range []struct {
		query, field, want string
	}{
		{"eye1color=ff0000", "eyeframecolor", "ff0000,000000,000000"},
		{"eye2Color=%23ff0000&color=00008b", "eyeframecolor", "00008b,ff0000,00008b"},
		{"eye1color=ff0000&eye3color=0000ff", "eyeframecolor", "ff0000,000000,0000ff"},
		{"eyeball3color=0000ff", "eyeballcolor", "000000,000000,0000ff"},
		{"eye_ball_2_color=0000ff", "eyeballcolor", "000000,0000ff,000000"},
	} {
		_, p := generate(t, svc, Request{Query: "data=hi&" + c.query})
		if p == nil {
			t.Errorf("%s: no problem", c.query)
			continue
		}
		got, _ := fixOf(t, p, c.field)
		if got != c.want {
			t.Errorf("%s: fix %s, want %s=%s (%s)", c.query, p.Fix, c.field, c.want, p.Detail)
			continue
		}
		if _, has := fixOf(t, p, "eyecolor"); has {
			t.Errorf("%s: fix %s paints every eye", c.query, p.Fix)
		}
		u, _ := url.Parse(p.Fix)
		if _, again := generate(t, svc, Request{Query: u.RawQuery}); again != nil {
			t.Errorf("%s: following %s: %s", c.query, p.Fix, again.Detail)
		}
	}
}
