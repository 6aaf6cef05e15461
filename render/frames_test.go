package render

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"slices"
	"strings"
	"testing"
)

var (
	testFrameColor = color.NRGBA{0xe6, 0x39, 0x46, 255}
	testTextColor  = color.NRGBA{0xff, 0xf1, 0x76, 255}
	testNavy       = color.NRGBA{0x1d, 0x35, 0x57, 255}
)

// framed is o with frame f and, when coloured, a frame and text colour of
// their own; a plain caption's text is then navy on white.
func framed(o Options, f Frame, coloured bool) Options {
	o.Frame = f
	if f == FrameNone {
		o.Label = "Table 12"
	}
	if coloured {
		fc, tc := testFrameColor, testTextColor
		if !f.Banner() {
			tc = testNavy
		}
		o.FrameColor, o.TextColor = &fc, &tc
	}
	return o
}

// TestFramesDecode reads every template back with gozxing, in PNG and in
// SVG (rasterized by oksvg), at 200, 300 and 1000 px, in the default
// colours and in colours of their own.
func TestFramesDecode(t *testing.T) {
	sizes := []int{200, 300, 1000}
	for _, p := range testPayloads {
		s := encodeT(t, p.data)
		for _, f := range Frames {
			for _, coloured := range []bool{false, true} {
				for _, m := range []ModuleStyle{ModuleSquare, ModuleDot} {
					for _, size := range sizes {
						name := fmt.Sprintf("%s/%s/coloured=%v/%s/%d", p.name, f, coloured, m, size)
						t.Run(name, func(t *testing.T) {
							t.Parallel()
							o := framed(styled(m, EyeRounded, size), f, coloured)
							b, err := PNG(s, o)
							if err != nil {
								t.Fatal(err)
							}
							if got := decodePNG(t, b); got != p.data {
								t.Fatalf("PNG decoded %q", got)
							}
							svg, err := SVG(s, o)
							if err != nil {
								t.Fatal(err)
							}
							if got := decodeImage(t, rasterizeSVG(t, svg, size)); got != p.data {
								t.Fatalf("SVG decoded %q", got)
							}
						})
					}
				}
			}
		}
	}
}

// TestFramesKeepTheQuietZone: every pixel of the quiet zone is background,
// for every template, margin and size. The banners' one allowance is
// their hole's corners, rounded by half a module into the quiet zone's far
// corners, as banner-below (scanme) has always drawn them.
func TestFramesKeepTheQuietZone(t *testing.T) {
	s := encodeT(t, testPayloads[0].data)
	for _, f := range Frames {
		for _, margin := range []int{1, 2, 4} {
			for _, size := range []int{200, 333, 1000} {
				for _, coloured := range []bool{false, true} {
					o := framed(styled(ModuleRounded, EyeSquare, size), f, coloured)
					o.Margin = margin
					b, err := PNG(s, o)
					if err != nil {
						t.Fatal(err)
					}
					img, err := png.Decode(bytes.NewReader(b))
					if err != nil {
						t.Fatal(err)
					}
					l, _ := newLayout(s, &o)
					px := func(modules int) int { return modules * l.scale }
					x0, y0 := l.offX+px(l.codeX-margin), l.offY+px(l.codeY-margin)
					side := px(s.Size + 2*margin)
					corner := 0
					if f.Banner() && f != FrameBubble {
						corner = (l.scale + 1) / 2
					}
					bad := 0
					for y := y0; y < y0+side; y++ {
						for x := x0; x < x0+side; x++ {
							inSymbol := x >= x0+px(margin) && x < x0+side-px(margin) && y >= y0+px(margin) && y < y0+side-px(margin)
							nearX := x < x0+corner || x >= x0+side-corner
							nearY := y < y0+corner || y >= y0+side-corner
							if inSymbol || nearX && nearY {
								continue
							}
							if color.NRGBAModel.Convert(img.At(x, y)) != o.Background {
								bad++
							}
						}
					}
					if bad > 0 {
						t.Errorf("%s margin %d size %d coloured=%v: %d quiet-zone pixels are not background", f, margin, size, coloured, bad)
					}
				}
			}
		}
	}
}

// TestFrameColorsPaint finds the frame colour, the text colour and the
// foreground in a coloured PNG, and the same fills in its SVG.
func TestFrameColorsPaint(t *testing.T) {
	s := encodeT(t, testPayloads[0].data)
	for _, c := range []struct {
		f          Frame
		frameColor bool
	}{
		{FrameBannerBelow, true}, {FrameBannerAbove, true}, {FrameBox, true}, {FrameBubble, true}, {FrameCorners, true},
		// The text alone in a colour of its own.
		{FrameBubble, false}, {FrameBox, false}, {FrameNone, false},
	} {
		f := c.f
		o := framed(styled(ModuleSquare, EyeSquare, 600), f, true)
		o.Foreground = testNavy
		frameColor := testFrameColor
		if !c.frameColor {
			o.FrameColor, frameColor = nil, testNavy
		}
		if !f.Banner() {
			tc := color.NRGBA{0x80, 0, 0x80, 255}
			o.TextColor = &tc
		}
		b, err := PNG(s, o)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		count := map[color.NRGBA]int{}
		bounds := img.Bounds()
		for y := bounds.Min.Y; y < bounds.Max.Y; y++ {
			for x := bounds.Min.X; x < bounds.Max.X; x++ {
				count[color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA)]++
			}
		}
		_, text := o.CaptionColors()
		for name, c := range map[string]color.NRGBA{"frame": frameColor, "text": text, "foreground": testNavy, "background": o.Background} {
			// Text strokes are a few pixels wide: even the thinnest
			// template paints hundreds of pixels of each colour.
			if count[c] < 100 {
				t.Errorf("%s: %s colour #%s on %d pixels", f, name, HexColor(c), count[c])
			}
		}
		svg, err := SVG(s, o)
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{`<path fill="#` + HexColor(frameColor) + `"`, `<path fill="#` + HexColor(testNavy) + `"`, `fill="#` + HexColor(text) + `">` + cmp.Or(o.Label, DefaultBanner) + "</text>"} {
			if !strings.Contains(string(svg), want) {
				t.Errorf("%s: SVG lacks %s", f, want)
			}
		}
	}
}

// TestDefaultFrameColorsDrawAsBefore: a frame or text colour equal to
// what the one-colour drawing paints gives the same bytes as none, so
// banner-below keeps scanme's images.
func TestDefaultFrameColorsDrawAsBefore(t *testing.T) {
	s := encodeT(t, testPayloads[0].data)
	for _, f := range Frames {
		plain := framed(styled(ModuleDot, EyeLeaf, 300), f, false)
		same := plain
		fc := plain.Foreground
		tc := plain.Foreground
		if f.Banner() {
			tc = plain.Background
		}
		same.FrameColor, same.TextColor = &fc, &tc
		for _, draw := range []func(*Symbol, Options) ([]byte, error){PNG, SVG} {
			a, _ := draw(s, plain)
			b, _ := draw(s, same)
			if !bytes.Equal(a, b) {
				t.Errorf("%s: default colours given explicitly change the image", f)
			}
		}
	}
}

// TestFramedPNGIsPaletted: a coloured frame is an 8-bit paletted PNG with
// room to spare, its entries the blends of four colours.
func TestFramedPNGIsPaletted(t *testing.T) {
	s := encodeT(t, testPayloads[1].data)
	for _, f := range Frames {
		b, err := PNG(s, framed(styled(ModuleOrganic, EyeLeaf, 512), f, true))
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		pal, ok := img.(*image.Paletted)
		if !ok {
			t.Fatalf("%s: decoded as %T", f, img)
		}
		if n := len(pal.Palette); n > 128 {
			t.Errorf("%s: %d palette entries; four colours' blends need fewer", f, n)
		}
	}
}

func TestMissingGlyphs(t *testing.T) {
	cases := []struct {
		s    string
		want []rune
	}{
		{"SCAN ME", nil},
		{"Grüße, Ελλάδα, Привет! 2€ «ok»", nil},
		{"東京 Tokyo 東", []rune{'東', '京'}},
		{"Menu 😀", []rune{'😀'}},
		{"👍🏽\u200d", []rune{'👍', '🏽', '\u200d'}},
	}
	for _, c := range cases {
		if got := MissingGlyphs(c.s, FontBold); !slices.Equal(got, c.want) {
			t.Errorf("MissingGlyphs(%q) = %q, want %q", c.s, got, c.want)
		}
	}
}

func TestParseFrame(t *testing.T) {
	for in, want := range map[string]Frame{
		"scanme": FrameBannerBelow, "SCAN-ME": FrameBannerBelow, "frame": FrameBannerBelow,
		"banner_above": FrameBannerAbove, "Box": FrameBox, "bubble": FrameBubble, "corners": FrameCorners, "none": FrameNone,
	} {
		if got, ok := ParseFrame(in); !ok || got != want {
			t.Errorf("ParseFrame(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	if _, ok := ParseFrame("ticket"); ok {
		t.Error("ParseFrame accepts ticket")
	}
}

// TestCanvasModulesIsTheLayout: the canvas side the service sizes fixes
// by is the one PNG divides its pixels by, ModulePixels a module.
func TestCanvasModulesIsTheLayout(t *testing.T) {
	s := encodeT(t, testPayloads[1].data)
	for _, f := range Frames {
		for _, label := range []string{"", "Hi"} {
			for _, logo := range []*Logo{nil, {Size: DefaultLogoSize, Padding: DefaultLogoPadding}} {
				o := DefaultOptions()
				o.Frame, o.Label, o.Logo = f, label, logo
				n := CanvasModules(s, o) * ModulePixels(o)
				if n != MinCanvasSize(s, o) {
					t.Fatalf("%s: MinCanvasSize %d, want %d", f, MinCanvasSize(s, o), n)
				}
				o.Size = n
				if _, err := PNG(s, o); err != nil {
					t.Errorf("%s, logo %v: %d px, the canvas side, does not draw: %v", f, logo != nil, n, err)
				}
				o.Size = n - 1
				var sizeErr *SizeError
				if _, err := PNG(s, o); !errors.As(err, &sizeErr) || sizeErr.Min != n {
					t.Errorf("%s, logo %v: %d px, below the canvas side: %v, want a SizeError with %d", f, logo != nil, n-1, err, n)
				}
			}
		}
	}
}

// ModulePixels is two pixels a module, and three with a logo, which takes
// up to half a block's correction (docs/decoders.md).
func TestModulePixels(t *testing.T) {
	o := DefaultOptions()
	if got := ModulePixels(o); got != 2 {
		t.Errorf("plain: %d pixels a module, want 2", got)
	}
	o.Logo = &Logo{Size: 0.2}
	if got := ModulePixels(o); got != 3 {
		t.Errorf("logo: %d pixels a module, want 3", got)
	}
	o.Logo, o.Overlay.Size = nil, 0.2
	if got := ModulePixels(o); got != 2 {
		t.Errorf("emblem: %d pixels a module, want 2", got)
	}
}

// TestCaptionFonts: each font draws its own caption, which leaves the code
// readable, and SVG names it.
func TestCaptionFonts(t *testing.T) {
	s := encodeT(t, testPayloads[0].data)
	seen := map[string]Font{}
	for _, f := range Fonts {
		o := styled(ModuleSquare, EyeSquare, 400)
		o.Frame, o.Label, o.Font = FrameBox, "Table 12", f
		b, err := PNG(s, o)
		if err != nil {
			t.Fatal(err)
		}
		if got := decodePNG(t, b); got != testPayloads[0].data {
			t.Fatalf("%s: decoded %q", f, got)
		}
		if other, dup := seen[string(b)]; dup {
			t.Errorf("%s draws the PNG of %s", f, other)
		}
		seen[string(b)] = f
		svg, err := SVG(s, o)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(svg), f.face().svg+` font-size=`) {
			t.Errorf("%s: SVG lacks %s", f, f.face().svg)
		}
		if got := MissingGlyphs("Grüße Ελλάδα Привет 東", f); !slices.Equal(got, []rune{'東'}) {
			t.Errorf("%s: MissingGlyphs = %q", f, got)
		}
	}
}

// TestAddCoverageIsDrawOver checks addCoverage against image/draw's Over
// of one Alpha image onto another, for every pair of coverages.
func TestAddCoverageIsDrawOver(t *testing.T) {
	r := image.Rect(0, 0, 256, 256)
	mask, glyphs := image.NewAlpha(r), image.NewAlpha(r)
	for i := range mask.Pix {
		mask.Pix[i], glyphs.Pix[i] = uint8(i/256), uint8(i%256)
	}
	want := image.NewAlpha(r)
	copy(want.Pix, mask.Pix)
	draw.Draw(want, r, glyphs, image.Point{}, draw.Over)
	addCoverage(mask, glyphs)
	for i := range want.Pix {
		if mask.Pix[i] != want.Pix[i] {
			t.Fatalf("mask %d under glyph %d: got %d, image/draw %d", i/256, i%256, mask.Pix[i], want.Pix[i])
		}
	}
}

// TestBannerTextOverTransparencyIsOpaque: over a background that is not
// opaque, a banner's caption is drawn in the opaque background colour,
// in PNG and GIF, not cut out of the banner for the page to show through.
func TestBannerTextOverTransparencyIsOpaque(t *testing.T) {
	s := encodeT(t, testPayloads[0].data)
	for _, f := range []Frame{FrameBannerBelow, FrameBannerAbove, FrameBubble} {
		for _, style := range []ModuleStyle{ModuleSquare, ModuleRounded} {
			o := framed(styled(style, EyeSquare, 300), f, false)
			o.Background = color.NRGBA{255, 255, 255, 0}
			for name, draw := range map[string]func(*Symbol, Options) ([]byte, error){"png": PNG, "gif": GIF} {
				b, err := draw(s, o)
				if err != nil {
					t.Fatal(err)
				}
				img, _, err := image.Decode(bytes.NewReader(b))
				if err != nil {
					t.Fatal(err)
				}
				white := 0
				bounds := img.Bounds()
				for y := bounds.Min.Y; y < bounds.Max.Y; y++ {
					for x := bounds.Min.X; x < bounds.Max.X; x++ {
						if color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA) == (color.NRGBA{255, 255, 255, 255}) {
							white++
						}
					}
				}
				// The caption's strokes paint hundreds of pixels.
				if white < 100 {
					t.Errorf("%s %s %s: %d opaque white pixels; the caption is cut out of the banner", f, style, name, white)
				}
			}
		}
	}
}
