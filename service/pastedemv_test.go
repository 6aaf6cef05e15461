package service

import (
	"net/url"
	"testing"
)

// An EMV merchant-presented payload copied whole into the field of its
// payee (proxy=000201…6304A09C on paynow, key=… on pix) was refused with
// no fix: only a payload with a URI scheme (upi://, bitcoin:) was read
// there, and an EMV payload has none (EMV QRCPS-MPM v1.1 §4: it opens with
// the Payload Format Indicator, ID 00). The fix now writes what it holds
// under the kind's fields and makes the same payload; a field given with
// another value than the payload's still has no fix.
func TestAnEMVPayloadPastedIntoItsPayeeFieldIsRead(t *testing.T) {
	svc := New(Config{BaseURL: "http://qr.test"})
	payNow := "00020101021226380009SG.PAYNOW010100211+659123456703010520400005303702540412.55802SG5902NA6009Singapore6304A09C"
	promptPay := "00020101021229370016A000000677010111011300668123456785802TH5303764540310063040F0D"
	vietQR := "00020101021238570010A00000072701270006970415011300110019324180208QRIBFTTA530370454061200005802VN62100806ung ho6304780E"
	pix := "00020126330014br.gov.bcb.pix0111123456789095204000053039865802BR5904Jose6009Sao Paulo62070503***63042DC3"
	for _, c := range []struct {
		kind, query string
		want        string // the fixed code's payload; "" for no fix
	}{
		{"paynow", "proxy=" + url.QueryEscape(payNow), payNow},
		{"promptpay", "proxy=" + promptPay, promptPay},
		{"vietqr", "bank=970415&account=" + url.QueryEscape(vietQR), vietQR},
		{"pix", "key=" + url.QueryEscape(pix) + "&name=Jose&city=" + url.QueryEscape("Sao Paulo"), pix},
		{"pix", "key=" + url.QueryEscape(pix) + "&name=Maria&city=" + url.QueryEscape("Sao Paulo"), ""},
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
