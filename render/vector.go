package render

import (
	"bytes"
	"encoding/ascii85"
	"fmt"
	"image"
	"image/color"
	"math"
	"strconv"
	"strings"
)

// vectorFill is one filled path of a vector page, in canvas module units,
// filled with the non-zero rule in one colour.
type vectorFill struct {
	ops   []pathOp
	color color.NRGBA
	// gradient, when set, paints the path instead of color.
	gradient *Gradient
	// picture, when set, is a logo's picture drawn into the box x, y, w,
	// h (canvas modules) instead of a path.
	picture *vectorPicture
	box     [4]float64
}

// A vectorPicture is a logo's picture at w×h pixels, flattened over the
// opaque colour under it, as image samples take no alpha.
type vectorPicture struct {
	src   *image.NRGBA
	w, h  int
	under color.NRGBA
	// alpha: nothing but paper lies under the picture (a transparent
	// background, no plate), so a PDF keeps its transparency as a soft
	// mask (PDF 32000-1 §11.6.5.3); PostScript, which has none,
	// composites it over under, white.
	alpha bool
}

// sized is the picture at w×h pixels, its colours not composited.
func (p *vectorPicture) sized() *image.NRGBA {
	if p.w == p.src.Rect.Dx() && p.h == p.src.Rect.Dy() {
		return p.src
	}
	return unpremultiplied(scaledLogo(p.src, p.w, p.h))
}

func (p *vectorPicture) flat() *image.NRGBA { return flattenPicture(p.sized(), p.under) }

// alphas are the picture's opacities at w×h, one byte a pixel.
func (p *vectorPicture) alphas() []byte {
	m := p.sized()
	out := make([]byte, 0, p.w*p.h)
	for i := 3; i < len(m.Pix); i += 4 {
		out = append(out, m.Pix[i])
	}
	return out
}

// vectorFills lists what PDF and EPS paint over the background, in order:
// the dark path in the foreground colour, the emblem's layers, then the
// caption's outlines, in the background colour on a frame's banner as SVG
// paints it. A drawing that holds more layers lists them here.
func vectorFills(d *drawing, o *Options) []vectorFill {
	var fills []vectorFill
	if len(d.frame.ops) > 0 {
		fills = append(fills, vectorFill{ops: d.frame.ops, color: o.frameColor()})
	}
	var g *Gradient
	if o.Gradient.active() {
		g = o.Gradient
	}
	fills = append(fills, vectorFill{ops: d.dark.ops, color: o.Foreground, gradient: g})
	for i, e := range d.eyes {
		c := o.EyeColors[i]
		for _, part := range []struct {
			ops []pathOp
			c   color.NRGBA
		}{{e.frame.ops, c.Frame}, {e.centre.ops, c.Centre}} {
			if len(part.ops) == 0 {
				continue
			}
			if part.c == (color.NRGBA{}) {
				fills = append(fills, vectorFill{ops: part.ops, color: o.Foreground, gradient: g})
				continue
			}
			fills = append(fills, vectorFill{ops: part.ops, color: part.c})
		}
	}
	if ov := &o.Overlay; ov.active() {
		for _, layer := range ov.Layers {
			fills = append(fills, vectorFill{ops: ov.layerPath(layer, d.l).ops, color: layer.Color})
		}
	}
	if lg := o.Logo; lg.active() {
		if p := lg.platePath(d.l); p != nil {
			fills = append(fills, vectorFill{ops: p.ops, color: lg.Plate})
		}
		if lg.Icon != nil {
			fills = append(fills, vectorFill{ops: lg.iconPath(d.l).ops, color: lg.ink(o)})
		} else {
			x, y, side := lg.logoBox(d.l)
			w, h := float64(lg.Image.Rect.Dx()), float64(lg.Image.Rect.Dy())
			k := side / max(w, h)
			iw, ih := w*k, h*k
			// What lies under the picture: the plate, else the background
			// (the modules there are cleared), else paper.
			under := o.Background
			if lg.Plate != (color.NRGBA{}) {
				under = lg.Plate
			}
			pw, ph := lg.Image.Rect.Dx(), lg.Image.Rect.Dy()
			if o.Print.DPI > 0 {
				// A page has no pixels but its pictures': with a resolution
				// given, the picture has the box's pixels at it.
				pw, ph = lg.rasterPixels(side * float64(o.Size) / float64(max(d.l.width, d.l.height)))
			}
			fills = append(fills, vectorFill{picture: &vectorPicture{lg.Image, pw, ph, over(under, white), under.A == 0}, box: [4]float64{x + (side-iw)/2, y + (side-ih)/2, iw, ih}})
		}
	}
	if c := d.text; c != nil {
		_, fill := o.CaptionColors()
		fills = append(fills, vectorFill{ops: captionOutline(c).ops, color: fill})
	}
	return fills
}

// vectorPage writes a drawing as the operators of a PDF content stream
// (PDF 32000-1 §8.4-8.6), which the EPS prolog defines as PostScript
// procedures of the same names, so that both formats paint the same page.
type vectorPage struct {
	b    []byte
	cmyk bool
	// flatten composites translucent colours over what lies under them,
	// for PostScript, which has no transparency; PDF sets the fill's
	// constant alpha instead (§11.6.4.4), naming each alpha it uses.
	flatten bool
	alphas  []uint8
	// shadings are the gradients' shading dictionaries, /Sh<i> in the
	// page's resources; PostScript writes them inline instead.
	shadings [][]byte
	// pictures are the logos' pictures, /Im<i> in the page's resources;
	// PostScript writes them inline instead.
	pictures []*vectorPicture
}

// paint writes the page of w by h points: the background, unless it is
// transparent, and every fill of vectorFills, in module units under a
// matrix that maps the layout's view onto the page and turns its y axis
// up (§8.3.2.3: user space has y up, a unit of 1/72 inch). As in the PNG,
// a module is whole dots of the resolution (a point a pixel without one)
// and the dots left over widen the quiet zone: a printer or a rasterizer
// at that resolution, or a multiple of it, then gives every module the
// same dots, where modules a fraction of a dot wide would grow or shrink
// by a dot from one to the next (docs/print.md, "Size and resolution").
func (v *vectorPage) paint(d *drawing, o *Options, w, h float64) {
	l := d.l
	vx, vy, vw, vh := l.view()
	dot := o.dot()
	k := float64(l.scale) * dot
	onDots := func(v float64) float64 { return math.Round(v/dot) * dot }
	// The view centred on the page, its module edges on whole dots from
	// the page's lower left corner, where a rasterizer starts counting.
	tx := onDots((w-k*vw)/2 - k*vx)
	ty := onDots(h - (h-k*vh)/2 + k*vy)
	v.b = append(v.b, "q\n"...)

	under := white // the paper, where the background lets it show
	if o.Background.A != 0 {
		bg := o.Background
		if v.flatten {
			bg = over(bg, white)
		}
		under = over(bg, white)
		// The whole page, in points, before the matrix.
		v.fill(bg, func() {
			v.b = append(v.b, "0 0 "...)
			v.b = appendPoints(v.b, w)
			v.b = append(v.b, ' ')
			v.b = appendPoints(v.b, h)
			v.b = append(v.b, " re\n"...)
		})
	}
	for _, n := range []float64{k, 0, 0, -k, tx, ty} {
		v.b = appendReal(v.b, n, 6)
		v.b = append(v.b, ' ')
	}
	v.b = append(v.b, "cm\n"...)
	for _, f := range vectorFills(d, o) {
		if f.picture != nil {
			v.picture(f.picture, f.box)
			continue
		}
		if len(f.ops) == 0 {
			continue
		}
		if f.gradient != nil {
			v.shade(f.ops, f.gradient, newGradientLine(f.gradient, float64(l.codeX), float64(l.codeY), float64(l.n)), under)
			continue
		}
		c := f.color
		if v.flatten {
			c = over(c, under)
		}
		v.fill(c, func() { v.path(f.ops) })
	}
	v.b = append(v.b, "Q\n"...)
}

// fill paints the path that body writes in c with the non-zero rule
// (§8.5.3.3.2, PLRM fill); a translucent colour sets its alpha for this
// fill alone.
func (v *vectorPage) fill(c color.NRGBA, body func()) {
	if c.A == 0 {
		return
	}
	if c.A != 255 {
		v.b = append(v.b, "q /a"...)
		v.b = strconv.AppendInt(v.b, int64(v.alphaIndex(c.A)), 10)
		v.b = append(v.b, " gs\n"...)
	}
	v.colour(c)
	body()
	v.b = append(v.b, "f\n"...)
	if c.A != 255 {
		v.b = append(v.b, "Q\n"...)
	}
}

// alphaIndex names an alpha: /a<i> in the page's ExtGState resources.
func (v *vectorPage) alphaIndex(a uint8) int {
	for i, seen := range v.alphas {
		if seen == a {
			return i
		}
	}
	v.alphas = append(v.alphas, a)
	return len(v.alphas) - 1
}

// colour sets the fill colour: rg in DeviceRGB, or k in DeviceCMYK
// (§8.6.8, Table 74).
func (v *vectorPage) colour(c color.NRGBA) {
	if v.cmyk {
		for _, n := range cmykOf(c) {
			v.b = appendReal(v.b, n, 4)
			v.b = append(v.b, ' ')
		}
		v.b = append(v.b, "k\n"...)
		return
	}
	for _, n := range []uint8{c.R, c.G, c.B} {
		v.b = appendReal(v.b, float64(n)/255, 4)
		v.b = append(v.b, ' ')
	}
	v.b = append(v.b, "rg\n"...)
}

// path writes ops as m, l, c and h (§8.5.2.1, Table 59), a thousandth of
// a module at most, as SVG does.
func (v *vectorPage) path(ops []pathOp) {
	for _, op := range ops {
		n := 0
		switch op.kind {
		case 'M', 'L':
			n = 1
		case 'C':
			n = 3
		}
		for _, pt := range op.pts[:n] {
			v.b = appendMilli(v.b, milli(pt[0]))
			v.b = append(v.b, ' ')
			v.b = appendMilli(v.b, milli(pt[1]))
			v.b = append(v.b, ' ')
		}
		switch op.kind {
		case 'M':
			v.b = append(v.b, "m\n"...)
		case 'L':
			v.b = append(v.b, "l\n"...)
		case 'C':
			v.b = append(v.b, "c\n"...)
		case 'Z':
			v.b = append(v.b, "h\n"...)
		}
	}
}

// cmykOf converts an sRGB colour to process inks without a colour
// profile, as PDF 32000-1 §10.3.4 converts DeviceRGB to DeviceCMYK, with
// full black generation and undercolour removal: K = 1 - max(R, G, B),
// and C = 1 - R - K, M = 1 - G - K, Y = 1 - B - K. Black is pure K
// (0 0 0 1), white no ink, every grey K alone, which keeps a code's edges
// on one plate; §10.3.5 turns the inks back into the same sRGB. A brand
// colour's exact inks need the printer's profile (docs/print.md).
func cmykOf(c color.NRGBA) [4]float64 {
	r, g, b := float64(c.R)/255, float64(c.G)/255, float64(c.B)/255
	k := 1 - max(r, g, b)
	return [4]float64{1 - r - k, 1 - g - k, 1 - b - k, k}
}

// appendReal writes v with at most decimals decimals and no exponent, as
// PDF and PostScript reals are written (§7.3.3, PLRM §3.2.2).
func appendReal(b []byte, v float64, decimals int) []byte {
	p := math.Pow10(decimals)
	v = math.Round(v*p) / p
	if v == 0 {
		v = 0 // no "-0"
	}
	return strconv.AppendFloat(b, v, 'f', -1, 64)
}

// shade paints a gradient inside the path ops: the path clips (W n, the
// non-zero rule, §8.5.4) and a shading fills the clip (sh, §8.7.4.2), an
// axial one (type 2) for a linear gradient and a radial one (type 3)
// between a point and a circle for a radial gradient, extended past both
// ends as CSS extends the first and last colours. PostScript Level 3 has
// the same shadings (PLRM §4.9.3, shfill). Stops' alpha is composited over
// what lies under the code: a shading has no alpha of its own.
func (v *vectorPage) shade(ops []pathOp, g *Gradient, gl gradientLine, under color.NRGBA) {
	d := []byte("<< /ShadingType ")
	num := func(n float64) {
		d = appendReal(d, n, 4)
		d = append(d, ' ')
	}
	if gl.radial {
		d = append(d, "3 /Coords ["...)
		for _, n := range []float64{gl.cx, gl.cy, 0, gl.cx, gl.cy, gl.r} {
			num(n)
		}
	} else {
		d = append(d, "2 /Coords ["...)
		x1, y1, x2, y2 := gl.endpoints()
		for _, n := range []float64{x1, y1, x2, y2} {
			num(n)
		}
	}
	space := "/DeviceRGB"
	if v.cmyk {
		space = "/DeviceCMYK"
	}
	d = append(d, "] /ColorSpace "+space+" /Extend [true true] /Function "...)
	d = v.stitch(d, g, under)
	d = append(d, " >>"...)

	v.b = append(v.b, "q\n"...)
	v.path(ops)
	v.b = append(v.b, "W n\n"...)
	if v.flatten {
		v.b = append(v.b, d...)
		v.b = append(v.b, " shfill\n"...)
	} else {
		v.b = append(v.b, "/Sh"...)
		v.b = strconv.AppendInt(v.b, int64(len(v.shadings)), 10)
		v.b = append(v.b, " sh\n"...)
		v.shadings = append(v.shadings, d)
	}
	v.b = append(v.b, "Q\n"...)
}

// stitch writes the gradient's colours as a stitching function (type 3,
// §7.10.4) of linear interpolations (type 2 with N 1, §7.10.3), one for
// each span between stops and a constant one before the first stop and
// after the last, over the domain 0 to 1 of the shading's parameter.
func (v *vectorPage) stitch(d []byte, g *Gradient, under color.NRGBA) []byte {
	type piece struct {
		from, to float64
		c0, c1   color.NRGBA
	}
	var pieces []piece
	stops := g.Stops
	if first := stops[0]; first.Offset > 0 {
		pieces = append(pieces, piece{0, first.Offset, first.Color, first.Color})
	}
	for i := 1; i < len(stops); i++ {
		if a, b := stops[i-1], stops[i]; b.Offset > a.Offset {
			pieces = append(pieces, piece{a.Offset, b.Offset, a.Color, b.Color})
		}
	}
	if last := stops[len(stops)-1]; last.Offset < 1 {
		pieces = append(pieces, piece{last.Offset, 1, last.Color, last.Color})
	}
	if len(pieces) == 0 { // every stop at one place
		c := stops[len(stops)-1].Color
		pieces = append(pieces, piece{0, 1, c, c})
	}
	components := func(c color.NRGBA) []float64 {
		c = over(c, under)
		if v.cmyk {
			k := cmykOf(c)
			return k[:]
		}
		return []float64{float64(c.R) / 255, float64(c.G) / 255, float64(c.B) / 255}
	}
	array := func(ns []float64) {
		d = append(d, '[')
		for i, n := range ns {
			if i > 0 {
				d = append(d, ' ')
			}
			d = appendReal(d, n, 4)
		}
		d = append(d, ']')
	}
	d = append(d, "<< /FunctionType 3 /Domain [0 1] /Functions ["...)
	for _, p := range pieces {
		d = append(d, "<< /FunctionType 2 /Domain [0 1] /N 1 /C0 "...)
		array(components(p.c0))
		d = append(d, " /C1 "...)
		array(components(p.c1))
		d = append(d, " >> "...)
	}
	d = append(d, "] /Bounds "...)
	var bounds, encode []float64
	for i, p := range pieces {
		if i > 0 {
			bounds = append(bounds, p.from)
		}
		encode = append(encode, 0, 1)
	}
	array(bounds)
	d = append(d, " /Encode "...)
	array(encode)
	return append(d, " >>"...)
}

// flattenPicture is the picture composited over the opaque colour under:
// PDF and PostScript images are drawn opaque.
func flattenPicture(m *image.NRGBA, under color.NRGBA) *image.NRGBA {
	out := image.NewNRGBA(m.Rect)
	for i := 0; i < len(m.Pix); i += 4 {
		c := over(color.NRGBA{m.Pix[i], m.Pix[i+1], m.Pix[i+2], m.Pix[i+3]}, under)
		out.Pix[i], out.Pix[i+1], out.Pix[i+2], out.Pix[i+3] = c.R, c.G, c.B, 255
	}
	return out
}

// picture draws m into the box x, y, w, h (canvas modules, y down). A PDF
// image fills the unit square with its first row at the top, y = 1
// (§8.9.4), so the matrix flips it into the page's y-down module space; a
// PostScript image is read through its ImageMatrix, [w 0 0 h 0 0], which
// puts the first row at y = 0, the top here (PLRM §4.10.5). Pixels are
// 8-bit RGB, or CMYK with cmyk (the same conversion as fills).
func (v *vectorPage) picture(p *vectorPicture, box [4]float64) {
	x, y, w, h := box[0], box[1], box[2], box[3]
	v.b = append(v.b, "q\n"...)
	matrix := []float64{w, 0, 0, -h, x, y + h}
	if v.flatten {
		matrix = []float64{w, 0, 0, h, x, y}
	}
	for _, n := range matrix {
		v.b = appendReal(v.b, n, 4)
		v.b = append(v.b, ' ')
	}
	v.b = append(v.b, "cm\n"...)
	if !v.flatten {
		v.b = append(v.b, "/Im"...)
		v.b = strconv.AppendInt(v.b, int64(len(v.pictures)), 10)
		v.b = append(v.b, " Do\nQ\n"...)
		v.pictures = append(v.pictures, p)
		return
	}
	m := p.flat()
	pw, ph := m.Rect.Dx(), m.Rect.Dy()
	space, n := "/DeviceRGB", 3
	if v.cmyk {
		space, n = "/DeviceCMYK", 4
	}
	v.b = fmt.Appendf(v.b, "%s setcolorspace\n<< /ImageType 1 /Width %d /Height %d /BitsPerComponent 8 /Decode [%s] /ImageMatrix [%d 0 0 %d 0 0] /DataSource currentfile /ASCII85Decode filter >> image\n",
		space, pw, ph, strings.TrimSpace(strings.Repeat("0 1 ", n)), pw, ph)
	enc := ascii85.NewEncoder(lineWriter{&v.b})
	enc.Write(v.samples(m))
	enc.Close()
	v.b = append(v.b, "~>\nQ\n"...)
}

// samples are the picture's pixels as image samples: RGB, or CMYK with
// cmyk, a byte a component, rows top to bottom.
func (v *vectorPage) samples(m *image.NRGBA) []byte {
	n := 3
	if v.cmyk {
		n = 4
	}
	out := make([]byte, 0, m.Rect.Dx()*m.Rect.Dy()*n)
	for i := 0; i < len(m.Pix); i += 4 {
		c := color.NRGBA{m.Pix[i], m.Pix[i+1], m.Pix[i+2], 255}
		if v.cmyk {
			for _, k := range cmykOf(c) {
				out = append(out, uint8(math.Round(k*255)))
			}
			continue
		}
		out = append(out, c.R, c.G, c.B)
	}
	return out
}

// lineWriter appends to b, breaking lines every 64 characters: DSC
// comments and some PostScript consumers want lines under 255 (EPSF 3.0).
type lineWriter struct{ b *[]byte }

func (w lineWriter) Write(p []byte) (int, error) {
	for _, c := range p {
		*w.b = append(*w.b, c)
		if n := len(*w.b); n >= 64 && !bytes.Contains((*w.b)[n-64:], []byte{'\n'}) {
			*w.b = append(*w.b, '\n')
		}
	}
	return len(p), nil
}
