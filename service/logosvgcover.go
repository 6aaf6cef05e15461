package service

import (
	"image"
	"math"
)

// An SVG shape's coverage of each pixel, under either of SVG's fill rules.
// golang.org/x/image/vector knows only the non-zero rule; fill-rule=
// "evenodd" needs the even-odd one, which this gives as well.

// fillCoverage writes into dst, for every pixel of box (which lies within
// dst.Rect), the coverage 0..255 of the shape whose edges are the
// consecutive point pairs of pts: x, y pairs in dst's pixel coordinates,
// an edge from each point to the next. A NaN pair means the next point
// begins a new piece, with no edge drawn to it; no closing edge is ever
// added, so a fill's contours must arrive closed, and a stroke's outline
// may arrive as open pieces whose edges together enclose it. With evenOdd
// the even-odd rule is used, else the non-zero one.
//
// Each edge adds to a buffer of box.Dy() rows of box.Dx()+1 floats the
// signed area each pixel gains from it, split at pixel rows and columns;
// summing along a row then gives each pixel's winding. What lies left of
// the box counts at its left edge, covering its rows to the right; what
// lies right of it, above it or below it adds nothing. The work is linear
// in the edges' length in pixels within the box, plus its area. acc is
// the caller's buffer, grown as needed: nothing else is allocated.
func fillCoverage(dst *image.Alpha, box image.Rectangle, pts []float32, evenOdd bool, acc *[]float32) {
	w, h := box.Dx(), box.Dy()
	if w <= 0 || h <= 0 {
		return
	}
	stride := w + 1
	n := stride * h
	if cap(*acc) < n {
		*acc = make([]float32, n)
	}
	a := (*acc)[:n]
	*acc = a
	clear(a)

	ox, oy := float64(box.Min.X), float64(box.Min.Y)
	have := false
	var px, py float64
	for i := 0; i+1 < len(pts); i += 2 {
		x, y := pts[i], pts[i+1]
		if x != x || y != y { // NaN: the next point begins a piece
			have = false
			continue
		}
		qx, qy := coverCoord(x)-ox, coverCoord(y)-oy
		if have {
			coverEdge(a, w, h, px, py, qx, qy)
		}
		px, py, have = qx, qy, true
	}

	// Each pixel's winding is the sum of the row up to it. The sum is
	// carried four pixels at a time, so that one addition, not four, lies
	// between one group and the next.
	for y := 0; y < h; y++ {
		row := a[y*stride:][:w]
		out := dst.Pix[dst.PixOffset(box.Min.X, box.Min.Y+y):][:w]
		var sum float32
		x := 0
		for ; x+4 <= w; x += 4 {
			d := row[x : x+4 : x+4]
			p1 := d[0] + d[1]
			p2 := p1 + d[2]
			p3 := p2 + d[3]
			o := out[x : x+4 : x+4]
			o[0] = coverByte(sum+d[0], evenOdd)
			o[1] = coverByte(sum+p1, evenOdd)
			o[2] = coverByte(sum+p2, evenOdd)
			sum += p3
			o[3] = coverByte(sum, evenOdd)
		}
		for ; x < w; x++ {
			sum += row[x]
			out[x] = coverByte(sum, evenOdd)
		}
	}
}

// coverByte is the coverage 0..255 of a pixel of winding w: |w| up to 1
// under the non-zero rule, the distance of |w| from the nearest even
// number under the even-odd one.
func coverByte(w float32, evenOdd bool) uint8 {
	c := math.Float32frombits(math.Float32bits(w) &^ (1 << 31))
	if evenOdd && c > 1 {
		c -= 2 * float32(int32(c/2))
		if c > 1 {
			c = 2 - c
		}
	}
	if c > 1 {
		c = 1
	}
	return uint8(c*255 + 0.5)
}

// coverCoord is a point's coordinate as a float64, an infinity taken as
// a far but finite place so that no NaN arises from it.
func coverCoord(v float32) float64 {
	const far = 1e30
	return max(-far, min(far, float64(v)))
}

// coverEdge adds the edge from (x0, y0) to (x1, y1), in the box's pixels,
// to a, the accumulation rows of a box w × h.
func coverEdge(a []float32, w, h int, x0, y0, x1, y1 float64) {
	if y0 == y1 {
		return
	}
	dir := 1.0
	if y0 > y1 {
		dir = -1
		x0, y0, x1, y1 = x1, y1, x0, y0
	}
	top, bottom := max(y0, 0), min(y1, float64(h))
	if top >= bottom {
		return
	}
	slope := (x1 - x0) / (y1 - y0)
	xAt := func(y float64) float64 {
		if y == y1 {
			return x1
		}
		return x0 + (y-y0)*slope
	}
	stride := w + 1
	W := float64(w)
	first, last := int(math.Floor(top)), int(math.Ceil(bottom))
	for r := first; r < last; r++ {
		ya, yb := max(top, float64(r)), min(bottom, float64(r+1))
		if ya >= yb {
			continue
		}
		row := a[r*stride:][:stride]
		xa, xb := xAt(ya), xAt(yb)
		if xa == xb {
			coverPiece(row, w, xa, xb, (yb-ya)*dir)
			continue
		}
		// Split the row's part at the columns it crosses within the
		// box, its left and right sides included.
		dydx := (yb - ya) / (xb - xa)
		sx, sy := xa, ya
		if xa < xb {
			k := min(max(math.Floor(xa)+1, 0), W+1)
			for ; k <= W && k < xb; k++ {
				ky := min(max(ya+(k-xa)*dydx, sy), yb)
				coverPiece(row, w, sx, k, (ky-sy)*dir)
				sx, sy = k, ky
			}
		} else {
			k := max(min(math.Ceil(xa)-1, W), -1)
			for ; k >= 0 && k > xb; k-- {
				ky := min(max(ya+(k-xa)*dydx, sy), yb)
				coverPiece(row, w, sx, k, (ky-sy)*dir)
				sx, sy = k, ky
			}
		}
		coverPiece(row, w, sx, xb, (yb-sy)*dir)
	}
}

// coverPiece adds to row a piece of an edge lying within one pixel row
// and one column, from x = xs to xe, dy high (signed): the pixel it lies
// in gains the area right of it, the next pixel the rest of dy. A piece
// left of the box is taken at its left side, one right of it at its right.
func coverPiece(row []float32, w int, xs, xe, dy float64) {
	if dy == 0 {
		return
	}
	W := float64(w)
	xs, xe = max(0, min(W, xs)), max(0, min(W, xe))
	c := min(int(min(xs, xe)), w-1)
	area := dy * (float64(c+1) - (xs+xe)/2)
	row[c] += float32(area)
	row[c+1] += float32(dy - area)
}
