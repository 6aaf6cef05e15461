package kinds

import (
	"strings"
	"unicode"

	"github.com/qrforge/qrforge/registry"
)

// namedCurrency is the currency an amount is written with: an ISO 4217
// alphabetic code before or after it (EUR 12.50, 12.50 eur) or the euro
// sign, which no other currency uses; "" when it names none. Other signs
// ($, £, ¥, Fr.) stand for several currencies and name none here.
func namedCurrency(amount string) string {
	s := strings.TrimFunc(amount, unicode.IsSpace)
	if strings.HasPrefix(s, "€") || strings.HasSuffix(s, "€") {
		return "EUR"
	}
	if len(s) <= 3 {
		return ""
	}
	for _, code := range []string{s[:3], s[len(s)-3:]} {
		if strings.IndexFunc(code, func(r rune) bool { return !unicode.IsLetter(r) || r > unicode.MaxASCII }) >= 0 {
			continue
		}
		if _, ok := iso4217Numeric(code); ok {
			return upperASCII(code)
		}
	}
	return ""
}

// keepNamedCurrency corrects the fix of an amount refused as written, for
// a kind whose currency is a field of its own: given is the caller's
// currency ("" when left out), def the kind's default. An amount written
// with another currency than the one the code would carry is not that
// amount in the code's currency: left out, the fix writes the currency
// named (where supported says the kind carries it); given, the two
// disagree, and only the caller knows which is meant. fixIn writes the
// amount without the currency's code or sign.
func keepNamedCurrency(fe *registry.FieldError, amount, given, def string, supported func(code string) bool, fixIn func(unit string) string) {
	given = upperASCII(strings.TrimSpace(given))
	effective := given
	if effective == "" {
		effective = def
	}
	named := namedCurrency(amount)
	switch {
	case named == "" || named == effective:
		return
	case given == "" && supported(named):
		if fe.Fix = fixIn(named); fe.Fix != "" {
			fe.With = map[string]string{"currency": named}
		}
	case !supported(named):
		fe.Fix = ""
		fe.Detail += "; it is written in " + named + ", a currency this code does not carry"
	default:
		fe.Fix = ""
		fe.Detail += "; it is written in " + named + ", but currency is " + effective + ": which one is meant only you can tell"
	}
}

// isISO4217 reports whether code is a currency of ISO 4217's list one.
func isISO4217(code string) bool {
	_, ok := iso4217Numeric(code)
	return ok
}
