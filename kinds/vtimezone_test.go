package kinds_test

import (
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// vtzOnsets reads a VTIMEZONE's observances and expands each one's onsets
// (DTSTART, and its yearly rule through lastYear) into instants with the
// offset that starts there, as RFC 5545 §3.6.5 defines.
func vtzOnsets(t *testing.T, payload string, lastYear int) (at []time.Time, to []int) {
	t.Helper()
	offset := func(s string) int {
		sign := 1
		if s[0] == '-' {
			sign = -1
		}
		h, _ := strconv.Atoi(s[1:3])
		m, _ := strconv.Atoi(s[3:5])
		return sign * (h*3600 + m*60)
	}
	var dtstart, rrule string
	var from int
	// Lines are unfolded first (RFC 5545 §3.1).
	for _, l := range strings.Split(strings.ReplaceAll(payload, "\r\n ", ""), "\r\n") {
		name, value, _ := strings.Cut(l, ":")
		switch name {
		case "DTSTART":
			dtstart = value
		case "RRULE":
			rrule = value
		case "TZOFFSETFROM":
			from = offset(value)
		case "TZOFFSETTO":
			onset, err := time.ParseInLocation("20060102T150405", dtstart, time.FixedZone("", from))
			if err != nil {
				t.Fatalf("DTSTART %q: %v", dtstart, err)
			}
			at, to = append(at, onset), append(to, offset(value))
			if rrule != "" {
				for _, o := range expandYearly(t, rrule, onset, lastYear) {
					at, to = append(at, o), append(to, offset(value))
				}
			}
			dtstart, rrule = "", ""
		}
	}
	return at, to
}

// expandYearly expands the yearly rules a VTIMEZONE holds, after the
// first onset through lastYear: FREQ=YEARLY with BYMONTH, BYDAY (a
// weekday, with or without an ordinal), BYMONTHDAY and UNTIL, read as RFC
// 5545 §3.3.10 does (BYDAY's ordinal counts within the month BYMONTH
// gives; BYMONTHDAY keeps the days it lists; UNTIL is inclusive).
func expandYearly(t *testing.T, rrule string, first time.Time, lastYear int) []time.Time {
	t.Helper()
	var month, n int
	var weekday string
	var monthDays []int
	until := time.Date(lastYear+1, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, part := range strings.Split(rrule, ";") {
		k, v, _ := strings.Cut(part, "=")
		switch k {
		case "FREQ":
			if v != "YEARLY" {
				t.Fatalf("RRULE %q: not yearly", rrule)
			}
		case "BYMONTH":
			month, _ = strconv.Atoi(v)
		case "BYDAY":
			weekday = v[len(v)-2:]
			if v != weekday {
				n, _ = strconv.Atoi(v[:len(v)-2])
			}
		case "BYMONTHDAY":
			for _, d := range strings.Split(v, ",") {
				day, _ := strconv.Atoi(d)
				monthDays = append(monthDays, day)
			}
		case "UNTIL":
			u, err := time.Parse("20060102T150405Z", v)
			if err != nil {
				t.Fatalf("RRULE %q: UNTIL is not a UTC date-time", rrule)
			}
			until = u.Add(time.Second)
		default:
			t.Fatalf("RRULE %q: part %s is not expanded here", rrule, k)
		}
	}
	wd := map[string]time.Weekday{"SU": 0, "MO": 1, "TU": 2, "WE": 3, "TH": 4, "FR": 5, "SA": 6}[weekday]
	var out []time.Time
	for y := first.Year() + 1; y <= lastYear; y++ {
		var days []time.Time
		for d := time.Date(y, time.Month(month), 1, first.Hour(), first.Minute(), first.Second(), 0, first.Location()); d.Month() == time.Month(month); d = d.AddDate(0, 0, 1) {
			if d.Weekday() == wd {
				days = append(days, d)
			}
		}
		switch {
		case n > 0 && n <= len(days):
			days = days[n-1 : n]
		case n < 0 && -n <= len(days):
			days = days[len(days)+n : len(days)+n+1]
		case n != 0:
			days = nil
		}
		for _, d := range days {
			if (monthDays == nil || slices.Contains(monthDays, d.Day())) && d.Before(until) {
				out = append(out, d)
			}
		}
	}
	return out
}

// TestVTimezoneMatchesZoneData checks the VTIMEZONE written for zones of
// every shape against Go's zone data: at every sampled instant from the
// event's start to two years on, the observance in effect (the latest
// onset not after it) gives the offset the zone has.
func TestVTimezoneMatchesZoneData(t *testing.T) {
	k := lookup(t, "event")
	for _, c := range []struct{ tzid, start string }{
		{"America/New_York", "2026-01-15T09:00:00"},
		{"America/New_York", "1997-09-02T09:00:00"},
		{"Europe/Berlin", "2026-10-01T19:00:00"},
		{"Europe/London", "2026-06-01T12:00:00"},
		{"Australia/Sydney", "2026-03-01T10:00:00"},    // DST across the new year
		{"Australia/Lord_Howe", "2026-03-01T10:00:00"}, // 30-minute DST
		{"Pacific/Chatham", "2026-05-01T10:00:00"},     // +12:45 / +13:45
		{"America/St_Johns", "2026-05-01T10:00:00"},    // -03:30
		{"America/Santiago", "2026-05-01T10:00:00"},    // Saturday-night rules
		{"Asia/Jerusalem", "2026-05-01T10:00:00"},      // Friday before the last Sunday
		{"Africa/Casablanca", "2026-05-01T10:00:00"},   // around Ramadan, no weekday rule
		{"Asia/Tokyo", "2026-05-01T10:00:00"},          // no DST since 1951
		{"America/Sao_Paulo", "2026-05-01T10:00:00"},   // DST abolished in 2019
		{"Asia/Kolkata", "2026-05-01T10:00:00"},
		{"Etc/GMT-3", "2026-05-01T10:00:00"}, // never a transition
	} {
		t.Run(c.tzid+" "+c.start, func(t *testing.T) {
			loc, err := time.LoadLocation(c.tzid)
			if err != nil {
				t.Fatal(err)
			}
			p, errs := k.Build(map[string]string{"title": "x", "start": c.start, "tzid": c.tzid, "dtstamp": testStamp})
			if len(errs) > 0 {
				t.Fatal(errs)
			}
			vtz := p[strings.Index(p, "BEGIN:VTIMEZONE") : strings.Index(p, "END:VTIMEZONE")+len("END:VTIMEZONE")]
			wall, _ := time.ParseInLocation("2006-01-02T15:04:05", c.start, loc)
			at, to := vtzOnsets(t, vtz, wall.Year()+2)
			for x := wall; x.Before(wall.AddDate(2, 0, 0)); x = x.Add(61 * time.Hour) {
				best := -1
				for i := range at {
					if !at[i].After(x) && (best < 0 || at[i].After(at[best])) {
						best = i
					}
				}
				_, want := x.In(loc).Zone()
				if best < 0 || to[best] != want {
					got := "no observance"
					if best >= 0 {
						got = strconv.Itoa(to[best])
					}
					t.Fatalf("at %s the VTIMEZONE gives %s, the zone %d\n%s", x.UTC(), got, want, vtz)
				}
			}
		})
	}
}

// offsetChanges lists where the offset changes in [from, until) and what it
// becomes, given the onsets of a VTIMEZONE's observances: the offset in
// effect is that of the latest onset (RFC 5545 §3.6.5). at0 is the offset
// at from, ok false when no onset precedes it.
func offsetChanges(at []time.Time, to []int, from, until time.Time) (at0 int, ok bool, changes []string) {
	order := make([]int, len(at))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return at[a].Compare(at[b]) })
	for _, i := range order {
		switch {
		case !at[i].After(from):
			at0, ok = to[i], true
		case at[i].Before(until) && to[i] != at0:
			changes = append(changes, at[i].UTC().Format(time.RFC3339)+" "+strconv.Itoa(to[i]))
			at0 = to[i]
		}
	}
	return
}

// zoneChanges is offsetChanges from Go's zone data, read hour by hour and
// each change found to the second, apart from how vtimezone reads it.
func zoneChanges(loc *time.Location, from, until time.Time) (at0 int, changes []string) {
	offset := func(x time.Time) int { _, off := x.In(loc).Zone(); return off }
	at0 = offset(from)
	for x, off := from, at0; x.Before(until); x = x.Add(time.Hour) {
		if offset(x.Add(time.Hour)) == off {
			continue
		}
		lo, hi := x, x.Add(time.Hour)
		for hi.Sub(lo) > time.Second {
			if mid := lo.Add(hi.Sub(lo) / 2); offset(mid) == off {
				lo = mid
			} else {
				hi = mid
			}
		}
		if off = offset(hi); hi.Before(until) {
			changes = append(changes, hi.UTC().Format(time.RFC3339)+" "+strconv.Itoa(off))
		}
	}
	return at0, changes
}

// TestVTimezoneRulesHold expands the observances of the VTIMEZONE written
// for each zone and compares every change of offset they give, from the
// event's start on, with the zone data's: thirty years of them where the
// zone follows yearly rules, so that a rule which only happens to fit the
// years around the start is caught (a weekday falls on every date of a
// month within 28 years). A zone that follows no weekday rule is written
// transition by transition for the two years after the start.
func TestVTimezoneRulesHold(t *testing.T) {
	k := lookup(t, "event")
	for _, c := range []struct {
		tzid, start string
		years       int
	}{
		{"Europe/London", "2026-01-10T10:00:00", 30},
		{"Europe/Berlin", "2026-01-10T10:00:00", 30},
		{"Europe/Dublin", "2026-01-10T10:00:00", 30}, // IST is standard time, GMT in winter "negative DST"
		{"America/New_York", "2026-01-10T10:00:00", 30},
		{"America/New_York", "1997-09-02T09:00:00", 30}, // the 2007 change of rules
		{"America/Santiago", "2026-01-10T10:00:00", 30}, // Sun>=2 of April and September
		{"America/Santiago", "2021-01-10T10:00:00", 30}, // 2022's September change was a week late
		{"America/Santiago", "2023-01-10T10:00:00", 30}, // the rule again from September 2023
		{"Asia/Jerusalem", "2026-01-10T10:00:00", 30},   // Fri>=23 of March
		{"Australia/Sydney", "2026-01-10T10:00:00", 30}, // DST across the new year
		{"Pacific/Auckland", "2026-01-10T10:00:00", 30}, // last Sunday of September, first of April
		{"America/Asuncion", "2026-01-10T10:00:00", 30}, // no DST since October 2024
		{"America/Asuncion", "2023-01-10T10:00:00", 30}, // DST ending
		{"Asia/Tehran", "2026-01-10T10:00:00", 30},      // no DST since 2022
		{"Africa/Casablanca", "2026-01-10T10:00:00", 2}, // around Ramadan, no weekday rule
		{"Asia/Jerusalem", "2037-06-10T10:00:00", 30},   // past 2037, where the zone data's rule takes over
	} {
		t.Run(c.tzid+" "+c.start, func(t *testing.T) {
			loc, err := time.LoadLocation(c.tzid)
			if err != nil {
				t.Fatal(err)
			}
			p, errs := k.Build(map[string]string{"title": "x", "start": c.start, "tzid": c.tzid, "repeat": "weekly", "dtstamp": testStamp})
			if len(errs) > 0 {
				t.Fatal(errs)
			}
			vtz := p[strings.Index(p, "BEGIN:VTIMEZONE") : strings.Index(p, "END:VTIMEZONE")+len("END:VTIMEZONE")]
			start, _ := time.ParseInLocation("2006-01-02T15:04:05", c.start, loc)
			until := start.AddDate(c.years, 0, 0)
			at, to := vtzOnsets(t, vtz, until.Year())
			got0, ok, got := offsetChanges(at, to, start, until)
			want0, want := zoneChanges(loc, start, until)
			if !ok || got0 != want0 {
				t.Fatalf("at the start the VTIMEZONE gives %d (found %v), the zone %d\n%s", got0, ok, want0, vtz)
			}
			for i := range max(len(got), len(want)) {
				g, w := "none", "none"
				if i < len(got) {
					g = got[i]
				}
				if i < len(want) {
					w = want[i]
				}
				if g != w {
					t.Fatalf("change %d: the VTIMEZONE gives %s, the zone %s\n%s", i, g, w, vtz)
				}
			}
		})
	}
}
