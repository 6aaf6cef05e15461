package kinds_test

import (
	"strconv"
	"strings"
	"testing"
	"time"
)

// vtzOnsets reads a VTIMEZONE's observances and expands each one's onsets
// (DTSTART, and its yearly BYMONTH/BYDAY rule for the years given) into
// instants with the offset that starts there, as RFC 5545 §3.6.5 defines.
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
	for _, l := range strings.Split(payload, "\r\n") {
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
				var month, n int
				var day string
				for _, part := range strings.Split(strings.TrimPrefix(rrule, "FREQ=YEARLY;"), ";") {
					k, v, _ := strings.Cut(part, "=")
					switch k {
					case "BYMONTH":
						month, _ = strconv.Atoi(v)
					case "BYDAY":
						n, _ = strconv.Atoi(v[:len(v)-2])
						day = v[len(v)-2:]
					}
				}
				wd := map[string]time.Weekday{"SU": 0, "MO": 1, "TU": 2, "WE": 3, "TH": 4, "FR": 5, "SA": 6}[day]
				for y := onset.Year() + 1; y <= lastYear; y++ {
					d := time.Date(y, time.Month(month), 1, onset.Hour(), onset.Minute(), onset.Second(), 0, onset.Location())
					if n > 0 {
						d = d.AddDate(0, 0, (int(wd)-int(d.Weekday())+7)%7+7*(n-1))
					} else {
						d = d.AddDate(0, 1, -1)
						d = d.AddDate(0, 0, -((int(d.Weekday()) - int(wd) + 7) % 7))
					}
					at, to = append(at, d), append(to, offset(value))
				}
			}
			dtstart, rrule = "", ""
		}
	}
	return at, to
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
