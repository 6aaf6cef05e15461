package render

import (
	"fmt"
	"github.com/qrforge/qrforge/render/deflate"
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
					tiledRows(got, stride, sums, s, l, &o)
					rasterRows(want, stride, s, l, &o)
					compareShades(t, name, got, want, size)
					// The sums tiledRows adds up are the rows' own.
					for y := range size {
						var sum deflate.RowSum
						for j, b := range got[y*stride : (y+1)*stride] {
							sum.Sum += uint64(b)
							sum.Weighted += uint64(j) * uint64(b)
						}
						if sum != sums[y] {
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
