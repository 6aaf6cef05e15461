package kinds_test

import (
	"crypto/sha256"
	"encoding/hex"
	"maps"
	"strings"
	"testing"
)

// vcalendarTZ is the expected payload of one event with a VTIMEZONE:
// vtimezone holds the component's lines, props the VEVENT's lines after
// DTSTAMP; the UID is worked out as in vcalendar.
func vcalendarTZ(vtimezone []string, props ...string) string {
	body := strings.Join(props, "\r\n")
	sum := sha256.Sum256([]byte(strings.ReplaceAll(body, "\r\n ", "")))
	return "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//qrforge//qrforge 1.0//EN\r\n" + strings.Join(vtimezone, "\r\n") + "\r\nBEGIN:VEVENT\r\n" +
		"UID:" + hex.EncodeToString(sum[:])[:16] + "@qrforge\r\nDTSTAMP:" + testStampICal + "\r\n" +
		body + "\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
}

// newYork1997 is America/New_York as RFC 5545 §3.6.5's example states it
// from 1987 on: DAYLIGHT from the first Sunday in April and STANDARD from
// the last Sunday in October, both at 02:00, UNTIL their last onsets in
// 2006 (20060402T070000Z, 20061029T060000Z), then the rules of 2007 on
// (BYMONTH=3;BYDAY=2SU and BYMONTH=11;BYDAY=1SU). The first two start with
// their transitions in the year before the event.
var newYork1997 = []string{"BEGIN:VTIMEZONE", "TZID:America/New_York",
	"BEGIN:STANDARD", "DTSTART:19961027T020000", "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU;UNTIL=20061029T060000Z", "TZOFFSETFROM:-0400", "TZOFFSETTO:-0500", "TZNAME:EST", "END:STANDARD",
	"BEGIN:STANDARD", "DTSTART:20071104T020000", "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU", "TZOFFSETFROM:-0400", "TZOFFSETTO:-0500", "TZNAME:EST", "END:STANDARD",
	"BEGIN:DAYLIGHT", "DTSTART:19970406T020000", "RRULE:FREQ=YEARLY;BYMONTH=4;BYDAY=1SU;UNTIL=20060402T070000Z", "TZOFFSETFROM:-0500", "TZOFFSETTO:-0400", "TZNAME:EDT", "END:DAYLIGHT",
	"BEGIN:DAYLIGHT", "DTSTART:20070311T020000", "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU", "TZOFFSETFROM:-0500", "TZOFFSETTO:-0400", "TZNAME:EDT", "END:DAYLIGHT",
	"END:VTIMEZONE"}

func TestEventRepeatAndTimeZone(t *testing.T) {
	runVectors(t, "event", stamped([]vector{
		{"daily for 10 occurrences", "RFC 5545 §3.8.5.3 example: DTSTART;TZID=America/New_York:19970902T090000, RRULE:FREQ=DAILY;COUNT=10; VTIMEZONE rules of §3.6.5",
			map[string]string{"title": "Daily", "start": "1997-09-02T09:00:00", "tzid": "America/New_York", "repeat": "daily", "repeat_count": "10"},
			vcalendarTZ(newYork1997, "DTSTART;TZID=America/New_York:19970902T090000", "RRULE:FREQ=DAILY;COUNT=10", "SUMMARY:Daily")},
		{"daily until December 24, 1997", "RFC 5545 §3.8.5.3 example RRULE:FREQ=DAILY;UNTIL=19971224T000000Z",
			map[string]string{"title": "Daily", "start": "1997-09-02T09:00", "tzid": "America/New_York", "repeat": "DAILY", "repeat_until": "1997-12-24T00:00:00Z"},
			vcalendarTZ(newYork1997, "DTSTART;TZID=America/New_York:19970902T090000", "RRULE:FREQ=DAILY;UNTIL=19971224T000000Z", "SUMMARY:Daily")},
		// WKST=SU of the RFC's example is left out: it changes nothing
		// for a weekly rule without INTERVAL (§3.3.10).
		{"weekly on Tuesday and Thursday for five weeks", "RFC 5545 §3.8.5.3 example RRULE:FREQ=WEEKLY;UNTIL=19971007T000000Z;WKST=SU;BYDAY=TU,TH",
			map[string]string{"title": "Weekly", "start": "1997-09-02T09:00:00-04:00", "tzid": "America/New_York", "repeat": "weekly", "repeat_until": "1997-10-07T00:00:00Z", "repeat_days": "th, tu"},
			vcalendarTZ(newYork1997, "DTSTART;TZID=America/New_York:19970902T090000", "RRULE:FREQ=WEEKLY;UNTIL=19971007T000000Z;BYDAY=TU,TH", "SUMMARY:Weekly")},
		{"weekly for 10 occurrences, UTC", "RFC 5545 §3.8.5.3 example RRULE:FREQ=WEEKLY;COUNT=10, start in UTC (no VTIMEZONE)",
			map[string]string{"title": "Weekly", "start": "1997-09-02T13:00:00Z", "repeat": "weekly", "repeat_count": "10"},
			vcalendar("DTSTART:19970902T130000Z", "RRULE:FREQ=WEEKLY;COUNT=10", "SUMMARY:Weekly")},
		// The caller's weekdays are those of the start as given; a DTSTART
		// in UTC on another date carries the rule's days with it.
		{"weekly days a day behind in UTC", "RFC 5545 §3.3.10: the rule is expanded in DTSTART's time, here UTC; Tuesday and Thursday 01:00+05:00 are Monday and Wednesday 20:00Z",
			map[string]string{"title": "Weekly", "start": "2026-01-13T01:00:00+05:00", "repeat": "weekly", "repeat_days": "TU,TH", "repeat_count": "4"},
			vcalendar("DTSTART:20260112T200000Z", "RRULE:FREQ=WEEKLY;COUNT=4;BYDAY=MO,WE", "SUMMARY:Weekly")},
		{"weekly days a day ahead in UTC", "RFC 5545 §3.3.10; Sunday and Tuesday 22:00-05:00 are Monday and Wednesday 03:00Z",
			map[string]string{"title": "Weekly", "start": "2026-01-11T22:00:00-05:00", "repeat": "weekly", "repeat_days": "TU,SU", "repeat_count": "4"},
			vcalendar("DTSTART:20260112T030000Z", "RRULE:FREQ=WEEKLY;COUNT=4;BYDAY=MO,WE", "SUMMARY:Weekly")},
		{"until a date includes that day", "RFC 5545 §3.3.10: UNTIL is inclusive and in UTC for a TZID start; 09:00 EDT on 1997-10-07 is 13:00Z",
			map[string]string{"title": "Monthly", "start": "1997-09-02T09:00:00", "tzid": "America/New_York", "repeat": "monthly", "repeat_until": "1997-12-02"},
			vcalendarTZ(newYork1997, "DTSTART;TZID=America/New_York:19970902T090000", "RRULE:FREQ=MONTHLY;UNTIL=19971202T140000Z", "SUMMARY:Monthly")},
		{"yearly all-day anniversary", "RFC 5545 §3.6.1 example: DTSTART;VALUE=DATE:19971102, RRULE:FREQ=YEARLY",
			map[string]string{"title": "Our Blissful Anniversary", "start": "1997-11-02", "allday": "true", "repeat": "yearly"},
			vcalendar("DTSTART;VALUE=DATE:19971102", "DTEND;VALUE=DATE:19971103", "RRULE:FREQ=YEARLY", "SUMMARY:Our Blissful Anniversary")},
		{"all-day until a date", "RFC 5545 §3.3.10: UNTIL has DTSTART's value type, DATE",
			map[string]string{"title": "x", "start": "2026-01-01", "allday": "true", "repeat": "monthly", "repeat_until": "2026-12-31"},
			vcalendar("DTSTART;VALUE=DATE:20260101", "DTEND;VALUE=DATE:20260102", "RRULE:FREQ=MONTHLY;UNTIL=20261231", "SUMMARY:x")},
		// RFC 5545 §3.6.5's example gives New York's rules from 2007 as
		// DTSTART:20071104T020000 RRULE:...BYMONTH=11;BYDAY=1SU and
		// DTSTART:20070311T020000 RRULE:...BYMONTH=3;BYDAY=2SU.
		{"New York since 2007", "RFC 5545 §3.6.5 example VTIMEZONE, its last STANDARD and DAYLIGHT observances",
			map[string]string{"title": "x", "start": "2008-02-01T10:00:00", "end": "2008-02-01T11:00:00", "tzid": "America/New_York"},
			vcalendarTZ([]string{"BEGIN:VTIMEZONE", "TZID:America/New_York",
				"BEGIN:STANDARD", "DTSTART:20071104T020000", "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU", "TZOFFSETFROM:-0400", "TZOFFSETTO:-0500", "TZNAME:EST", "END:STANDARD",
				"BEGIN:DAYLIGHT", "DTSTART:20070311T020000", "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU", "TZOFFSETFROM:-0500", "TZOFFSETTO:-0400", "TZNAME:EDT", "END:DAYLIGHT",
				"END:VTIMEZONE"}, "DTSTART;TZID=America/New_York:20080201T100000", "DTEND;TZID=America/New_York:20080201T110000", "SUMMARY:x")},
		{"Berlin, last Sundays of March and October", "EU summer time (Directive 2000/84/EC Art. 2-3: last Sunday of March and October, 01:00 UTC)",
			map[string]string{"title": "x", "start": "2026-10-01T19:00:00+02:00", "tzid": "Europe/Berlin"},
			vcalendarTZ([]string{"BEGIN:VTIMEZONE", "TZID:Europe/Berlin",
				"BEGIN:STANDARD", "DTSTART:20251026T030000", "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100", "TZNAME:CET", "END:STANDARD",
				"BEGIN:DAYLIGHT", "DTSTART:20260329T020000", "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200", "TZNAME:CEST", "END:DAYLIGHT",
				"END:VTIMEZONE"}, "DTSTART;TZID=Europe/Berlin:20261001T190000", "SUMMARY:x")},
		{"Jerusalem, the Friday on or after 23 March", "tzdata asia: Rule Zion 2013 max Mar Fri>=23 2:00 and Oct lastSun 2:00; RFC 5545 §3.8.5.3 BYDAY with BYMONTHDAY (election day example)",
			map[string]string{"title": "x", "start": "2026-01-10T10:00:00", "tzid": "Asia/Jerusalem", "repeat": "weekly"},
			vcalendarTZ([]string{"BEGIN:VTIMEZONE", "TZID:Asia/Jerusalem",
				"BEGIN:STANDARD", "DTSTART:20251026T020000", "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU", "TZOFFSETFROM:+0300", "TZOFFSETTO:+0200", "TZNAME:IST", "END:STANDARD",
				"BEGIN:DAYLIGHT", "DTSTART:20250328T020000", "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=FR;BYMONTHDAY=23,24,25,26,27,28,29", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0300", "TZNAME:IDT", "END:DAYLIGHT",
				"END:VTIMEZONE"}, "DTSTART;TZID=Asia/Jerusalem:20260110T100000", "RRULE:FREQ=WEEKLY", "SUMMARY:x")},
		{"Santiago, the Sunday on or after the 2nd", "tzdata southamerica: Rule Chile 2024 max Apr Sun>=2 3:00u and 2023 max Sep Sun>=2 4:00u, Saturday 24:00 local",
			map[string]string{"title": "x", "start": "2026-01-10T10:00:00", "tzid": "America/Santiago", "repeat": "weekly"},
			vcalendarTZ([]string{"BEGIN:VTIMEZONE", "TZID:America/Santiago",
				"BEGIN:STANDARD", "DTSTART:20250406T000000", "RRULE:FREQ=YEARLY;BYMONTH=4;BYDAY=SU;BYMONTHDAY=2,3,4,5,6,7,8", "TZOFFSETFROM:-0300", "TZOFFSETTO:-0400", "TZNAME:-04", "END:STANDARD",
				"BEGIN:DAYLIGHT", "DTSTART:20250907T000000", "RRULE:FREQ=YEARLY;BYMONTH=9;BYDAY=SU;BYMONTHDAY=2,3,4,5,6,7,8", "TZOFFSETFROM:-0400", "TZOFFSETTO:-0300", "TZNAME:-03", "END:DAYLIGHT",
				"END:VTIMEZONE"}, "DTSTART;TZID=America/Santiago:20260110T100000", "RRULE:FREQ=WEEKLY", "SUMMARY:x")},
		// Past 2037 Go reads the zone from the TZ rule at the end of its
		// data (RFC 8536 §3.3), and bounds each year's last period at the
		// turn of the year, where nothing changes.
		{"London past 2037", "tzdata europe: Europe/London follows Rule EU, Mar lastSun and Oct lastSun at 1:00u, which its TZ rule GMT0BST,M3.5.0/1,M10.5.0 carries on",
			map[string]string{"title": "x", "start": "2039-06-01T12:00:00", "tzid": "Europe/London"},
			vcalendarTZ([]string{"BEGIN:VTIMEZONE", "TZID:Europe/London",
				"BEGIN:STANDARD", "DTSTART:20381031T020000", "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0000", "TZNAME:GMT", "END:STANDARD",
				"BEGIN:DAYLIGHT", "DTSTART:20390327T010000", "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU", "TZOFFSETFROM:+0000", "TZOFFSETTO:+0100", "TZNAME:BST", "END:DAYLIGHT",
				"END:VTIMEZONE"}, "DTSTART;TZID=Europe/London:20390601T120000", "SUMMARY:x")},
		{"UTC tzid is UTC form", "RFC 5545 §3.3.5 FORM #2",
			map[string]string{"title": "x", "start": "2026-10-01T17:00:00", "tzid": "UTC"},
			vcalendar("DTSTART:20261001T170000Z", "SUMMARY:x")},
		{"URL and alarm text", "RFC 5545 §3.8.4.6 URL; §3.6.6 VALARM DESCRIPTION",
			map[string]string{"title": "x", "start": "2026-10-01T17:00:00Z", "url": "https://example.com/e?a=1,2;b", "reminder": "5", "reminder_text": "Leave now; bring keys"},
			vcalendar("DTSTART:20261001T170000Z", "SUMMARY:x", "URL:https://example.com/e?a=1,2;b",
				"BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT5M", `DESCRIPTION:Leave now\; bring keys`, "END:VALARM")},
	}))
	runBad(t, "event", []bad{
		{"unknown tzid", map[string]string{"title": "x", "start": "2026-10-01T19:00:00", "tzid": "Mars/Olympus"}, "tzid"},
		{"tzid Local", map[string]string{"title": "x", "start": "2026-10-01T19:00:00", "tzid": "Local"}, "tzid"},
		{"tzid on all-day", map[string]string{"title": "x", "start": "2026-10-01", "allday": "true", "tzid": "Europe/Berlin"}, "tzid"},
		{"time in the spring gap", map[string]string{"title": "x", "start": "2026-03-29T02:30:00", "tzid": "Europe/Berlin"}, "start"},
		{"end in the spring gap", map[string]string{"title": "x", "start": "2026-03-29T01:30:00", "end": "2026-03-29T02:30", "tzid": "Europe/Berlin"}, "end"},
		{"unknown repeat", map[string]string{"title": "x", "start": "2026-10-01T19:00:00Z", "repeat": "hourly"}, "repeat"},
		{"count without repeat", map[string]string{"title": "x", "start": "2026-10-01T19:00:00Z", "repeat_count": "3"}, "repeat_count"},
		{"until without repeat", map[string]string{"title": "x", "start": "2026-10-01T19:00:00Z", "repeat_until": "2026-12-01"}, "repeat_until"},
		{"count and until", map[string]string{"title": "x", "start": "2026-10-01T19:00:00Z", "repeat": "daily", "repeat_count": "3", "repeat_until": "2026-12-01"}, "repeat_until"},
		{"count zero", map[string]string{"title": "x", "start": "2026-10-01T19:00:00Z", "repeat": "daily", "repeat_count": "0"}, "repeat_count"},
		{"count over 1000", map[string]string{"title": "x", "start": "2026-10-01T19:00:00Z", "repeat": "daily", "repeat_count": "1001"}, "repeat_count"},
		{"until before start", map[string]string{"title": "x", "start": "2026-10-01T19:00:00Z", "repeat": "daily", "repeat_until": "2026-09-30"}, "repeat_until"},
		{"until not a date", map[string]string{"title": "x", "start": "2026-10-01T19:00:00Z", "repeat": "daily", "repeat_until": "soon"}, "repeat_until"},
		{"days on a daily event", map[string]string{"title": "x", "start": "2026-10-01T19:00:00Z", "repeat": "daily", "repeat_days": "MO"}, "repeat_days"},
		{"unknown weekday", map[string]string{"title": "x", "start": "2026-10-01T19:00:00Z", "repeat": "weekly", "repeat_days": "MO,XX"}, "repeat_days"},
		{"start on none of the days", map[string]string{"title": "x", "start": "2026-01-12T10:00:00Z", "repeat": "weekly", "repeat_days": "TU,TH", "repeat_count": "3"}, "start"},
		{"url not http", map[string]string{"title": "x", "start": "2026-10-01T19:00:00Z", "url": "javascript:alert(1)"}, "url"},
		{"reminder text without reminder", map[string]string{"title": "x", "start": "2026-10-01T19:00:00Z", "reminder_text": "go"}, "reminder_text"},
		{"reminder text control character", map[string]string{"title": "x", "start": "2026-10-01T19:00:00Z", "reminder": "5", "reminder_text": "\x07"}, "reminder_text"},
	})
}

// TestWeeklyStartOnRepeatDays checks that a weekly event starting on none
// of its repeat_days is refused (RFC 5545 §3.8.5.3: DTSTART SHOULD be
// synchronized with the rule; §3.3.10: DTSTART is the first occurrence
// COUNT counts) without a fix: moving the start or adding its weekday are
// two events, which the detail offers both, and the date is the caller's.
func TestWeeklyStartOnRepeatDays(t *testing.T) {
	k := lookup(t, "event")
	for _, c := range []struct {
		name    string
		fields  map[string]string
		offers  string // the first listed day after the start, in the detail
		dtstart string // the DTSTART written when the start is on a listed day
	}{
		{"Monday for Tuesdays and Thursdays", map[string]string{"start": "2026-01-12T10:00:00Z", "repeat_days": "TU,TH", "repeat_count": "3"}, "start on 2026-01-13, the Tuesday after it, or add MO to repeat_days", ""},
		{"offset kept without a zone", map[string]string{"start": "2026-01-12T19:00:00-05:00", "end": "2026-01-12T20:00-05:00", "repeat_days": "we"}, "start on 2026-01-14, the Wednesday after it, or add MO", ""},
		{"Thursday for Mondays", map[string]string{"start": "2026-10-01T19:00:00Z", "repeat_days": "MO"}, "start on 2026-10-05, the Monday after it, or add TH", ""},
		{"all-day", map[string]string{"start": "2026-01-12", "end": "2026-01-13", "allday": "true", "repeat_days": "SA"}, "start on 2026-01-17, the Saturday after it, or add MO", ""},
		{"start on a listed day", map[string]string{"start": "2026-01-13T10:00:00Z", "repeat_days": "TU,TH", "repeat_count": "3"}, "", "DTSTART:20260113T100000Z"},
	} {
		t.Run(c.name, func(t *testing.T) {
			fields := map[string]string{"title": "x", "repeat": "weekly", "dtstamp": testStamp}
			maps.Copy(fields, c.fields)
			p, errs := k.Build(fields)
			if c.offers == "" {
				if len(errs) > 0 || !strings.Contains(p, "\r\n"+c.dtstart+"\r\n") {
					t.Fatalf("errors %v; payload does not start %s:\n%s", errs, c.dtstart, p)
				}
				return
			}
			if len(errs) != 1 || errs[0].Field != "start" || errs[0].Fix != "" || !strings.Contains(errs[0].Detail, c.offers) {
				t.Fatalf("errors %+v, want start refused without a fix, offering %q", errs, c.offers)
			}
		})
	}
}

// TestEventRepeatInterval: repeat_interval is RRULE INTERVAL, written
// after FREQ as RFC 5545 §3.8.5.3's examples write it; 1, its default,
// is not written; the rule is recognised back. WKST is not written: its
// default, Monday, changes nothing for these days (§3.3.10).
func TestEventRepeatInterval(t *testing.T) {
	runVectors(t, "event", stamped([]vector{
		{"every 10 days, 5 occurrences", "RFC 5545 §3.8.5.3 example RRULE:FREQ=DAILY;INTERVAL=10;COUNT=5",
			map[string]string{"title": "Ten", "start": "1997-09-02T09:00:00", "tzid": "America/New_York", "repeat": "daily", "repeat_interval": "10", "repeat_count": "5"},
			vcalendarTZ(newYork1997, "DTSTART;TZID=America/New_York:19970902T090000", "RRULE:FREQ=DAILY;INTERVAL=10;COUNT=5", "SUMMARY:Ten")},
		{"every other week on Monday, Wednesday and Friday until December 24, 1997", "RFC 5545 §3.8.5.3 example RRULE:FREQ=WEEKLY;INTERVAL=2;UNTIL=19971224T000000Z;WKST=SU;BYDAY=MO,WE,FR",
			map[string]string{"title": "Other week", "start": "1997-09-01T09:00:00", "tzid": "America/New_York", "repeat": "weekly", "repeat_interval": "2", "repeat_until": "1997-12-24T00:00:00Z", "repeat_days": "MO,WE,FR"},
			vcalendarTZ(newYork1997, "DTSTART;TZID=America/New_York:19970901T090000", "RRULE:FREQ=WEEKLY;INTERVAL=2;UNTIL=19971224T000000Z;BYDAY=MO,WE,FR", "SUMMARY:Other week")},
		{"an interval of 1 is the default", "RFC 5545 §3.3.10: INTERVAL defaults to 1",
			map[string]string{"title": "Weekly", "start": "1997-09-02T13:00:00Z", "repeat": "weekly", "repeat_interval": "01", "repeat_count": "10"},
			vcalendar("DTSTART:19970902T130000Z", "RRULE:FREQ=WEEKLY;COUNT=10", "SUMMARY:Weekly")},
	}))
	k := lookup(t, "event")
	for _, c := range []map[string]string{
		{"repeat": "weekly", "repeat_interval": "0"},
		{"repeat": "weekly", "repeat_interval": "100"},
		{"repeat": "weekly", "repeat_interval": "two"},
		{"repeat_interval": "2"},
	} {
		fields := map[string]string{"title": "x", "start": "2026-10-01T19:00:00Z", "dtstamp": testStamp}
		maps.Copy(fields, c)
		_, errs := k.Build(fields)
		if len(errs) != 1 || errs[0].Field != "repeat_interval" || errs[0].Fix != "" {
			t.Errorf("%v: %+v, want one error on repeat_interval without a fix", c, errs)
		}
	}
	got, ok := k.Recognise("BEGIN:VEVENT\r\nDTSTART:20260105T090000Z\r\nRRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO\r\nSUMMARY:x\r\nEND:VEVENT")
	if !ok || got["repeat"] != "weekly" || got["repeat_interval"] != "2" || got["repeat_days"] != "MO" {
		t.Errorf("recognised %v (%v)", got, ok)
	}
}
