package options

import (
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/qrforge/qrforge/render"
)

// Every option is complete and consistent: a name, a type, a description;
// a default among its values and inside its range; a unit for every
// number and only for numbers; outputs among the formats; no name or alias
// taken twice.
func TestCatalogueIsConsistent(t *testing.T) {
	seen := map[string]string{}
	for _, o := range append([]Option{Data}, Rendering...) {
		if o.Name == "" || o.Description == "" || !slices.Contains([]string{"string", "integer", "number", "boolean"}, o.Type) {
			t.Errorf("%+v is incomplete", o)
		}
		for _, n := range append([]string{o.Name}, o.Aliases...) {
			if other, dup := seen[n]; dup {
				t.Errorf("%s is a name of both %s and %s", n, other, o.Name)
			}
			seen[n] = o.Name
		}
		if d, ok := o.Default.(string); ok && len(o.Enum) > 0 && !slices.Contains(o.Enum, d) {
			t.Errorf("%s: default %q is not one of %v", o.Name, d, o.Enum)
		}
		if d, ok := o.Default.(int); ok && o.Max > 0 && (d < o.Min || d > o.Max) {
			t.Errorf("%s: default %d is outside %d..%d", o.Name, d, o.Min, o.Max)
		}
		if o.Pattern != "" && o.Type != "integer" {
			t.Errorf("%s: a pattern is the string form of an integer option, not of a %s", o.Name, o.Type)
		}
		if (o.Pattern == "") != (o.PatternName == "") {
			t.Errorf("%s: pattern %q named %q; the docs name what a pattern admits", o.Name, o.Pattern, o.PatternName)
		}
		if d, ok := o.Default.(float64); ok && (o.Type != "number" || d < o.Range[0] || d > o.Range[1]) {
			t.Errorf("%s: default %g is not a number in %g..%g", o.Name, d, o.Range[0], o.Range[1])
		}
		numeric := o.Type == "integer" || o.Type == "number"
		if numeric != (o.Unit != "") || o.Unit != "" && !slices.Contains(Units, o.Unit) {
			t.Errorf("%s: unit %q for a %s; a number declares one of %v, nothing else does", o.Name, o.Unit, o.Type, Units)
		}
		if len(o.Outputs) == 0 {
			t.Errorf("%s: applies to no output", o.Name)
		}
		for _, f := range o.Outputs {
			if !slices.Contains(Formats, f) {
				t.Errorf("%s: output %q is not a format (%v)", o.Name, f, Formats)
			}
		}
		if o.Control != "" && (o.Title == "" || o.Form == 0) {
			t.Errorf("%s: on the editor's form without a title or a place", o.Name)
		}
	}
}

// Options that only colour or shape the drawing leave json's module matrix
// alone; those that change the modules reach every format.
func TestOutputsFollowWhatAnOptionChanges(t *testing.T) {
	for _, tc := range []struct {
		o    Option
		json bool
	}{
		{Color, false}, {Style, false}, {Label, false}, {Tpl, false}, {Size, false},
		{EC, true}, {Margin, true}, {Symbol, true}, {Logo, true}, {LogoPadding, true}, {ECI, true},
	} {
		if got := slices.Contains(tc.o.Outputs, "json"); got != tc.json {
			t.Errorf("%s reaches json: %v, want %v", tc.o.Name, got, tc.json)
		}
	}
	if !slices.Equal(CMYK.Outputs, []string{"pdf", "eps"}) {
		t.Errorf("cmyk reaches %v, want the process-ink formats pdf and eps", CMYK.Outputs)
	}
}

// TestEveryAcceptedNameIsDocumented: a shape or frame name the renderer
// takes is one of the option's values or named in its description, so
// that the reference, the OpenAPI document and the MCP resource list
// every value a call may give.
func TestEveryAcceptedNameIsDocumented(t *testing.T) {
	for _, c := range []struct {
		o     Option
		names []string
	}{
		{Tpl, render.FrameNames()},
		{Eye, render.EyeNames()},
		{EyeFrame, render.EyeFrameNames()},
		{EyeBall, render.EyeBallNames()},
	} {
		words := strings.FieldsFunc(c.o.Description, func(r rune) bool { return !unicode.IsLetter(r) && r != '-' })
		for _, n := range c.names {
			if !slices.Contains(c.o.Enum, n) && !slices.Contains(words, n) {
				t.Errorf("%s=%s is accepted, but neither a value of %s nor named in its description", c.o.Name, n, c.o.Name)
			}
		}
	}
}
