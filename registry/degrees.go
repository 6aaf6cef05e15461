package registry

import (
	"math"
	"strconv"
	"strings"
)

// Degrees reads an angle as maps and GPS units write one, with a
// hemisphere letter of hemispheres before or after it (its pairs are the
// positive letter, then the negative: "NS" for a latitude, "EW" for a
// longitude) or a degree sign: 52°30'N, 13° 24' 15.5" E, S 33.9°, 52.5N.
// It is false for anything else, a bare number among it: that is no
// other notation.
func Degrees(s, hemispheres string) (float64, bool) {
	s = strings.ToUpper(strings.TrimSpace(s))
	sign, lettered := 1.0, false
	for i, h := range hemispheres {
		rest, ok := strings.CutSuffix(s, string(h))
		if !ok {
			rest, ok = strings.CutPrefix(s, string(h))
		}
		if ok {
			s, lettered = rest, true
			if i%2 == 1 {
				sign = -1
			}
			break
		}
	}
	if !lettered && !strings.ContainsAny(s, "°º") {
		return 0, false
	}
	parts := strings.FieldsFunc(s, func(r rune) bool { return strings.ContainsRune("°º'′\"″ ", r) })
	if len(parts) == 0 || len(parts) > 3 {
		return 0, false
	}
	degrees := 0.0
	for i, p := range parts {
		if i == 0 && !lettered {
			if rest, ok := strings.CutPrefix(p, "-"); ok {
				p, sign = rest, -1
			}
		}
		v, err := strconv.ParseFloat(p, 64)
		switch {
		case err != nil || p == "" || strings.Trim(p, "0123456789.") != "" || strings.Count(p, ".") > 1:
			return 0, false
		case i > 0 && v >= 60, i < len(parts)-1 && strings.Contains(p, "."):
			return 0, false // a minute or second of 60, or a fraction before the last part
		}
		degrees += v / math.Pow(60, float64(i))
	}
	return sign * degrees, true
}
