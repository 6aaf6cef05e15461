package kinds_test

import (
	"strings"
	"testing"
)

// A PayNow expiry or an SGQR label's revision date written as people and
// agents write dates with one reading (ISO 8601's 2030-12-31T23:59:59,
// year first with slashes, the month as a word) is fixed to the digits
// template 26-04 and 51-07 carry, and followed the fix builds; a date with
// two readings or a moment with a UTC offset, which the code has no place
// for, has no fix and says why.
func TestPayNowDatesAsPeopleWriteThem(t *testing.T) {
	sgqr := map[string]string{"sgqr_id": "1809072DD85C", "postal": "018956", "revised": "20230101", "name": "ACME", "proxy": "91234567"}
	for _, c := range []struct {
		kind   string
		fields map[string]string
		field  string
		fix    string
		why    string
	}{
		{"paynow", map[string]string{"proxy": "91234567", "expiry": "2030-12-31T23:59:59"}, "expiry", "20301231235959", ""},
		{"paynow", map[string]string{"proxy": "91234567", "expiry": "2030-12-31 23:59"}, "expiry", "20301231235900", ""},
		{"paynow", map[string]string{"proxy": "91234567", "expiry": "2030/12/31"}, "expiry", "20301231", ""},
		{"paynow", map[string]string{"proxy": "91234567", "expiry": "31 December 2030"}, "expiry", "20301231", ""},
		{"paynow", map[string]string{"proxy": "91234567", "expiry": "05/06/2030"}, "expiry", "", "only you can tell"},
		{"paynow", map[string]string{"proxy": "91234567", "expiry": "2030-12-31T23:59:59Z"}, "expiry", "", "time zone"},
		{"sgqr", withField(sgqr, "revised", "2023/01/01"), "revised", "20230101", ""},
		{"sgqr", withField(sgqr, "expiry", "2030-12-31T23:59:59"), "expiry", "20301231235959", ""},
	} {
		k := lookup(t, c.kind)
		_, errs := k.Build(c.fields)
		if len(errs) != 1 || errs[0].Field != c.field || errs[0].Fix != c.fix {
			t.Errorf("%s %s=%q: errors %v, want one on %s with fix %q", c.kind, c.field, c.fields[c.field], errs, c.field, c.fix)
			continue
		}
		if !strings.Contains(errs[0].Detail, c.why) {
			t.Errorf("%s %s=%q: detail %q does not say %q", c.kind, c.field, c.fields[c.field], errs[0].Detail, c.why)
		}
		if c.fix == "" {
			continue
		}
		if _, again := k.Build(withField(c.fields, c.field, c.fix)); len(again) > 0 {
			t.Errorf("%s: the fix %s=%s is refused: %v", c.kind, c.field, c.fix, again)
		}
	}
}
