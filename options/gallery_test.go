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
		Option{Name: "eyeframe", Type: "string", Enum: []string{"square", "notched"}, Default: "square", Control: "shape", Title: "Eye frame", Form: 30},
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
	for id, want := range map[string][]string{
		Style.Name: {"style=square", "style=rounded", "style=dot", "style=diamond", "style=star", "style=vertical-bars", "style=horizontal-bars", "style=organic", "style=hexagon"},
		"eyeframe": {"eyeframe=square", "eyeframe=notched"},
		"logo":     {"logo=wifi", "logo=pay"},
		Tpl.Name:   {"tpl=none", "tpl=scanme"},
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
	if want := []string{"style", "eye", "gradient", "ec", "tpl", "eyeframe", "logo", "colours", GalleryRecipes}; !slices.Equal(order, want) {
		t.Errorf("sections %v, want %v", order, want)
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
