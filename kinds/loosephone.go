package kinds

import "strings"

// looksLikePhone is the loose telephone-number check of the contact kinds:
// digits with the visual separators people type (space, '-', '.', '(' and
// ')'), optionally after a leading '+'. vCard 3.0 TEL is free text
// (RFC 2426 §3.3.1), so a stricter rule, E.164 or RFC 3966, would refuse
// numbers that phones dial, such as extensions written "(0)". MECARD's TEL
// holds digits, and mecardTel leaves the separators out.
func looksLikePhone(s string) bool {
	body := strings.TrimPrefix(s, "+")
	digits := 0
	for i := 0; i < len(body); i++ {
		switch c := body[i]; {
		case '0' <= c && c <= '9':
			digits++
		case c == ' ' || c == '-' || c == '.' || c == '(' || c == ')':
		default:
			return false
		}
	}
	return digits > 0 && len(s) <= 32
}

// loosePhoneProblem says why value, given as the contact field name, is
// not a telephone number looksLikePhone takes; "" when it is one. An
// extension is named: written into TEL, a phone would dial its digits as
// part of the number and reach someone else.
func loosePhoneProblem(name, value string) string {
	if value == "" || looksLikePhone(value) {
		return ""
	}
	if ext := phoneExtension.FindString(strings.TrimSpace(value)); ext != "" {
		return name + " ends in an extension (" + strings.TrimSpace(ext) + "), which a contact's number does not hold: a phone dials a number's digits as one, and with the extension's it reaches someone else. Give the number alone, and the extension in the note"
	}
	return name + " is a telephone number: digits, an optional leading +, and space - . ( ) as separators, at most 32 characters"
}

// phoneList is the numbers of a value that lists several, separated by
// ',' or ';' (+1 555 123 4567, +1 555 765 4321), each a whole number of
// at least 7 digits; nil for anything else. A comma inside a dial
// string is a pause before an extension's digits, which are fewer.
func phoneList(value string) []string {
	parts := strings.FieldsFunc(value, func(r rune) bool { return r == ',' || r == ';' })
	if len(parts) < 2 {
		return nil
	}
	for i, p := range parts {
		p = strings.TrimSpace(p)
		digits := strings.Count(strings.Map(func(r rune) rune {
			if '0' <= r && r <= '9' {
				return '0'
			}
			return -1
		}, p), "0")
		if !looksLikePhone(p) || digits < 7 {
			return nil
		}
		parts[i] = p
	}
	return parts
}
