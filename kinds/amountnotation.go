package kinds

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// An amount in a fix keeps the caller's value exactly: the fix may rewrite
// how it is written (a decimal comma, thousands separators, the currency's
// sign or code beside it), never what it is worth. An amount with more
// decimals than the currency has, one at or below zero, or one written
// ambiguously (1,000: a thousand, or one with a decimal comma?) gets no
// fix, for rounding, truncating or guessing a payment's amount would have
// the payer pay what nobody asked.

// readAmount reads an amount as people write one: optional spaces, a unit
// of units (the currency's sign or code, in any case) before or after it,
// digits grouped by thousands with ',', '.', ' ', '\” or a no-break space,
// and a decimal point or comma. It returns the whole and fractional digits
// as written (without separators), and false when s is not such an amount
// or its separators are ambiguous.
func readAmount(s string, units ...string) (whole, frac string, ok bool) {
	s = withoutUnits(s, units)
	if s == "" || strings.ContainsFunc(s, func(r rune) bool { return !unicode.IsDigit(r) && !isAmountSeparator(r) }) {
		return "", "", false
	}
	for _, r := range s {
		if r > unicode.MaxASCII && unicode.IsDigit(r) {
			return "", "", false // digits of other scripts are not read
		}
	}
	last := strings.LastIndexAny(s, ".,")
	intPart := s
	if last >= 0 {
		sep, tail := s[last], s[last+1:]
		others := strings.Count(s, string(sep)) - 1
		otherMark := strings.ContainsAny(s[:last], map[byte]string{'.': ",", ',': "."}[sep])
		switch {
		case others > 0 && !otherMark:
			// 1.000.000: every mark groups thousands; no fraction.
		case len(tail) == 3 && !otherMark && strings.TrimLeft(s[:last], "0") != "":
			// 1,000 or 1.000: a thousand, or one? 0.001 groups no
			// thousands, for no number starts its groups with 0.
			return "", "", false
		case others > 0:
			return "", "", false // 1.000.000,00.5
		default:
			intPart, frac = s[:last], tail
			if frac == "" || strings.ContainsFunc(frac, isAmountSeparator) {
				return "", "", false
			}
			if intPart == "" {
				// .5: a fraction of one, as no group of thousands
				// starts with the mark.
				intPart = "0"
			}
		}
	}
	// Groups of thousands, one separator between two (or, for rupees,
	// of a lakh).
	var groups []string
	start := 0
	for i, r := range intPart {
		if isAmountSeparator(r) {
			groups = append(groups, intPart[start:i])
			start = i + utf8.RuneLen(r)
		}
	}
	groups = append(groups, intPart[start:])
	if !thousandGroups(groups) && !(slices.ContainsFunc(units, func(u string) bool { return strings.EqualFold(u, "INR") }) && lakhGroups(groups)) {
		return "", "", false
	}
	return strings.Join(groups, ""), frac, true
}

// thousandGroups reports whether groups are digits grouped by thousands:
// the first of one to three digits, then three each.
func thousandGroups(groups []string) bool {
	for i, g := range groups {
		if g == "" || i > 0 && len(g) != 3 || i == 0 && len(groups) > 1 && len(g) > 3 {
			return false
		}
	}
	return true
}

// lakhGroups reports whether groups are digits grouped as rupees are, in
// the Indian numbering system: the last three digits, and twos before
// them (1,23,45,678: a crore is 1,00,00,000). Only a number of at least a
// lakh is so grouped; 12,345 is read by thousands.
func lakhGroups(groups []string) bool {
	if len(groups) < 3 || len(groups[len(groups)-1]) != 3 {
		return false
	}
	for i, g := range groups[:len(groups)-1] {
		if len(g) != 2 && !(i == 0 && len(g) == 1) {
			return false
		}
	}
	return true
}

// withoutUnits is s without spaces around it and the unit (units, and
// the signs of each currency code among them) before or after it.
func withoutUnits(s string, units []string) string {
	s = strings.TrimFunc(s, unicode.IsSpace)
	for _, u := range withSigns(units) {
		if len(s) > len(u) && strings.EqualFold(s[:len(u)], u) {
			s = s[len(u):]
		} else if len(s) > len(u) && strings.EqualFold(s[len(s)-len(u):], u) {
			s = s[:len(s)-len(u)]
		}
	}
	return strings.TrimFunc(s, unicode.IsSpace)
}

// twoReadings says why an amount such as 1,234 or 1.500 has no fix: its
// one mark groups thousands, or is the decimal point, and only the
// caller knows which. It is "" for any other amount.
func twoReadings(s string, units ...string) string {
	t := withoutUnits(s, units)
	i := strings.LastIndexAny(t, ".,")
	if i < 0 {
		return ""
	}
	head, mark, tail := t[:i], t[i:i+1], t[i+1:]
	digits := func(x string) bool { return x != "" && strings.Trim(x, "0123456789") == "" }
	if len(head) > 3 || len(tail) != 3 || !digits(head) || !digits(tail) || strings.TrimLeft(head, "0") == "" {
		return ""
	}
	return "; " + strconv.Quote(strings.TrimSpace(s)) + " has two readings, " + strings.TrimLeft(head, "0") + tail + " or " + head + "." + tail + ", as " + mark + " may group thousands or mark the decimals: write the amount meant with '.' as the decimal point and no thousands separator"
}

// withSigns is units with the signs and words of each currency code
// among them (currencyNames: €, euro, Kč ...) added after it, so that
// every kind that names its currency by code reads the same signs. Each
// is read only for a currency it may stand for, which the kind already
// knows.
func withSigns(units []string) []string {
	out := make([]string, 0, len(units))
	for _, u := range units {
		if !slices.Contains(out, u) {
			out = append(out, u)
		}
		for _, sign := range namesOf(strings.ToUpper(u)) {
			if !slices.Contains(out, sign) {
				out = append(out, sign)
			}
		}
	}
	// Longest first: EURO 12 is not EUR and "O 12".
	slices.SortStableFunc(out, func(a, b string) int { return len(b) - len(a) })
	return out
}

func isAmountSeparator(r rune) bool {
	return r == '.' || r == ',' || r == ' ' || r == '\'' || r == '\u00a0' || r == '\u202f' || r == '’'
}

// amountFix is the amount s, read by readAmount, written with '.' and
// exactly decimals digits after it (none when decimals is 0), or "" when
// it cannot be read, is zero, or needs more decimals than that.
func amountFix(s string, decimals int, units ...string) string {
	whole, frac, ok := readAmount(s, units...)
	frac = strings.TrimRight(frac, "0")
	if !ok || len(frac) > decimals {
		return ""
	}
	whole = strings.TrimLeft(whole, "0")
	if whole == "" && frac == "" {
		return ""
	}
	if whole == "" {
		whole = "0"
	}
	if decimals == 0 {
		return whole
	}
	return whole + "." + frac + strings.Repeat("0", decimals-len(frac))
}
