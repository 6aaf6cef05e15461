package kinds

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"strings"
	"time"

	"github.com/qrforge/qrforge/registry"
)

// Event is a calendar entry: an iCalendar VEVENT inside a VCALENDAR, which
// phone cameras offer to add to the calendar.
type Event struct {
	Title       string `json:"title" validate:"required" jsonschema_description:"What the event is called (SUMMARY)." title:"Event name"`
	Start       string `json:"start" validate:"required" jsonschema_description:"Start as an RFC 3339 date-time with a UTC offset, e.g. 2026-10-01T19:00:00+02:00 (written in UTC in the code). For an all-day event a date, 2026-10-01, is enough." title:"Starts"`
	End         string `json:"end" jsonschema_description:"End, same form as start and not before it. For an all-day event it is the last day of the event (inclusive); leave it empty for a one-day event." title:"Ends"`
	Location    string `json:"location" jsonschema_description:"Where it takes place (LOCATION)." title:"Location"`
	Description string `json:"description" jsonschema_description:"Longer description (DESCRIPTION); line breaks are kept." title:"Description"`
	AllDay      string `json:"allday" validate:"omitempty,oneofci=true false 1 0 yes no" jsonschema:"enum=true,enum=false" jsonschema_description:"Whether the event lasts whole days, without times: true/false (also 1/0, yes/no)." title:"All day"`
	Reminder    string `json:"reminder" jsonschema_description:"Minutes before the start at which to show an alarm, 0 to 40320 (four weeks)." title:"Reminder (minutes before)"`
}

// eventProdID identifies qrforge as the producer (RFC 5545 §3.7.3).
const eventProdID = "-//qrforge//qrforge 1.0//EN"

// maxReminder is four weeks in minutes.
const maxReminder = 40320

func init() {
	registry.Register(registry.Kind[Event]{
		Name:    "event",
		Title:   "Calendar event",
		Purpose: registry.Calendar,
		Common:  true,
		Summary: "Add an event to the calendar (iCalendar VEVENT)",
		Standard: registry.Standard{
			Name:    "RFC 5545",
			Version: "2009",
			Section: "§3.6.1 (VEVENT), §3.6.6 (VALARM), §3.3.5 (DATE-TIME in UTC)",
			URL:     "https://www.rfc-editor.org/rfc/rfc5545",
		},
		Examples: []Event{
			{Title: "Launch", Start: "2026-10-01T19:00:00+02:00", End: "2026-10-01T20:00:00+02:00", Location: "Town Hall, Room 2", Reminder: "15"},
			{Title: "Festival International de Jazz de Montreal", Start: "2007-06-28", End: "2007-07-08", AllDay: "true"},
		},
		Check:  checkEvent,
		Encode: encodeEvent,
		Parse:  parseEvent,
	})
}

// eventTimes are an event's validated start and end. For an all-day event
// they are dates at midnight UTC and end is exclusive; for a timed event
// end is zero when it equals the start or was not given.
type eventTimes struct {
	allDay     bool
	start, end time.Time
}

func checkEvent(e *Event) []registry.FieldError {
	errs := checkTextFields(textField{"title", e.Title}, textField{"location", e.Location}, textField{"description", e.Description})
	if e.Reminder != "" {
		n, err := strconv.Atoi(e.Reminder)
		if err != nil || n < 0 || n > maxReminder || strings.HasPrefix(e.Reminder, "+") {
			errs = append(errs, registry.FieldError{Field: "reminder", Detail: "reminder is a whole number of minutes before the start, 0 to 40320 (four weeks)", Fix: "15"})
		} else {
			e.Reminder = strconv.Itoa(n)
		}
	}
	if _, fe := eventSchedule(*e); fe != nil {
		errs = append(errs, *fe)
	}
	return errs
}

// eventSchedule validates start and end and works out the times to write.
func eventSchedule(e Event) (eventTimes, *registry.FieldError) {
	t := eventTimes{allDay: parseBool(e.AllDay)}
	if t.allDay {
		start, ok := eventDate(e.Start)
		if !ok {
			return t, &registry.FieldError{Field: "start", Detail: "start of an all-day event is a date, YYYY-MM-DD (RFC 3339 full-date), such as 2026-10-01", Fix: ""}
		}
		last := start
		if e.End != "" {
			if last, ok = eventDate(e.End); !ok {
				return t, &registry.FieldError{Field: "end", Detail: "end of an all-day event is its last day, YYYY-MM-DD (RFC 3339 full-date)", Fix: start.Format(time.DateOnly)}
			}
			if last.Before(start) {
				return t, &registry.FieldError{Field: "end", Detail: "end is before start", Fix: start.Format(time.DateOnly)}
			}
		}
		// DTEND is the non-inclusive end (RFC 5545 §3.6.1): the day after
		// the last day.
		t.start, t.end = start, last.AddDate(0, 0, 1)
		if t.end.Year() > 9999 {
			return t, &registry.FieldError{Field: "end", Detail: "the day after end must still be in year 9999 or earlier (RFC 5545 §3.3.4 four-digit year)", Fix: "9999-12-30"}
		}
		return t, nil
	}
	start, fe := eventDateTime("start", e.Start)
	if fe != nil {
		return t, fe
	}
	t.start = start
	if e.End != "" {
		end, fe := eventDateTime("end", e.End)
		if fe != nil {
			return t, fe
		}
		if end.Before(start) {
			return t, &registry.FieldError{Field: "end", Detail: "end is before start (RFC 5545 §3.8.2.2: DTEND is later than DTSTART)", Fix: e.Start}
		}
		// DTEND must be later than DTSTART (RFC 5545 §3.8.2.2); an event
		// without DTEND ends when it starts (§3.6.1), so an end equal to
		// the start is simply left out.
		if end.After(start) {
			t.end = end
		}
	}
	return t, nil
}

// eventDateTime reads an RFC 3339 date-time that carries its UTC offset
// ("Z" or ±hh:mm, RFC 3339 §5.6); seconds may be left out. A time without
// an offset is refused: it would be "floating" (RFC 5545 §3.3.5 form #1),
// shown at that clock time in whatever zone the phone is in.
func eventDateTime(field, s string) (time.Time, *registry.FieldError) {
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04Z07:00"} {
		if t, err := time.Parse(layout, strings.ToUpper(s)); err == nil {
			t = t.UTC().Truncate(time.Second)
			if t.Year() < 0 || t.Year() > 9999 {
				break
			}
			return t, nil
		}
	}
	// No fix: a date or a time zone picked for the caller would put the
	// event at a time they did not give.
	return time.Time{}, &registry.FieldError{Field: field, Detail: field + " is an RFC 3339 date-time with a UTC offset, such as 2026-10-01T19:00:00+02:00 or ...Z; without an offset the time would float with the reader's time zone (RFC 5545 §3.3.5)", Fix: ""}
}

// eventDate reads the date of an all-day event: a full-date, or the date
// part of a date-time as written (its offset does not move the day).
func eventDate(s string) (time.Time, bool) {
	if len(s) > 10 {
		if _, fe := eventDateTime("", s); fe != nil {
			return time.Time{}, false
		}
		s = s[:10]
	}
	t, err := time.Parse(time.DateOnly, s)
	return t, err == nil
}

// encodeEvent writes VCALENDAR/VEVENT (RFC 5545 §3.4, §3.6.1) with CRLF
// line ends, folding and TEXT escaping. UID and DTSTAMP are required
// (§3.6.1) but must not make the payload depend on the clock or chance:
// the UID is a hash of the event's properties and DTSTAMP its start.
func encodeEvent(e Event) string {
	t, _ := eventSchedule(e)
	var props []string
	if t.allDay {
		// DATE values (RFC 5545 §3.3.4) with an exclusive DTEND.
		props = append(props,
			"DTSTART;VALUE=DATE:"+t.start.Format("20060102"),
			"DTEND;VALUE=DATE:"+t.end.Format("20060102"))
	} else {
		// UTC form, FORM #2 of RFC 5545 §3.3.5: numeric offsets are not
		// allowed in DATE-TIME values.
		props = append(props, "DTSTART:"+icalUTC(t.start))
		if !t.end.IsZero() {
			props = append(props, "DTEND:"+icalUTC(t.end))
		}
	}
	props = append(props, "SUMMARY:"+escapeText(e.Title))
	if e.Location != "" {
		props = append(props, "LOCATION:"+escapeText(e.Location))
	}
	if e.Description != "" {
		props = append(props, "DESCRIPTION:"+escapeText(e.Description))
	}
	if e.Reminder != "" {
		// A DISPLAY alarm needs ACTION, TRIGGER and DESCRIPTION (RFC 5545
		// §3.6.6); a negative duration triggers before the start
		// (§3.8.6.3).
		trigger := "-PT" + e.Reminder + "M"
		if e.Reminder == "0" {
			trigger = "PT0M"
		}
		props = append(props, "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:"+trigger, "DESCRIPTION:"+escapeText(e.Title), "END:VALARM")
	}
	sum := sha256.Sum256([]byte(strings.Join(props, "\r\n")))
	lines := []string{
		"BEGIN:VCALENDAR",
		"VERSION:2.0",
		"PRODID:" + eventProdID,
		"BEGIN:VEVENT",
		"UID:" + hex.EncodeToString(sum[:])[:16] + "@qrforge",
		"DTSTAMP:" + icalUTC(t.start),
	}
	lines = append(lines, props...)
	lines = append(lines, "END:VEVENT", "END:VCALENDAR")
	return writeContentLines(lines)
}

func icalUTC(t time.Time) string { return t.UTC().Format("20060102T150405Z") }

// parseEvent reads back the first VEVENT of an iCalendar payload (with or
// without VCALENDAR, as ZXing accepts), in UTC or DATE form.
func parseEvent(p string) (Event, bool) {
	lines := unfoldContentLines(p)
	var e Event
	in, inAlarm, found := false, false, false
	var dateEnd time.Time
	for _, l := range lines {
		c, ok := parseContentLine(l)
		if !ok {
			continue
		}
		switch {
		case c.name == "BEGIN" && strings.EqualFold(c.value, "VEVENT"):
			in, found = !found, true
		case c.name == "END" && strings.EqualFold(c.value, "VEVENT"):
			in = false
		case !in:
		case c.name == "BEGIN" && strings.EqualFold(c.value, "VALARM"):
			inAlarm = true
		case c.name == "END" && strings.EqualFold(c.value, "VALARM"):
			inAlarm = false
		case inAlarm:
			if c.name == "TRIGGER" {
				if m, ok := strings.CutPrefix(strings.TrimPrefix(c.value, "-"), "PT"); ok {
					e.Reminder = strings.TrimSuffix(m, "M")
				}
			}
		case c.name == "SUMMARY":
			e.Title = unescapeText(c.value)
		case c.name == "LOCATION":
			e.Location = unescapeText(c.value)
		case c.name == "DESCRIPTION":
			e.Description = unescapeText(c.value)
		case c.name == "DTSTART" || c.name == "DTEND":
			if strings.EqualFold(c.params["VALUE"], "DATE") {
				d, err := time.Parse("20060102", c.value)
				if err != nil {
					return Event{}, false
				}
				if c.name == "DTSTART" {
					e.AllDay, e.Start = "true", d.Format(time.DateOnly)
				} else {
					dateEnd = d
				}
				continue
			}
			d, err := time.Parse("20060102T150405Z", c.value)
			if err != nil {
				return Event{}, false
			}
			if c.name == "DTSTART" {
				e.Start = d.Format(time.RFC3339)
			} else {
				e.End = d.Format(time.RFC3339)
			}
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
	return e, found && e.Title != "" && e.Start != ""
}
