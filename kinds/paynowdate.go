package kinds

import (
	"regexp"
	"strings"
	"time"
)

// payNowLocalMoment is an ISO 8601 local date and time (2030-12-31T23:59,
// with 'T' or a space, seconds optional), as agents write a moment; PayNow
// template 26-04 carries it as YYYYMMDDHHMMSS.
var payNowLocalMoment = regexp.MustCompile(`^([0-9]{4})-([0-9]{2})-([0-9]{2})[T ]([0-9]{2}):([0-9]{2})(?::([0-9]{2}))?$`)

// payNowOffset is such a moment with a UTC offset or Z after it.
var payNowOffset = regexp.MustCompile(`[T ][0-9]{2}:[0-9]{2}(?::[0-9]{2})?(?:\.[0-9]+)?(?:Z|[+-][0-9]{2}:?[0-9]{2})$`)

// payNowDateFix is a PayNow or SGQR date (moment when a time may come
// with it) written as people write one with a single reading, in the
// digits the template carries; why says why there is no fix for one with
// two readings or a UTC offset. Both are "" for anything else.
func payNowDateFix(s string, moment bool) (fix, why string) {
	s = strings.TrimSpace(s)
	if iso, ok := peopleDate(s); ok {
		return strings.ReplaceAll(iso, "-", ""), ""
	}
	if why := twoReadingDate(s); why != "" {
		return "", why
	}
	if !moment {
		return "", ""
	}
	if payNowOffset.MatchString(s) {
		// The template has no place for a time zone: which local time
		// the offset stands for is the caller's to say.
		return "", "; " + s + " has a time zone, and the code's moment has none: write it as YYYYMMDDHHMMSS in the time meant"
	}
	m := payNowLocalMoment.FindStringSubmatch(s)
	if m == nil {
		return "", ""
	}
	if m[6] == "" {
		m[6] = "00"
	}
	fix = m[1] + m[2] + m[3] + m[4] + m[5] + m[6]
	if _, err := time.Parse("20060102150405", fix); err != nil {
		return "", ""
	}
	return fix, ""
}
