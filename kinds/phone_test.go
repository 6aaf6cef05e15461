package kinds_test

import (
	"strings"
	"testing"
)

func TestPhone(t *testing.T) {
	runVectors(t, "phone", []vector{
		{"rfc example", "RFC 3966 §6 <tel:+1-201-555-0123>",
			map[string]string{"number": "+1-201-555-0123"},
			"tel:+1-201-555-0123"},
		{"compact number", "QRCoder PhoneNumberTests (+495321123456 -> tel:+495321123456)",
			map[string]string{"number": "+495321123456"},
			"tel:+495321123456"},
		{"zxing global number", "ZXing TelParsedResultTestCase <tel:+15551212>",
			map[string]string{"number": "+15551212"},
			"tel:+15551212"},
		{"spaces become dashes", "RFC 3966 §5.1.1: no spaces in a tel: URI; '-' as in §6",
			map[string]string{"number": "+1 201 555 0123"},
			"tel:+1-201-555-0123"},
		{"brackets, dots and slashes become dashes", "RFC 3966 §5.1.1 visual separators, normalised to '-'",
			map[string]string{"number": " +1 (201) 555.0123 "},
			"tel:+1-201-555-0123"},
		{"german slash", "E.123 print form with '/' as typed in Germany",
			map[string]string{"number": "+49 160/1234567"},
			"tel:+49-160-1234567"},
	})
	runBad(t, "phone", []bad{
		{"missing", map[string]string{}, "number"},
		{"local number", map[string]string{"number": "2125551212"}, "number"},
		{"00 prefix instead of +", map[string]string{"number": "0049 160 1234567"}, "number"},
		{"letters", map[string]string{"number": "+1-800-FLOWERS"}, "number"},
		{"parameters", map[string]string{"number": "+1-201-555-0123;ext=1"}, "number"},
		{"trunk zero in brackets", map[string]string{"number": "+44 (0)20 7946 0000"}, "number"},
		{"country code starting with 0", map[string]string{"number": "+0049 160 1234567"}, "number"},
		{"over 15 digits", map[string]string{"number": "+1234567890123456"}, "number"},
		{"too short", map[string]string{"number": "+123"}, "number"},
	})
	recogniseVectors(t, "phone", []recognised{
		{"rfc example", "RFC 3966 §6", "tel:+1-201-555-0123",
			map[string]string{"number": "+1-201-555-0123"}, "tel:+1-201-555-0123"},
		{"upper-case scheme", "RFC 3986 §3.1", "TEL:+15551212",
			map[string]string{"number": "+15551212"}, "tel:+15551212"},
		{"dots and brackets", "RFC 3966 §5.1.1 visual separators", "tel:+1.(201).555.0123",
			map[string]string{"number": "+1.(201).555.0123"}, "tel:+1-201-555-0123"},
	})
	// A local number with phone-context or an extension has no field here.
	notRecognised(t, "phone", []string{"tel:7042;phone-context=example.com", "tel:+1-201-555-0123;ext=1234", "tel:", "tel:+1 201", "tel:abc"})
}

// TestPhoneFixes checks the corrected values offered for common mistakes.
func TestPhoneFixes(t *testing.T) {
	k := lookup(t, "phone")
	for _, c := range []struct{ number, fix string }{
		{"0049 160 1234567", "+491601234567"},
		{"+44 (0)20 7946 0000", "+44-20-7946-0000"},
		{"2125551212", ""},
	} {
		_, errs := k.Build(map[string]string{"number": c.number})
		if len(errs) != 1 || errs[0].Fix != c.fix {
			t.Errorf("%q: errors %+v, want one with fix %q", c.number, errs, c.fix)
		}
	}
}

// An invalid UTF-8 byte inside a number is a stray character, not a
// separator: found by FuzzKinds (testdata/fuzz/FuzzKinds/1e8e6ae636df95b7).
func TestPhoneRefusesInvalidUTF8(t *testing.T) {
	for _, kind := range []string{"phone", "sms", "whatsapp"} {
		runBad(t, kind, []bad{{kind + " invalid byte", map[string]string{"number": "+1000000000000\xcc000", "message": "hi"}, "number"}})
	}
}

// A number with an extension is refused as such, with no fix: dropping
// the extension calls someone else. It was refused as "number has 'e'".
func TestPhoneExtensionIsNamed(t *testing.T) {
	k := lookup(t, "phone")
	for _, n := range []string{"+1 201 555 0123 ext 12", "+1 201 555 0123 x12", "+1-201-555-0123;ext=12", "+1 201 555 0123 Ext. 12", "+12015550123x12"} {
		_, errs := k.Build(map[string]string{"number": n})
		if len(errs) != 1 || !strings.Contains(errs[0].Detail, "extension") || errs[0].Fix != "" {
			t.Errorf("%s: %+v", n, errs)
		}
	}
	if _, errs := k.Build(map[string]string{"number": "+1 201 555 0123"}); len(errs) != 0 {
		t.Errorf("a number alone: %+v", errs)
	}
}

// A contact's number with an extension is refused as such too, with no
// fix, and told where the extension goes; it was refused as not a
// telephone number.
func TestContactPhoneExtensionIsNamed(t *testing.T) {
	for _, c := range []struct{ kind, field string }{{"vcard", "phone"}, {"vcard", "phone2"}, {"mecard", "phone"}} {
		k := lookup(t, c.kind)
		for _, n := range []string{"+1 555 555 0100 ext. 23", "+1 555 555 0100 x23", "+15555550100;ext=23"} {
			_, errs := k.Build(map[string]string{"fn": "Ann", "phone": "+1 555 555 0199", c.field: n})
			if len(errs) != 1 || errs[0].Field != c.field || !strings.Contains(errs[0].Detail, "extension") || !strings.Contains(errs[0].Detail, "note") || errs[0].Fix != "" {
				t.Errorf("%s %s=%s: %+v", c.kind, c.field, n, errs)
			}
		}
		if _, errs := k.Build(map[string]string{"fn": "Ann", c.field: "+1 555 555 0100"}); len(errs) != 0 {
			t.Errorf("%s: a number alone: %+v", c.kind, errs)
		}
	}
}
