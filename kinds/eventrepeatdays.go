package kinds

import (
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/qrforge/qrforge/registry"
)

// checkStartOnRepeatDays refuses a weekly event whose start falls on none
// of its repeat_days. DTSTART SHOULD be synchronized with the rule, and a
// set whose DTSTART is not is undefined (RFC 5545 §3.8.5.3); DTSTART also
// counts as the first occurrence (§3.3.10), so COUNT=3;BYDAY=TU,TH from a
// Monday would hold that Monday. The fix moves start to the first listed
// day after it, at the same clock time in the same zone, and end with it:
// the weeks the caller asked for, from the start's own week.
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
	loc, _ := eventZone(e.TZID)
	first := t.start.AddDate(0, 0, shift)
	errs := []registry.FieldError{{Field: "start",
		Detail: "start " + t.start.Format(time.DateOnly) + " is a " + t.start.Weekday().String() + ", which repeat_days " + e.RepeatDays +
			" leaves out: the start is the first occurrence (RFC 5545 §3.3.10), and one the rule does not give leaves the repeats undefined (§3.8.5.3); start on " +
			first.Format(time.DateOnly) + ", the " + first.Weekday().String() + " after it, or add " + weekdayCode(t.start) + " to repeat_days",
		Fix: movedDays("start", e.Start, shift, t.allDay, loc)}}
	if e.End != "" {
		later := strconv.Itoa(shift) + " days"
		if shift == 1 {
			later = "a day"
		}
		errs = append(errs, registry.FieldError{Field: "end",
			Detail: "end moves with start, " + later + " later, so that the event keeps its length",
			Fix:    movedDays("end", e.End, shift, t.allDay, loc)})
	}
	return errs
}

// weekdayCode is t's weekday as RRULE BYDAY writes it (RFC 5545 §3.3.10).
func weekdayCode(t time.Time) string { return eventWeekdays[(int(t.Weekday())+6)%7] }

// movedDays is the start or end value s moved by days, in the form it was
// given: a date, a clock time in loc, or a time with an offset (which,
// with loc, is written with loc's offset on the new day). It is "" where
// the clock time does not exist on the new day, skipped for daylight
// saving time.
func movedDays(field, s string, days int, allDay bool, loc *time.Location) string {
	if allDay {
		d, _ := eventDate(s)
		return d.AddDate(0, 0, days).Format(time.DateOnly)
	}
	at, fe := eventDateTime(field, s, loc)
	if fe != nil {
		return ""
	}
	moved := time.Date(at.Year(), at.Month(), at.Day()+days, at.Hour(), at.Minute(), at.Second(), 0, at.Location())
	if moved.Hour() != at.Hour() || moved.Minute() != at.Minute() {
		return ""
	}
	if _, fe := eventDateTime(field, s, nil); fe != nil {
		return moved.Format("2006-01-02T15:04:05")
	}
	return moved.Format(time.RFC3339)
}
