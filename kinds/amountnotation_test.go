package kinds

import (
	"slices"
	"strings"
	"testing"

	"github.com/qrforge/qrforge/registry"
)

// A fix rewrites how an amount is written, never what it is worth: EPC
// fixed "€10", "10 EUR", "1.000,50" and "-5" to 1.00, UPI and PayPal
// rounded 10.505 to 10.51, and EMV amounts were cut to the currency's
// decimals.
func TestAmountFixKeepsTheValue(t *testing.T) {
	for _, c := range []struct {
		in       string
		decimals int
		want     string
	}{
		{"10,50", 2, "10.50"},
		{"€10", 2, "10.00"},
		{"10 EUR", 2, "10.00"},
		{"eur 7,5", 2, "7.50"},
		{"1.000,50", 2, "1000.50"},
		{"1,000.50", 2, "1000.50"},
		{"1 000,50", 2, "1000.50"},
		{"1\u00a0000,50", 2, "1000.50"},
		{"1'000.50", 2, "1000.50"},
		{"1.000.000", 2, "1000000.00"},
		{"10.5000", 2, "10.50"}, // only zeros dropped
		{"10.500", 2, ""},       // ten and a half, or ten thousand five hundred
		{"0,05", 2, "0.05"},
		{"1500.00", 0, "1500"},
		{"1,000", 2, ""},       // a thousand, or one?
		{"1.000", 2, ""},       // the same
		{"0,500 €", 2, "0.50"}, // no number groups its thousands after 0
		{"0.005", 2, ""},       // would be rounded
		{"10.505", 2, ""},      // would be rounded
		{"1500.5", 0, ""},      // would be rounded
		{"-5", 2, ""},          // a sign
		{"0", 2, ""},           // zero
		{"0,00", 2, ""},        // zero
		{"1e3", 2, ""},         // an exponent
		{"10,5,0", 2, ""},      // no grouping of thousands
		{"1,00,000", 2, ""},    // lakh grouping is not read
		{"12 34", 2, ""},       // a group of two
		{"1..5", 2, ""},        // two marks in a row
		{"$10", 2, ""},         // not the currency's sign
		{"١٠", 2, ""},          // digits of another script
		{"", 2, ""},
		// A decimal mark with no digit before it is a fraction of one:
		// no number groups its thousands with nothing before the mark.
		{".5", 2, "0.50"},
		{",25 €", 2, "0.25"},
		{".500", 2, "0.50"},
		{".", 2, ""},
		{".5.5", 2, ""},
	} {
		if got := amountFix(c.in, c.decimals, "€", "EUR"); got != c.want {
			t.Errorf("amountFix(%q, %d) = %q, want %q", c.in, c.decimals, got, c.want)
		}
	}
}

func TestEuroAmountFixes(t *testing.T) {
	for in, want := range map[string]string{"€10": "10.00", "1.000,50": "1000.50", "-5": "", "0": "", "10,5,0": "", "1000000000": ""} {
		if fix, ok := checkEuroAmount(in); ok || fix != want {
			t.Errorf("checkEuroAmount(%q) = %q, %v; want %q", in, fix, ok, want)
		}
	}
}

// Rupees are grouped in the Indian numbering system: a lakh is 1,00,000
// (the last three digits, then twos). upi?am=1,23,456.50 and bharatqr's
// ₹1,23,456 had no fix; no other reading of them is a number.
func TestRupeesReadTheIndianGrouping(t *testing.T) {
	for in, want := range map[string]string{
		"1,23,456.50":   "123456.50",
		"₹1,00,000":     "100000.00",
		"Rs. 12,34,567": "1234567.00",
		"12,345":        "", // twelve thousand, or twelve point three
		"1,2,345":       "",
		"1,23,45,678.5": "12345678.50",
		"123,45,678":    "",
	} {
		if got := amountFix(in, 2, "INR"); got != want {
			t.Errorf("amountFix(%q, 2, INR) = %q, want %q", in, got, want)
		}
	}
	if got := amountFix("1,00,000", 2, "EUR"); got != "" {
		t.Errorf("amountFix(1,00,000, 2, EUR) = %q: only rupees are grouped so", got)
	}
}

// An amount with two readings has no fix, and the problem says why:
// epc?amount=1,234 was answered with the rule alone.
func TestAnAmbiguousAmountSaysWhy(t *testing.T) {
	for in, want := range map[string]string{
		"1,234":     `"1,234" has two readings, 1234 or 1.234`,
		"€ 1.500":   `"€ 1.500" has two readings, 1500 or 1.500`,
		"1,234.50":  "",
		"1234":      "",
		"0,500":     "",
		"12,34":     "",
		"1,234,567": "",
		"":          "",
		",":         "",
	} {
		if got := twoReadings(in, "EUR"); want == "" && got != "" || want != "" && !strings.HasPrefix(got, "; "+want) {
			t.Errorf("twoReadings(%q) = %q, want %q", in, got, want)
		}
	}
	k, _ := registry.Lookup("epc")
	for _, c := range []struct{ kind, field, value string }{
		{"epc", "amount", "1,234"},
		{"swissqr", "amount", "1.234"},
		{"upi", "am", "1,234"},
		{"bitcoin", "amount", "1,234"},
		{"emvqr", "amount", "1,234"},
		{"vietqr", "amount", "50.000"},
	} {
		k, _ = registry.Lookup(c.kind)
		fields := k.Example()
		fields[c.field] = c.value
		_, errs := k.Build(fields)
		i := slices.IndexFunc(errs, func(e registry.FieldError) bool { return e.Field == c.field })
		if i < 0 || errs[i].Fix != "" || !strings.Contains(errs[i].Detail, "has two readings") {
			t.Errorf("%s %s=%q: %+v, want no fix and why", c.kind, c.field, c.value, errs)
		}
	}
}
