package service

import (
	"net/url"
	"strings"
	"testing"
)

// A payment link copied whole into the field of its payee
// (pa=upi://pay?pa=…&pn=…, address=bitcoin:…?amount=…) was refused with no
// fix, though it holds every field the code needs and nothing else. The
// fix now writes what it holds under the kind's fields; where a field
// given disagrees with it, or it holds what no field carries, there is
// still none.
func TestAPayloadPastedIntoItsPayeeFieldIsRead(t *testing.T) {
	svc := New(Config{BaseURL: "http://qr.test"})
	btc := "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq"
	for _, c := range []struct {
		kind, query string
		want        string // the fixed code's payload; "" for no fix
	}{
		{"upi", "pa=" + url.QueryEscape("upi://pay?pa=shop@okaxis&pn=Shop&am=10"), "upi://pay?pa=shop@okaxis&pn=Shop&am=10&cu=INR"},
		{"upi", "pa=" + url.QueryEscape("upi://pay?pa=shop@okaxis&pn=Shop") + "&pn=Shop", "upi://pay?pa=shop@okaxis&pn=Shop&cu=INR"},
		{"upi", "pa=" + url.QueryEscape("upi://pay?pa=shop@okaxis&pn=Shop") + "&pn=Other", ""},
		// Its '&' not escaped, the link's other parameters are the call's.
		{"upi", "pa=upi://pay?pa=shop@okaxis&pn=Shop&am=10", "upi://pay?pa=shop@okaxis&pn=Shop&am=10&cu=INR"},
		{"bitcoin", "address=" + url.QueryEscape("bitcoin:"+btc+"?amount=0.001"), "bitcoin:" + strings.ToUpper(btc) + "?amount=0.001"},
		{"bitcoin", "address=bitcoin:" + btc + "?amount=0.001&message=hi", "bitcoin:" + strings.ToUpper(btc) + "?amount=0.001&message=hi"},
		{"bitcoin", "address=" + url.QueryEscape("bitcoin:"+btc+"?amount=0.001") + "&amount=0.002", ""},
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
