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
	ModuleClassy         ModuleStyle = "classy"
	ModuleClassyRounded  ModuleStyle = "classy-rounded"
	ModuleSmallDots      ModuleStyle = "small-dots"
	ModuleGappedSquares  ModuleStyle = "gapped-squares"
	ModuleHeart          ModuleStyle = "heart"
	ModulePlus           ModuleStyle = "plus"
	ModuleSoft           ModuleStyle = "soft"
)

// ModuleStyles lists every module style in documentation order.
var ModuleStyles = []ModuleStyle{ModuleSquare, ModuleRounded, ModuleDot, ModuleDiamond,
	ModuleStar, ModuleVerticalBars, ModuleHorizontalBars, ModuleOrganic,
	ModuleClassy, ModuleClassyRounded, ModuleSmallDots, ModuleGappedSquares, ModuleHeart, ModulePlus, ModuleSoft}

// EyeStyle is the shape of the three finder patterns ("eyes"): a preset
// that names a frame and a ball of the same name.
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
func EyeNames() []string { return namesWithAliases(EyeStyles, eyeAliases) }

// ParseEye resolves an eye style's name or alias, in any case.
func ParseEye(name string) (EyeStyle, bool) { return parseName(name, EyeStyles, eyeAliases) }

// eyeFrameAliases and eyeBallAliases are other names for frames and balls:
// the retired eye names, mapped as eyeAliases are, and circle for the
// round ball.
var (
	eyeFrameAliases = map[string]EyeFrame{"diamond": EyeFrameOctagon, "circle": EyeFrameSquircle}
	eyeBallAliases  = map[string]EyeBall{"circle": EyeBallDot}
)

// EyeFrameNames lists every accepted eye frame name: the frames, then the
// aliases.
func EyeFrameNames() []string { return namesWithAliases(EyeFrames, eyeFrameAliases) }

// ParseEyeFrame resolves an eye frame's name or alias, in any case.
func ParseEyeFrame(name string) (EyeFrame, bool) { return parseName(name, EyeFrames, eyeFrameAliases) }

// EyeBallNames lists every accepted eye ball name: the balls, then the
// aliases.
func EyeBallNames() []string { return namesWithAliases(EyeBalls, eyeBallAliases) }

// ParseEyeBall resolves an eye ball's name or alias, in any case.
func ParseEyeBall(name string) (EyeBall, bool) { return parseName(name, EyeBalls, eyeBallAliases) }

func namesWithAliases[T ~string](values []T, aliases map[string]T) []string {
	names := make([]string, 0, len(values)+len(aliases))
	for _, v := range values {
		names = append(names, string(v))
	}
	for alias := range aliases {
		names = append(names, alias)
	}
	slices.Sort(names[len(values):])
	return names
}

func parseName[T ~string](name string, values []T, aliases map[string]T) (T, bool) {
	v := T(strings.ToLower(name))
	if a, ok := aliases[string(v)]; ok {
		return a, true
	}
	return v, slices.Contains(values, v)
}

// EyeFrame is the shape of a finder eye's dark ring.
type EyeFrame string

// Eye frames: the eye styles' rings, and shapes of their own
// (eyeshapes.go). Each keeps the ring one module thick along the row and
// column through the eye's centre (ISO/IEC 18004 §6.3.3).
const (
	EyeFrameSquare       EyeFrame = "square"
	EyeFrameRounded      EyeFrame = "rounded"
	EyeFrameSquircle     EyeFrame = "squircle"
	EyeFrameLeaf         EyeFrame = "leaf"
	EyeFrameOctagon      EyeFrame = "octagon"
	EyeFrameCut          EyeFrame = "cut"
	EyeFramePointed      EyeFrame = "pointed"
	EyeFrameExtraRounded EyeFrame = "extra-rounded"
	EyeFramePetal        EyeFrame = "petal"
)

// EyeFrames lists every eye frame in documentation order.
var EyeFrames = []EyeFrame{EyeFrameSquare, EyeFrameRounded, EyeFrameSquircle, EyeFrameLeaf, EyeFrameOctagon,
	EyeFrameCut, EyeFramePointed, EyeFrameExtraRounded, EyeFramePetal}

// EyeBall is the shape of a finder eye's dark centre.
type EyeBall string

// Eye balls: the eye styles' centres, and shapes of their own
// (eyeshapes.go). Each keeps the centre three modules wide along the row
// and column through the eye's centre (ISO/IEC 18004 §6.3.3).
const (
	EyeBallSquare   EyeBall = "square"
	EyeBallRounded  EyeBall = "rounded"
	EyeBallSquircle EyeBall = "squircle"
	EyeBallLeaf     EyeBall = "leaf"
	EyeBallOctagon  EyeBall = "octagon"
	EyeBallDot      EyeBall = "dot"
	EyeBallCut      EyeBall = "cut"
	EyeBallPointed  EyeBall = "pointed"
	EyeBallPetal    EyeBall = "petal"
)

// EyeBalls lists every eye ball in documentation order.
var EyeBalls = []EyeBall{EyeBallSquare, EyeBallRounded, EyeBallSquircle, EyeBallLeaf, EyeBallOctagon,
	EyeBallDot, EyeBallCut, EyeBallPointed, EyeBallPetal}

// EyeParts are the finder eyes' frame and ball: the eye style's, unless
// EyeFrame or EyeBall replace its part.
func (o *Options) EyeParts() (EyeFrame, EyeBall) {
	f, b := EyeFrame(o.Eye), EyeBall(o.Eye)
	if o.EyeFrame != "" {
		f = o.EyeFrame
	}
	if o.EyeBall != "" {
		b = o.EyeBall
	}
	return f, b
}

// squareEyes reports whether the eyes are whole square modules.
func (o *Options) squareEyes() bool {
	f, b := o.EyeParts()
	return f == EyeFrameSquare && b == EyeBallSquare
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
	// EyeFrame and EyeBall, when set, replace the eye style's frame or
	// ball.
	EyeFrame   EyeFrame
	EyeBall    EyeBall
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
	Print     Print // the printed size and inks (print.go)
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
	return o.Module == ModuleSquare && o.squareEyes() && o.Label == "" && o.Frame == FrameNone && !o.truecolour()
}
