package kinds_test

import "testing"

// An expiry written as people write dates has one reading when its month
// is a word, its day is above 12 or the date is written with dots (day
// first, as wherever dots are written), and a month alone (2027-03) is
// the month's end, which GS1 writes as day 00 (GS1 General Specifications
// §7.12): the fix writes YYMMDD. 03/04/2027 is no one date: no fix.
func TestGS1ExpiryWrittenAsPeopleWriteDates(t *testing.T) {
	k := lookup(t, "gs1")
	for given, want := range map[string]string{
		"31/03/2027":    "270331",
		"03/31/2027":    "270331",
		"31.03.2027":    "270331",
		"01.03.2027":    "270301",
		"31 Mar 2027":   "270331",
		"March 31 2027": "270331",
		"2027-03":       "270300",
		"03/2027":       "270300",
		"Mar 2027":      "",
		"03/04/2027":    "",
		"31/02/2027":    "",
		"1999-03":       "",
	} {
		_, errs := k.Build(map[string]string{"gtin": "4006381333931", "expiry": given})
		if len(errs) != 1 || errs[0].Field != "expiry" || errs[0].Fix != want {
			t.Errorf("expiry %q: errors %v, want one on expiry with fix %q", given, errs, want)
			continue
		}
		if want != "" {
			if _, errs := k.Build(map[string]string{"gtin": "4006381333931", "expiry": want}); len(errs) > 0 {
				t.Errorf("expiry %q: the fix %q is refused: %v", given, want, errs)
			}
		}
	}
}

// A date written year first with slashes or dots has one reading
// (1990/02/03 is 3 February 1990): a vCard birthday and a GS1 expiry
// take it as YYYY-MM-DD.
func TestYearFirstDates(t *testing.T) {
	if _, errs := lookup(t, "vcard").Build(map[string]string{"fn": "Jo", "bday": "1990/02/03"}); len(errs) != 1 || errs[0].Fix != "1990-02-03" {
		t.Errorf("vcard bday 1990/02/03: %+v, want the fix 1990-02-03", errs)
	}
	if _, errs := lookup(t, "vcard").Build(map[string]string{"fn": "Jo", "bday": "1990/02/30"}); len(errs) != 1 || errs[0].Fix != "" {
		t.Errorf("vcard bday 1990/02/30: %+v, want no fix", errs)
	}
	if _, errs := lookup(t, "gs1").Build(map[string]string{"gtin": "4006381333931", "expiry": "2027.03.31"}); len(errs) != 1 || errs[0].Fix != "270331" {
		t.Errorf("gs1 expiry 2027.03.31: %+v, want the fix 270331", errs)
	}
}
