package render

// traceContours adds the outlines of the dark data modules of g to p, one
// closed polygon per boundary, corners only. Square modules drawn this way
// need far fewer path commands than one rectangle per module or per
// horizontal run (a version-10 symbol: about a third of the SVG path data),
// and shared edges between modules vanish, so no renderer can show seams.
//
// Every boundary edge of a dark module, where the neighbour across it is
// light, is directed with the module on its right (y grows downwards): top
// edges run east, right edges south, bottom edges west, left edges north.
// Outer boundaries then run clockwise and holes anticlockwise, as the rest
// of the path (geometry.go) and the non-zero fill rule expect. Edges are
// chained into loops at the grid points; where two modules touch only at a
// corner, a point has two outgoing edges and the walk turns right, so the
// two modules stay separate outlines.
func traceContours(p *path, g *moduleGrid, cx, cy float64) {
	w := g.n + 1 // grid points per row
	// out[v] holds the unused outgoing edges of point v as direction bits.
	out := make([]uint8, w*(g.rows+1))
	for y := 0; y <= g.rows; y++ {
		for x := 0; x <= g.n; x++ {
			var bits uint8
			// Cells around point (x, y): nw (x-1, y-1), ne (x, y-1),
			// sw (x-1, y), se (x, y).
			nw, ne, sw, se := g.at(x-1, y-1), g.at(x, y-1), g.at(x-1, y), g.at(x, y)
			if se && !ne {
				bits |= 1 << dirEast // top edge of se
			}
			if sw && !se {
				bits |= 1 << dirSouth // right edge of sw
			}
			if nw && !sw {
				bits |= 1 << dirWest // bottom edge of nw
			}
			if ne && !nw {
				bits |= 1 << dirNorth // left edge of ne
			}
			out[y*w+x] = bits
		}
	}
	for start := range out {
		for out[start] != 0 {
			x, y := start%w, start/w
			p.moveTo(cx+float64(x), cy+float64(y))
			heading := -1
			v := start
			for {
				d := nextDirection(out[v], heading)
				if d < 0 {
					break // back at the start: the loop is closed
				}
				out[v] &^= 1 << d
				if d != heading && heading >= 0 {
					p.lineTo(cx+float64(x), cy+float64(y))
				}
				heading = d
				x, y = x+dirDX[d], y+dirDY[d]
				v = y*w + x
			}
			p.close()
		}
	}
}

// Directions, clockwise from east.
const (
	dirEast = iota
	dirSouth
	dirWest
	dirNorth
)

var (
	dirDX = [4]int{1, 0, -1, 0}
	dirDY = [4]int{0, 1, 0, -1}
)

// nextDirection picks an unused outgoing edge: a right turn first, then
// straight on, then a left turn; any edge to begin a loop.
func nextDirection(bits uint8, heading int) int {
	if bits == 0 {
		return -1
	}
	if heading < 0 {
		for d := 0; d < 4; d++ {
			if bits&(1<<d) != 0 {
				return d
			}
		}
	}
	for _, turn := range [3]int{1, 0, 3} {
		if d := (heading + turn) % 4; bits&(1<<d) != 0 {
			return d
		}
	}
	return -1
}
