package kinds

import "testing"

// TestCheckIBAN uses IBANs whose check digits were recomputed by ISO
// 13616-1's MOD 97-10 rule (ISO/IEC 7064), and the SWIFT IBAN Registry's
// example for GB.
func TestCheckIBAN(t *testing.T) {
	const example = "DE89370400440532013000"
	for _, c := range []struct{ in, want string }{
		{"BE72000000001616", "BE72000000001616"},
		{"DE89370400440532013000", "DE89370400440532013000"},
		{"CH4431999123000889012", "CH4431999123000889012"},
		{"CH9300762011623852957", "CH9300762011623852957"},
		{"CZ2806000000000168540115", "CZ2806000000000168540115"},
		{"SK8583300000002002018035", "SK8583300000002002018035"},
		{"GB29NWBK60161331926819", "GB29NWBK60161331926819"},
		{"BE72 0000 0000 1616", "BE72000000001616"}, // ISO 13616-1 paper format
	} {
		v := c.in
		if errs := checkIBAN("iban", &v, example); len(errs) > 0 || v != c.want {
			t.Errorf("%q: got %q, %v; want %q", c.in, v, errs, c.want)
		}
	}
	for _, c := range []struct{ name, in, fix string }{
		{"check digits", "DE89370400440532013001", example},
		{"length for DE", "DE8937040044053201300", example},
		{"lower case", "be72000000001616", "BE72000000001616"},
		{"not a registry country", "XX89370400440532013000", example},
		{"letter where DE has digits", "DE89370400440532O13000", example},
		{"punctuation", "DE89-3704-0044-0532-0130-00", example},
		{"too short", "D", example},
		{"empty", "", example},
	} {
		v := c.in
		errs := checkIBAN("iban", &v, example)
		if len(errs) != 1 || errs[0].Field != "iban" || errs[0].Detail == "" || errs[0].Fix != c.fix {
			t.Errorf("%s: %q gives %+v, want one iban error with fix %q", c.name, c.in, errs, c.fix)
			continue
		}
		fix := errs[0].Fix
		if errs := checkIBAN("iban", &fix, example); len(errs) > 0 {
			t.Errorf("%s: fix %q is not valid: %v", c.name, errs[0].Fix, errs)
		}
	}
}

// TestCheckBIC checks the ISO 9362 shape.
func TestCheckBIC(t *testing.T) {
	const example = "BPOTBEB1"
	for _, in := range []string{"BPOTBEB1", "BPOTBEB1XXX", "GENODEF1S04", "DEUTDEFF500", "UBSWCHZH80A"} {
		v := in
		if errs := checkBIC("bic", &v, example); len(errs) > 0 || v != in {
			t.Errorf("%q: %v", in, errs)
		}
	}
	for _, c := range []struct{ name, in, fix string }{
		{"lower case", "bpotbeb1", "BPOTBEB1"},
		{"digit in institution code", "BP0TBEB1", example},
		{"unknown country", "BPOTZZB1", example},
		{"9 characters", "BPOTBEB1X", example},
		{"punctuation in branch", "BPOTBEB1-XX", example},
	} {
		v := c.in
		errs := checkBIC("bic", &v, example)
		if len(errs) != 1 || errs[0].Field != "bic" || errs[0].Fix != c.fix {
			t.Errorf("%s: %q gives %+v, want fix %q", c.name, c.in, errs, c.fix)
		}
	}
}
