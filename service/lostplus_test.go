package service

import (
	"net/url"
	"strings"
	"testing"
)

// A '+' written unencoded before an international number is a space to a
// query string, and a trimmed field dropped it: sms carried a national
// number and a vCard's TEL lost its country, with a 200. It is refused
// with a fix that writes it %2B, whose payload keeps it, under the field
// or any name of it. Elsewhere (a name, an amount, the '+' encoded) the
// call is as it was.
func TestAPlusAQueryTurnedIntoASpaceIsKept(t *testing.T) {
	svc := New(Config{BaseURL: "http://qr.test"})
	for _, c := range []struct{ kind, query, field, payload string }{
		{"sms", "number=+15550100123&message=hi", "number", "SMSTO:+15550100123:hi"},
		{"vcard", "fn=Jo&phone=+442079460958", "phone", "TEL:+442079460958"},
		{"phone", "number=+44%2020%207946%200958", "number", "tel:+44-20-7946-0958"},
		{"sms", "phone=+15550100123&message=hi", "phone", "SMSTO:+15550100123:hi"},
		// RFC 5233 subaddressing, jo+news@example.com.
		{"email", "to=jo+news@example.com", "to", "mailto:jo%2Bnews@example.com"},
		{"vcard", "fn=Jo&email=jo+news@example.com", "email", "EMAIL:jo+news@example.com"},
		// A UTC offset east of Greenwich (RFC 3339 §5.6): 18:00+01:00 is
		// 17:00Z, where the query read it as a time without an offset.
		{"event", "title=x&start=2026-12-24T18:00+01:00&dtstamp=2026-12-01T00:00:00Z", "start", "DTSTART:20261224T170000Z"},
		{"event", "title=x&start=2026-12-24T18:00:00Z&end=2026-12-24%2020:00+01:00&dtstamp=2026-12-01T00:00:00Z", "end", "DTEND:20261224T190000Z"},
	} {
		_, p := svc.Payload(Request{Kind: c.kind, Query: c.query})
		if p == nil || !namesField(p, c.field, "'+'") || !strings.Contains(p.Fix, "%2B") {
			t.Errorf("%s?%s: %+v", c.kind, c.query, p)
			continue
		}
		u, _ := url.Parse(p.Fix)
		got, p := svc.Payload(Request{Kind: c.kind, Query: u.RawQuery})
		if p != nil || !strings.Contains(got.Payload, c.payload) {
			t.Errorf("%s?%s: the fix gives %+v %+v, want %q", c.kind, c.query, got, p, c.payload)
		}
	}
	for _, c := range []struct{ kind, query string }{
		{"vcard", "fn=+Jo"},
		{"epc", "name=Red%20Cross&iban=DE89370400440532013000&amount=+12.50"},
		// The editor and every encoder write a space as '+': a number
		// typed with a space before it is no international one.
		{"vcard", "fn=Jo&phone=+0160+1234567"},
		{"sms", "number=%2B15550100123"},
	} {
		if _, p := svc.Payload(Request{Kind: c.kind, Query: c.query}); p != nil && strings.Contains(p.Detail, "'+'") {
			t.Errorf("%s?%s: %s", c.kind, c.query, p.Detail)
		}
	}
}

// On /api/v1/qr a '+' is a space, as every form encoder writes one, but
// where the space breaks the payload the data is (a tel: URI, an SMSTO
// number, a mailto: address, a vCard's TEL) the call is refused
// with a fix that writes it %2B, whose code holds the '+'. A Wi-Fi
// password or SSID with a space, a link with a space (which encoders send
// as '+'), a geo: URI's q (where '+' is a space) and text are drawn as
// before.
func TestAPlusInDataIsKeptWhereASpaceBreaksThePayload(t *testing.T) {
	svc := New(Config{BaseURL: "http://qr.test"})
	for _, data := range []string{
		"tel:+15550100123",
		"SMSTO:+15550100123:hi",
		"mailto:jo+news@example.com",
		"BEGIN:VCARD%0AVERSION:3.0%0AFN:Jo%0ATEL:+15550100123%0AEND:VCARD",
	} {
		_, p := generateURL(svc, "http://qr.test/api/v1/qr?data="+data)
		if p == nil || p.Field != "data" || !strings.Contains(p.Fix, "%2B") {
			t.Errorf("%s: %+v", data, p)
			continue
		}
		img, p := generateURL(svc, p.Fix)
		if p != nil {
			t.Errorf("%s: the fix fails: %s", data, p.Detail)
			continue
		}
		if got := readCode(t, img.Body); !strings.Contains(got, "+") {
			t.Errorf("%s: the fix's code reads %q", data, got)
		}
	}
	for data, want := range map[string]string{
		"WIFI:S:Cafe;T:WPA;P:pass+word;;":   "P:pass word;",
		"WIFI:S:My+Cafe;T:WPA;P:secret12;;": "S:My Cafe;",
		"geo:52.52,13.405?q=Cafe+Berlin":    "q=Cafe Berlin",
		"hello+world":                       "hello world",
		// Go's url.Values, Python's urlencode and URLSearchParams send a
		// link's space as '+': it stays a space, as the data is exact.
		"https://example.com/?q=qrforge+e2e": "q=qrforge e2e",
	} {
		img, p := generateURL(svc, "http://qr.test/api/v1/qr?data="+data)
		if p != nil {
			t.Errorf("%s: %s", data, p.Detail)
			continue
		}
		if got := readCode(t, img.Body); !strings.Contains(got, want) {
			t.Errorf("%s reads %q, want %q in it", data, got, want)
		}
	}
}

// What an encoder sends is never refused for a lost '+': Go's url.Values,
// Python's urlencode and URLSearchParams write a space as '+' and a '+'
// as %2B, so payloads with spaces in every field that takes one, and
// numbers with their '+', are drawn.
func TestEncodedDataIsNeverTakenForALostPlus(t *testing.T) {
	svc := New(Config{BaseURL: "http://qr.test"})
	for _, data := range []string{
		"mailto:jo@example.com?subject=Hello World",
		"MATMSG:TO:jo@example.com;SUB:Hello World;BODY:Hi there;;",
		"SMSTO:+15550100123:See you soon",
		"BEGIN:VCARD\nVERSION:3.0\nN:Doe;John\nFN:John Doe\nTEL:+15550100123\nEND:VCARD",
		"MECARD:N:Doe,John;TEL:+15550100123;ADR:1 Main St, Springfield;;",
		"BEGIN:VEVENT\nSUMMARY:Team meeting\nDTSTART:20261224T180000Z\nEND:VEVENT",
		"geo:52.52,13.405?q=Some Place",
		"https://example.com/a b?c=d e",
		"WIFI:S:My Cafe;T:WPA;P:correct horse battery;;",
		"bitcoin:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq?label=Shop Name&message=Thanks a lot",
		"upi://pay?pa=shop@okicici&pn=Some Shop&am=10",
		"otpauth://totp/ACME Co:jo@example.com?secret=JBSWY3DPEHPK3PXP&issuer=ACME Co",
		"tel:+1 555 010 0123",
	} {
		query := url.Values{"data": {data}}.Encode()
		if _, p := svc.Generate(t.Context(), Request{Query: query}, ""); p != nil {
			t.Errorf("%q: %s", data, p.Detail)
		}
	}
}
