package service

import (
	"image"
	"image/draw"
	"math"
	"testing"

	"golang.org/x/image/vector"
)

// coverPoint is a point of a shape in the tests of fillCoverage.
type coverPoint struct{ x, y float64 }

// coverPts is the contours as fillCoverage takes them: each begun by a
// NaN pair and, when closed, ending on its first point.
func coverPts(closed bool, contours ...[]coverPoint) []float32 {
	nan := float32(math.NaN())
	var pts []float32
	for _, c := range contours {
		pts = append(pts, nan, nan)
		for _, p := range c {
			pts = append(pts, float32(p.x), float32(p.y))
		}
		if closed && len(c) > 0 {
			pts = append(pts, float32(c[0].x), float32(c[0].y))
		}
	}
	return pts
}

// coverCircle is a circle of n segments, turning clockwise on the screen
// (y down) unless ccw.
func coverCircle(cx, cy, r float64, n int, ccw bool) []coverPoint {
	c := make([]coverPoint, n)
	for i := range c {
		a := 2 * math.Pi * float64(i) / float64(n)
		if ccw {
			a = -a
		}
		c[i] = coverPoint{cx + r*math.Cos(a), cy + r*math.Sin(a)}
	}
	return c
}

// coverStar is a five-point star drawn as one self-intersecting polygon,
// each point joined to the second next.
func coverStar(cx, cy, r float64) []coverPoint {
	c := make([]coverPoint, 5)
	for i := range c {
		a := -math.Pi/2 + 2*math.Pi*float64(2*i%5)/5
		c[i] = coverPoint{cx + r*math.Cos(a), cy + r*math.Sin(a)}
	}
	return c
}

// coverRect is a rectangle's corners, clockwise on the screen.
func coverRect(x0, y0, x1, y1 float64) []coverPoint {
	return []coverPoint{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}
}

// coverFill is fillCoverage's coverage of box in a picture of size,
// every pixel outside box left at 7.
func coverFill(size, box image.Rectangle, pts []float32, evenOdd bool) *image.Alpha {
	dst := image.NewAlpha(size)
	for i := range dst.Pix {
		dst.Pix[i] = 7
	}
	var acc []float32
	fillCoverage(dst, box, pts, evenOdd, &acc)
	return dst
}

// coverVector is x/image/vector's coverage of box for the same points.
func coverVector(size, box image.Rectangle, pts []float32) *image.Alpha {
	dst := image.NewAlpha(size)
	var r vector.Rasterizer
	r.Reset(box.Dx(), box.Dy())
	addPoints(&r, pts, box.Min)
	r.DrawOp = draw.Src
	r.Draw(dst, box, image.Opaque, image.Point{})
	return dst
}

// Under the non-zero rule fillCoverage agrees with x/image/vector. The
// shapes are drawn 8 times larger than written, in a box over 512 pixels
// wide, where vector works in floating point: below that it works in
// fixed point, and is off the exact area by up to 20 in 255.
func TestCoverageNonZeroMatchesVector(t *testing.T) {
	const scale = 8
	size := image.Rect(0, 0, 90*scale, 80*scale)
	box := image.Rect(5*scale, 7*scale, 75*scale, 67*scale)
	shapes := map[string][][]coverPoint{
		"triangle":        {{{10.3, 60.1}, {40.7, 9.2}, {70.2, 55.9}}},
		"triangle ccw":    {{{10.3, 60.1}, {70.2, 55.9}, {40.7, 9.2}}},
		"half-px square":  {coverRect(10.0625, 12.0625, 50.0625, 52.0625)},
		"circle":          {coverCircle(40, 37, 25.3, 200, false)},
		"star":            {coverStar(40, 37, 28)},
		"out left":        {{{-30, 20}, {30, 30}, {-10, 50}}},
		"out right":       {{{60, 15}, {120, 30}, {65, 60}}},
		"out top":         {{{20, -40}, {60, 25}, {15, 30}}},
		"out bottom":      {{{20, 40}, {55, 110}, {30, 45}}},
		"out every side":  {{{-20, 37}, {40, -30}, {110, 37}, {40, 100}}},
		"beyond the box":  {coverRect(-10, -10, 100, 100)},
		"square and ring": {coverRect(12, 12, 30, 30), coverCircle(50, 45, 15, 64, true)},
	}
	for name, s := range shapes {
		for _, c := range s {
			for i := range c {
				c[i].x *= scale
				c[i].y *= scale
			}
		}
		pts := coverPts(true, s...)
		got, want := coverFill(size, box, pts, false), coverVector(size, box, pts)
		bad := 0
		for y := size.Min.Y; y < size.Max.Y; y++ {
			for x := size.Min.X; x < size.Max.X; x++ {
				g, w := int(got.AlphaAt(x, y).A), int(want.AlphaAt(x, y).A)
				if !(image.Point{x, y}).In(box) {
					if g != 7 {
						t.Fatalf("%s: pixel (%d, %d) outside the box written: %d", name, x, y, g)
					}
					continue
				}
				if d := g - w; d > 2 || d < -2 {
					if bad++; bad <= 5 {
						t.Errorf("%s: pixel (%d, %d) is %d, vector's %d", name, x, y, g, w)
					}
				}
			}
		}
	}
}

// coverExact is the area of the convex polygon poly within the pixel at
// (x0, y0), the polygon clipped to the pixel's four sides.
func coverExact(poly []coverPoint, x0, y0 float64) float64 {
	p := poly
	for _, side := range []struct {
		x, at float64 // x: 1 for a vertical side, 0 for a horizontal one
		keep  float64 // 1 keeps what lies beyond at, -1 what lies short
	}{{1, x0, 1}, {1, x0 + 1, -1}, {0, y0, 1}, {0, y0 + 1, -1}} {
		coord := func(q coverPoint) float64 {
			if side.x == 1 {
				return q.x
			}
			return q.y
		}
		var out []coverPoint
		for i := range p {
			a, b := p[i], p[(i+1)%len(p)]
			ia, ib := (coord(a)-side.at)*side.keep >= 0, (coord(b)-side.at)*side.keep >= 0
			if ia {
				out = append(out, a)
			}
			if ia != ib {
				t := (side.at - coord(a)) / (coord(b) - coord(a))
				out = append(out, coverPoint{a.x + t*(b.x-a.x), a.y + t*(b.y-a.y)})
			}
		}
		p = out
	}
	s := 0.0
	for i := range p {
		a, b := p[i], p[(i+1)%len(p)]
		s += a.x*b.y - b.x*a.y
	}
	return math.Abs(s) / 2
}

// fillCoverage's coverage is each pixel's exact share of a convex shape,
// to within rounding, in small boxes as in large ones.
func TestCoverageIsExact(t *testing.T) {
	size := image.Rect(0, 0, 90, 80)
	box := image.Rect(5, 7, 75, 67)
	for _, poly := range [][]coverPoint{
		{{10.3, 60.1}, {40.7, 9.2}, {70.2, 55.9}},
		{{10.3, 60.1}, {70.2, 55.9}, {40.7, 9.2}},
		coverRect(10.5, 12.5, 50.5, 52.5),
		coverCircle(40, 37, 25.3, 200, false),
		{{60, 15}, {120, 30}, {65, 60}},
		{{-20, 37}, {40, -30}, {110, 37}, {40, 100}},
	} {
		dst := coverFill(size, box, coverPts(true, poly), false)
		for y := box.Min.Y; y < box.Max.Y; y++ {
			// The box's first column also holds what lies left of it.
			for x := box.Min.X + 1; x < box.Max.X; x++ {
				e := coverExact(poly, float64(x), float64(y)) * 255
				if g := float64(dst.AlphaAt(x, y).A); math.Abs(g-e) > 1 {
					t.Fatalf("%v: pixel (%d, %d) is %v, exactly %.2f", poly[0], x, y, g, e)
				}
			}
		}
	}
}

func TestCoverageEvenOdd(t *testing.T) {
	size := image.Rect(0, 0, 64, 64)
	// Two circles turning the same way: a ring only under even-odd.
	ring := coverPts(true, coverCircle(32, 32, 28, 200, false), coverCircle(32, 32, 14, 200, false))
	eo, nz := coverFill(size, size, ring, true), coverFill(size, size, ring, false)
	for _, c := range []struct {
		x, y     int
		eo, nz   uint8
		whatItIs string
	}{
		{32, 32, 0, 255, "centre"},
		{32, 11, 255, 255, "ring"},
		{11, 32, 255, 255, "ring"},
		{1, 1, 0, 0, "outside"},
		{62, 32, 0, 0, "outside"},
	} {
		if g := eo.AlphaAt(c.x, c.y).A; g != c.eo {
			t.Errorf("ring, even-odd: %s pixel (%d, %d) is %d, want %d", c.whatItIs, c.x, c.y, g, c.eo)
		}
		if g := nz.AlphaAt(c.x, c.y).A; g != c.nz {
			t.Errorf("ring, non-zero: %s pixel (%d, %d) is %d, want %d", c.whatItIs, c.x, c.y, g, c.nz)
		}
	}
	star := coverPts(true, coverStar(32, 32, 30))
	eo, nz = coverFill(size, size, star, true), coverFill(size, size, star, false)
	if g := eo.AlphaAt(32, 32).A; g != 0 {
		t.Errorf("star, even-odd: centre is %d, want 0", g)
	}
	if g := nz.AlphaAt(32, 32).A; g != 255 {
		t.Errorf("star, non-zero: centre is %d, want 255", g)
	}
	// A point of the star is covered once: inked under both rules.
	if g := eo.AlphaAt(32, 6).A; g != 255 {
		t.Errorf("star, even-odd: top point is %d, want 255", g)
	}
}

func TestCoverageOpenPieces(t *testing.T) {
	size := image.Rect(0, 0, 40, 40)
	box := image.Rect(2, 3, 38, 36)
	r := coverRect(6.25, 8.5, 31.75, 27.3)
	closed := coverPts(true, r)
	var pieces [][]coverPoint
	for i := range r {
		pieces = append(pieces, []coverPoint{r[i], r[(i+1)%len(r)]})
	}
	open := coverPts(false, pieces...)
	for _, evenOdd := range []bool{false, true} {
		a, b := coverFill(size, box, closed, evenOdd), coverFill(size, box, open, evenOdd)
		for i := range a.Pix {
			if a.Pix[i] != b.Pix[i] {
				t.Fatalf("even-odd %v: byte %d is %d from pieces, %d from the closed rectangle", evenOdd, i, b.Pix[i], a.Pix[i])
			}
		}
		if g := b.AlphaAt(20, 20).A; g != 255 {
			t.Errorf("even-odd %v: inside is %d, want 255", evenOdd, g)
		}
	}
}

func TestCoverageLeftOfBox(t *testing.T) {
	size := image.Rect(0, 0, 30, 20)
	box := image.Rect(10, 0, 30, 20)
	// One edge, downwards, wholly left of the box, over rows 4 to 9.
	pts := coverPts(false, []coverPoint{{3, 4}, {5, 10}})
	for _, evenOdd := range []bool{false, true} {
		dst := coverFill(size, box, pts, evenOdd)
		for y := 0; y < 20; y++ {
			want := uint8(0)
			if y >= 4 && y < 10 {
				want = 255
			}
			for x := box.Min.X; x < box.Max.X; x++ {
				if g := dst.AlphaAt(x, y).A; g != want {
					t.Fatalf("even-odd %v: pixel (%d, %d) is %d, want %d", evenOdd, x, y, g, want)
				}
			}
		}
	}
	// Half a row's height: half covered.
	pts = coverPts(false, []coverPoint{{-100, 2.5}, {-50, 3}})
	if g := coverFill(size, box, pts, false).AlphaAt(20, 2).A; g != 128 {
		t.Errorf("half a row left of the box covers %d, want 128", g)
	}
}

func TestCoverageOddInput(t *testing.T) {
	nan := float32(math.NaN())
	inf := float32(math.Inf(1))
	size := image.Rect(0, 0, 32, 32)
	box := image.Rect(1, 2, 31, 30)
	for name, pts := range map[string][]float32{
		"empty":       nil,
		"one point":   {5, 5},
		"odd length":  {5, 5, 9},
		"NaN only":    {nan, nan, nan, nan},
		"half NaN":    {nan, 3, 4, 5, 6, nan, 9, 9},
		"zero height": {2, 5, 20, 5, 30, 5, 2, 5},
		"huge":        {-1e9, -1e9, 1e9, 3, 5, 1e9, -1e9, -1e9},
		"huge thin":   {-1e9, 10, 1e9, 10.5, 1e9, 11, -1e9, 10},
		"infinite":    {-inf, 0, inf, 10, 5, inf, -inf, 0},
		"one pixel":   {4, 4, 4, 4, 4, 4},
		"back out":    {5, 5, 25, 25, 5, 5},
	} {
		for _, evenOdd := range []bool{false, true} {
			dst := coverFill(size, box, pts, evenOdd)
			for y := box.Min.Y; y < box.Max.Y; y++ {
				for x := box.Min.X; x < box.Max.X; x++ {
					if g := dst.AlphaAt(x, y).A; name != "huge" && name != "huge thin" && name != "infinite" && g != 0 {
						t.Fatalf("%s, even-odd %v: pixel (%d, %d) is %d, want 0", name, evenOdd, x, y, g)
					}
				}
			}
		}
	}
	// An empty box writes nothing.
	dst := coverFill(size, image.Rectangle{}, coverPts(true, coverRect(0, 0, 10, 10)), false)
	for _, v := range dst.Pix {
		if v != 7 {
			t.Fatal("an empty box was written to")
		}
	}
	// A huge square holding the box covers all of it.
	var acc []float32
	big := image.NewAlpha(size)
	fillCoverage(big, box, coverPts(true, coverRect(-1e9, -1e9, 1e9, 1e9)), true, &acc)
	for y := box.Min.Y; y < box.Max.Y; y++ {
		for x := box.Min.X; x < box.Max.X; x++ {
			if g := big.AlphaAt(x, y).A; g != 255 {
				t.Fatalf("huge square: pixel (%d, %d) is %d, want 255", x, y, g)
			}
		}
	}
}

// The reused buffer grows only once: a second fill allocates nothing.
func TestCoverageAllocatesNothing(t *testing.T) {
	size := image.Rect(0, 0, 100, 100)
	dst := image.NewAlpha(size)
	pts := coverPts(true, coverCircle(50, 50, 40, 100, false))
	var acc []float32
	fillCoverage(dst, size, pts, false, &acc)
	if n := testing.AllocsPerRun(10, func() { fillCoverage(dst, size, pts, true, &acc) }); n != 0 {
		t.Errorf("%v allocations a fill", n)
	}
}

func BenchmarkCoverage(b *testing.B) {
	size := image.Rect(0, 0, 768, 768)
	pts := coverPts(true, coverCircle(384, 384, 370, 720, false))
	b.Run("fillCoverage", func(b *testing.B) {
		dst := image.NewAlpha(size)
		var acc []float32
		for b.Loop() {
			fillCoverage(dst, size, pts, false, &acc)
		}
	})
	b.Run("vector", func(b *testing.B) {
		dst := image.NewAlpha(size)
		var r vector.Rasterizer
		for b.Loop() {
			r.Reset(768, 768)
			addPoints(&r, pts, image.Point{})
			r.DrawOp = draw.Src
			r.Draw(dst, size, image.Opaque, image.Point{})
		}
	})
}
