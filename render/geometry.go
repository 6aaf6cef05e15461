package render

import (
	"math"
	"strconv"
)

// path is a vector outline in module units. Outer contours run clockwise
// and holes anticlockwise, so the non-zero fill rule used by both the SVG
// output and the PNG rasterizer cuts holes while overlapping shapes merge.
type path struct {
	ops []pathOp
}

type pathOp struct {
	kind byte // 'M', 'L', 'C', 'Z'
	pts  [3][2]float64
}

func (p *path) moveTo(x, y float64) {
	p.ops = append(p.ops, pathOp{kind: 'M', pts: [3][2]float64{{x, y}}})
}
func (p *path) lineTo(x, y float64) {
	p.ops = append(p.ops, pathOp{kind: 'L', pts: [3][2]float64{{x, y}}})
}
func (p *path) close() { p.ops = append(p.ops, pathOp{kind: 'Z'}) }
func (p *path) cubeTo(x1, y1, x2, y2, x, y float64) {
	p.ops = append(p.ops, pathOp{kind: 'C', pts: [3][2]float64{{x1, y1}, {x2, y2}, {x, y}}})
}

// kappa places cubic Bézier control points so that a quarter arc deviates
// from a true circle by under 0.03 %.
const kappa = 0.5522847498

// polygon adds a closed polygon through pts; reverse flips its direction.
func (p *path) polygon(pts [][2]float64, reverse bool) {
	if reverse {
		for i, j := 0, len(pts)-1; i < j; i, j = i+1, j-1 {
			pts[i], pts[j] = pts[j], pts[i]
		}
	}
	p.moveTo(pts[0][0], pts[0][1])
	for _, pt := range pts[1:] {
		p.lineTo(pt[0], pt[1])
	}
	p.close()
}

// rect adds an axis-aligned rectangle, clockwise unless reverse.
func (p *path) rect(x, y, w, h float64, reverse bool) {
	p.polygon([][2]float64{{x, y}, {x + w, y}, {x + w, y + h}, {x, y + h}}, reverse)
}

// roundRect adds a rectangle whose corners have radii r = {top-left,
// top-right, bottom-right, bottom-left}; a zero radius is a sharp corner.
func (p *path) roundRect(x, y, w, h float64, r [4]float64, reverse bool) {
	// Clockwise corner arcs as (corner point, radius, incoming and outgoing
	// unit directions).
	type corner struct{ cx, cy, r, inX, inY, outX, outY float64 }
	cs := []corner{
		{x + w, y, r[1], 1, 0, 0, 1},      // top-right: arriving east, leaving south
		{x + w, y + h, r[2], 0, 1, -1, 0}, // bottom-right
		{x, y + h, r[3], -1, 0, 0, -1},    // bottom-left
		{x, y, r[0], 0, -1, 1, 0},         // top-left
	}
	if reverse {
		// Anticlockwise: walk corners backwards with directions swapped.
		rev := make([]corner, 4)
		for i, c := range []corner{cs[3], cs[2], cs[1], cs[0]} {
			rev[i] = corner{c.cx, c.cy, c.r, -c.outX, -c.outY, -c.inX, -c.inY}
		}
		cs = rev
	}
	var lx, ly float64 // end of the previous corner
	for i, c := range cs {
		sx, sy := c.cx-c.inX*c.r, c.cy-c.inY*c.r // arc start
		ex, ey := c.cx+c.outX*c.r, c.cy+c.outY*c.r
		if i == 0 {
			p.moveTo(sx, sy)
		} else if sx != lx || sy != ly {
			// Two arcs that meet need no line between them.
			p.lineTo(sx, sy)
		}
		lx, ly = ex, ey
		if c.r > 0 {
			k := c.r * kappa
			p.cubeTo(sx+c.inX*k, sy+c.inY*k, ex-c.outX*k, ey-c.outY*k, ex, ey)
		}
	}
	p.close()
}

// circle adds a circle of radius r centred on (cx, cy).
func (p *path) circle(cx, cy, r float64, reverse bool) {
	p.roundRect(cx-r, cy-r, 2*r, 2*r, [4]float64{r, r, r, r}, reverse)
}

// appendSVG writes the path as SVG path data, shifted by (dx, dy).
// Coordinates carry at most three decimals, which is 1/1000 of a module.
func (p *path) appendSVG(b []byte, dx, dy float64) []byte {
	for _, op := range p.ops {
		b = append(b, op.kind)
		n := 1
		switch op.kind {
		case 'Z':
			n = 0
		case 'C':
			n = 3
		}
		for i := 0; i < n; i++ {
			if i > 0 {
				b = append(b, ' ')
			}
			b = appendNum(b, op.pts[i][0]+dx)
			b = append(b, ' ')
			b = appendNum(b, op.pts[i][1]+dy)
		}
	}
	return b
}

func appendNum(b []byte, v float64) []byte {
	v = math.Round(v*1000) / 1000
	if v == 0 {
		v = 0 // no "-0"
	}
	return strconv.AppendFloat(b, v, 'f', -1, 64)
}
