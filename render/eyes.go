package render

import "math"

// Eye shapes. A finder pattern is a dark 7×7 ring, a light 5×5 ring and a
// dark 3×3 square (ISO/IEC 18004 §6.3.3); an alignment pattern is the same
// at 5×5 (§6.3.6). Every style keeps the ring one module thick and the gap
// one module wide along the row and column through the centre, where
// decoders measure the 1:1:3:1:1 ratio, and keeps the eye's full extent
// there so the module size estimated from it stays right.

func init() {
	registerEye(EyeSquare, func(frame, centre *path, x, y float64, side, _ int) {
		ringEye(frame, centre, x, y, float64(side), [4]float64{}, [4]float64{}, [4]float64{})
	})
	registerEye(EyeRounded, roundedEye)
	registerEye(EyeSquircle, squircleEye)
	registerEye(EyeLeaf, leafEye)
	registerEye(EyeOctagon, octagonEye)
}

// ringEye draws the ring's outer edge and its hole into frame and the
// pupil into centre, as three rectangles with the given corner radii
// (top-left, top-right, bottom-right, bottom-left).
func ringEye(frame, centre *path, x, y, s float64, ring, hole, pupil [4]float64) {
	frame.roundRect(x, y, s, s, ring, false)
	frame.roundRect(x+1, y+1, s-2, s-2, hole, true)
	centre.roundRect(x+2, y+2, s-4, s-4, pupil, false)
}

func all(r float64) [4]float64 { return [4]float64{r, r, r, r} }

// roundedEye rounds the ring with concentric arcs, so the ring keeps its
// width around the corners, and the pupil a little less.
func roundedEye(frame, centre *path, x, y float64, side, _ int) {
	s := float64(side)
	r := s * 2 / 7
	ringEye(frame, centre, x, y, s, all(r), all(r-1), all((s-4)/3))
}

// squircleEye draws three concentric squircles (superellipses of degree
// 4) scaled 7:5:3 about the centre, which keeps 1:1:3:1:1 on every line
// through it. Circles fail zbar on most version 1 symbols: it fits lines
// to the outer edges crossed by the pupil's rows, and a circle's edge there
// is bent by a third of a module; a squircle's by 0.03 (docs/decoders.md).
// Alignment patterns get the rounded ring, whose corners stay dark at the
// module centres zbar checks (ISO/IEC 18004 §6.3.6).
func squircleEye(frame, centre *path, x, y float64, side, corner int) {
	if side < 7 {
		roundedEye(frame, centre, x, y, side, corner)
		return
	}
	s := float64(side)
	cx, cy := x+s/2, y+s/2
	squircle(frame, cx, cy, s/2, false)
	squircle(frame, cx, cy, s/2-1, true)
	squircle(centre, cx, cy, s/2-2, false)
}

// squircle adds |x|⁴+|y|⁴ = r⁴ as 16 cubic Bézier arcs, each matching the
// curve's points and tangents at its ends (Hermite form); the polar form is
// smooth at the axes, where the usual parametrisation is not.
func squircle(p *path, cx, cy, r float64, reverse bool) {
	const arcs = 16
	at := func(t float64) (x, y float64) {
		c, s := math.Cos(t), math.Sin(t)
		rho := r / math.Sqrt(math.Sqrt(c*c*c*c+s*s*s*s))
		return cx + rho*c, cy + rho*s
	}
	tangent := func(t float64) (dx, dy float64) {
		const h = 1e-5
		x1, y1 := at(t + h)
		x0, y0 := at(t - h)
		return (x1 - x0) / (2 * h), (y1 - y0) / (2 * h)
	}
	step := 2 * math.Pi / arcs
	if reverse {
		step = -step
	}
	p.moveTo(at(0))
	for i := range arcs {
		t0, t1 := float64(i)*step, float64(i+1)*step
		x0, y0 := at(t0)
		x1, y1 := at(t1)
		d0x, d0y := tangent(t0)
		d1x, d1y := tangent(t1)
		p.cubeTo(x0+d0x*step/3, y0+d0y*step/3, x1-d1x*step/3, y1-d1y*step/3, x1, y1)
	}
	p.close()
}

// leafEye leaves the corner that points away from the symbol and its
// opposite sharp, and rounds the other two: the three eyes become leaves
// that point at the symbol's centre, mirrored about its diagonal. The
// radius is the rounded eye's, two modules on a finder: the curve then
// starts beyond the pupil's rows, so the outer edges zbar fits lines to
// stay straight (a three-module radius failed zbar on version 1 symbols
// at small sizes; docs/decoders.md).
func leafEye(frame, centre *path, x, y float64, side, corner int) {
	s := float64(side)
	leaf := func(r float64) (rs [4]float64) {
		rs[(corner+1)%4] = r
		rs[(corner+3)%4] = r
		return rs
	}
	r := s * 2 / 7
	ringEye(frame, centre, x, y, s, leaf(r), leaf(r-1), leaf((s-4)*2/7))
}

// octagonEye draws three concentric regular octagons scaled 7:5:3 about
// the eye's centre. Similar shapes keep the 1:1:3:1:1 ratio along every
// line through the centre, the diagonals included, where ZXing-based
// readers check it too (zxing-cpp's concentric finder). The flat sides
// keep the outer edges straight across the pupil's rows, the edge points
// zbar fits lines to when a version 1 symbol has no alignment pattern; a
// true diamond has none and fails there (docs/decoders.md has the sweep).
// Alignment patterns stay square: zbar matches all 25 of their module
// centres (ISO/IEC 18004 §6.3.6), and an octagon leaves the corners light.
func octagonEye(frame, centre *path, x, y float64, side, _ int) {
	s := float64(side)
	if side != 7 {
		ringEye(frame, centre, x, y, s, [4]float64{}, [4]float64{}, [4]float64{})
		return
	}
	cx, cy := x+s/2, y+s/2
	octagon(frame, cx, cy, s/2, false)
	octagon(frame, cx, cy, s/2-1, true)
	octagon(centre, cx, cy, s/2-2, false)
}

// octagon adds a regular octagon with its flat sides on the axes and apothem
// h: each side is 2·h·tan(22.5°) long.
func octagon(p *path, cx, cy, h float64, reverse bool) {
	t := h * (math.Sqrt2 - 1)
	p.polygon([][2]float64{
		{cx - t, cy - h}, {cx + t, cy - h}, {cx + h, cy - t}, {cx + h, cy + t},
		{cx + t, cy + h}, {cx - t, cy + h}, {cx - h, cy + t}, {cx - h, cy - t},
	}, reverse)
}
