package jsonkeys

import "fmt"

// LoneSurrogateDetail says what is wrong with the escape at doc[at:], which
// FirstLoneSurrogate found, and how to send the character instead; where
// names the place ("at byte 10").
func LoneSurrogateDetail(doc []byte, at int, where string) string {
	return fmt.Sprintf("escapes half of a UTF-16 surrogate pair alone, %s %s: it stands for no character (RFC 8259 §8.2), and a JSON reader would put U+FFFD in its place; escape a character outside the Basic Multilingual Plane as its pair (\\ud834\\udd1e), or send it as UTF-8", doc[at:at+6], where)
}

// FirstLoneSurrogate returns the offset in doc of the first \u escape, in
// a string, of a UTF-16 surrogate that is not half of a pair: a high one
// (D800 to DBFF) not followed by an escaped low one (DC00 to DFFF), or a
// low one alone. It returns -1 when there is none. RFC 8259 §8.2 leaves
// the meaning of such a string open; encoding/json reads the escape as
// U+FFFD, a character the caller never wrote.
func FirstLoneSurrogate(doc []byte) int {
	inString := false
	for i := 0; i < len(doc); i++ {
		switch c := doc[i]; {
		case c == '"':
			inString = !inString
		case c == '\\' && inString:
			u, ok := escapedUnit(doc, i)
			switch {
			case !ok:
				i++ // \" \\ \n …: the escaped byte is no delimiter
			case u >= 0xDC00 && u <= 0xDFFF:
				return i
			case u >= 0xD800 && u <= 0xDBFF:
				if low, ok := escapedUnit(doc, i+6); !ok || low < 0xDC00 || low > 0xDFFF {
					return i
				}
				i += 11
			default:
				i += 5
			}
		}
	}
	return -1
}

// escapedUnit reads a \uXXXX escape at doc[i:].
func escapedUnit(doc []byte, i int) (rune, bool) {
	if i+6 > len(doc) || doc[i] != '\\' || doc[i+1] != 'u' {
		return 0, false
	}
	var u rune
	for _, c := range doc[i+2 : i+6] {
		var d byte
		switch {
		case c >= '0' && c <= '9':
			d = c - '0'
		case c >= 'a' && c <= 'f':
			d = c - 'a' + 10
		case c >= 'A' && c <= 'F':
			d = c - 'A' + 10
		default:
			return 0, false
		}
		u = u<<4 | rune(d)
	}
	return u, true
}
