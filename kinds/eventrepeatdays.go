package kinds

import (
	"slices"
	"strings"
	"time"

	"github.com/qrforge/qrforge/registry"
)

// checkStartOnRepeatDays refuses a weekly event whose start falls on none
// of its repeat_days. DTSTART SHOULD be synchronized with the rule, and a
// set whose DTSTART is not is undefined (RFC 5545 §3.8.5.3); DTSTART also
// counts as the first occurrence (§3.3.10), so COUNT=3;BYDAY=TU,TH from a
// Monday would hold that Monday. There is no fix: moving the start to the
// first listed day after it, or adding its weekday to repeat_days, are
// two events, and the date is the caller's (README "Errors").
func checkStartOnRepeatDays(e Event, t eventTimes) []registry.FieldError {
	if e.Repeat != "weekly" || e.RepeatDays == "" {
		return nil
	}
	days := strings.Split(e.RepeatDays, ",")
	shift := 0
	for !slices.Contains(days, weekdayCode(t.start.AddDate(0, 0, shift))) {
		if shift++; shift == 7 {
			return nil
		}
	}
	if shift == 0 {
		return nil
	}
	first := t.start.AddDate(0, 0, shift)
	return []registry.FieldError{{Field: "start",
		Detail: "start " + t.start.Format(time.DateOnly) + " is a " + t.start.Weekday().String() + ", which repeat_days " + e.RepeatDays +
			" leaves out: the start is the first occurrence (RFC 5545 §3.3.10), and one the rule does not give leaves the repeats undefined (§3.8.5.3); start on " +
			first.Format(time.DateOnly) + ", the " + first.Weekday().String() + " after it, or add " + weekdayCode(t.start) +
			" to repeat_days: which of them you mean is yours to say, so there is no fix"}}
}

// weekdayCode is t's weekday as RRULE BYDAY writes it (RFC 5545 §3.3.10).
func weekdayCode(t time.Time) string { return eventWeekdays[(int(t.Weekday())+6)%7] }
