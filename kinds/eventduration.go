package kinds

import (
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/qrforge/qrforge/registry"
)

// An event's length may be given instead of its end, as RFC 5545 §3.3.6
// writes a duration (PT1H30M, P2D, P1W) or as people write one (1h30m,
// 90 min, 2 hours, 3 days). It is written as DTEND, the start plus the
// length, which every reader takes; weeks and days are nominal (the same
// clock time days later in the event's zone, §3.3.6), hours, minutes and
// seconds exact.

// eventLength is a parsed duration: nominal days and an exact clock part.
type eventLength struct {
	days  int
	clock time.Duration
}

// maxEventDays bounds a duration: a year and a day.
const maxEventDays = 366

var (
	// icalDuration is RFC 5545 §3.3.6 dur-value, positive, in any case.
	icalDuration = regexp.MustCompile(`^p(?:(\d+)w)?(?:(\d+)d)?(?:t(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?)?$`)
	// wordDuration is the same parts written with units after numbers.
	wordDuration = regexp.MustCompile(`^(?:(\d+)(?:w|wk|wks|weeks?))?(?:(\d+)(?:d|days?))?(?:(\d+)(?:h|hrs?|hours?))?(?:(\d+)(?:m|mins?|minutes?))?(?:(\d+)(?:s|secs?|seconds?))?$`)
)

// parseEventLength reads a duration; false when it is none, or zero, or
// longer than maxEventDays.
func parseEventLength(s string) (eventLength, bool) {
	v := strings.ToLower(strings.Join(strings.Fields(s), ""))
	m := icalDuration.FindStringSubmatch(v)
	if m == nil || v == "p" || strings.HasSuffix(v, "t") {
		m = wordDuration.FindStringSubmatch(v)
	}
	if m == nil || v == "" {
		return eventLength{}, false
	}
	n := make([]int, 6)
	for i := 1; i <= 5; i++ {
		if m[i] == "" {
			continue
		}
		x, err := strconv.Atoi(m[i])
		if err != nil || x > maxEventDays*24*3600 {
			return eventLength{}, false
		}
		n[i] = x
	}
	l := eventLength{days: 7*n[1] + n[2], clock: time.Duration(n[3])*time.Hour + time.Duration(n[4])*time.Minute + time.Duration(n[5])*time.Second}
	if l.days == 0 && l.clock == 0 || l.days+int(l.clock/(24*time.Hour)) > maxEventDays {
		return eventLength{}, false
	}
	return l, true
}

// durationError refuses a duration given with end, or one that cannot be
// read; neither has a fix, as which length is meant only the caller knows.
func durationError(e Event, allDay bool) (eventLength, *registry.FieldError) {
	if e.End != "" {
		return eventLength{}, &registry.FieldError{Field: "duration", Detail: "duration and end both say when the event ends: give one (RFC 5545 §3.6.1 allows DTEND or DURATION, not both)"}
	}
	l, ok := parseEventLength(e.Duration)
	if !ok {
		return l, &registry.FieldError{Field: "duration", Detail: "duration " + strconv.Quote(truncateBytes(e.Duration, 40)) + " is not a length of up to a year: write it as RFC 5545 §3.3.6 does (PT1H30M, P2D, P1W) or as 1h30m, 90m, 2h, 3d, 1w"}
	}
	if allDay && (l.clock != 0 || l.days == 0) {
		return l, &registry.FieldError{Field: "duration", Detail: "an all-day event lasts whole days: duration is a number of days or weeks (P2D, 3d, 1w), not hours"}
	}
	return l, nil
}

// after is the time l after t: days on the calendar of t's zone, then the
// clock part.
func (l eventLength) after(t time.Time) time.Time {
	return t.AddDate(0, 0, l.days).Add(l.clock)
}
