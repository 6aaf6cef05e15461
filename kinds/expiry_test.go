package kinds_test

import (
	"testing"
	"time"

	"github.com/qrforge/qrforge/registry"
)

// TestPaymentsExpire reads when a payment code stops being payable from
// the standards' own vectors.
func TestPaymentsExpire(t *testing.T) {
	at := func(s string) time.Time {
		v, err := time.Parse(time.RFC3339Nano, s)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	for _, c := range []struct {
		name, kind string
		fields     map[string]string
		field      string
		at         time.Time // zero: never expires
	}{
		// BOLT #11 §Examples: timestamp pvjluez is 1496314658, and no x
		// means 3600 seconds.
		{"donation, no x", "lightning", map[string]string{"invoice": boltValid[0].invoice}, "invoice", at("2017-06-01T11:57:38Z")},
		// "within one minute": x is qzpu, 60 seconds.
		{"coffee within one minute", "lightning", map[string]string{"invoice": boltValid[1].invoice}, "invoice", at("2017-06-01T10:58:38Z")},
		// "within one week": timestamp pwmna7l is 1572468703, x is
		// qyjw5q, 604800 seconds.
		{"items within one week", "lightning", map[string]string{"invoice": "lightning:" + boltValid[10].invoice}, "invoice", at("2019-11-06T20:51:43Z")},
		{"upper case", "lightning", map[string]string{"invoice": boltValid[12].invoice}, "invoice", at("2017-06-01T11:57:38Z")},
		// BOLT #12 offers-test.json "with expiry": offer_absolute_expiry
		// 0x7a4297d8.
		{"offer with expiry", "lightning", map[string]string{"invoice": "lno1pgx9getnwss8vetrw3hhyucwq3ay997czcss9mk8y3wkklfvevcrszlmu23kfrxh49px20665dqwmn4p72pksese"}, "invoice", at("2034-12-31T13:30:00Z")},
		{"offer without expiry", "lightning", map[string]string{"invoice": bolt12Offer}, "", time.Time{}},
		{"LNURL", "lightning", map[string]string{"invoice": "LNURL1DP68GURN8GHJ7UM9WFMXJCM99E3K7MF0V9CXJ0M385EKVCENXC6R2C35XVUKXEFCV5MKVV34X5EKZD3EV56NYD3HXQURZEPEXEJXXEPNXSCRVWFNV9NXZCN9XQ6XYEFHVGCXXCMYXYMNSERXFQ5FNS"}, "", time.Time{}},
		{"Lightning Address", "lightning", map[string]string{"invoice": "satoshi@example.com"}, "", time.Time{}},
		{"refused invoice", "lightning", map[string]string{"invoice": boltInvalid[1].invoice}, "", time.Time{}},
		// KHQR SDK 1.0.18's sample: expiry 1742250654184 ms.
		{"KHQR with expiry", "khqr", map[string]string{"account": "jonhsmith@nbcq", "amount": "500", "name": "Jonh Smith", "city": "PHNOM PENH", "created": "1742250594187", "expires": "1742250654184"}, "expires", at("2025-03-17T22:30:54.184Z")},
		{"KHQR without", "khqr", map[string]string{"account": "jonhsmith@nbcq", "name": "Jonh Smith", "city": "Siem Reap"}, "", time.Time{}},
	} {
		t.Run(c.name, func(t *testing.T) {
			k, ok := registry.Lookup(c.kind)
			if !ok {
				t.Fatal(c.kind + " is not registered")
			}
			e, ok := k.Expiry(c.fields)
			if c.at.IsZero() {
				if ok {
					t.Fatalf("expires at %s, want no expiry", e.At)
				}
				return
			}
			if !ok || !e.At.Equal(c.at) || e.Field != c.field || e.Rule == "" {
				t.Fatalf("expiry %+v, %v; want %s on %s", e, ok, c.at, c.field)
			}
			// A payload of the kind's form read back gives the same.
			payload, errs := k.Build(c.fields)
			if len(errs) > 0 {
				t.Fatal(errs)
			}
			found, e2, ok := registry.Expiring(payload, false)
			if !ok || found.Name() != c.kind || !e2.At.Equal(c.at) {
				t.Fatalf("Expiring(%q) = %v, %+v, %v", payload, found, e2, ok)
			}
		})
	}
}
