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

// sepaScope lists the country codes an IBAN of the SEPA schemes can start
// with, from the EPC's "List of countries and territories included in the
// SEPA schemes' geographical scope" (EPC409-09), as it stands since Serbia
// joined on 22 May 2025: 41 countries. Its version number could not be read
// from a primary copy; the date is that of the last country added. The
// value says whether the country is in the EEA, where the BIC may be left
// out (EPC069-12, data element BIC of the Beneficiary Bank).
//
// Territories with their own code in the SWIFT IBAN Registry are listed
// under it: Åland (AX) and the French outermost regions (GF, GP, MQ, RE,
// YT, MF) are in the EU; Saint-Barthélemy (BL) and Saint-Pierre-et-Miquelon
// (PM) are in SEPA but outside the EU; Gibraltar (GI) and the Crown
// dependencies (GG, JE, IM) are outside the EEA since the UK left. New
// Caledonia, French Polynesia, the French Southern Territories and Wallis
// and Futuna (NC, PF, TF, WF) use the CFP franc and are not in SEPA.
// Kosovo (XK) had applied but was not yet in the scope.
var sepaScope = map[string]bool{
	// EU member states.
	"AT": true, "BE": true, "BG": true, "HR": true, "CY": true, "CZ": true, "DK": true,
	"EE": true, "FI": true, "FR": true, "DE": true, "GR": true, "HU": true, "IE": true,
	"IT": true, "LV": true, "LT": true, "LU": true, "MT": true, "NL": true, "PL": true,
	"PT": true, "RO": true, "SK": true, "SI": true, "ES": true, "SE": true,
	"AX": true, "GF": true, "GP": true, "MQ": true, "RE": true, "YT": true, "MF": true,
	// The rest of the EEA.
	"IS": true, "LI": true, "NO": true,
	// Outside the EEA.
	"CH": false, "GB": false, "SM": false, "VA": false, "AD": false, "MC": false,
	"GI": false, "GG": false, "JE": false, "IM": false, "BL": false, "PM": false,
	// Joined November 2024 (AL, ME), March 2025 (MD, MK) and May 2025 (RS).
	"AL": false, "ME": false, "MD": false, "MK": false, "RS": false,
}

// checkSEPAIBAN refuses a valid IBAN whose country is outside the SEPA
// schemes' scope. It names no fix: another IBAN is another account.
func checkSEPAIBAN(field, value string) []registry.FieldError {
	if country := value[:2]; !inSEPAScope(country) {
		return []registry.FieldError{{Field: field, Detail: field + " is from " + country + ": " + country + " is not in the SEPA scheme (EPC409); an EPC QR code pays SEPA credit transfers only", Fix: ""}}
	}
	return nil
}

func inSEPAScope(country string) bool {
	_, ok := sepaScope[country]
	return ok
}

// sepaOutsideEEA reports whether a valid IBAN is of a SEPA country outside
// the EEA (CH, GB, SM ...), where a transfer needs the BIC.
func sepaOutsideEEA(value string) bool {
	inEEA, ok := sepaScope[value[:2]]
	return ok && !inEEA
}
