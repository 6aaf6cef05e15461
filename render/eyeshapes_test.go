package render

import (
	"bytes"
	"fmt"
	"image"
	"testing"

	"github.com/qrforge/qrforge/render/deflate"
	"golang.org/x/image/vector"
)

// eyeCoverage rasterizes a frame or ball of side modules at px pixels a
// module and returns its coverage.
func eyeCoverage(draw func(p *path), side, px int) *image.Alpha {
	var p path
	draw(&p)
	var r vector.Rasterizer
	r.Reset(side*px, side*px)
	addPath(&r, p.ops, 0, 0, float32(px))
	img := image.NewAlpha(image.Rect(0, 0, side*px, side*px))
	r.Draw(img, img.Rect, image.Opaque, image.Point{})
	return img
}

// darkSpans are the dark runs, in modules, along the line through the
// centre of a side×side coverage, across (horizontal) or down.
func darkSpans(img *image.Alpha, px int, across bool) [][2]float64 {
	n := img.Rect.Dx()
	mid := n / 2
	var spans [][2]float64
	start := -1
	for i := 0; i <= n; i++ {
		dark := false
		if i < n {
			a := img.AlphaAt(i, mid).A
			if !across {
				a = img.AlphaAt(mid, i).A
			}
			dark = a >= 128
		}
		switch {
		case dark && start < 0:
			start = i
		case !dark && start >= 0:
			spans = append(spans, [2]float64{float64(start) / float64(px), float64(i) / float64(px)})
			start = -1
		}
	}
	return spans
}

// ISO/IEC 18004 §6.3.3: along the row and the column through a finder's
// centre, every frame is dark exactly on its outer module on each side and
// every ball exactly on the middle three, which keeps 1:1:3:1:1 and the
// finder's full extent whatever frame and ball are paired.
func TestEyePartsKeepTheFinderRuns(t *testing.T) {
	const px = 40
	near := func(got, want [][2]float64) bool {
		if len(got) != len(want) {
			return false
		}
		for i := range got {
			for j := range 2 {
				if d := got[i][j] - want[i][j]; d > 1.0/px || d < -1.0/px {
					return false
				}
			}
		}
		return true
	}
	for _, f := range EyeFrames {
		for corner := range 4 {
			img := eyeCoverage(func(p *path) { eyeFrames[f](p, 0, 0, 7, corner) }, 7, px)
			for _, across := range []bool{true, false} {
				if got := darkSpans(img, px, across); !near(got, [][2]float64{{0, 1}, {6, 7}}) {
					t.Errorf("frame %s (corner %d, across %v): dark on %v, want [0,1] and [6,7]", f, corner, across, got)
				}
			}
		}
	}
	for _, b := range EyeBalls {
		for corner := range 4 {
			img := eyeCoverage(func(p *path) { eyeBalls[b](p, 0, 0, 7, corner) }, 7, px)
			for _, across := range []bool{true, false} {
				if got := darkSpans(img, px, across); !near(got, [][2]float64{{2, 5}}) {
					t.Errorf("ball %s (corner %d, across %v): dark on %v, want [2,5]", b, corner, across, got)
				}
			}
		}
	}
}

// ISO/IEC 18004 §6.3.6: zbar matches all 25 module centres of an alignment
// pattern, so every frame and ball keeps each module's centre the colour
// of the square pattern's module.
func TestEyePartsKeepAlignmentModuleCentres(t *testing.T) {
	const px = 20
	for _, f := range EyeFrames {
		for _, b := range EyeBalls {
			img := eyeCoverage(func(p *path) {
				eyeFrames[f](p, 0, 0, 5, 0)
				eyeBalls[b](p, 0, 0, 5, 0)
			}, 5, px)
			for y := range 5 {
				for x := range 5 {
					want := x == 0 || y == 0 || x == 4 || y == 4 || x == 2 && y == 2
					if got := img.AlphaAt(x*px+px/2, y*px+px/2).A >= 128; got != want {
						t.Errorf("frame %s, ball %s: alignment module (%d, %d) dark %v, want %v", f, b, x, y, got, want)
					}
				}
			}
		}
	}
}

// Every eye style is the frame and the ball of its name, and eyeframe and
// eyeball replace the style's part: the drawings are the same bytes.
func TestEyeStyleIsItsFrameAndBall(t *testing.T) {
	s := encodeT(t, testPayloads[0].data)
	for _, e := range EyeStyles {
		if _, ok := eyeFrames[EyeFrame(e)]; !ok {
			t.Fatalf("eye %s has no frame", e)
		}
		if _, ok := eyeBalls[EyeBall(e)]; !ok {
			t.Fatalf("eye %s has no ball", e)
		}
		for _, f := range []func(*Symbol, Options) ([]byte, error){PNG, SVG} {
			preset := styled(ModuleRounded, e, 300)
			parts := styled(ModuleRounded, EyeSquare, 300)
			parts.EyeFrame, parts.EyeBall = EyeFrame(e), EyeBall(e)
			a, _ := f(s, preset)
			b, _ := f(s, parts)
			if !bytes.Equal(a, b) {
				t.Errorf("eye=%s differs from eyeframe=%s&eyeball=%s", e, e, e)
			}
			over := styled(ModuleRounded, EyeLeaf, 300)
			over.EyeFrame = EyeFrameCut
			parts.EyeFrame, parts.EyeBall = EyeFrameCut, EyeBallLeaf
			a, _ = f(s, over)
			b, _ = f(s, parts)
			if !bytes.Equal(a, b) {
				t.Error("eye=leaf&eyeframe=cut differs from eyeframe=cut&eyeball=leaf")
			}
		}
	}
}

// TestEyeFramesAndBallsDecode reads every frame with every ball at 512 px,
// in PNG and in SVG painted by oksvg. gozxing reads all of them; the pairs
// that other decoders miss are in analysis's eyeClashes (docs/decoders.md).
func TestEyeFramesAndBallsDecode(t *testing.T) {
	for _, p := range testPayloads {
		s := encodeT(t, p.data)
		for _, f := range EyeFrames {
			for _, b := range EyeBalls {
				t.Run(fmt.Sprintf("%s/%s/%s", p.name, f, b), func(t *testing.T) {
					t.Parallel()
					o := styled(ModuleSquare, EyeSquare, 512)
					o.EyeFrame, o.EyeBall = f, b
					png, err := PNG(s, o)
					if err != nil {
						t.Fatal(err)
					}
					if got := decodePNG(t, png); got != p.data {
						t.Fatalf("PNG decoded %q", got)
					}
					svg, err := SVG(s, o)
					if err != nil {
						t.Fatal(err)
					}
					if got := decodeImage(t, rasterizeSVG(t, svg, 512)); got != p.data {
						t.Fatalf("SVG decoded %q", got)
					}
				})
			}
		}
	}
}

// Eye tiles are keyed by frame and ball: every pair, tiled, paints what
// the whole drawing rasterized paints.
func TestTiledEyeParts(t *testing.T) {
	s := encodeT(t, testPayloads[0].data)
	const size = 333
	for _, f := range EyeFrames {
		for _, b := range EyeBalls {
			o := styled(ModuleDot, EyeSquare, size)
			o.EyeFrame, o.EyeBall = f, b
			l, err := newLayout(s, &o)
			if err != nil {
				t.Fatal(err)
			}
			stride := 1 + (size+1)/2
			got, want := make([]byte, stride*size), make([]byte, stride*size)
			tiledRows(got, stride, 4, make([]deflate.RowSum, size), s, l, &o)
			rasterRows(want, stride, 4, s, l, &o)
			compareShades(t, fmt.Sprintf("%s/%s", f, b), got, want, size)
		}
	}
}
