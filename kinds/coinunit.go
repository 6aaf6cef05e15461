package kinds

import (
	"math/big"
	"strings"
	"unicode"
)

// numberInUnit reads s as a number and, after it, one of units' names
// in any case (2 gwei, 1,000 sats), and returns the number, exactly, and
// the unit's power of ten. whole says the unit is indivisible: its number
// is digits, optionally grouped by thousands, with no decimals, so that
// 1,000 sats is a thousand (a satoshi has no fraction to write). ok is
// false when s names no such unit or its number has no one reading.
func numberInUnit(s string, units map[string]int, whole bool) (n *big.Rat, exp int, ok bool) {
	s = strings.TrimFunc(s, unicode.IsSpace)
	end := strings.LastIndexFunc(s, unicode.IsDigit)
	if end < 0 {
		return nil, 0, false
	}
	name := strings.ToLower(strings.TrimSpace(s[end+1:]))
	exp, named := units[name]
	if !named {
		return nil, 0, false
	}
	number := strings.TrimSpace(s[:end+1])
	var digits string
	if whole {
		groups := strings.FieldsFunc(number, isAmountSeparator)
		if strings.Join(groups, "") == "" || !thousandGroups(strings.Split(strings.Map(func(r rune) rune {
			if isAmountSeparator(r) {
				return ','
			}
			return r
		}, number), ",")) {
			return nil, 0, false
		}
		digits = strings.Join(groups, "")
	} else {
		w, frac, ok := readAmount(number)
		if !ok {
			return nil, 0, false
		}
		digits = w
		if frac != "" {
			digits += "." + frac
		}
	}
	if !plainDecimal.MatchString(digits) {
		return nil, 0, false
	}
	n, ok = new(big.Rat).SetString(digits)
	return n, exp, ok
}

// scaled is n times ten to the power exp.
func scaled(n *big.Rat, exp int) *big.Rat {
	p := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(max(exp, -exp))), nil)
	if exp < 0 {
		return new(big.Rat).Quo(n, new(big.Rat).SetInt(p))
	}
	return new(big.Rat).Mul(n, new(big.Rat).SetInt(p))
}
