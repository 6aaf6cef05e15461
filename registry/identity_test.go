package registry_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/qrforge/qrforge/registry"
)

func TestMechanical(t *testing.T) {
	for _, c := range []struct {
		original, fix string
		want          bool
	}{
		{"DE89 3704 0044 0532 0130 00", "DE89370400440532013000", true},
		{"de89370400440532013000", "DE89370400440532013000", true},
		{"José", "Jose", true},
		{"48,20", "48.2", true},
		{"52°30'N", "52.5", true},
		{"40°26'46\"N", "40.446111", true},
		{"33.9°S", "-33.9", true},
		{"52°30'N", "52.6", false},
		{"52°30'N", "-52.5", false},
		{"0049 160 1234567", "+491601234567", true},
		{"+44 (0)20 7946 0000", "+44-20-7946-0000", true},
		{"example.com/landing", "https://example.com/landing", true},
		{"GB82 west 1234 5698 7654 32", "GB82WEST12345698765432", true},
		{"12-34", "1234", true},
		{"11.222.333/0001-81", "11222333000181", true},
		{"+1 (555) 123–4567", "+15551234567", true},
		{"John\tDoe", " John Doe ", true},
		{"https://ex.com/a b", "https://ex.com/a%20b", true},
		{"https://ex.com/a b", "https://ex.com/a%20c", false},
		// Not mechanical: another account, a cut name, an added
		// country code, an example in place of the caller's value.
		{"DE00123", "BE72000000001616", false},
		{"DE89370400440532013001", "DE89370400440532013000", false},
		{"NNNNNNNNNNNNNNNNNNNNNNNNNNNNNN", "NNNNNNNNNNNNNNNNNNNNNNNNN", false},
		{"11987654321", "+5511987654321", false},
		{"0160 1234567", "+1 160 1234567", false},
		{"ftp://example.com/f", "https://example.com/f", false},
		// Not mechanical either: a character of the caller's dropped or
		// replaced, though every letter and digit is kept. Only the
		// groups of a number or code are written another way.
		{"a/b#d%&?+", "a/bd%&?+", false},
		{"nasa.gov", "nasagov", false},
		{"Jane Doe-Smith!", "JaneDoeSmith", false},
		{"PEDIDO-42 / ção", "PEDIDO42cao", false},
		{"Home Network", "HomeNetwork", false},
		{"alice:work", "alice work", false},
		{"T1\x07", "T1", false},
		{"caf\xe9", "caf", false},
		{"caf\xe9", "caf\ufffd", false},
		{"", "anything", false},
		{"x", "", false},
	} {
		if got := registry.Mechanical(c.original, c.fix); got != c.want {
			t.Errorf("Mechanical(%q, %q) = %v, want %v", c.original, c.fix, got, c.want)
		}
	}
}

// A declaration with an identity tag other than true or false is a
// programming error caught at registration.
func TestIdentityTagIsChecked(t *testing.T) {
	type bad struct {
		Who string `json:"who" identity:"yes" jsonschema_description:"Who."`
	}
	defer func() {
		if recover() == nil {
			t.Fatal("identity:\"yes\" was accepted")
		}
	}()
	registry.Register(registry.Kind[bad]{Name: "badidentity", Summary: "x", Examples: []bad{{Who: "a"}}, Encode: func(b bad) string { return b.Who }})
	registry.Unregister("badidentity")
}

// A Check may offer to drop a field that qualifies nothing; Build never
// lets it drop an identity field, whose value only the caller can give.
func TestIdentityFieldIsNeverDropped(t *testing.T) {
	k := greetingKind("dropper")
	k.Check = func(g *greeting) []registry.FieldError {
		if g.Tone != "cool" {
			return nil
		}
		return []registry.FieldError{{Field: "name", Detail: "x", Drop: true}, {Field: "tone", Detail: "y", Drop: true}}
	}
	registry.Register(k)
	defer registry.Unregister("dropper")
	e, _ := registry.Lookup("dropper")
	_, errs := e.Build(map[string]string{"name": "Ada", "tone": "cool"})
	if len(errs) != 2 || errs[0].Drop || !errs[1].Drop {
		t.Errorf("%+v", errs)
	}
}

// A fix read out of the caller's own link (FromLink) passes on an identity
// field only when it is one whole segment of the link's path; any other
// part, or a value stripped of characters, is dropped.
func TestIdentityFixFromLink(t *testing.T) {
	k := greetingKind("fromlink")
	fix := ""
	k.Check = func(g *greeting) []registry.FieldError {
		if !strings.Contains(g.Name, "/") {
			return nil
		}
		return []registry.FieldError{{Field: "name", Detail: "x", Fix: fix, FromLink: true}}
	}
	registry.Register(k)
	defer registry.Unregister("fromlink")
	e, _ := registry.Lookup("fromlink")
	for _, c := range []struct {
		link string
		fix  string
		kept bool
	}{
		{"http://a.co/@NASA/v", "NASA", true},
		{"a.co/@NASA/v?s=1", "@NASA", true},
		{"a.co/@%D1%8E/v", "ю", true},
		{"http://a.co/@NASA/v", "NAS", false},
		{"http://a.co/@NASA/v", "a.co", false},
		{"http://a.co/@NASA/v", "NASAv", false},
		{"http://a.co/w?v=NASA", "NASA", false},
		// wa.me/<number>: the international number without its '+'.
		{"wa.me/15550100123", "+15550100123", true},
		{"wa.me/15550100123", "+1555010012", false},
		{"wa.me/15550100123", "15550100123+", false},
	} {
		fix = c.fix
		_, errs := e.Build(map[string]string{"name": c.link})
		if len(errs) != 1 || (errs[0].Fix != "") != c.kept {
			t.Errorf("%s with fix %q: %+v, want the fix kept: %v", c.link, c.fix, errs, c.kept)
		}
	}
}

// A value holding several fields (SplitWord called with the field's own
// name) is refused with a fix that writes each part under its field. On
// an identity field the parts must be the caller's value cut at its
// separators, in field order: a split that adds, drops or reorders
// anything has no fix.
func TestIdentityFixFromParts(t *testing.T) {
	k := greetingKind("parts")
	split := func(string) map[string]string { return nil }
	k.SplitWord = func(word, value string) (map[string]string, bool) {
		if word != "name" {
			return nil, false
		}
		return split(value), true
	}
	registry.Register(k)
	defer registry.Unregister("parts")
	e, _ := registry.Lookup("parts")
	for _, c := range []struct {
		value string
		parts map[string]string
		kept  bool
	}{
		{"Ada, GB", map[string]string{"name": "Ada", "code": "GB"}, true},
		{"Ada;GB", map[string]string{"name": "Ada", "code": "GB"}, true},
		{"Ada GB", map[string]string{"name": "Ada", "code": "UK"}, false},
		{"Ada Lovelace, GB", map[string]string{"name": "Ada", "code": "GB"}, false},
		{"GB, Ada", map[string]string{"name": "Ada", "code": "GB"}, false},
	} {
		split = func(string) map[string]string { return c.parts }
		_, errs := e.Build(map[string]string{"name": c.value})
		if len(errs) != 1 || errs[0].Field != "name" || (errs[0].Fix != "") != c.kept || c.kept && errs[0].With["code"] != c.parts["code"] {
			t.Errorf("%q split as %v: %+v, want the fix kept: %v", c.value, c.parts, errs, c.kept)
		}
	}
	// A field given already keeps its value: no split is offered.
	split = func(string) map[string]string { return map[string]string{"name": "Ada", "code": "GB"} }
	if _, errs := e.Build(map[string]string{"name": "Ada, GB", "code": "FR"}); len(errs) > 0 && errs[0].With != nil {
		t.Errorf("split over a given field: %+v", errs)
	}
}

// A tag key given twice is refused at registration: reflection reads the
// first value only, so the names of a second also were never read.
func TestRepeatedTagKeyIsRefused(t *testing.T) {
	type twice struct {
		Who string `json:"who" also:"name" title:"Who" also:"person" jsonschema_description:"Who."`
	}
	defer func() {
		if r := recover(); r == nil || !strings.Contains(fmt.Sprint(r), "also twice") {
			t.Fatalf("a repeated also was accepted: %v", r)
		}
	}()
	registry.Register(registry.Kind[twice]{Name: "twicetagged", Summary: "x", Examples: []twice{{Who: "a"}}, Encode: func(b twice) string { return b.Who }})
	registry.Unregister("twicetagged")
}

// A value SplitWord gives whole to another, empty field is refused with a
// fix that moves it there unchanged (MoveTo); with that field given, the
// value is left to the other checks.
func TestValueOfAnotherFieldIsMoved(t *testing.T) {
	k := greetingKind("moved")
	k.SplitWord = func(word, value string) (map[string]string, bool) {
		if word != "tone" || value != "GB" {
			return nil, false
		}
		return map[string]string{"code": value}, true
	}
	registry.Register(k)
	defer registry.Unregister("moved")
	e, _ := registry.Lookup("moved")
	if _, errs := e.Build(map[string]string{"name": "Ada", "tone": "GB"}); len(errs) != 1 || errs[0].Field != "tone" || errs[0].MoveTo != "code" {
		t.Errorf("tone=GB: %+v, want it moved to code", errs)
	}
	if _, errs := e.Build(map[string]string{"name": "Ada", "tone": "GB", "code": "FR"}); len(errs) != 1 || errs[0].MoveTo != "" {
		t.Errorf("tone=GB with code=FR: %+v, want tone's own error", errs)
	}
}
