package kinds

import (
	"testing"

	"github.com/qrforge/qrforge/registry"
)

// A number written with the unit its field is in has one reading: RFC
// 5870 §3.4.1 altitudes are metres, Key Uri Format periods seconds. Feet
// would need a conversion with rounding: no fix, and the detail says so.
func TestUnitTheFieldIsInIsFixedAway(t *testing.T) {
	for _, c := range []struct {
		kind   string
		values map[string]string
		field  string
		fix    string
	}{
		{"geo", map[string]string{"lat": "52.52", "lon": "13.4", "alt": "34m"}, "alt", "34"},
		{"geo", map[string]string{"lat": "52.52", "lon": "13.4", "alt": "34 m"}, "alt", "34"},
		{"geo", map[string]string{"lat": "52.52", "lon": "13.4", "alt": "34.5 metres"}, "alt", "34.5"},
		{"geo", map[string]string{"lat": "52.52", "lon": "13.4", "uncertainty": "10 Meters"}, "uncertainty", "10"},
		{"geo", map[string]string{"lat": "52.52", "lon": "13.4", "alt": "110 ft"}, "alt", ""},
		{"otpauth", map[string]string{"secret": "JBSWY3DPEHPK3PXP", "account": "jo", "period": "30s"}, "period", "30"},
		{"otpauth", map[string]string{"secret": "JBSWY3DPEHPK3PXP", "account": "jo", "period": "30 seconds"}, "period", "30"},
		{"otpauth", map[string]string{"secret": "JBSWY3DPEHPK3PXP", "account": "jo", "period": "30 min"}, "period", ""},
		{"otpauth", map[string]string{"secret": "JBSWY3DPEHPK3PXP", "account": "jo", "digits": "6 digits"}, "digits", "6"},
		{"otpauth", map[string]string{"secret": "JBSWY3DPEHPK3PXP", "account": "jo", "digits": "8 Digits"}, "digits", "8"},
	} {
		k, _ := registry.Lookup(c.kind)
		_, errs := k.Build(c.values)
		if len(errs) != 1 || errs[0].Field != c.field || errs[0].Fix != c.fix {
			t.Errorf("%s %v: errors %+v, want one on %s with fix %q", c.kind, c.values, errs, c.field, c.fix)
		}
	}
}
