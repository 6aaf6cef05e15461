package service

import (
	"net/url"
	"testing"
)

// A parameter spelt with other separators than its name or an alias
// (fg_color, error-correction, vendorid) is that parameter: the fix renames
// it, value kept, where it was dropped as unknown, and a code at level L
// answered a call that asked for H. So is a name nested as other
// libraries write their options in a query (color.dark, dotsOptions[type]).
func TestNamesSpeltWithOtherSeparatorsAreRenamed(t *testing.T) {
	svc := New(Config{BaseURL: "http://qr.test"})
	for _, c := range []struct{ kind, query, fix string }{
		{"", "data=hi&error_correction=H", "http://qr.test/api/v1/qr?data=hi&ec=H"},
		{"", "data=hi&Error-Correction=high", "http://qr.test/api/v1/qr?data=hi&ec=H"},
		{"", "data=hi&bg_color=f00", "http://qr.test/api/v1/qr?data=hi&bg=f00"},
		{"", "data=hi&fg.colour=f00", "http://qr.test/api/v1/qr?data=hi&color=f00"},
		{"", "data=hi&color.dark=112233", "http://qr.test/api/v1/qr?data=hi&color=112233"},
		{"", "data=hi&color[light]=ffffee", "http://qr.test/api/v1/qr?data=hi&bg=ffffee"},
		{"", "data=hi&dotsOptions.type=rounded", "http://qr.test/api/v1/qr?data=hi&style=rounded"},
		{"", "data=hi&cornersSquareOptions[color]=112233", "http://qr.test/api/v1/qr?data=hi&eyeframecolor=112233"},
		{"matter", "vendorid=65521&product_id=32769&discriminator=3840&passcode=20202021&discovery=on-network",
			"http://qr.test/api/v1/matter?vendor_id=65521&product_id=32769&discriminator=3840&passcode=20202021&discovery=on-network"},
	} {
		params, err := url.ParseQuery(c.query)
		if err != nil {
			t.Fatal(err)
		}
		_, p := generate(t, svc, Request{Kind: c.kind, Params: params})
		if p == nil || p.Fix != c.fix {
			t.Errorf("%s?%s: %+v, want fix %s", c.kind, c.query, p, c.fix)
		}
	}
	// The same words, whatever separates them, as the colour option's alias.
	params := url.Values{"data": {"hi"}, "fgcolor": {"f00"}}
	if _, p := generate(t, svc, Request{Params: params}); p != nil {
		t.Errorf("fgcolor: %s", p.Detail)
	}
}
