package kinds_test

import "testing"

// A date-time in iCalendar's own basic form (RFC 5545 §3.3.5: FORM #2,
// 19980119T070000Z, UTC; FORM #3 with TZID, the zone's clock time) has
// one reading: the fix writes it in RFC 3339's form, which start and end
// take. The floating form (FORM #1, no Z and no tzid) stays without a
// fix, as 2026-12-24T18:00 does.
func TestEventBasicFormDateTimes(t *testing.T) {
	k := lookup(t, "event")
	for _, c := range []struct{ start, tzid, fix string }{
		{"20261224T180000Z", "", "2026-12-24T18:00:00Z"},
		{"19980119T070000z", "", "1998-01-19T07:00:00Z"},
		{"20261224T180000", "Europe/Berlin", "2026-12-24T18:00:00"},
		{"20261224T180000", "", ""},
		{"20261324T180000Z", "", ""},
	} {
		fields := map[string]string{"title": "Launch", "start": c.start, "tzid": c.tzid, "dtstamp": "2026-12-01T00:00:00Z"}
		_, errs := k.Build(fields)
		if len(errs) != 1 || errs[0].Field != "start" || errs[0].Fix != c.fix {
			t.Errorf("start %q tzid %q: errors %v, want one on start with fix %q", c.start, c.tzid, errs, c.fix)
			continue
		}
		if c.fix == "" {
			continue
		}
		fields["start"] = c.fix
		if _, errs := k.Build(fields); len(errs) > 0 {
			t.Errorf("start %q: the fix %q is refused: %v", c.start, c.fix, errs)
		}
	}
}
