package service

import (
	"net/url"
	"testing"
)

// A colour written as programmers write it, six hex digits after 0x (0xff0000) or
// the three channels as an array ([255,0,0], JSON's and Python's list),
// was fixed to the default black: the fix now gives the colour itself,
// and following it draws.
func TestProgrammersColourSpellingsAreFixedToTheirColour(t *testing.T) {
	svc := New(Config{BaseURL: "http://qr.test"})
	for v, want := range map[string]string{
		"0xff0000":    "ff0000",
		"0XFF0000":    "ff0000",
		"[255,0,0]":   "ff0000",
		"[0, 0, 128]": "000080",
		"(0,0,128)":   "000080",
	} {
		_, p := generate(t, svc, Request{Query: "data=hi&color=" + url.QueryEscape(v)})
		if p == nil {
			t.Errorf("%s: no problem", v)
			continue
		}
		if got, _ := fixOf(t, p, "color"); got != want {
			t.Errorf("%s: fix gives color=%q, want %s (%s)", v, got, want, p.Detail)
			continue
		}
		if _, again := generate(t, svc, Request{Query: "data=hi&color=" + want}); again != nil {
			t.Errorf("%s: following the fix: %s", v, again.Detail)
		}
	}
	// 0x00f is the number 15 as well as CSS's #00f, and 0xff000080 is
	// ARGB (an opaque navy) as well as RGBA: two readings, no colour.
	for _, v := range []string{"0xgg0000", "0x00f", "0xff000080", "[256,0,0]", "[255,0]", "0x"} {
		if got, _, ok := colourMeant(v, false); ok {
			t.Errorf("%q read as %s", v, got)
		}
	}
}
