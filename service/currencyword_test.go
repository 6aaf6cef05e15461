package service

import (
	"net/url"
	"strings"
	"testing"
)

// A currency written as its sign, a word or its ISO 4217 numeric code
// (€, euro, euros, 978) stands for one currency, as the QR-bill already
// read it: a Czech payment, a Slovak PAY by square and a PayPal link
// refused them without a fix. An amount written with such a word or sign
// (12.50 euro, 12,50 €, €12.50) names its currency as EUR 12.50 does.
// The dollar sign stands for many currencies and gets no fix where the
// code carries more than one of them.
func TestCurrencyWordsNameOneCurrency(t *testing.T) {
	svc := New(Config{BaseURL: "http://qr.test"})
	spd := "iban=CZ6508000000192000145399&amount=450"
	bysquare := "name=John+Doe&iban=SK9611000000002918599669&amount=100"
	paypal := "username=john&amount=12.50"
	for _, c := range []struct {
		kind, query string
		field, want string // the fix's value of field; want "" for no fix
		payload     string // what the fixed code carries
		says        string // what the detail says when there is no fix
	}{
		{"spd", spd + "&currency=%E2%82%AC", "currency", "EUR", "*CC:EUR", ""},
		{"spd", spd + "&currency=978", "currency", "EUR", "*CC:EUR", ""},
		{"spd", spd + "&currency=euro", "currency", "EUR", "*CC:EUR", ""},
		{"spd", spd + "&currency=Euros", "currency", "EUR", "*CC:EUR", ""},
		{"spd", spd + "&currency=%24", "currency", "", "", "may be USD, AUD"},
		{"bysquare", bysquare + "&currency=%E2%82%AC", "currency", "EUR", "", ""},
		{"bysquare", bysquare + "&currency=euros", "currency", "EUR", "", ""},
		{"bysquare", bysquare + "&currency=978", "currency", "EUR", "", ""},
		{"paypal", paypal + "&currency=%E2%82%AC", "currency", "EUR", "/12.50EUR", ""},
		{"paypal", paypal + "&currency=euro", "currency", "EUR", "/12.50EUR", ""},
		{"paypal", paypal + "&currency=978", "currency", "EUR", "/12.50EUR", ""},
		{"paypal", paypal + "&currency=%24", "currency", "", "", "may be USD, AUD, CAD"},
		{"spd", "iban=CZ6508000000192000145399&amount=12.50+euro", "currency", "EUR", "*AM:12.5*CC:EUR", ""},
		{"spd", "iban=CZ6508000000192000145399&amount=12%2C50+%E2%82%AC", "currency", "EUR", "*AM:12.5*CC:EUR", ""},
		{"spd", "iban=CZ6508000000192000145399&amount=12+dollars", "currency", "", "", "which may be USD"},
		{"paypal", "username=john&amount=%E2%82%AC12.50", "currency", "EUR", "/12.5EUR", ""},
		{"paypal", "username=john&amount=12.50+euros", "currency", "EUR", "/12.5EUR", ""},
		{"paypal", "username=john&amount=12+dollars", "currency", "", "", "which may be USD"},
		{"swissqr", "iban=CH9300762011623852957&creditor_name=A&creditor_postal_code=2501&creditor_town=Biel&creditor_country=CH&amount=12.50+euro", "currency", "EUR", "\n12.50\nEUR\n", ""},
	} {
		_, p := svc.Payload(Request{Kind: c.kind, Query: c.query})
		if p == nil {
			t.Errorf("%s?%s: no problem", c.kind, c.query)
			continue
		}
		if c.want == "" {
			if p.Fix != "" || !strings.Contains(p.Detail, c.says) {
				t.Errorf("%s?%s: fix %q, detail %q; want no fix and %q", c.kind, c.query, p.Fix, p.Detail, c.says)
			}
			continue
		}
		u, err := url.Parse(p.Fix)
		if err != nil || p.Fix == "" || u.Query().Get(c.field) != c.want {
			t.Errorf("%s?%s: fix %q (%s), want %s=%s", c.kind, c.query, p.Fix, p.Detail, c.field, c.want)
			continue
		}
		got, p := svc.Payload(Request{Kind: c.kind, Query: u.RawQuery})
		if p != nil {
			t.Errorf("%s?%s: the fix %s fails: %s", c.kind, c.query, u.RawQuery, p.Detail)
			continue
		}
		if !strings.Contains(got.Payload, c.payload) {
			t.Errorf("%s?%s: the fix makes %q, want it to hold %q", c.kind, c.query, got.Payload, c.payload)
		}
	}
}

// An EMV merchant-presented code carries its currency apart from the
// amount (EMV QRCPS-MPM v1.1 §4.2.4, ID 53; §4.2.5, ID 54): an amount
// written with the one currency it names, and no currency given, was
// refused for the missing currency with no fix. Now the fix writes each
// under its field; a sign of several currencies ($) still gets none, and
// so does a currency given as such a sign.
func TestEMVAmountNamesItsCurrency(t *testing.T) {
	svc := New(Config{BaseURL: "http://qr.test"})
	emv := "gui=SG.PAYNOW&account=01%3D2%3B02%3D201403121W%3B03%3D1&country=SG&name=ACME&city=Singapore"
	for _, c := range []struct{ query, currency, amount, payload string }{
		{emv + "&amount=12.50+SGD", "SGD", "12.50", "5303702540512.50"},
		{emv + "&amount=S%2412.5", "SGD", "12.50", "5303702540512.50"},
		{emv + "&amount=12%2C50+%E2%82%AC", "EUR", "12.50", "5303978540512.50"},
		{emv + "&amount=12.50&currency=euro", "EUR", "12.50", "5303978540512.50"},
		{emv + "&amount=%2412.50", "", "", ""},
		{emv + "&amount=12.50&currency=%24", "", "", ""},
	} {
		_, p := svc.Payload(Request{Kind: "emvqr", Query: c.query})
		if p == nil {
			t.Errorf("%s: no problem", c.query)
			continue
		}
		if c.currency == "" {
			if p.Fix != "" {
				t.Errorf("%s: fix %s, want none", c.query, p.Fix)
			}
			continue
		}
		u, err := url.Parse(p.Fix)
		if err != nil || p.Fix == "" || u.Query().Get("currency") != c.currency || u.Query().Get("amount") != c.amount {
			t.Errorf("%s: fix %q (%s), want currency=%s amount=%s", c.query, p.Fix, p.Detail, c.currency, c.amount)
			continue
		}
		got, p := svc.Payload(Request{Kind: "emvqr", Query: u.RawQuery})
		if p != nil {
			t.Errorf("%s: the fix %s fails: %s", c.query, u.RawQuery, p.Detail)
			continue
		}
		if !strings.Contains(got.Payload, c.payload) {
			t.Errorf("%s: the fix makes %q, want it to hold %q", c.query, got.Payload, c.payload)
		}
	}
}
