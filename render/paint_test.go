package render

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"strings"
	"testing"
)

var (
	indigo = color.NRGBA{0x1a, 0x23, 0x7e, 255}
	teal   = color.NRGBA{0x00, 0x69, 0x5c, 255}
	wine   = color.NRGBA{0x88, 0x0e, 0x4f, 255}
)

func twoStops(kind GradientKind, angle float64) *Gradient {
	return &Gradient{Kind: kind, Angle: angle, Stops: []Stop{{0, indigo}, {1, wine}}}
}

// CSS Images 3 §3.4: between two stops the colour is interpolated
// linearly; before the first and after the last it is the stop's colour.
func TestGradientColourBetweenStops(t *testing.T) {
	g := &Gradient{Kind: GradientLinear, Stops: []Stop{
		{0.2, color.NRGBA{0, 0, 0, 255}}, {0.6, color.NRGBA{200, 100, 0, 255}}, {1, color.NRGBA{200, 100, 200, 255}},
	}}
	for _, c := range []struct {
		t    float64
		want color.NRGBA
	}{
		{0, color.NRGBA{0, 0, 0, 255}},
		{0.2, color.NRGBA{0, 0, 0, 255}},
		{0.4, color.NRGBA{100, 50, 0, 255}},
		{0.8, color.NRGBA{200, 100, 100, 255}},
		{1, color.NRGBA{200, 100, 200, 255}},
	} {
		if got := g.At(c.t); got != c.want {
			t.Errorf("At(%v) = %v, want %v", c.t, got, c.want)
		}
	}
}

// CSS Images 3 §3.1.1: the gradient line runs through the box's centre at
// the angle (0deg up, clockwise), and its length makes the corners'
// perpendiculars meet its ends; a radial gradient of farthest-corner
// reaches 1 at the corners (§3.2.1).
func TestGradientLinePlacement(t *testing.T) {
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-9 }
	cases := []struct {
		kind       GradientKind
		angle      float64
		x, y, want float64
	}{
		{GradientLinear, 90, 0, 5, 0}, {GradientLinear, 90, 10, 5, 1}, {GradientLinear, 90, 5, 0, 0.5},
		{GradientLinear, 180, 5, 0, 0}, {GradientLinear, 180, 5, 10, 1},
		{GradientLinear, 0, 5, 10, 0}, {GradientLinear, 0, 5, 0, 1},
		{GradientLinear, 135, 0, 0, 0}, {GradientLinear, 135, 10, 10, 1}, {GradientLinear, 135, 10, 0, 0.5},
		{GradientLinear, 45, 0, 10, 0}, {GradientLinear, 45, 10, 0, 1},
		{GradientRadial, 0, 5, 5, 0}, {GradientRadial, 0, 0, 0, 1}, {GradientRadial, 0, 10, 5, 1 / math.Sqrt2},
	}
	for _, c := range cases {
		gl := newGradientLine(twoStops(c.kind, c.angle), 0, 0, 10)
		if got := gl.t(c.x, c.y); !near(got, c.want) {
			t.Errorf("%s %v° at (%v, %v): t = %v, want %v", c.kind, c.angle, c.x, c.y, got, c.want)
		}
	}
}

// pngColourType is byte 9 of the IHDR (ISO/IEC 15948 §11.2.2).
func pngColourType(b []byte) byte { return b[8+8+9] }

// darkModuleColour is the colour at the centre of module (mx, my), counted
// from the symbol's origin, in a PNG drawn with o.
func moduleColour(t *testing.T, img image.Image, s *Symbol, o Options, mx, my int) color.NRGBA {
	t.Helper()
	l, err := newLayout(s, &o)
	if err != nil {
		t.Fatal(err)
	}
	x := l.offX + (l.codeX+mx)*l.scale + l.scale/2
	y := l.offY + (l.codeY+my)*l.scale + l.scale/2
	return color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA)
}

func TestGradientPNGDecodesAndChangesColour(t *testing.T) {
	s := encodeT(t, testPayloads[1].data)
	for _, kind := range []GradientKind{GradientLinear, GradientRadial} {
		for _, m := range []ModuleStyle{ModuleSquare, ModuleDot} {
			t.Run(fmt.Sprintf("%s/%s", kind, m), func(t *testing.T) {
				o := styled(m, EyeRounded, 400)
				o.Gradient = twoStops(kind, 90)
				b, err := PNG(s, o)
				if err != nil {
					t.Fatal(err)
				}
				if ct := pngColourType(b); ct != 3 {
					t.Errorf("colour type %d, want 3 (the design's palette, designpng.go)", ct)
				}
				if got := decodePNG(t, b); got != testPayloads[1].data {
					t.Fatalf("decoded %q", got)
				}
				img, _ := png.Decode(bytes.NewReader(b))
				// The top-left finder's outer ring starts the gradient
				// (linear, left edge) or ends it (radial, corner).
				ring := moduleColour(t, img, s, o, 0, 3)
				centre := moduleColour(t, img, s, o, s.Size/2, s.Size/2)
				if ring == centre {
					t.Errorf("ring and centre are both %v: no gradient", ring)
				}
				wantRing := indigo
				if kind == GradientRadial {
					wantRing = o.Gradient.At(newGradientLine(o.Gradient, 0, 0, float64(s.Size)).t(0.5, 3.5))
				}
				if !closeColour(ring, wantRing, 8) {
					t.Errorf("ring is %v, want about %v", ring, wantRing)
				}
			})
		}
	}
}

func closeColour(a, b color.NRGBA, tol int) bool {
	d := func(x, y uint8) bool { return int(x)-int(y) <= tol && int(y)-int(x) <= tol }
	return d(a.R, b.R) && d(a.G, b.G) && d(a.B, b.B) && d(a.A, b.A)
}

// TestEyeColoursPaintRingsAndPupils draws eyes in colours of their own
// with every module style: those drawn from tiles and those rasterized
// whole (diamond and star once lost their eyes that way).
func TestEyeColoursPaintRingsAndPupils(t *testing.T) {
	s := encodeT(t, testPayloads[0].data)
	for _, style := range ModuleStyles {
		t.Run(string(style), func(t *testing.T) {
			o := styled(style, EyeSquare, 420)
			o.EyeColors = [3]EyeColors{{Frame: teal, Centre: wine}, {Frame: wine}, {Centre: teal}}
			b, err := PNG(s, o)
			if err != nil {
				t.Fatal(err)
			}
			if got := decodePNG(t, b); got != testPayloads[0].data {
				t.Fatalf("decoded %q", got)
			}
			img, _ := png.Decode(bytes.NewReader(b))
			n := s.Size
			for _, c := range []struct {
				name   string
				mx, my int
				want   color.NRGBA
			}{
				{"top-left ring", 0, 0, teal}, {"top-left pupil", 3, 3, wine},
				{"top-right ring", n - 1, 0, wine}, {"top-right pupil", n - 4, 3, o.Foreground},
				{"bottom-left ring", 0, n - 1, o.Foreground}, {"bottom-left pupil", 3, n - 4, teal},
			} {
				if got := moduleColour(t, img, s, o, c.mx, c.my); got != c.want {
					t.Errorf("%s: %v, want %v", c.name, got, c.want)
				}
			}
		})
	}
}

func TestTransparentBackgroundKeepsAlpha(t *testing.T) {
	s := encodeT(t, testPayloads[0].data)
	o := styled(ModuleSquare, EyeSquare, 300)
	o.Background = color.NRGBA{}
	o.Gradient = twoStops(GradientLinear, 45)
	b, err := PNG(s, o)
	if err != nil {
		t.Fatal(err)
	}
	if ct := pngColourType(b); ct != 3 {
		t.Fatalf("colour type %d, want 3 (a palette with tRNS)", ct)
	}
	img, _ := png.Decode(bytes.NewReader(b))
	if _, _, _, a := img.At(1, 1).RGBA(); a != 0 {
		t.Errorf("quiet zone alpha %d, want 0", a)
	}
	if got := moduleColour(t, img, s, o, 0, 0); got.A != 255 {
		t.Errorf("finder ring %v, want opaque", got)
	}
	// A picture logo cannot share a palette: truecolour with alpha.
	o.Logo = &Logo{Size: DefaultLogoSize, Padding: DefaultLogoPadding, Image: benchPicture(32)}
	s = encodeFor(t, testPayloads[0].data, &o)
	if b, err = PNG(s, o); err != nil {
		t.Fatal(err)
	}
	if ct := pngColourType(b); ct != 6 {
		t.Fatalf("with a picture: colour type %d, want 6 (truecolour with alpha)", ct)
	}
	img, _ = png.Decode(bytes.NewReader(b))
	if _, _, _, a := img.At(1, 1).RGBA(); a != 0 {
		t.Errorf("with a picture: quiet zone alpha %d, want 0", a)
	}
}

func TestGradientAndEyeColoursInSVG(t *testing.T) {
	s := encodeT(t, testPayloads[1].data)
	for _, kind := range []GradientKind{GradientLinear, GradientRadial} {
		for _, f := range []struct {
			name   string
			render func(*Symbol, Options) ([]byte, error)
		}{{"svg", SVG}, {"tiny", SVGTiny}} {
			t.Run(fmt.Sprintf("%s/%s", kind, f.name), func(t *testing.T) {
				o := styled(ModuleRounded, EyeLeaf, 512)
				o.Gradient = twoStops(kind, 135)
				o.EyeColors[0] = EyeColors{Frame: teal, Centre: wine}
				b, err := f.render(s, o)
				if err != nil {
					t.Fatal(err)
				}
				svgGradientIDOf(t, b)
				svg := string(b)
				for _, want := range []string{"<" + string(kind) + "Gradient", `fill="url(#`, `fill="#00695c"`, `fill="#880e4f"`} {
					if !strings.Contains(svg, want) {
						t.Errorf("SVG lacks %s", want)
					}
				}
				if got := decodeImage(t, rasterizeSVG(t, b, 512)); got != testPayloads[1].data {
					t.Fatalf("decoded %q", got)
				}
			})
		}
	}
}

func TestTruecolourPNGIsDeterministic(t *testing.T) {
	s := encodeT(t, testPayloads[0].data)
	o := styled(ModuleDot, EyeSquircle, 333)
	o.Gradient = twoStops(GradientRadial, 0)
	a, _ := PNG(s, o)
	b, _ := PNG(s, o)
	if !bytes.Equal(a, b) {
		t.Fatal("two renderings differ")
	}
}

// A gradient with a frame and caption in colours of their own: the frame
// keeps its colour, the text its own, and the code reads.
func TestGradientWithColouredFrame(t *testing.T) {
	s := encodeT(t, testPayloads[0].data)
	for _, f := range []Frame{FrameBannerBelow, FrameBubble} {
		o := styled(ModuleRounded, EyeRounded, 480)
		fc, tc := teal, color.NRGBA{0xff, 0xf1, 0x76, 255}
		o.Frame, o.FrameColor, o.TextColor, o.Label = f, &fc, &tc, "SCAN ME"
		o.Gradient = twoStops(GradientLinear, 90)
		b, err := PNG(s, o)
		if err != nil {
			t.Fatal(err)
		}
		if got := decodePNG(t, b); got != testPayloads[0].data {
			t.Fatalf("%s: decoded %q", f, got)
		}
		img, _ := png.Decode(bytes.NewReader(b))
		colours := map[color.NRGBA]int{}
		for y := 0; y < 480; y++ {
			for x := 0; x < 480; x++ {
				colours[color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA)]++
			}
		}
		for name, c := range map[string]color.NRGBA{"frame": fc, "text": tc} {
			if colours[c] == 0 {
				t.Errorf("%s: no pixel in the %s colour %v", f, name, c)
			}
		}
	}
}

// GIF and JPEG draw what PNG draws: a gradient, eye colours and a frame
// in a colour of its own, read back by gozxing with the colours in place.
func TestDesignsInGIFAndJPEG(t *testing.T) {
	s := encodeT(t, testPayloads[1].data)
	o := styled(ModuleRounded, EyeRounded, 500)
	o.Gradient = twoStops(GradientRadial, 0)
	o.EyeColors[0] = EyeColors{Frame: teal, Centre: wine}
	fc := teal
	o.Frame, o.FrameColor = FrameBox, &fc
	want := moduleColourIn(t, mustPNG(t, s, o), s, o, 0, 3)
	if want != teal {
		t.Fatalf("PNG's top-left ring is %v, want %v", want, teal)
	}
	for name, render := range map[string]func(*Symbol, Options) ([]byte, error){"gif": GIF, "jpeg": JPEG} {
		b, err := render(s, o)
		if err != nil {
			t.Fatal(err)
		}
		img, _, err := image.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got := decodeImage(t, img); got != testPayloads[1].data {
			t.Fatalf("%s: decoded %q", name, got)
		}
		if got := moduleColour(t, img, s, o, 0, 3); !closeColour(got, want, 12) {
			t.Errorf("%s: the top-left ring is %v, want about %v as in PNG", name, got, want)
		}
	}
}

func mustPNG(t *testing.T, s *Symbol, o Options) image.Image {
	t.Helper()
	b, err := PNG(s, o)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return img
}

func moduleColourIn(t *testing.T, img image.Image, s *Symbol, o Options, mx, my int) color.NRGBA {
	return moduleColour(t, img, s, o, mx, my)
}

// PDF and EPS paint gradients as shadings: axial or radial, clipped to
// the modules, with a stitching function whose pieces are the spans
// between stops and constant colours before the first and after the last.
func TestGradientsInPDFAndEPS(t *testing.T) {
	s := encodeT(t, testPayloads[0].data)
	o := styled(ModuleRounded, EyeSquare, 300)
	o.Gradient = &Gradient{Kind: GradientLinear, Angle: 90, Stops: []Stop{{Offset: 0.2, Color: indigo}, {Offset: 0.6, Color: teal}, {Offset: 0.6, Color: wine}}}
	pdf, err := PDF(s, o)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"/Shading << /Sh0 << /ShadingType 2 ", "/Bounds [0.2 0.6] /Encode [0 1 0 1 0 1]", "/Extend [true true]"} {
		if !strings.Contains(string(pdf), want) {
			t.Errorf("PDF lacks %q", want)
		}
	}
	o.Gradient.Kind = GradientRadial
	o.Print.CMYK = true
	eps, err := EPS(s, o)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"%%LanguageLevel: 3", "<< /ShadingType 3 ", "/ColorSpace /DeviceCMYK", " shfill\n", "W n\n"} {
		if !strings.Contains(string(eps), want) {
			t.Errorf("EPS lacks %q", want)
		}
	}
}

// Logos reach PDF and EPS: an icon as a path, a picture as an image
// XObject and as an inline PostScript image.
func TestLogosInPDFAndEPS(t *testing.T) {
	s := encodeT(t, testPayloads[0].data)
	o := styled(ModuleSquare, EyeSquare, 300)
	pic := image.NewNRGBA(image.Rect(0, 0, 20, 10))
	o.Logo = &Logo{Size: 0.2, Padding: 1, Image: pic, Plate: color.NRGBA{255, 255, 255, 255}}
	pdf, err := PDF(LogoKnockOut(s, o.Logo), o)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(pdf), "/Subtype /Image /Width 20 /Height 10") || !strings.Contains(string(pdf), "/XObject << /Im0 5 0 R >>") {
		t.Errorf("PDF has no image XObject for the picture")
	}
	eps, err := EPS(s, o)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(eps), "/Width 20 /Height 10 /BitsPerComponent 8") || !strings.Contains(string(eps), "/ASCII85Decode filter >> image\n") {
		t.Errorf("EPS has no image for the picture")
	}
}

// A picture over a transparent background, with no plate, keeps its
// transparency in PDF as a soft mask of its opacities; it was composited
// over white, a white square on coloured paper. Over a colour, or in
// PostScript, it is composited as before.
func TestPDFPictureOverPaperKeepsItsTransparency(t *testing.T) {
	s := encodeT(t, testPayloads[0].data)
	pic := image.NewNRGBA(image.Rect(0, 0, 20, 10))
	for i := 0; i < len(pic.Pix); i += 4 {
		pic.Pix[i], pic.Pix[i+3] = 200, uint8(i/4*3) // red, fading in
	}
	o := styled(ModuleSquare, EyeSquare, 300)
	o.Background = color.NRGBA{}
	o.Logo = &Logo{Size: 0.2, Padding: 1, Image: pic}
	pdf, err := PDF(LogoKnockOut(s, o.Logo), o)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(pdf), "/Width 20 /Height 10 /ColorSpace /DeviceRGB /BitsPerComponent 8 /SMask 6 0 R") ||
		!strings.Contains(string(pdf), "/Width 20 /Height 10 /ColorSpace /DeviceGray /BitsPerComponent 8") {
		t.Errorf("the picture has no soft mask:\n%s", pdfDicts(pdf))
	}
	o.Background = color.NRGBA{255, 255, 255, 255}
	pdf, err = PDF(LogoKnockOut(s, o.Logo), o)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(pdf), "/SMask") {
		t.Errorf("a picture over white has a soft mask")
	}
}

// pdfDicts is a PDF's lines that hold dictionaries, for a failure.
func pdfDicts(pdf []byte) string {
	var out []string
	for _, line := range strings.Split(string(pdf), "\n") {
		if strings.HasPrefix(line, "<<") {
			out = append(out, line)
		}
	}
	return strings.Join(out, "\n")
}

// With a resolution, PDF and EPS hold a raster logo at the box's pixels
// at it, never more than the picture has; without one, the picture's own.
func TestVectorPicturesTakeTheResolution(t *testing.T) {
	s := encodeT(t, testPayloads[0].data)
	pic := image.NewNRGBA(image.Rect(0, 0, 400, 200))
	for i := range pic.Pix {
		pic.Pix[i] = uint8(i)
	}
	for _, c := range []struct {
		name   string
		dpi    int
		points float64
		want   string
	}{
		{"no dpi", 0, 0, "/Width 400 /Height 200 "},
		// 25.4 mm at 300 dpi is 300 px; the box is 0.2 of the canvas side
		// in whole modules.
		{"300 dpi", 300, 72, "/Width %d /Height %d "},
		// 3.33 inches at 1200 dpi: the box is wider than the picture.
		{"1200 dpi", 1200, 240, "/Width 400 /Height 200 "},
	} {
		t.Run(c.name, func(t *testing.T) {
			o := styled(ModuleSquare, EyeSquare, 300)
			o.Print.DPI, o.Print.Points = c.dpi, c.points
			if c.dpi == 1200 {
				o.Size = 4000
			}
			o.Logo = &Logo{Size: 0.2, Padding: 1, Image: pic}
			want := c.want
			if strings.Contains(want, "%d") {
				l, err := newLayout(s, &o)
				if err != nil {
					t.Fatal(err)
				}
				_, _, side := o.Logo.logoBox(l)
				px := side * 300 / float64(max(l.width, l.height))
				if px >= 400 || px < 20 {
					t.Fatalf("the box is %.1f px at 300 dpi: not a test of scaling", px)
				}
				want = fmt.Sprintf(want, int(math.Round(px)), int(math.Round(px/2)))
			}
			pdf, err := PDF(LogoKnockOut(s, o.Logo), o)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(pdf), "/Subtype /Image "+want) {
				t.Errorf("PDF's picture is not %q", want)
			}
			eps, err := EPS(LogoKnockOut(s, o.Logo), o)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(eps), want+"/BitsPerComponent 8") {
				t.Errorf("EPS's picture is not %q", want)
			}
		})
	}
}
