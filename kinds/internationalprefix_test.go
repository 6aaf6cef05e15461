package kinds

import (
	"testing"

	"github.com/qrforge/qrforge/registry"
)

// Every phone-holding field reads 00 as the international call prefix it
// is in most countries, as phone does, and writes '+' (ITU-T E.123 §2.2):
// SMSTO:0044… would dial abroad only from such a country. 0011 (Australia's
// prefix, or 00 then an impossible +1 1…) has two readings: no fix.
func TestInternationalPrefixOnEveryPhoneField(t *testing.T) {
	for _, c := range []struct {
		kind, field string
		values      map[string]string
	}{
		{"phone", "number", map[string]string{}},
		{"sms", "number", map[string]string{}},
		{"sms", "number", map[string]string{"form": "sms"}},
		{"mms", "number", map[string]string{}},
		{"facetime", "contact", map[string]string{}},
		{"vcard", "phone", map[string]string{"fn": "Jo"}},
		{"vcard", "phone2", map[string]string{"fn": "Jo", "phone": "+15551234567"}},
		{"mecard", "phone", map[string]string{"ln": "Jo"}},
	} {
		k, ok := registry.Lookup(c.kind)
		if !ok {
			t.Fatalf("no kind %s", c.kind)
		}
		values := map[string]string{c.field: "0044 20 7946 0000"}
		for f, v := range c.values {
			values[f] = v
		}
		_, errs := k.Build(values)
		if len(errs) != 1 || errs[0].Field != c.field || errs[0].Fix != "+442079460000" {
			t.Errorf("%s %s=0044 20 7946 0000: errors %+v, want one on %s with fix +442079460000", c.kind, c.field, errs, c.field)
		}
		values[c.field] = "0011 44 20 7946 0000"
		if _, errs := k.Build(values); c.kind == "phone" && (len(errs) != 1 || errs[0].Fix != "") {
			t.Errorf("phone 0011 44 20 7946 0000: errors %+v, want one with no fix", errs)
		} else if c.kind != "phone" && slicesHaveFix(errs) {
			t.Errorf("%s %s=0011 44 20 7946 0000: errors %+v, want no fix", c.kind, c.field, errs)
		}
	}
	w, _ := registry.Lookup("whatsapp")
	if _, errs := w.Build(map[string]string{"number": "0011 44 20 7946 0000"}); len(errs) != 1 || errs[0].Fix != "" {
		t.Errorf("whatsapp 0011 44 20 7946 0000: errors %+v, want one with no fix, not wa.me/1144…", errs)
	}
}

func slicesHaveFix(errs []registry.FieldError) bool {
	for _, e := range errs {
		if e.Fix != "" {
			return true
		}
	}
	return false
}
