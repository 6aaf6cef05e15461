package kinds

import (
	"strings"
	"unicode"

	"github.com/qrforge/qrforge/registry"
)

// textField names a field value for checkTextFields.
type textField struct{ name, value string }

// checkTextFields refuses control characters other than tab and line
// breaks, which no reader shows and the TEXT grammar excludes (RFC 5545
// §3.3.11 TSAFE-CHAR, RFC 6350 §3.3). Line breaks are left to each kind's
// escaping. Bytes that are not UTF-8 never get here: Build refuses them in
// every field of every kind.
func checkTextFields(fields ...textField) []registry.FieldError {
	var errs []registry.FieldError
	for _, f := range fields {
		if strings.IndexFunc(f.value, isBadControl) >= 0 {
			errs = append(errs, registry.FieldError{Field: f.name, Detail: f.name + " contains a control character; only tab and line breaks are allowed in text", Fix: strings.Map(func(r rune) rune {
				if isBadControl(r) {
					return -1
				}
				return r
			}, f.value)})
		}
	}
	return errs
}

// spacedLineBreaks is s with each line break (CR LF, CR or LF) written
// as a space, as the fix of a one-line field gives it, before it drops
// what the field cannot hold: a line break parts words, and dropping it
// would join them ("Invoice 42Paid in full"), where EPC's text and an
// e-mail's subject get a space.
func spacedLineBreaks(s string) string {
	return lineBreaks.Replace(s)
}

var lineBreaks = strings.NewReplacer("\r\n", " ", "\r", " ", "\n", " ")

func isBadControl(r rune) bool {
	return unicode.IsControl(r) && r != '\t' && r != '\n' && r != '\r'
}

// checkLineFields refuses every control character, tab and line breaks
// included, in fields a standard writes as one line of printable
// characters; rule cites it. There is no fix: a line break in a network's
// name or a password says the value is not what the caller meant to
// give, and which value was meant only the caller knows.
func checkLineFields(rule string, fields ...textField) []registry.FieldError {
	var errs []registry.FieldError
	for _, f := range fields {
		if strings.IndexFunc(f.value, unicode.IsControl) >= 0 {
			errs = append(errs, registry.FieldError{Field: f.name, Detail: f.name + " contains a control character (a tab or line break counts); it is one line of printable characters (" + rule + ")"})
		}
	}
	return errs
}
