package kinds

import (
	"errors"
	"strconv"
	"strings"

	"github.com/jacoelho/banking/bic"
	"github.com/jacoelho/banking/iban"
	"github.com/qrforge/qrforge/registry"
)

// IBAN and BIC checks shared by the payment kinds (epc, swissqr, spd, ...).
//
// The rules come from github.com/jacoelho/banking, whose per-country formats
// are generated from the SWIFT IBAN Registry (ISO 13616 registrar): mod-97
// check digits (ISO/IEC 7064 MOD 97-10), the country's length and the
// character class of every BBAN position. A home-made table of lengths
// would go stale with each registry release.

// checkIBAN validates an IBAN in place. Spaces are removed first: they only
// group the paper format in fours (ISO 13616-1), and the electronic format
// a payload carries has none. example is a valid IBAN offered as the fix
// when the value cannot be corrected without guessing; a wrong check digit
// usually means a mistyped character elsewhere, so recomputing the check
// digits would only hide the typo and send money to another account.
func checkIBAN(field string, value *string, example string) []registry.FieldError {
	v := strings.ReplaceAll(*value, " ", "")
	err := iban.Validate(v)
	if err == nil {
		*value = v
		return nil
	}
	fail := func(detail, fix string) []registry.FieldError {
		return []registry.FieldError{{Field: field, Detail: field + " " + detail, Fix: fix}}
	}
	if upper := strings.ToUpper(v); upper != v && iban.Validate(upper) == nil {
		return fail("is written in capital letters and digits only (ISO 13616-1 electronic format)", upper)
	}
	var ve *iban.ValidationError
	if !errors.As(err, &ve) {
		return fail("is not an IBAN (ISO 13616-1)", example)
	}
	switch ve.Reason {
	case iban.ReasonInvalidLength:
		if len(v) < 2 {
			return fail("is not an IBAN: it starts with a two-letter country code (ISO 13616-1)", example)
		}
		return fail("of "+v[:2]+" has "+itoa(ve.ExpectedLength)+" characters, this one has "+itoa(ve.ActualLength)+" (SWIFT IBAN Registry, ISO 13616-1)", example)
	case iban.ReasonInvalidChecksum:
		return fail("has wrong check digits "+v[2:4]+" (ISO 13616-1, ISO/IEC 7064 MOD 97-10): a character is probably mistyped", example)
	case iban.ReasonUnsupportedCountry:
		return fail("starts with "+ve.Actual+", which is not a country in the SWIFT IBAN Registry (ISO 13616-1)", example)
	case iban.ReasonInvalidCharacters:
		what := ve.Expected.String()
		if ve.ExpectedValue != "" {
			what = ve.ExpectedValue
		}
		return fail("has "+strconv.Quote(ve.Actual)+" at position "+itoa(ve.Position+1)+" where its country's format (SWIFT IBAN Registry) needs "+what, example)
	}
	return fail("is not an IBAN (ISO 13616-1)", example)
}

// checkBIC validates a Business Identifier Code in place: 4 letters for
// the institution, an ISO 3166-1 country code, 2 letters or digits for the
// location and an optional 3-character branch (ISO 9362). Spaces are
// dropped, and a lower-case BIC is refused with its capitalised form as
// the fix.
func checkBIC(field string, value *string, example string) []registry.FieldError {
	v := strings.ReplaceAll(*value, " ", "")
	if _, err := bic.Parse(v); err == nil {
		*value = v
		return nil
	}
	const rule = " is a BIC of 8 or 11 capital letters and digits: 4-letter institution code, 2-letter ISO 3166-1 country, 2-character location, optional 3-character branch (ISO 9362)"
	fix := example
	if upper := strings.ToUpper(v); upper != v {
		if _, err := bic.Parse(upper); err == nil {
			fix = upper
		}
	}
	return []registry.FieldError{{Field: field, Detail: field + rule, Fix: fix}}
}
