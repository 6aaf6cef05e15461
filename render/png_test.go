package render

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"testing"

	"golang.org/x/image/vector"
)

// TestPNGPooledBuffersDoNotLeak renders images of different sizes and
// styles in turn: pooled rows, rasterizers and masks must leave nothing of
// one image in the next.
func TestPNGPooledBuffersDoNotLeak(t *testing.T) {
	small := encodeT(t, "https://example.com/a")
	large := encodeT(t, version10Payload)
	styles := []Options{DefaultOptions(), styled(ModuleRounded, EyeSquircle, 1000), styled(ModuleDot, EyeSquare, 200)}
	first := make([][]byte, len(styles))
	for i, o := range styles {
		b, err := PNG(small, o)
		if err != nil {
			t.Fatal(err)
		}
		first[i] = b
	}
	for round := 0; round < 3; round++ {
		for i, o := range styles {
			if _, err := PNG(large, styled(ModuleOrganic, EyeLeaf, 1500)); err != nil {
				t.Fatal(err)
			}
			b, err := PNG(small, o)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(b, first[i]) {
				t.Fatalf("round %d, options %d: output differs after other images used the pools", round, i)
			}
			decodePNG(t, b)
		}
	}
}

// TestPNGSteadyStateAllocations: once the pools are warm, drawing a square
// PNG allocates the finished file and its two-entry palette, nothing per
// pixel or per row; a styled one adds only its drawing's path.
func TestPNGSteadyStateAllocations(t *testing.T) {
	s := encodeT(t, "https://example.com/item/1")
	for _, c := range []struct {
		o   Options
		max float64
	}{
		{DefaultOptions(), 2},
		{styled(ModuleRounded, EyeRounded, 512), 20},
	} {
		if _, err := PNG(s, c.o); err != nil {
			t.Fatal(err)
		}
		allocs := testing.AllocsPerRun(50, func() { PNG(s, c.o) })
		if allocs > c.max {
			t.Errorf("%s modules: %.0f allocations per PNG, want at most %.0f", c.o.Module, allocs, c.max)
		}
	}
}

// TestCoverageBoxMatchesWholeCanvas: rasterizing only the drawing's box
// loses nothing: every module and eye style paints the same coverage as
// a rasterizer over the whole canvas (within 8/255, half a shade, for the
// rasterizer's fixed-point rounding), and nothing outside the box.
func TestCoverageBoxMatchesWholeCanvas(t *testing.T) {
	s := encodeT(t, "https://example.com/item/1")
	for _, m := range ModuleStyles {
		for _, e := range EyeStyles {
			for _, size := range []int{200, 512, 1100} {
				o := styled(m, e, size)
				l, err := newLayout(s, &o)
				if err != nil {
					t.Fatal(err)
				}
				d := newDrawing(s, l, &o)
				sc := new(rasterScratch)
				got := coverage(sc, d)

				var r vector.Rasterizer
				r.Reset(size, size)
				k := float32(l.scale)
				pt := func(p [2]float64) (float32, float32) {
					return float32(l.offX) + float32(p[0])*k, float32(l.offY) + float32(p[1])*k
				}
				for _, op := range d.dark.ops {
					switch op.kind {
					case 'M':
						r.MoveTo(pt(op.pts[0]))
					case 'L':
						r.LineTo(pt(op.pts[0]))
					case 'C':
						x1, y1 := pt(op.pts[0])
						x2, y2 := pt(op.pts[1])
						x, y := pt(op.pts[2])
						r.CubeTo(x1, y1, x2, y2, x, y)
					case 'Z':
						r.ClosePath()
					}
				}
				want := image.NewAlpha(image.Rect(0, 0, size, size))
				r.Draw(want, want.Bounds(), image.Opaque, image.Point{})
				for i := range want.Pix {
					if d := int(got.Pix[i]) - int(want.Pix[i]); d < -8 || d > 8 {
						t.Fatalf("%s modules, %s eyes, %d px: pixel (%d, %d) has coverage %d, the whole-canvas rasterizer %d",
							m, e, size, i%size, i/size, got.Pix[i], want.Pix[i])
					}
				}
				d.release()
			}
		}
	}
}

// TestShadedPNGHoldsItsRows decodes styled PNGs with image/png, which
// checks the zlib stream and its Adler-32, and compares every pixel with
// the rows drawn before compression: render/deflate's cell lookups must
// lose nothing, for tiled and whole-rasterized styles, with and without a
// frame, at sizes whose cells start on odd and even pixels.
func TestShadedPNGHoldsItsRows(t *testing.T) {
	for _, data := range []string{"https://example.com/a", version10Payload} {
		s := encodeT(t, data)
		for _, m := range []ModuleStyle{ModuleRounded, ModuleDot, ModuleOrganic, ModuleDiamond, ModuleVerticalBars} {
			for _, size := range []int{160, 512, 1001} {
				o := styled(m, EyeLeaf, size)
				if m == ModuleDiamond {
					o.Frame = FrameScanMe
				}
				name := fmt.Sprintf("%s/%s/%d", data[:21], m, size)
				b, err := PNG(s, o)
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				img, err := png.Decode(bytes.NewReader(b))
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				l, err := newLayout(s, &o)
				if err != nil {
					t.Fatal(err)
				}
				rows, _, _ := shadedRows(new(pngScratch), s, l, &o)
				stride := len(rows) / size
				p := img.(*image.Paletted)
				for y := 0; y < size; y++ {
					for x := 0; x < size; x++ {
						want := rows[y*stride+1+x/2] >> (4 * (1 - x%2)) & 15
						if got := p.ColorIndexAt(x, y); got != want {
							t.Fatalf("%s: pixel (%d, %d) is shade %d, drawn %d", name, x, y, got, want)
						}
					}
				}
			}
		}
	}
}
