package render

import "math"

// Eye shapes. A finder pattern is a dark 7×7 ring, a light 5×5 ring and a
// dark 3×3 square (ISO/IEC 18004 §6.3.3); an alignment pattern is the same
// at 5×5 (§6.3.6). An eye is drawn as a frame, the dark ring, and a ball,
// the dark centre, each chosen on its own (eyeshapes.go has the shapes an
// eye style does not name). Every frame keeps the ring one module thick
// and every ball the centre three modules wide along the row and column
// through the centre, where decoders measure the 1:1:3:1:1 ratio, and both
// keep the eye's full extent there so the module size estimated from it
// stays right.

// frameShape draws the ring of a finder-like pattern of side modules (7
// for the finder eyes, 5 for alignment patterns): its outer edge and its
// hole. corner says which corner points away from the symbol's centre (0
// top-left, 1 top-right, 3 bottom-left), for asymmetric shapes like the
// leaf.
type frameShape func(p *path, x, y float64, side, corner int)

// ballShape draws the centre of a finder-like pattern of side modules: a
// side-4 square's place, inside the one-module gap.
type ballShape func(p *path, x, y float64, side, corner int)

var eyeFrames = map[EyeFrame]frameShape{}
var eyeBalls = map[EyeBall]ballShape{}

func registerEyeFrame(f EyeFrame, s frameShape) { eyeFrames[f] = s }
func registerEyeBall(b EyeBall, s ballShape)    { eyeBalls[b] = s }

// eyeShape draws the eyes with the options' frame and ball.
func (o *Options) eyeShape() eyeShape {
	f, b := o.EyeParts()
	frame, ball := eyeFrames[f], eyeBalls[b]
	return func(fp, cp *path, x, y float64, side, corner int) {
		frame(fp, x, y, side, corner)
		ball(cp, x, y, side, corner)
	}
}

// Each eye style is the frame and the ball of its name.
func init() {
	registerEyeFrame(EyeFrameSquare, func(p *path, x, y float64, side, _ int) {
		ring(p, x, y, float64(side), [4]float64{}, [4]float64{})
	})
	registerEyeBall(EyeBallSquare, func(p *path, x, y float64, side, _ int) {
		pupil(p, x, y, float64(side), [4]float64{})
	})
	registerEyeFrame(EyeFrameRounded, roundedFrame)
	registerEyeBall(EyeBallRounded, roundedBall)
	registerEyeFrame(EyeFrameSquircle, squircleFrame)
	registerEyeBall(EyeBallSquircle, squircleBall)
	registerEyeFrame(EyeFrameLeaf, leafFrame)
	registerEyeBall(EyeBallLeaf, leafBall)
	registerEyeFrame(EyeFrameOctagon, octagonFrame)
	registerEyeBall(EyeBallOctagon, octagonBall)
}

// ring draws a ring's outer edge and its hole as two rectangles with the
// given corner radii (top-left, top-right, bottom-right, bottom-left).
func ring(p *path, x, y, s float64, outer, hole [4]float64) {
	p.roundRect(x, y, s, s, outer, false)
	p.roundRect(x+1, y+1, s-2, s-2, hole, true)
}

// pupil draws the centre as a rectangle with the given corner radii.
func pupil(p *path, x, y, s float64, r [4]float64) {
	p.roundRect(x+2, y+2, s-4, s-4, r, false)
}

func all(r float64) [4]float64 { return [4]float64{r, r, r, r} }

// roundedFrame rounds the ring with concentric arcs, so the ring keeps its
// width around the corners.
func roundedFrame(p *path, x, y float64, side, _ int) {
	s := float64(side)
	r := s * 2 / 7
	ring(p, x, y, s, all(r), all(r-1))
}

// roundedBall rounds a finder's pupil by 3/7 of the ring's two modules, as
// a pupil similar to the ring's outline is: its diagonals then cross
// 1:1.35:3.5 with the ring (a one-module radius crossed 1:1.41:3.4), and
// jsQR, which ranks finder candidates on the diagonals too, no longer puts
// a caption's letters before the eyes of a version 1 code. The hole keeps
// its one-module radius: rounded by 5/7 too, it lost zbar under logos at
// four pixels a module (docs/decoders.md). An alignment pattern's pupil
// keeps a third of a module, whose corners stay dark at the module
// centres zbar checks (ISO/IEC 18004 §6.3.6).
func roundedBall(p *path, x, y float64, side, _ int) {
	s := float64(side)
	r := (s - 4) / 3
	if side >= 7 {
		r = s * 2 / 7 * 3 / 7
	}
	pupil(p, x, y, s, all(r))
}

// squircleFrame draws two concentric squircles (superellipses of degree 4)
// scaled 7:5 about the centre, and squircleBall the third at 3, which keeps
// 1:1:3:1:1 on every line through it. Circles fail zbar on most version 1
// symbols: it fits lines to the outer edges crossed by the pupil's rows,
// and a circle's edge there is bent by a third of a module; a squircle's
// by 0.03 (docs/decoders.md). Alignment patterns get the rounded ring,
// whose corners stay dark at the module centres zbar checks (ISO/IEC
// 18004 §6.3.6).
func squircleFrame(p *path, x, y float64, side, corner int) {
	if side < 7 {
		roundedFrame(p, x, y, side, corner)
		return
	}
	s := float64(side)
	cx, cy := x+s/2, y+s/2
	squircle(p, cx, cy, s/2, false)
	squircle(p, cx, cy, s/2-1, true)
}

func squircleBall(p *path, x, y float64, side, corner int) {
	if side < 7 {
		roundedBall(p, x, y, side, corner)
		return
	}
	s := float64(side)
	squircle(p, x+s/2, y+s/2, s/2-2, false)
}

// squircle adds |x|⁴+|y|⁴ = r⁴.
func squircle(p *path, cx, cy, r float64, reverse bool) {
	polarCurve(p, func(t float64) (x, y float64) {
		c, s := math.Cos(t), math.Sin(t)
		rho := r / math.Sqrt(math.Sqrt(c*c*c*c+s*s*s*s))
		return cx + rho*c, cy + rho*s
	}, reverse)
}

// polarCurve adds the closed curve at(t), t from 0 to 2π, as 16 cubic
// Bézier arcs, each matching the curve's points and tangents at its ends
// (Hermite form); a polar form is smooth at the axes, where the usual
// parametrisation of a superellipse is not.
func polarCurve(p *path, at func(t float64) (x, y float64), reverse bool) {
	const arcs = 16
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

// leafFrame leaves the corner that points away from the symbol and its
// opposite sharp, and rounds the other two: the three eyes become leaves
// that point at the symbol's centre, mirrored about its diagonal. The
// radius is the rounded eye's, two modules on a finder: the curve then
// starts beyond the pupil's rows, so the outer edges zbar fits lines to
// stay straight (a three-module radius failed zbar on version 1 symbols
// at small sizes; docs/decoders.md).
func leafFrame(p *path, x, y float64, side, corner int) {
	s := float64(side)
	r := s * 2 / 7
	ring(p, x, y, s, leafCorners(r, corner), leafCorners(r-1, corner))
}

func leafBall(p *path, x, y float64, side, corner int) {
	s := float64(side)
	pupil(p, x, y, s, leafCorners((s-4)*2/7, corner))
}

// leafCorners rounds the two corners beside the one that points away from
// the symbol's centre.
func leafCorners(r float64, corner int) (rs [4]float64) {
	rs[(corner+1)%4] = r
	rs[(corner+3)%4] = r
	return rs
}

// octagonFrame draws two concentric regular octagons scaled 7:5 about the
// eye's centre, and octagonBall the third at 3. Similar shapes keep the
// 1:1:3:1:1 ratio along every line through the centre, the diagonals
// included, where ZXing-based readers check it too (zxing-cpp's concentric
// finder). The flat sides keep the outer edges straight across the pupil's
// rows, the edge points zbar fits lines to when a version 1 symbol has no
// alignment pattern; a true diamond has none and fails there
// (docs/decoders.md has the sweep). Alignment patterns stay square: zbar
// matches all 25 of their module centres (ISO/IEC 18004 §6.3.6), and an
// octagon leaves the corners light.
func octagonFrame(p *path, x, y float64, side, _ int) {
	s := float64(side)
	if side != 7 {
		ring(p, x, y, s, [4]float64{}, [4]float64{})
		return
	}
	cx, cy := x+s/2, y+s/2
	octagon(p, cx, cy, s/2, false)
	octagon(p, cx, cy, s/2-1, true)
}

func octagonBall(p *path, x, y float64, side, _ int) {
	s := float64(side)
	if side != 7 {
		pupil(p, x, y, s, [4]float64{})
		return
	}
	octagon(p, x+s/2, y+s/2, s/2-2, false)
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
