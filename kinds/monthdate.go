package kinds

import (
	"fmt"
	"regexp"
	"strings"
	"time"
)

// monthWords are the English month names and their common short forms,
// the words a date written for people carries.
var monthWords = map[string]time.Month{
	"jan": 1, "january": 1, "feb": 2, "february": 2, "mar": 3, "march": 3, "apr": 4, "april": 4,
	"may": 5, "jun": 6, "june": 6, "jul": 7, "july": 7, "aug": 8, "august": 8,
	"sep": 9, "sept": 9, "september": 9, "oct": 10, "october": 10, "nov": 11, "november": 11, "dec": 12, "december": 12,
}

// monthWordDate reads a date whose month is a word (Feb 3 1990, 3
// February 1990, 1990-Feb-03, 3rd Feb. 1990) as YYYY-MM-DD: with the month
// named, the other two numbers are a four-digit year and a day, one
// reading in any order. ok is false for anything else, all-digit dates
// (03/02/1990 is 3 February or March 2) among them, and for a day the
// month does not have.
func monthWordDate(s string) (string, bool) {
	parts := strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return strings.ContainsRune(" ,-/.\t", r) })
	if len(parts) != 3 {
		return "", false
	}
	var month time.Month
	year, day := -1, -1
	for _, p := range parts {
		if m, ok := monthWords[p]; ok && month == 0 {
			month = m
			continue
		}
		digits := strings.TrimRight(p, "stndrh")
		if digits == "" || !allDigits(digits) || len(p) > len(digits) && !ordinalSuffix(digits, p[len(digits):]) {
			return "", false
		}
		n := atoiSmall(digits)
		switch {
		case len(digits) == 4 && year < 0 && len(p) == 4:
			year = n
		case len(digits) <= 2 && day < 0:
			day = n
		default:
			return "", false
		}
	}
	if month == 0 || year < 0 || day < 1 {
		return "", false
	}
	t := time.Date(year, month, day, 0, 0, 0, 0, time.UTC)
	if t.Day() != day {
		return "", false
	}
	return t.Format(time.DateOnly), true
}

// ordinalSuffix reports whether suffix is the English ordinal ending of
// the number digits (1st, 2nd, 3rd, 4th, 11th).
func ordinalSuffix(digits, suffix string) bool {
	n := atoiSmall(digits)
	want := "th"
	if n%100 < 11 || n%100 > 13 {
		switch n % 10 {
		case 1:
			want = "st"
		case 2:
			want = "nd"
		case 3:
			want = "rd"
		}
	}
	return suffix == want
}

// atoiSmall is the value of a short run of ASCII digits.
func atoiSmall(digits string) int {
	n := 0
	for _, r := range digits {
		n = n*10 + int(r-'0')
	}
	return n
}

// twoReadingDate says why a date of digits alone with the year last
// (03/02/1990) has no fix: day first it is 3 February, month first March
// 2. "" for any other value.
func twoReadingDate(s string) string {
	parts := strings.FieldsFunc(s, func(r rune) bool { return strings.ContainsRune("/.-", r) })
	if len(parts) != 3 || len(parts[2]) != 4 || !allDigits(parts[0]+parts[1]+parts[2]) || len(parts[0]) > 2 || len(parts[1]) > 2 {
		return ""
	}
	a, b := atoiSmall(parts[0]), atoiSmall(parts[1])
	if a < 1 || b < 1 || a > 12 || b > 12 || a == b {
		return ""
	}
	return "; " + strings.TrimSpace(s) + " is " + time.Month(b).String() + " " + itoa(a) + " read day first, " + time.Month(a).String() + " " + itoa(b) + " read month first: only you can tell which, so there is no fix"
}

// yearFirstDate is a date written year first with slashes or dots
// (1990/02/03, 1990.02.03), as YYYY-MM-DD: year first, the month comes
// next wherever dates are written so (ISO 8601's order, and East Asia's).
var yearFirstDate = regexp.MustCompile(`^([0-9]{4})[/.]([0-9]{1,2})[/.]([0-9]{1,2})$`)

// peopleDate reads a date as people write it when it has one reading: its
// month a word (monthWordDate), or year first (yearFirstDate). ok is
// false for anything else and for a day the month does not have.
func peopleDate(s string) (string, bool) {
	if iso, ok := monthWordDate(s); ok {
		return iso, true
	}
	m := yearFirstDate.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		return "", false
	}
	iso := fmt.Sprintf("%s-%02d-%02d", m[1], atoiSmall(m[2]), atoiSmall(m[3]))
	if _, err := time.Parse(time.DateOnly, iso); err != nil {
		return "", false
	}
	return iso, true
}
