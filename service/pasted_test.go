package service

import (
	"net/url"
	"strings"
	"testing"
)

// A whole payload given to a kind's endpoint under data (or payload, text,
// q) is read by the kind's own reader: the fix writes what it holds under
// the kind's fields and answers at once. A payload with parts no field
// carries, one its reader refuses, or one that contradicts a field given
// has no fix, and the problem says so.
func TestPastedPayloadIsWrittenUnderTheKindsFields(t *testing.T) {
	svc := New(Config{BaseURL: "http://qr.test"})
	for _, c := range []struct {
		kind, query, fix, says string
	}{
		{"wifi", "data=WIFI:S:home;T:WPA;P:secret12;;", "http://qr.test/api/v1/wifi?ssid=home&password=secret12&security=WPA", "password, security, ssid"},
		{"wifi", "payload=WIFI:S:home;T:WPA;P:secret12;;&format=svg", "http://qr.test/api/v1/wifi?ssid=home&password=secret12&security=WPA&format=svg", "ssid"},
		{"geo", "q=geo:48.2,16.37", "http://qr.test/api/v1/geo?lat=48.2&lon=16.37", "lat, lon"},
		{"sms", "text=SMSTO:%2B15105550101:hi", "http://qr.test/api/v1/sms?number=%2B15105550101&message=hi", "message, number"},
		{"epc", "data=BCD%0A002%0A1%0ASCT%0A%0AFoo%0ADE89370400440532013000%0AEUR1.00", "http://qr.test/api/v1/epc?name=Foo&iban=DE89370400440532013000&amount=1.00&version=002", "amount, iban, name"},
		// The SSID given differs from the payload's: which is meant only
		// the caller knows.
		{"wifi", "data=WIFI:S:home;T:WPA;P:secret12;;&ssid=other", "", `ssid, "home", is not the ssid given, "other"`},
		// X-FOO has no field: the fields would make another code.
		{"vcard", "data=BEGIN:VCARD%0D%0AVERSION:3.0%0D%0AFN:A%20B%0D%0AN:B;A;;;%0D%0AX-FOO:bar%0D%0AEND:VCARD", "", "X-FOO:bar no field of vcard carries"},
		// A wrong IBAN is the caller's to correct: no fix, the error says it.
		{"epc", "data=BCD%0A002%0A1%0ASCT%0A%0AFoo%0ADE89370400440532013001%0AEUR1.00", "", "check digits"},
	} {
		params, err := url.ParseQuery(strings.ReplaceAll(c.query, ";", "%3B"))
		if err != nil {
			t.Fatal(err)
		}
		_, p := generate(t, svc, Request{Kind: c.kind, Params: params})
		if p == nil {
			t.Errorf("%s?%s was drawn", c.kind, c.query)
			continue
		}
		all := p.Detail
		for _, e := range p.Errors {
			all += " | " + e.Detail
		}
		if p.Fix != c.fix || !strings.Contains(all, c.says) {
			t.Errorf("%s?%s: fix %q, detail %q; want fix %q saying %q", c.kind, c.query, p.Fix, all, c.fix, c.says)
			continue
		}
		if c.fix == "" {
			continue
		}
		fix, _ := url.Parse(p.Fix)
		if _, p2 := generate(t, svc, Request{Kind: c.kind, Params: fix.Query()}); p2 != nil {
			t.Errorf("%s?%s: fix %s: %s", c.kind, c.query, p.Fix, p2.Detail)
		}
	}
}

// A parameter named as some kind's identity field that the endpoint does
// not read has no fix: dropped, the code would leave out the address,
// name or secret given (vcard's address was dropped, the fix a card
// without it).
func TestIdentityWordsAreNotDropped(t *testing.T) {
	svc := New(Config{BaseURL: "http://qr.test"})
	for _, c := range []struct{ kind, query string }{
		{"vcard", "fn=Jane&iban=DE89370400440532013000"},
		{"", "data=hi&password=secret123"},
	} {
		params, _ := url.ParseQuery(c.query)
		_, p := generate(t, svc, Request{Kind: c.kind, Params: params})
		if p == nil || p.Fix != "" || !strings.Contains(p.Detail, "does not drop it") {
			t.Errorf("%s?%s: %+v, want no fix", c.kind, c.query, p)
		}
	}
}
