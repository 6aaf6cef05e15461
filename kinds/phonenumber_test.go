package kinds_test

import "testing"

// In an international number a bracketed 0 is the national trunk prefix,
// which is not dialled after the country code (ITU-T E.123 §2.5): every
// kind that writes the digits of a number leaves it out, and a national
// number keeps it, since it is dialled there.
func TestTrunkPrefixIsNotDialledAfterTheCountryCode(t *testing.T) {
	const number = "+49 (0) 30 1234567"
	const e123 = "ITU-T E.123 §2.5; RFC 3966 §5.1.4 global-number-digits"
	cases := []struct {
		kind string
		v    vector
	}{
		{"sms", vector{"SMSTO", e123, map[string]string{"number": number, "message": "hi"}, "SMSTO:+49301234567:hi"}},
		{"sms", vector{"sms: URI", "RFC 5724 §2.2; " + e123, map[string]string{"number": "+49(0)30-1234567", "message": "hi", "form": "sms"}, "sms:+49301234567?body=hi"}},
		{"sms", vector{"national number keeps its 0", e123, map[string]string{"number": "(0)30 1234567"}, "SMSTO:0301234567"}},
		{"mms", vector{"mms: URI", e123, map[string]string{"number": number, "subject": "hi"}, "mms:+49301234567?subject=hi"}},
		{"facetime", vector{"number", e123, map[string]string{"contact": number}, "facetime:+49301234567"}},
		{"mecard", vector{"TEL", "NTT DoCoMo MECARD TEL; " + e123, map[string]string{"fn": "A", "phone": number}, "MECARD:N:A;TEL:+49301234567;;"}},
		{"mecard", vector{"national TEL keeps its 0", "NTT DoCoMo MECARD TEL", map[string]string{"fn": "A", "phone": "(0)30 1234567"}, "MECARD:N:A;TEL:0301234567;;"}},
	}
	for _, c := range cases {
		t.Run(c.kind, func(t *testing.T) { runVectors(t, c.kind, []vector{c.v}) })
	}
}
