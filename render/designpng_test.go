package render

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math"
	"testing"

	"github.com/qrforge/qrforge/render/deflate"
)

// designCases are designs of more than two colours that fit a palette.
func designCases(t testing.TB) map[string]func(*Options) {
	wifi, ok := IconNamed("wifi")
	if !ok {
		t.Fatal("no wifi icon")
	}
	linear := func() *Gradient {
		return &Gradient{Kind: GradientLinear, Angle: 135, Stops: []Stop{{Offset: 0, Color: indigo}, {Offset: 1, Color: wine}}}
	}
	return map[string]func(*Options){
		"linear":  func(o *Options) { o.Gradient = linear() },
		"rounded": func(o *Options) { o.Module, o.Eye = ModuleRounded, EyeRounded; o.Gradient = linear() },
		"dot":     func(o *Options) { o.Module, o.Eye = ModuleDot, EyeLeaf; o.Gradient = linear() },
		"radial three stops": func(o *Options) {
			o.Gradient = &Gradient{Kind: GradientRadial, Stops: []Stop{{0, wine}, {0.5, indigo}, {1, teal}}}
		},
		"eye colours": func(o *Options) {
			o.EyeColors = [3]EyeColors{{Frame: teal, Centre: wine}, {Frame: wine}, {Centre: teal}}
		},
		"eye colours on a gradient, rounded": func(o *Options) {
			o.Module, o.EyeFrame, o.EyeBall = ModuleRounded, EyeFrameRounded, EyeBallRounded
			o.Gradient = linear()
			o.EyeColors[0] = EyeColors{Frame: teal, Centre: wine}
		},
		"icon": func(o *Options) { o.Logo = &Logo{Size: DefaultLogoSize, Padding: DefaultLogoPadding, Icon: wifi} },
		"icon on a rounded plate, gradient, eye colours": func(o *Options) {
			o.Module = ModuleClassy
			o.Gradient = linear()
			o.EyeColors[2] = EyeColors{Frame: teal, Centre: teal}
			o.Logo = &Logo{Size: 0.25, Padding: 1, Icon: wifi, Plate: color.NRGBA{255, 244, 214, 255}, Rounded: true, Ink: teal}
		},
		"transparent": func(o *Options) {
			o.Background = color.NRGBA{}
			o.Gradient = linear()
		},
		"bubble frame in a colour, gradient": func(o *Options) {
			fc := teal
			o.Frame, o.FrameColor, o.Label = FrameBubble, &fc, "SCAN ME"
			o.Gradient = linear()
		},
		"banner below, eye colours": func(o *Options) {
			o.Frame, o.Label = FrameBannerBelow, "Scan for the menu"
			o.EyeColors[0] = EyeColors{Frame: teal, Centre: wine}
		},
		"banner above in a colour, text colour, rounded, icon": func(o *Options) {
			fc, tc := wine, color.NRGBA{255, 241, 118, 255}
			o.Frame, o.FrameColor, o.TextColor, o.Label = FrameBannerAbove, &fc, &tc, "Ελληνικά Кириллица"
			o.Module, o.Eye = ModuleRounded, EyeRounded
			o.Gradient = linear()
			o.Logo = &Logo{Size: DefaultLogoSize, Padding: DefaultLogoPadding, Icon: wifi}
		},
		"box frame, label, gradient": func(o *Options) {
			fc := teal
			o.Frame, o.FrameColor, o.Label = FrameBox, &fc, "Menu"
			o.Gradient = linear()
		},
		"bubble on a transparent background, gradient": func(o *Options) {
			fc := teal
			o.Background = color.NRGBA{}
			o.Frame, o.FrameColor, o.Label = FrameBubble, &fc, "SCAN ME"
			o.Gradient = linear()
		},
		"label, radial gradient": func(o *Options) {
			o.Label = "Scan for the menu"
			o.Gradient = &Gradient{Kind: GradientRadial, Stops: []Stop{{0, wine}, {1, indigo}}}
		},
	}
}

// TestDesignsArePaletted checks that designs whose colours fit 256 entries
// are drawn as 8-bit paletted PNGs, that every one decodes, and that each
// pixel is within a few levels of the same design drawn in truecolour.
func TestDesignsArePaletted(t *testing.T) {
	const data = "https://example.com/designs"
	for name, set := range designCases(t) {
		t.Run(name, func(t *testing.T) {
			o := DefaultOptions()
			o.Size = 512
			set(&o)
			checkAgainstTruecolour(t, data, o, 3)
		})
	}
}

// checkAgainstTruecolour draws data in o as an 8-bit PNG of colourType,
// decodes it, and compares its pixels with the design composited layer
// by layer in truecolour, which paints the gradient pixel by pixel.
func checkAgainstTruecolour(t *testing.T, data string, o Options, colourType byte) {
	t.Helper()
	s := encodeFor(t, data, &o)
	b, err := PNG(s, o)
	if err != nil {
		t.Fatal(err)
	}
	if b[24] != 8 || b[25] != colourType {
		t.Fatalf("IHDR depth %d colour type %d; want 8-bit type %d", b[24], b[25], colourType)
	}
	if got := decodePNG(t, b); got != data {
		t.Fatalf("decoded %q", got)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	want, err := truecolourImage(s, o)
	if err != nil {
		t.Fatal(err)
	}
	// Inks are the gradient at module centres in up to 128 steps, edges
	// share a few ramps: measured, the mean is within a quarter of a
	// level and no pixel is 32 levels off.
	if mean, far := pixelDistance(img, want); mean > 0.75 || far > 0.001 {
		t.Errorf("against truecolour: mean difference %.2f levels, %.2f%% of pixels off by more than 32", mean, 100*far)
	}
}

// TestPictureLogosStayTruecolour checks the designs a palette cannot hold.
func TestPictureLogosStayTruecolour(t *testing.T) {
	o := DefaultOptions()
	o.Size = 256
	o.Logo = &Logo{Size: DefaultLogoSize, Padding: DefaultLogoPadding, Image: benchPicture(64)}
	s := encodeFor(t, "https://example.com/picture", &o)
	b, err := PNG(s, o)
	if err != nil {
		t.Fatal(err)
	}
	if b[25] == 3 {
		t.Fatal("a picture logo was drawn in a palette")
	}
}

// TestPictureDesignsMatchTruecolour checks the designs with a picture
// logo drawn from palette indices widened to truecolour (picturePNG):
// each decodes, and each pixel is within a few levels of the design
// composited layer by layer, picture included.
func TestPictureDesignsMatchTruecolour(t *testing.T) {
	const data = "https://example.com/picture"
	translucent := benchPicture(96)
	for i := 3; i < len(translucent.Pix); i += 4 {
		translucent.Pix[i] = uint8(i / 4 % 256)
	}
	linear := &Gradient{Kind: GradientLinear, Angle: 135, Stops: []Stop{{Offset: 0, Color: indigo}, {Offset: 1, Color: wine}}}
	cases := map[string]struct {
		set        func(*Options)
		colourType byte
	}{
		"gradient": {func(o *Options) { o.Gradient = linear }, 2},
		"rounded plate, rounded modules, eye colours": {func(o *Options) {
			o.Module, o.Eye = ModuleRounded, EyeRounded
			o.Gradient = linear
			o.EyeColors[1] = EyeColors{Frame: teal, Centre: wine}
			o.Logo.Plate, o.Logo.Rounded = color.NRGBA{255, 244, 214, 255}, true
		}, 2},
		"translucent picture": {func(o *Options) { o.Logo.Image = translucent }, 2},
		"everything": {func(o *Options) {
			fc := teal
			o.Module, o.Eye = ModuleRounded, EyeRounded
			o.Gradient = linear
			o.EyeColors[0] = EyeColors{Frame: teal, Centre: wine}
			o.Logo.Plate, o.Logo.Rounded = color.NRGBA{255, 255, 255, 255}, true
			o.Frame, o.FrameColor, o.Label = FrameBubble, &fc, "SCAN ME"
		}, 2},
		"transparent background": {func(o *Options) {
			o.Background = color.NRGBA{}
			o.Gradient = linear
			o.Logo.Image = translucent
		}, 6},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			o := DefaultOptions()
			o.Size = 512
			o.Logo = &Logo{Size: DefaultLogoSize, Padding: DefaultLogoPadding, Image: benchPicture(200)}
			c.set(&o)
			checkAgainstTruecolour(t, data, o, c.colourType)
		})
	}
}

func encodeFor(t testing.TB, data string, o *Options) *Symbol {
	t.Helper()
	var s *Symbol
	var err error
	if o.Logo != nil {
		s, err = EncodeWithLogo(data, LevelAuto, DefaultECI, o.Logo.Size, o.Logo.Padding, 0)
	} else {
		s, err = Encode(data, LevelAuto)
	}
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// pixelDistance is the mean absolute channel difference of a and b, in
// levels of 255 (colours premultiplied, so transparent pixels agree),
// and the fraction of pixels with a channel more than 32 apart.
func pixelDistance(a image.Image, b *image.NRGBA) (mean, far float64) {
	r := b.Rect
	var sum float64
	var n, off int
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			p := color.NRGBA64Model.Convert(a.At(x, y)).(color.NRGBA64)
			ar, ag, ab, aa := color.NRGBA64{R: p.R, G: p.G, B: p.B, A: p.A}.RGBA()
			br, bg, bb, ba := b.At(x, y).RGBA()
			worst := 0.0
			for _, d := range []float64{diff(ar, br), diff(ag, bg), diff(ab, bb), diff(aa, ba)} {
				sum += d
				worst = max(worst, d)
			}
			n += 4
			if worst > 32 {
				off++
			}
		}
	}
	return sum / float64(n), float64(off) / float64(r.Dx()*r.Dy())
}

func diff(a, b uint32) float64 {
	d := float64(a>>8) - float64(b>>8)
	if d < 0 {
		return -d
	}
	return d
}

// TestModuleInksFollowTheGradient: each module takes the gradient's step
// nearest t at its centre, as gradientLine.t computes it, at angles
// where the line's direction has both signs and either part zero.
func TestModuleInksFollowTheGradient(t *testing.T) {
	s := encodeT(t, version10Payload)
	for _, angle := range []float64{0, 45, 90, 135, 180, 200, 271.5, 333.3} {
		for _, kind := range []GradientKind{GradientLinear, GradientRadial} {
			o := DefaultOptions()
			o.Size = 777
			o.Gradient = &Gradient{Kind: kind, Angle: angle, Stops: []Stop{{0, wine}, {0.3, teal}, {1, indigo}}}
			l, err := newLayout(s, &o)
			if err != nil {
				t.Fatal(err)
			}
			d, ok := palettedDesign(l, &o)
			if !ok {
				t.Fatal("not paletted")
			}
			got := d.moduleInks(s, l, &o)
			gl := newGradientLine(o.Gradient, float64(l.codeX), float64(l.codeY), float64(l.n))
			last := float64(len(d.gradient) - 1)
			for y := range s.Rows() {
				for x := range s.Size {
					tc := gl.t(float64(l.codeX+x)+0.5, float64(l.codeY+y)+0.5)
					if want := uint8(d.gradient[int(math.Round(tc*last))]); got[y*s.Size+x] != want {
						t.Fatalf("%s %g°: module (%d, %d) ink %d, want %d", kind, angle, x, y, got[y*s.Size+x], want)
					}
				}
			}
		}
	}
}

// TestDesignRowsFlagTheirRepeats: the rows a design flags as repeats,
// which render/deflate codes as copies without comparing them, equal the
// row above, logo and all; and most rows of square modules are flagged.
func TestDesignRowsFlagTheirRepeats(t *testing.T) {
	for name, set := range designCases(t) {
		for _, size := range []int{333, 512} {
			o := DefaultOptions()
			o.Size = size
			set(&o)
			s := o.Logo.knockOut(encodeFor(t, "https://example.com/designs", &o))
			l, err := newLayout(s, &o)
			if err != nil {
				t.Fatal(err)
			}
			inks, ok := palettedDesign(l, &o)
			if !ok {
				t.Fatalf("%s: not paletted", name)
			}
			sc := new(pngScratch)
			rows, repeats := designRows(sc, s, l, &o, inks)
			stride, n := rowStride(size, 8), 0
			for y, r := range repeats {
				if !r {
					continue
				}
				n++
				if y == 0 || !bytes.Equal(rows[y*stride:(y+1)*stride], rows[(y-1)*stride:y*stride]) {
					t.Fatalf("%s at %d px: row %d is flagged but differs from the row above", name, size, y)
				}
			}
			if o.Module == ModuleSquare && n < size/2 {
				t.Errorf("%s at %d px: %d of %d rows flagged", name, size, n, size)
			}
			// Coded as copies unseen, they make the stream comparing them makes.
			cells := cellStarts(nil, l, 8)
			var e deflate.Encoder
			want := e.Zlib(nil, rows, stride, cells, nil)
			e.Repeats = repeats
			if got := e.Zlib(nil, rows, stride, cells, nil); !bytes.Equal(got, want) {
				t.Errorf("%s at %d px: flagging repeats changes the stream", name, size)
			}
		}
	}
}

// TestFramedDesignsAtEverySize draws every frame around a design of many
// colours, with an icon and with a picture, from the smallest size up,
// and reads each back: the paletted and widened paths place the frame,
// the caption and the logo at every scale.
func TestFramedDesignsAtEverySize(t *testing.T) {
	wifi, _ := IconNamed("wifi")
	logos := map[string]func() *Logo{
		"icon":    func() *Logo { return &Logo{Size: DefaultLogoSize, Padding: DefaultLogoPadding, Icon: wifi} },
		"picture": func() *Logo { return &Logo{Size: 0.25, Padding: 1, Image: benchPicture(40)} },
	}
	for _, f := range Frames {
		for name, logo := range logos {
			for _, size := range []int{0, 150, 333, 1000} {
				o := DefaultOptions()
				fc := teal
				o.Frame, o.FrameColor = f, &fc
				if f == FrameNone {
					o.Label = "Menu"
				}
				o.Module, o.Eye = ModuleRounded, EyeRounded
				o.Gradient = &Gradient{Kind: GradientLinear, Angle: 45, Stops: []Stop{{Offset: 0, Color: indigo}, {Offset: 1, Color: wine}}}
				o.EyeColors[2] = EyeColors{Frame: wine, Centre: teal}
				o.Logo = logo()
				data := "https://example.com/framed"
				s := encodeFor(t, data, &o)
				o.Size = max(size, MinCanvasSize(s, o)) // 0: the smallest
				b, err := PNG(s, o)
				if err != nil {
					t.Fatalf("%s, %s, %d px: %v", f, name, size, err)
				}
				if size < 150 {
					continue // too few pixels a module to read back
				}
				if got := decodePNG(t, b); got != data {
					t.Errorf("%s, %s, %d px: decoded %q", f, name, size, got)
				}
			}
		}
	}
}
