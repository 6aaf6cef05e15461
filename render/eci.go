package render

import "github.com/qrforge/qrforge/render/qrcode"

// ECI says whether a symbol names the character set of its data with an
// Extended Channel Interpretation header (ISO/IEC 18004 §7.4.2).
type ECI string

const (
	// ECIUTF8 writes ECI 26 (UTF-8, AIM ECI specification) before data
	// that has a byte outside ASCII; ASCII reads the same in every
	// character set, so its symbols carry no header.
	ECIUTF8 ECI = "utf8"
	// ECINone writes no header: readers guess the character set.
	ECINone ECI = "none"
)

// ECIs lists every ECI setting.
var ECIs = []ECI{ECIUTF8, ECINone}

// DefaultECI is the setting when none is asked for; docs/eci.md has the
// measurements behind it.
var DefaultECI = ECIUTF8

// number is the ECI assignment to write before data, 0 for none.
func (e ECI) number(data string) int {
	if e != ECIUTF8 {
		return 0
	}
	for i := 0; i < len(data); i++ {
		if data[i] >= 0x80 {
			return qrcode.ECIUTF8
		}
	}
	return 0
}

// KanjiText reports whether text may be written in Kanji mode, Shift JIS
// (ISO/IEC 18004 §7.4.6), rather than as UTF-8 bytes: Japanese text whose
// every other character is ASCII.
func KanjiText(text string) bool { return qrcode.KanjiText([]byte(text)) }
