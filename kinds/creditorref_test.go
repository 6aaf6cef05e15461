package kinds

import "testing"

// TestCheckCreditorReference uses RF18539007547034, the creditor reference
// of SwissQRBill's tests (github.com/manuelbl/SwissQRBill), whose check
// digits ISO 11649 gives (MOD 97-10 of ISO/IEC 7064), and references built
// by that rule.
func TestCheckCreditorReference(t *testing.T) {
	const example = "RF18539007547034"
	for _, c := range []struct{ in, want string }{
		{"RF18539007547034", "RF18539007547034"},
		{"RF18 5390 0754 7034", "RF18539007547034"}, // printed form, groups of four
		{"RF712348231", "RF712348231"},
		{"RF45G72UUR", "RF45G72UUR"},
	} {
		v := c.in
		if errs := checkCreditorReference("reference", &v, example); len(errs) > 0 || v != c.want {
			t.Errorf("%q: got %q, %v; want %q", c.in, v, errs, c.want)
		}
	}
	for _, c := range []struct{ name, in, fix string }{
		{"check digits", "RF19539007547034", example},
		{"lower case", "rf18539007547034", "RF18539007547034"},
		{"no RF prefix", "AB18539007547034", example},
		{"too long", "RF18" + "1234567890123456789012", example},
		{"nothing after the check digits", "RF18", example},
		{"punctuation", "RF18-5390-0754-7034", example},
	} {
		v := c.in
		errs := checkCreditorReference("reference", &v, example)
		if len(errs) != 1 || errs[0].Field != "reference" || errs[0].Fix != c.fix {
			t.Errorf("%s: %q gives %+v, want fix %q", c.name, c.in, errs, c.fix)
		}
	}
}

// TestMod97 checks the remainder against IBANs rearranged by hand.
func TestMod97(t *testing.T) {
	// BE72000000001616 rearranged: 000000001616 BE72.
	if got := mod97("000000001616BE72"); got != 1 {
		t.Fatalf("mod97 = %d, want 1", got)
	}
}
