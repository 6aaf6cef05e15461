package kinds

import (
	"crypto/sha256"
	"encoding/hex"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	_ "time/tzdata" // tzid must resolve where the host has no zoneinfo

	"github.com/qrforge/qrforge/registry"
)

// Event is a calendar entry: an iCalendar VEVENT inside a VCALENDAR, which
// phone cameras offer to add to the calendar.
type Event struct {
	Title          string `json:"title" also:"summary,name" validate:"required" jsonschema_description:"What the event is called (SUMMARY)." title:"Event name"`
	Start          string `json:"start" also:"dtstart,begin,from,starts" validate:"required" jsonschema_description:"Start as an RFC 3339 date-time with a UTC offset, e.g. 2026-10-01T19:00:00+02:00 (written in UTC in the code). With tzid the offset may be left out: 2026-10-01T19:00:00 is then the clock time in that zone. A space may stand for the T (RFC 3339 §5.6), and a + before the offset is written %2B in a query. For an all-day event a date, 2026-10-01, is enough. With tzid, a date as people write it (12/24/2026 6pm, 24.12.2026 18:00) is refused with a fix when it has one reading." title:"Starts"`
	End            string `json:"end" also:"dtend,ends,to" jsonschema_description:"End, same form as start and not before it. For an all-day event it is the last day of the event (inclusive); leave it empty for a one-day event." title:"Ends"`
	Duration       string `json:"duration" also:"length" jsonschema_description:"How long the event lasts, instead of end: as RFC 5545 §3.3.6 writes it (PT1H30M, P2D, P1W) or as 1h30m, 90m, 2h, 3d, 1w; up to a year. Written as DTEND, the start plus this length (days are calendar days in the event's zone). An all-day event lasts whole days." title:"Duration"`
	TZID           string `json:"tzid" also:"tz,timezone,time_zone" jsonschema_description:"IANA time zone of the event, such as Europe/Berlin or America/New_York. Given, the times are written as local times with TZID and the code carries a VTIMEZONE built from the zone's rules (RFC 5545 §3.6.5), so a repeating event keeps its clock time across daylight-saving changes; left empty, times are converted to UTC." title:"Time zone"`
	Location       string `json:"location" also:"place,where,venue,address" jsonschema_description:"Where it takes place (LOCATION)." title:"Location"`
	Description    string `json:"description" also:"details,notes,note" space:"keep" jsonschema_description:"Longer description (DESCRIPTION); line breaks are kept." title:"Description"`
	URL            string `json:"url" validate:"omitempty,http_url" jsonschema_description:"Web page of the event (URL, RFC 5545 §3.8.4.6), an absolute http(s) address." identity:"true" title:"Web page"`
	AllDay         string `json:"allday" validate:"omitempty,oneofci=true false 1 0 yes no" jsonschema:"enum=true,enum=false" jsonschema_description:"Whether the event lasts whole days, without times: true/false (also 1/0, yes/no)." title:"All day"`
	Repeat         string `json:"repeat" meant:"day=daily,every-day=daily,week=weekly,every-week=weekly,month=monthly,every-month=monthly,year=yearly,annually=yearly,every-year=yearly,biweekly=,bi-weekly=,fortnightly=weekly+repeat_interval:2,every-other-week=weekly+repeat_interval:2,every-two-weeks=weekly+repeat_interval:2,every-2-weeks=weekly+repeat_interval:2,quarterly=monthly+repeat_interval:3,triweekly=,twice-weekly=,semi-weekly=,semiweekly=,bimonthly=,bi-monthly=,twice-monthly=,semi-monthly=,semimonthly=,bidaily=,bi-daily=,twice-daily=,biyearly=,bi-yearly=,half-yearly=monthly+repeat_interval:6,semiannually=monthly+repeat_interval:6,semi-annually=monthly+repeat_interval:6" validate:"omitempty,oneofci=daily weekly monthly yearly" jsonschema:"enum=daily,enum=weekly,enum=monthly,enum=yearly" jsonschema_description:"Repeat the event every day, week, month or year from its start (RRULE FREQ, RFC 5545 §3.3.10). A monthly event repeats on the start's day of the month, a yearly one on its date. Every two weeks is weekly with repeat_interval=2; twice a week is weekly with two repeat_days." title:"Repeats"`
	RepeatInterval string `json:"repeat_interval" also:"interval" jsonschema_description:"Repeat every this many days, weeks, months or years, 1 to 99: weekly with 2 is every two weeks (RRULE INTERVAL, RFC 5545 §3.3.10). Empty: every one." title:"Repeat interval"`
	RepeatCount    string `json:"repeat_count" also:"count" jsonschema_description:"Number of occurrences, the first included: 1 to 1000 (RRULE COUNT). Not with repeat_until." title:"Number of occurrences"`
	RepeatUntil    string `json:"repeat_until" also:"until" jsonschema_description:"Last day on which the event may occur, YYYY-MM-DD (inclusive), or an RFC 3339 date-time with offset for an exact bound (RRULE UNTIL, written in UTC for a timed event). Not with repeat_count; without either the event repeats for ever." title:"Repeat until"`
	RepeatDays     string `json:"repeat_days" also:"byday" jsonschema_description:"For a weekly event, the weekdays it occurs on, a comma-separated list of MO, TU, WE, TH, FR, SA, SU (RRULE BYDAY), e.g. TU,TH, in the start's own time (its offset, or tzid). The start is the first occurrence and falls on one of them (RFC 5545 §3.8.5.3). Empty: the start's weekday." title:"Repeat on days"`
	Reminder       string `json:"reminder" also:"alarm" jsonschema_description:"Minutes before the start at which to show an alarm, 0 to 40320 (four weeks)." title:"Reminder (minutes before)"`
	ReminderText   string `json:"reminder_text" jsonschema_description:"Text the alarm shows (VALARM DESCRIPTION, RFC 5545 §3.6.6); the event's title when left empty. Needs reminder." title:"Reminder text"`
	Stamp          string `json:"dtstamp" stamp:"true" jsonschema_description:"When this event's information was written or last changed (DTSTAMP, RFC 5545 §3.8.7.2), an RFC 3339 date-time with offset, written in UTC. Left empty, it is the moment the code is made, in UTC to the second; give it to make the same code again, byte for byte." title:"Written at"`
}

// eventProdID identifies qrforge as the producer (RFC 5545 §3.7.3).
const eventProdID = "-//qrforge//qrforge 1.0//EN"

// maxReminder is four weeks in minutes.
const maxReminder = 40320

func init() {
	registry.Register(registry.Kind[Event]{
		Name:       "event",
		Title:      "Calendar event",
		AlsoCalled: []string{"calendar", "ical", "ics", "icalendar", "vevent", "meeting", "appointment"},
		Purpose:    registry.Calendar,
		Common:     true,
		Summary:    "Add an event to the calendar (iCalendar VEVENT)",
		Standard: registry.Standard{
			Name:    "RFC 5545",
			Version: "2009",
			Section: "§3.6.1 (VEVENT), §3.6.5 (VTIMEZONE), §3.3.10 (RRULE), §3.6.6 (VALARM), §3.3.5 (DATE-TIME in UTC or with TZID)",
			URL:     "https://www.rfc-editor.org/rfc/rfc5545",
		},
		Examples: []Event{
			{Title: "Launch", Start: "2026-10-01T19:00:00+02:00", End: "2026-10-01T20:00:00+02:00", Location: "Town Hall, Room 2", Reminder: "15", Stamp: "2026-09-15T08:30:00Z"},
			{Title: "Festival International de Jazz de Montreal", Start: "2007-06-28", End: "2007-07-08", AllDay: "true", Stamp: "2007-04-23T12:34:32Z"},
			{Title: "Team meeting", Start: "2026-03-03T09:00:00", End: "2026-03-03T09:30:00", TZID: "America/New_York", Repeat: "weekly", RepeatDays: "TU,TH",
				RepeatUntil: "2026-06-30", URL: "https://example.com/meeting", Reminder: "10", ReminderText: "Team meeting in 10 minutes", Stamp: "2026-02-20T16:00:00Z"},
		},
		Check:        checkEvent,
		Encode:       encodeEvent,
		ParseNotKept: parseEvent,
	})
}

// maxRepeatCount bounds RRULE COUNT: a thousand occurrences is nearly
// three years of a daily event, and readers expand recurrences eagerly.
const maxRepeatCount = 1000

// maxRepeatInterval bounds RRULE INTERVAL: a hundred years apart is past
// any calendar's use.
const maxRepeatInterval = 99

// eventWeekdays are the RRULE BYDAY weekday codes in week order (RFC 5545
// §3.3.10 weekday).
var eventWeekdays = []string{"MO", "TU", "WE", "TH", "FR", "SA", "SU"}

// eventTimes are an event's validated times. For an all-day event start and
// end are dates at midnight UTC and end is exclusive; for a timed event end
// is zero when it equals the start or was not given. loc is the tzid zone,
// nil for UTC output; start and end are in loc, or in the offset the caller
// wrote.
type eventTimes struct {
	allDay     bool
	loc        *time.Location
	start, end time.Time
	until      string // the RRULE UNTIL value, "" for none
}

// reminderFix is a refused reminder's correction: -15 and +15 are 15, as
// the alarm's own trigger writes minutes before the start with a minus
// (RFC 5545 §3.8.6.3, TRIGGER:-PT15M), and a longer time is cut to four
// weeks. What is not a number gets none: a reminder time the caller never
// wrote is not made up.
func reminderFix(n int, err error) string {
	if err != nil {
		return ""
	}
	return strconv.Itoa(min(max(n, -n), maxReminder))
}

// repeatCountFix is a refused count's correction: a count over the limit
// is cut to it; none other is made up.
func repeatCountFix(n int, err error) string {
	if err != nil || n < 1 {
		return ""
	}
	return strconv.Itoa(min(n, maxRepeatCount))
}

func checkEvent(e *Event) []registry.FieldError {
	errs := checkTextFields(textField{"title", e.Title}, textField{"location", e.Location}, textField{"description", e.Description},
		textField{"reminder_text", e.ReminderText})
	if e.Reminder != "" {
		n, err := strconv.Atoi(e.Reminder)
		if err != nil || n < 0 || n > maxReminder || strings.HasPrefix(e.Reminder, "+") {
			errs = append(errs, registry.FieldError{Field: "reminder", Detail: "reminder is a whole number of minutes before the start, 0 to 40320 (four weeks)", Fix: reminderFix(n, err)})
		} else {
			e.Reminder = strconv.Itoa(n)
		}
	}
	if e.ReminderText != "" && e.Reminder == "" {
		errs = append(errs, registry.FieldError{Field: "reminder_text", Detail: "reminder_text is the text of the alarm: give reminder, the minutes before the start, as well (RFC 5545 §3.6.6)", Fix: ""})
	}
	if strings.ContainsFunc(e.URL, func(r rune) bool { return r <= ' ' || r == 0x7f }) {
		errs = append(errs, registry.FieldError{Field: "url", Detail: "url must not contain spaces or control characters (RFC 3986 §2)", Fix: uriFix(e.URL)})
	}
	e.Repeat, e.RepeatDays = strings.ToLower(e.Repeat), strings.ToUpper(strings.ReplaceAll(e.RepeatDays, " ", ""))
	repeatErrs := checkEventRepeat(e)
	errs = append(errs, repeatErrs...)
	e.Start, e.End = spacedDateTime(e.Start), spacedDateTime(e.End)
	if t, fe := eventSchedule(*e); fe != nil {
		errs = append(errs, *fe)
	} else if len(repeatErrs) == 0 {
		errs = append(errs, checkStartOnRepeatDays(*e, t)...)
	}
	if stamp, err := time.Parse(time.RFC3339, e.Stamp); err != nil {
		errs = append(errs, registry.FieldError{Field: "dtstamp", Detail: "dtstamp is an RFC 3339 date-time with offset, such as 2026-09-15T08:30:00Z: the moment the event's information was written (RFC 5545 §3.8.7.2)"})
	} else {
		// DTSTAMP is a DATE-TIME in UTC (RFC 5545 §3.8.7.2) of whole
		// seconds (§3.3.5).
		e.Stamp = stamp.UTC().Truncate(time.Second).Format(time.RFC3339)
	}
	return errs
}

// checkEventRepeat checks the RRULE fields that do not depend on the
// times (RFC 5545 §3.3.10).
func checkEventRepeat(e *Event) []registry.FieldError {
	var errs []registry.FieldError
	if e.Repeat == "" {
		for _, f := range []struct{ name, value string }{{"repeat_interval", e.RepeatInterval}, {"repeat_count", e.RepeatCount}, {"repeat_until", e.RepeatUntil}, {"repeat_days", e.RepeatDays}} {
			if f.value != "" {
				errs = append(errs, registry.FieldError{Field: f.name, Detail: f.name + " bounds a repeating event: give repeat (daily, weekly, monthly or yearly) as well", Fix: ""})
			}
		}
		return errs
	}
	if e.RepeatInterval != "" {
		n, err := strconv.Atoi(e.RepeatInterval)
		if err != nil || n < 1 || n > maxRepeatInterval || strings.HasPrefix(e.RepeatInterval, "+") {
			errs = append(errs, registry.FieldError{Field: "repeat_interval", Detail: "repeat_interval is how many days, weeks, months or years apart the event repeats, 1 to 99 (RRULE INTERVAL, RFC 5545 §3.3.10)", Fix: ""})
		} else {
			// 1 is INTERVAL's default, not written.
			e.RepeatInterval = strconv.Itoa(n)
			if n == 1 {
				e.RepeatInterval = ""
			}
		}
	}
	if e.RepeatCount != "" {
		n, err := strconv.Atoi(e.RepeatCount)
		if err != nil || n < 1 || n > maxRepeatCount || strings.HasPrefix(e.RepeatCount, "+") {
			errs = append(errs, registry.FieldError{Field: "repeat_count", Detail: "repeat_count is the number of occurrences, 1 to 1000 (RRULE COUNT, RFC 5545 §3.3.10)", Fix: repeatCountFix(n, err)})
		} else {
			e.RepeatCount = strconv.Itoa(n)
		}
		if e.RepeatUntil != "" {
			// RFC 5545 §3.3.10: UNTIL and COUNT MUST NOT occur in the same rule.
			errs = append(errs, registry.FieldError{Field: "repeat_until", Detail: "give repeat_count or repeat_until, not both: UNTIL and COUNT must not occur in the same RRULE (RFC 5545 §3.3.10)", Fix: ""})
		}
	}
	if e.RepeatDays != "" {
		if e.Repeat != "weekly" {
			errs = append(errs, registry.FieldError{Field: "repeat_days", Detail: "repeat_days chooses the weekdays of a weekly event: set repeat to weekly, or leave repeat_days empty", Fix: ""})
			return errs
		}
		var days []string
		for _, d := range strings.Split(e.RepeatDays, ",") {
			if !slices.Contains(eventWeekdays, d) {
				errs = append(errs, registry.FieldError{Field: "repeat_days", Detail: "repeat_days is a comma-separated list of MO, TU, WE, TH, FR, SA, SU (RFC 5545 §3.3.10 weekday); " + strconv.Quote(d) + " is none of them", Fix: ""})
				return errs
			}
			if !slices.Contains(days, d) {
				days = append(days, d)
			}
		}
		slices.SortFunc(days, byWeekOrder)
		e.RepeatDays = strings.Join(days, ",")
	}
	return errs
}

// eventZone resolves tzid, an IANA zone name; nil for none. UTC itself
// is written in UTC form, without a VTIMEZONE.
func eventZone(tzid string) (*time.Location, *registry.FieldError) {
	if tzid == "" {
		return nil, nil
	}
	loc, err := time.LoadLocation(tzid)
	if err != nil || tzid == "Local" || strings.ContainsAny(tzid, ";:,\"") {
		fe := &registry.FieldError{Field: "tzid", Detail: "tzid is an IANA time zone name such as Europe/Berlin or America/New_York; " + strconv.Quote(tzid) + " is not one"}
		if cased := zoneCased(tzid); cased != "" {
			fe.Detail += "; its case is " + cased + ", which the fix writes"
			fe.Fix = cased
		} else if zone := zoneOfCity(tzid); zone != "" {
			fe.Detail += "; the one zone named after " + strconv.Quote(tzid) + " is " + zone + ", which the fix writes"
			fe.Fix = zone
		}
		return nil, fe
	}
	return loc, nil
}

// zoneCased is the IANA zone name tzid writes in another case
// (europe/berlin is Europe/Berlin), or "" when no casing names exactly
// one zone. Names are case-sensitive in the database and in
// time.LoadLocation; a reader given TZID:europe/berlin finds no zone.
// Go lists no zone names, so the casings the database uses are tried:
// each word capitalised but au, es and of (Port-au-Prince,
// Dar_es_Salaam, Isle_of_Man), or all capitals (UTC, EST5EDT).
func zoneCased(tzid string) string {
	if strings.ContainsAny(tzid, ";:,\"") {
		return ""
	}
	var found []string
	for _, c := range []string{titleWords(tzid), strings.ToUpper(tzid)} {
		if _, err := time.LoadLocation(c); err == nil && c != tzid && c != "Local" && !slices.Contains(found, c) {
			found = append(found, c)
		}
	}
	if len(found) != 1 {
		return ""
	}
	return found[0]
}

// titleWords capitalises each word of a zone name, the words split at
// '/', '_' and '-', but the lower-case words of the database's names.
func titleWords(name string) string {
	lower := map[string]bool{"au": true, "es": true, "of": true}
	out := []byte(strings.ToLower(name))
	start := true
	for i := range out {
		if strings.IndexByte("/_-", out[i]) >= 0 {
			start = true
			continue
		}
		if start && 'a' <= out[i] && out[i] <= 'z' && !lower[wordAt(string(out[i:]))] {
			out[i] -= 'a' - 'A'
		}
		start = false
	}
	return string(out)
}

// wordAt is the word s starts with, up to '/', '_' or '-'.
func wordAt(s string) string {
	if i := strings.IndexAny(s, "/_-"); i >= 0 {
		return s[:i]
	}
	return s
}

// eventSchedule validates the times and works out what to write.
func eventSchedule(e Event) (eventTimes, *registry.FieldError) {
	t := eventTimes{allDay: parseBool(e.AllDay)}
	if t.allDay {
		if e.TZID != "" {
			return t, &registry.FieldError{Field: "tzid", Detail: "an all-day event has dates, which carry no time zone (RFC 5545 §3.3.4): leave tzid empty", Fix: ""}
		}
		start, ok := eventDate(e.Start)
		if !ok {
			fix, _ := monthWordDate(e.Start)
			return t, &registry.FieldError{Field: "start", Detail: "start of an all-day event is a date, YYYY-MM-DD (RFC 3339 full-date), such as 2026-10-01" + twoReadingDate(e.Start), Fix: fix}
		}
		last := start
		if e.Duration != "" {
			l, fe := durationError(e, true)
			if fe != nil {
				return t, fe
			}
			last = start.AddDate(0, 0, l.days-1)
		}
		if e.End != "" {
			if last, ok = eventDate(e.End); !ok {
				fix, named := monthWordDate(e.End)
				if !named {
					fix = start.Format(time.DateOnly)
				}
				return t, &registry.FieldError{Field: "end", Detail: "end of an all-day event is its last day, YYYY-MM-DD (RFC 3339 full-date)", Fix: fix}
			}
			if last.Before(start) {
				// No fix: the start's day would drop the caller's end,
				// and the last day only the caller knows.
				return t, &registry.FieldError{Field: "end", Detail: "end, the event's last day, is before start (RFC 5545 §3.8.2.2: DTEND is later than DTSTART): give the day the event ends, or leave end out for a one-day event", Fix: ""}
			}
		}
		// DTEND is the non-inclusive end (RFC 5545 §3.6.1): the day after
		// the last day.
		t.start, t.end = start, last.AddDate(0, 0, 1)
		if t.end.Year() > 9999 {
			return t, &registry.FieldError{Field: "end", Detail: "the day after end must still be in year 9999 or earlier (RFC 5545 §3.3.4 four-digit year)", Fix: "9999-12-30"}
		}
		if e.RepeatUntil != "" {
			until, ok := eventDate(e.RepeatUntil)
			if !ok || until.Before(start) {
				return t, &registry.FieldError{Field: "repeat_until", Detail: "repeat_until of an all-day event is a date YYYY-MM-DD on or after start (RFC 5545 §3.3.10: UNTIL has the value type of DTSTART)", Fix: ""}
			}
			t.until = until.Format("20060102")
		}
		return t, nil
	}
	loc, fe := eventZone(e.TZID)
	if fe != nil {
		return t, fe
	}
	if loc != time.UTC {
		t.loc = loc
	}
	start, fe := eventDateTime("start", e.Start, loc)
	if fe != nil {
		if fix := allDayFix(e); fix != nil {
			return t, fix
		}
		return t, fe
	}
	t.start = start
	if e.Duration != "" {
		l, fe := durationError(e, false)
		if fe != nil {
			return t, fe
		}
		if t.end = l.after(start); t.end.UTC().Year() > 9999 {
			return t, &registry.FieldError{Field: "duration", Detail: "start plus duration must still be in year 9999 or earlier (RFC 5545 §3.3.4 four-digit year)"}
		}
	}
	if e.End != "" {
		end, fe := eventDateTime("end", e.End, loc)
		if fe != nil {
			return t, fe
		}
		if end.Before(start) {
			// No fix: the start as the end is no later than the start,
			// and the end only the caller knows.
			return t, &registry.FieldError{Field: "end", Detail: "end is before start (RFC 5545 §3.8.2.2: DTEND is later than DTSTART): give the time the event ends, or leave end out", Fix: ""}
		}
		// DTEND must be later than DTSTART (RFC 5545 §3.8.2.2); an event
		// without DTEND ends when it starts (§3.6.1), so an end equal to
		// the start is simply left out.
		if end.After(start) {
			t.end = end
		}
	}
	if e.RepeatUntil != "" {
		var until time.Time
		if d, err := time.Parse(time.DateOnly, e.RepeatUntil); err == nil {
			// The last day, at the start's clock time in the start's zone,
			// so that an occurrence on that day is included (UNTIL is
			// inclusive, RFC 5545 §3.3.10).
			until = time.Date(d.Year(), d.Month(), d.Day(), start.Hour(), start.Minute(), start.Second(), 0, start.Location())
		} else if until, fe = eventDateTime("repeat_until", e.RepeatUntil, loc); fe != nil {
			fe.Detail = "repeat_until is a date YYYY-MM-DD (the last day the event may occur) or an RFC 3339 date-time with offset"
			return t, fe
		}
		if until.Before(start) || until.UTC().Year() > 9999 {
			return t, &registry.FieldError{Field: "repeat_until", Detail: "repeat_until is before start: the event would never occur", Fix: ""}
		}
		// With a UTC or TZID start, UNTIL MUST be in UTC (RFC 5545 §3.3.10).
		t.until = icalUTC(until)
	}
	return t, nil
}

// eventDateTime reads an RFC 3339 date-time that carries its UTC offset
// ("Z" or ±hh:mm, RFC 3339 §5.6); seconds may be left out. Without a zone
// a time without an offset is refused: it would be "floating" (RFC 5545
// §3.3.5 form #1), shown at that clock time in whatever zone the phone is
// in. With a zone it is that zone's clock time, and one that the zone
// skips (a daylight-saving gap) is refused; an ambiguous one is its first
// occurrence, as RFC 5545 §3.3.5 reads it.
func eventDateTime(field, s string, loc *time.Location) (time.Time, *registry.FieldError) {
	s = strings.ToUpper(s)
	if fe := basicFormFix(field, s, loc); fe != nil {
		return time.Time{}, fe
	}
	if problem := dateTimeProblem(s); problem != "" {
		return time.Time{}, &registry.FieldError{Field: field, Detail: field + " " + strconv.Quote(truncateBytes(s, 40)) + " " + problem, Fix: ""}
	}
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04Z07:00"} {
		if t, err := time.Parse(layout, s); err == nil {
			t = t.Truncate(time.Second)
			if loc != nil {
				t = t.In(loc)
			}
			if t.UTC().Year() < 0 || t.UTC().Year() > 9999 || t.Year() > 9999 {
				break
			}
			return t, nil
		}
	}
	if loc != nil {
		for _, layout := range []string{"2006-01-02T15:04:05", "2006-01-02T15:04"} {
			wall, err := time.Parse(layout, s)
			if err != nil || wall.Year() > 9999 {
				continue
			}
			t := time.Date(wall.Year(), wall.Month(), wall.Day(), wall.Hour(), wall.Minute(), wall.Second(), 0, loc)
			if t.Format("2006-01-02T15:04:05") != wall.Format("2006-01-02T15:04:05") {
				return time.Time{}, &registry.FieldError{Field: field, Detail: field + " " + s + " does not exist in " + loc.String() + ": the clocks skip it for daylight saving time", Fix: ""}
			}
			return t, nil
		}
		fe := &registry.FieldError{Field: field, Detail: field + " is a date-time such as 2026-10-01T19:00:00, the clock time in " + loc.String() + ", or RFC 3339 with an offset", Fix: ""}
		if fix, ok := writtenDateTime(s); ok {
			fe.Fix, fe.Detail = fix, fe.Detail+"; "+strconv.Quote(truncateBytes(s, 40))+" reads as "+fix
		}
		return time.Time{}, fe
	}
	// No fix: a date or a time zone picked for the caller would put the
	// event at a time they did not give.
	detail := field + " is an RFC 3339 date-time with a UTC offset, such as 2026-10-01T19:00:00+02:00 or ...Z"
	if m := eventDateTimeShape.FindStringSubmatch(s); m != nil && m[7] != "" {
		detail += "; " + strconv.Quote(truncateBytes(s, 40)) + " falls outside the years 0000 to 9999, which iCalendar writes in four digits (RFC 5545 §3.3.4)"
	} else {
		detail += "; without an offset the time would float with the reader's time zone (RFC 5545 §3.3.5); or give tzid"
	}
	return time.Time{}, &registry.FieldError{Field: field, Detail: detail, Fix: ""}
}

// icalBasicDateTime is a date-time in iCalendar's basic form (RFC 5545
// §3.3.5): 19980119T070000Z in UTC (FORM #2), or without the Z, floating
// (FORM #1) or the clock time of a TZID (FORM #3).
var icalBasicDateTime = regexp.MustCompile(`^([0-9]{4})([0-9]{2})([0-9]{2})T([0-9]{2})([0-9]{2})([0-9]{2})(Z?)$`)

// basicFormFix refuses a date-time written in iCalendar's basic form, with
// a fix that writes it in RFC 3339's, which the field takes: UTC, or with
// a zone its clock time. A floating one (no Z, no tzid) is left to the
// other checks, as it would be in RFC 3339's form. nil when s is not in
// that form or its fix would be refused too.
func basicFormFix(field, s string, loc *time.Location) *registry.FieldError {
	m := icalBasicDateTime.FindStringSubmatch(s)
	if m == nil || m[7] == "" && loc == nil {
		return nil
	}
	fix := m[1] + "-" + m[2] + "-" + m[3] + "T" + m[4] + ":" + m[5] + ":" + m[6] + m[7]
	if _, fe := eventDateTime(field, fix, loc); fe != nil {
		return nil
	}
	return &registry.FieldError{Field: field, Fix: fix,
		Detail: field + " " + strconv.Quote(s) + " is in iCalendar's basic form (RFC 5545 §3.3.5); " + field + " takes RFC 3339's, which the fix writes: " + fix}
}

// allDayFix marks as all-day an event whose start, and end if given, are
// dates without a time (RFC 5545 §3.3.4 DATE), when allday and tzid are
// not given: the dates are kept, and the time the caller left out is not
// made up. nil for any other event.
func allDayFix(e Event) *registry.FieldError {
	if e.AllDay != "" || e.TZID != "" {
		return nil
	}
	// A date whose month is a word (Feb 3 2027) is a date too, written
	// YYYY-MM-DD in the fix (RFC 5545 §3.3.4).
	dateOnly := func(s string) bool {
		_, err := time.Parse(time.DateOnly, s)
		_, named := monthWordDate(s)
		return err == nil || named
	}
	if !dateOnly(e.Start) || e.End != "" && !dateOnly(e.End) {
		return nil
	}
	start := e.Start
	if iso, named := monthWordDate(start); named {
		start = iso
	}
	return &registry.FieldError{Field: "start", Fix: start, With: map[string]string{"allday": "true"},
		Detail: "start " + e.Start + " is a date without a time, which an all-day event has (allday=true, RFC 5545 §3.3.4); for a timed event give the time with its offset, such as 2026-10-01T19:00:00+02:00"}
}

// eventDateTimeShape is an RFC 3339 date-time (§5.6), with seconds
// optional and the offset too (a time in tzid's zone), read for its
// parts: year, month, day, hour, minute, second, offset, its hours and
// minutes.
var eventDateTimeShape = regexp.MustCompile(`^([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2})(?::([0-9]{2})(?:\.[0-9]+)?)?(Z|[+-]([0-9]{2}):([0-9]{2}))?$`)

// spacedDate is a date, the spaces after it and a time: RFC 3339's
// date-time with spaces for its T.
var spacedDate = regexp.MustCompile(`^([0-9]{4}-[0-9]{2}-[0-9]{2}) +([0-9]{2}:)`)

// spacedDateTime is s with the space between its date and time written T
// (2026-12-24 18:00 is 2026-12-24T18:00): RFC 3339 §5.6 lets applications
// write a space there for readability, and people and spreadsheets do.
func spacedDateTime(s string) string {
	return spacedDate.ReplaceAllString(strings.TrimSpace(s), "${1}T${2}")
}

// dateTimeProblem says which part of a date-time of RFC 3339's shape is out
// of its range (RFC 3339 §5.6, §5.7): a day the month does not have, an
// hour past 23, an offset past 23:59; "" when none is, or s has another
// shape.
func dateTimeProblem(s string) string {
	m := eventDateTimeShape.FindStringSubmatch(s)
	if m == nil {
		return ""
	}
	n := func(i int) int { v, _ := strconv.Atoi(m[i]); return v }
	year, month, day := n(1), n(2), n(3)
	switch {
	case month < 1 || month > 12:
		return "has month " + m[2] + ", which does not exist: months are 01 to 12 (RFC 3339 §5.6)"
	case day < 1 || day > daysIn(year, time.Month(month)):
		return "is a date that does not exist: " + time.Month(month).String() + " " + m[1] + " has " + itoa(daysIn(year, time.Month(month))) + " days (RFC 3339 §5.7)"
	case n(4) > 23:
		return "has hour " + m[4] + ", out of range: hours are 00 to 23 (RFC 3339 §5.6)"
	case n(5) > 59:
		return "has minute " + m[5] + ", out of range: minutes are 00 to 59 (RFC 3339 §5.6)"
	case m[6] != "" && n(6) > 59:
		return "has second " + m[6] + ", out of range: seconds are 00 to 59 (RFC 5545 §3.3.12 writes no leap second)"
	case m[8] != "" && (n(8) > 23 || n(9) > 59):
		return "has offset " + m[7] + ", out of range: an offset is -23:59 to +23:59 (RFC 3339 §5.6 time-numoffset)"
	}
	return ""
}

// eventDate reads the date of an all-day event: a full-date, or the date
// part of a date-time as written (its offset does not move the day).
func eventDate(s string) (time.Time, bool) {
	if len(s) > 10 {
		if _, fe := eventDateTime("", s, nil); fe != nil {
			return time.Time{}, false
		}
		s = s[:10]
	}
	t, err := time.Parse(time.DateOnly, s)
	return t, err == nil
}

// encodeEvent writes VCALENDAR/VEVENT (RFC 5545 §3.4, §3.6.1) with CRLF
// line ends, folding and TEXT escaping. UID and DTSTAMP are required
// (§3.6.1). The UID is the first 64 bits of the SHA-256 of the event's
// property lines, in hex, @qrforge: unique for different events, the same
// for the same one, as §3.8.4.7 asks of a persistent identifier, and free
// of the clock and chance, since the same request gives the same bytes.
// DTSTAMP is the dtstamp field, which the service sets to the moment the
// code is made when the caller leaves it empty (registry.Field Stamp).
func encodeEvent(e Event) string {
	t, props := eventLines(e)
	stamp, _ := time.Parse(time.RFC3339, e.Stamp)
	lines := []string{"BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:" + eventProdID}
	if t.loc != nil {
		lines = append(lines, vtimezone(e.TZID, t.loc, t.start)...)
	}
	lines = append(lines,
		"BEGIN:VEVENT",
		"UID:"+eventUID(props),
		"DTSTAMP:"+icalUTC(stamp),
	)
	lines = append(lines, props...)
	lines = append(lines, "END:VEVENT", "END:VCALENDAR")
	return writeContentLines(lines)
}

// eventLines are the event's property lines after UID and DTSTAMP,
// unfolded, with its validated times.
func eventLines(e Event) (eventTimes, []string) {
	t, _ := eventSchedule(e)
	var props []string
	switch {
	case t.allDay:
		// DATE values (RFC 5545 §3.3.4) with an exclusive DTEND.
		props = append(props,
			"DTSTART;VALUE=DATE:"+t.start.Format("20060102"),
			"DTEND;VALUE=DATE:"+t.end.Format("20060102"))
	case t.loc != nil:
		// FORM #3 of RFC 5545 §3.3.5: local time with a TZID that a
		// VTIMEZONE in the same object defines.
		props = append(props, "DTSTART;TZID="+e.TZID+":"+t.start.Format("20060102T150405"))
		if !t.end.IsZero() {
			props = append(props, "DTEND;TZID="+e.TZID+":"+t.end.Format("20060102T150405"))
		}
	default:
		// UTC form, FORM #2 of RFC 5545 §3.3.5: numeric offsets are not
		// allowed in DATE-TIME values.
		props = append(props, "DTSTART:"+icalUTC(t.start))
		if !t.end.IsZero() {
			props = append(props, "DTEND:"+icalUTC(t.end))
		}
	}
	if e.Repeat != "" {
		// RFC 5545 §3.3.10 recur-rule-part order as in its examples:
		// FREQ, INTERVAL, then COUNT or UNTIL, then BYDAY.
		rule := "RRULE:FREQ=" + strings.ToUpper(e.Repeat)
		if e.RepeatInterval != "" {
			rule += ";INTERVAL=" + e.RepeatInterval
		}
		if e.RepeatCount != "" {
			rule += ";COUNT=" + e.RepeatCount
		}
		if t.until != "" {
			rule += ";UNTIL=" + t.until
		}
		if e.RepeatDays != "" {
			days := e.RepeatDays
			if !t.allDay && t.loc == nil {
				days = utcWeekdays(days, t.start)
			}
			rule += ";BYDAY=" + days
		}
		props = append(props, rule)
	}
	props = append(props, "SUMMARY:"+escapeText(e.Title))
	if e.Location != "" {
		props = append(props, "LOCATION:"+escapeText(e.Location))
	}
	if e.Description != "" {
		props = append(props, "DESCRIPTION:"+escapeText(e.Description))
	}
	if e.URL != "" {
		// URL is a URI value, not TEXT (RFC 5545 §3.8.4.6, §3.3.13).
		props = append(props, "URL:"+e.URL)
	}
	if e.Reminder != "" {
		// A DISPLAY alarm needs ACTION, TRIGGER and DESCRIPTION (RFC 5545
		// §3.6.6); a negative duration triggers before the start
		// (§3.8.6.3).
		trigger := "-PT" + e.Reminder + "M"
		if e.Reminder == "0" {
			trigger = "PT0M"
		}
		text := e.ReminderText
		if text == "" {
			text = e.Title
		}
		props = append(props, "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:"+trigger, "DESCRIPTION:"+escapeText(text), "END:VALARM")
	}
	return t, props
}

// eventUID is the UID encodeEvent writes for an event's property lines.
func eventUID(props []string) string {
	sum := sha256.Sum256([]byte(strings.Join(props, "\r\n")))
	return hex.EncodeToString(sum[:])[:16] + "@qrforge"
}

func icalUTC(t time.Time) string { return t.UTC().Format("20060102T150405Z") }

// utcWeekdays are weekly days given in the start's own offset as the days
// of a DTSTART written in UTC, in which the rule is then expanded (RFC 5545
// §3.3.10: what the rule leaves out comes from DTSTART): a start whose UTC
// date is another day moves each day with it, so Tuesday 01:00+05:00 is
// Monday 20:00Z and TU,TH is MO,WE.
func utcWeekdays(days string, start time.Time) string {
	shift := (int(start.UTC().Weekday()) - int(start.Weekday()) + 7) % 7
	if shift == 0 {
		return days
	}
	var out []string
	for _, d := range strings.Split(days, ",") {
		out = append(out, eventWeekdays[(slices.Index(eventWeekdays, d)+shift)%7])
	}
	slices.SortFunc(out, byWeekOrder)
	return strings.Join(out, ",")
}

// byWeekOrder sorts weekday codes from Monday, as eventWeekdays lists them.
func byWeekOrder(a, b string) int {
	return slices.Index(eventWeekdays, a) - slices.Index(eventWeekdays, b)
}

// parseEvent reads back the first VEVENT of an iCalendar payload (with or
// without VCALENDAR, as ZXing accepts), in UTC, TZID or DATE form. A TZID
// time is read as that zone's clock time when the name is an IANA zone.
// The lines of the event no field carries (an X- property, ORGANIZER, a
// later VEVENT ...) are named as not kept, and so is a UID other than the
// one encodeEvent writes from the fields, a persistent identifier that a
// rebuilt code would replace (RFC 5545 §3.8.4.7); the calendar's own lines
// are not (§3.4).
func parseEvent(p string) (Event, []string, bool) {
	lines := unfoldContentLines(p)
	var e Event
	in, inAlarm, found := false, false, false
	var dateEnd time.Time
	var alarmText string
	left, later, setBy := notKept{}, false, map[string]int{}
	uidAt := -1
	for i, l := range lines {
		c, ok := parseContentLine(l)
		switch {
		case !ok:
			if in && l != "" {
				left[i] = l
			}
			continue
		case later:
			left[i] = l // a later VEVENT, up to its END
			later = !(c.name == "END" && strings.EqualFold(c.value, "VEVENT"))
			continue
		case c.name == "BEGIN" && strings.EqualFold(c.value, "VEVENT") && found:
			left[i], later = l, true
			continue
		case in && !inAlarm && slices.Contains(eventProperties, c.name):
			if j, given := setBy[c.name]; given {
				left[j] = lines[j] // the later value is the one read
			}
			setBy[c.name] = i
		}
		switch {
		case c.name == "BEGIN" && strings.EqualFold(c.value, "VEVENT"):
			in, found = true, true
		case c.name == "END" && strings.EqualFold(c.value, "VEVENT"):
			in = false
		case !in:
		case c.name == "BEGIN" && strings.EqualFold(c.value, "VALARM"):
			inAlarm = true
		case c.name == "END" && strings.EqualFold(c.value, "VALARM"):
			inAlarm = false
		case inAlarm:
			switch c.name {
			case "ACTION":
				if !strings.EqualFold(c.value, "DISPLAY") {
					left[i] = l
				}
			case "TRIGGER":
				if m, ok := strings.CutPrefix(strings.TrimPrefix(c.value, "-"), "PT"); ok {
					e.Reminder = strings.TrimSuffix(m, "M")
				}
			case "DESCRIPTION":
				alarmText = unescapeText(c.value)
			default:
				left[i] = l
			}
		case c.name == "SUMMARY":
			e.Title = unescapeText(c.value)
		case c.name == "LOCATION":
			e.Location = unescapeText(c.value)
		case c.name == "DESCRIPTION":
			e.Description = unescapeText(c.value)
		case c.name == "URL":
			e.URL = c.value
		case c.name == "UID":
			uidAt = i
		case c.name == "DTSTAMP":
			d, err := time.Parse("20060102T150405Z", c.value)
			if err != nil {
				return Event{}, nil, false
			}
			e.Stamp = d.Format(time.RFC3339)
		case c.name == "RRULE":
			if !parseEventRule(c.value, &e) {
				return Event{}, nil, false
			}
		case c.name == "DURATION" && len(c.params) == 0:
			// RFC 5545 §3.8.2.5: the length instead of DTEND, read as the
			// duration field, which the code writes back as DTEND.
			if _, ok := parseEventLength(c.value); !ok || !strings.HasPrefix(strings.ToUpper(c.value), "P") {
				return Event{}, nil, false
			}
			e.Duration = c.value
		case c.name == "DTSTART" || c.name == "DTEND":
			var value string
			switch {
			case strings.EqualFold(c.params["VALUE"], "DATE"):
				d, err := time.Parse("20060102", c.value)
				if err != nil {
					return Event{}, nil, false
				}
				if c.name == "DTSTART" {
					e.AllDay, e.Start = "true", d.Format(time.DateOnly)
				} else {
					dateEnd = d
				}
				continue
			case c.params["TZID"] != "":
				loc, fe := eventZone(c.params["TZID"])
				d, err := time.Parse("20060102T150405", c.value)
				if fe != nil || loc == nil || loc == time.UTC || err != nil {
					return Event{}, nil, false
				}
				e.TZID, value = c.params["TZID"], d.Format("2006-01-02T15:04:05")
			default:
				d, err := time.Parse("20060102T150405Z", c.value)
				if err != nil {
					return Event{}, nil, false
				}
				value = d.Format(time.RFC3339)
			}
			if c.name == "DTSTART" {
				e.Start = value
			} else {
				e.End = value
			}
		default:
			left[i] = l
		}
	}
	if !dateEnd.IsZero() && e.AllDay == "true" {
		// DTEND is exclusive; the field is the last day.
		if start, err := time.Parse(time.DateOnly, e.Start); err == nil {
			if last := dateEnd.AddDate(0, 0, -1); last.After(start) {
				e.End = last.Format(time.DateOnly)
			}
		}
	}
	if alarmText != e.Title {
		e.ReminderText = alarmText
	}
	if uidAt >= 0 && lines[uidAt] != "UID:"+builtEventUID(e) {
		left[uidAt] = lines[uidAt]
	}
	return e, left.list(), found && e.Title != "" && e.Start != ""
}

// builtEventUID is the UID a code built from these fields carries, checked
// as Build checks them; "" when they do not build.
func builtEventUID(e Event) string {
	if len(checkEvent(&e)) > 0 {
		return ""
	}
	_, props := eventLines(e)
	return eventUID(props)
}

// eventProperties are the VEVENT properties the fields carry, one value
// each (RFC 5545 §3.6.1).
var eventProperties = []string{"DTSTAMP", "DTSTART", "DTEND", "SUMMARY", "LOCATION", "DESCRIPTION", "URL", "RRULE", "UID"}

// parseEventRule reads the simple RRULEs this kind writes: FREQ with
// INTERVAL, COUNT, UNTIL and a weekly BYDAY; any other rule part is
// refused.
func parseEventRule(rule string, e *Event) bool {
	for _, part := range strings.Split(rule, ";") {
		name, value, _ := strings.Cut(part, "=")
		switch strings.ToUpper(name) {
		case "FREQ":
			e.Repeat = strings.ToLower(value)
		case "INTERVAL":
			if value != "1" {
				e.RepeatInterval = value
			}
		case "COUNT":
			e.RepeatCount = value
		case "BYDAY":
			e.RepeatDays = value
		case "UNTIL":
			if d, err := time.Parse("20060102", value); err == nil {
				e.RepeatUntil = d.Format(time.DateOnly)
			} else if d, err := time.Parse("20060102T150405Z", value); err == nil {
				e.RepeatUntil = d.Format(time.RFC3339)
			} else {
				return false
			}
		default:
			return false
		}
	}
	return e.Repeat != ""
}

// writtenDate is a date as people write it, day and month in either order
// with '/', '.' or '-' between them and the year last, and a clock time
// after it, 24-hour or with am or pm.
var writtenDate = regexp.MustCompile(`^(\d{1,2})([/.-])(\d{1,2})[/.-](\d{4}),?\s+(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?$`)

// writtenDateTime reads a date-time as people write it (12/24/2026 6pm,
// 24.12.2026 18:00) as 2006-01-02T15:04, when it has one reading: a
// number above 12 is the day, and a date with dots is day first, as it
// is wherever dots are written; 05/06 is no one date. false otherwise.
func writtenDateTime(s string) (string, bool) {
	m := writtenDate.FindStringSubmatch(strings.ToLower(strings.TrimSpace(s)))
	if m == nil {
		return "", false
	}
	a, _ := strconv.Atoi(m[1])
	b, _ := strconv.Atoi(m[3])
	day, month := a, b
	switch {
	case a > 12 || m[2] == ".":
	case b > 12 || a == b:
		day, month = b, a
	default:
		return "", false
	}
	hour, _ := strconv.Atoi(m[5])
	minute, _ := strconv.Atoi(m[6])
	switch meridiem := strings.ReplaceAll(m[7], ".", ""); {
	case meridiem != "" && (hour < 1 || hour > 12):
		return "", false
	case meridiem == "pm" && hour < 12:
		hour += 12
	case meridiem == "am" && hour == 12:
		hour = 0
	}
	year, _ := strconv.Atoi(m[4])
	t := time.Date(year, time.Month(month), day, hour, minute, 0, 0, time.UTC)
	if t.Day() != day || int(t.Month()) != month || t.Hour() != hour || minute > 59 {
		return "", false // a day the month does not have, an hour past 23
	}
	return t.Format("2006-01-02T15:04"), true
}
