package render

// Eye shapes. A finder pattern is a dark 7×7 ring, a light 5×5 ring and a
// dark 3×3 square (ISO/IEC 18004 §6.3.3); an alignment pattern is the same
// at 5×5 (§6.3.6). Every style keeps the ring one module thick and the gap
// one module wide along the row and column through the centre, where
// decoders measure the 1:1:3:1:1 ratio, and keeps the eye's full extent
// there so the module size estimated from it stays right.

func init() {
	registerEye(EyeSquare, func(p *path, x, y float64, side, _ int) {
		ringEye(p, x, y, float64(side), [4]float64{}, [4]float64{}, [4]float64{})
	})
	registerEye(EyeRounded, roundedEye)
	registerEye(EyeCircle, circleEye)
	registerEye(EyeLeaf, leafEye)
	registerEye(EyeDiamond, diamondEye)
}

// ringEye draws the ring's outer edge, its hole and the pupil as three
// rectangles with the given corner radii (top-left, top-right,
// bottom-right, bottom-left).
func ringEye(p *path, x, y, s float64, ring, hole, pupil [4]float64) {
	p.roundRect(x, y, s, s, ring, false)
	p.roundRect(x+1, y+1, s-2, s-2, hole, true)
	p.roundRect(x+2, y+2, s-4, s-4, pupil, false)
}

func all(r float64) [4]float64 { return [4]float64{r, r, r, r} }

// roundedEye rounds the ring with concentric arcs, so the ring keeps its
// width around the corners, and the pupil a little less.
func roundedEye(p *path, x, y float64, side, _ int) {
	s := float64(side)
	r := s * 2 / 7
	ringEye(p, x, y, s, all(r), all(r-1), all((s-4)/3))
}

// circleEye draws concentric circles. On a 5×5 alignment pattern a circle
// would leave the ring's four corner modules light at their centres, which
// zbar counts against the pattern (it matches all 25 centres of §6.3.6 and
// tolerates few misses, fewer still once edges are anti-aliased at small
// sizes), so alignment patterns get the rounded ring, whose corners stay
// dark at the module centres.
func circleEye(p *path, x, y float64, side, corner int) {
	if side < 7 {
		roundedEye(p, x, y, side, corner)
		return
	}
	s := float64(side)
	ringEye(p, x, y, s, all(s/2), all(s/2-1), all((s-4)/2))
}

// leafEye leaves the corner that points away from the symbol and its
// opposite sharp, and rounds the other two strongly: the three eyes become
// leaves that point at the symbol's centre, mirrored about its diagonal.
func leafEye(p *path, x, y float64, side, corner int) {
	s := float64(side)
	leaf := func(r float64) (rs [4]float64) {
		rs[(corner+1)%4] = r
		rs[(corner+3)%4] = r
		return rs
	}
	r := s * 3 / 7
	ringEye(p, x, y, s, leaf(r), leaf(r-1), leaf((s-4)*3/7))
}

// diamondEye keeps the square ring and turns the pupil into a diamond.
// A ring turned 45° cannot keep the ring's corner modules dark and the
// gap's light at their centres, which decoders such as zbar check: its
// alignment search matches all 25 module centres of §6.3.6 and its
// homography fits lines to the finders' straight outer edges.
func diamondEye(p *path, x, y float64, side, _ int) {
	s := float64(side)
	p.rect(x, y, s, s, false)
	p.rect(x+1, y+1, s-2, s-2, true)
	if side != 7 {
		// An alignment pattern's one-module pupil stays square: a diamond
		// inscribed in it is too small for ZXing's 1:1:1 search at 4 px per
		// module, and one any larger makes the pattern's 1:1:1:1:1 rows
		// pass for a finder's 1:1:3:1:1.
		p.rect(x+2, y+2, s-4, s-4, false)
		return
	}
	cx, cy, r := x+s/2, y+s/2, (s-4)/2+diamondPupilGrowth
	p.moveTo(cx, cy-r)
	p.lineTo(cx+r, cy)
	p.lineTo(cx, cy+r)
	p.lineTo(cx-r, cy)
	p.close()
}

// diamondPupilGrowth pushes a finder pupil's vertices past its 3×3 box.
// ZXing also checks the 1:1:3:1:1 ratio along the diagonal, where an
// inscribed diamond leaves a light run of 1.75 modules instead of 1; growing
// the pupil by g shortens that run to 1.75-g/2 and the light runs on the
// centre row to 1-g, and 0.3 keeps both inside ZXing's tolerances (±0.75
// diagonally, ±0.5 on rows) with room to spare.
const diamondPupilGrowth = 0.3
