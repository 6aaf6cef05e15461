package service

import (
	"strings"
	"testing"
)

// An amount given under a name the endpoint does not read has no fix: a
// fix that dropped it would answer a code for any amount, and one that
// renamed it would read it in the field's unit (ethereum's value is in
// wei: 1 there is not 1 ether). Any other unknown name is still dropped
// by the fix.
func TestAnUnknownAmountIsNeverDropped(t *testing.T) {
	svc := New(Config{BaseURL: "http://qr.test"})
	xrp := "address=rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY"
	for _, c := range []struct{ kind, query, field, says string }{
		{"xrp", xrp + "&amount=10", "amount", "carries no amount"},
		{"xrp", xrp + "&price=10", "price", "carries no amount"},
		{"ethereum", "address=0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed&amount=1", "amount", "the amount is value"},
	} {
		_, p := svc.Payload(Request{Kind: c.kind, Query: c.query})
		if p == nil || p.Field != c.field || p.Fix != "" || !strings.Contains(p.Detail, c.says) {
			t.Errorf("%s?%s: %+v", c.kind, c.query, p)
		}
	}
	if _, p := svc.Payload(Request{Kind: "xrp", Query: xrp + "&colour_scheme=1"}); p == nil || !strings.HasSuffix(p.Fix, "/api/v1/xrp/payload?"+xrp) {
		t.Errorf("another unknown name: %+v", p)
	}
	if _, p := generateURL(svc, "http://qr.test/api/v1/qr?data=hi&total=5"); p == nil || p.Field != "total" || p.Fix != "" {
		t.Errorf("total on /api/v1/qr: %+v", p)
	}
}

// A name is renamed by its spelling only where it is the field's name
// mistyped: paypal's account=5 was fixed to amount=5, a payment nobody
// asked for, upi's payer to pa (the payee) and a phone number under tel
// to a frame template.
func TestANameIsNeverSpeltIntoAnotherWord(t *testing.T) {
	svc := New(Config{BaseURL: "http://qr.test"})
	upi := "pa=shop@okaxis&pn=Shop"
	for _, c := range []struct{ kind, query, field string }{
		{"paypal", "username=jo&account=5", "account"},
		{"upi", upi + "&amazon=5", "amazon"},
		{"upi", upi + "&max=500", "max"},
		{"upi", "pn=Shop&payer=alice@okaxis", "payer"},
		{"upi", upi + "&customer=Jo", "customer"},
		{"otpauth", "secret=JBSWY3DPEHPK3PXP&account=jo@example.com&amount=5", "amount"},
		{"url", "url=https://example.com&tel=%2B15550100123", "tel"},
		{"vcard", "fn=Jo&lng=13.4", "lng"},
		{"vcard", "fn=Jo&tip=5", "tip"},
	} {
		_, p := svc.Payload(Request{Kind: c.kind, Query: c.query})
		if p == nil {
			t.Fatalf("%s?%s: no problem", c.kind, c.query)
		}
		if p.Field != c.field || strings.Contains(p.Detail, "did you mean") {
			t.Errorf("%s?%s: %+v", c.kind, c.query, p)
		}
	}
	// A slip of the pen is still fixed.
	for _, c := range []struct{ kind, query, fixed string }{
		{"paypal", "username=jo&amout=5", "amount=5"},
		{"paypal", "username=jo&amonut=5", "amount=5"},
		{"wifi", "ssid=Home&pasword=secret12", "password=secret12"},
		{"bitcoin", "adress=bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", "address=bc1q"},
		{"text", "text=hi&sze=100", "size=100"},
	} {
		_, p := svc.Payload(Request{Kind: c.kind, Query: c.query})
		if p == nil || !strings.Contains(p.Fix, c.fixed) {
			t.Errorf("%s?%s: %+v", c.kind, c.query, p)
		}
	}
}
