package kinds_test

import (
	"strings"
	"testing"
)

// A text data object past its EMV QRCPS-MPM length (62-08 purpose of
// transaction, 25 characters; a BR Code's infoAdicional, what template 26
// leaves of 99) is refused without a fix: a fix cut it to fit, and a caller
// who followed it got a code whose message ends mid-word ("Invoice 42 for
// the repair of the Inv"). Which words to leave out is the caller's
// choice, as for an EPC remittance text past its 140 characters.
func TestEMVTextPastItsLengthIsNotCut(t *testing.T) {
	message := "Invoice 42 for the repair of the kitchen sink and two taps"
	for _, c := range []struct {
		kind   string
		fields map[string]string
		field  string
	}{
		{"emvqr", map[string]string{"gui": "SG.PAYNOW", "currency": "SGD", "country": "SG", "name": "ACME", "city": "Singapore", "purpose": message}, "purpose"},
		{"emvqr", map[string]string{"gui": "SG.PAYNOW", "currency": "SGD", "country": "SG", "name": "ACME", "city": "Singapore", "store": message}, "store"},
		{"vietqr", map[string]string{"bank": "970415", "account": "0011001932418", "purpose": "Tiền điện tháng 6 nhà bạn ơi nhé"}, "purpose"},
		{"qrph", map[string]string{"bic": "GXCHPHM2XXX", "account": "09171234567", "name": "Juan", "city": "Manila", "purpose": message}, "purpose"},
		{"khqr", map[string]string{"account": "jonhsmith@nbcq", "name": "Jonh Smith", "purpose": message}, "purpose"},
		// Past the 99 characters of infoAdicional, and past what the key
		// leaves of template 26.
		{"pix", map[string]string{"key": pixEVP, "name": "A", "city": "B", "description": strings.Repeat(message+" ", 2)}, "description"},
		{"pix", map[string]string{"key": pixEVP, "name": "A", "city": "B", "description": message}, "description"},
	} {
		_, errs := lookup(t, c.kind).Build(c.fields)
		found := false
		for _, e := range errs {
			if e.Field != c.field {
				continue
			}
			found = true
			if e.Fix != "" {
				t.Errorf("%s %s: fix %q cuts the caller's text", c.kind, c.field, e.Fix)
			}
			if !strings.Contains(e.Detail, "leave out") {
				t.Errorf("%s %s: detail %q does not say why there is no fix", c.kind, c.field, e.Detail)
			}
		}
		if !found {
			t.Errorf("%s: no error on %s: %v", c.kind, c.field, errs)
		}
	}
}
