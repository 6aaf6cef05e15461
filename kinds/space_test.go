package kinds_test

import (
	"strings"
	"testing"
)

// TestSpaceAroundText checks the registry's space rule on the kinds: a
// name's parts are trimmed as FN is, white space alone is not given, and
// an SSID or passphrase keeps every space.
func TestSpaceAroundText(t *testing.T) {
	for _, c := range []struct {
		kind    string
		fields  map[string]string
		has     []string
		hasNot  []string
		refused string
	}{
		// N and FN name the same person (RFC 6350 §6.2.1-2).
		{kind: "vcard", fields: map[string]string{"fn": " John ", "ln": " "}, has: []string{"\r\nN:;John;;;\r\n", "\r\nFN:John\r\n"}},
		{kind: "vcard", fields: map[string]string{"fn": "a", "org": " ", "note": " \n "}, hasNot: []string{"ORG:", "NOTE:"}},
		{kind: "vcard", fields: map[string]string{"ln": " ", "org": "\u00a0"}, refused: "fn"},
		{kind: "vcard", fields: map[string]string{"fn": "a", "note": " two lines\nkept "}, has: []string{"NOTE: two lines\\nkept \r\n"}},
		{kind: "mecard", fields: map[string]string{"fn": " John ", "ln": " "}, has: []string{"MECARD:N:John;"}},
		{kind: "mecard", fields: map[string]string{"fn": "a", "note": "  "}, hasNot: []string{"NOTE:"}},
		{kind: "upi", fields: map[string]string{"pa": "shop@upi", "pn": "  "}, refused: "pn"},
		{kind: "wifi", fields: map[string]string{"ssid": "Home ", "password": "        "}, has: []string{"S:Home ;", "P:        ;"}},
		{kind: "wifi", fields: map[string]string{"ssid": " "}, has: []string{"S: ;"}},
	} {
		p, errs := lookup(t, c.kind).Build(c.fields)
		if c.refused != "" {
			if len(errs) == 0 || errs[0].Field != c.refused {
				t.Errorf("%s %q: %q %v, want %s refused", c.kind, c.fields, p, errs, c.refused)
			}
			continue
		}
		if len(errs) > 0 {
			t.Errorf("%s %q: %v", c.kind, c.fields, errs)
			continue
		}
		for _, s := range c.has {
			if !strings.Contains(p, s) {
				t.Errorf("%s %q: %q lacks %q", c.kind, c.fields, p, s)
			}
		}
		for _, s := range c.hasNot {
			if strings.Contains(p, s) {
				t.Errorf("%s %q: %q has %q", c.kind, c.fields, p, s)
			}
		}
	}
}
