package kinds

import (
	"math/big"
	"regexp"
	"slices"
	"strings"
)

// plainDecimal is a non-negative decimal written the way payment URIs
// (BIP21 §Transfer amount, Solana Pay §Amount) require: digits, then
// optionally '.' and digits; no sign, no exponent, no thousands separator.
var plainDecimal = regexp.MustCompile(`^[0-9]+(?:\.([0-9]+))?$`)

// decimalAmount is the rule set for one currency's amounts.
type decimalAmount struct {
	unit      string   // "BTC"
	decimals  int      // most digits after the point; 0 for no limit
	allowZero bool     // whether 0 is a valid amount
	max       *big.Rat // largest amount, or nil
	maxIs     string   // what max is, for messages; the currency's supply when empty
	cite      string   // the clause, for messages
	// smaller are the names of indivisible units of unit with their
	// power of ten (a satoshi is 10^-8 BTC); an amount written in one is
	// fixed to the same amount of unit.
	smaller map[string]int
	// names are the words for unit itself (bitcoin for BTC): an amount
	// written with one is in unit.
	names []string
}

// check returns what is wrong with s, or "" when it is valid, and the
// same amount written validly when one can be offered (suggest).
func (a decimalAmount) check(s string) (problem, fix string) {
	m := plainDecimal.FindStringSubmatch(s)
	fix = a.suggest(s)
	switch {
	case m == nil:
		return "amount is a decimal number of " + a.unit + " with '.' as the decimal point and digits on both sides of it: no sign, comma, exponent or unit (" + a.cite + ")" + twoReadings(s, a.unit), fix
	case a.decimals > 0 && len(m[1]) > a.decimals:
		return "amount has at most " + itoa(a.decimals) + " decimals, the smallest unit of " + a.unit + " (" + a.cite + ")", fix
	}
	v, _ := new(big.Rat).SetString(s)
	switch {
	case !a.allowZero && v.Sign() == 0:
		return "amount is greater than zero; leave it out to let the payer choose (" + a.cite + ")", ""
	case a.max != nil && v.Cmp(a.max) > 0:
		what := a.maxIs
		if what == "" {
			what = "the currency's supply"
		}
		return "amount is at most " + a.max.FloatString(0) + " " + a.unit + ", " + what + " (" + a.cite + ")", ""
	}
	return "", ""
}

// suggest writes s, read as people write amounts (readAmount: a decimal
// comma, thousands separators, the unit beside it), as the rules want it,
// with the value unchanged; "" when it cannot be read, or would have to
// be rounded to the smallest unit (amountnotation.go).
func (a decimalAmount) suggest(s string) string {
	if n, exp, ok := numberInUnit(s, a.smaller, true); ok {
		v := scaled(n, exp)
		if v.Sign() == 0 || a.max != nil && v.Cmp(a.max) > 0 {
			return ""
		}
		return strings.TrimRight(strings.TrimRight(v.FloatString(-exp), "0"), ".")
	}
	whole, frac, ok := readAmount(s, append(slices.Clone(a.names), a.unit)...)
	frac = strings.TrimRight(frac, "0")
	if !ok || a.decimals > 0 && len(frac) > a.decimals {
		return ""
	}
	out := whole
	if frac != "" {
		out += "." + frac
	}
	r, _ := new(big.Rat).SetString(out)
	if (!a.allowZero && r.Sign() == 0) || (a.max != nil && r.Cmp(a.max) > 0) {
		return ""
	}
	return r.FloatString(len(frac))
}
