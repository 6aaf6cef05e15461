package service

import (
	"net/url"
	"testing"
)

// A code's whole text without a query copied into its own field
// (lat=geo:52.52,13.40;u=10, RFC 5870; number=SMSTO:+44…:hello;
// ssid=WIFI:S:…;;; contact=facetime-audio:…) was refused with no fix, or
// (wifi) taken as the network's name. The fix now writes what it holds
// under the kind's fields; a field given with another value leaves the
// choice to the caller.
func TestAWholeCodePastedIntoItsFieldIsRead(t *testing.T) {
	svc := New(Config{BaseURL: "http://qr.test"})
	for _, c := range []struct {
		kind, query string
		want        string // the fixed code's payload; "" for no fix
	}{
		{"geo", "lat=" + url.QueryEscape("geo:52.52,13.40;u=10"), "geo:52.52,13.4;u=10"},
		{"geo", "lat=" + url.QueryEscape("geo:52.52,13.40,34"), "geo:52.52,13.4,34"},
		{"geo", "lat=" + url.QueryEscape("geo:52.52,13.40,34") + "&lon=13.5", ""},
		{"sms", "number=" + url.QueryEscape("SMSTO:+442079460000:hello"), "SMSTO:+442079460000:hello"},
		{"sms", "number=" + url.QueryEscape("SMSTO:+442079460000:hello") + "&message=bye", ""},
		{"mms", "number=" + url.QueryEscape("mmsto:+442079460000:hello"), "MMSTO:+442079460000:hello"},
		{"wifi", "ssid=" + url.QueryEscape("WIFI:S:Cafe;T:WPA;P:password1;;"), "WIFI:T:WPA;S:Cafe;P:password1;;"},
		{"wifi", "ssid=" + url.QueryEscape("WIFI:S:Cafe;T:WPA;P:password1;;") + "&password=other123", ""},
		{"facetime", "contact=" + url.QueryEscape("facetime-audio:+442079460000"), "facetime-audio:+442079460000"},
	} {
		_, p := svc.Payload(Request{Kind: c.kind, Query: c.query})
		if p == nil {
			t.Errorf("%s?%s: no problem", c.kind, c.query)
			continue
		}
		if c.want == "" {
			if p.Fix != "" {
				t.Errorf("%s?%s: fix %s, want none", c.kind, c.query, p.Fix)
			}
			continue
		}
		u, err := url.Parse(p.Fix)
		if err != nil || p.Fix == "" {
			t.Errorf("%s?%s: %s, no fix", c.kind, c.query, p.Detail)
			continue
		}
		got, p2 := svc.Payload(Request{Kind: c.kind, Query: u.RawQuery})
		if p2 != nil || got.Payload != c.want {
			t.Errorf("%s?%s: the fix %s makes %+v %+v, want %q", c.kind, c.query, p.Fix, got, p2, c.want)
		}
	}
}
