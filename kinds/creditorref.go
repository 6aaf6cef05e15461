package kinds

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/qrforge/qrforge/registry"
)

// checkCreditorReference validates an ISO 11649 structured creditor
// reference in place: "RF", two check digits and 1 to 21 letters or
// digits, whose check digits satisfy ISO/IEC 7064 MOD 97-10 like an IBAN's.
// Spaces (the printed form groups it in fours) are removed. example is
// offered as the fix when the value cannot be corrected without guessing:
// recomputing the check digits of a mistyped reference would only hide the
// typo.
func checkCreditorReference(field string, value *string, example string) []registry.FieldError {
	v := strings.ReplaceAll(*value, " ", "")
	if validCreditorReference(v) {
		*value = v
		return nil
	}
	fail := func(detail, fix string) []registry.FieldError {
		return []registry.FieldError{{Field: field, Detail: field + " " + detail, Fix: fix}}
	}
	if upper := strings.ToUpper(v); validCreditorReference(upper) {
		return fail("is written in capital letters and digits only (ISO 11649:2009)", upper)
	}
	if !creditorReferenceShape(v) {
		return fail("is an ISO 11649 creditor reference: RF, 2 check digits, then 1 to 21 capital letters or digits (ISO 11649:2009)", example)
	}
	return fail("has wrong check digits "+v[2:4]+" (ISO 11649:2009, ISO/IEC 7064 MOD 97-10): a character is probably mistyped", example)
}

// creditorReferenceShape reports whether s has the form RFnn + 1..21
// capital letters or digits.
func creditorReferenceShape(s string) bool {
	if len(s) < 5 || len(s) > 25 || s[:2] != "RF" || !allDigits(s[2:4]) {
		return false
	}
	for i := 4; i < len(s); i++ {
		if c := s[i]; !('0' <= c && c <= '9' || 'A' <= c && c <= 'Z') {
			return false
		}
	}
	return true
}

func validCreditorReference(s string) bool {
	return creditorReferenceShape(s) && mod97(s[4:]+s[:4]) == 1
}

// mod97 is the ISO/IEC 7064 MOD 97-10 remainder of s, capital letters
// counting as two digits (A = 10 ... Z = 35) as ISO 13616 and ISO 11649
// read them.
func mod97(s string) int {
	r := 0
	for i := 0; i < len(s); i++ {
		c := int(s[i])
		if c >= 'A' {
			r = (r*100 + c - 'A' + 10) % 97
		} else {
			r = (r*10 + c - '0') % 97
		}
	}
	return r
}

// freeTextReference reports whether a reference is words rather than a
// reference mistyped: neither RF and 2 digits nor digits only (the Swiss
// QR reference), once spaces are removed.
func freeTextReference(v string) bool {
	v = strings.ToUpper(strings.ReplaceAll(v, " ", ""))
	if v == "" || allDigits(v) {
		return false
	}
	return !(len(v) >= 4 && v[:2] == "RF" && allDigits(v[2:4]))
}

// movedToText is the error of free text given as a structured reference
// while the kind's field for free text is empty: the fix moves it there.
func movedToText(field, value, to, structured, unstructured string) registry.FieldError {
	return registry.FieldError{Field: field, MoveTo: to,
		Detail: fmt.Sprintf("%s is %s, and %s is not one: free text for the payee is %s, given as %s, and the fix moves it there", field, structured, strconv.Quote(truncateBytes(value, 32)), unstructured, to)}
}
