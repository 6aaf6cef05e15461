package kinds

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

var (
	// gs1YearMonth and gs1MonthYear are a year and a month, either way
	// round: 2027-03, 03/2027.
	gs1YearMonth = regexp.MustCompile(`^([0-9]{4})[-/.]([0-9]{1,2})$`)
	gs1MonthYear = regexp.MustCompile(`^([0-9]{1,2})[-/.]([0-9]{4})$`)
	// gs1DayMonthYear is a date with the year last: 31/03/2027, 31.03.2027.
	gs1DayMonthYear = regexp.MustCompile(`^([0-9]{1,2})([-/.])([0-9]{1,2})[-/.]([0-9]{4})$`)
)

// gs1DateFix reads a date as people write it into GS1's YYMMDD, when it
// has one reading: its month a word, a day above 12 or dots between its
// parts (day first, as wherever dots are written); a month alone is its
// end, day 00 (General Specifications §7.12). Years 2000 to 2099, which
// YY names around today under §7.12's century rule. why, when there is
// no fix, says what the value's readings are.
func gs1DateFix(s string) (fix, why string) {
	s = strings.TrimSpace(s)
	yymmdd := func(year, month, day int) string {
		if year < 2000 || year > 2099 {
			return ""
		}
		d := fmt.Sprintf("%02d%02d%02d", year%100, month, day)
		if _, ok := gs1Date(d); !ok {
			return ""
		}
		return d
	}
	if iso, ok := peopleDate(s); ok {
		y, _ := strconv.Atoi(iso[:4])
		m, _ := strconv.Atoi(iso[5:7])
		d, _ := strconv.Atoi(iso[8:])
		return yymmdd(y, m, d), ""
	}
	if m := gs1YearMonth.FindStringSubmatch(s); m != nil {
		return monthEnd(m[1], m[2]), ""
	}
	if m := gs1MonthYear.FindStringSubmatch(s); m != nil {
		return monthEnd(m[2], m[1]), ""
	}
	m := gs1DayMonthYear.FindStringSubmatch(s)
	if m == nil {
		return "", ""
	}
	a, _ := strconv.Atoi(m[1])
	b, _ := strconv.Atoi(m[3])
	y, _ := strconv.Atoi(m[4])
	switch {
	case a > 12 || m[2] == "." || a == b:
		return yymmdd(y, b, a), ""
	case b > 12:
		return yymmdd(y, a, b), ""
	}
	return "", fmt.Sprintf("; %s is %s or %s, as the day or the month comes first: write it YYYY-MM-DD", s, gs1Shown(y, b, a), gs1Shown(y, a, b))
}

// monthEnd is YYMM00, the end of a month given as its year and number.
func monthEnd(year, month string) string {
	y, _ := strconv.Atoi(year)
	m, _ := strconv.Atoi(month)
	if y < 2000 || y > 2099 || m < 1 || m > 12 {
		return ""
	}
	return fmt.Sprintf("%02d%02d00", y%100, m)
}

func gs1Shown(year, month, day int) string {
	return fmt.Sprintf("%04d-%02d-%02d", year, month, day)
}
