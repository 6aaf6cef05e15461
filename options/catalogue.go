// Package options is the catalogue of rendering options: each option is
// declared here once, with its names, type, range, default, description
// and editor control. Parsing (service/params.go), the OpenAPI document,
// the JSON Schemas, llms.txt, the editor's form, batch and the MCP tools
// all read it; TestCatalogueReachesEverySurface holds them to it.
package options

import (
	"fmt"
	"slices"
	"strings"

	"github.com/qrforge/qrforge/render"
)

// Option is one query parameter of the generation endpoints.
type Option struct {
	Name    string   // canonical name
	Aliases []string // the names other QR APIs use; part of the contract
	Example string   // a valid value, used in fixes

	Type        string   // JSON Schema type: "string" or "integer"
	Enum        []string // the allowed values, when they are a list
	Default     any      // the value when the option is absent; nil when it is computed
	Min, Max    int      // an integer's range, when Max > 0
	MaxLength   int      // a string's longest value in characters, when > 0
	Description string

	// Title, Hint, Control and Form place the option in the web editor,
	// Form giving its place (from 1, looks first); an empty Control leaves
	// it out (format is offered as downloads).
	Title, Hint string
	Control     string // "shape", "colour", "integer", "choice" or "text"
	Form        int

	// Compat names the API an option exists for only (Google's chart API):
	// accepted, documented, marked, and left out of schemas and tools.
	Compat string
}

// Formats are the output formats, in documentation order.
var Formats = []string{"png", "svg", "svg-tiny", "json", "base64"}

// MaxLabel is the longest caption, in characters.
const MaxLabel = 64

func names[T ~string](vs []T) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = string(v)
	}
	return out
}

// The options, in canonical order: fixes and cache keys list them so.
var (
	Data = Option{Name: "data", Aliases: []string{"text", "content", "url", "q", "chl"}, Example: "Hello, world!",
		Type: "string", Description: "The exact string to encode, UTF-8."}
	Size = Option{Name: "size", Aliases: []string{"width", "s", "chs"}, Example: "512",
		Type: "integer", Min: render.MinSize, Max: render.MaxSize, Default: render.DefaultSize,
		Description: "Output width and height in pixels. `300x300` is accepted when square. Modules are whole pixels; leftover pixels widen the quiet zone.",
		Title:       "Size", Hint: fmt.Sprintf("Pixels, %d to %d.", render.MinSize, render.MaxSize), Control: "integer", Form: 5}
	Format = Option{Name: "format", Aliases: []string{"type", "output", "f"}, Example: "png",
		Type: "string", Enum: Formats, Default: "png",
		Description: "Output format: png, svg, svg-tiny (SVG Tiny 1.2), json (module matrix) or base64 (PNG data URI)."}
	Color = Option{Name: "color", Aliases: []string{"fg", "dark"}, Example: "000000",
		Type: "string", Default: "000000",
		Description: "Foreground colour: hex with 3, 4, 6 or 8 digits with or without `#`, a CSS colour name, or goQR's `R-G-B` decimals.",
		Title:       "Colour", Hint: "Hex (1d3557), with or without #, or a CSS name.", Control: "colour", Form: 3}
	Bg = Option{Name: "bg", Aliases: []string{"light", "background", "bgcolor"}, Example: "ffffff",
		Type: "string", Default: "ffffff",
		Description: "Background colour, as `color`, or `transparent`.",
		Title:       "Background", Hint: "As colour, or transparent.", Control: "colour", Form: 4}
	Style = Option{Name: "style", Aliases: []string{"dots", "modulestyle"}, Example: "square",
		Type: "string", Enum: names(render.ModuleStyles), Default: string(render.ModuleSquare),
		Description: "Module shape.", Title: "Module style", Control: "shape", Form: 1}
	Eye = Option{Name: "eye", Aliases: []string{"eyes", "eyestyle"}, Example: "square",
		Type: "string", Enum: names(render.EyeStyles), Default: string(render.EyeSquare),
		Description: "Finder-eye shape, a preset of eyeframe and eyeball of the same name; circle and diamond are accepted as aliases of squircle and octagon, which replaced them (docs/decoders.md).",
		Title:       "Eye style", Control: "shape", Form: 2}
	// EyeFrame and EyeBall share the eye's place on the form: the editor
	// keeps the catalogue's order among equal places.
	EyeFrame = Option{Name: "eyeframe", Aliases: []string{"eye_frame", "eye-frame", "eyeshape"}, Example: "square",
		Type: "string", Enum: names(render.EyeFrames),
		Description: "Shape of the finder eyes' ring (QR Code Monkey's eye); when absent, the eye style's. circle and diamond are accepted as aliases of squircle and octagon. A frame and a ball whose corners disagree (a square frame round a dot) were measured to lose jsQR, and an octagon with a sharp-cornered partner zxing-cpp 1.4: verify's decoders check names such pairs and gives the frame's own ball (docs/decoders.md).",
		Title:       "Eye frame", Control: "shape", Form: 2}
	EyeBall = Option{Name: "eyeball", Aliases: []string{"eye_ball", "eye-ball", "eyecentre", "eyecenter", "pupil"}, Example: "square",
		Type: "string", Enum: names(render.EyeBalls),
		Description: "Shape of the finder eyes' centre (QR Code Monkey's eyeBall); when absent, the eye style's. circle is accepted as an alias of dot.",
		Title:       "Eye ball", Control: "shape", Form: 2}
	EC = Option{Name: "ec", Aliases: []string{"ecc", "level", "eclevel"}, Example: "M",
		Type: "string", Enum: []string{"L", "M", "Q", "H"},
		Description: "Error-correction level. When absent: the smallest symbol at M, then the highest level that fits the same symbol.",
		Title:       "Error correction", Hint: "H survives the most damage; auto picks the smallest code.", Control: "choice", Form: 7}
	Margin = Option{Name: "margin", Aliases: []string{"quiet", "qz", "qzone"}, Example: "4",
		Type: "integer", Min: 0, Max: render.MaxMargin, Default: render.DefaultMargin,
		Description: "Quiet zone in modules.",
		Title:       "Margin", Hint: fmt.Sprintf("Quiet zone in modules, 0 to %d.", render.MaxMargin), Control: "integer", Form: 6}
	Label = Option{Name: "label", Aliases: []string{"caption"}, Example: "",
		Type: "string", MaxLength: MaxLabel,
		Description: "Caption under the code (or the banner text with tpl=scanme).",
		Title:       "Label", Hint: fmt.Sprintf("Caption under the code, or the banner's text; at most %d characters.", MaxLabel), Control: "text", Form: 9}
	Tpl = Option{Name: "tpl", Aliases: []string{"template", "frame"}, Example: "none",
		Type: "string", Enum: names(render.Frames), Default: string(render.FrameNone),
		Description: "Frame template: none, or scanme (a border and a banner).",
		Title:       "Frame", Hint: "scanme adds a border and a banner.", Control: "choice", Form: 8}
	ECI = Option{Name: "eci", Example: string(render.DefaultECI),
		Type: "string", Enum: names(render.ECIs), Default: string(render.DefaultECI),
		Description: "Character set header: utf8 writes ECI 26 (UTF-8) before data with non-ASCII bytes, which zbar needs to read it right; none writes no header, and readers guess (docs/eci.md). ASCII data never gets one."}
	// Google chart API compatibility: chld=<level>|<margin>, cht=qr,
	// choe=UTF-8.
	Chld = Option{Name: "chld", Example: "M|4", Type: "string", Compat: "Google chart API",
		Description: "Google chart API compatibility: `<level>|<margin>`, as ec and margin."}
	Cht = Option{Name: "cht", Example: "qr", Type: "string", Enum: []string{"qr"}, Compat: "Google chart API",
		Description: "Google chart API compatibility: chart type, only `qr`."}
	Choe = Option{Name: "choe", Example: "UTF-8", Type: "string", Enum: []string{"UTF-8"}, Compat: "Google chart API",
		Description: "Google chart API compatibility: output encoding, only UTF-8."}
)

// Rendering are the options every generation endpoint takes, in canonical
// order.
var Rendering = []Option{Size, Format, Color, Bg, Style, Eye, EyeFrame, EyeBall, EC, Margin, Label, Tpl, ECI, Chld, Cht, Choe}

// Named is the rendering option called name, canonically or by an alias,
// in any case; data is not a rendering option.
func Named(name string) (Option, bool) {
	name = strings.ToLower(name)
	for _, o := range Rendering {
		if name == o.Name || slices.Contains(o.Aliases, name) {
			return o, true
		}
	}
	return Option{}, false
}

// formatNames are the values format accepts for each format: its own name
// and the spellings other APIs use.
var formatNames = map[string]string{
	"png": "png", "svg": "svg", "svg-tiny": "svg-tiny", "svgtiny": "svg-tiny",
	"svg_tiny": "svg-tiny", "tiny": "svg-tiny", "json": "json", "base64": "base64",
	"datauri": "base64", "data-uri": "base64",
}

// FormatNamed is the format a value of format names, in any case.
func FormatNamed(v string) (string, bool) {
	f, ok := formatNames[strings.ToLower(v)]
	return f, ok
}

// Schema is the option's JSON Schema, as the OpenAPI document and the JSON
// Schemas give it.
func (o Option) Schema() map[string]any {
	s := map[string]any{"type": o.Type}
	if len(o.Enum) > 0 {
		s["enum"] = o.Enum
	}
	if o.Default != nil {
		s["default"] = o.Default
	}
	if o.Max > 0 {
		s["minimum"], s["maximum"] = o.Min, o.Max
	}
	if o.MaxLength > 0 {
		s["maxLength"] = o.MaxLength
	}
	return s
}
