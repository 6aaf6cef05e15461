package render

import (
	"slices"
	"testing"
)

// ECI 26 goes before non-ASCII data only: ASCII reads the same in every
// character set, so its symbol is the same either way, and so is that of
// text of ASCII and Kanji, written in Kanji mode, which always means Shift
// JIS (ISO/IEC 18004:2015 §7.4.6).
func TestECIOnlyForNonASCII(t *testing.T) {
	for _, tt := range []struct {
		data   string
		header bool
	}{{"https://example.com/", false}, {"Grüße aus Köln", true}, {"東京", false}, {"東京 café", true}, {"서울", true}} {
		utf8, err := EncodeECI(tt.data, LevelM, ECIUTF8)
		if err != nil {
			t.Fatal(err)
		}
		none, err := EncodeECI(tt.data, LevelM, ECINone)
		if err != nil {
			t.Fatal(err)
		}
		if same := slices.Equal(utf8.Modules, none.Modules); same == tt.header {
			t.Errorf("%q: symbols with and without ECI are the same: %v, want %v", tt.data, same, !tt.header)
		}
		png, err := PNG(utf8, DefaultOptions())
		if err != nil {
			t.Fatal(err)
		}
		if got := decodePNG(t, png); got != tt.data {
			t.Errorf("%q with ECI 26 decodes as %q", tt.data, got)
		}
	}
	if DefaultECI != ECIUTF8 {
		t.Errorf("default ECI %q; docs/eci.md measures utf8", DefaultECI)
	}
}
