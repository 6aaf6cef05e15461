package kinds

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/qrforge/qrforge/registry"
)

// textField names a field value for checkTextFields.
type textField struct{ name, value string }

// checkTextFields refuses values that no reader can show: bytes that are not
// UTF-8 (QR byte mode carries UTF-8 here, marked with ECI 26 unless the
// caller asks eci=none: ISO/IEC 18004 §7.4.2, docs/eci.md)
// and control characters other than tab and line breaks, which the TEXT
// grammar excludes (RFC 5545 §3.3.11 TSAFE-CHAR, RFC 6350 §3.3). Line breaks
// are left to each kind's escaping.
func checkTextFields(fields ...textField) []registry.FieldError {
	var errs []registry.FieldError
	for _, f := range fields {
		if !utf8.ValidString(f.value) {
			errs = append(errs, registry.FieldError{Field: f.name, Detail: f.name + " is not valid UTF-8", Fix: strings.ToValidUTF8(f.value, "")})
			continue
		}
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

func isBadControl(r rune) bool {
	return unicode.IsControl(r) && r != '\t' && r != '\n' && r != '\r'
}
