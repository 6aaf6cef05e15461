package kinds

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
)

// This file builds an iCalendar VTIMEZONE (RFC 5545 §3.6.5) from the IANA
// zone data that Go's time package carries, so that a code with TZID times
// says itself what the zone's offsets are. The output depends on the zone
// data of the build (Go embeds it with time/tzdata where the host has
// none): a zone whose rules change gets a new VTIMEZONE, as it should.

// ruleYears is how far past the start a yearly rule is checked against
// the zone data before it is written: the Gregorian calendar's weekdays
// repeat on the same dates every 28 years within a century, so a rule
// that fits that long fits every weekday the month can start on.
const ruleYears = 30

// listYears is how far past the start a zone that follows no yearly rule
// is written transition by transition.
const listYears = 2

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

// vtimezone writes the VTIMEZONE of loc for an event starting at start.
// The zone's transitions from the one that began the start's period to
// ruleYears on are written as yearly rules where they follow them, so a
// repeating event is covered for as long as the rules hold, and one by
// one where they do not. A zone that follows no yearly rule gets each of
// its transitions to listYears past the start as an observance of its
// own; one without transitions, a single STANDARD observance.
func vtimezone(tzid string, loc *time.Location, start time.Time) []string {
	begin := start.AddDate(-1, 0, 0)
	if periodStart, _ := start.In(loc).ZoneBounds(); !periodStart.IsZero() && periodStart.Before(begin) {
		begin = periodStart.Add(-time.Second)
	}
	ruleEnd := start.AddDate(ruleYears, 0, 0)
	transitions := zoneTransitions(loc, begin, ruleEnd)
	observances, ok := ruledObservances(transitions, ruleEnd)
	if !ok {
		observances = nil
		for _, t := range transitions {
			if t.at.Before(start.AddDate(listYears, 0, 0)) {
				observances = append(observances, zoneObservance{first: t})
			}
		}
	}
	lines := []string{"BEGIN:VTIMEZONE", "TZID:" + tzid}
	if len(observances) == 0 {
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
	for _, o := range observances {
		lines = append(lines, observance(kindOf(o.first), o.first.onset().Format("20060102T150405"), o.rrule(), o.first.from, o.first.to, o.first.name)...)
	}
	return append(lines, "END:VTIMEZONE")
}

// zoneObservance is a STANDARD or DAYLIGHT sub-component: a transition,
// and the yearly rule it recurs by, if any, through last.
type zoneObservance struct {
	first tzTransition
	rule  *yearlyRule
	last  tzTransition
	open  bool // the rule holds past the transitions checked: no UNTIL
}

func (o zoneObservance) rrule() string {
	if o.rule == nil {
		return ""
	}
	s := "RRULE:FREQ=YEARLY;" + o.rule.String()
	if !o.open {
		// RFC 5545 §3.3.10: in STANDARD and DAYLIGHT, UNTIL is a
		// DATE-TIME in UTC; the last onset is included.
		s += ";UNTIL=" + icalUTC(o.last.at)
	}
	return s
}

// ruledObservances groups transitions by what they change (offsets, name,
// DST) and splits each group into runs of consecutive years that one
// yearly rule reproduces, onset for onset, up to end; a run of one year is
// an observance without a rule. A group that twice follows no rule is
// irregular, and so is the zone: ok is false. STANDARD observances come
// before DAYLIGHT ones, as in RFC 5545 §3.6.5's examples, each in the
// order of their onsets.
func ruledObservances(transitions []tzTransition, end time.Time) (out []zoneObservance, ok bool) {
	type key struct {
		from, to int
		name     string
		dst      bool
	}
	var order []key
	groups := map[key][]tzTransition{}
	for _, t := range transitions {
		k := key{t.from, t.to, t.name, t.dst}
		if _, seen := groups[k]; !seen {
			order = append(order, k)
		}
		groups[k] = append(groups[k], t)
	}
	for _, k := range order {
		g, unruled := groups[k], 0
		for i := 0; i < len(g); {
			rule, n := longestRule(g[i:])
			if n < 2 {
				if unruled++; unruled > 1 {
					return nil, false
				}
				out = append(out, zoneObservance{first: g[i]})
				i++
				continue
			}
			last := g[i+n-1]
			next := rule.onsetIn(g[i].onset(), last.onset().Year()+1)
			out = append(out, zoneObservance{first: g[i], rule: &rule, last: last, open: i+n == len(g) && !next.Before(end)})
			i += n
		}
	}
	slices.SortStableFunc(out, func(a, b zoneObservance) int {
		if a.first.dst != b.first.dst {
			if a.first.dst {
				return 1
			}
			return -1
		}
		return a.first.at.Compare(b.first.at)
	})
	return out, true
}

// longestRule is the yearly rule that reproduces the most of g from its
// first transition on, year after year, and how many it does. Of rules
// that do as well, the last weekday comes first, then the nth, then the
// first on or after the earliest day.
func longestRule(g []tzTransition) (best yearlyRule, n int) {
	first := g[0].onset()
	for _, r := range rulesOf(first) {
		k := 1
		for k < len(g) {
			if !r.onsetIn(first, first.Year()+k).Equal(g[k].at) {
				break
			}
			k++
		}
		if k > n {
			best, n = r, k
		}
	}
	return best, n
}

// yearlyRule is a transition's day in the year as zone rules give it
// (zic(8), ON): the nth weekday of a month (n 1 to 4), the last (n -1),
// or the first on or after a day of the month (n 0).
type yearlyRule struct {
	month     time.Month
	weekday   time.Weekday
	n         int
	onOrAfter int
}

// rulesOf lists the rules an onset fits, in the order longestRule
// prefers. The nth weekday goes to the fourth: a fifth is the last where
// there is one. A day on or after which is written as BYMONTHDAY's seven
// days, all of which every year's month has, so that each year has an
// onset.
func rulesOf(o time.Time) []yearlyRule {
	var rules []yearlyRule
	if o.AddDate(0, 0, 7).Month() != o.Month() {
		rules = append(rules, yearlyRule{month: o.Month(), weekday: o.Weekday(), n: -1})
	}
	if o.Day() <= 28 {
		rules = append(rules, yearlyRule{month: o.Month(), weekday: o.Weekday(), n: (o.Day()-1)/7 + 1})
	}
	for day := max(1, o.Day()-6); day <= min(o.Day(), daysIn(2001, o.Month())-6); day++ {
		if (day-1)%7 != 0 { // the nth weekday already
			rules = append(rules, yearlyRule{month: o.Month(), weekday: o.Weekday(), onOrAfter: day})
		}
	}
	return rules
}

// onsetIn is the rule's onset in year at first's clock time and offset.
func (r yearlyRule) onsetIn(first time.Time, year int) time.Time {
	day := r.onOrAfter
	switch {
	case r.n > 0:
		day = 7*(r.n-1) + 1
	case r.n < 0:
		day = daysIn(year, r.month) - 6
	}
	d := time.Date(year, r.month, day, first.Hour(), first.Minute(), first.Second(), 0, first.Location())
	return d.AddDate(0, 0, (int(r.weekday)-int(d.Weekday())+7)%7)
}

func daysIn(year int, m time.Month) int { return time.Date(year, m+1, 0, 0, 0, 0, 0, time.UTC).Day() }

// String writes the rule's parts after FREQ=YEARLY. The nth and last
// weekday are BYDAY's ordinal (RFC 5545 §3.6.5 example: BYMONTH=3;
// BYDAY=2SU); the first weekday on or after a day is that weekday among
// the seven days from it, the form of §3.8.5.3's U.S. election day
// (BYMONTH=11;BYDAY=TU;BYMONTHDAY=2,3,4,5,6,7,8).
func (r yearlyRule) String() string {
	day := eventWeekdays[(int(r.weekday)+6)%7]
	if r.n != 0 {
		return fmt.Sprintf("BYMONTH=%d;BYDAY=%d%s", int(r.month), r.n, day)
	}
	days := make([]string, 7)
	for i := range days {
		days[i] = strconv.Itoa(r.onOrAfter + i)
	}
	return fmt.Sprintf("BYMONTH=%d;BYDAY=%s;BYMONTHDAY=%s", int(r.month), day, strings.Join(days, ","))
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
