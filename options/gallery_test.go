package options

import (
	"fmt"
	"slices"
	"testing"
)

// The gallery follows the catalogue: a value added to a shape option, a
// new choice option, and a design option the editor offers no list for
// (logo) each appear without an edit to the gallery; an option with values
// that is not a design (eci) and a compatibility option do not.
func TestGalleryFollowsTheCatalogue(t *testing.T) {
	saved := slices.Clone(Rendering)
	defer func() { Rendering = saved }()
	for i := range Rendering {
		if Rendering[i].Name == Style.Name {
			Rendering[i].Enum = append(slices.Clone(Rendering[i].Enum), "hexagon")
		}
	}
	Rendering = append(Rendering,
		Option{Name: "eyeglint", Type: "string", Enum: []string{"square", "notched"}, Default: "square", Control: "shape", Title: "Eye glint", Form: 30},
		Option{Name: "logo", Type: "string", Enum: []string{"wifi", "pay"}, Control: "text", Title: "Logo", Form: 31},
	)

	got := map[string][]string{}
	var order []string
	for _, s := range Gallery() {
		order = append(order, s.ID)
		for _, d := range s.Designs {
			got[s.ID] = append(got[s.ID], d.Name)
		}
	}
	valuesOf := func(o Option, extra ...string) (out []string) {
		for _, v := range append(slices.Clone(o.Enum), extra...) {
			out = append(out, o.Name+"="+v)
		}
		return out
	}
	for id, want := range map[string][]string{
		Style.Name: valuesOf(Style, "hexagon"),
		"eyeglint": {"eyeglint=square", "eyeglint=notched"},
		"logo":     {"logo=wifi", "logo=pay"},
		Tpl.Name:   valuesOf(Tpl),
	} {
		if !slices.Equal(got[id], want) {
			t.Errorf("section %s: %v, want %v", id, got[id], want)
		}
	}
	for _, id := range []string{ECI.Name, Format.Name, Cht.Name, Choe.Name} {
		if got[id] != nil {
			t.Errorf("%s is not a design, but has a section", id)
		}
	}
	// Option sections first, in the editor's order; the colours and the
	// recipes close the page.
	if n := len(order); n < 4 || order[0] != Style.Name || order[n-2] != "colours" || order[n-1] != GalleryRecipes ||
		!slices.Contains(order, "eyeglint") || !slices.Contains(order, "logo") {
		t.Errorf("sections %v: want style first, eyeglint and logo among them, then colours and recipes", order)
	}
}

// Every design is drawn with options of the catalogue, under their
// canonical names and in canonical order, each at most once; an option's
// default is marked, and a value that needs a companion has it.
func TestGalleryDesignsAreCanonical(t *testing.T) {
	n := 0
	for _, s := range Gallery() {
		for _, d := range s.Designs {
			n++
			last := -1
			for _, p := range d.Params {
				i := canonicalIndex(p.Name)
				if i < 0 {
					t.Errorf("%s: %s is not a rendering option", d.Name, p.Name)
				}
				if i <= last {
					t.Errorf("%s: %s is out of canonical order or repeated: %s", d.Name, p.Name, d.Text())
				}
				last = i
			}
			if s.Option == "" {
				continue
			}
			o, _ := Named(s.Option)
			if isDefault := d.Params[slices.IndexFunc(d.Params, func(p Param) bool { return p.Name == o.Name })].Value == fmt.Sprint(o.Default); d.Default != isDefault {
				t.Errorf("%s: marked default %v", d.Name, d.Default)
			}
		}
	}
	gradient := Design{Params: []Param{{Gradient.Name, "linear"}, {GradientColors.Name, GradientColors.Example}}}
	for _, s := range Gallery() {
		if s.ID == Gradient.Name && !slices.ContainsFunc(s.Designs, func(d Design) bool { return d.Query() == gradient.Query() }) {
			t.Errorf("gradient=linear is not drawn with its colours: %v", s.Designs)
		}
	}
	if n < 30 {
		t.Errorf("the gallery has %d designs", n)
	}
}
