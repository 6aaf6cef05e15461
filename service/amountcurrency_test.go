package service

import (
	"net/url"
	"strings"
	"testing"
)

// An amount written with its currency (EUR 12.50) names the currency meant.
// A QR-bill's EUR 12.50 was fixed to 12.50 and paid in CHF, its default,
// and with currency=CHF given, 12.50 EUR was fixed to 12.50 CHF; a Czech
// payment's 450 EUR and a PayPal link's €12.50 had no fix. Now the fix
// writes the currency named where the caller left the field out, and
// gives none where the caller's currency is another.
func TestAnAmountKeepsTheCurrencyItNames(t *testing.T) {
	svc := New(Config{BaseURL: "http://qr.test"})
	swiss := "iban=CH9300762011623852957&creditor_name=Robert+Schneider+AG&creditor_postal_code=2501&creditor_town=Biel&creditor_country=CH"
	spd := "iban=CZ6508000000192000145399"
	bysquare := "name=John+Doe&iban=SK9611000000002918599669"
	for _, c := range []struct {
		kind, query      string
		amount, currency string // the fix's; amount "" for no fix
		payload          string // what the fixed code carries
	}{
		{"swissqr", swiss + "&amount=EUR+12.50", "12.50", "EUR", "\n12.50\nEUR\n"},
		{"swissqr", swiss + "&amount=12.50+eur", "12.50", "EUR", "\n12.50\nEUR\n"},
		{"swissqr", swiss + "&amount=%E2%82%AC12.50", "12.50", "EUR", "\n12.50\nEUR\n"},
		{"swissqr", swiss + "&amount=CHF+12.50", "12.50", "", "\n12.50\nCHF\n"},
		{"swissqr", swiss + "&amount=12.50+EUR&currency=EUR", "12.50", "EUR", "\n12.50\nEUR\n"},
		{"swissqr", swiss + "&amount=12.50+EUR&currency=CHF", "", "", ""},
		{"swissqr", swiss + "&amount=CHF+12.50&currency=EUR", "", "", ""},
		{"swissqr", swiss + "&amount=12.50+USD", "", "", ""},
		{"spd", spd + "&amount=450+EUR", "450", "EUR", "*AM:450*CC:EUR"},
		{"spd", spd + "&amount=450+CZK", "450", "", "*AM:450*CC:CZK"},
		{"spd", spd + "&amount=450+EUR&currency=CZK", "", "", ""},
		{"bysquare", bysquare + "&amount=100+CZK", "100", "CZK", ""},
		{"bysquare", bysquare + "&amount=100+CZK&currency=EUR", "", "", ""},
		{"paypal", "username=john&amount=12.50+EUR", "12.5", "EUR", "/12.5EUR"},
		{"paypal", "username=john&amount=%E2%82%AC12.50", "12.5", "EUR", "/12.5EUR"},
		{"paypal", "username=john&amount=12.50+EUR&currency=USD", "", "", ""},
		{"paypal", "username=john&amount=%2412.50", "", "", ""}, // US, Canadian, Australian ... dollars
		{"khqr", "account=john@nbcq&name=John&amount=12.50+USD", "12.50", "USD", "5303840540512.50"},
		{"khqr", "account=john@nbcq&name=John&amount=12.50+USD&currency=840", "12.50", "840", "5303840540512.50"},
		{"khqr", "account=john@nbcq&name=John&amount=12.50+USD&currency=KHR", "", "", ""},
	} {
		_, p := svc.Payload(Request{Kind: c.kind, Query: c.query})
		if p == nil {
			t.Errorf("%s?%s: no problem", c.kind, c.query)
			continue
		}
		if c.amount == "" {
			if p.Fix != "" {
				t.Errorf("%s?%s: fix %s, want none", c.kind, c.query, p.Fix)
			}
			continue
		}
		u, err := url.Parse(p.Fix)
		if err != nil || p.Fix == "" {
			t.Errorf("%s?%s: fix %q (%s), want amount=%s currency=%q", c.kind, c.query, p.Fix, p.Detail, c.amount, c.currency)
			continue
		}
		if q := u.Query(); q.Get("amount") != c.amount || q.Get("currency") != c.currency {
			t.Errorf("%s?%s: fix %s, want amount=%s currency=%q", c.kind, c.query, p.Fix, c.amount, c.currency)
		}
		got, p := svc.Payload(Request{Kind: c.kind, Query: u.RawQuery})
		if p != nil {
			t.Errorf("%s?%s: the fix %s fails: %s", c.kind, c.query, u.RawQuery, p.Detail)
			continue
		}
		if !strings.Contains(got.Payload, c.payload) {
			t.Errorf("%s?%s: the fix makes %q, want it to hold %q", c.kind, c.query, got, c.payload)
		}
	}
}
