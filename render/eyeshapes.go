package render

import "math"

// Eye frames and balls that no eye style names; eyes.go has the rules
// they follow.

func init() {
	registerEyeFrame(EyeFrameCut, cutFrame)
	registerEyeBall(EyeBallCut, cutBall)
	registerEyeFrame(EyeFramePointed, pointedFrame)
	registerEyeBall(EyeBallPointed, pointedBall)
	registerEyeFrame(EyeFrameExtraRounded, extraRoundedFrame)
	registerEyeFrame(EyeFramePetal, petalFrame)
	registerEyeBall(EyeBallPetal, petalBall)
	registerEyeBall(EyeBallDot, dotBall)
}

const (
	cutFrameChamfer = 1.0 / 7 // of the ring's side
	cutBallChamfer  = 0.2     // of the ball's side
)

var extraRoundedRatio = 2.25 / 7 // corner radius of the ring's side

// chamfered adds an s×s square at (x, y) with its corners cut at 45°, c
// along each edge.
func chamfered(p *path, x, y, s, c float64, reverse bool) {
	p.polygon([][2]float64{
		{x + c, y}, {x + s - c, y}, {x + s, y + c}, {x + s, y + s - c},
		{x + s - c, y + s}, {x + c, y + s}, {x, y + s - c}, {x, y + c},
	}, reverse)
}

// cutFrame cuts the ring's corners: outer edge and hole are similar
// shapes about the centre, so the diagonals keep 1:1 between ring and gap.
func cutFrame(p *path, x, y float64, side, _ int) {
	s := float64(side)
	chamfered(p, x, y, s, s*cutFrameChamfer, false)
	chamfered(p, x+1, y+1, s-2, (s-2)*cutFrameChamfer, true)
}

func cutBall(p *path, x, y float64, side, _ int) {
	s := float64(side) - 4
	chamfered(p, x+2, y+2, s, s*cutBallChamfer, false)
}

// pointedFrame is the rounded ring with the corner that points away from
// the symbol's centre left sharp.
func pointedFrame(p *path, x, y float64, side, corner int) {
	s := float64(side)
	r := s * 2 / 7
	outer, hole := all(r), all(r-1)
	outer[corner], hole[corner] = 0, 0
	ring(p, x, y, s, outer, hole)
}

func pointedBall(p *path, x, y float64, side, corner int) {
	s := float64(side)
	r := all((s - 4) / 3)
	r[corner] = 0
	pupil(p, x, y, s, r)
}

// extraRoundedFrame rounds the ring's outside more than the rounded one,
// and its hole by 5/7 of that, similar, so that the diagonals keep the
// ring and the gap equal round any ball similar to it (the rounded and
// squircle ones): a hole rounded by one module made the ring 0.9 module
// across there and the gap 1.34 round the squircle ball, and jsQR missed
// version 1 codes with a caption (docs/decoders.md).
func extraRoundedFrame(p *path, x, y float64, side, corner int) {
	if side < 7 {
		roundedFrame(p, x, y, side, corner)
		return
	}
	s := float64(side)
	r := s * extraRoundedRatio
	ring(p, x, y, s, all(r), all(r*5/7))
}

// petalFrame rounds the corner that points away from the symbol and its
// opposite, leaving the other two sharp: the leaf turned a quarter.
func petalFrame(p *path, x, y float64, side, corner int) {
	s := float64(side)
	r := s * 2 / 7
	ring(p, x, y, s, petalCorners(r, corner), petalCorners(r-1, corner))
}

func petalBall(p *path, x, y float64, side, corner int) {
	s := float64(side)
	pupil(p, x, y, s, petalCorners((s-4)*2/7, corner))
}

func petalCorners(r float64, corner int) (rs [4]float64) {
	rs[corner] = r
	rs[(corner+2)%4] = r
	return rs
}

// dotBall is a round centre three modules wide: a superellipse of
// degree dotDegree on finders, a circle on alignment patterns.
func dotBall(p *path, x, y float64, side, _ int) {
	s := float64(side)
	if side < 7 {
		p.circle(x+s/2, y+s/2, (s-4)/2, false)
		return
	}
	superellipse(p, x+s/2, y+s/2, (s-4)/2, dotDegree, false)
}

var dotDegree = 3.0

// superellipse adds |x|ⁿ+|y|ⁿ = rⁿ.
func superellipse(p *path, cx, cy, r, n float64, reverse bool) {
	polarCurve(p, func(t float64) (x, y float64) {
		c, s := math.Cos(t), math.Sin(t)
		rho := r / math.Pow(math.Pow(math.Abs(c), n)+math.Pow(math.Abs(s), n), 1/n)
		return cx + rho*c, cy + rho*s
	}, reverse)
}
