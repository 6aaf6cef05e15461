package service

import (
	"strings"
	"unicode/utf8"
)

// A number typed with an East Asian input method often comes in its
// full-width forms (＋４４　２０…, U+FF0B, U+FF14, U+3000): Unicode's
// compatibility decomposition of each is the ASCII character (UAX #15,
// NFKC), the same value in another notation. A field that fails with
// them is tried again with their ASCII forms, as a pasted URI scheme is
// left out (withoutScheme).

// withoutFullWidth is v with its full-width ASCII forms (U+FF01 to
// U+FF5E) and ideographic spaces (U+3000) written as ASCII; ok is false
// when v has none.
func withoutFullWidth(v string) (string, bool) {
	if !utf8.ValidString(v) {
		// strings.Map would write U+FFFD for a stray byte: another value.
		return v, false
	}
	narrow := strings.Map(func(r rune) rune {
		switch {
		case r >= 0xFF01 && r <= 0xFF5E:
			return r - 0xFF01 + '!'
		case r == 0x3000:
			return ' '
		}
		return r
	}, v)
	return narrow, narrow != v
}
