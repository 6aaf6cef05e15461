package options

import (
	"cmp"
	"fmt"
	"net/url"
	"slices"
	"strings"

	"github.com/qrforge/qrforge/analysis"
	"github.com/qrforge/qrforge/render"
)

// The gallery (the /gallery page, docs/gallery.png and the tests that scan
// both) shows every design the catalogue offers, each drawn by the API. It
// is derived from Rendering: a new module style, eye shape, frame template
// or logo, declared in the catalogue, appears in it without an edit here.

// GalleryData is the text every design of the gallery encodes: a 31-byte
// link, a version 3 symbol at level M, which has an alignment pattern
// (ISO/IEC 18004 §6.3.6) as most real codes do.
const GalleryData = "https://qrforge.example/gallery"

// NotInGallery are the choices the gallery cannot show as a section of
// their own, with the reason.
var NotInGallery = map[string]string{
	Symbol.Name: "a Micro QR Code holds at most 15 bytes and GalleryData has 31, and symbol=auto draws GalleryData as symbol=qr does: the symbols section shows Micro QR and rMQR, each with data it holds",
}

// GallerySymbols is the ID of the section of the symbols other than QR
// Code: Micro QR Code and rMQR.
const GallerySymbols = "symbols"

// symbolExamples are Micro QR and rMQR, each with data it holds: a Micro
// QR Code holds at most 15 bytes (ISO/IEC 18004:2015 Table 7), so it
// draws a shorter text than GalleryData, which the smallest rMQR that
// holds it, R15x43-M, draws.
var symbolExamples = []Design{
	{Name: "symbol=micro", Params: []Param{{Symbol.Name, string(render.SymbolMicro)}}, Data: "QRFORGE.EXAMPLE"},
	{Name: "symbol=rmqr", Params: []Param{{Symbol.Name, string(render.SymbolRMQR)}}},
	{Name: "rmqrheight=7", Params: []Param{{Symbol.Name, string(render.SymbolRMQR)}, {RMQRHeight.Name, "7"}}},
}

// Param is one query parameter, under the option's canonical name.
type Param struct{ Name, Value string }

// Design is one tile of the gallery.
type Design struct {
	// Name is the caption: option=value for one option's value, the
	// parameters for a colour example, a recipe's name for a recipe.
	Name string
	// Params draw it, in canonical order; GalleryData is left out.
	Params []Param
	// Default marks the value an option takes when it is absent.
	Default bool
	// Data is the text the design encodes when it is not GalleryData,
	// which a Micro QR Code cannot hold; "" for GalleryData.
	Data string
}

// Query is the design's parameters as a URL query, in canonical order.
func (d Design) Query() string {
	parts := make([]string, len(d.Params))
	for i, p := range d.Params {
		parts[i] = url.QueryEscape(p.Name) + "=" + url.QueryEscape(p.Value)
	}
	return strings.Join(parts, "&")
}

// Text is the design's parameters as a reader reads them: name=value,
// joined by '&', unescaped.
func (d Design) Text() string {
	parts := make([]string, len(d.Params))
	for i, p := range d.Params {
		parts[i] = p.Name + "=" + p.Value
	}
	return strings.Join(parts, "&")
}

// GallerySection is one option's values, or a set of examples.
type GallerySection struct {
	ID      string // an anchor: the option's name, "colours" or "recipes"
	Option  string // the option whose values the section lists; "" for examples
	Title   string
	Hint    string
	Designs []Design
}

// GalleryRecipes is the ID of the section of combined designs, which
// docs/gallery.png shows.
const GalleryRecipes = "recipes"

// designOptions are options shown with every value even where the editor
// offers them with another control, or none: the eye's separate frame and
// centre, and logos, are design choices whichever control edits them.
var designOptions = []string{"style", "eye", "eyeframe", "eyeball", "tpl", "gradient", "logo"}

// companion is a parameter a design option's values are drawn with: one
// they need, or one that shows them off.
type companion struct {
	param Param
	// always adds it to the default value too; otherwise the default,
	// which needs nothing, is drawn alone.
	always bool
}

// companions name, by option, the parameters its values are drawn with: a
// gradient needs its colours (without them the API refuses it), and a
// frame template is shown with a label, which it carries as a caption or
// a banner.
var companions = map[string][]companion{
	Gradient.Name: {{param: Param{GradientColors.Name, GradientColors.Example}}},
	Tpl.Name:      {{param: Param{Label.Name, "See the menu"}, always: true}},
}

// partnered is a design of one eye frame or ball with the partner that
// all five decoders read it with (analysis.EyesClash): a frame alone
// keeps the square ball, which some frames are missed with, and a ball
// alone the square frame. The gallery shows only what every decoder reads,
// as the API draws only that.
func partnered(p Param) []Param {
	o := render.DefaultOptions()
	switch p.Name {
	case EyeFrame.Name:
		o.EyeFrame = render.EyeFrame(p.Value)
		if analysis.EyesClash(o) {
			return []Param{p, {EyeBall.Name, string(analysis.MatchingBall(o.EyeFrame))}}
		}
	case EyeBall.Name:
		o.EyeBall = render.EyeBall(p.Value)
		if analysis.EyesClash(o) {
			return []Param{{EyeFrame.Name, string(analysis.MatchingFrame(o.EyeBall))}, p}
		}
	}
	return []Param{p}
}

// colourExamples are the gradients and eye colours of docs/colours.md, each
// kept at 4.5:1 or more against its background so that all five decoders
// of docs/decoders.md read it.
var colourExamples = [][]Param{
	{{Color.Name, "1d3557"}, {Bg.Name, "f1faee"}},
	{{Gradient.Name, string(render.GradientLinear)}, {GradientColors.Name, "1a237e,c2185b"}, {GradientAngle.Name, "45"}},
	{{Bg.Name, "fff8e1"}, {Gradient.Name, string(render.GradientRadial)}, {GradientColors.Name, "000000,00695c@40,6a1b9a"}},
	{{EyeColor.Name, "c2185b"}},
	{{EyeColor.Name, "b71c1c,4a148c,e65100"}},
	{{EyeFrameColor.Name, "00695c"}, {EyeBallColor.Name, "c2185b"}},
}

// recipes combine options as a designer would.
var recipes = []struct {
	name   string
	params []Param
}{
	{"Café menu", []Param{{Color.Name, "3e2723"}, {Bg.Name, "fff8e1"}, {Style.Name, string(render.ModuleRounded)}, {Eye.Name, string(render.EyeRounded)}, {Label.Name, "See the menu"}, {Tpl.Name, string(render.FrameScanMe)}}},
	{"Radial dots", []Param{{Style.Name, string(render.ModuleDot)}, {Eye.Name, string(render.EyeSquircle)}, {Gradient.Name, string(render.GradientRadial)}, {GradientColors.Name, "0d47a1,6a1b9a"}}},
	{"Leaf", []Param{{Color.Name, "1b5e20"}, {Style.Name, string(render.ModuleOrganic)}, {Eye.Name, string(render.EyeLeaf)}, {EyeColor.Name, "e65100"}}},
	{"Stars", []Param{{Style.Name, string(render.ModuleStar)}, {Eye.Name, string(render.EyeOctagon)}, {Gradient.Name, string(render.GradientLinear)}, {GradientColors.Name, "1a237e,c2185b"}, {GradientAngle.Name, "45"}}},
	{"Bars", []Param{{Color.Name, "263238"}, {Style.Name, string(render.ModuleVerticalBars)}, {EyeFrameColor.Name, "00695c"}, {EyeBallColor.Name, "c2185b"}}},
	{"Diamonds", []Param{{Color.Name, "4a148c"}, {Bg.Name, "f3e5f5"}, {Style.Name, string(render.ModuleDiamond)}, {Eye.Name, string(render.EyeRounded)}, {Tpl.Name, string(render.FrameScanMe)}}},
	{"Ribbons", []Param{{Style.Name, string(render.ModuleHorizontalBars)}, {Eye.Name, string(render.EyeSquircle)}, {Gradient.Name, string(render.GradientLinear)}, {GradientColors.Name, "000000,00695c"}, {GradientAngle.Name, "90"}}},
	{"Badge", []Param{{Color.Name, "880e4f"}, {Style.Name, string(render.ModuleRounded)}, {Eye.Name, string(render.EyeLeaf)}, {EC.Name, "H"}, {Label.Name, "Hall B · Stand 12"}}},
}

// Gallery lists the gallery's sections: one per design option, with each
// of its values (every option of Rendering that the editor offers as shapes
// or a list of values, and those of designOptions that have values), then
// colour examples, then recipes. A design whose options have left the
// catalogue is left out rather than drawn with an unknown parameter.
func Gallery() []GallerySection {
	design := map[string]bool{}
	for _, n := range designOptions {
		if o, ok := Named(n); ok {
			design[o.Name] = true
		}
	}
	var out []GallerySection
	for _, o := range Rendering {
		if len(o.Enum) == 0 || o.Compat != "" || !(o.Control == "shape" || o.Control == "choice" || design[o.Name]) || NotInGallery[o.Name] != "" {
			continue
		}
		s := GallerySection{ID: o.Name, Option: o.Name, Title: cmp.Or(o.Title, o.Name), Hint: cmp.Or(o.Hint, o.Description)}
		def := ""
		if o.Default != nil {
			def = fmt.Sprint(o.Default)
		}
		for _, v := range o.Enum {
			d := Design{Name: o.Name + "=" + v, Params: partnered(Param{o.Name, v}), Default: v == def}
			for _, c := range companions[o.Name] {
				if c.always || !d.Default {
					d.Params = append(d.Params, c.param)
				}
			}
			s.add(d)
		}
		out = appendSection(out, s)
	}

	colours := GallerySection{ID: "colours", Title: "Colours",
		Hint: "Colours, gradients and eye colours; each keeps 3:1 contrast against the background, as the API requires."}
	shown := map[string]bool{}
	for _, ps := range colourExamples {
		if colours.add(Design{Params: ps}) {
			for _, p := range ps {
				shown[p.Name] = true
			}
		}
	}
	// A colour option that no example shows yet is drawn at its
	// documented example.
	for _, o := range Rendering {
		if o.Control == "colour" && !shown[o.Name] && o.Example != "" && o.Example != fmt.Sprint(o.Default) {
			colours.add(Design{Params: []Param{{o.Name, o.Example}}})
		}
	}
	symbols := GallerySection{ID: GallerySymbols, Title: "Symbols",
		Hint: "A Micro QR Code (M1 to M4, one finder) and rMQR, the rectangular Micro QR Code (ISO/IEC 23941), a strip 7 to 17 modules high for labels; zxing-cpp reads them, many phone readers do not yet."}
	for _, d := range symbolExamples {
		symbols.add(d)
	}
	out = appendSection(out, symbols)
	out = appendSection(out, colours)

	mixed := GallerySection{ID: GalleryRecipes, Title: "Recipes", Hint: "Options combined, as a designer would."}
	for _, r := range recipes {
		mixed.add(Design{Name: r.name, Params: r.params})
	}
	return appendSection(out, mixed)
}

func appendSection(out []GallerySection, s GallerySection) []GallerySection {
	if len(s.Designs) == 0 {
		return out
	}
	return append(out, s)
}

// needed is what a design is given for the first option another of its
// options needs (Option.Needs), which the API would refuse alone: a font
// is shown on a label, a plate's corners on a plate under a logo.
var needed = map[string]Param{
	Label.Name:  {Label.Name, "See the menu"},
	Tpl.Name:    {Tpl.Name, string(render.FrameScanMe)},
	Logo.Name:   {Logo.Name, Logo.Example},
	LogoBg.Name: {LogoBg.Name, LogoBg.Example},
}

// withNeeds is params with what each of them needs.
func withNeeds(params []Param) []Param {
	has := func(name string) bool {
		return slices.ContainsFunc(params, func(p Param) bool { return p.Name == name })
	}
	for i := 0; i < len(params); i++ {
		if o, ok := Named(params[i].Name); ok && !o.NeedsMet(has) {
			params = append(params, needed[o.Needs[0]])
		}
	}
	return params
}

// add appends d with its parameters in canonical order, and what they
// need, named by them when it has no name, and reports whether it did: a
// design with a parameter that is no longer an option is left out.
func (s *GallerySection) add(d Design) bool {
	for _, p := range d.Params {
		if o, ok := Named(p.Name); !ok || o.Name != p.Name {
			return false
		}
	}
	d.Params = withNeeds(slices.Clone(d.Params))
	slices.SortStableFunc(d.Params, func(a, b Param) int { return canonicalIndex(a.Name) - canonicalIndex(b.Name) })
	if d.Name == "" {
		d.Name = d.Text()
	}
	s.Designs = append(s.Designs, d)
	return true
}

func canonicalIndex(name string) int {
	return slices.IndexFunc(Rendering, func(o Option) bool { return o.Name == name })
}
