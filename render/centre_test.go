package render

import (
	"strings"
	"testing"
)

// Versions 7-13, 21-27 and 35-40 have an alignment pattern at the centre
// (ISO/IEC 18004:2015 Annex E); an emblem's symbol grows past them.
func TestEncodeClearCentre(t *testing.T) {
	for v, want := range map[int]bool{1: false, 2: false, 6: false, 7: true, 13: true, 14: false, 20: false, 21: true, 27: true, 28: false, 35: true, 40: true} {
		if got := CentreAligned(v); got != want {
			t.Errorf("CentreAligned(%d) = %v, want %v", v, got, want)
		}
	}
	data := strings.Repeat("Order 18.06.2020, Robert Schneider AG\n", 7) // version 13 at M
	plain, err := EncodeECI(data, LevelM, DefaultECI)
	if err != nil || !CentreAligned(plain.Version) {
		t.Fatalf("the test's data is version %d (%v): want one with a central pattern", plain.Version, err)
	}
	clear, err := EncodeClearCentre(data, LevelM, DefaultECI, 25)
	if err != nil || CentreAligned(clear.Version) || clear.Version <= plain.Version || clear.Level != LevelM {
		t.Fatalf("version %d level %s (%v): want the next version without a central pattern at M", clear.Version, clear.Level, err)
	}
	png, err := PNG(clear, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	if got := decodePNG(t, png); got != data {
		t.Fatalf("decoded %q", got)
	}
	kept, _ := EncodeClearCentre(data, LevelM, DefaultECI, plain.Version)
	if kept.Version != plain.Version {
		t.Errorf("with the largest version %d allowed, got version %d", plain.Version, kept.Version)
	}
}
