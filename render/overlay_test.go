package render

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/image/vector"
)

// testEmblem is a red square with a white plus, with a white border: the
// shape of the logos payment standards put over their codes.
func testEmblem(size float64) Overlay {
	const bar, arm = 1.0 / 6, 5.0 / 9
	lo, hi := 0.5-bar/2, 0.5+bar/2
	a0, a1 := 0.5-arm/2, 0.5+arm/2
	return Overlay{Size: size, Layers: []OverlayLayer{
		{Color: color.NRGBA{255, 255, 255, 255}, Polygons: [][][2]float64{{{0, 0}, {1, 0}, {1, 1}, {0, 1}}}},
		{Color: color.NRGBA{220, 0, 0, 255}, Polygons: [][][2]float64{{{0.07, 0.07}, {0.93, 0.07}, {0.93, 0.93}, {0.07, 0.93}}}},
		{Color: color.NRGBA{255, 255, 255, 255}, Polygons: [][][2]float64{
			{{lo, a0}, {hi, a0}, {hi, a1}, {lo, a1}},
			{{a0, lo}, {a1, lo}, {a1, hi}, {a0, hi}},
		}},
	}}
}

var overlayPayloads = []string{
	"https://example.com/pay?id=1",
	strings.Repeat("Overlay payload ", 8),
	strings.Repeat("A longer payload for a larger symbol. ", 14),
}

func overlayOptions(size int, m ModuleStyle) Options {
	o := DefaultOptions()
	o.Size, o.Module = size, m
	o.Overlay = testEmblem(7.0 / 46)
	return o
}

// TestOverlayDecodes reads codes carrying an emblem of 7/46 of their side
// at level M, in several versions, sizes and module styles.
func TestOverlayDecodes(t *testing.T) {
	for _, data := range overlayPayloads {
		s, err := Encode(data, LevelM)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range []ModuleStyle{ModuleSquare, ModuleDot} {
			for _, size := range []int{200, 512, 1200} {
				t.Run(fmt.Sprintf("v%d/%s/%d", s.Version, m, size), func(t *testing.T) {
					o := overlayOptions(size, m)
					o.Size = max(size, MinCanvasSize(s, o))
					b, err := PNG(s, o)
					if err != nil {
						t.Fatal(err)
					}
					if got := decodePNG(t, b); got != data {
						t.Fatalf("decoded %q", got)
					}
					img, _, _ := image.Decode(bytes.NewReader(b))
					// The centre of the emblem is the plus, white; a point
					// between the arms is the red square.
					c := o.Size / 2
					l, _ := newLayout(s, &o)
					quarter := int(o.Overlay.side(s.Size) * float64(l.scale) / 4)
					if got := color.NRGBAModel.Convert(img.At(c, c)).(color.NRGBA); got != (color.NRGBA{255, 255, 255, 255}) {
						t.Errorf("centre pixel %v, want the white plus", got)
					}
					if got := color.NRGBAModel.Convert(img.At(c-quarter, c-quarter)).(color.NRGBA); got != (color.NRGBA{220, 0, 0, 255}) {
						t.Errorf("pixel between the arms %v, want the red square", got)
					}
					svg, err := SVG(s, o)
					if err != nil {
						t.Fatal(err)
					}
					if !bytes.Contains(svg, []byte(`fill="#DC0000"`)) && !bytes.Contains(svg, []byte(`fill="#dc0000"`)) {
						t.Fatalf("SVG has no emblem layer")
					}
					if got := decodeImage(t, rasterizeSVG(t, svg, 512)); got != data {
						t.Fatalf("SVG decoded %q", got)
					}
				})
			}
		}
	}
}

// TestOverlayKnockOut checks that the modules under the emblem are cleared,
// the central alignment pattern with them, and that nothing else changes.
func TestOverlayKnockOut(t *testing.T) {
	s, err := Encode(overlayPayloads[2], LevelM)
	if err != nil {
		t.Fatal(err)
	}
	ov := testEmblem(7.0 / 46)
	k := ov.knockOut(s)
	lo, hi := ov.knockOutRange(s.Size)
	if side := ov.side(s.Size); float64(hi-lo) < side || float64(hi-lo) > side+2 {
		t.Fatalf("knock-out of %d modules for an emblem of %.2f", hi-lo, side)
	}
	for y := 0; y < s.Size; y++ {
		for x := 0; x < s.Size; x++ {
			inside := x >= lo && x < hi && y >= lo && y < hi
			if got := k.Modules[y*s.Size+x]; inside && got || !inside && got != s.Modules[y*s.Size+x] {
				t.Fatalf("module (%d, %d) is %v after the knock-out", x, y, got)
			}
		}
	}
	if &k.Modules[0] == &s.Modules[0] {
		t.Fatal("knockOut changed the caller's symbol")
	}
	// The central alignment pattern is not drawn: no eye path starts there.
	o := DefaultOptions()
	l, _ := newLayout(k, &o)
	c := float64(l.codeX + s.Size/2 - 2)
	for _, op := range newDrawing(k, l, &o).dark.ops {
		if op.kind == 'M' && op.pts[0][0] >= c && op.pts[0][0] < c+5 && op.pts[0][1] >= c && op.pts[0][1] < c+5 {
			t.Fatalf("something is drawn at (%v) inside the knock-out", op.pts[0])
		}
	}
	if none := (&Overlay{}).knockOut(s); none != s {
		t.Fatal("an empty overlay copied the symbol")
	}
}

// TestOverlaySizeCapped keeps an oversized emblem within MaxOverlaySize.
func TestOverlaySizeCapped(t *testing.T) {
	ov := testEmblem(0.9)
	if lo, hi := ov.knockOutRange(21); hi-lo > 7 || lo < 7 {
		t.Fatalf("knock-out [%d, %d) on version 1 reaches the function patterns", lo, hi)
	}
}

// TestZbarReadsOverlay reads emblem codes with zbar where it is installed.
//
// zbar refines its sampling grid with the alignment patterns, and on
// versions 8 to 13 it takes a dark square with a light cross in the centre
// (the emblem here, and payment-standard logos of that shape) for the central
// alignment pattern and fails; a plain dark or light emblem reads. ZXing,
// which phone scanners derive from, does not use that pattern and reads
// every version (TestOverlayDecodes). Those versions are left out here.
func TestZbarReadsOverlay(t *testing.T) {
	zbarimg, err := exec.LookPath("zbarimg")
	if err != nil {
		t.Skip("zbarimg not installed")
	}
	dir := t.TempDir()
	for _, data := range overlayPayloads {
		s, err := Encode(data, LevelM)
		if err != nil {
			t.Fatal(err)
		}
		if s.Version >= 8 && s.Version <= 13 {
			continue
		}
		for _, size := range []int{200, 512, 1200} {
			b, err := PNG(s, overlayOptions(size, ModuleSquare))
			if err != nil {
				t.Fatal(err)
			}
			file := filepath.Join(dir, fmt.Sprintf("v%d-%d.png", s.Version, size))
			if err := os.WriteFile(file, b, 0o644); err != nil {
				t.Fatal(err)
			}
			out, err := exec.Command(zbarimg, "--raw", "-q", file).Output()
			if got := strings.TrimSuffix(string(out), "\n"); err != nil || got != data {
				t.Errorf("v%d at %d px: zbarimg read %q (%v)", s.Version, size, got, err)
			}
		}
	}
}

// referenceEmblems are emblems of different kinds for a symbol of n
// modules: the test emblem, whose colours need 8 bits on a shaded
// drawing; a black and white one, like the Swiss cross, which fits the
// shaded drawing's 16 greys, and the same sized so that its edges lie a
// twentieth of a module inside the knocked-out square, where the
// diamonds and stars outside reach and organic fillets may, so that it
// is blended over shades and needs 8 bits after all; and a translucent
// ring that leaves the corners of its box to the drawing under it.
func referenceEmblems(n int) map[string]Overlay {
	ring := func(r float64) [][2]float64 {
		pts := make([][2]float64, 24)
		for i := range pts {
			a := 2 * math.Pi * float64(i) / float64(len(pts))
			pts[i] = [2]float64{0.5 + r*math.Cos(a), 0.5 + r*math.Sin(a)}
		}
		return pts
	}
	hole := ring(0.3)
	slices.Reverse(hole) // wound the other way: a hole under the non-zero rule
	black := testEmblem(7.0 / 46)
	black.Layers = slices.Clone(black.Layers)
	black.Layers[1].Color = color.NRGBA{0, 0, 0, 255}
	tight := black
	tight.Size = (5 - 0.1) / float64(n) // knocked out: 5 modules
	return map[string]Overlay{
		"red":   testEmblem(7.0 / 46),
		"black": black,
		"tight": tight,
		"ring": {Size: 0.2, Layers: []OverlayLayer{
			{Color: color.NRGBA{0, 90, 200, 160}, Polygons: [][][2]float64{ring(0.5), hole}},
			{Color: color.NRGBA{250, 200, 0, 255}, Polygons: [][][2]float64{ring(0.2)}},
		}},
	}
}

// referenceOverlay paints o's emblem the straightforward way: the
// knocked-out symbol is drawn as a PNG without it and decoded, each layer
// is rasterized, and every pixel blends the layers' colours, coverage
// quantised to shadeLevels, over the decoded colour.
func referenceOverlay(t *testing.T, s *Symbol, o Options) *image.NRGBA {
	t.Helper()
	ov := o.Overlay
	o.Overlay = Overlay{}
	k := ov.knockOut(s)
	b, err := PNG(k, o)
	if err != nil {
		t.Fatal(err)
	}
	img := decodeNRGBA(t, b)
	l, err := newLayout(k, &o)
	if err != nil {
		t.Fatal(err)
	}
	scale := float64(l.scale)
	side := min(ov.Size, MaxOverlaySize) * float64(l.n) * scale
	x0 := float64(l.offX) + float64(l.codeX)*scale + (float64(l.n)*scale-side)/2
	y0 := float64(l.offY) + float64(l.codeY)*scale + (float64(l.n)*scale-side)/2
	// The rasterizer works in fixed point up to 512 px and in floating
	// point beyond, which moves a few edge pixels by a shade: it covers
	// the emblem's box, rounded outwards, as the renderer's does.
	box := image.Rect(int(math.Floor(x0)), int(math.Floor(y0)), int(math.Ceil(x0+side)), int(math.Ceil(y0+side)))
	for _, layer := range ov.Layers {
		r := vector.NewRasterizer(box.Dx(), box.Dy())
		at := func(pt [2]float64) (float32, float32) {
			return float32(x0 + pt[0]*side - float64(box.Min.X)), float32(y0 + pt[1]*side - float64(box.Min.Y))
		}
		for _, poly := range layer.Polygons {
			r.MoveTo(at(poly[0]))
			for _, pt := range poly[1:] {
				r.LineTo(at(pt))
			}
			r.ClosePath()
		}
		cov := image.NewAlpha(image.Rect(0, 0, box.Dx(), box.Dy()))
		r.Draw(cov, cov.Bounds(), image.Opaque, image.Point{})
		for i, a := range cov.Pix {
			if level := (int(a)*(shadeLevels-1) + 127) / 255; level > 0 {
				x, y := box.Min.X+i%box.Dx(), box.Min.Y+i/box.Dx()
				img.SetNRGBA(x, y, blend(img.NRGBAAt(x, y), layer.Color, level, shadeLevels-1))
			}
		}
	}
	return img
}

func decodeNRGBA(t *testing.T, b []byte) *image.NRGBA {
	t.Helper()
	src, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	img := image.NewNRGBA(src.Bounds())
	for y := range src.Bounds().Dy() {
		for x := range src.Bounds().Dx() {
			img.SetNRGBA(x, y, color.NRGBAModel.Convert(src.At(x, y)).(color.NRGBA))
		}
	}
	return img
}

// TestOverlayMatchesReference compares PNG's emblems, painted from cached
// masks into rows drawn at the depth their colours need, with
// referenceOverlay, pixel by pixel, for every module style, several
// sizes (odd and even pixel offsets) and emblems of every kind. Where a
// plain drawing's 16-entry palette is full, a pixel may take the entry
// nearest the reference's colour; nothing else may differ.
func TestOverlayMatchesReference(t *testing.T) {
	depths := map[string]int{}
	for _, data := range overlayPayloads[:2] {
		s, err := Encode(data, LevelM)
		if err != nil {
			t.Fatal(err)
		}
		for name, ov := range referenceEmblems(s.Size) {
			for _, m := range ModuleStyles {
				for _, size := range []int{200, 512, 1001} {
					o := DefaultOptions()
					o.Size, o.Module, o.Overlay = size, m, ov
					b, err := PNG(s, o)
					if err != nil {
						t.Fatal(err)
					}
					depths[fmt.Sprintf("%s/%d", name, b[24])]++
					got, want := decodeNRGBA(t, b), referenceOverlay(t, s, o)
					pal := paletteOf(t, b)
					for i := range size * size {
						x, y := i%size, i/size
						g, w := got.NRGBAAt(x, y), want.NRGBAAt(x, y)
						if g != w && !(len(pal) == 16 && g == nearestColor(pal, w)) {
							t.Fatalf("v%d, %s emblem, %s modules, %d px: pixel (%d, %d) is %v, the reference %v",
								s.Version, name, m, size, x, y, g, w)
						}
					}
				}
			}
		}
	}
	// The tight emblem over shaded edges needs 8 bits, found once the
	// rows are drawn at 4: they are drawn again. Every way must have been
	// taken.
	for _, key := range []string{"red/4", "red/8", "black/4", "tight/8", "ring/8"} {
		if depths[key] == 0 {
			t.Errorf("no %s-bit PNG among the cases: %v", key, depths)
		}
	}
}

func paletteOf(t *testing.T, b []byte) color.Palette {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	p, ok := img.(*image.Paletted)
	if !ok {
		t.Fatalf("PNG decodes as %T, not paletted", img)
	}
	return p.Palette
}

// nearestColor is the palette entry nearest c, as paletteIndex picks it.
func nearestColor(p color.Palette, c color.NRGBA) color.NRGBA {
	pi := &paletteIndex{}
	for _, e := range p {
		pi.colors = append(pi.colors, color.NRGBAModel.Convert(e).(color.NRGBA))
	}
	return pi.colors[pi.nearest(c)]
}
