package service

import (
	"context"
	"net/url"
	"strings"
	"testing"
)

// A call that names a kind where data goes (?type=wifi&ssid=..., or
// kind=wifi as qr_generate_typed and batch items name one) had no fix:
// "data is required", and the fields unknown. Its fix is the kind's own
// call, the caller's fields and options kept, and on verify the kind as
// type. type naming a format stays format.
func TestAKindNamedWhereDataGoesIsItsCall(t *testing.T) {
	s := New(Config{BaseURL: "http://qr.test"})
	for _, c := range []struct {
		verify     bool
		query, fix string
	}{
		{false, "kind=wifi&ssid=Cafe&password=abcdefgh", "/api/v1/wifi?ssid=Cafe&password=abcdefgh"},
		{false, "type=WiFi&ssid=Cafe&password=abcdefgh&color=red", "/api/v1/wifi?ssid=Cafe&password=abcdefgh&color=red"},
		{false, "type=sepa&name=Red%20Cross&iban=DE89370400440532013000&amount=10", "/api/v1/epc?name=Red%20Cross&iban=DE89370400440532013000&amount=10"},
		{true, "kind=wifi&ssid=Cafe&password=abcdefgh&robustness=off", "/api/v1/verify?type=wifi&ssid=Cafe&password=abcdefgh&robustness=off"},
	} {
		var p *Problem
		if c.verify {
			p = s.CheckVerify(context.Background(), Request{Query: c.query})
		} else {
			_, p = s.Generate(context.Background(), Request{Query: c.query}, "")
		}
		if p == nil || p.Fix != "http://qr.test"+c.fix {
			t.Errorf("%s: %+v, want the fix %s", c.query, p, c.fix)
			continue
		}
		u, _ := url.Parse(p.Fix)
		req := Request{Query: u.RawQuery, Kind: strings.TrimPrefix(u.Path, "/api/v1/")}
		if c.verify {
			req.Kind = ""
			if again := s.CheckVerify(context.Background(), req); again != nil {
				t.Errorf("%s: the fix fails: %s", c.query, again.Detail)
			}
		} else if _, again := s.Generate(context.Background(), req, ""); again != nil {
			t.Errorf("%s: the fix fails: %s", c.query, again.Detail)
		}
	}
	if _, p := s.Generate(context.Background(), Request{Query: "type=svg&data=hi"}, ""); p != nil {
		t.Errorf("type=svg: %s", p.Detail)
	}
}
