package render

import (
	"fmt"
	"github.com/qrforge/qrforge/render/deflate"
	"slices"
	"testing"
)

// Tiles must paint what rasterizing the whole drawing paints. Both
// rasterize the same shapes at the same whole-pixel positions; only the
// rasterizer's arithmetic differs, so an edge pixel's shade may differ by
// one step and never by more.
func TestTiledMatchesRasterized(t *testing.T) {
	payloads := []string{"https://qrforge.example/tiles", version10Payload}
	for style := range tileStyles {
		for _, eye := range []EyeStyle{EyeSquare, EyeRounded, EyeSquircle, EyeLeaf, EyeOctagon} {
			for _, size := range []int{160, 512, 1001} {
				for _, data := range payloads {
					name := fmt.Sprintf("%s/%s/%d/%d", style, eye, size, len(data))
					s, err := Encode(data, LevelAuto)
					if err != nil {
						t.Fatal(err)
					}
					o := DefaultOptions()
					o.Module, o.Eye, o.Size = style, eye, size
					if size < MinCanvasSize(s, o) {
						continue // not drawn: fewer pixels a module than the eyes read with
					}
					l, err := newLayout(s, &o)
					if err != nil {
						t.Fatal(err)
					}
					if !tiled(l, &o) {
						t.Fatalf("%s: not tiled", name)
					}
					stride := 1 + (size+1)/2
					got, want := make([]byte, stride*size), make([]byte, stride*size)
					sums := make([]deflate.RowSum, size)
					tiledRows(got, stride, 4, sums, s, l, &o)
					rasterRows(want, stride, 4, s, l, &o)
					compareShades(t, name, got, want, size)
					// The sums tiledRows adds up are the rows' own.
					for y := range size {
						if sum := rowSum(got[y*stride : (y+1)*stride]); sum != sums[y] {
							t.Fatalf("%s: row %d sums %+v, tiles added up %+v", name, y, sum, sums[y])
						}
					}
				}
			}
		}
	}
}

func compareShades(t *testing.T, name string, got, want []byte, size int) {
	t.Helper()
	edge, differ := 0, 0
	for i := range got {
		for _, shift := range []uint{4, 0} {
			a, b := int(got[i]>>shift&15), int(want[i]>>shift&15)
			if b != 0 && b != 15 {
				edge++
			}
			if d := a - b; d > 1 || d < -1 {
				t.Fatalf("%s: byte %d (row %d) shade %d, rasterized %d", name, i, i/(1+(size+1)/2), a, b)
			} else if d != 0 {
				differ++
			}
		}
	}
	// Shades round coverage to 16 steps, so a tiny difference in coverage
	// moves an edge pixel across a step: often where an edge falls on half
	// a pixel (bars at 15 px per module), or where x/image/vector uses
	// floating point for a canvas wider than 512 px and fixed point for a
	// tile.
	t.Logf("%s: %d of %d edge pixels differ by one shade", name, differ, edge)
}

// A tile style's module shape must stay inside its own cell for every
// neighbourhood, or tiles would cut it off at the cell's edge.
func TestTileStylesStayInTheirCells(t *testing.T) {
	for style := range tileStyles {
		for bits := 0; bits < 256; bits++ {
			b := func(i int) bool { return bits>>i&1 == 1 }
			nb := neighbours{b(0), b(1), b(2), b(3), b(4), b(5), b(6), b(7)}
			var p path
			moduleShapes[style](&p, 0, 0, nb)
			for _, op := range p.ops {
				for _, pt := range op.pts {
					if pt[0] < 0 || pt[0] > 1 || pt[1] < 0 || pt[1] > 1 {
						t.Fatalf("%s with neighbours %+v reaches (%g, %g), outside its cell", style, nb, pt[0], pt[1])
					}
				}
			}
		}
	}
}

// TestWideRowsMatchNibbleRows: rows drawn at 8 bits a pixel, as an
// overlay's colours may need, hold the shades of the 4-bit rows, from
// tiles (both phases of 4-bit tiles, at an odd size) and rasterized
// whole (styles that are not tiled, and a caption), and the sums tiles
// add up are the wide rows' own.
func TestWideRowsMatchNibbleRows(t *testing.T) {
	s := encodeT(t, "https://qrforge.example/tiles")
	for _, m := range ModuleStyles {
		for _, size := range []int{161, 512} {
			for _, label := range []string{"", "Pay here"} {
				name := fmt.Sprintf("%s/%d/%q", m, size, label)
				o := styled(m, EyeRounded, size)
				o.Label = label
				l, err := newLayout(s, &o)
				if err != nil {
					t.Fatal(err)
				}
				sc := new(pngScratch)
				narrow := slices.Clone(shadedRowsAt(sc, s, l, &o, 4))
				wide := shadedRowsAt(sc, s, l, &o, 8)
				ns, ws := rowStride(size, 4), rowStride(size, 8)
				for y := range size {
					for x := range size {
						if a, b := pixelAt(wide[y*ws:], x, 8), pixelAt(narrow[y*ns:], x, 4); a != b {
							t.Fatalf("%s: pixel (%d, %d) shade %d at 8 bits, %d at 4", name, x, y, a, b)
						}
					}
				}
				if tiled(l, &o) != (len(sc.sums) == size) {
					t.Fatalf("%s: %d row sums, tiled %v", name, len(sc.sums), tiled(l, &o))
				}
				for y := range sc.sums {
					if got := rowSum(wide[y*ws : (y+1)*ws]); got != sc.sums[y] {
						t.Fatalf("%s: row %d sums %+v, tiles added up %+v", name, y, got, sc.sums[y])
					}
				}
			}
		}
	}
}

// rowSum sums a row's bytes as deflate.RowSum does.
func rowSum(row []byte) deflate.RowSum {
	var s deflate.RowSum
	for i, b := range row {
		s.Sum += uint64(b)
		s.Weighted += uint64(i) * uint64(b)
	}
	return s
}

// TestMarkedRowsRepeat: drawTiles, asked to mark the rows it would copy
// from the row above, draws every other row as tiledRows does, and each
// marked row does equal the row above; bands of square modules are
// mostly marked.
func TestMarkedRowsRepeat(t *testing.T) {
	s := encodeT(t, "https://qrforge.example/tiles")
	for style := range tileStyles {
		for _, eye := range []EyeStyle{EyeSquare, EyeRounded, EyeLeaf} {
			for _, size := range []int{161, 512} {
				for _, depth := range []int{4, 8} {
					name := fmt.Sprintf("%s/%s/%d/%d", style, eye, size, depth)
					o := styled(style, eye, size)
					l, err := newLayout(s, &o)
					if err != nil {
						t.Fatal(err)
					}
					stride := rowStride(size, depth)
					whole, marked := make([]byte, stride*size), make([]byte, stride*size)
					tiledRows(whole, stride, depth, make([]deflate.RowSum, size), s, l, &o)
					repeats := make([]bool, size)
					drawTiles(marked, stride, depth, nil, repeats, s, l, &o)
					n := 0
					for y := range size {
						row := whole[y*stride : (y+1)*stride]
						if !repeats[y] {
							if !slices.Equal(marked[y*stride:(y+1)*stride], row) {
								t.Fatalf("%s: row %d differs from tiledRows'", name, y)
							}
							continue
						}
						n++
						if !slices.Equal(row, whole[(y-1)*stride:y*stride]) {
							t.Fatalf("%s: row %d is marked but differs from the row above", name, y)
						}
					}
					if style == ModuleSquare && eye == EyeSquare && n < size/2 {
						t.Fatalf("%s: %d of %d rows marked as repeats", name, n, size)
					}
				}
			}
		}
	}
}
