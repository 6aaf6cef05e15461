package kinds_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/qrforge/qrforge/registry"
)

func TestURL(t *testing.T) {
	runVectors(t, "url", []vector{
		// RFC 3986 §3.4: the UTM pairs join the existing query with '&'.
		{"utm pairs after a query", "RFC 3986 §3.4 query; %20 for space, RFC 3986 §2.1; UTM names per Google Analytics campaign URLs",
			map[string]string{"url": "https://example.com/landing?ref=a", "utm_source": "qr", "utm_medium": "print", "utm_campaign": "spring sale"},
			`https://example.com/landing?ref=a&utm_source=qr&utm_medium=print&utm_campaign=spring%20sale`},
		{"no query", "RFC 3986 §3.4: the query starts with the first '?'",
			map[string]string{"url": "https://example.com", "utm_source": "qr"},
			`https://example.com?utm_source=qr`},
		{"fragment stays last", "RFC 3986 §3.5: the fragment follows the query",
			map[string]string{"url": "https://example.com/page#section-2", "utm_source": "qr", "utm_medium": "print"},
			`https://example.com/page?utm_source=qr&utm_medium=print#section-2`},
		{"query and fragment", "RFC 3986 §3.4, §3.5",
			map[string]string{"url": "https://example.com/p?a=1#top", "utm_campaign": "x"},
			`https://example.com/p?a=1&utm_campaign=x#top`},
		{"existing utm of the same value kept in place", "Google Analytics campaign URLs: one value per parameter",
			map[string]string{"url": "https://example.com/?utm_source=new&x=1&utm_source=new", "utm_source": "new"},
			`https://example.com/?utm_source=new&x=1`},
		{"every utm field, reserved characters encoded", "RFC 3986 §2.1/§2.2: reserved and non-ASCII octets percent-encoded",
			map[string]string{"url": "http://example.com/", "utm_source": "a&b=c", "utm_medium": "50%", "utm_campaign": "Sommer-Aktion ü",
				"utm_term": "q+r", "utm_content": "#1", "utm_id": "id/7"},
			`http://example.com/?utm_source=a%26b%3Dc&utm_medium=50%25&utm_campaign=Sommer-Aktion%20%C3%BC&utm_term=q%2Br&utm_content=%231&utm_id=id%2F7`},
		{"empty query and trailing &", "RFC 3986 §3.4; no empty pairs are added",
			map[string]string{"url": "https://example.com/?a=1&", "utm_source": "qr"},
			`https://example.com/?a=1&utm_source=qr`},
		{"no utm leaves the address alone", "RFC 3986 §6.2.1: no needless change",
			map[string]string{"url": "https://example.com/a/b?c=d&e#f"},
			`https://example.com/a/b?c=d&e#f`},
		// golang.org/x/net/idna punycode_test.go: "bücher" is "bcher-kva".
		{"IDN host to punycode", "RFC 3492 / IDNA (RFC 5891 §4.4); x/net/idna test pair bücher = xn--bcher-kva",
			map[string]string{"url": "https://bücher.example/katalog?s=1", "utm_source": "qr"},
			`https://xn--bcher-kva.example/katalog?s=1&utm_source=qr`},
		{"percent-encoded IDN host", "RFC 3986 §3.2.2: a reg-name may be percent-encoded UTF-8",
			map[string]string{"url": "https://b%C3%BCcher.example/"},
			`https://xn--bcher-kva.example/`},
		{"scheme lower-cased, port and IPv6 kept", "RFC 3986 §3.1 (scheme case), §3.2.2 (IP-literal), §3.2.3 (port)",
			map[string]string{"url": "HTTPS://[2001:db8::1]:8443/x", "utm_id": "7"},
			`https://[2001:db8::1]:8443/x?utm_id=7`},
		{"characters outside the URI grammar encoded", "RFC 3986 §2.1, RFC 3987 §3.1 (IRI to URI)",
			map[string]string{"url": "https://example.com/a b/ü?q=[1]#x#y"},
			`https://example.com/a%20b/%C3%BC?q=%5B1%5D#x%23y`},
		{"a % that starts no escape", "RFC 3986 §2.4: '%' itself is written %25",
			map[string]string{"url": "https://example.com/100%/ok%20"},
			`https://example.com/100%25/ok%20`},
	})
	runBad(t, "url", []bad{
		{"missing url", map[string]string{"utm_source": "qr"}, "url"},
		{"relative", map[string]string{"url": "example.com/landing"}, "url"},
		{"other scheme", map[string]string{"url": "ftp://example.com/file"}, "url"},
		{"no host", map[string]string{"url": "https:///path"}, "url"},
		{"user info", map[string]string{"url": "https://bank.example@evil.example/"}, "url"},
		{"bad port", map[string]string{"url": "https://example.com:99999/"}, "url"},
		{"space in host", map[string]string{"url": "https://exa mple.com/"}, "url"},
		{"invalid IDN", map[string]string{"url": "https://-bücher-.example/"}, "url"},
		{"utm_source not UTF-8", map[string]string{"url": "https://example.com/", "utm_source": "\xff"}, "utm_source"},
		{"utm_medium control character", map[string]string{"url": "https://example.com/", "utm_medium": "a\x00b"}, "utm_medium"},
		{"utm_campaign not UTF-8", map[string]string{"url": "https://example.com/", "utm_campaign": "\xc3"}, "utm_campaign"},
		{"utm_term not UTF-8", map[string]string{"url": "https://example.com/", "utm_term": "\xfe"}, "utm_term"},
		{"utm_content control character", map[string]string{"url": "https://example.com/", "utm_content": "\x1b[0m"}, "utm_content"},
		{"utm_id not UTF-8", map[string]string{"url": "https://example.com/", "utm_id": "\x80"}, "utm_id"},
	})
}

// A UTM tag given as a field and in the address's own query with another
// value is refused without a fix: the field once replaced the address's
// value without a word. The same value twice passes.
func TestURLUTMGivenTwice(t *testing.T) {
	k := lookup(t, "url")
	for _, c := range []struct {
		fields map[string]string
		field  string // "" when it passes
		other  string // the address's own value
	}{
		{map[string]string{"url": "https://ex.com/?utm_source=newsletter&x=1", "utm_source": "qr"}, "utm_source", "newsletter"},
		{map[string]string{"url": "https://ex.com/?x=1&utm_campaign=spring%20sale#top", "utm_campaign": "autumn"}, "utm_campaign", "spring sale"},
		{map[string]string{"url": "https://ex.com/?utm_source=old&utm_source=qr", "utm_source": "qr"}, "utm_source", "old"},
		{map[string]string{"url": "https://ex.com/?utm_campaign=spring+sale", "utm_campaign": "spring sale"}, "", ""},
		{map[string]string{"url": "https://ex.com/?utm_source=qr&x=1", "utm_source": "qr"}, "", ""},
		{map[string]string{"url": "https://ex.com/#utm_source=old", "utm_source": "qr"}, "", ""},
	} {
		p, errs := k.Build(c.fields)
		if c.field == "" {
			if len(errs) > 0 {
				t.Errorf("%v: refused: %v", c.fields, errs)
			}
			continue
		}
		if len(errs) != 1 || errs[0].Field != c.field || errs[0].Fix != "" {
			t.Errorf("%v: payload %q, errors %+v; want one on %s without a fix", c.fields, p, errs, c.field)
			continue
		}
		if !strings.Contains(errs[0].Detail, strconv.Quote(c.fields[c.field])) || !strings.Contains(errs[0].Detail, strconv.Quote(c.other)) {
			t.Errorf("%v: detail %q does not name both values", c.fields, errs[0].Detail)
		}
	}
}

// TestURLFixes checks that a refused address comes with a fix that works
// when one can be made from the caller's own address, and with none when
// it would change where the link goes.
func TestURLFixes(t *testing.T) {
	k := lookup(t, "url")
	for in, want := range map[string]string{
		"example.com/landing":                "https://example.com/landing",
		"ftp://example.com/f":                "",
		"https://bank.example@evil.example/": "",
	} {
		_, errs := k.Build(map[string]string{"url": in})
		if len(errs) != 1 || errs[0].Fix != want {
			t.Errorf("%s: fix %v, want %q", in, errs, want)
			continue
		}
		if want == "" {
			continue
		}
		if _, errs := k.Build(map[string]string{"url": want}); len(errs) > 0 {
			t.Errorf("fix %s is refused: %v", want, errs)
		}
	}
}

// TestURLRecognise checks that UTM tags come back as fields when they were
// appended, and that any other address is kept whole.
func TestURLRecognise(t *testing.T) {
	k := lookup(t, "url")
	got, ok := k.Recognise("https://example.com/landing?ref=a&utm_source=qr&utm_campaign=spring%20sale#top")
	if !ok || got["url"] != "https://example.com/landing?ref=a#top" || got["utm_source"] != "qr" || got["utm_campaign"] != "spring sale" {
		t.Errorf("recognised %v", got)
	}
	got, ok = k.Recognise("https://example.com/?utm_source=new&x=1")
	if !ok || got["url"] != "https://example.com/?utm_source=new&x=1" || got["utm_source"] != "" {
		t.Errorf("recognised %v", got)
	}
	if _, ok := k.Recognise("mailto:a@example.com"); ok {
		t.Error("recognised a mailto: address")
	}
}

// A scheme whose "://" lost a character (https//, https:/, https:) is
// fixed to the address meant: the fix once put https:// before it,
// https://https//example.com, a link to a host named https.
func TestURLMistypedSchemeSeparator(t *testing.T) {
	k, _ := registry.Lookup("url")
	for given, want := range map[string][2]string{ // the fix, and the payload it gives
		"https//example.com/menu":  {"https://example.com/menu", "https://example.com/menu"},
		"http//example.com":        {"http://example.com", "http://example.com"},
		"https:/example.com/a b":   {"https://example.com/a b", "https://example.com/a%20b"},
		"HTTPS:example.com":        {"https://example.com", "https://example.com"},
		"https//bücher.de/katalog": {"https://bücher.de/katalog", "https://xn--bcher-kva.de/katalog"},
		"https:///path":            {},
	} {
		_, errs := k.Build(map[string]string{"url": given})
		if len(errs) != 1 || errs[0].Field != "url" {
			t.Errorf("%s: errors %v", given, errs)
			continue
		}
		if errs[0].Fix != want[0] {
			t.Errorf("%s: fix %q, want %q", given, errs[0].Fix, want[0])
		}
		if want[0] == "" {
			continue
		}
		if p, errs := k.Build(map[string]string{"url": errs[0].Fix}); len(errs) > 0 || p != want[1] {
			t.Errorf("%s: following the fix gives %q, %v", given, p, errs)
		}
	}
}
