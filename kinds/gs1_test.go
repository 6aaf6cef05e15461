package kinds_test

import (
	"strings"
	"testing"
)

func TestGS1(t *testing.T) {
	runVectors(t, "gs1", []vector{
		// The DL standard's examples, as gs1/gs1-syntax-engine's dl.c
		// tests quote them ("Examples from DL specification").
		{"gtin alone", "GS1 Digital Link standard example, via gs1-syntax-engine dl.c tests",
			map[string]string{"gtin": "09520123456788"},
			"https://id.gs1.org/01/09520123456788"},
		{"batch", "GS1 Digital Link standard example (…/01/09520123456788/10/ABC123)",
			map[string]string{"gtin": "09520123456788", "batch": "ABC123"},
			"https://id.gs1.org/01/09520123456788/10/ABC123"},
		{"serial", "GS1 Digital Link standard example (…/01/09520123456788/21/12345)",
			map[string]string{"gtin": "09520123456788", "serial": "12345"},
			"https://id.gs1.org/01/09520123456788/21/12345"},
		{"batch, serial and expiry", "GS1 Digital Link standard example (…/10/ABC1/21/12345?17=180426)",
			map[string]string{"gtin": "09520123456788", "batch": "ABC1", "serial": "12345", "expiry": "180426"},
			"https://id.gs1.org/01/09520123456788/10/ABC1/21/12345?17=180426"},
		// The standard's https://brand.example.com/01/9520123456788 in
		// canonical form: the GTIN-13 padded to 14 digits.
		{"brand domain, GTIN-13", "GS1 Digital Link standard example https://brand.example.com/01/9520123456788, GTIN padded to 14 digits",
			map[string]string{"gtin": "9520123456788", "domain": "brand.example.com"},
			"https://brand.example.com/01/09520123456788"},
		{"brand domain with a path", "GS1 Digital Link standard example https://brand.example.com/some-extra/pathinfo/01/9520123456788",
			map[string]string{"gtin": "9520123456788", "domain": "https://brand.example.com/some-extra/pathinfo/"},
			"https://brand.example.com/some-extra/pathinfo/01/09520123456788"},
		{"element string", "element string (01)09506000134352(10)LOT-ABC(17)271231, GTIN check digit 2 (GS1 General Specifications §7.9.1)",
			map[string]string{"gtin": "0950600013435 2", "batch": "LOT-ABC", "expiry": "2027-12-31"},
			"https://id.gs1.org/01/09506000134352/10/LOT-ABC?17=271231"},
		{"gs1 digital link lib", "Solidsoft Gs1DigitalLinkLib AdditionalUriContent.feature: (01)05412345000013(10)ABC123(17)290331",
			map[string]string{"gtin": "05412345000013", "batch": "ABC123", "expiry": "290331"},
			"https://id.gs1.org/01/05412345000013/10/ABC123?17=290331"},
		{"gtin-8", "gs1-syntax-engine dl.c: https://a/01/02345673 is GTIN 00000002345673",
			map[string]string{"gtin": "02345673"},
			"https://id.gs1.org/01/00000002345673"},
		{"gtin-12", "gs1-syntax-engine dl.c: https://a/01/416000336108 is GTIN 00416000336108",
			map[string]string{"gtin": "416000336108"},
			"https://id.gs1.org/01/00416000336108"},
		// gs1-syntax-engine escapes every character outside the RFC 3986
		// unreserved set (its tests: & as %26, / as %2F).
		{"percent-encoded serial", "gs1-syntax-engine dl.c URIescape: characters outside unreserved are %-escaped",
			map[string]string{"gtin": "05412345000013", "serial": "0541A41&GH/pp33"},
			"https://id.gs1.org/01/05412345000013/21/0541A41%26GH%2Fpp33"},
		{"end of month", "GS1 General Specifications §7.12: DD 00 is the last day of the month",
			map[string]string{"gtin": "05412345000013", "expiry": "271200"},
			"https://id.gs1.org/01/05412345000013?17=271200"},
		{"leap day", "GS1 General Specifications §7.12: 280229 is 29 February 2028",
			map[string]string{"gtin": "05412345000013", "expiry": "280229"},
			"https://id.gs1.org/01/05412345000013?17=280229"},
	})
	runBad(t, "gs1", []bad{
		{"missing gtin", map[string]string{"batch": "A1"}, "gtin"},
		{"wrong check digit", map[string]string{"gtin": "09506000134353"}, "gtin"},
		{"gtin of 11 digits", map[string]string{"gtin": "95061234567"}, "gtin"},
		{"letters in gtin", map[string]string{"gtin": "0950600013435X"}, "gtin"},
		{"batch over 20", map[string]string{"gtin": "09506000134352", "batch": "ABCDEFGHIJKLMNOPQRSTU"}, "batch"},
		{"space in batch", map[string]string{"gtin": "09506000134352", "batch": "LOT 1"}, "batch"},
		{"non-ASCII serial", map[string]string{"gtin": "09506000134352", "serial": "Nº5"}, "serial"},
		{"month 13", map[string]string{"gtin": "09506000134352", "expiry": "271301"}, "expiry"},
		{"30 February", map[string]string{"gtin": "09506000134352", "expiry": "270230"}, "expiry"},
		{"29 February in a common year", map[string]string{"gtin": "09506000134352", "expiry": "270229"}, "expiry"},
		{"short date", map[string]string{"gtin": "09506000134352", "expiry": "2712"}, "expiry"},
		{"ftp domain", map[string]string{"gtin": "09506000134352", "domain": "ftp://example.com"}, "domain"},
		{"domain with a query", map[string]string{"gtin": "09506000134352", "domain": "https://example.com/?a=b"}, "domain"},
	})
	recogniseVectors(t, "gs1", []recognised{
		{"zero-suppressed gtin", "GS1 Digital Link standard example https://brand.example.com/01/9520123456788",
			"https://brand.example.com/01/9520123456788",
			map[string]string{"domain": "https://brand.example.com", "gtin": "9520123456788"},
			"https://brand.example.com/01/09520123456788"},
		{"percent escapes", "gs1-syntax-engine dl.c: percent-escaped values are decoded",
			"https://id.gs1.org/01/09520123456788/10/ABC%2d123",
			map[string]string{"gtin": "09520123456788", "batch": "ABC-123"},
			"https://id.gs1.org/01/09520123456788/10/ABC-123"},
	})
	notRecognised(t, "gs1", []string{
		"https://id.gs1.org/01/09520123456788/22/2A",       // CPV has no field
		"https://id.gs1.org/01/09520123456788?3103=000195", // net weight has no field
		"https://id.gs1.org/01/09520123456788/21/1/10/A",   // qualifiers out of order
		"https://id.gs1.org/00/952012345678912345",         // an SSCC, not a GTIN
		"https://id.gs1.org/01/09520123456788/10/",         // empty value
		"https://example.com/products/42",
	})
}

// TestGS1BatchAndSerialHaveNoFix checks that a batch or serial GS1
// cannot carry is refused without a fix: a/bd is another serial than
// a/b#d, and a cut value another batch.
func TestGS1BatchAndSerialHaveNoFix(t *testing.T) {
	k := lookup(t, "gs1")
	for _, c := range []struct{ field, value string }{
		{"serial", "a/b#d%&?+"},
		{"serial", "Nº5"},
		{"batch", "LOT 1"},
		{"batch", "ABCDEFGHIJKLMNOPQRST-"},
	} {
		_, errs := k.Build(map[string]string{"gtin": "09506000134352", "batch": "AB\"", c.field: c.value})
		if len(errs) != 1 || errs[0].Field != c.field || errs[0].Fix != "" {
			t.Errorf("%s=%q: errors %+v, want %s refused without a fix", c.field, c.value, errs, c.field)
		}
	}
}

// TestGS1CheckDigitFix checks that a wrong check digit is explained with
// the digit the body gives, but not "fixed": the typo may be in the body,
// and a recomputed check digit would name another product.
func TestGS1CheckDigitFix(t *testing.T) {
	_, errs := lookup(t, "gs1").Build(map[string]string{"gtin": "4006381333932"})
	if len(errs) != 1 || errs[0].Fix != "" || !strings.Contains(errs[0].Detail, "give 1") {
		t.Fatalf("errors %+v, want one naming check digit 1 and no fix", errs)
	}
}

// The domain is where the caller's link goes: a domain that cannot be
// written is refused without sending the code to GS1's resolver instead
// (the fix was https://id.gs1.org), nor to an example's address.
func TestGS1DomainIsNeverReplaced(t *testing.T) {
	gs1 := lookup(t, "gs1")
	if !gs1.IsIdentity("domain") {
		t.Error("domain is not marked identity")
	}
	for _, d := range []string{"ftp://brand.example.com", "https://brand.example.com:99999", "https://bra nd.example.com"} {
		_, errs := gs1.Build(map[string]string{"gtin": "09520123456788", "domain": d})
		if len(errs) != 1 || errs[0].Field != "domain" || errs[0].Fix != "" {
			t.Errorf("domain %q: %+v, want one error on domain without a fix", d, errs)
		}
	}
}
