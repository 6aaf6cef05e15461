package service

import (
	"strings"
	"unicode"
)

// A value copied from an invoice or a form often keeps the label printed
// before it: IBAN DE89 3704 0044 0532 0130 00, BIC: COBADEFFXXX. The label
// is the field's own name, so it says nothing the field does not: a field
// that fails with one is tried again without it, a correction of the
// caller's own value that takes nothing else away, as a pasted URI
// scheme is (withoutScheme).

// fieldLabel is the label v begins with, as written: field's name in any
// case, then ':' or a space, and a code after it. Names shorter than three
// letters are too likely the start of the value itself. Only a code
// follows a label this way (codeShaped): before free text or a name the
// same word may be the caller's own ("Name Brand GmbH").
func fieldLabel(field, v string) (string, bool) {
	t := strings.TrimSpace(v)
	if len(field) < 3 || len(t) <= len(field) || !strings.EqualFold(t[:len(field)], field) {
		return "", false
	}
	rest := t[len(field):]
	if r := rest[0]; r != ':' && !unicode.IsSpace(rune(r)) {
		return "", false
	}
	if !codeShaped(strings.TrimLeft(rest, ": \t")) {
		return "", false
	}
	return t[:len(field)], true
}

// codeShaped reports whether s is a code as it is printed: ASCII letters
// and digits, in one group or in groups of them apart by single spaces
// that each hold a digit (ISO 13616-1's paper IBAN, CH93 0076 2011 ...).
func codeShaped(s string) bool {
	groups := strings.Split(s, " ")
	for _, g := range groups {
		if g == "" || strings.IndexFunc(g, func(r rune) bool { return r > unicode.MaxASCII || !unicode.IsLetter(r) && !unicode.IsDigit(r) }) >= 0 {
			return false
		}
		if len(groups) > 1 && strings.IndexFunc(g, unicode.IsDigit) < 0 {
			return false
		}
	}
	return true
}

// withoutLabel is v without the label it begins with (fieldLabel).
func withoutLabel(field, v string) (string, bool) {
	label, ok := fieldLabel(field, v)
	if !ok {
		return v, false
	}
	return strings.TrimLeft(strings.TrimSpace(v)[len(label):], ": \t"), true
}
