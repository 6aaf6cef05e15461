package kinds

import (
	"strings"
	"testing"

	"github.com/qrforge/qrforge/registry"
)

// A birthday whose month is a word has one reading, written YYYY-MM-DD
// as RFC 6350 §6.2.5 asks; one of digits alone with two readings
// (03/02/1990) has no fix, and the detail gives both.
func TestVCardBirthdayWithMonthWord(t *testing.T) {
	k, _ := registry.Lookup("vcard")
	for given, want := range map[string]string{
		"Feb 3 1990": "1990-02-03", "3 February 1990": "1990-02-03", "1990-Feb-03": "1990-02-03",
		"February 3rd, 1990": "1990-02-03", "3. Sept. 1990": "1990-09-03",
		"Feb 30 1990": "", "03/02/1990": "", "Feb 3": "",
	} {
		_, errs := k.Build(map[string]string{"fn": "Jo", "bday": given})
		if len(errs) != 1 || errs[0].Field != "bday" || errs[0].Fix != want {
			t.Errorf("bday=%s: errors %+v, want one on bday with fix %q", given, errs, want)
		}
	}
	_, errs := k.Build(map[string]string{"fn": "Jo", "bday": "03/02/1990"})
	if len(errs) != 1 || !strings.Contains(errs[0].Detail, "February 3") || !strings.Contains(errs[0].Detail, "March 2") {
		t.Errorf("bday=03/02/1990: %+v, want a detail naming both readings", errs)
	}
}

// An event's dates with the month as a word are dates (RFC 5545 §3.3.4):
// the fix writes them YYYY-MM-DD, all day, as it does 2027-02-03; an
// all-day end so written keeps its own day, not the start's.
func TestEventDatesWithMonthWord(t *testing.T) {
	k, _ := registry.Lookup("event")
	for _, c := range []struct {
		values     map[string]string
		field, fix string
	}{
		{map[string]string{"title": "X", "start": "Feb 3 2027"}, "start", "2027-02-03"},
		{map[string]string{"title": "X", "start": "3 February 2027", "allday": "true"}, "start", "2027-02-03"},
		{map[string]string{"title": "X", "start": "2027-02-03", "end": "Feb 5 2027", "allday": "true"}, "end", "2027-02-05"},
		{map[string]string{"title": "X", "start": "03/02/2027", "allday": "true"}, "start", ""},
	} {
		c.values["dtstamp"] = "2026-01-01T00:00:00Z"
		_, errs := k.Build(c.values)
		if len(errs) != 1 || errs[0].Field != c.field || errs[0].Fix != c.fix {
			t.Errorf("%v: errors %+v, want one on %s with fix %q", c.values, errs, c.field, c.fix)
		}
	}
}
