package render

import (
	"bytes"
	"image"
	"image/color"
	_ "image/gif"
	_ "image/jpeg"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// rmqrStrip is the pixel height an rMQR's raster image should have at
// size px wide: its modules (rows plus the quiet zone, plus band modules
// of label) at the whole pixels a module that the width allows.
func rmqrStrip(s *Symbol, margin, band, size int) int {
	w, h := s.Size+2*margin, s.Rows()+2*margin+band
	return size / w * h
}

// TestRMQRRasterIsAStrip: every raster way of drawing an rMQR (plain,
// shaded styles, a gradient, eye colours, a label, a label in a colour of
// its own, GIF, JPEG, a PNG with a resolution) gives an image size px
// wide and exactly as tall as its modules at whole pixels, at several
// sizes; a QR Code stays square.
func TestRMQRRasterIsAStrip(t *testing.T) {
	s, err := EncodeRMQR("https://qrforge.example/gallery", LevelM, DefaultECI, 0)
	if err != nil {
		t.Fatal(err)
	}
	red, indigo := color.NRGBA{0xc2, 0x18, 0x5b, 255}, color.NRGBA{0x1a, 0x23, 0x7e, 255}
	variants := []struct {
		name string
		set  func(*Options)
		band bool // a label band under the code
	}{
		{"plain", func(*Options) {}, false},
		{"dot", func(o *Options) { o.Module = ModuleDot }, false},
		{"gradient", func(o *Options) {
			o.Gradient = &Gradient{Kind: GradientLinear, Angle: 45, Stops: []Stop{{0, indigo}, {1, red}}}
		}, false},
		{"eyecolor", func(o *Options) { o.EyeColors = [3]EyeColors{{red, red}, {red, red}, {red, red}} }, false},
		{"label", func(o *Options) { o.Label = "Aisle 4" }, true},
		{"label colour", func(o *Options) { o.Label = "Aisle 4"; o.TextColor = &red }, true},
		{"dpi", func(o *Options) { o.Print.DPI = 300 }, false},
	}
	encoders := []struct {
		name string
		f    func(*Symbol, Options) ([]byte, error)
	}{{"png", PNG}, {"gif", GIF}, {"jpeg", JPEG}}
	for _, size := range []int{200, 400, 517} {
		for _, v := range variants {
			for _, e := range encoders {
				o := DefaultOptions()
				o.Size, o.Margin = size, RMQRQuietZone
				v.set(&o)
				b, err := e.f(s, o)
				if err != nil {
					t.Fatalf("%s %s %d: %v", v.name, e.name, size, err)
				}
				img, _, err := image.Decode(bytes.NewReader(b))
				if err != nil {
					t.Fatalf("%s %s %d: %v", v.name, e.name, size, err)
				}
				band := 0
				if v.band {
					band = max(4, (s.Rows()+2*o.Margin+4)/8)
				}
				want := rmqrStrip(s, o.Margin, band, size)
				if got := img.Bounds(); got.Dx() != size || got.Dy() != want {
					t.Errorf("%s %s at %d px: %d×%d, want %d×%d", v.name, e.name, size, got.Dx(), got.Dy(), size, want)
				}
			}
		}
	}
	q, err := Encode("https://qrforge.example/gallery", LevelM)
	if err != nil {
		t.Fatal(err)
	}
	b, err := PNG(q, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	if img, _, err := image.Decode(bytes.NewReader(b)); err != nil || img.Bounds().Dx() != DefaultSize || img.Bounds().Dy() != DefaultSize {
		t.Errorf("a QR Code's PNG is no longer %d px square: %v", DefaultSize, err)
	}
}

// TestRMQRVectorIsAStrip: an rMQR's SVG (and SVG Tiny) is the PNG's
// strip, size wide and as tall as rmqrStrip, with a viewBox that gives a
// module the PNG's whole pixels and centres the canvas as the PNG does,
// the pixels left over widening the quiet zone left and right; its PDF
// page and EPS bounding box are the printed width (30 mm, or a point a
// pixel) by the strip's height at that scale to a whole dot. A QR Code's
// stay square.
func TestRMQRVectorIsAStrip(t *testing.T) {
	s, err := EncodeRMQR("https://qrforge.example/gallery", LevelM, DefaultECI, 0)
	if err != nil {
		t.Fatal(err)
	}
	w, h := s.Size+2*RMQRQuietZone, s.Rows()+2*RMQRQuietZone
	o := DefaultOptions()
	o.Margin = RMQRQuietZone
	strip, k := rmqrStrip(s, o.Margin, 0, o.Size), o.Size/w
	if o.Size%w == 0 {
		t.Fatalf("size %d is a whole multiple of %d modules: the test needs pixels left over", o.Size, w)
	}
	svgSize := regexp.MustCompile(`<svg [^>]*width="([\d.]+)" height="([\d.]+)" viewBox="([-\d. ]+)"`)
	for name, f := range map[string]func(*Symbol, Options) ([]byte, error){"svg": SVG, "svg-tiny": SVGTiny} {
		b, err := f(s, o)
		if err != nil {
			t.Fatal(err)
		}
		m := svgSize.FindSubmatch(b)
		if m == nil {
			t.Fatalf("%s: no width, height and viewBox in %.200s", name, b)
		}
		if want := strconv.Itoa(o.Size) + "×" + strconv.Itoa(strip); string(m[1])+"×"+string(m[2]) != want {
			t.Errorf("%s: %s×%s, want %s", name, m[1], m[2], want)
		}
		box := strings.Fields(string(m[3]))
		want := []float64{-float64((o.Size-k*w)/2) / float64(k), 0, float64(o.Size) / float64(k), float64(h)}
		for i, v := range box {
			if got, _ := strconv.ParseFloat(v, 64); len(box) != 4 || math.Abs(got-want[i]) > 0.001 {
				t.Errorf("%s: viewBox %q, want %v: %d px a module from %d px of quiet zone", name, m[3], want, k, (o.Size-k*w)/2)
				break
			}
		}
	}

	for _, c := range []struct {
		name   string
		points float64 // the page's width
		dot    float64 // a dot of the resolution, in points
	}{{"a point a pixel", float64(o.Size), 1}, {"30mm", 30 / MMPerInch * PointsPerInch, PointsPerInch / DefaultDPI}} {
		po := o
		if c.name == "30mm" {
			po.Print = Print{Points: c.points, DPI: DefaultDPI}
		}
		height := math.Round(c.points*float64(strip)/float64(o.Size)/c.dot) * c.dot
		pdf, err := PDF(s, po)
		if err != nil {
			t.Fatal(err)
		}
		box := checkPDF(t, pdf).mediaBox
		if box[0] != 0 || box[1] != 0 || math.Abs(box[2]-c.points) > 1e-4 || math.Abs(box[3]-height) > 1e-4 {
			t.Errorf("PDF %s: MediaBox %v, want [0 0 %.4f %.4f], the strip's %d px at %.4f points a pixel to a whole dot", c.name, box, c.points, height, strip, c.points/float64(o.Size))
		}
		eps, err := EPS(s, po)
		if err != nil {
			t.Fatal(err)
		}
		hi := checkEPS(t, eps)
		if hi[0] != 0 || hi[1] != 0 || math.Abs(hi[2]-c.points) > 1e-4 || math.Abs(hi[3]-height) > 1e-4 {
			t.Errorf("EPS %s: HiResBoundingBox %v, want [0 0 %.4f %.4f]", c.name, hi, c.points, height)
		}
	}

	q, err := Encode("https://qrforge.example/gallery", LevelM)
	if err != nil {
		t.Fatal(err)
	}
	b, err := SVG(q, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	if m := svgSize.FindSubmatch(b); m == nil || string(m[1]) != string(m[2]) {
		t.Errorf("a QR Code's SVG is no longer square: %q", m)
	}
	pdf, err := PDF(q, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	if box := checkPDF(t, pdf).mediaBox; box[2] != box[3] {
		t.Errorf("a QR Code's MediaBox %v is no longer square", box)
	}
}

// TestRMQRDrawingBytesCoverTheDrawing: an rMQR's estimate, of its strip
// rather than the square its width makes, is at least what drawing it
// allocates, in every encoding and the styles an rMQR takes, for the
// thinnest strip and the two stoutest; and at the largest size the thin
// strip's is below the square's, which it would be no use otherwise.
func TestRMQRDrawingBytesCoverTheDrawing(t *testing.T) {
	thin, err := EncodeRMQR(strings.Repeat("a", 100), LevelM, DefaultECI, 17)
	if err != nil {
		t.Fatal(err)
	}
	symbols := []*Symbol{thin}
	for _, data := range []string{"ABCDEFG", "https://qrforge.example/gallery"} {
		s, err := EncodeRMQR(data, LevelM, DefaultECI, 0)
		if err != nil {
			t.Fatal(err)
		}
		symbols = append(symbols, s)
	}
	teal := color.NRGBA{0x00, 0x69, 0x5c, 255}
	variants := map[string]func(*Options){
		"square":  func(*Options) {},
		"rounded": func(o *Options) { o.Module = ModuleRounded },
		"label":   func(o *Options) { o.Module, o.Label = ModuleDot, "Aisle 4, shelf 2" },
		"coloured label": func(o *Options) {
			o.Label, o.TextColor = "Aisle 4, shelf 2", &teal
		},
		"gradient": func(o *Options) { o.Gradient = twoStops(GradientLinear, 45) },
	}
	for _, s := range symbols {
		for _, size := range []int{MinSize, 1000, MaxSize} {
			for name, set := range variants {
				o := DefaultOptions()
				o.Size, o.Margin = size, RMQRQuietZone
				set(&o)
				for e, encode := range encoders {
					used := allocated(func() { encode(s, o) })
					est := SymbolDrawingBytes(o, s, e)
					if used > est {
						t.Errorf("%s %s %s at %d px allocated %d bytes, estimated %d", s.Designator(), name, e, size, used, est)
					}
					if square := DrawingBytes(o, s.Size, e); s == thin && size == MaxSize && est >= square {
						t.Errorf("%s %s %s at %d px: estimated %d, no less than the square's %d", s.Designator(), name, e, size, est, square)
					}
					t.Logf("%s %s %s %d px: allocated %d, estimated %d (%.2fx)", s.Designator(), name, e, size, used, est, float64(est)/float64(used))
				}
			}
		}
	}
}
