package kinds

import (
	"fmt"
	"slices"
	"time"
)

// This file builds an iCalendar VTIMEZONE (RFC 5545 §3.6.5) from the IANA
// zone data that Go's time package carries, so that a code with TZID times
// says itself what the zone's offsets are. The output depends on the zone
// data of the build (Go embeds it with time/tzdata where the host has
// none): a zone whose rules change gets a new VTIMEZONE, as it should.

// tzTransition is one change of a zone's offset, abbreviation or DST flag.
type tzTransition struct {
	at       time.Time // the instant
	from, to int       // offsets in seconds east of UTC, before and after
	name     string    // abbreviation after, such as CEST
	dst      bool      // daylight saving time after
}

// onset is the transition's local time in the offset before it, the form
// DTSTART takes in an observance (RFC 5545 §3.6.5: "the local time ... in
// the observance's TZOFFSETFROM").
func (t tzTransition) onset() time.Time { return t.at.In(time.FixedZone("", t.from)) }

// zoneTransitions lists the transitions of loc in [from, to). Go also
// ends a period where nothing changes (at the turn of each year that the
// zone data's TZ rule serves, RFC 8536 §3.3); such a bound is no
// transition.
func zoneTransitions(loc *time.Location, from, to time.Time) []tzTransition {
	var out []tzTransition
	for t := from; ; {
		end := zoneEnd(loc, t)
		if end.IsZero() || !end.Before(to) {
			return out
		}
		before, after := end.Add(-time.Second).In(loc), end.In(loc)
		if !sameZone(before, after) {
			_, fromOffset := before.Zone()
			name, toOffset := after.Zone()
			out = append(out, tzTransition{at: end, from: fromOffset, to: toOffset, name: name, dst: after.IsDST()})
		}
		t = end
	}
}

// zoneEnd is the end of loc's period that holds t, zero after the last.
func zoneEnd(loc *time.Location, t time.Time) time.Time {
	_, end := t.In(loc).ZoneBounds()
	if end.IsZero() || end.After(t) {
		return end
	}
	// golang/go#81583: on the last UTC day of a leap year that the zone
	// data's TZ rule serves, ZoneBounds ends the period before t. That
	// day is searched for a change instead, to the second.
	lo := t.Truncate(time.Second)
	hi := lo.Add(24 * time.Hour)
	if sameZone(lo.In(loc), hi.In(loc)) {
		return hi
	}
	for hi.Sub(lo) > time.Second {
		mid := lo.Add((hi.Sub(lo) / 2).Truncate(time.Second))
		if sameZone(lo.In(loc), mid.In(loc)) {
			lo = mid
		} else {
			hi = mid
		}
	}
	return hi
}

// sameZone reports whether a and b, in one location, have the same
// offset, abbreviation and DST flag.
func sameZone(a, b time.Time) bool {
	na, oa := a.Zone()
	nb, ob := b.Zone()
	return na == nb && oa == ob && a.IsDST() == b.IsDST()
}

// yearlyRule is the RRULE of a transition that recurs on the nth (or, n =
// -1, the last) weekday of a month at a fixed local time, the way zone
// rules are written (RFC 5545 §3.6.5 example: FREQ=YEARLY;BYMONTH=3;
// BYDAY=2SU).
type yearlyRule struct {
	month   time.Month
	weekday time.Weekday
	n       int
	clock   string
}

func (r yearlyRule) String() string {
	return fmt.Sprintf("RRULE:FREQ=YEARLY;BYMONTH=%d;BYDAY=%d%s", int(r.month), r.n, eventWeekdays[(int(r.weekday)+6)%7])
}

// rulesOf returns the nth and last-weekday rules that a transition fits.
func rulesOf(t tzTransition) (nth, last yearlyRule, isLast bool) {
	o := t.onset()
	nth = yearlyRule{o.Month(), o.Weekday(), (o.Day()-1)/7 + 1, o.Format("150405")}
	last = nth
	last.n = -1
	return nth, last, o.AddDate(0, 0, 7).Month() != o.Month()
}

// vtimezone writes the VTIMEZONE of loc for an event starting at start.
// Where the zone's transitions around the start (the year before it and
// the two after) follow yearly weekday rules, one observance per kind of
// transition carries the rule, so a repeating event is covered for as long
// as the rules hold; otherwise each transition of those three years is an
// observance of its own. A zone without transitions then gets one STANDARD
// observance.
func vtimezone(tzid string, loc *time.Location, start time.Time) []string {
	begin := start.AddDate(-1, 0, 0)
	if periodStart, _ := start.In(loc).ZoneBounds(); !periodStart.IsZero() && periodStart.Before(begin) {
		begin = periodStart.Add(-time.Second)
	}
	transitions := zoneTransitions(loc, begin, start.AddDate(2, 0, 0))
	lines := []string{"BEGIN:VTIMEZONE", "TZID:" + tzid}
	if len(transitions) == 0 {
		name, off := start.In(loc).Zone()
		onset := "19700101T000000"
		if periodStart, _ := start.In(loc).ZoneBounds(); !periodStart.IsZero() {
			_, before := periodStart.Add(-time.Second).In(loc).Zone()
			onset = tzTransition{at: periodStart, from: before}.onset().Format("20060102T150405")
			lines = append(lines, observance("STANDARD", onset, "", before, off, name)...)
		} else {
			lines = append(lines, observance("STANDARD", onset, "", off, off, name)...)
		}
		return append(lines, "END:VTIMEZONE")
	}
	if rules, ok := yearlyRules(transitions); ok {
		// STANDARD before DAYLIGHT, as in RFC 5545 §3.6.5's examples.
		slices.SortStableFunc(rules, func(a, b ruledTransition) int {
			if a.first.dst == b.first.dst {
				return 0
			}
			if b.first.dst {
				return -1
			}
			return 1
		})
		for _, r := range rules {
			lines = append(lines, observance(kindOf(r.first), r.first.onset().Format("20060102T150405"), r.rule.String(), r.first.from, r.first.to, r.first.name)...)
		}
		return append(lines, "END:VTIMEZONE")
	}
	for _, t := range transitions {
		lines = append(lines, observance(kindOf(t), t.onset().Format("20060102T150405"), "", t.from, t.to, t.name)...)
	}
	return append(lines, "END:VTIMEZONE")
}

// ruledTransition is a kind of transition and the yearly rule it follows,
// from its first occurrence on.
type ruledTransition struct {
	first tzTransition
	rule  yearlyRule
}

// yearlyRules groups transitions by what they change (offsets, name, DST)
// and finds one yearly rule per group that all its members fit; a group
// needs two members, a single change being no rule.
func yearlyRules(transitions []tzTransition) ([]ruledTransition, bool) {
	type key struct {
		from, to int
		name     string
		dst      bool
	}
	var order []key
	groups := map[key][]tzTransition{}
	for _, t := range transitions {
		k := key{t.from, t.to, t.name, t.dst}
		if _, ok := groups[k]; !ok {
			order = append(order, k)
		}
		groups[k] = append(groups[k], t)
	}
	var out []ruledTransition
	for _, k := range order {
		g := groups[k]
		if len(g) < 2 {
			return nil, false
		}
		nth, last, _ := rulesOf(g[0])
		nthFits, lastFits := true, true
		for _, t := range g {
			n, l, isLast := rulesOf(t)
			nthFits = nthFits && n == nth
			lastFits = lastFits && l == last && isLast
		}
		switch {
		case lastFits:
			out = append(out, ruledTransition{g[0], last})
		case nthFits:
			out = append(out, ruledTransition{g[0], nth})
		default:
			return nil, false
		}
	}
	return out, true
}

func kindOf(t tzTransition) string {
	if t.dst {
		return "DAYLIGHT"
	}
	return "STANDARD"
}

// observance writes one STANDARD or DAYLIGHT sub-component in the property
// order of RFC 5545 §3.6.5's examples.
func observance(kind, dtstart, rrule string, from, to int, name string) []string {
	lines := []string{"BEGIN:" + kind, "DTSTART:" + dtstart}
	if rrule != "" {
		lines = append(lines, rrule)
	}
	lines = append(lines, "TZOFFSETFROM:"+utcOffset(from), "TZOFFSETTO:"+utcOffset(to))
	if name != "" {
		lines = append(lines, "TZNAME:"+escapeText(name))
	}
	return append(lines, "END:"+kind)
}

// utcOffset writes an offset as RFC 5545 §3.3.14 UTC-OFFSET: ±hhmm, with
// seconds only when there are any; -0000 is not allowed.
func utcOffset(sec int) string {
	sign := "+"
	if sec < 0 {
		sign, sec = "-", -sec
	}
	s := fmt.Sprintf("%s%02d%02d", sign, sec/3600, sec/60%60)
	if sec%60 != 0 {
		s += fmt.Sprintf("%02d", sec%60)
	}
	return s
}
