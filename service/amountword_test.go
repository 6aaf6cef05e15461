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

// A name two letters from an amount field is not read as one: paypal's
// account=5 would have been fixed to amount=5, a payment nobody asked for.
func TestANameIsNeverSpeltIntoAnAmount(t *testing.T) {
	svc := New(Config{BaseURL: "http://qr.test"})
	for _, c := range []struct{ kind, query, field string }{
		{"paypal", "username=jo&account=5", "account"},
		{"upi", "pa=shop@okaxis&pn=Shop&amazon=5", "amazon"},
	} {
		_, p := svc.Payload(Request{Kind: c.kind, Query: c.query})
		if p == nil {
			t.Fatalf("%s?%s: no problem", c.kind, c.query)
		}
		if p.Field != c.field || strings.Contains(p.Fix, "am=5") || strings.Contains(p.Fix, "amount=5") || strings.Contains(p.Detail, "did you mean") {
			t.Errorf("%s?%s: %+v", c.kind, c.query, p)
		}
	}
	// One slip of the pen is still an amount.
	if _, p := svc.Payload(Request{Kind: "paypal", Query: "username=jo&amout=5"}); p == nil || !strings.HasSuffix(p.Fix, "amount=5") {
		t.Errorf("amout: %+v", p)
	}
}
