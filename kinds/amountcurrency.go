package kinds

import (
	"slices"
	"strings"
	"unicode"

	"github.com/qrforge/qrforge/registry"
)

// namedCurrency is the unit an amount is written with, before or after
// its digits (EUR 12.50, 12.50 eur, €12.50, 12,50 euros, $12), and the
// ISO 4217 codes it may stand for (currencyReadings): one for a code or
// the euro sign, several for the dollar sign. A code must stand apart
// from the words around it: "12 dollars" does not end in ARS, nor
// "12 pesos" in SOS.
func namedCurrency(amount string) (unit string, codes []string) {
	s := strings.TrimFunc(amount, unicode.IsSpace)
	numeric := func(r rune) bool { return unicode.IsDigit(r) || isAmountSeparator(r) }
	first, last := strings.IndexFunc(s, unicode.IsDigit), strings.LastIndexFunc(s, unicode.IsDigit)
	if first < 0 {
		return "", nil
	}
	lead := strings.TrimFunc(s[:first], numeric)
	trail := strings.TrimFunc(s[last+1:], numeric)
	leadCodes, trailCodes := currencyReadings(lead), currencyReadings(trail)
	switch {
	case len(leadCodes) > 0 && (trail == "" || slices.Equal(leadCodes, trailCodes)):
		return lead, leadCodes
	case len(trailCodes) > 0 && lead == "":
		return trail, trailCodes
	}
	return "", nil
}

// canonicalCurrency is a currency field's value as its ISO 4217 code
// where it stands for exactly one (978, €, euro), else in capitals.
func canonicalCurrency(v string) string {
	if codes := currencyReadings(v); len(codes) == 1 {
		return codes[0]
	}
	return upperASCII(strings.TrimSpace(v))
}

// keepNamedCurrency corrects the fix of an amount refused as written, for
// a kind whose currency is a field of its own: given is the caller's
// currency ("" when left out), def the kind's default. An amount written
// with another currency than the one the code would carry is not that
// amount in the code's currency: left out, the fix writes the currency
// named (where supported says the kind carries it, and it is the only
// one its sign or word may stand for that the kind carries); given, the
// two disagree, and only the caller knows which is meant. fixIn writes
// the amount without the currency's code, sign or word.
func keepNamedCurrency(fe *registry.FieldError, amount, given, def string, supported func(code string) bool, fixIn func(unit string) string) {
	given = canonicalCurrency(given)
	effective := given
	if effective == "" {
		effective = def
	}
	unit, named := namedCurrency(amount)
	if len(named) == 0 || slices.Contains(named, effective) {
		return
	}
	var carried []string
	for _, c := range named {
		if supported(c) {
			carried = append(carried, c)
		}
	}
	switch {
	case given == "" && len(carried) == 1:
		if fe.Fix = fixIn(carried[0]); fe.Fix != "" {
			fe.With = map[string]string{"currency": carried[0]}
		}
	case len(carried) == 0:
		fe.Fix = ""
		fe.Detail += "; it is written in " + unitIs(unit, named) + ", a currency this code does not carry"
	case given == "":
		fe.Fix = ""
		fe.Detail += "; it is written in " + unit + ", which may be " + orList(carried) + ": give currency as the ISO 4217 code meant"
	default:
		fe.Fix = ""
		fe.Detail += "; it is written in " + unitIs(unit, named) + ", but currency is " + effective + ": which one is meant only you can tell"
	}
}

// unitIs names a unit by its code, or by its sign or word and the codes
// it stands for.
func unitIs(unit string, codes []string) string {
	if len(codes) == 1 && strings.EqualFold(unit, codes[0]) {
		return codes[0]
	}
	return unit + " (" + orList(codes) + ")"
}

// isISO4217 reports whether code is a currency of ISO 4217's list one.
func isISO4217(code string) bool {
	_, ok := iso4217Numeric(code)
	return ok
}
