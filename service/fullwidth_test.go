package service

import (
	"net/url"
	"testing"
)

// A number or address typed in full-width forms (＋４４　２０…, jo＠example.com)
// is the ASCII value in another notation (Unicode NFKC): it was refused with
// no fix; the fix now writes the ASCII forms, and following it gives the code.
func TestFullWidthValueIsFixedToASCII(t *testing.T) {
	svc := New(Config{BaseURL: "http://qr.test"})
	for _, c := range []struct{ kind, query, want string }{
		{"phone", "number=" + url.QueryEscape("＋４４　２０　７９４６　００００"), "tel:+44-20-7946-0000"},
		{"sms", "number=" + url.QueryEscape("＋４４　２０　７９４６　００００") + "&message=hi", "SMSTO:+442079460000:hi"},
		{"email", "to=" + url.QueryEscape("jo＠example.com"), "mailto:jo@example.com"},
	} {
		_, p := svc.Payload(Request{Kind: c.kind, Query: c.query})
		if p == nil || p.Fix == "" {
			t.Errorf("%s?%s: %+v, want a fix", c.kind, c.query, p)
			continue
		}
		u, _ := url.Parse(p.Fix)
		got, p2 := svc.Payload(Request{Kind: c.kind, Query: u.RawQuery})
		if p2 != nil || got.Payload != c.want {
			t.Errorf("%s?%s: the fix %s makes %+v %+v, want %q", c.kind, c.query, p.Fix, got, p2, c.want)
		}
	}
}
