package kinds_test

import (
	"testing"

	"github.com/qrforge/qrforge/registry"
)

// withValue is the kind's first example that sets the field, or its
// canonical one, with the field's value followed by bad and a letter.
func withValue(k registry.Entry, field, bad string) map[string]string {
	base := k.Example()
	for _, ex := range k.Examples() {
		if _, ok := ex[field]; ok {
			base = ex
			break
		}
	}
	values := map[string]string{}
	for name, v := range base {
		values[name] = v
	}
	values[field] += bad + "x"
	return values
}

// refusal is the error a build gives the field, and whether there is one.
func refusal(k registry.Entry, values map[string]string, field string) (registry.FieldError, bool) {
	_, errs := k.Build(values)
	for _, e := range errs {
		if e.Field == field {
			return e, true
		}
	}
	return registry.FieldError{}, false
}

// TestNoFieldTakesBytesThatAreNotUTF8 puts a byte that is not UTF-8 into
// every field of every kind: the code says UTF-8 with ECI 26, so the
// field is refused, and without a fix, since only the caller knows what
// text the byte stood for.
func TestNoFieldTakesBytesThatAreNotUTF8(t *testing.T) {
	for _, k := range registry.All() {
		for _, f := range k.Fields() {
			e, refused := refusal(k, withValue(k, f.Name, "\xff"), f.Name)
			if !refused || e.Fix != "" {
				t.Errorf("%s %s with byte 0xFF: refused %v, fix %q; want refused without a fix", k.Name(), f.Name, refused, e.Fix)
			}
		}
	}
}

// carriesControls are the fields whose standard carries a control
// character as written: text is byte-mode data (ISO/IEC 18004 §7.4.5),
// where ISO/IEC 15434's envelope uses RS, GS and EOT, and a link
// percent-encodes it (RFC 3986 §2.1).
var carriesControls = map[string]bool{"text text": true, "url url": true}

// TestNoFieldTakesControlCharacters puts ESC and SOH into every field of
// every kind: no reader shows them, so each field is refused unless its
// standard carries them, and an identity field gets no fix.
func TestNoFieldTakesControlCharacters(t *testing.T) {
	for _, k := range registry.All() {
		for _, f := range k.Fields() {
			if carriesControls[k.Name()+" "+f.Name] {
				continue
			}
			for _, c := range []string{"\x1b", "\x01"} {
				e, refused := refusal(k, withValue(k, f.Name, c), f.Name)
				if !refused || f.Identity && e.Fix != "" {
					t.Errorf("%s %s with %q: refused %v, fix %q; want refused, and no fix on an identity field", k.Name(), f.Name, c, refused, e.Fix)
				}
			}
		}
	}
}

// A WIFI URI value is printable characters (WPA3 Specification v3 §7):
// a tab or line break in a network's name, identity or password is
// refused too, without a fix.
func TestWiFiValuesAreOneLine(t *testing.T) {
	k := lookup(t, "wifi")
	for _, f := range []string{"ssid", "password", "identity", "anonymous_identity"} {
		for _, c := range []string{"\t", "\n", "\r"} {
			e, refused := refusal(k, withValue(k, f, c), f)
			if !refused || e.Fix != "" {
				t.Errorf("%s with %q: refused %v, fix %q; want refused without a fix", f, c, refused, e.Fix)
			}
		}
	}
}

// Text is carried byte for byte: an ISO/IEC 15434 message envelope keeps
// its RS, GS and EOT.
func TestTextKeepsControlCharacters(t *testing.T) {
	const envelope = "[)>\x1e06\x1d1PABC\x1e\x04"
	got, errs := lookup(t, "text").Build(map[string]string{"text": envelope})
	if len(errs) > 0 || got != envelope {
		t.Errorf("%q, %v; want the envelope as given", got, errs)
	}
}
