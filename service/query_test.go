package service

import (
	"net/url"
	"testing"
)

// TestQueryReadsNamesInOneOrder: one option under two spellings of its
// name (eYe and eye) is a conflict without a fix, and the value read, and
// so the detail, does not change from one call to the next: the names
// were merged in the map's random order.
func TestQueryReadsNamesInOneOrder(t *testing.T) {
	values := url.Values{"eYe": {"leaf"}, "eye": {"rounded"}, "EYE": {"dot"}}
	var first string
	for i := range 50 {
		v, _, err := newQuery(values).lookup(optEye)
		if err == nil {
			t.Fatal("three values of eye are no conflict")
		}
		if i == 0 {
			first = v
		}
		if v != first || !err.unfixable || err.fixed != "" {
			t.Fatalf("call %d reads eye as %q (fix %q, unfixable %v), call 0 as %q", i, v, err.fixed, err.unfixable, first)
		}
	}
}
