package length

import "testing"

// Each spelling of a unit is read as that unit, mm never as m, and what
// is no positive decimal number with a unit is refused.
func TestParse(t *testing.T) {
	for s, want := range map[string]struct {
		n     float64
		unit  string
		short bool
	}{
		"30mm": {30, "mm", true}, "5 centimetres": {5, "cm", false}, "2 inches": {2, "in", false},
		"2\"": {2, "in", false}, "0.05m": {0.05, "m", true}, "6 FT": {6, "ft", true}, "1 foot": {1, "ft", false},
		"2 meters": {2, "m", false}, "40 millimeters": {40, "mm", false},
	} {
		n, unit, short, ok := Parse(s)
		if !ok || n != want.n || unit != want.unit || short != want.short {
			t.Errorf("Parse(%q) = %v %q %v %v, want %v", s, n, unit, short, ok, want)
		}
	}
	for _, s := range []string{"", "mm", "-2cm", "1e3mm", ".5in", "2 parsecs", "NaNmm", "2", "0m"} {
		if _, _, _, ok := Parse(s); ok {
			t.Errorf("Parse(%q) read a length", s)
		}
	}
}
