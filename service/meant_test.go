package service

import (
	"context"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/qrforge/qrforge/options"
)

// fixOf is the value a problem's fix gives the option, and whether the
// fix has it at all.
func fixOf(t *testing.T, p *Problem, name string) (string, bool) {
	t.Helper()
	u, err := url.Parse(p.Fix)
	if err != nil {
		t.Fatalf("fix %q: %v", p.Fix, err)
	}
	q := u.Query()
	return q.Get(name), q.Has(name)
}

// A value that is not on an option's list gets a fix with the value the
// caller most likely meant, or, when nothing is close, the option's
// default or nothing, never an unrelated value: ec=high was fixed to M,
// tpl=banner to none, gradient=vertical to radial, logo=call to mail.
func TestFixOffersTheValueMeant(t *testing.T) {
	svc := New(Config{BaseURL: "http://qr.test"})
	for _, c := range []struct {
		query, field, want string // want "" : the fix leaves the option out
		says               string
	}{
		{"ec=high", "ec", "H", "did you mean H?"},
		{"level=low", "ec", "L", "did you mean L?"},
		{"ec=x", "ec", "", "nothing is close, and the fix drops it"},
		{"tpl=banner", "tpl", "banner-below", "did you mean banner-below?"},
		{"tpl=above", "tpl", "banner-above", "did you mean banner-above?"},
		{"tpl=rounded-box", "tpl", "box", "did you mean box?"},
		{"tpl=speech", "tpl", "bubble", "did you mean bubble?"},
		{"style=circle", "style", "dot", "did you mean dot?"},
		{"style=gap", "style", "gapped-squares", "did you mean gapped-squares?"},
		{"style=zigzag", "style", "square", "nothing is close"},
		{"label=Hi&font=mnoo", "font", "mono", "did you mean mono?"},
		{"label=Hi&font=normal", "font", "regular", "did you mean regular?"},
		{"format=webp", "format", "png", "did you mean png?"},
		{"format=text", "format", "png", "nothing is close"},
		{"logo=call", "logo", "phone", "did you mean phone?"},
		{"logo=wfii", "logo", "wifi", "did you mean wifi?"},
		{"logo=camera", "logo", "", "the fix leaves the logo out"},
		{"eyeball=diamond", "eyeball", "octagon", "did you mean octagon?"},
		{"symbol=microqr", "symbol", "micro", "did you mean micro?"},
		{"symbol=rectangular", "symbol", "rmqr", "did you mean rmqr?"},
		{"gradient=vertical&gradientcolors=000000,880e4f", "gradientangle", "180", "a linear gradient at gradientangle=180"},
	} {
		_, p := generate(t, svc, Request{Query: "data=hi&" + c.query})
		if p == nil {
			t.Errorf("%s: no problem", c.query)
			continue
		}
		i := slices.IndexFunc(p.Errors, func(e FieldProblem) bool { return e.Field == c.field })
		detail := p.Detail
		if i >= 0 {
			detail = p.Errors[i].Detail
		} else if p.Field != c.field {
			t.Errorf("%s: no problem with %s: %+v", c.query, c.field, p)
			continue
		}
		if !strings.Contains(detail, c.says) {
			t.Errorf("%s: detail %q lacks %q", c.query, detail, c.says)
		}
		got, has := fixOf(t, p, c.field)
		if got != c.want || has != (c.want != "") {
			t.Errorf("%s: fix %s gives %s=%q, want %q", c.query, p.Fix, c.field, got, c.want)
		}
		u, _ := url.Parse(p.Fix)
		if _, p := generate(t, svc, Request{Query: u.RawQuery}); p != nil {
			t.Errorf("%s: the fix %s fails: %s", c.query, u.RawQuery, p.Detail)
		}
	}
}

// Every word an option declares (Option.Meant) stands for a value of its
// list, is refused rather than accepted, and gets a fix with its value.
func TestEveryMeantWordIsFixedToItsValue(t *testing.T) {
	svc := New(Config{BaseURL: "http://qr.test"})
	// What each option needs to act, so that only the word is wrong.
	needs := map[string]string{"font": "&label=Hi", "gradient": "&gradientcolors=000000,880e4f"}
	seen := 0
	for _, o := range options.Rendering {
		for word, value := range o.Meant {
			seen++
			if !slices.Contains(o.Enum, value) && !slices.Contains(o.Offered, value) {
				t.Errorf("%s: %q means %q, which is not one of its values", o.Name, word, value)
			}
			_, p := generate(t, svc, Request{Query: "data=hi&" + o.Name + "=" + url.QueryEscape(word) + needs[o.Name]})
			if p == nil {
				t.Errorf("%s=%s is accepted; a word that means a value is only offered in a fix", o.Name, word)
				continue
			}
			if got, _ := fixOf(t, p, o.Name); got != value {
				t.Errorf("%s=%s: fix %s gives %q, want %q", o.Name, word, p.Fix, got, value)
			}
		}
	}
	if seen < 100 {
		t.Fatalf("only %d words declared", seen)
	}
}

// A parameter a kind does not have, under the name another API or the
// standard gives one of its fields, is renamed to that field in the fix,
// value and all: sms's body (RFC 5724) was dropped, losing the message,
// and text was renamed to textcolor, whose fix then dropped "hi" for a
// colour nobody asked for.
func TestFixRenamesFieldsByTheirOtherNames(t *testing.T) {
	svc := New(Config{BaseURL: "http://qr.test"})
	for _, c := range []struct{ kind, query, field, want string }{
		{"sms", "number=%2B15551234567&body=See+you", "message", "See you"},
		{"sms", "number=%2B15551234567&text=hi", "message", "hi"},
		{"whatsapp", "phone=%2B15551234567", "number", "+15551234567"},
		{"geo", "lat=52.5&lng=13.4", "lon", "13.4"},
		{"email", "to=a@example.com&message=yo", "body", "yo"},
		{"event", "title=Party&start=2026-12-24T19:00:00Z&tz=Europe/Berlin", "tzid", "Europe/Berlin"},
		{"wifi", "ssid=Home&password=correct+horse&encryption=WPA", "security", "WPA"},
		{"wifi", "ssid=Home&password=12345&sec=WEP", "security", "WEP"},
		// A whole address on one line is ADR's street component, kept
		// whole (RFC 6350 §6.3.1); it was refused with no fix.
		{"vcard", "fn=Jo&address=1+Main+St%2C+Springfield%2C+IL+62701", "street", "1 Main St, Springfield, IL 62701"},
		// The XRP Ledger's Payment field is DestinationTag, and wallets'
		// links write it dt= (XRPL docs, Source and Destination Tags).
		{"xrp", "address=rGWrZyQqhTp9Xu7G5Pkayo7bXjH4k4QYpf&dt=13371337", "tag", "13371337"},
		{"xrp", "address=rGWrZyQqhTp9Xu7G5Pkayo7bXjH4k4QYpf&destination_tag=13371337", "tag", "13371337"},
		{"xrp", "address=rGWrZyQqhTp9Xu7G5Pkayo7bXjH4k4QYpf&DestinationTag=13371337", "tag", "13371337"},
		{"xrp", "address=ripple%3ArGWrZyQqhTp9Xu7G5Pkayo7bXjH4k4QYpf%3Fdt%3D13371337", "tag", "13371337"},
	} {
		_, p := generate(t, svc, Request{Kind: c.kind, Query: c.query})
		if p == nil {
			t.Errorf("%s?%s: accepted", c.kind, c.query)
			continue
		}
		if got, _ := fixOf(t, p, c.field); got != c.want {
			t.Errorf("%s?%s: fix %s gives %s=%q, want %q", c.kind, c.query, p.Fix, c.field, got, c.want)
			continue
		}
		u, _ := url.Parse(p.Fix)
		if _, p := generate(t, svc, Request{Kind: c.kind, Query: u.RawQuery}); p != nil {
			t.Errorf("%s: the fix %s fails: %s", c.kind, u.RawQuery, p.Detail)
		}
	}
	// A name that only starts an option, with a value the option refuses,
	// is dropped, not renamed into it.
	_, p := generate(t, svc, Request{Kind: "url", Query: "url=https://example.com&text=hi"})
	if p == nil || strings.Contains(p.Fix, "textcolor") {
		t.Errorf("text=hi on url: %+v", p)
	}
	// A name one letter from an option that has no value near the one
	// given was not meant: sec=WEP became ec=M, a level nobody asked for.
	_, p = generate(t, svc, Request{Query: "data=hi&sec=WEP"})
	if p == nil || strings.Contains(p.Fix, "ec=") || strings.Contains(p.Detail, "did you mean") {
		t.Errorf("sec=WEP on qr: %+v", p)
	}
}

// Names other generators and APIs give a field are renamed to it by the
// fix, keeping the caller's value: a contact's first and last name, a
// job, a state; an authenticator's user; a text's message.
func TestOtherGeneratorsNamesAreRenamed(t *testing.T) {
	svc := New(Config{BaseURL: "http://qr.test"})
	for _, c := range []struct{ kind, query, fixed string }{
		{"vcard", "first=Hans&last=M%C3%BCller", "fn=Hans&ln=M%C3%BCller"},
		{"vcard", "fn=Hans&job=Engineer&state=CA&birthday=1996-04-15", "title=Engineer"},
		{"vcard", "fn=Hans&phone_work=%2B15550100123", "phone=%2B15550100123"},
		{"vcard", "fn=Hans&zipcode=10115", "zip=10115"},
		{"otpauth", "secret=JBSWY3DPEHPK3PXP&user=jo%40example.com", "account=jo%40example.com"},
		{"text", "message=hi", "text=hi"},
		{"event", "title=Party&start=2026-12-24T18:00Z&to=2026-12-24T23:00Z", "end=2026-12-24T23%3A00Z"},
		{"epc", "name=Red%20Cross&account=BE72000000001616", "iban=BE72000000001616"},
		{"geo", "lat=52.5&lon=13.4&q=Brandenburg%20Gate", "query=Brandenburg%20Gate"},
	} {
		_, p := svc.Payload(Request{Kind: c.kind, Query: c.query})
		if p == nil || !strings.Contains(p.Fix, c.fixed) {
			t.Errorf("%s?%s: %+v", c.kind, c.query, p)
		}
	}
}

// An enterprise network is never fixed to a passphrase one: the words of
// WPA2-Enterprise include WPA2, which once took the fix.
func TestWiFiEnterpriseIsNeverFixedToAPassphrase(t *testing.T) {
	svc := New(Config{BaseURL: "http://qr.test"})
	for _, c := range []struct{ query, fixed string }{
		{"ssid=Home&password=x&eap=PEAP&identity=jo&security=WPA2-Enterprise", "security=WPA2-EAP"},
		{"ssid=Home&password=x&eap=PEAP&identity=jo&security=802.1X", "security=WPA2-EAP"},
		{"ssid=Home&password=secret123&security=WPA3-Enterprise", ""},
		{"ssid=Home&security=WPA2-Enterprise", ""},
		{"ssid=Cafe&security=open", "security=nopass"},
	} {
		_, p := svc.Payload(Request{Kind: "wifi", Query: c.query})
		if p == nil || c.fixed == "" && p.Fix != "" || !strings.Contains(p.Fix, c.fixed) {
			t.Errorf("wifi?%s: %+v", c.query, p)
		}
	}
}

// A value written as callers of other tools write it is fixed to what it
// means, not to the option's default: bg=none was fixed to white,
// style=rounded-corners and eye=rounded-square to square, and colours
// written under gradient were dropped with the gradient. A module shape
// given as module (or segno's finder_dark for the eyes' colour) was
// dropped as an unknown name.
func TestFixesKeepWhatWasMeant(t *testing.T) {
	s := New(Config{BaseURL: "http://qr.test"})
	for q, want := range map[string]string{
		"bg=none":                                 "bg=transparent",
		"style=rounded-corners":                   "style=rounded",
		"eye=rounded-square":                      "eye=rounded",
		"gradient=red,blue":                       "gradient=linear&gradientcolors=red%2Cblue",
		"gradient=%23f00,%2300f&gradientangle=45": "gradient=linear&gradientcolors=%23f00%2C%2300f&gradientangle=45",
		"module=circle":                           "style=dot",
		"moduleshape=dots&finder_dark=darkred":    "style=dot&eyecolor=8b0000",
	} {
		_, p := s.Generate(context.Background(), Request{Query: "data=hi&" + q}, "")
		if p == nil || !strings.HasSuffix(p.Fix, "?data=hi&"+want) {
			t.Errorf("%s: %+v, want the fix to end ?data=hi&%s", q, p, want)
			continue
		}
		if _, again := generateURL(s, p.Fix); again != nil {
			t.Errorf("%s: the fix %s fails: %s", q, p.Fix, again.Detail)
		}
	}
}
