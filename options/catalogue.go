// Package options is the catalogue of rendering options: each option is
// declared here once, with its names, type, range, default, description
// and editor control. Parsing (service/params.go), the OpenAPI document,
// the JSON Schemas, llms.txt, the editor's form, batch and the MCP tools
// all read it; TestCatalogueReachesEverySurface holds them to it.
package options

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/qrforge/qrforge/render"
)

// Option is one query parameter of the generation endpoints.
type Option struct {
	Name    string   // canonical name
	Aliases []string // the names other QR APIs use; part of the contract
	Example string   // a valid value, used in fixes

	Type string   // JSON Schema type: "string", "integer", "number" or "boolean"
	Enum []string // the allowed values, when they are a list
	// Meant maps words callers use for a value to the value each means
	// (high to H, url to link): a 400's fix offers the value, and the
	// word itself is never accepted.
	Meant    map[string]string
	Default  any // the value when the option is absent; nil when it is computed
	Min, Max int // an integer's range, when Max > 0
	// Steps are the only integers accepted, for a range with gaps
	// (rMQR's odd heights); nil when every one from Min to Max is.
	Steps     []int
	Range     [2]float64 // a number's range, when Type is "number"
	MaxLength int        // a string's longest value in characters, when > 0
	MinLength int        // a string's shortest value in characters, when > 0
	// Pattern is the string form an integer also takes (a length, 30mm),
	// ECMA-262 without flags (JSON Schema 2020-12 Validation §6.3.3): the
	// parser reads units in any case, so each letter is a class ([mM]).
	Pattern string
	// PatternName says in a few words what Pattern admits besides the
	// number, for the docs: "length", "`auto`".
	PatternName string
	Unit        string // what a number counts (Units); "" for a string or a boolean
	// Needs are the options this one acts on: given without any of them
	// (or with them empty or none), it would change nothing, so a single
	// call is refused with a fix that drops it, and a batch's shared style
	// leaves it out of the items that lack them.
	Needs []string
	// Outputs are the formats (Formats) whose bytes the option changes:
	// every one for what shapes the symbol (ec, margin), all but json's
	// module matrix for what is only drawn (colours, frames).
	Outputs     []string
	Description string
	// Offered are values the editor offers for an option whose values
	// are not a closed list: the built-in logos, steps of a number.
	Offered []string

	// Title, Hint, Control and Form place the option in the web editor,
	// Form giving its place (from 1, looks first); an empty Control leaves
	// it out (format is offered as downloads).
	Title, Hint string
	Control     string // "shape", "colour", "integer", "choice" or "text"
	Form        int

	// List marks a value that is a comma-separated list (a gradient's
	// colours, one colour an eye): a JSON list given for it is refused
	// with a fix that joins its items with commas, as the string writes
	// them (JoinList).
	List bool

	// Compat names the APIs an option exists for only (Google's chart API;
	// the libraries whose scale sets pixels a module): accepted,
	// documented, marked, and left out of schemas and tools.
	Compat string
}

// Formats are the output formats, in documentation order.
var Formats = []string{"png", "svg", "svg-tiny", "json", "base64", "gif", "jpeg", "pdf", "eps"}

// Units are the units an option's number is in: pixels, dots per inch
// (a size given as a length becomes pixels at it), modules of the symbol
// (the quiet zone is counted in them, ISO/IEC 18004:2015 §6.3.8), degrees
// of a CSS angle, a fraction of the code's side, and whole symbols of a
// structured append set (ISO/IEC 18004:2015 §8), and a QR Code's version
// (§5.3.1: version v is 17 + 4v modules a side).
const (
	UnitPixels  = "px"
	UnitDPI     = "dpi"
	UnitModules = "modules"
	UnitDegrees = "degrees"
	UnitRatio   = "ratio"
	UnitSymbols = "symbols"
	UnitVersion = "version"
)

// Units lists every unit an option may declare.
var Units = []string{UnitPixels, UnitDPI, UnitModules, UnitDegrees, UnitRatio, UnitSymbols, UnitVersion}

// Groups of formats an option reaches.
var (
	// drawn are the formats that draw the symbol: all but json's module
	// matrix, which holds the modules and the quiet zone's width only.
	drawn = slices.DeleteFunc(slices.Clone(Formats), func(f string) bool { return f == "json" })
	// vectorPages are the print formats, whose colours may be process inks.
	vectorPages = []string{"pdf", "eps"}
	// verified is the one format verify decodes and scores: the PNG.
	verified = []string{"png"}
)

// DefaultDPI is the resolution a size given as a length is drawn at when
// dpi is absent. dpi itself has no default: a pixel size has no resolution
// unless one is given (a PDF's pixel is then a point).
const DefaultDPI = render.DefaultDPI

// MinScale and MaxScale bound scale, pixels a module: below MinScale
// the designs do not read (render.ModulePixels), and MaxScale draws a
// version 1 code with its quiet zone at most render.MaxSize wide.
const (
	MinScale = 2
	MaxScale = render.MaxSize / 29
)

// MaxLabel is the longest caption, in characters.
const MaxLabel = 64

// A gradient has MinStops to MaxStops colours; DefaultGradientAngle runs
// it from the top-left corner to the bottom-right.
const (
	MinStops             = 2
	MaxStops             = 8
	DefaultGradientAngle = 135
)

func names[T ~string](vs []T) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = string(v)
	}
	return out
}

// The options, in canonical order: fixes and cache keys list them so.
var (
	// Robustness is verify's alone: how much of the scan-robustness grid
	// runs (docs/robustness.md).
	Robustness = Option{Name: "robustness", Outputs: verified, Example: "full",
		Type: "string", Enum: []string{"quick", "full", "off"}, Default: "quick",
		Description: "verify only: the scan-robustness score of the code as rendered, under a seeded grid of phone-capture conditions (distance, focus, motion, tilt, rotation, JPEG, noise, shadow, glare, occlusion, fade). quick tries each condition once (11 decodes), full at every level (43), off skips it; fixes that raise the score carry the score they were measured to reach (docs/robustness.md)."}
	Data = Option{Name: "data", Outputs: Formats, Aliases: []string{"text", "content", "url", "q", "chl"}, Example: "Hello, world!",
		Type: "string", MinLength: 1, Description: "The exact string to encode, UTF-8."}
	Size = Option{Name: "size", Unit: UnitPixels, Outputs: drawn, Aliases: []string{"width", "s", "chs"}, Example: "512",
		Type: "integer", Min: render.MinSize, Max: render.MaxSize, Default: render.DefaultSize,
		Pattern: `^[0-9]+([pP][xX]|[xX][0-9]+|(\.[0-9]+)?([cCmM][mM]|[iI][nN]))?$`, PatternName: "length",
		Description: fmt.Sprintf("Output width and height in pixels; an rMQR code's image is this wide and as tall as its rows need (symbol). `300x300` is accepted when square. Modules are whole pixels, at least 2 (3 with a logo or octagon eyes: docs/decoders.md); leftover pixels widen the quiet zone. "+
			"A length (`30mm`, `3cm`, `1.2in`) is the printed size: pixels are the length at `dpi` (%d unless given), and a PDF page or EPS bounding box is exactly the length (docs/print.md).", DefaultDPI),
		Title: "Size", Hint: fmt.Sprintf("Pixels, %d to %d, or a printed length: 30mm, 3cm, 1.2in.", render.MinSize, render.MaxSize), Control: "integer", Form: 5}
	// Scale is pixels a module, as the libraries people move from size a
	// code (segno's and node-qrcode's scale, python-qrcode's box_size);
	// the service sizes the image once the symbol is encoded.
	Scale = Option{Name: "scale", Unit: UnitPixels, Outputs: drawn, Aliases: []string{"box_size", "boxsize", "module_size", "modulesize"}, Example: "8",
		Type: "integer", Min: MinScale, Max: MaxScale, Compat: "segno, node-qrcode and python-qrcode (box_size)",
		Description: fmt.Sprintf("Pixels a module, instead of size (segno's and node-qrcode's `scale`, python-qrcode's `box_size`): the image is scale × (modules + 2 × margin) pixels a side, a frame's and a caption's modules counted, and at least %d (smaller, the quiet zone widens). %d to %d, and 3 or more with a logo; an image above %d pixels is refused with the largest scale that fits.", render.MinSize, MinScale, MaxScale, render.MaxSize)}
	DPI = Option{Name: "dpi", Unit: UnitDPI, Outputs: drawn, Aliases: []string{"ppi", "resolution"}, Example: "300",
		Type: "integer", Min: render.MinDPI, Max: render.MaxDPI,
		Description: fmt.Sprintf("Print resolution in dots per inch; %d when size is a length. A length becomes this many pixels an inch; PNG records the resolution (pHYs) and JPEG too (JFIF), so the image prints at its size; a pixel size in PDF and EPS is measured at it (without dpi a pixel is a point, 1/72 inch). SVG, PDF and EPS draw the modules as vectors; there dpi sets the pixels of a picture logo (at most the picture's own) and the printer dots each module must get (docs/print.md).", DefaultDPI),
		Title:       "Print resolution", Hint: fmt.Sprintf("Dots per inch of a printed size; %d unless given.", DefaultDPI), Control: "integer", Form: 26}
	Format = Option{Name: "format", Outputs: Formats, Aliases: []string{"type", "output", "f"}, Example: "png", Meant: formatWords,
		Type: "string", Enum: Formats, Default: "png",
		Description: "Output format: png, svg, svg-tiny (SVG Tiny 1.2; svgtiny, svg_tiny and tiny are svg-tiny), json (module matrix), base64 (PNG data URI; datauri and data-uri are base64), gif and jpeg (the PNG's pixels; jpg is jpeg), or pdf and eps (vector pages for print; ps, epsf and postscript are eps)."}
	Color = Option{Name: "color", Outputs: drawn, Aliases: []string{"fg", "fgcolor", "fgcolour", "dark", "foreground", "foregroundcolor", "foregroundcolour", "colour", "bodycolor", "dotscolor", "colordark"}, Example: "000000",
		Type: "string", Default: "000000",
		Description: "Foreground colour: hex with 3, 4, 6 or 8 digits with or without `#`, a CSS colour name, or goQR's `R-G-B` decimals.",
		Title:       "Colour", Hint: "Hex (1d3557), with or without #, or a CSS name.", Control: "colour", Form: 3}
	Bg = Option{Name: "bg", Outputs: drawn, Aliases: []string{"light", "background", "backgroundcolor", "backgroundcolour", "bgcolor", "bgcolour", "colorlight"}, Example: "ffffff",
		Type: "string", Default: "ffffff",
		Description: "Background colour, as `color`, or `transparent`.",
		Title:       "Background", Hint: "As colour, or transparent.", Control: "colour", Form: 4}
	CMYK = Option{Name: "cmyk", Outputs: vectorPages, Example: "true",
		Type: "boolean", Default: false,
		Description: "PDF and EPS name their colours in process inks (DeviceCMYK) instead of RGB. Black is pure K (0/0/0/100), greys K alone, other colours converted without a profile (docs/print.md). Raster and SVG output are RGB: cmyk=true with them is refused, and with the format left to its default the fix asks for a PDF.",
		Title:       "Print inks", Hint: "true: the PDF and EPS downloads name colours in CMYK process inks.", Control: "choice", Form: 27}
	Style = Option{Name: "style", Outputs: drawn, Aliases: []string{"dots", "modulestyle", "dotstype", "module", "modules", "moduleshape", "dotstyle"}, Example: "square", Meant: styleWords,
		Type: "string", Enum: names(render.ModuleStyles), Default: string(render.ModuleSquare),
		Description: "Module shape.", Title: "Module style", Control: "shape", Form: 1}
	Eye = Option{Name: "eye", Outputs: drawn, Aliases: []string{"eyes", "eyestyle"}, Example: "square", Meant: eyeWords,
		Type: "string", Enum: names(render.EyeStyles), Default: string(render.EyeSquare),
		Description: "Finder-eye shape, a preset of eyeframe and eyeball of the same name. circle and diamond are accepted as aliases of squircle and octagon, which replaced them (docs/decoders.md).",
		Title:       "Eye style", Control: "shape", Form: 2}
	// EyeFrame and EyeBall share the eye's place on the form: the editor
	// keeps the catalogue's order among equal places.
	EyeFrame = Option{Name: "eyeframe", Outputs: drawn, Aliases: []string{"eye_frame", "eye-frame", "eyeshape", "cornerssquaretype"}, Example: "square", Meant: eyeFrameWords,
		Type: "string", Enum: names(render.EyeFrames),
		Description: "Shape of the finder eyes' ring (QR Code Monkey's eye); when absent, the eye style's. circle and diamond are accepted as aliases of squircle and octagon. A frame and a ball whose corners disagree (a square frame round a dot) were measured to lose jsQR, and an octagon with a sharp-cornered partner zxing-cpp 1.4: such a pair is refused, by generation and verify alike, with a 400 naming the decoders and a fix that takes the frame's own ball (docs/decoders.md).",
		Title:       "Eye frame", Control: "shape", Form: 2}
	EyeBall = Option{Name: "eyeball", Outputs: drawn, Aliases: []string{"eye_ball", "eye-ball", "eyecentre", "eyecenter", "pupil", "cornersdottype"}, Example: "square", Meant: eyeBallWords,
		Type: "string", Enum: names(render.EyeBalls),
		Description: "Shape of the finder eyes' centre (QR Code Monkey's eyeBall); when absent, the eye style's. circle is accepted as an alias of dot.",
		Title:       "Eye ball", Control: "shape", Form: 2}
	Gradient = Option{Name: "gradient", Outputs: drawn, Aliases: []string{"gradienttype", "gradient_type"}, Example: "linear", Meant: gradientWords,
		Type: "string", Enum: names(render.GradientKinds), Default: string(render.GradientNone),
		Description: "Paint the dark modules with a gradient across the symbol: linear (along gradientangle) or radial (from the centre out to the corners), through gradientcolors. Given gradientcolors alone, linear.",
		Title:       "Gradient", Hint: "Linear or radial, through the gradient colours.", Control: "choice", Form: 13}
	GradientColors = Option{Name: "gradientcolors", List: true, Outputs: drawn, Aliases: []string{"gradientcolours", "gradient_colors"}, Example: "1a237e,880e4f",
		Type: "string", MaxLength: 200,
		Description: fmt.Sprintf("The gradient's colours, comma-separated, %d to %d, each as `color` and optionally placed with `@<percent>` (`1a237e,880e4f` or `1a237e@0,00695c@40,880e4f@100`); unplaced ones are spread evenly, as CSS does. Every point of the gradient must keep 3:1 contrast against bg.", MinStops, MaxStops),
		Title:       "Gradient colours", Hint: "Two or more colours, comma-separated: 1a237e,880e4f.", Control: "text", Form: 14}
	GradientAngle = Option{Name: "gradientangle", Needs: []string{"gradient", "gradientcolors"}, Unit: UnitDegrees, Outputs: drawn, Aliases: []string{"gradient_angle"}, Example: "135",
		Type: "integer", Min: 0, Max: 360, Default: DefaultGradientAngle,
		Description: "A linear gradient's direction in degrees, as CSS linear-gradient: 0 points up, 90 right, 180 down; 135 runs from the top-left corner to the bottom-right. Angles wrap whole turns, as CSS's do: a fix gives 400 as 40 and -10 as 350.",
		Title:       "Gradient angle", Hint: "Degrees: 0 up, 90 right, 180 down.", Control: "integer", Form: 15}
	EyeColor = Option{Name: "eyecolor", List: true, Outputs: drawn, Aliases: []string{"eyecolour", "eye_color", "finderdark", "finder_dark"}, Example: "880e4f",
		Type: "string", MaxLength: 100,
		Description: "Colour of the three finder eyes, ring and centre: one colour as `color`, or three comma-separated for the top-left, top-right and bottom-left eyes. eyeframecolor and eyeballcolor override it for their part.",
		Title:       "Eye colour", Hint: "As colour; three, comma-separated, colour each eye.", Control: "colour", Form: 16}
	EyeFrameColor = Option{Name: "eyeframecolor", List: true, Outputs: drawn, Aliases: []string{"eyeframecolour", "eye_frame_color", "eyeoutercolor", "cornerssquarecolor"}, Example: "1a237e",
		Type: "string", MaxLength: 100,
		Description: "Colour of the finder eyes' rings, as eyecolor.",
		Title:       "Eye frame colour", Hint: "As eye colour, for the rings.", Control: "colour", Form: 17}
	EyeBallColor = Option{Name: "eyeballcolor", List: true, Outputs: drawn, Aliases: []string{"eyeballcolour", "eye_ball_color", "eyecentrecolor", "eyecentercolor", "eyeinnercolor", "cornersdotcolor"}, Example: "880e4f",
		Type: "string", MaxLength: 100,
		Description: "Colour of the finder eyes' centres, as eyecolor.",
		Title:       "Eye centre colour", Hint: "As eye colour, for the centres.", Control: "colour", Form: 18}
	EC = Option{Name: "ec", Outputs: Formats, Aliases: []string{"ecc", "level", "eclevel", "errorcorrectionlevel", "errorcorrection", "error", "qrerrorcorrectionlevel"}, Example: "M", Meant: levelWords,
		Type: "string", Enum: []string{"L", "M", "Q", "H"},
		Description: "Error-correction level. When absent: the smallest symbol at M, then the highest level that fits the same symbol.",
		Title:       "Error correction", Hint: "H survives the most damage; auto picks the smallest code.", Control: "choice", Form: 7}
	// Version fixes the QR Code's version, as segno's and node-qrcode's
	// version, qr-code-styling's qrOptions.typeNumber and libqrencode's -v
	// do, so that every code of a series is the same size.
	Version = Option{Name: "version", Unit: UnitVersion, Outputs: Formats, Aliases: []string{"qrversion", "typenumber", "qrtypenumber", "symbolversion"}, Example: "10",
		Type: "integer", Min: 1, Max: render.MaxVersion, Pattern: `^([aA][uU][tT][oO]|[0-9]+)$`, PatternName: "`auto`",
		Description: "The QR Code's version, 1 to 40 (17 + 4 × version modules a side: 21 to 177, ISO/IEC 18004:2015 §5.3.1), or auto (the default): the smallest that holds the data. A version is drawn exactly, as segno's and node-qrcode's version; with ec absent the level is the highest that holds the data in it. Data it cannot hold (ISO/IEC 18004:2015 Table 7), a logo it has no room for, or a version above a kind's standard's largest is a 400 whose fix gives the smallest version that holds it all. QR Codes only: not with symbol=micro or rmqr, nor with append. On epc, vcard, dpp and sgqr, whose payload has a version field, the option is qrversion.",
		Title:       "Version", Hint: "1 to 40 (21 to 177 modules); empty: the smallest that holds the data.", Control: "integer", Form: 7}
	Symbol = Option{Name: "symbol", Outputs: Formats, Aliases: []string{"symbology"}, Example: string(render.SymbolQR), Meant: symbolWords,
		Type: "string", Enum: names(render.SymbolTypes), Default: string(render.SymbolQR),
		Description: "Symbol type (ISO/IEC 18004:2015, ISO/IEC 23941:2022): qr is a QR Code (21 to 177 modules); micro a Micro QR Code, M1 to M4 (11 to 17 modules, one finder, quiet zone 2 by default), which holds at most 35 digits, 21 upper-case alphanumerics, 15 bytes or 9 Kanji characters, has levels L, M and Q (M4) but not H, no ECI header (Japanese text is written in Kanji mode, which needs none; other non-ASCII data only with eci=none), no logo, and square eyes only (zxing-cpp reads none with rounded eyes; another eye shape is refused); auto takes a Micro QR Code when one holds the data at the level (at least L: never M1, which only detects errors), the data is ASCII or Japanese text and the eyes are square, else a QR Code; rmqr a rectangular Micro QR Code, R7x43 to R17x139 (7 to 17 modules high, 27 to 139 wide, quiet zone 2 by default), the size with the fewest modules that holds the data at the level, which holds at most 361 digits, 219 upper-case alphanumerics or 150 bytes, has levels M and H only (ec absent: M, then H if the same size holds it), takes an ECI header, module styles (its timing and alignment patterns stay square), a label and colours, but no logo and no tpl frame, and square eyes only (zxing-cpp 3 reads no rMQR with other eyes; another eye shape is refused); rmqrheight fixes its height; auto never picks rmqr. The image is a strip: size wide and as tall as the rows and quiet zone (and label) at the same pixels a module, as is a PDF page or EPS bounding box of a printed size; zxing-cpp 3 reads rMQR, zbar, jsQR and zxing-cpp 1.4 do not. The X-QR-Symbol header names the symbol made (M2-L, 3-M, R13x77-M).",
		Title:       "Symbol", Hint: "micro makes the small Micro QR Code (up to 35 digits or 15 bytes); rmqr a flat rectangle (7 to 17 modules high).", Control: "choice", Form: 24}
	RMQRHeight = Option{Name: "rmqrheight", Unit: UnitModules, Outputs: Formats, Aliases: []string{"rmqr_height"}, Example: "11",
		Type: "integer", Min: 7, Max: 17, Steps: []int{7, 9, 11, 13, 15, 17},
		Description: "With symbol=rmqr, the height in modules: 7, 9, 11, 13, 15 or 17. The narrowest rMQR size of that height that holds the data is drawn (ISO/IEC 23941 R7 to R17); when absent, the size with the fewest modules of all 32.",
		Title:       "rMQR height", Hint: "Modules high, for symbol=rmqr: 7, 9, 11, 13, 15 or 17.", Control: "integer", Form: 25}
	// Append and AppendLayout divide data over a structured append set.
	// They stay off the editor's form, which previews one image.
	Append = Option{Name: "append", Unit: UnitSymbols, Outputs: Formats, Aliases: []string{"structuredappend", "structured_append", "structured-append", "parts"}, Example: "auto",
		Type: "integer", Min: 2, Max: render.MaxAppendSymbols, Pattern: `^([aA][uU][tT][oO]|[0-9]+)$`, PatternName: "`auto`",
		Description: fmt.Sprintf("Structured append: up to %d QR Codes that readers join. Each starts with a header naming its place in the set and the set's parity (ISO/IEC 18004:2015 §8). auto draws one symbol when one holds the data and else the fewest that do; a number, 2 to %d, asks for that many (at most one a character). Every symbol has the same version, the smallest that holds each part, and the same level; parts end between whole UTF-8 characters, and each carries the ECI header the data needs. The answer is arranged as appendlayout says, and X-QR-Symbols gives the count. QR Codes only: not with symbol=micro, a logo, or a kind whose standard reads one symbol (docs/reference.md, Structured append).", render.MaxAppendSymbols, render.MaxAppendSymbols)}
	AppendLayout = Option{Name: "appendlayout", Outputs: Formats, Aliases: []string{"append_layout", "append-layout"}, Example: "zip",
		Type: "string", Enum: []string{"zip", "json", "row"}, Default: "zip",
		Description: "How a structured append set (append) is answered: zip, an archive of one file a symbol in the format (part-1-of-3.png ...); json, a document with each symbol's part number, parity, text and image as a data URI; row, one image (png, gif, jpeg or base64) of the symbols side by side, one quiet zone apart, without a frame or label."}
	Margin = Option{Name: "margin", Unit: UnitModules, Outputs: Formats, Aliases: []string{"quiet", "qz", "qzone", "quietzone", "quiet_zone", "border"}, Example: "4",
		Type: "integer", Min: 0, Max: render.MaxMargin, Default: render.DefaultMargin,
		Description: "Quiet zone in modules.",
		Title:       "Margin", Hint: fmt.Sprintf("Quiet zone in modules, 0 to %d.", render.MaxMargin), Control: "integer", Form: 6}
	Label = Option{Name: "label", Outputs: drawn, Aliases: []string{"caption"}, Example: "",
		Type: "string", MaxLength: MaxLabel,
		Description: "Caption under the code, or the frame's text (SCAN ME when a frame has no label). Latin, Greek and Cyrillic: the caption fonts (Go Bold, Regular and Mono) have no other scripts, and a label with characters it cannot draw (CJK, emoji) is refused with a fix that drops them.",
		Title:       "Label", Hint: fmt.Sprintf("Caption under the code, or the frame's text; at most %d characters, Latin, Greek or Cyrillic.", MaxLabel), Control: "text", Form: 9}
	Tpl = Option{Name: "tpl", Outputs: drawn, Aliases: []string{"template", "frame"}, Example: "none", Meant: frameWords,
		Type: "string", Enum: names(render.Frames), Default: string(render.FrameNone),
		Description: "Frame template around the code, holding the label (SCAN ME by default): banner-below (a border and a banner under the code; scanme is its old name, still accepted), banner-above, box (a rounded outline with the label inside, under the code), bubble (a speech bubble under the code, pointing at it) or corners (viewfinder brackets, the label under them). Every frame lies outside the quiet zone; the banners and corners need a margin of at least 1. scan-me and frame are read as banner-below too.",
		Title:       "Frame", Hint: "A frame with a call to action: the label, or SCAN ME.", Control: "choice", Form: 8}
	FrameColor = Option{Name: "framecolor", Needs: []string{"tpl"}, Outputs: drawn, Aliases: []string{"framecolour", "frame_color"}, Example: "1d3557",
		Type:        "string",
		Description: "Colour of the frame: its border, banner, box, bubble or brackets; as `color`. Default: color, or the gradient.",
		Title:       "Frame colour", Hint: "As colour; empty: the code's colour, or its gradient.", Control: "colour", Form: 10}
	TextColor = Option{Name: "textcolor", Needs: []string{"tpl", "label"}, Outputs: drawn, Aliases: []string{"textcolour", "text_color", "labelcolor"}, Example: "ffffff",
		Type:        "string",
		Description: "Colour of the label; as `color`. Default: bg on a banner or bubble (opaque: over a transparent bg, white), color on a plain caption. With framecolor or textcolor given, the label must contrast at least 3:1 with what it is drawn on (WCAG 2.2 §1.4.3, large text); the fix picks black or white.",
		Title:       "Text colour", Hint: "As colour; empty: bg on a banner, the code's colour elsewhere.", Control: "colour", Form: 11}
	Font = Option{Name: "font", Needs: []string{"label", "tpl"}, Outputs: drawn, Aliases: []string{"labelfont", "typeface"}, Example: string(render.FontBold), Meant: fontWords,
		Type: "string", Enum: names(render.Fonts), Default: string(render.FontBold),
		Description: "The label's font, embedded so that a PNG is the same everywhere: bold (Go Bold), regular (Go Regular) or mono (Go Mono). SVG names the Go font first and falls back to the system's sans-serif or monospace.",
		Title:       "Label font", Hint: "Go Bold, Go Regular or Go Mono.", Control: "choice", Form: 12}
	Logo = Option{Name: "logo", Outputs: Formats, Aliases: []string{"icon", "centerimageurl", "centerimage", "image"}, Example: "wifi", Meant: iconWords,
		Type:        "string",
		Description: "A logo over the centre: a built-in icon (" + strings.Join(render.IconNames, ", ") + "), or a PNG, JPEG, WebP or SVG image as a data URI (data:image/png;base64,...; at most 12 KiB in a parameter; POST /api/v1/qr takes files up to 1 MiB). A URL is fetched only where the operator turned --logo-fetch on, from public addresses. Error correction rises to H unless ec is given, and the code grows until the cleared modules take at most half of any block's error correction, and past versions 7 to 13, 21 to 27 and 35 to 40, whose centre alignment pattern the logo would hide from zbar; a logo no version allowed can hold is a 400 whose fix shrinks it or leaves it out (docs/logos.md).",
		Title:       "Logo", Hint: "A built-in icon, or your own file under Your logo.", Control: "choice", Form: 19,
		Offered: render.IconNames}
	LogoSize = Option{Name: "logosize", Needs: []string{"logo"}, Unit: UnitRatio, Outputs: Formats, Aliases: []string{"centerimagesizeratio"}, Example: "0.2",
		Type: "number", Range: [2]float64{render.MinLogoSize, render.MaxLogoSize}, Default: render.DefaultLogoSize,
		Description: "The logo's side as a fraction of the code's side (quiet zone excluded), or a percentage (20%). A logo too large for the level is refused with the largest that fits.",
		Title:       "Logo size", Hint: "Fraction of the code's side.", Control: "choice", Form: 20,
		Offered: []string{"0.1", "0.15", "0.2", "0.25", "0.3"}}
	LogoPadding = Option{Name: "logopadding", Needs: []string{"logo"}, Unit: UnitModules, Outputs: Formats, Aliases: []string{"logomargin"}, Example: "1",
		Type: "integer", Min: 0, Max: render.MaxLogoPadding, Default: render.DefaultLogoPadding,
		Description: "Modules of clear space around the logo; they are cleared too, and count against error correction.",
		Title:       "Logo padding", Hint: fmt.Sprintf("Modules of clear space, 0 to %d.", render.MaxLogoPadding), Control: "integer", Form: 21}
	LogoBg = Option{Name: "logobg", Needs: []string{"logo"}, Outputs: drawn, Aliases: []string{"logobackground"}, Example: "ffffff",
		Type: "string", Default: "none",
		Description: "A plate under the logo over its cleared modules, as `color`; none (the default) leaves them in the background colour.",
		Title:       "Logo plate", Hint: "A colour, or none.", Control: "colour", Form: 22}
	LogoPlate = Option{Name: "logoplate", Needs: []string{"logobg"}, Outputs: drawn, Example: "rounded",
		Type: "string", Enum: []string{"square", "rounded"}, Default: "square",
		Description: "The plate's corners (with logobg): square or rounded. round is read as rounded.",
		Title:       "Plate corners", Control: "choice", Form: 23}
	ECI = Option{Name: "eci", Outputs: Formats, Example: string(render.DefaultECI),
		Type: "string", Enum: names(render.ECIs), Default: string(render.DefaultECI),
		Description: "Character set header: utf8 writes ECI 26 (UTF-8) before data with non-ASCII bytes, which zbar needs to read it right; none writes no header, and readers guess (docs/eci.md). ASCII data never gets one."}
	// Google chart API compatibility: chld=<level>|<margin>, cht=qr,
	// choe=UTF-8.
	Chld = Option{Name: "chld", Outputs: Formats, Example: "M|4", Type: "string", Compat: "Google chart API",
		Description: "Google chart API compatibility: `<level>|<margin>`, as ec and margin."}
	Cht = Option{Name: "cht", Outputs: Formats, Example: "qr", Type: "string", Enum: []string{"qr"}, Compat: "Google chart API",
		Description: "Google chart API compatibility: chart type, only `qr`."}
	Choe = Option{Name: "choe", Outputs: Formats, Example: "UTF-8", Type: "string", Enum: []string{"UTF-8"}, Compat: "Google chart API",
		Description: "Google chart API compatibility: output encoding, only UTF-8 (or utf8)."}
)

// The words callers use for values that the options spell otherwise,
// each with the value it means (Option.Meant): the names of other QR APIs
// (qr-code-styling's dots and extra-rounded, node-qrcode's high), what a
// value looks like (vertical, speech), and generic names of the icons.
var (
	formatWords = map[string]string{"webp": "png", "bmp": "png", "tif": "png", "tiff": "png", "image": "png", "raster": "png",
		"svgz": "svg", "svg+xml": "svg", "vector": "svg", "matrix": "json", "dataurl": "base64", "data-url": "base64", "b64": "base64"}
	styleWords = map[string]string{"circle": "dot", "circles": "dot", "round-dots": "dot", "dotted": "dot",
		"round": "rounded", "rounded-corners": "rounded", "round-corners": "rounded", "rounded-square": "rounded", "rounded-squares": "rounded", "extra-rounded": "rounded", "connected": "rounded", "smooth": "rounded",
		"fluid": "organic", "liquid": "organic", "blob": "organic", "blobs": "organic",
		"gaps": "gapped-squares", "gapped": "gapped-squares", "spaced": "gapped-squares",
		"pixel": "square", "pixels": "square", "squares": "square", "block": "square", "blocks": "square",
		"cross": "plus", "crosses": "plus", "hearts": "heart", "stars": "star", "diamonds": "diamond", "lines": "vertical-bars", "bars": "vertical-bars"}
	eyeWords      = map[string]string{"round": "rounded", "rounded-square": "rounded", "rounded-corners": "rounded", "circular": "squircle"}
	eyeFrameWords = map[string]string{"dot": "squircle", "round": "rounded", "rounded-square": "rounded", "circular": "squircle", "star": "pointed"}
	eyeBallWords  = map[string]string{"round": "rounded", "rounded-square": "rounded", "circular": "dot", "diamond": "octagon", "star": "pointed"}
	gradientWords = map[string]string{"horizontal": "linear", "vertical": "linear", "diagonal": "linear", "linear-gradient": "linear",
		"circular": "radial", "circle": "radial", "round": "radial", "radial-gradient": "radial", "centre": "radial", "center": "radial"}
	symbolWords = map[string]string{"mqr": "micro", "micro-qr": "micro", "rectangular": "rmqr", "rect": "rmqr", "r-mqr": "rmqr", "qrcode": "qr", "model2": "qr", "smallest": "auto"}
	levelWords  = map[string]string{"low": "L", "medium": "M", "med": "M", "quartile": "Q", "quarter": "Q", "high": "H", "highest": "H", "max": "H", "maximum": "H",
		"7%": "L", "15%": "M", "25%": "Q", "30%": "H", "7": "L", "15": "M", "25": "Q", "30": "H"}
	frameWords = map[string]string{"banner": "banner-below", "bottom": "banner-below", "footer": "banner-below", "label": "banner-below", "caption": "banner-below", "cta": "banner-below",
		"top": "banner-above", "header": "banner-above",
		"rounded": "box", "border": "box", "outline": "box", "square": "box", "rectangle": "box",
		"speech": "bubble", "callout": "bubble", "balloon": "bubble", "chat": "bubble",
		"viewfinder": "corners", "brackets": "corners", "camera": "corners"}
	fontWords = map[string]string{"normal": "regular", "light": "regular", "thin": "regular", "book": "regular", "roman": "regular", "sans": "regular", "sans-serif": "regular",
		"monospace": "mono", "monospaced": "mono", "code": "mono", "courier": "mono", "fixed": "mono",
		"heavy": "bold", "black": "bold", "strong": "bold", "semibold": "bold"}
	iconWords = map[string]string{"envelope": "mail", "url": "link", "website": "globe", "internet": "globe", "www": "globe",
		"money": "payment", "cash": "payment", "pay": "payment", "bank": "payment", "euro": "payment", "dollar": "payment", "wallet": "payment",
		"call": "phone", "telephone": "phone", "tel": "phone", "mobile": "phone",
		"sms": "chat", "whatsapp": "chat", "telegram": "chat", "signal": "chat", "text": "chat",
		"map": "map-pin", "address": "map-pin", "place": "map-pin", "marker": "map-pin",
		"event": "calendar", "date": "calendar", "meeting": "calendar", "ics": "calendar",
		"person": "user", "vcard": "user", "profile": "user", "account": "user",
		"store": "shop", "shopping": "shop", "bag": "shop",
		"video": "play", "youtube": "play", "music": "play", "audio": "play", "media": "play",
		"app": "download", "file": "download", "save": "download",
		"love": "heart", "like": "heart", "favourite": "heart", "favorite": "heart", "rating": "star", "review": "star"}
)

// Rendering are the options every generation endpoint takes, in canonical
// order.
var Rendering = []Option{Size, Scale, DPI, Format, Color, Bg, CMYK, Style, Eye, EyeFrame, EyeBall, Gradient, GradientColors, GradientAngle, EyeColor, EyeFrameColor, EyeBallColor, EC, Version, Symbol, RMQRHeight, Append, AppendLayout, Margin, Label, Tpl, FrameColor, TextColor, Font, Logo, LogoSize, LogoPadding, LogoBg, LogoPlate, ECI, Chld, Cht, Choe}

// AnyCase is what Doc says of an option whose values are read in any
// case, as every enum's are: the enum lists each value in its canonical
// case, and JSON Schema's enum compares strings exactly (JSON Schema
// 2020-12 Validation §6.1.2).
const AnyCase = "Values are read in any case"

// Doc is the option's description with what it needs, as the API
// reference, the OpenAPI document and the JSON Schemas show it.
func (o Option) Doc() string {
	doc := o.Description
	if o.Type == "string" && len(o.Enum) > 0 {
		doc += " " + AnyCase + ": `" + otherCase(o.Enum[0]) + "` is `" + o.Enum[0] + "`."
	}
	if len(o.Needs) == 0 {
		return doc
	}
	return doc + " Only with " + strings.Join(o.Needs, " or ") + "; alone it is refused, as it would change nothing."
}

// otherCase is v in upper case, or in lower case when it is upper case.
func otherCase(v string) string {
	if up := strings.ToUpper(v); up != v {
		return up
	}
	return strings.ToLower(v)
}

// NeedsMet reports whether o acts on what a call gives: it needs nothing,
// or one of its Needs is given with a value (given says so by name).
func (o Option) NeedsMet(given func(name string) bool) bool {
	return len(o.Needs) == 0 || slices.ContainsFunc(o.Needs, given)
}

// Reaches reports whether o changes the bytes of format: given with a
// format it does not reach, it would change nothing, so a call is refused
// with a fix that drops it (or, with the format left to its default,
// asks for one o reaches), and a batch's shared style leaves it out.
func (o Option) Reaches(format string) bool {
	return slices.Contains(o.Outputs, format)
}

// JoinList is the string a List option's value is when a JSON list gives
// its items: joined with commas, read exactly as that string would be. ok
// is false for a list that has no such reading: empty, or with an item
// that is no string, is empty or holds a comma itself (["a,b","c"] is
// two items or three).
func JoinList(items []any) (joined string, ok bool) {
	parts := make([]string, len(items))
	for i, item := range items {
		s, isString := item.(string)
		if !isString || strings.TrimSpace(s) == "" || strings.Contains(s, ",") {
			return "", false
		}
		parts[i] = s
	}
	return strings.Join(parts, ","), len(parts) > 0
}

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
	"datauri": "base64", "data-uri": "base64", "gif": "gif", "jpeg": "jpeg",
	"jpg": "jpeg", "pdf": "pdf", "eps": "eps", "ps": "eps", "epsf": "eps",
	"postscript": "eps",
}

// FormatNamed is the format a value of format names, in any case.
func FormatNamed(v string) (string, bool) {
	f, ok := formatNames[strings.ToLower(v)]
	return f, ok
}

// extensions are the file extensions the path form takes
// (/q/<data>.<ext>) and the format each gives.
var extensions = map[string]string{
	"png": "png", "svg": "svg", "json": "json", "gif": "gif", "jpg": "jpeg",
	"jpeg": "jpeg", "pdf": "pdf", "eps": "eps", "ps": "eps",
}

// Extensions lists the path form's extensions, sorted.
func Extensions() []string { return slices.Sorted(maps.Keys(extensions)) }

// FormatOfExtension is the format a file extension names in the path
// form, in any case.
func FormatOfExtension(ext string) (string, bool) {
	f, ok := extensions[strings.ToLower(ext)]
	return f, ok
}

// Extension is the file extension of a format's files (a batch zip's
// entries): jpg for jpeg, svg for svg-tiny, txt for a data URI.
func Extension(format string) string {
	switch format {
	case "jpeg":
		return "jpg"
	case "svg-tiny":
		return "svg"
	case "base64":
		return "txt"
	}
	return format
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
	if len(o.Steps) > 0 {
		s["enum"] = o.Steps
	}
	if o.Type == "number" {
		s["minimum"], s["maximum"] = o.Range[0], o.Range[1]
	}
	if o.MaxLength > 0 {
		s["maxLength"] = o.MaxLength
	}
	if o.MinLength > 0 {
		s["minLength"] = o.MinLength
	}
	if o.Pattern != "" {
		// The number, or a string of the pattern.
		number := map[string]any{"type": o.Type}
		for _, k := range []string{"minimum", "maximum"} {
			if v, ok := s[k]; ok {
				number[k] = v
				delete(s, k)
			}
		}
		delete(s, "type")
		s["anyOf"] = []map[string]any{number, {"type": "string", "pattern": o.Pattern}}
	}
	return s
}

// RangeText is the option's range as the docs write it, "64 to 4096" or
// "0.05 to 0.3"; "" when it has none.
func RangeText(o Option) string {
	switch {
	case len(o.Steps) > 1:
		steps := make([]string, len(o.Steps))
		for i, v := range o.Steps {
			steps[i] = strconv.Itoa(v)
		}
		return strings.Join(steps[:len(steps)-1], ", ") + " or " + steps[len(steps)-1]
	case o.Max > 0:
		return fmt.Sprintf("%d to %d", o.Min, o.Max)
	case o.Type == "number":
		return fmt.Sprintf("%g to %g", o.Range[0], o.Range[1])
	}
	return ""
}
