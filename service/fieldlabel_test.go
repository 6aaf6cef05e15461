package service

import (
	"net/url"
	"strings"
	"testing"
)

// A value copied from an invoice often keeps the label printed before it
// (IBAN DE89 3704 0044 0532 0130 00, BIC: COBADEFFXXX). It was refused with
// no fix, as an IBAN of a country "IB"; the fix now leaves the label out,
// the field's own name, and keeps every character of the value.
func TestAValueLabelledWithItsFieldIsFixed(t *testing.T) {
	svc := New(Config{BaseURL: "http://qr.test"})
	epc := "name=Red+Cross&"
	swiss := "creditor_name=Robert+Schneider+AG&creditor_postal_code=2501&creditor_town=Biel&creditor_country=CH&"
	for _, c := range []struct{ kind, query, field, want string }{
		{"epc", epc + "iban=IBAN+BE72+0000+0000+1616", "iban", "BE72000000001616"},
		{"epc", epc + "iban=IBAN:+BE72000000001616", "iban", "BE72000000001616"},
		{"epc", epc + "iban=iban+be72000000001616", "iban", "BE72000000001616"},
		{"epc", epc + "iban=BE72000000001616&bic=BIC:+BPOTBEB1", "bic", "BPOTBEB1"},
		{"swissqr", swiss + "iban=IBAN+CH93+0076+2011+6238+5295+7", "iban", "CH9300762011623852957"},
		// After a colon an address follows a label too, and a word the
		// field is also called is its label (to is also email).
		{"vcard", "fn=Jo&email=Email:%20jo@example.com", "email", "jo@example.com"},
		{"email", "to=Email:%20jo@example.com", "to", "jo@example.com"},
		{"vcard", "fn=Jo&phone=Phone:%20%2B442079460000", "phone", "+442079460000"},
	} {
		_, p := svc.Payload(Request{Kind: c.kind, Query: c.query})
		if p == nil || p.Fix == "" {
			t.Errorf("%s?%s: %+v, want a fix", c.kind, c.query, p)
			continue
		}
		if !strings.Contains(p.Detail, "leaves out") {
			t.Errorf("%s?%s: detail %q does not say what the fix leaves out", c.kind, c.query, p.Detail)
		}
		u, _ := url.Parse(p.Fix)
		if got := strings.ReplaceAll(u.Query().Get(c.field), " ", ""); got != c.want {
			t.Errorf("%s?%s: fix %s, want %s=%s", c.kind, c.query, p.Fix, c.field, c.want)
		}
		if _, p := svc.Payload(Request{Kind: c.kind, Query: u.RawQuery}); p != nil {
			t.Errorf("%s?%s: the fix %s fails: %s", c.kind, c.query, u.RawQuery, p.Detail)
		}
	}
	// Only the field's own name is a label: anything else before the
	// value may be part of it.
	for _, c := range []struct{ kind, query string }{
		{"epc", epc + "iban=Konto+BE72000000001616"},
		{"epc", epc + "iban=IBANBE72000000001616X"},
	} {
		if _, p := svc.Payload(Request{Kind: c.kind, Query: c.query}); p == nil || p.Fix != "" {
			t.Errorf("%s?%s: %+v, want no fix", c.kind, c.query, p)
		}
	}
}

func TestOnlyACodeFollowsALabel(t *testing.T) {
	for _, c := range []struct {
		field, value string
		label        bool
	}{
		{"iban", "IBAN DE89 3704 0044 0532 0130 00", true},
		{"iban", "iban:DE89370400440532013000", true},
		{"bic", "BIC: COBADEFFXXX", true},
		{"name", "Name Brand GmbH", false},
		{"message", "Message: pay 12 now", false},
		{"iban", "IBAN", false},
		{"iban", "IBANDE89", false},
		{"pa", "pa shop@okaxis", false},
		{"email", "Email: jo@example.com", true},
		{"email", "Email jo@example.com", false},
		{"phone", "Phone: +44 (0)20 7946 0000", true},
		{"phone", "Phone: call me", false},
	} {
		if _, ok := fieldLabel([]string{c.field}, c.value); ok != c.label {
			t.Errorf("fieldLabel(%q, %q) = %v, want %v", c.field, c.value, ok, c.label)
		}
	}
}

// A network's name or a password accepted with its label before it
// (ssid=SSID: Cafe) is drawn as given, and warned of: the code carries
// the label, which the person rarely meant. Free text is not warned of.
func TestAnAcceptedValueWithItsLabelIsWarnedOf(t *testing.T) {
	svc := New(Config{BaseURL: "http://qr.test"})
	r, _, p := svc.prepare(Request{Kind: "wifi", Query: "ssid=SSID:%20Cafe&password=secret123"})
	if p != nil || len(r.kindWarnings) != 1 || r.kindWarnings[0].Field != "ssid" || !strings.Contains(r.kindWarnings[0].Detail, `leave the label out`) {
		t.Errorf("ssid=SSID: Cafe: %+v %+v, want one warning on ssid", r, p)
	}
	r, _, p = svc.prepare(Request{Kind: "sms", Query: "number=%2B442079460000&message=Message:%20hi"})
	if p != nil || len(r.kindWarnings) != 0 {
		t.Errorf("message=Message: hi: %+v %+v, want no warning", r.kindWarnings, p)
	}
}
