package service

import (
	"context"
	"net/url"
	"strings"
	"testing"
)

// On a kind's calls, type naming one of the kind's field values is that
// field, not a format: the fix renames it and keeps the value. It was
// read as a format whose fix took png and dropped the value: type=WEP
// gave a WPA network, type=card an account transfer, type=sms the smsto
// form.
func TestTypeNamingAFieldValueIsRenamedToTheField(t *testing.T) {
	svc := New(Config{BaseURL: "http://qr.test"})
	for _, c := range []struct {
		kind, query, field, payload string
	}{
		{"wifi", "ssid=Home&password=abcdefghijklm&type=WEP", "security", "T:WEP;"},
		{"vietqr", "bank=970415&account=9704150000000001&type=card", "service", "QRIBFTTC"},
		{"sms", "number=%2B15105550101&type=sms", "form", "sms:+15105550101"},
		{"paynow", "proxy=T08GB0001A&type=uen", "proxy_type", "T08GB0001A"},
		{"otpauth", "secret=JBSWY3DPEHPK3PXP&account=a&type=totp", "otp_type", "otpauth://totp/"},
		{"social", "handle=jack&type=twitter", "network", "x.com/jack"},
	} {
		_, p := generate(t, svc, Request{Kind: c.kind, Query: c.query})
		if p == nil {
			t.Errorf("%s?%s: no problem", c.kind, c.query)
			continue
		}
		if !strings.Contains(p.Detail, "did you mean "+c.field+"=") {
			t.Errorf("%s?%s: detail %q names no %s", c.kind, c.query, p.Detail, c.field)
		}
		u, err := url.Parse(p.Fix)
		if err != nil || p.Fix == "" {
			t.Errorf("%s?%s: no fix (%q)", c.kind, c.query, p.Fix)
			continue
		}
		if fixed := u.Query(); fixed.Get(c.field) == "" || fixed.Has("type") || fixed.Has("format") {
			t.Errorf("%s?%s: fix %s", c.kind, c.query, p.Fix)
		}
		got, p := svc.Payload(Request{Kind: c.kind, Query: u.RawQuery})
		if p != nil || !strings.Contains(got.Payload, c.payload) {
			t.Errorf("%s?%s: the fix %s gives %+v %+v, want %q in it", c.kind, c.query, u, got, p, c.payload)
		}
	}
}

// When type's value is taken by several fields, by a field given too, or
// is a field's name, or nothing of the kind's, only the caller can tell
// what it meant: no fix, an example, and the detail names the field.
// Its fix took png and dropped the value (facetime type=audio made a
// video call).
func TestTypeNamingAFieldWithoutOneMeaningHasNoFix(t *testing.T) {
	svc := New(Config{BaseURL: "http://qr.test"})
	for _, c := range []struct{ kind, query, says string }{
		{"facetime", "contact=%2B14085551234&type=audio", "did you mean the field audio"},
		{"wifi", "ssid=Home&password=abcdefghijklm&security=WPA&type=WEP", "security is given too"},
		{"otpauth", "secret=JBSWY3DPEHPK3PXP&account=a&type=hotp", "counter is required"},
		{"vcard", "fn=Jo&phone=%2B12015550123&type=cell", "nor a listed value of vcard's fields"},
		{"vcard", "fn=Jo&email=jo%40example.com&type=work", "email_type, email2_type all take work"},
	} {
		_, p := generate(t, svc, Request{Kind: c.kind, Query: c.query})
		if p == nil || p.Fix != "" || p.Example == "" {
			t.Errorf("%s?%s: %+v, want no fix and an example", c.kind, c.query, p)
			continue
		}
		all := p.Detail
		for _, e := range p.Errors {
			all += " " + e.Detail
		}
		if !strings.Contains(all, c.says) {
			t.Errorf("%s?%s: %q lacks %q", c.kind, c.query, all, c.says)
		}
	}
}

// A format, a word for one or a typo of one is still the format under
// type on a kind's calls.
func TestTypeNamingAFormatIsTheFormat(t *testing.T) {
	svc := New(Config{BaseURL: "http://qr.test"})
	if img, p := generate(t, svc, Request{Kind: "wifi", Query: "ssid=Home&password=abcdefghijklm&type=SVG"}); p != nil || !strings.Contains(string(img.Body), "<svg") {
		t.Errorf("type=SVG: %+v", p)
	}
	_, p := generate(t, svc, Request{Kind: "wifi", Query: "ssid=Home&password=abcdefghijklm&type=pgn"})
	if p == nil || !strings.Contains(p.Fix, "format=png") {
		t.Errorf("type=pgn: %+v", p)
	}
}

// A batch item's fields.type naming a field's value is that field too;
// it was moved to the item's style as a format.
func TestBatchFieldsTypeNamingAFieldValue(t *testing.T) {
	svc := New(Config{BaseURL: "http://qr.test"})
	run, p := svc.Batch(context.Background(), []byte(`{"output":"url","items":[{"type":"wifi","fields":{"ssid":"x","password":"abcdefghijklm","type":"WEP"}}]}`))
	if p != nil {
		t.Fatal(p.Detail)
	}
	defer run.Close()
	var item BatchItem
	if err := run.Each(func(it BatchItem) error { item = it; return nil }); err != nil {
		t.Fatal(err)
	}
	if p := item.Problem; p == nil || !strings.Contains(p.Detail, "did you mean security=WEP?") || !strings.Contains(p.Fix, "security=WEP") || strings.Contains(p.Fix, "format=") {
		t.Errorf("batch item: %+v", item.Problem)
	}
}
