package render

import (
	"image/color"
	"slices"
	"strings"
)

// ModuleStyle is the shape of the data modules.
type ModuleStyle string

// Module styles. Every style keeps each module's centre dark, which is where
// decoders sample (ISO/IEC 18004 §12, reference decode algorithm).
const (
	ModuleSquare         ModuleStyle = "square"
	ModuleRounded        ModuleStyle = "rounded"
	ModuleDot            ModuleStyle = "dot"
	ModuleDiamond        ModuleStyle = "diamond"
	ModuleStar           ModuleStyle = "star"
	ModuleVerticalBars   ModuleStyle = "vertical-bars"
	ModuleHorizontalBars ModuleStyle = "horizontal-bars"
	ModuleOrganic        ModuleStyle = "organic"
)

// ModuleStyles lists every module style in documentation order.
var ModuleStyles = []ModuleStyle{ModuleSquare, ModuleRounded, ModuleDot, ModuleDiamond,
	ModuleStar, ModuleVerticalBars, ModuleHorizontalBars, ModuleOrganic}

// EyeStyle is the shape of the three finder patterns ("eyes").
type EyeStyle string

// Eye styles. Each keeps the 1:1:3:1:1 dark/light ratio along the rows and
// columns through the eye's centre that finder detection looks for
// (ISO/IEC 18004 §6.3.3).
const (
	EyeSquare   EyeStyle = "square"
	EyeRounded  EyeStyle = "rounded"
	EyeSquircle EyeStyle = "squircle"
	EyeLeaf     EyeStyle = "leaf"
	EyeOctagon  EyeStyle = "octagon"
)

// EyeStyles lists every eye style in documentation order.
var EyeStyles = []EyeStyle{EyeSquare, EyeRounded, EyeSquircle, EyeLeaf, EyeOctagon}

// eyeAliases are retired eye names still accepted, each mapped to the
// closest style that every common decoder reads (docs/decoders.md): a diamond
// ring fails zxing-cpp 1.4 and jsQR, which check the 1:1:3:1:1 ratio on
// the diagonals too, and a circle fails zbar on most version 1 symbols.
var eyeAliases = map[string]EyeStyle{"diamond": EyeOctagon, "circle": EyeSquircle}

// EyeNames lists every accepted eye name: the styles, then the aliases.
func EyeNames() []string {
	names := make([]string, 0, len(EyeStyles)+len(eyeAliases))
	for _, e := range EyeStyles {
		names = append(names, string(e))
	}
	for alias := range eyeAliases {
		names = append(names, alias)
	}
	slices.Sort(names[len(EyeStyles):])
	return names
}

// ParseEye resolves an eye style's name or alias, in any case.
func ParseEye(name string) (EyeStyle, bool) {
	e := EyeStyle(strings.ToLower(name))
	if a, ok := eyeAliases[string(e)]; ok {
		return a, true
	}
	return e, slices.Contains(EyeStyles, e)
}

// Frame is a decoration template around the code (frames.go).
type Frame string

// Frames. The banners have a border around the quiet zone and a banner
// holding the label, "SCAN ME" by default, below or above the code; box
// is a rounded outline holding the code and, under it, the label; bubble
// is a speech bubble holding the label under the code, pointing at it;
// corners are viewfinder brackets with the label under them.
const (
	FrameNone        Frame = "none"
	FrameBannerBelow Frame = "banner-below"
	FrameBannerAbove Frame = "banner-above"
	FrameBox         Frame = "box"
	FrameBubble      Frame = "bubble"
	FrameCorners     Frame = "corners"
)

// FrameScanMe is banner-below under its first name, which the API still
// accepts (ParseFrame).
const FrameScanMe = FrameBannerBelow

// Frames lists every frame template in documentation order.
var Frames = []Frame{FrameNone, FrameBannerBelow, FrameBannerAbove, FrameBox, FrameBubble, FrameCorners}

// DefaultBanner is a frame's text when no label is given.
const DefaultBanner = "SCAN ME"

// Options are the drawing options shared by every output format.
type Options struct {
	Size       int // output width (and height) in pixels
	Margin     int // quiet zone in modules
	Foreground color.NRGBA
	Background color.NRGBA
	Module     ModuleStyle
	Eye        EyeStyle
	Label      string
	Frame      Frame
	FrameColor *color.NRGBA // the frame's shapes; nil: Foreground
	TextColor  *color.NRGBA // the caption; nil: Options.CaptionColors
	Font       Font         // the caption's; "" is FontBold
	Overlay    Overlay      // an emblem over the centre, when Overlay.Size > 0
	// Gradient, when set, paints the dark modules instead of Foreground.
	Gradient *Gradient
	// EyeColors colour the finder eyes' rings and pupils: top-left,
	// top-right, bottom-left.
	EyeColors [3]EyeColors
	Print      Print        // the printed size and inks (print.go)
	// Logo, when set, is a picture over the centre (logo.go).
	Logo *Logo
}

// Defaults of README "Options".
const (
	DefaultSize   = 512
	DefaultMargin = 4
	MinSize       = 64
	MaxSize       = 4096
	MaxMargin     = 10
)

// DefaultOptions returns the spec's defaults: 512 px, 4-module quiet zone,
// black on white, square modules and eyes.
func DefaultOptions() Options {
	return Options{
		Size:       DefaultSize,
		Margin:     DefaultMargin,
		Foreground: color.NRGBA{0, 0, 0, 255},
		Background: color.NRGBA{255, 255, 255, 255},
		Module:     ModuleSquare,
		Eye:        EyeSquare,
		Frame:      FrameNone,
		Font:       FontBold,
	}
}

// plain reports whether the drawing is only whole dark and light modules, so
// that a two-colour image with no anti-aliasing represents it exactly.
func (o *Options) plain() bool {
	return o.Module == ModuleSquare && o.Eye == EyeSquare && o.Label == "" && o.Frame == FrameNone && !o.truecolour()
}
