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
// Every command after the first is relative, with h and v for axis-aligned
// lines (SVG 1.1 §8.3, also in SVG Tiny 1.2 §8.3): module coordinates then
// shrink to one or two digits, about halving the markup of a large code.
// Positions are tracked in whole thousandths, so relative steps add up to
// exactly the rounded absolute coordinates.
func (p *path) appendSVG(b []byte, dx, dy float64) []byte {
	var x, y, startX, startY int64 // current point and subpath start
	for i, op := range p.ops {
		switch op.kind {
		case 'M':
			nx, ny := milli(op.pts[0][0]+dx), milli(op.pts[0][1]+dy)
			if i == 0 {
				b = append(b, 'M')
				b = appendMilli(b, nx)
				b = appendMilliSep(b, ny)
			} else {
				b = append(b, 'm')
				b = appendMilli(b, nx-x)
				b = appendMilliSep(b, ny-y)
			}
			x, y, startX, startY = nx, ny, nx, ny
		case 'L':
			nx, ny := milli(op.pts[0][0]+dx), milli(op.pts[0][1]+dy)
			switch {
			case ny == y:
				b = append(b, 'h')
				b = appendMilli(b, nx-x)
			case nx == x:
				b = append(b, 'v')
				b = appendMilli(b, ny-y)
			default:
				b = append(b, 'l')
				b = appendMilli(b, nx-x)
				b = appendMilliSep(b, ny-y)
			}
			x, y = nx, ny
		case 'C':
			b = append(b, 'c')
			for j := 0; j < 3; j++ {
				px, py := milli(op.pts[j][0]+dx), milli(op.pts[j][1]+dy)
				if j == 0 {
					b = appendMilli(b, px-x)
				} else {
					b = appendMilliSep(b, px-x)
				}
				b = appendMilliSep(b, py-y)
				if j == 2 {
					x, y = px, py
				}
			}
		case 'Z':
			b = append(b, 'z')
			x, y = startX, startY
		}
	}
	return b
}

// milli rounds v to whole thousandths.
func milli(v float64) int64 { return int64(math.Round(v * 1000)) }

// appendMilli writes v thousandths as a decimal number without a leading
// zero or trailing zeros: 500 is ".5", -1250 is "-1.25", 3000 is "3".
func appendMilli(b []byte, v int64) []byte {
	if v < 0 {
		b = append(b, '-')
		v = -v
	}
	whole, frac := v/1000, v%1000
	if whole != 0 || frac == 0 {
		b = strconv.AppendInt(b, whole, 10)
	}
	if frac != 0 {
		b = append(b, '.')
		digits := [3]byte{byte('0' + frac/100), byte('0' + frac/10%10), byte('0' + frac%10)}
		n := 3
		for digits[n-1] == '0' {
			n--
		}
		b = append(b, digits[:n]...)
	}
	return b
}

// appendMilliSep writes a second number of a pair: a minus sign separates
// it by itself (SVG path grammar), anything else needs a space.
func appendMilliSep(b []byte, v int64) []byte {
	if v >= 0 {
		b = append(b, ' ')
	}
	return appendMilli(b, v)
}

func appendNum(b []byte, v float64) []byte {
	v = math.Round(v*1000) / 1000
	if v == 0 {
		v = 0 // no "-0"
	}
	return strconv.AppendFloat(b, v, 'f', -1, 64)
}
