package service

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/qrforge/qrforge/internal/text"
	"github.com/qrforge/qrforge/registry"
)

// A value copied from an invoice or a form often keeps the label printed
// before it: IBAN DE89 3704 0044 0532 0130 00, BIC: COBADEFFXXX. The label
// is the field's own name, so it says nothing the field does not: a field
// that fails with one is tried again without it, a correction of the
// caller's own value that takes nothing else away, as a pasted URI
// scheme is (withoutScheme).

// fieldLabel is the label v begins with, as written: one of the field's
// words (its name, or another name it is called, labelWords) in any case,
// then ':' or a space, and the value after it. Names shorter than three
// letters are too likely the start of the value itself. After a space
// only a code follows a label this way (codeShaped): before free text or
// a name the same word may be the caller's own ("Name Brand GmbH"). After
// a colon, a code or an address may follow ("Email: jo@example.com",
// addressShaped), as a label sets it apart; the label is left out only
// where the field refuses the value with it, and the rest must then pass
// the field's own check.
func fieldLabel(words []string, v string) (string, bool) {
	t := strings.TrimSpace(v)
	for _, field := range words {
		if len(field) < 3 || len(t) <= len(field) || !strings.EqualFold(t[:len(field)], field) {
			continue
		}
		rest := t[len(field):]
		switch value := strings.TrimLeft(rest, ": \t"); {
		case rest[0] == ':' && (codeShaped(value) || addressShaped(value)):
			return t[:len(field)], true
		case unicode.IsSpace(rune(rest[0])) && codeShaped(value):
			return t[:len(field)], true
		}
	}
	return "", false
}

// addressShaped reports whether s is an address as it is printed after a
// label and a colon: an e-mail address (one '@', no spaces) or a
// telephone number (digits, an optional leading '+', and the separators
// E.123 prints: spaces, '-', '.', '(' and ')'). Free text after a label
// is not: it may be the caller's own words, "Message: pay 12 now".
func addressShaped(s string) bool {
	if strings.Count(s, "@") == 1 && !strings.ContainsFunc(s, unicode.IsSpace) {
		return true
	}
	digits := 0
	for i, r := range s {
		switch {
		case unicode.IsDigit(r) && r <= unicode.MaxASCII:
			digits++
		case r == '+' && i == 0, r == ' ', r == '-', r == '.', r == '(', r == ')':
		default:
			return false
		}
	}
	return digits >= 5
}

// labelWords are the words a label of field k's field is written with:
// its name and the names other APIs and standards give it (the e-mail
// kind's to is also email).
func labelWords(k registry.Entry, field string) []string {
	words := []string{field}
	for _, f := range k.Fields() {
		if f.Name == field {
			words = append(words, f.AlsoCalled...)
		}
	}
	return words
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
func withoutLabel(words []string, v string) (string, bool) {
	label, ok := fieldLabel(words, v)
	if !ok {
		return v, false
	}
	return strings.TrimLeft(strings.TrimSpace(v)[len(label):], ": \t"), true
}

// labelledValues warns of the identity values the kind accepts that
// begin with their field's name and a colon, as a value copied with its label does
// (ssid=SSID: Cafe): the code carries the label too, which a network's
// name or a password rarely begins with. Accepted as given, they are the
// caller's to keep or correct; a value the field refuses with its label
// is fixed instead (withoutLabel).
func labelledValues(k registry.Entry, values map[string]string) []Warning {
	var out []Warning
	for _, f := range k.Fields() {
		if !f.Identity {
			continue // free text may begin "Message: ..." of its own
		}
		v := strings.TrimSpace(values[f.Name])
		for _, word := range labelWords(k, f.Name) {
			if len(word) < 3 || len(v) <= len(word)+1 || !strings.EqualFold(v[:len(word)], word) || v[len(word)] != ':' {
				continue
			}
			rest := strings.TrimSpace(v[len(word)+1:])
			out = append(out, Warning{Code: "payload", Field: f.Name, Detail: fmt.Sprintf("%s %q begins with %q, as a value copied with its label does: the code carries it as written; if the value is %q, leave the label out", f.Name, text.Truncate(v, 64), v[:len(word)+1], text.Truncate(rest, 64))})
			break
		}
	}
	return out
}
