package registry

import (
	"fmt"
	"reflect"
	"strings"
	"unicode"
)

// How a field reads the white space around its value, its `space` tag.
// A name, an address or a code is one line whose surrounding blanks no
// standard means (vCard's N and FN, RFC 6350 §6.2.1-2, are the same name),
// so by default they are trimmed. Free message text (`space:"keep"`) is
// carried as written, as RFC 5724 and RFC 6068 carry a body. A value of
// white space alone is not given in either: " " is no name and no note,
// and a required field is then missing. An SSID, a passphrase or a secret
// (`space:"exact"`) is every byte the caller wrote: a trailing space can
// be part of an SSID (IEEE 802.11 §9.4.2.2, 0 to 32 octets of any value),
// and eight spaces are a valid WPA passphrase (IEEE 802.11i-2004 Annex H.4).
const (
	spaceTrim  = ""
	spaceKeep  = "keep"
	spaceExact = "exact"
)

// normaliseSpace applies each field's space rule to f.
func (e *entry[F]) normaliseSpace(f *F) {
	v := reflect.ValueOf(f).Elem()
	for _, fi := range e.fields {
		if fi.space == spaceExact {
			continue
		}
		field := v.Field(fi.index)
		switch trimmed := strings.TrimFunc(field.String(), isBlank); {
		case trimmed == "":
			field.SetString("")
		case fi.space == spaceTrim:
			field.SetString(trimmed)
		}
	}
}

// isBlank is white space (unicode.IsSpace) but a control character other
// than tab and line breaks, which the kinds refuse rather than drop.
func isBlank(r rune) bool {
	return unicode.IsSpace(r) && (!unicode.IsControl(r) || r == '\t' || r == '\n' || r == '\r')
}

func spaceRule(field, tag string) (string, error) {
	switch tag {
	case spaceTrim, spaceKeep, spaceExact:
		return tag, nil
	}
	return "", fmt.Errorf("field %s: space tag is %q or %q", field, spaceKeep, spaceExact)
}
