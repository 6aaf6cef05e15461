package kinds

import (
	"strings"
	"unicode/utf8"

	"github.com/qrforge/qrforge/registry"
)

// phoneSeparators are the characters people put between digit groups when
// they write a number: RFC 3966 §5.1.1's visual separators ('-', '.', '(' and
// ')') plus the space of ITU-T E.123 print form, the slash common in
// Germany, tab and no-break space. Input may use any of them; payloads carry
// none, or '-' in tel: URIs.
const phoneSeparators = " -.()/\t\u00a0"

// noBadRune is splitPhoneNumber's answer when every character is a digit
// or a separator. It is not utf8.RuneError, which stands for an invalid
// byte and must be refused like any other stray character.
const noBadRune rune = -1

// splitPhoneNumber reads a typed number: whether it starts with '+', its
// digits without separators, and the first character that is neither a
// digit nor a separator (noBadRune when there is none). In an
// international number a bracketed 0, as in +49 (0)30 1234567, is the
// national trunk prefix, which is not dialled after the country code
// (ITU-T E.123 §2.5): it is left out, not kept as a digit.
func splitPhoneNumber(s string) (plus bool, digits string, bad rune) {
	s = strings.TrimSpace(s)
	s, plus = strings.CutPrefix(s, "+")
	if plus {
		s = trunkZero.ReplaceAllString(s, " ")
	}
	var b strings.Builder
	for _, r := range s {
		switch {
		case '0' <= r && r <= '9':
			b.WriteRune(r)
		case strings.ContainsRune(phoneSeparators, r):
		default:
			return plus, b.String(), r
		}
	}
	return plus, b.String(), noBadRune
}

// e164Problem says what is wrong with the digits of an international number
// (the part after '+'), or "" when they fit ITU-T E.164: a country code
// that starts with 1-9 and at most 15 digits in all. The floor of 7 digits
// is practical, not E.164's: about the shortest international numbers in
// service (a 3-digit country code and a 4-digit subscriber number).
func e164Problem(digits string) string {
	switch {
	case digits == "":
		return "has no digits"
	case digits[0] == '0':
		return "starts with 0 after the '+'; a country code starts with 1-9 (ITU-T E.164), so drop the national trunk prefix 0"
	case len(digits) > 15:
		return "has " + itoa(len(digits)) + " digits; an international number has at most 15 (ITU-T E.164)"
	case len(digits) < 7:
		return "has " + itoa(len(digits)) + " digits; an international number with its country code has at least 7"
	}
	return ""
}

// describeRune names a character in an error message.
func describeRune(r rune) string {
	if r == utf8.RuneError {
		return "a byte that is not UTF-8"
	}
	if r < 0x20 || r == 0x7f {
		return "a control character"
	}
	return "'" + string(r) + "'"
}

// internationalByPrefix reads a number written with 00, the international
// call prefix of most countries (ITU-T E.164 Annex A lists them; ITU-T
// E.123 §2.2 writes '+' in its place), as the '+' number it dials: 0044 20
// 7946 0000 is +442079460000. ok is false when s has '+' or no 00, when
// what follows is no E.164 number, or when 00 may be the start of another
// prefix: Australia's 0011 dials what follows (0011 44 … is +44 …), and
// no +1 number has an area code starting 0 or 1 (NANP), so 0010… and
// 0011… have two readings and are left as written.
func internationalByPrefix(s string) (string, bool) {
	plus, digits, bad := splitPhoneNumber(s)
	rest, ok := strings.CutPrefix(digits, "00")
	if plus || bad != noBadRune || !ok || e164Problem(rest) != "" || strings.HasPrefix(rest, "10") || strings.HasPrefix(rest, "11") {
		return "", false
	}
	return "+" + rest, true
}

// internationalPrefixError asks for '+' in place of 00 in field, a
// number a phone dials from anywhere: 00 is dialled as the international
// prefix only where it is one (not in North America, which dials 011, nor
// in Japan, 010), while '+' is the form ITU-T E.123 §2.2 prints. nil when
// value is not a 00 number internationalByPrefix reads.
func internationalPrefixError(field, value string) *registry.FieldError {
	fix, ok := internationalByPrefix(value)
	if !ok {
		return nil
	}
	return &registry.FieldError{Field: field, Detail: field + " starts with 00, the international call prefix of most countries but not of North America (011) or Japan (010); '+' dials from anywhere (ITU-T E.123 §2.2): the fix writes " + fix, Fix: fix}
}
