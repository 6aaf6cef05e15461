package kinds

import (
	"math/big"
	"regexp"
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
	cite      string   // the clause, for messages
}

// check returns what is wrong with s, or "" when it is valid, and a valid
// amount close to it when one can be offered (a decimal comma read as a
// point, rounded to the smallest unit).
func (a decimalAmount) check(s string) (problem, fix string) {
	m := plainDecimal.FindStringSubmatch(s)
	fix = a.suggest(s)
	switch {
	case m == nil:
		return "amount is a decimal number of " + a.unit + " with '.' as the decimal point and digits on both sides of it: no sign, comma, exponent or unit (" + a.cite + ")", fix
	case a.decimals > 0 && len(m[1]) > a.decimals:
		return "amount has at most " + itoa(a.decimals) + " decimals, the smallest unit of " + a.unit + " (" + a.cite + ")", fix
	}
	v, _ := new(big.Rat).SetString(s)
	switch {
	case !a.allowZero && v.Sign() == 0:
		return "amount is greater than zero; leave it out to let the payer choose (" + a.cite + ")", ""
	case a.max != nil && v.Cmp(a.max) > 0:
		return "amount is at most " + a.max.FloatString(0) + " " + a.unit + ", the currency's supply (" + a.cite + ")", ""
	}
	return "", ""
}

// suggest reads s leniently (a decimal comma, surrounding spaces) and
// rounds it to the smallest unit; "" when nothing sensible comes out.
func (a decimalAmount) suggest(s string) string {
	s = strings.TrimSpace(s)
	if strings.Count(s, ",") == 1 && !strings.Contains(s, ".") {
		s = strings.Replace(s, ",", ".", 1)
	}
	if !plainDecimal.MatchString(s) {
		return ""
	}
	v, _ := new(big.Rat).SetString(s)
	if a.decimals == 0 {
		return s
	}
	out := strings.TrimRight(strings.TrimRight(v.FloatString(a.decimals), "0"), ".")
	r, _ := new(big.Rat).SetString(out)
	if (!a.allowZero && r.Sign() == 0) || (a.max != nil && r.Cmp(a.max) > 0) {
		return ""
	}
	return out
}
