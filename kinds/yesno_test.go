package kinds_test

import (
	"testing"

	"github.com/qrforge/qrforge/registry"
)

// A yes/no field given as an HTML checkbox sends it (on) or as y/n is
// fixed to the value it names; it was refused without a fix.
func TestYesNoFieldWordsAreFixed(t *testing.T) {
	for _, c := range []struct {
		kind   string
		fields map[string]string
		field  string
		want   string
	}{
		{"wifi", map[string]string{"ssid": "Home", "password": "secret123", "hidden": "on"}, "hidden", "true"},
		{"wifi", map[string]string{"ssid": "Home", "password": "secret123", "hidden": "Y"}, "hidden", "true"},
		{"wifi", map[string]string{"ssid": "Home", "password": "secret123", "hidden": "off"}, "hidden", "false"},
		{"facetime", map[string]string{"contact": "+15551234567", "audio": "ON"}, "audio", "true"},
		{"event", map[string]string{"title": "Party", "start": "2026-12-24", "allday": "on", "dtstamp": "2026-12-01T00:00:00Z"}, "allday", "true"},
		{"wifi", map[string]string{"ssid": "Home", "password": "secret123", "hidden": "maybe"}, "hidden", ""},
	} {
		k, _ := registry.Lookup(c.kind)
		_, errs := k.Build(c.fields)
		if len(errs) != 1 || errs[0].Field != c.field || errs[0].Fix != c.want {
			t.Errorf("%s %s=%s: %+v, want the fix %q", c.kind, c.field, c.fields[c.field], errs, c.want)
			continue
		}
		if c.want == "" {
			continue
		}
		c.fields[c.field] = errs[0].Fix
		if _, errs := k.Build(c.fields); len(errs) > 0 {
			t.Errorf("%s %s=%s: following the fix: %v", c.kind, c.field, c.want, errs)
		}
	}
}
