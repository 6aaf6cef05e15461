package render

import (
	"image/color"
	"math"
	"strconv"
)

// vectorFill is one filled path of a vector page, in canvas module units,
// filled with the non-zero rule in one colour.
type vectorFill struct {
	ops   []pathOp
	color color.NRGBA
}

// vectorFills lists what PDF and EPS paint over the background, in order:
// the dark path in the foreground colour, the emblem's layers, then the
// caption's outlines, in the background colour on a frame's banner as SVG
// paints it. A drawing that holds more layers lists them here.
func vectorFills(d *drawing, o *Options) []vectorFill {
	fills := []vectorFill{{d.dark.ops, o.Foreground}}
	if ov := &o.Overlay; ov.active() {
		for _, layer := range ov.Layers {
			fills = append(fills, vectorFill{ov.layerPath(layer, d.l).ops, layer.Color})
		}
	}
	if c := d.text; c != nil {
		fill := o.Foreground
		if c.inverse {
			fill = o.Background
			fill.A = 255
		}
		fills = append(fills, vectorFill{captionOutline(c).ops, fill})
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
}

// paint writes the page of side points: the background, unless it is
// transparent, and every fill of vectorFills, in module units under a
// matrix that centres the canvas on the page as SVG's viewBox does and
// turns its y axis up (§8.3.2.3: user space has y up, a unit of 1/72
// inch).
func (v *vectorPage) paint(d *drawing, o *Options, side float64) {
	l := d.l
	modules := float64(max(l.width, l.height))
	k := side / modules
	vx := -float64(int(modules)-l.width) / 2
	vy := -float64(int(modules)-l.height) / 2
	v.b = append(v.b, "q\n"...)
	for _, n := range []float64{k, 0, 0, -k, -k * vx, side + k*vy} {
		v.b = appendReal(v.b, n, 6)
		v.b = append(v.b, ' ')
	}
	v.b = append(v.b, "cm\n"...)

	under := white // the paper, where the background lets it show
	if o.Background.A != 0 {
		bg := o.Background
		if v.flatten {
			bg = over(bg, white)
		}
		under = over(bg, white)
		v.fill(bg, func() {
			for _, n := range []float64{vx, vy, modules, modules} {
				v.b = appendMilli(v.b, milli(n))
				v.b = append(v.b, ' ')
			}
			v.b = append(v.b, "re\n"...)
		})
	}
	for _, f := range vectorFills(d, o) {
		if len(f.ops) == 0 {
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
