package registry

import (
	"fmt"
	"reflect"
	"unicode/utf8"
)

// refuseNonUTF8 refuses every field value that is not UTF-8, for every
// kind, before its rules run. Such bytes are text in another character
// set (Latin-1's é is the byte E9), and qrforge writes UTF-8 and says so
// with ECI 26 (ISO/IEC 18004:2015 §7.4.2): carried as they are, a reader
// would show other characters, and U+FFFD in their place would be a
// character the caller never wrote. Only the caller knows the text meant,
// so there is no fix.
func (e *entry[F]) refuseNonUTF8(f F) []FieldError {
	v := reflect.ValueOf(f)
	var errs []FieldError
	for _, fi := range e.fields {
		s := v.Field(fi.index).String()
		if utf8.ValidString(s) {
			continue
		}
		at := FirstInvalidUTF8(s)
		errs = append(errs, FieldError{Field: fi.Name, Detail: fmt.Sprintf("%s is not UTF-8 text: byte 0x%02X at offset %d belongs to another character set; send the text as UTF-8 (RFC 3629), percent-encoded in a URL (é is %%C3%%A9)", fi.Name, s[at], at)})
	}
	return errs
}

// FirstInvalidUTF8 is the offset of the first byte of s that does not
// start a valid UTF-8 sequence, or len(s).
func FirstInvalidUTF8(s string) int {
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			return i
		}
		i += size
	}
	return len(s)
}
