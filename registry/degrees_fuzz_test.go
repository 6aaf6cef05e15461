package registry_test

import (
	"math"
	"testing"

	"github.com/qrforge/qrforge/registry"
)

// FuzzDegrees: any text is read as an angle or refused, never a panic,
// and an angle read is finite, within a turn and a half of 0 for the
// degrees a place takes, and refuses a minute or second of 60.
func FuzzDegrees(f *testing.F) {
	for _, s := range []string{"52°30'N", "40°26'46\"N", "S 33.9°", "33° 52′ 04″ S", "52.5N", "-1°", "°", "N", "1e308°", "9999999999999°59'59\"E", "1.5°30'"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, ok := registry.Degrees(s, "NSEW")
		if !ok {
			return
		}
		if math.IsNaN(d) || math.IsInf(d, 0) {
			t.Fatalf("Degrees(%q) = %v", s, d)
		}
		if registry.Mechanical(s, "x") {
			t.Fatalf("Mechanical(%q, x) holds", s)
		}
	})
}
