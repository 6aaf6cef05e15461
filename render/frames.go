package render

import (
	"image/color"
	"slices"
	"strings"
)

// A frameTemplate places a frame's parts on the canvas and draws it. Every
// template keeps the symbol's quiet zone whole: its shapes lie outside
// the square of the symbol and its margin, which ISO/IEC 18004 §6.3.8
// requires free of marks, so a frame never changes what a decoder sees
// next to the symbol.
type frameTemplate struct {
	// banner says the caption sits on the frame's colour (drawn in the
	// background colour by default) rather than on the background.
	banner bool
	// place sets the layout's canvas, symbol origin and text box for a
	// quiet square of side quiet; l.band is already set.
	place func(l *layout, quiet int)
	// draw adds the frame's shapes, in canvas modules, to p.
	draw func(p *path, l *layout)
	// minMargin is the least quiet zone the frame needs: a stroke right
	// against the symbol hides its finder patterns' edges.
	minMargin int
}

var frameTemplates = map[Frame]*frameTemplate{}

func registerFrame(f Frame, t *frameTemplate) { frameTemplates[f] = t }

// frameAliases are other names of templates: scanme was banner-below's
// name before there were other banners.
var frameAliases = map[string]Frame{"scanme": FrameBannerBelow, "scan-me": FrameBannerBelow, "frame": FrameBannerBelow}

// FrameNames lists every accepted template name: the templates, then the
// aliases.
func FrameNames() []string {
	names := make([]string, 0, len(Frames)+len(frameAliases))
	for _, f := range Frames {
		names = append(names, string(f))
	}
	for alias := range frameAliases {
		names = append(names, alias)
	}
	slices.Sort(names[len(Frames):])
	return names
}

// ParseFrame resolves a template's name or alias, in any case, with '_'
// read as '-'.
func ParseFrame(name string) (Frame, bool) {
	f := Frame(strings.ReplaceAll(strings.ToLower(strings.TrimSpace(name)), "_", "-"))
	if a, ok := frameAliases[string(f)]; ok {
		return a, true
	}
	return f, slices.Contains(Frames, f)
}

// Banner reports whether the template puts its text on a banner of the
// frame colour.
func (f Frame) Banner() bool {
	t := frameTemplates[f]
	return t != nil && t.banner
}

// MinMargin is the least margin, in modules, at which the template's
// symbol still reads: a banner's border or a corner bracket against the
// symbol (margin 0) is taken for part of the finder patterns, and gozxing
// and zbar then find no code; the box and the bubble keep a gap of their
// own.
func (f Frame) MinMargin() int {
	if t := frameTemplates[f]; t != nil {
		return t.minMargin
	}
	return 0
}

// CaptionColors are the colour the caption is drawn on and the caption's
// own colour: a banner's text defaults to the background colour on the
// frame colour, opaque, for a translucent background is seen as the paper
// under it and the text must stand out of the banner; a plain caption
// defaults to the foreground on the background.
func (o *Options) CaptionColors() (ground, text color.NRGBA) {
	ground, text = o.Background, o.Foreground
	if o.Frame.Banner() {
		ground, text = o.frameColor(), o.Background
		text.A = 255
	}
	if o.TextColor != nil {
		text = *o.TextColor
	}
	return ground, text
}

// frameColor is the colour of the frame's shapes.
func (o *Options) frameColor() color.NRGBA {
	if o.FrameColor != nil {
		return *o.FrameColor
	}
	return o.Foreground
}

// ownFrameColor reports whether a frame is drawn in a colour other than
// the foreground.
func (o *Options) ownFrameColor() bool {
	// Beside a gradient, which would paint the frame, the foreground's
	// own value is a colour of its own too.
	return frameTemplates[o.Frame] != nil && o.FrameColor != nil && (*o.FrameColor != o.Foreground || o.Gradient.active())
}

// ownTextColor reports whether the caption has a colour other than the
// one the one-colour drawing gives it: the background on a banner, the
// foreground elsewhere.
func (o *Options) ownTextColor() bool {
	if o.Label == "" && o.Frame == FrameNone {
		return false
	}
	_, text := o.CaptionColors()
	if o.Frame.Banner() {
		// Over a background that is not opaque, the one-colour drawing
		// would cut the text out of the banner, and the page would show
		// through it: the caption is opaque.
		return text != o.Background
	}
	return text != o.Foreground
}

// CaptionInForeground reports whether a caption is drawn in the
// foreground colour: a label or a frame's text, off a banner (whose text
// is the background), without a text colour of its own. Beside a
// gradient, which paints the modules and a frame without a colour of its
// own, it is one of the few things the foreground still colours.
func (o *Options) CaptionInForeground() bool {
	hasText := o.Label != "" || frameTemplates[o.Frame] != nil
	return hasText && !o.Frame.Banner() && o.TextColor == nil
}

// ownColors reports whether the frame or the caption needs a colour of its
// own, which the PNG's one-colour coverage cannot paint (framepng.go).
func (o *Options) ownColors() bool { return o.ownFrameColor() || o.ownTextColor() }

// CanvasModules is the side of the canvas in modules for symbol s: its
// quiet zone, frame and caption. A PNG needs at least this many pixels.
func CanvasModules(s *Symbol, o Options) int {
	l := placeLayout(s, &o)
	return max(l.width, l.height)
}

// placeCaption lays out a caption without a frame: the band under the
// quiet zone.
func placeCaption(l *layout, quiet, quietRows int) {
	l.width, l.height = quiet, quietRows+l.band
	l.codeX, l.codeY = l.margin, l.margin
	l.textY = float64(l.height) - float64(l.band)/2
	l.textWidth = float64(l.width) - 1
}

// A banner frame has a one-module border around the quiet zone, its
// outside rounded, and a banner of the band's height above or below.
const bannerBorder = 1

func placeBanner(l *layout, quiet int, above bool) {
	b := bannerBorder
	l.border = b
	l.width = quiet + 2*b
	l.height = l.width + l.band
	l.codeX, l.codeY = b+l.margin, b+l.margin
	l.textY = float64(l.height-b) - float64(l.band)/2
	if above {
		l.codeY += l.band
		l.textY = float64(b) + float64(l.band)/2
	}
	l.textWidth = float64(l.width-2*b) - 1
}

// drawBanner is the banner frame: a rounded slab with the quiet zone cut
// out. The hole's corners are rounded by half a module, well inside the
// margin's corner, furthest from the symbol.
func drawBanner(p *path, l *layout, above bool) {
	w, h, b := float64(l.width), float64(l.height), float64(l.border)
	p.roundRect(0, 0, w, h, [4]float64{1.5, 1.5, 1.5, 1.5}, false)
	inner := w - 2*b
	y := b
	if above {
		y += float64(l.band)
	}
	p.roundRect(b, y, inner, inner, [4]float64{0.5, 0.5, 0.5, 0.5}, true)
}

// The box is a one-module rounded outline one module outside the quiet
// zone, holding the caption under the code. The gap keeps the outline's
// rounded inner corners (radius 1, reaching 0.3 module in along the
// diagonal) off the quiet zone.
const (
	boxStroke = 1
	boxGap    = 1
)

func placeBox(l *layout, quiet int) {
	s, g := boxStroke, boxGap
	l.border = s
	l.width = quiet + 2*(s+g)
	l.height = 2*s + g + quiet + l.band
	l.codeX, l.codeY = s+g+l.margin, s+g+l.margin
	l.textY = float64(s+g+quiet) + float64(l.band)/2
	l.textWidth = float64(quiet+2*g) - 1
}

func drawBox(p *path, l *layout) {
	w, h, s := float64(l.width), float64(l.height), float64(boxStroke)
	p.roundRect(0, 0, w, h, [4]float64{2, 2, 2, 2}, false)
	p.roundRect(s, s, w-2*s, h-2*s, [4]float64{1, 1, 1, 1}, true)
}

// The bubble is a speech bubble under the quiet zone holding the caption,
// its pointer aimed up at the code; the pointer's tip stops half a module
// short of the quiet zone.
const bubblePointer = 3

func placeBubble(l *layout, quiet int) {
	l.width = quiet
	l.height = quiet + bubblePointer + l.band
	l.codeX, l.codeY = l.margin, l.margin
	l.textY = float64(quiet+bubblePointer) + float64(l.band)/2
	l.textWidth = float64(l.width) - 3
}

func drawBubble(p *path, l *layout) {
	w, top := float64(l.width), float64(l.height-l.band)
	p.roundRect(0, top, w, float64(l.band), [4]float64{1.5, 1.5, 1.5, 1.5}, false)
	// The pointer overlaps the body by half a module: the non-zero rule
	// merges them with no seam.
	half := float64(bubblePointer) * 0.75
	p.polygon([][2]float64{{w/2 - half, top + 0.5}, {w / 2, top - float64(bubblePointer) + 0.5}, {w/2 + half, top + 0.5}}, false)
}

// Corners are viewfinder brackets at the four corners of the quiet zone,
// one module thick, with the caption under them.
const cornerStroke = 1

func placeCorners(l *layout, quiet int) {
	c := cornerStroke
	l.border = c
	l.width = quiet + 2*c
	l.height = l.width + l.band
	l.codeX, l.codeY = c+l.margin, c+l.margin
	l.textY = float64(l.width) + float64(l.band)/2
	l.textWidth = float64(l.width) - 1
}

func drawCorners(p *path, l *layout) {
	side, t := float64(l.width), float64(cornerStroke)
	// Arms reach a fifth of the side, at least three modules.
	arm := max(3, float64(l.width/5))
	r := t / 2
	// Each bracket is a horizontal and a vertical arm, both clockwise, so
	// that they merge where they overlap; the outer corner is rounded.
	for _, c := range [4][2]float64{{0, 0}, {1, 0}, {1, 1}, {0, 1}} {
		x := c[0] * (side - arm) // the horizontal arm's left edge
		y := c[1] * (side - t)
		radii := [4]float64{}
		switch c {
		case [2]float64{0, 0}:
			radii[0] = r
		case [2]float64{1, 0}:
			radii[1] = r
		case [2]float64{1, 1}:
			radii[2] = r
		default:
			radii[3] = r
		}
		p.roundRect(x, y, arm, t, radii, false)
		vx := c[0] * (side - t)
		vy := c[1] * (side - arm)
		p.roundRect(vx, vy, t, arm, radii, false)
	}
}

func init() {
	registerFrame(FrameBannerBelow, &frameTemplate{banner: true, minMargin: 1,
		place: func(l *layout, q int) { placeBanner(l, q, false) },
		draw:  func(p *path, l *layout) { drawBanner(p, l, false) }})
	registerFrame(FrameBannerAbove, &frameTemplate{banner: true, minMargin: 1,
		place: func(l *layout, q int) { placeBanner(l, q, true) },
		draw:  func(p *path, l *layout) { drawBanner(p, l, true) }})
	registerFrame(FrameBox, &frameTemplate{place: placeBox, draw: drawBox})
	registerFrame(FrameBubble, &frameTemplate{banner: true, place: placeBubble, draw: drawBubble})
	registerFrame(FrameCorners, &frameTemplate{place: placeCorners, draw: drawCorners, minMargin: 1})
}
