package kinds_test

import (
	"maps"
	"strings"
	"testing"

	"github.com/qrforge/qrforge/registry"
)

// fixed is an invalid payment field whose error must cite the rule's
// document and offer a fix that is itself valid.
type fixed struct {
	name   string
	fields map[string]string
	field  string
	cites  string // text the Detail must contain, e.g. "BIP173"
	fix    string // the exact fix expected, or noFix
}

// noFix is the fix expected where none may be given: on an identity field
// anything but the caller's value, mechanically corrected, would invent an
// address or an account. Elsewhere it accepts any valid fix.
const noFix = ""

// runFixed checks the payment-kind requirement: a wrong check digit, length
// or charset is refused with a Detail naming the clause and a Fix that
// builds.
func runFixed(t *testing.T, kind string, cases []fixed) {
	k := lookup(t, kind)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, errs := k.Build(c.fields)
			if len(errs) == 0 {
				t.Fatalf("accepted, payload %q", p)
			}
			for _, e := range errs {
				if e.Field != c.field {
					continue
				}
				if !strings.Contains(e.Detail, c.cites) {
					t.Errorf("detail %q does not cite %q", e.Detail, c.cites)
				}
				if c.fix == noFix && k.IsIdentity(c.field) {
					if e.Fix != "" {
						t.Fatalf("fix %q on identity field %s: nothing may replace the caller's value", e.Fix, c.field)
					}
					return
				}
				if e.Fix == "" || c.fix != "" && e.Fix != c.fix {
					t.Fatalf("fix %q, want %q", e.Fix, c.fix)
				}
				again := maps.Clone(c.fields)
				again[c.field] = e.Fix
				if _, errs := k.Build(again); len(errs) > 0 {
					t.Fatalf("the fix %q is refused: %v", e.Fix, errs)
				}
				return
			}
			t.Fatalf("errors %v do not name field %q", errs, c.field)
		})
	}
}

// A Base58 string longer than any address is refused before it is
// decoded, which takes time in the square of its length: 7,000 digits,
// the most a QR code holds, reached every parser of /api/v1/qr's data.
func TestBase58TooLongForAnAddressIsNotDecoded(t *testing.T) {
	long := strings.Repeat("7", 7000)
	for _, kind := range []string{"tron", "xrp", "bitcoin", "litecoin", "dogecoin"} {
		k, _ := registry.Lookup(kind)
		if _, _, ok := k.Read(long); ok {
			t.Errorf("%s read 7000 digits as an address", kind)
		}
	}
	k, _ := registry.Lookup("tron")
	_, errs := k.Build(map[string]string{"address": "T" + strings.Repeat("9", 35)})
	if len(errs) == 0 || !strings.Contains(errs[0].Detail, "at most 35 characters") {
		t.Errorf("36 characters: %v", errs)
	}
}
