package render

import (
	"image/color"
	"math"
	"slices"
)

// GradientKind is the shape of a gradient fill.
type GradientKind string

// Gradient kinds, as CSS Images Level 3 draws them: linear along an angle,
// radial from the symbol's centre out to its corners (§3.1, §3.2).
const (
	GradientNone   GradientKind = "none"
	GradientLinear GradientKind = "linear"
	GradientRadial GradientKind = "radial"
)

// GradientKinds lists every gradient kind in documentation order.
var GradientKinds = []GradientKind{GradientNone, GradientLinear, GradientRadial}

// Gradient fills the dark modules with colours that change across the
// symbol. It spans the symbol, quiet zone excluded, so that the same
// gradient looks the same at every margin.
type Gradient struct {
	Kind GradientKind
	// Angle is a linear gradient's direction in degrees, as CSS's
	// linear-gradient: 0 points up, 90 right, 180 down.
	Angle float64
	// Stops are at least two, their offsets from 0 to 1 in order.
	Stops []Stop
}

// Stop is a colour at an offset along a gradient, 0 its start and 1 its end.
type Stop struct {
	Offset float64
	Color  color.NRGBA
}

// EyeColors are one finder eye's colours; a zero colour leaves that part
// in the modules' paint.
type EyeColors struct {
	Frame, Centre color.NRGBA
}

// inksOverGround lays the code's translucent inks (the foreground, the
// gradient's stops, the eyes' colours) over an opaque background, as an
// SVG or PDF viewer shows them. A raster pixel holds one colour: a
// translucent ink left as it is shows the page under the image, not bg,
// and a see-through black over red came out grey on white, lighter than
// the red, which no decoder read. Over a background that is not opaque
// the inks stay as they are; the image is then laid over a page.
func (o *Options) inksOverGround() {
	if o.Background.A != 255 {
		return
	}
	lay := func(c color.NRGBA) color.NRGBA {
		if c.A == 0 || c.A == 255 {
			return c // unset (an eye in the modules' paint) or opaque
		}
		return over(c, o.Background)
	}
	o.Foreground = lay(o.Foreground)
	for i := range o.EyeColors {
		o.EyeColors[i] = EyeColors{Frame: lay(o.EyeColors[i].Frame), Centre: lay(o.EyeColors[i].Centre)}
	}
	if o.Gradient != nil {
		g := *o.Gradient
		g.Stops = slices.Clone(g.Stops)
		for i := range g.Stops {
			g.Stops[i].Color = lay(g.Stops[i].Color)
		}
		o.Gradient = &g
	}
}

// active reports whether g fills anything.
func (g *Gradient) active() bool { return g != nil && g.Kind != GradientNone && len(g.Stops) >= 2 }

// eyesApart reports whether the finder eyes are painted apart from the data
// modules.
func (o *Options) eyesApart() bool { return o.EyeColors != [3]EyeColors{} }

// truecolour reports whether the drawing needs more than a blend of two
// colours: then PNG is drawn in RGBA (truecolor.go).
func (o *Options) truecolour() bool {
	return o.Gradient.active() || o.eyesApart() || o.Logo.active()
}

// At is the gradient's colour at t from 0 to 1, interpolated in sRGB
// between the stops around it, as CSS does by default.
func (g *Gradient) At(t float64) color.NRGBA {
	stops := g.Stops
	if t <= stops[0].Offset {
		return stops[0].Color
	}
	for i := 1; i < len(stops); i++ {
		a, b := stops[i-1], stops[i]
		if t > b.Offset {
			continue
		}
		span := b.Offset - a.Offset
		if span <= 0 {
			return b.Color
		}
		f := (t - a.Offset) / span
		mix := func(x, y uint8) uint8 { return uint8(math.Round(float64(x) + (float64(y)-float64(x))*f)) }
		return color.NRGBA{mix(a.Color.R, b.Color.R), mix(a.Color.G, b.Color.G), mix(a.Color.B, b.Color.B), mix(a.Color.A, b.Color.A)}
	}
	return stops[len(stops)-1].Color
}

// Samples are n colours along the gradient, evenly spaced from its start
// to its end: the darkest and lightest points of a gradient can lie
// between its stops, so contrast is judged on these.
func (g *Gradient) Samples(n int) []color.NRGBA {
	out := make([]color.NRGBA, n)
	for i := range out {
		out[i] = g.At(float64(i) / float64(n-1))
	}
	return out
}

// gradientLine places a gradient over the symbol's box (x, y, side in
// any unit): t of a point (px, py) is ((px, py) - start) · dir, with dir
// scaled so that t runs from 0 to 1 over the gradient's length. A linear
// gradient's line passes through the box's centre at the angle, long
// enough that its ends' perpendiculars touch the box's corners (CSS Images
// 3 §3.1.1); a radial one runs from the centre to the farthest corner
// (§3.2.1, farthest-corner).
type gradientLine struct {
	x0, y0, dx, dy float64 // linear: start and direction / length²
	cx, cy, r      float64 // radial: centre and radius
	radial         bool
}

func newGradientLine(g *Gradient, x, y, side float64) gradientLine {
	cx, cy := x+side/2, y+side/2
	if g.Kind == GradientRadial {
		return gradientLine{cx: cx, cy: cy, r: side / math.Sqrt2, radial: true}
	}
	a := g.Angle * math.Pi / 180
	ux, uy := math.Sin(a), -math.Cos(a)
	half := (math.Abs(ux) + math.Abs(uy)) * side / 2
	length := 2 * half
	return gradientLine{x0: cx - ux*half, y0: cy - uy*half, dx: ux / length, dy: uy / length}
}

// endpoints are the line's start and end (linear) or centre and radius
// (radial), for SVG's gradient elements.
func (gl gradientLine) endpoints() (x1, y1, x2, y2 float64) {
	length2 := 1 / (gl.dx*gl.dx + gl.dy*gl.dy)
	return gl.x0, gl.y0, gl.x0 + gl.dx*length2, gl.y0 + gl.dy*length2
}

// t is the gradient's parameter at (px, py), clamped to [0, 1].
func (gl gradientLine) t(px, py float64) float64 {
	var t float64
	if gl.radial {
		t = math.Hypot(px-gl.cx, py-gl.cy) / gl.r
	} else {
		t = (px-gl.x0)*gl.dx + (py-gl.y0)*gl.dy
	}
	return min(max(t, 0), 1)
}
