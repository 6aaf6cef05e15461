// Package length reads a length as people write it, a number and a unit
// in any of its spellings ("2 inches", "5 cm", "0.05m"), for the options
// and tool arguments that take one in a unit of their own.
package length

import (
	"math"
	"strconv"
	"strings"
)

// Millimetres is each unit's length.
var Millimetres = map[string]float64{"mm": 1, "cm": 10, "m": 1000, "in": 25.4, "ft": 304.8}

// spellings are the words and signs written for each unit, longest first
// so that a shorter one never cuts a longer (mm before m).
var spellings = []struct{ word, unit string }{
	{"millimetres", "mm"}, {"millimeters", "mm"}, {"centimetres", "cm"}, {"centimeters", "cm"},
	{"millimetre", "mm"}, {"millimeter", "mm"}, {"centimetre", "cm"}, {"centimeter", "cm"},
	{"inches", "in"}, {"metres", "m"}, {"meters", "m"}, {"metre", "m"}, {"meter", "m"},
	{"inch", "in"}, {"feet", "ft"}, {"foot", "ft"},
	{"mm", "mm"}, {"cm", "cm"}, {"in", "in"}, {"ft", "ft"}, {`"`, "in"}, {"m", "m"},
}

// Parse reads s as a positive decimal number (digits with at most one
// point between them) and a unit: the number, the unit's short name (a
// key of Millimetres) and whether the unit was written so. ok is false
// when s is no such length.
func Parse(s string) (n float64, unit string, short bool, ok bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	for _, sp := range spellings {
		number, cut := strings.CutSuffix(s, sp.word)
		number = strings.TrimSpace(number)
		if !cut || !Decimal(number) {
			continue
		}
		n, err := strconv.ParseFloat(number, 64)
		if err != nil || n <= 0 || math.IsInf(n, 0) {
			return 0, "", false, false
		}
		return n, sp.unit, sp.word == sp.unit, true
	}
	return 0, "", false, false
}

// Decimal reports whether s is digits with at most one decimal point
// between them, the only numbers a length takes (no sign, exponent or
// "NaN").
func Decimal(s string) bool {
	dot := false
	for i, c := range s {
		switch {
		case c == '.' && !dot && i > 0 && i < len(s)-1:
			dot = true
		case c < '0' || c > '9':
			return false
		}
	}
	return s != ""
}
