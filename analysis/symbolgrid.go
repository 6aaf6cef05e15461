package analysis

import (
	"math"

	"github.com/makiuchi-d/gozxing"
)

// The grid sampler of the Micro QR and rMQR readers (micro.go, rmqr.go):
// it finds finder patterns in a binarized image, lays a module grid on the
// symbol beside one, axis-aligned in any of the eight orientations a
// rotation by a quarter turn and a mirror image give, and samples it.
// ZXing has no reader for these symbols. A symbol under perspective or
// turned by other angles is not read (docs/decode.md).

// binImage is a binarized image read with a polarity: dark is a set bit,
// or a clear one when inverted (light modules on a dark ground, ISO/IEC
// 18004 §6.2). Outside the image is light: the quiet zone.
type binImage struct {
	m        *gozxing.BitMatrix
	w, h     int
	inverted bool
}

func (b *binImage) dark(x, y int) bool {
	if x < 0 || y < 0 || x >= b.w || y >= b.h {
		return false
	}
	return b.m.Get(x, y) != b.inverted
}

// finderMark is a 7×7 finder pattern found in the image: its centre and
// its width and height in pixels, seven modules each.
type finderMark struct {
	x, y   float64
	wx, wy float64
	votes  int
}

// maxFinderMarks bounds the candidates one binarized image yields, so
// that an image full of finder-like texture costs a bounded time.
const maxFinderMarks = 24

// findFinders scans every row for runs dark, light, dark, light, dark in
// the ratio 1:1:3:1:1 (ISO/IEC 18004 §6.3.3, the same finder in Micro QR
// and rMQR), checks the ratio across the centre run's column and its row,
// and merges the hits of one pattern. The candidates seen on the most
// rows come first.
func findFinders(b *binImage) []finderMark {
	var marks []finderMark
	runs := make([]int, 0, 64)
	for y := 0; y < b.h; y++ {
		runs = runs[:0]
		start, dark := 0, b.dark(0, y)
		for x := 1; x <= b.w; x++ {
			if x == b.w || b.dark(x, y) != dark {
				runs = append(runs, x-start)
				start, dark = x, !dark
			}
		}
		// runs alternate; the first is dark when pixel 0 is.
		x0, first := 0, 0
		if !b.dark(0, y) {
			x0, first = runs[0], 1
		}
		for i := first; i+4 < len(runs); i += 2 {
			r := [5]int{runs[i], runs[i+1], runs[i+2], runs[i+3], runs[i+4]}
			if _, ok := finderRatio(r); ok {
				cx := x0 + r[0] + r[1] + r[2]/2
				if m, ok := crossCheck(b, cx, y, sum5(r)); ok {
					marks = mergeMark(marks, m)
				}
			}
			x0 += runs[i] + runs[i+1]
		}
		if len(marks) > 4*maxFinderMarks {
			break // texture, not symbols
		}
	}
	sortMarks(marks)
	if len(marks) > maxFinderMarks {
		marks = marks[:maxFinderMarks]
	}
	return marks
}

func sum5(r [5]int) int { return r[0] + r[1] + r[2] + r[3] + r[4] }

// finderRatio reports whether runs r are 1:1:3:1:1 within half a module
// each (as ZXing's finder search allows), and the module size.
func finderRatio(r [5]int) (float64, bool) {
	total := sum5(r)
	if total < 7 {
		return 0, false
	}
	m := float64(total) / 7
	tol := m * 0.6
	for i, want := range [5]float64{1, 1, 3, 1, 1} {
		if math.Abs(float64(r[i])-want*m) > want*tol {
			return 0, false
		}
	}
	return m, true
}

// crossCheck confirms a row hit at (x, y) along the column and then the
// row through the centre, and measures the pattern in both directions.
func crossCheck(b *binImage, x, y, width int) (finderMark, bool) {
	rv, midY, ok := runsThrough(b, x, y, 0, 1, 2*width)
	if !ok || !ratioAndSize(rv, width) {
		return finderMark{}, false
	}
	cy := float64(y) + midY
	rh, midX, ok := runsThrough(b, x, int(cy), 1, 0, 2*width)
	if !ok || !ratioAndSize(rh, width) {
		return finderMark{}, false
	}
	return finderMark{x: float64(x) + midX, y: cy, wx: float64(sum5(rh)), wy: float64(sum5(rv)), votes: 1}, true
}

// ratioAndSize: r is a finder's cross-section, within a factor of two of
// the width seen across it (mild anisotropic scaling, not tilt).
func ratioAndSize(r [5]int, width int) bool {
	_, ok := finderRatio(r)
	t := sum5(r)
	return ok && 2*t >= width && t <= 2*width
}

// runsThrough measures the five runs through the dark pixel (x, y) along
// (dx, dy), centred on the run holding it, and the centre of that run
// relative to the pixel's centre, in pixels.
func runsThrough(b *binImage, x, y, dx, dy, limit int) ([5]int, float64, bool) {
	if !b.dark(x, y) {
		return [5]int{}, 0, false
	}
	walk := func(sign int) ([3]int, bool) {
		var n [3]int
		px, py, want := x, y, true
		for k := 0; k < 3; {
			px, py = px+sign*dx, py+sign*dy
			if px < 0 || py < 0 || px >= b.w || py >= b.h {
				return n, k == 2 && n[2] > 0 // the outer ring may touch the edge
			}
			if b.dark(px, py) != want {
				k++
				want = !want
				if k == 3 {
					break
				}
			}
			n[k]++
			if n[k] > limit {
				return n, false
			}
		}
		return n, true
	}
	f, ok1 := walk(1)
	bk, ok2 := walk(-1)
	if !ok1 || !ok2 {
		return [5]int{}, 0, false
	}
	r := [5]int{bk[2], bk[1], bk[0] + f[0] + 1, f[1], f[2]}
	return r, 0.5 + float64(f[0]-bk[0])/2, true
}

// mergeMark adds m to marks, or averages it into a mark within a module
// of it.
func mergeMark(marks []finderMark, m finderMark) []finderMark {
	for i := range marks {
		o := &marks[i]
		if math.Abs(o.x-m.x) < o.wx/7 && math.Abs(o.y-m.y) < o.wy/7 && math.Abs(o.wx-m.wx) < o.wx/4 {
			n := float64(o.votes)
			o.x = (o.x*n + m.x) / (n + 1)
			o.y = (o.y*n + m.y) / (n + 1)
			o.wx = (o.wx*n + m.wx) / (n + 1)
			o.wy = (o.wy*n + m.wy) / (n + 1)
			o.votes++
			return marks
		}
	}
	return append(marks, m)
}

func sortMarks(marks []finderMark) {
	for i := 1; i < len(marks); i++ {
		for j := i; j > 0 && marks[j].votes > marks[j-1].votes; j-- {
			marks[j], marks[j-1] = marks[j-1], marks[j]
		}
	}
}

// moduleGrid maps module coordinates to pixels: column c, row r of the symbol
// is at origin + c·u + r·v, u and v one module along a row and down a
// column.
type moduleGrid struct {
	ox, oy float64
	ux, uy float64
	vx, vy float64
}

// orientations are the directions of a symbol's rows in the image, with
// its columns a quarter turn clockwise (the symbol as printed) or
// anticlockwise (mirrored, which §6.2 allows).
var orientations = [8][4]float64{
	{1, 0, 0, 1}, {0, 1, -1, 0}, {-1, 0, 0, -1}, {0, -1, 1, 0},
	{1, 0, 0, -1}, {0, 1, 1, 0}, {-1, 0, 0, 1}, {0, -1, -1, 0},
}

// gridAt lays the grid of a symbol whose finder pattern is f, its rows
// running along orientation o turned by deg degrees clockwise: the
// finder's centre is 3.5 modules from the symbol's corner both ways.
func gridAt(f finderMark, o [4]float64, deg float64) moduleGrid {
	pu, pv := f.wx/7, f.wy/7
	if o[0] == 0 { // rows run up or down the image
		pu, pv = pv, pu
	}
	sin, cos := math.Sincos(deg * math.Pi / 180)
	turn := func(x, y float64) (float64, float64) { return x*cos - y*sin, x*sin + y*cos }
	g := moduleGrid{}
	g.ux, g.uy = turn(o[0]*pu, o[1]*pu)
	g.vx, g.vy = turn(o[2]*pv, o[3]*pv)
	g.ox = f.x - 3.5*(g.ux+g.vx)
	g.oy = f.y - 3.5*(g.uy+g.vy)
	return g
}

// smallTurns are the angles, in degrees, by which a symbol may be turned
// from its orientation and still be read, nearest first: a hand-held
// photo is rarely square to the code. The step keeps the far end of a
// symbol of the given width within a third of a module of its grid (at
// 139 modules, about a seventh of a degree).
func smallTurns(width int) []float64 {
	const most = 4.0
	step := math.Min(1, 0.33/float64(width)*180/math.Pi)
	out := []float64{0}
	for a := step; a <= most+1e-9; a += step {
		out = append(out, a, -a)
	}
	return out
}

func (g moduleGrid) at(col, row float64) (float64, float64) {
	return g.ox + col*g.ux + row*g.vx, g.oy + col*g.uy + row*g.vy
}

// dark samples the module at row r, column c at its centre.
func (g moduleGrid) dark(b *binImage, r, c int) bool {
	x, y := g.at(float64(c)+0.5, float64(r)+0.5)
	return b.dark(int(math.Floor(x)), int(math.Floor(y)))
}

// extent measures how far the symbol reaches along row 0 (alongRow) or
// down column 0 from the grid's origin, in modules of the grid: the end
// of the last dark run before a light run of 1.5 modules (the quiet zone
// is 2, ISO/IEC 18004 §6.3.8, ISO/IEC 23941 §6.3.8) or the image's edge.
// Both symbols have a timing pattern or the finder along those edges,
// whose light runs are one module.
func (g moduleGrid) extent(b *binImage, alongRow bool, maxModules int) float64 {
	dx, dy, pitch := g.ux, g.uy, math.Hypot(g.ux, g.uy)
	if !alongRow {
		dx, dy, pitch = g.vx, g.vy, math.Hypot(g.vx, g.vy)
	}
	if pitch < 0.5 {
		return 0
	}
	// one pixel at a time, along the centre line of row or column 0
	sx, sy := dx/pitch, dy/pitch
	x0, y0 := g.ox+0.5*g.vx, g.oy+0.5*g.vy
	if !alongRow {
		x0, y0 = g.ox+0.5*g.ux, g.oy+0.5*g.uy
	}
	end, light := 7*pitch, 0.0
	for t := 7 * pitch; t < float64(maxModules)*pitch*1.3; t++ {
		px, py := int(math.Floor(x0+sx*(t+0.5))), int(math.Floor(y0+sy*(t+0.5)))
		if px < 0 || py < 0 || px >= b.w || py >= b.h {
			break
		}
		if b.dark(px, py) {
			end, light = t+1, 0
		} else if light++; light > 1.5*pitch {
			break
		}
	}
	return end / pitch
}

// fitted is g with its pitch along rows and columns set so that the
// symbol, cols × rows modules, ends where extent measured it, when the
// measurement is near enough to that size to be its edge. The finder
// alone gives the pitch to a seventh of a pixel or so, which over 139
// modules is several.
func (g moduleGrid) fitted(b *binImage, cols, rows int) moduleGrid {
	if e := g.extent(b, true, cols); math.Abs(e-float64(cols)) < 0.2*float64(cols)+1 && e > 0 {
		k := e / float64(cols)
		g.ux, g.uy = g.ux*k, g.uy*k
	}
	if e := g.extent(b, false, rows); math.Abs(e-float64(rows)) < 0.2*float64(rows)+1 && e > 0 {
		k := e / float64(rows)
		g.vx, g.vy = g.vx*k, g.vy*k
	}
	return g
}

// corners are the symbol's four corners in image pixels, clockwise from
// the one beside the finder pattern as the symbol reads.
func (g moduleGrid) corners(cols, rows int) [4][2]float64 {
	c := float64(cols)
	r := float64(rows)
	var out [4][2]float64
	for i, p := range [4][2]float64{{0, 0}, {c, 0}, {c, r}, {0, r}} {
		x, y := g.at(p[0], p[1])
		out[i] = [2]float64{x, y}
	}
	return out
}

// quietRing counts the dark modules in the ring of modules just outside a
// symbol of cols × rows, and the ring's size: the quiet zone, 2 modules
// light in both standards (ISO/IEC 18004 §6.3.8, ISO/IEC 23941 §6.3.8),
// of which a reader wants the first. A grid laid over the inside of
// another symbol, or over texture, has dark modules there.
func (g moduleGrid) quietRing(b *binImage, cols, rows int) (dark, n int) {
	for c := -1; c <= cols; c++ {
		for _, r := range [2]int{-1, rows} {
			n++
			if g.dark(b, r, c) {
				dark++
			}
		}
	}
	for r := 0; r < rows; r++ {
		for _, c := range [2]int{-1, cols} {
			n++
			if g.dark(b, r, c) {
				dark++
			}
		}
	}
	return dark, n
}

// quiet reports whether the ring round the symbol is light but for a
// twentieth of it (a speck of dirt, a blurred corner).
func (g moduleGrid) quiet(b *binImage, cols, rows int) bool {
	dark, n := g.quietRing(b, cols, rows)
	return dark*20 <= n
}
