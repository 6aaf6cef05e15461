package kinds

import (
	"strings"
	"unicode"
)

// Unit words a number is written with where a field already fixes the
// unit: RFC 5870 §3.4.1 gives an altitude in metres, the Key Uri Format a
// period in seconds.
var (
	metreWords  = []string{"m", "metre", "metres", "meter", "meters", "mtr", "mtrs"}
	secondWords = []string{"s", "sec", "secs", "second", "seconds"}
	// footWords are the altitudes in another unit: feet to metres is a
	// conversion with rounding, which the caller makes, not a fix.
	footWords = []string{"ft", "foot", "feet", "'"}
)

// withoutUnit is value's number when it is written with one of units
// after it (34m, 34 m, 34 metres; case and a '.' after an abbreviation
// aside); ok is false for anything else.
func withoutUnit(value string, units []string) (string, bool) {
	v := strings.TrimSpace(value)
	end := strings.LastIndexFunc(v, func(r rune) bool { return unicode.IsDigit(r) })
	if end < 0 {
		return "", false
	}
	number := strings.TrimSpace(v[:end+1])
	unit := strings.TrimSuffix(strings.ToLower(strings.TrimSpace(v[end+1:])), ".")
	for _, u := range units {
		if unit == u {
			return number, true
		}
	}
	return "", false
}
