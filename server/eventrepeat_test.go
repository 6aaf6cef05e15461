package server_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// TestEventWeeklyStartNoFix: a weekly event starting on none of its
// repeat_days is a 400 naming start, without a fix: moving the start or
// adding its weekday are two events, and the detail offers both (RFC 5545
// §3.8.5.3). Each of them, written, answers.
func TestEventWeeklyStartNoFix(t *testing.T) {
	const monday = "/api/v1/event/payload?title=x&start=2026-01-12T10:00:00Z&repeat=weekly&repeat_days=TU,TH&repeat_count=3&dtstamp=2026-01-01T00:00:00Z"
	p := readProblem(t, get(t, monday), http.StatusBadRequest, "invalid-parameter")
	if p.Field != "start" || p.Fix != "" || !strings.Contains(p.Detail, "start on 2026-01-13, the Tuesday after it, or add MO to repeat_days") {
		t.Fatalf("field %q detail %q fix %q: want start named, both ways offered, no fix", p.Field, p.Detail, short(p.Fix))
	}
	tuesday := strings.Replace(monday, "start=2026-01-12", "start=2026-01-13", 1)
	rec := get(t, tuesday)
	if rec.Code != http.StatusOK {
		t.Fatalf("a start on a listed day answers %d: %s", rec.Code, rec.Body.String())
	}
	var answer struct{ Payload string }
	if err := json.Unmarshal(rec.Body.Bytes(), &answer); err != nil {
		t.Fatalf("answer is not JSON: %v", err)
	}
	if !strings.Contains(answer.Payload, "\r\nDTSTART:20260113T100000Z\r\nRRULE:FREQ=WEEKLY;COUNT=3;BYDAY=TU,TH\r\n") {
		t.Errorf("the payload does not start on Tuesday 2026-01-13:\n%s", answer.Payload)
	}
	if rec := get(t, strings.Replace(monday, "repeat_days=TU,TH", "repeat_days=MO,TU,TH", 1)); rec.Code != http.StatusOK {
		t.Errorf("MO added to repeat_days answers %d: %s", rec.Code, rec.Body.String())
	}
}

// An end before the start has no fix: its fix once set the end to the
// start, still not later (RFC 5545 §3.8.2.2), and added a dtstamp the
// caller never sent.
func TestEventEndBeforeStartNoFix(t *testing.T) {
	p := readProblem(t, get(t, "/api/v1/event?title=Party&start=2026-10-01T18:00:00Z&end=2026-10-01T17:00:00Z"), http.StatusBadRequest, "invalid-parameter")
	if p.Field != "end" || p.Fix != "" || !strings.Contains(p.Detail, "before start") {
		t.Errorf("field %q detail %q fix %q: want end named, without a fix", p.Field, p.Detail, short(p.Fix))
	}
}

// RRULE's own part names (RFC 5545 §3.3.10: UNTIL, COUNT, BYDAY) given
// for a repeating event are renamed to the repeat fields they are, and the
// fix, followed, repeats the event as asked: until once became the
// event's end, making one event months long, and byday and count were
// dropped, making a Tuesday-and-Thursday event a Tuesday one.
func TestEventRRuleNamesAreRepeatFields(t *testing.T) {
	const call = "/api/v1/event/payload?title=Standup&start=2026-03-03&allday=true&repeat=weekly&until=2026-06-30&byday=TU,TH&dtstamp=2026-01-01T00:00:00Z"
	p := readProblem(t, get(t, call), http.StatusBadRequest, "invalid-parameter")
	for _, want := range []string{"repeat_until=2026-06-30", "repeat_days=TU%2CTH"} {
		if !strings.Contains(p.Fix, want) {
			t.Errorf("fix %q lacks %s", p.Fix, want)
		}
	}
	if strings.Contains(p.Fix, "end=") {
		t.Errorf("fix %q makes until the event's end", p.Fix)
	}
	rec := get(t, strings.TrimPrefix(p.Fix, "http://qr.test"))
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `RRULE:FREQ=WEEKLY;UNTIL=20260630;BYDAY=TU,TH`) {
		t.Errorf("the fix answers %d: %s", rec.Code, rec.Body.String())
	}
	count := readProblem(t, get(t, "/api/v1/event/payload?title=x&start=2026-03-03&allday=true&repeat=daily&count=5"), http.StatusBadRequest, "invalid-parameter")
	if !strings.Contains(count.Fix, "repeat_count=5") {
		t.Errorf("count: fix %q, want repeat_count=5", count.Fix)
	}
}
