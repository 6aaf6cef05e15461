package service

import (
	"fmt"
	"slices"
	"strings"
)

// The words a number of each measure is written with.
var (
	pixelUnits  = []string{"px", "pixel", "pixels"}
	moduleUnits = []string{"module", "modules"}
	dpiUnits    = []string{"dpi", "ppi"}
)

// ownUnit reads a number written with a unit after it: v's number when
// the unit is one of own, the measure its option counts ("10 px" is 10
// pixels a module for scale, "2 modules" 2 for margin); v as it is
// otherwise, with foreign set when its unit is one of other, a measure
// with no one number in the option's (margin=10px).
func ownUnit(v string, own, other []string) (number, foreign string) {
	v = strings.TrimSpace(v)
	i := strings.IndexFunc(v, func(r rune) bool {
		return (r < '0' || r > '9') && r != '.' && r != '-' && r != '+'
	})
	if i <= 0 {
		return v, ""
	}
	switch unit := strings.ToLower(strings.TrimSpace(v[i:])); {
	case slices.Contains(own, unit):
		return v[:i], ""
	case slices.Contains(other, unit):
		return v, unit
	}
	return v, ""
}

// modulesNotPixels refuses a count of modules given in pixels: how many
// pixels a module is depends on the image's size and on the version the
// data needs, so no whole number of modules is those pixels, and there is
// no fix.
func modulesNotPixels(name, value string, max int) paramError {
	return paramError{field: name, unfixable: true, detail: fmt.Sprintf("%s %q is in pixels, and %s counts modules: a module's pixels depend on size and on the version the data needs, so no whole number of modules is exactly that; give 0 to %d modules", name, value, name, max)}
}

// noNumber is what a fix that gives fixed says of a value with no number
// in it: the caller's value said none, so the fix's is not the caller's.
func noNumber(fixed string) string {
	return "; the fix gives " + fixed + ", a value of its own, as nothing in yours reads as one"
}
