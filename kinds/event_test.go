package kinds_test

import (
	"crypto/sha256"
	"encoding/hex"
	"maps"
	"strings"
	"testing"

	"github.com/qrforge/qrforge/registry"
)

// vcalendar is the expected payload of one event: props are the VEVENT's
// physical lines after DTSTAMP. The UID is worked out here independently:
// the first 16 hex digits of the SHA-256 of the unfolded property lines
// joined by CRLF, then "@qrforge".
func vcalendar(props ...string) string {
	body := strings.Join(props, "\r\n")
	sum := sha256.Sum256([]byte(strings.ReplaceAll(body, "\r\n ", "")))
	return "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//qrforge//qrforge 1.0//EN\r\nBEGIN:VEVENT\r\n" +
		"UID:" + hex.EncodeToString(sum[:])[:16] + "@qrforge\r\nDTSTAMP:" + testStampICal + "\r\n" +
		body + "\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
}

// testStamp is the dtstamp the vectors give, the moment their
// information was written; testStampICal its DTSTAMP (RFC 5545 §3.8.7.2).
const (
	testStamp     = "2026-09-15T08:30:00+02:00"
	testStampICal = "20260915T063000Z"
)

// stamped gives each vector the test's dtstamp, which the service would
// set to the moment the code is made.
func stamped(vectors []vector) []vector {
	for _, v := range vectors {
		if _, ok := v.fields["dtstamp"]; !ok {
			v.fields["dtstamp"] = testStamp
		}
	}
	return vectors
}

func TestEvent(t *testing.T) {
	runVectors(t, "event", stamped([]vector{
		// An event in UTC as RFC 5545 §3.6.1 (VEVENT) in a VCALENDAR; its UID is
		// pinned here (printf 'DTSTART:...\r\nDTEND:...\r\nSUMMARY:Launch'
		// | sha256sum) so a change of the UID scheme is noticed.
		{"UTC event", "RFC 5545 §3.6.1 (VEVENT), §3.3.5 FORM #2 (UTC)",
			map[string]string{"title": "Launch", "start": "2026-10-01T19:00:00+02:00", "end": "2026-10-01T20:00:00+02:00"},
			"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//qrforge//qrforge 1.0//EN\r\nBEGIN:VEVENT\r\nUID:4d9765a16908e025@qrforge\r\n" +
				"DTSTAMP:" + testStampICal + "\r\nDTSTART:20261001T170000Z\r\nDTEND:20261001T180000Z\r\nSUMMARY:Launch\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"},
		{"offset converted to UTC", "RFC 5545 §3.3.5: 19980119T230000-0800 is invalid; its UTC form is 19980120T070000Z",
			map[string]string{"title": "Meeting", "start": "1998-01-19T23:00:00-08:00"},
			vcalendar("DTSTART:19980120T070000Z", "SUMMARY:Meeting")},
		{"UTC start", "RFC 5545 §3.8.2.4 example DTSTART:19980118T073000Z",
			map[string]string{"title": "Breakfast", "start": "1998-01-18T07:30:00Z"},
			vcalendar("DTSTART:19980118T073000Z", "SUMMARY:Breakfast")},
		{"RFC 3339 variants", "RFC 3339 §5.6 (lower-case t and z allowed); seconds optional, fractions dropped",
			map[string]string{"title": "x", "start": "1998-01-18t07:30z", "end": "1998-01-18T08:00:00.999+00:00"},
			vcalendar("DTSTART:19980118T073000Z", "DTEND:19980118T080000Z", "SUMMARY:x")},
		{"end equal to start is left out", "RFC 5545 §3.8.2.2 (DTEND later than DTSTART) and §3.6.1 (no DTEND: ends at DTSTART)",
			map[string]string{"title": "x", "start": "2026-10-01T19:00:00+02:00", "end": "2026-10-01T17:00:00Z"},
			vcalendar("DTSTART:20261001T170000Z", "SUMMARY:x")},
		{"multi-day all-day event", "RFC 5545 §3.6.1 example: June 28 to July 8 2007 inclusive, DTEND;VALUE=DATE:20070709",
			map[string]string{"title": "Festival International de Jazz de Montreal", "start": "2007-06-28", "end": "2007-07-08", "allday": "true"},
			vcalendar("DTSTART;VALUE=DATE:20070628", "DTEND;VALUE=DATE:20070709", "SUMMARY:Festival International de Jazz de Montreal")},
		{"one all-day event", "RFC 5545 §3.6.1 example DTSTART;VALUE=DATE:19971102; exclusive DTEND the next day",
			map[string]string{"title": "Our Blissful Anniversary", "start": "1997-11-02", "allday": "yes"},
			vcalendar("DTSTART;VALUE=DATE:19971102", "DTEND;VALUE=DATE:19971103", "SUMMARY:Our Blissful Anniversary")},
		{"all-day from date-times keeps the written dates", "RFC 5545 §3.3.4 DATE; the offset does not move the day",
			map[string]string{"title": "x", "start": "2026-12-31T23:30:00-05:00", "end": "2027-01-01T01:00:00+09:00", "allday": "1"},
			vcalendar("DTSTART;VALUE=DATE:20261231", "DTEND;VALUE=DATE:20270102", "SUMMARY:x")},
		{"reminder", "RFC 5545 §3.6.6 example TRIGGER:-PT30M, ACTION:DISPLAY with DESCRIPTION",
			map[string]string{"title": "Breakfast meeting", "start": "1997-03-17T13:30:00Z", "reminder": "30"},
			vcalendar("DTSTART:19970317T133000Z", "SUMMARY:Breakfast meeting",
				"BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT30M", "DESCRIPTION:Breakfast meeting", "END:VALARM")},
		{"reminder at the start", "RFC 5545 §3.3.6 dur-value PT0M",
			map[string]string{"title": "x", "start": "1997-03-17T13:30:00Z", "reminder": "000"},
			vcalendar("DTSTART:19970317T133000Z", "SUMMARY:x",
				"BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:PT0M", "DESCRIPTION:x", "END:VALARM")},
		{"TEXT escaping", "RFC 5545 §3.3.11: \\\\ \\; \\, and \\n; a colon is not escaped; the RFC's multi-line example",
			map[string]string{"title": `Review: a\b`, "start": "2026-01-01T10:00:00Z", "location": "Room 3B, Floor 2; East",
				"description": "Project XYZ Final Review\nConference Room - 3B\nCome Prepared."},
			vcalendar("DTSTART:20260101T100000Z", `SUMMARY:Review: a\\b`, `LOCATION:Room 3B\, Floor 2\; East`,
				`DESCRIPTION:Project XYZ Final Review\nConference Room - 3B\nCome Prepared.`)},
		{"folding", "RFC 5545 §3.1: 75 octets, CRLF and one space; the 75th octet falls inside a €, which moves whole",
			map[string]string{"title": "x", "start": "2026-01-01T10:00:00Z", "description": strings.Repeat("a", 61) + strings.Repeat("€", 30)},
			vcalendar("DTSTART:20260101T100000Z", "SUMMARY:x",
				"DESCRIPTION:"+strings.Repeat("a", 61)+"\r\n "+strings.Repeat("€", 24)+"\r\n "+strings.Repeat("€", 6))},
	}))
	runBad(t, "event", []bad{
		{"missing title", map[string]string{"start": "2026-10-01T19:00:00+02:00"}, "title"},
		{"missing start", map[string]string{"title": "x"}, "start"},
		{"start without offset", map[string]string{"title": "x", "start": "2026-10-01T19:00:00"}, "start"},
		{"start not a date-time", map[string]string{"title": "x", "start": "tomorrow"}, "start"},
		{"date without allday", map[string]string{"title": "x", "start": "2026-10-01"}, "start"},
		{"end without offset", map[string]string{"title": "x", "start": "2026-10-01T19:00:00Z", "end": "2026-10-01T20:00"}, "end"},
		{"end before start", map[string]string{"title": "x", "start": "2026-10-01T19:00:00+02:00", "end": "2026-10-01T18:00:00+02:00"}, "end"},
		{"all-day end before start", map[string]string{"title": "x", "start": "2026-10-02", "end": "2026-10-01", "allday": "true"}, "end"},
		{"all-day bad date", map[string]string{"title": "x", "start": "2026-02-30", "allday": "true"}, "start"},
		{"bad allday", map[string]string{"title": "x", "start": "2026-10-01", "allday": "maybe"}, "allday"},
		{"reminder not a number", map[string]string{"title": "x", "start": "2026-10-01T19:00:00Z", "reminder": "15m"}, "reminder"},
		{"negative reminder", map[string]string{"title": "x", "start": "2026-10-01T19:00:00Z", "reminder": "-5"}, "reminder"},
		{"reminder over four weeks", map[string]string{"title": "x", "start": "2026-10-01T19:00:00Z", "reminder": "40321"}, "reminder"},
		{"year out of range in UTC", map[string]string{"title": "x", "start": "9999-12-31T23:00:00-05:00"}, "start"},
		{"title control character", map[string]string{"title": "a\x00", "start": "2026-10-01T19:00:00Z"}, "title"},
		{"location not UTF-8", map[string]string{"title": "x", "start": "2026-10-01T19:00:00Z", "location": "\xff"}, "location"},
		{"description control character", map[string]string{"title": "x", "start": "2026-10-01T19:00:00Z", "description": "\x1b[1m"}, "description"},
	})
}

// TestEventFixes checks that a time without an offset gets no fix: UTC,
// or any zone, would be a guess that moves the event.
func TestEventFixes(t *testing.T) {
	k := lookup(t, "event")
	for _, fields := range []map[string]string{
		{"title": "x", "start": "2026-10-01T19:00:00", "dtstamp": testStamp},
		{"title": "x", "start": "tomorrow", "dtstamp": testStamp},
		{"title": "x", "start": "1.10.2026", "allday": "true", "dtstamp": testStamp},
	} {
		_, errs := k.Build(fields)
		if len(errs) != 1 || errs[0].Field != "start" || errs[0].Fix != "" || !strings.Contains(errs[0].Detail, "2026-10-01") {
			t.Errorf("%v: errors %v, want one on start with an example in its detail and no fix", fields, errs)
		}
	}
}

// A start that is a date alone, with no allday and no tzid, is an
// all-day event's (RFC 5545 §3.3.4 DATE): the fix keeps the dates and
// sets allday=true. allday=false, a tzid, or an end with a time leaves the
// time to the caller, with no fix.
func TestEventDateAloneIsFixedToAllDay(t *testing.T) {
	k := lookup(t, "event")
	for _, c := range []struct {
		fields map[string]string
		fixed  bool
	}{
		{map[string]string{"start": "2026-12-24"}, true},
		{map[string]string{"start": "2026-12-24", "end": "2026-12-26"}, true},
		{map[string]string{"start": "2026-12-24", "allday": "false"}, false},
		{map[string]string{"start": "2026-12-24", "tzid": "Europe/Berlin"}, false},
		{map[string]string{"start": "2026-12-24", "end": "2026-12-26T10:00:00Z"}, false},
		{map[string]string{"start": "2026-12-32"}, false},
	} {
		c.fields["title"], c.fields["dtstamp"] = "x", testStamp
		_, errs := k.Build(c.fields)
		if len(errs) != 1 || errs[0].Field != "start" {
			t.Errorf("%v: errors %v, want one on start", c.fields, errs)
			continue
		}
		got := errs[0].Fix == c.fields["start"] && errs[0].With["allday"] == "true"
		if got != c.fixed || !c.fixed && (errs[0].Fix != "" || errs[0].With != nil) {
			t.Errorf("%v: %+v, want the all-day fix: %v", c.fields, errs[0], c.fixed)
		}
	}
}

// TestEventDeterministic checks that UID and DTSTAMP depend on the fields
// only: the same fields give the same bytes, other fields another UID,
// and DTSTAMP is dtstamp in UTC to the second, not the start.
func TestEventDeterministic(t *testing.T) {
	k := lookup(t, "event")
	p1, _ := k.Build(map[string]string{"title": "Launch", "start": "2026-10-01T19:00:00+02:00", "dtstamp": "2026-09-15T08:30:00.75+02:00"})
	p2, _ := k.Build(map[string]string{"title": "Launch", "start": "2026-10-01T17:00:00Z", "dtstamp": "2026-09-15T06:30:00Z"})
	if p1 != p2 {
		t.Errorf("the same instants gave different payloads:\n%q\n%q", p1, p2)
	}
	if !strings.Contains(p1, "\r\nDTSTAMP:20260915T063000Z\r\n") {
		t.Errorf("DTSTAMP is not dtstamp in UTC: %q", p1)
	}
	p3, _ := k.Build(map[string]string{"title": "Launch!", "start": "2026-10-01T17:00:00Z", "dtstamp": "2026-09-15T06:30:00Z"})
	uid := func(p string) string { _, rest, _ := strings.Cut(p, "UID:"); return rest[:24] }
	if uid(p1) == uid(p3) {
		t.Errorf("different events share UID %s", uid(p1))
	}
	p4, _ := k.Build(map[string]string{"title": "Launch", "start": "2026-10-01T17:00:00Z", "dtstamp": "2026-09-16T06:30:00Z"})
	if uid(p4) != uid(p1) {
		t.Errorf("a later dtstamp changed the UID of the same event: %s, %s", uid(p4), uid(p1))
	}
	for _, bad := range []string{"", "yesterday", "2026-09-15", "2026-09-15T06:30:00"} {
		if _, errs := k.Build(map[string]string{"title": "x", "start": "2026-10-01T17:00:00Z", "dtstamp": bad}); len(errs) != 1 || errs[0].Field != "dtstamp" {
			t.Errorf("dtstamp %q: errors %v, want one on dtstamp", bad, errs)
		}
	}
}

// TestEventRecognise reads ZXing CalendarParsedResultTestCase payloads: a
// bare VEVENT, LF line ends, escaped commas.
func TestEventRecognise(t *testing.T) {
	k := lookup(t, "event")
	got, ok := k.Recognise("BEGIN:VEVENT\nSUMMARY:foo\nLOCATION:Location\\, with\\, escaped\\, commas\nDTSTART:20080504T123456Z\nDTEND:20080505T234555Z\nEND:VEVENT")
	want := map[string]string{"title": "foo", "location": "Location, with, escaped, commas", "start": "2008-05-04T12:34:56Z", "end": "2008-05-05T23:45:55Z"}
	if !ok || len(got) != len(want) {
		t.Fatalf("recognised %v (%v)", got, ok)
	}
	for name, v := range want {
		if got[name] != v {
			t.Errorf("%s = %q, want %q", name, got[name], v)
		}
	}
	got, ok = k.Recognise(vcalendar("DTSTART;VALUE=DATE:20070628", "DTEND;VALUE=DATE:20070709", "SUMMARY:Jazz",
		"BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT60M", "DESCRIPTION:Jazz", "END:VALARM"))
	if !ok || got["allday"] != "true" || got["start"] != "2007-06-28" || got["end"] != "2007-07-08" || got["reminder"] != "60" || got["description"] != "" {
		t.Errorf("recognised %v", got)
	}
	got, ok = k.Recognise("BEGIN:VEVENT\r\nDTSTART;TZID=Europe/Vienna:20111110T110000\r\nSUMMARY:x\r\nEND:VEVENT")
	if !ok || got["tzid"] != "Europe/Vienna" || got["start"] != "2011-11-10T11:00:00" {
		t.Errorf("TZID time recognised as %v (%v)", got, ok)
	}
	// DURATION (RFC 5545 §3.8.2.5), the length instead of DTEND, is the
	// duration field; its §3.3.6 example P15DT5H0M20S.
	got, ok = k.Recognise("BEGIN:VEVENT\r\nDTSTART:20260101T100000Z\r\nDURATION:P15DT5H0M20S\r\nSUMMARY:x\r\nEND:VEVENT")
	if !ok || got["duration"] != "P15DT5H0M20S" || got["end"] != "" {
		t.Errorf("DURATION recognised as %v (%v)", got, ok)
	}
	if _, ok := k.Recognise("BEGIN:VEVENT\r\nDTSTART;TZID=Mars/Olympus:20111110T110000\r\nSUMMARY:x\r\nEND:VEVENT"); ok {
		t.Error("recognised a TZID that names no IANA zone, which it cannot write back")
	}
}

// A refused reminder's fix keeps the caller's minutes: -5 is the
// trigger's own notation for five minutes before (RFC 5545 §3.8.6.3), and
// what is not a number gets no fix. Every refused reminder was once fixed
// to 15.
func TestReminderFixKeepsTheMinutes(t *testing.T) {
	k := lookup(t, "event")
	for given, want := range map[string]string{"-5": "5", "+5": "5", "40321": "40320", "15m": "", "soon": ""} {
		_, errs := k.Build(map[string]string{"title": "x", "start": "2026-10-01T19:00:00Z", "dtstamp": "2026-09-15T08:30:00Z", "reminder": given})
		if len(errs) != 1 || errs[0].Field != "reminder" || errs[0].Fix != want {
			t.Errorf("reminder=%s: %+v, want fix %q", given, errs, want)
		}
	}
	_, errs := lookup(t, "otpauth").Build(map[string]string{"secret": "JBSWY3DPEHPK3PXP", "account": "alice", "issuer": "ACME", "period": "0"})
	if len(errs) != 1 || errs[0].Field != "period" || errs[0].Fix != "" {
		t.Errorf("period=0: %+v; the period must be the issuer's, so none is offered", errs)
	}
}

// An end before the start gets no fix: the start as the end was once
// offered, which is not later than the start (RFC 5545 §3.8.2.2) and
// loses the caller's end.
func TestEventEndBeforeStartHasNoFix(t *testing.T) {
	k := lookup(t, "event")
	for _, fields := range []map[string]string{
		{"title": "Party", "start": "2026-10-01T18:00:00Z", "end": "2026-10-01T17:00:00Z", "dtstamp": testStamp},
		{"title": "Party", "start": "2026-10-01T20:00:00+02:00", "end": "2026-10-01T17:00:00Z", "dtstamp": testStamp},
		{"title": "Fair", "start": "2026-10-02", "end": "2026-10-01", "allday": "true", "dtstamp": testStamp},
	} {
		_, errs := k.Build(fields)
		if len(errs) != 1 || errs[0].Field != "end" || errs[0].Fix != "" || !strings.Contains(errs[0].Detail, "before start") {
			t.Errorf("%v: errors %+v, want one on end saying it is before start, without a fix", fields, errs)
		}
	}
}

// A date-time with an offset whose date, hour or offset does not exist is
// told so: it once got the detail of a time without an offset.
func TestEventDateTimeOutOfRange(t *testing.T) {
	k := lookup(t, "event")
	for given, want := range map[string]string{
		"2026-02-30T18:00:00Z":      "February 2026 has 28 days",
		"2028-02-30T18:00:00Z":      "February 2028 has 29 days",
		"2026-04-31T18:00:00+02:00": "April 2026 has 30 days",
		"2026-13-01T18:00:00Z":      "month 13, which does not exist",
		"2026-10-01T25:00:00Z":      "hour 25, out of range",
		"2026-10-01T18:61:00Z":      "minute 61, out of range",
		"2026-10-01T18:00:00+25:00": "offset +25:00, out of range",
		"2026-10-01T18:00:00+24:00": "offset +24:00, out of range",
		"2026-10-01T18:00:00-23:60": "offset -23:60, out of range",
		"9999-12-31T23:00:00-05:00": "outside the years 0000 to 9999",
		"2026-10-01T18:00:00":       "without an offset the time would float",
	} {
		_, errs := k.Build(map[string]string{"title": "Party", "start": given, "dtstamp": testStamp})
		if len(errs) != 1 || errs[0].Field != "start" || errs[0].Fix != "" || !strings.Contains(errs[0].Detail, want) {
			t.Errorf("start %s: errors %+v, want one on start saying %q, without a fix", given, errs, want)
			continue
		}
		if want != "without an offset the time would float" && strings.Contains(errs[0].Detail, "float") {
			t.Errorf("start %s: detail %q speaks of a floating time", given, errs[0].Detail)
		}
	}
	// With tzid the clock time's date is checked the same way.
	_, errs := k.Build(map[string]string{"title": "Party", "start": "2026-02-29T18:00:00", "tzid": "Europe/Berlin", "dtstamp": testStamp})
	if len(errs) != 1 || !strings.Contains(errs[0].Detail, "February 2026 has 28 days") {
		t.Errorf("start 2026-02-29T18:00:00 in Europe/Berlin: %+v", errs)
	}
}

// A zone name in another case is fixed to the IANA name's own case, a
// mechanical correction of how it is written: europe/berlin had no fix.
// A name no casing makes a zone has none.
func TestEventTZIDCaseIsFixed(t *testing.T) {
	k := lookup(t, "event")
	for tzid, want := range map[string]string{
		"europe/berlin":          "Europe/Berlin",
		"AMERICA/NEW_YORK":       "America/New_York",
		"america/port-au-prince": "America/Port-au-Prince",
		"africa/dar_es_salaam":   "Africa/Dar_es_Salaam",
		"utc":                    "UTC",
		"europe/berlinn":         "",
	} {
		_, errs := k.Build(map[string]string{"title": "Party", "start": "2026-10-01T18:00:00", "tzid": tzid, "dtstamp": testStamp})
		if len(errs) != 1 || errs[0].Field != "tzid" || errs[0].Fix != want {
			t.Errorf("tzid=%s: %+v, want the fix %q", tzid, errs, want)
		}
	}
}

// duration, instead of end, is written as DTEND: the start plus the
// length, with RFC 5545 §3.3.6's own examples (P15DT5H0M20S, P7W), words
// (1h30m, 3 days), a day as the same clock time the next day across a
// change of daylight saving time (§3.3.6: a day is nominal), and an
// all-day event's whole days. Given with end, in hours for an all-day
// event, or unreadable, it is refused with no fix.
func TestEventDurationIsWrittenAsTheEnd(t *testing.T) {
	k := lookup(t, "event")
	for _, c := range []struct {
		fields map[string]string
		dtend  string
	}{
		{map[string]string{"start": "2026-01-01T10:00:00Z", "duration": "P15DT5H0M20S"}, "DTEND:20260116T150020Z"},
		{map[string]string{"start": "2026-01-01T10:00:00Z", "duration": "P7W"}, "DTEND:20260219T100000Z"},
		{map[string]string{"start": "2026-12-24T18:00:00+01:00", "duration": "1h 30min"}, "DTEND:20261224T183000Z"},
		{map[string]string{"start": "2026-03-28T12:00:00", "tzid": "Europe/Berlin", "duration": "p1d"}, "DTEND;TZID=Europe/Berlin:20260329T120000"},
		{map[string]string{"start": "2026-12-24", "allday": "true", "duration": "3 days"}, "DTEND;VALUE=DATE:20261227"},
	} {
		c.fields["title"], c.fields["dtstamp"] = "x", testStamp
		payload, errs := k.Build(c.fields)
		if len(errs) > 0 || !strings.Contains(payload, "\r\n"+c.dtend+"\r\n") {
			t.Errorf("%v: %v, want %s", c.fields, errs, c.dtend)
		}
	}
	for _, fields := range []map[string]string{
		{"start": "2026-12-24T18:00:00Z", "duration": "2h", "end": "2026-12-24T20:00:00Z"},
		{"start": "2026-12-24T18:00:00Z", "duration": "1.5h"},
		{"start": "2026-12-24T18:00:00Z", "duration": "PT0S"},
		{"start": "2026-12-24T18:00:00Z", "duration": "400d"},
		{"start": "2026-12-24", "allday": "true", "duration": "5h"},
	} {
		fields["title"], fields["dtstamp"] = "x", testStamp
		if _, errs := k.Build(fields); len(errs) != 1 || errs[0].Field != "duration" || errs[0].Fix != "" {
			t.Errorf("%v: %v, want one error on duration with no fix", fields, errs)
		}
	}
}

// RFC 3339 §5.6 lets a space stand for the T between a date and a time,
// for readability, as people and spreadsheets write one: the event is the
// one written with T, where it was refused with no fix.
func TestEventDateTimeWithASpaceForT(t *testing.T) {
	k := lookup(t, "event")
	for spaced, with := range map[string]map[string]string{
		"2026-12-24 18:00":       {"tzid": "Europe/Berlin"},
		"2026-12-24  18:00:00Z":  {},
		"2026-12-24 18:00+01:00": {},
	} {
		fields := map[string]string{"title": "x", "start": spaced, "dtstamp": testStamp}
		maps.Copy(fields, with)
		got, errs := k.Build(fields)
		fields["start"] = strings.Replace(strings.Replace(spaced, "  ", " ", 1), " ", "T", 1)
		want, _ := k.Build(fields)
		if len(errs) != 0 || got != want {
			t.Errorf("start %q: %v, %q; want %q", spaced, errs, got, want)
		}
	}
}

// A date-time as people write it, with tzid, is fixed to the clock time
// it names when it has one reading; 05/06 could be May or June: no fix.
func TestEventWrittenDateTimeFix(t *testing.T) {
	for start, want := range map[string]string{
		"12/24/2026 6pm":     "2026-12-24T18:00",
		"12/24/2026 6:30 PM": "2026-12-24T18:30",
		"24.12.2026 18:00":   "2026-12-24T18:00",
		"05.06.2026 10:00":   "2026-06-05T10:00",
		"24/12/2026 12am":    "2026-12-24T00:00",
		"7/7/2026 12pm":      "2026-07-07T12:00",
		"05/06/2026 10:00":   "",
		"2/30/2026 10:00":    "",
		"12/24/2026 13pm":    "",
		"12/24/2026 25:00":   "",
	} {
		_, errs := lookup(t, "event").Build(map[string]string{"title": "Party", "start": start, "tzid": "Europe/Berlin"})
		if len(errs) == 0 || errs[0].Field != "start" || errs[0].Fix != want {
			t.Errorf("start %q: %+v, want start fixed to %q", start, errs, want)
		}
	}
	// Without tzid the offset is the caller's to give: no fix.
	if _, errs := lookup(t, "event").Build(map[string]string{"title": "Party", "start": "12/24/2026 6pm"}); len(errs) == 0 || errs[0].Fix != "" {
		t.Errorf("without tzid: %+v, want no fix", errs)
	}
}

// A tzid written as the city alone names the one IANA zone called after
// it (Berlin, Europe/Berlin); it was refused without a fix. A city two
// zones are named after, or none, has no fix.
func TestEventTZIDCityIsItsZone(t *testing.T) {
	k, _ := registry.Lookup("event")
	for given, want := range map[string]string{
		"Berlin": "Europe/Berlin", "berlin": "Europe/Berlin", "New York": "America/New_York", "new_york": "America/New_York",
		"Tokyo": "Asia/Tokyo", "Kolkata": "Asia/Kolkata", "Indianapolis": "",
		"Buenos Aires": "", "Springfield": "", "PST": "", "Berlin, Germany": "",
	} {
		_, errs := k.Build(map[string]string{"title": "Party", "start": "2026-12-24T10:00:00", "tzid": given, "dtstamp": "2026-12-01T00:00:00Z"})
		if len(errs) != 1 || errs[0].Field != "tzid" || errs[0].Fix != want {
			t.Errorf("tzid=%s: %+v, want the fix %q", given, errs, want)
		}
		if want == "" {
			continue
		}
		if _, errs := k.Build(map[string]string{"title": "Party", "start": "2026-12-24T10:00:00", "tzid": errs[0].Fix, "dtstamp": "2026-12-01T00:00:00Z"}); len(errs) > 0 {
			t.Errorf("tzid=%s: following the fix: %v", given, errs)
		}
	}
}
