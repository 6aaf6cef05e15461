package render

import (
	"bytes"
	stdzlib "compress/zlib"
	"fmt"
	"image"
	"image/color"
	"io"
	"strings"
	"testing"

	"github.com/klauspost/compress/zlib"
)

// benchPayloads are distinct short URLs, the typical request, so that no
// benchmark measures one lucky mask or version.
var benchPayloads = func() []string {
	p := make([]string, 64)
	for i := range p {
		p[i] = fmt.Sprintf("https://example.com/item/%d", i)
	}
	return p
}()

// version10Payload is 200 bytes: more than version 9-M holds (180) and no
// more than version 10-M (213), ISO/IEC 18004 Table 7.
var version10Payload = "https://example.com/" + strings.Repeat("abcdefghij", 18)

func BenchmarkEncode(b *testing.B) {
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if _, err := Encode(benchPayloads[i%len(benchPayloads)], LevelAuto); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkEncodeLevelM skips the automatic level boost, which encodes the
// data up to three times.
func BenchmarkEncodeLevelM(b *testing.B) {
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if _, err := Encode(benchPayloads[i%len(benchPayloads)], LevelM); err != nil {
			b.Fatal(err)
		}
	}
}

// benchRender times Encode plus one output format and reports the output's
// size per image.
func benchRender(b *testing.B, payloads []string, out func(*Symbol) ([]byte, error)) {
	b.ReportAllocs()
	var n int
	for i := 0; b.Loop(); i++ {
		s, err := Encode(payloads[i%len(payloads)], LevelAuto)
		if err != nil {
			b.Fatal(err)
		}
		img, err := out(s)
		if err != nil {
			b.Fatal(err)
		}
		n += len(img)
	}
	b.ReportMetric(float64(n)/float64(b.N), "B/img")
}

func BenchmarkPNG512(b *testing.B) {
	for _, style := range []ModuleStyle{ModuleSquare, ModuleRounded, ModuleDot, ModuleOrganic} {
		b.Run(string(style), func(b *testing.B) {
			o := DefaultOptions()
			o.Module = style
			benchRender(b, benchPayloads, func(s *Symbol) ([]byte, error) { return PNG(s, o) })
		})
	}
}

// BenchmarkPNG512Version10 is BenchmarkPNG512 for the version-10
// payload, whose 57 modules a side make 7 px cells at 512 px.
func BenchmarkPNG512Version10(b *testing.B) {
	for _, style := range []ModuleStyle{ModuleSquare, ModuleRounded, ModuleDot, ModuleOrganic} {
		b.Run(string(style), func(b *testing.B) {
			o := DefaultOptions()
			o.Module = style
			benchRender(b, []string{version10Payload}, func(s *Symbol) ([]byte, error) { return PNG(s, o) })
		})
	}
}

// BenchmarkPNG512Only renders a symbol encoded once, to separate drawing
// from encoding.
func BenchmarkPNG512Only(b *testing.B) {
	s, err := Encode(benchPayloads[0], LevelAuto)
	if err != nil {
		b.Fatal(err)
	}
	for _, style := range []ModuleStyle{ModuleSquare, ModuleRounded} {
		b.Run(string(style), func(b *testing.B) {
			o := DefaultOptions()
			o.Module = style
			b.ReportAllocs()
			for b.Loop() {
				if _, err := PNG(s, o); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkSVG(b *testing.B) {
	o := DefaultOptions()
	benchRender(b, benchPayloads, func(s *Symbol) ([]byte, error) { return SVG(s, o) })
}

func BenchmarkSVGTiny(b *testing.B) {
	o := DefaultOptions()
	benchRender(b, benchPayloads, func(s *Symbol) ([]byte, error) { return SVGTiny(s, o) })
}

func BenchmarkJSON(b *testing.B) {
	benchRender(b, benchPayloads, func(s *Symbol) ([]byte, error) { return JSON(s, DefaultMargin), nil })
}

func BenchmarkSVGVersion10(b *testing.B) {
	s, err := Encode(version10Payload, LevelAuto)
	if err != nil {
		b.Fatal(err)
	}
	if s.Version != 10 {
		b.Fatalf("payload encodes as version %d, want 10", s.Version)
	}
	o := DefaultOptions()
	benchRender(b, []string{version10Payload}, func(s *Symbol) ([]byte, error) { return SVG(s, o) })
}

// BenchmarkZlibLevels compresses the rows of a typical code, 1-bit square
// and 4-bit rounded at 512 px, at every level of klauspost/compress and at
// the standard library's BestCompression and default level (what png.go
// used before for 1-bit and 4-bit rows), to
// choose png.go's levels: see BENCHMARKS.md, "Choosing the zlib level".
func BenchmarkZlibLevels(b *testing.B) {
	s, err := Encode(benchPayloads[7], LevelAuto)
	if err != nil {
		b.Fatal(err)
	}
	for _, style := range []ModuleStyle{ModuleSquare, ModuleRounded} {
		o := DefaultOptions()
		o.Module = style
		l, err := newLayout(s, &o)
		if err != nil {
			b.Fatal(err)
		}
		sc := new(pngScratch)
		var rows []byte
		if o.plain() {
			rows = sc.rowBuffer((1 + (o.Size+7)/8) * o.Size)
			plainRows(rows, s, l)
		} else {
			rows, _, _ = shadedRows(sc, s, l, &o)
		}
		rows = append([]byte(nil), rows...)
		names := []string{"std-9", "std-6"}
		compressors := map[string]func(io.Writer) io.WriteCloser{
			"std-9": func(w io.Writer) io.WriteCloser { z, _ := stdzlib.NewWriterLevel(w, 9); return z },
			"std-6": func(w io.Writer) io.WriteCloser { z, _ := stdzlib.NewWriterLevel(w, 6); return z },
		}
		for level := 1; level <= 9; level++ {
			name := fmt.Sprintf("klauspost-%d", level)
			names = append(names, name)
			compressors[name] = func(w io.Writer) io.WriteCloser { z, _ := zlib.NewWriterLevel(w, level); return z }
		}
		for _, name := range names {
			b.Run(string(style)+"/"+name, func(b *testing.B) {
				var out bytes.Buffer
				z := compressors[name](&out)
				type resetter interface{ Reset(io.Writer) }
				for b.Loop() {
					out.Reset()
					z.(resetter).Reset(&out)
					z.Write(rows)
					z.Close()
				}
				b.ReportMetric(float64(out.Len()), "B/idat")
			})
		}
	}
}

// BenchmarkSVGVersion10Only draws a version-10 symbol encoded beforehand:
// the SVG alone, without the encoder.
func BenchmarkSVGVersion10Only(b *testing.B) {
	s, err := Encode(version10Payload, LevelAuto)
	if err != nil {
		b.Fatal(err)
	}
	o := DefaultOptions()
	b.ReportAllocs()
	var n int
	for b.Loop() {
		out, err := SVG(s, o)
		if err != nil {
			b.Fatal(err)
		}
		n = len(out)
	}
	b.ReportMetric(float64(n), "B/img")
}

// BenchmarkPNG512Overlay is BenchmarkPNG512 with an emblem over the centre
// (a payment standard's logo), to compare with the plain drawing.
func BenchmarkPNG512Overlay(b *testing.B) {
	for _, style := range []ModuleStyle{ModuleSquare, ModuleRounded} {
		b.Run(string(style), func(b *testing.B) {
			o := overlayOptions(512, style)
			benchRender(b, benchPayloads, func(s *Symbol) ([]byte, error) { return PNG(s, o) })
		})
	}
}

// BenchmarkDesigned draws the designs of issue "Design" at 512 px in
// every format, beside plain square modules as the reference: a gradient,
// eyes in their own colours, a logo (an icon, and a 256 px picture) over
// a gradient, a bubble frame in a colour of its own (around black
// modules, and around a gradient), and all of them with round modules. Logo
// designs are encoded as the service encodes them, at H and grown to fit
// the logo (EncodeWithLogo); B/img is the output's size.
func BenchmarkDesigned(b *testing.B) {
	wifi, _ := IconNamed("wifi")
	picture := benchPicture(256)
	gradient := func() *Gradient {
		return &Gradient{Kind: GradientLinear, Angle: 135, Stops: []Stop{{Offset: 0, Color: indigo}, {Offset: 1, Color: wine}}}
	}
	designs := []struct {
		name string
		set  func(*Options)
	}{
		{"square", func(*Options) {}},
		{"gradient", func(o *Options) { o.Gradient = gradient() }},
		{"eye-colours", func(o *Options) {
			o.EyeColors = [3]EyeColors{{Frame: teal, Centre: wine}, {Frame: teal, Centre: wine}, {Frame: teal, Centre: wine}}
		}},
		{"icon-gradient", func(o *Options) {
			o.Gradient = gradient()
			o.Logo = &Logo{Size: DefaultLogoSize, Padding: DefaultLogoPadding, Icon: wifi}
		}},
		{"rounded-icon-gradient", func(o *Options) {
			o.Module, o.Eye = ModuleRounded, EyeRounded
			o.Gradient = gradient()
			o.Logo = &Logo{Size: DefaultLogoSize, Padding: DefaultLogoPadding, Icon: wifi}
		}},
		{"picture-gradient", func(o *Options) {
			o.Gradient = gradient()
			o.Logo = &Logo{Size: DefaultLogoSize, Padding: DefaultLogoPadding, Image: picture}
		}},
		{"frame-colour", func(o *Options) {
			fc := teal
			o.Frame, o.FrameColor, o.Label = FrameBubble, &fc, "SCAN ME"
		}},
		{"frame-gradient", func(o *Options) {
			fc := teal
			o.Frame, o.FrameColor, o.Label = FrameBubble, &fc, "SCAN ME"
			o.Gradient = gradient()
		}},
		{"everything", func(o *Options) {
			o.Module, o.Eye = ModuleRounded, EyeRounded
			o.Gradient = gradient()
			o.EyeColors[0] = EyeColors{Frame: teal, Centre: wine}
			o.Logo = &Logo{Size: DefaultLogoSize, Padding: DefaultLogoPadding, Image: picture, Plate: color.NRGBA{255, 255, 255, 255}, Rounded: true}
			fc := teal
			o.Frame, o.FrameColor, o.Label = FrameBubble, &fc, "SCAN ME"
		}},
	}
	formats := []struct {
		name   string
		render func(*Symbol, Options) ([]byte, error)
	}{{"png", PNG}, {"svg", SVG}, {"pdf", PDF}}
	for _, f := range formats {
		for _, d := range designs {
			b.Run(f.name+"/"+d.name, func(b *testing.B) {
				o := DefaultOptions()
				d.set(&o)
				b.ReportAllocs()
				var n int
				for i := 0; b.Loop(); i++ {
					data := benchPayloads[i%len(benchPayloads)]
					var s *Symbol
					var err error
					if o.Logo != nil {
						s, err = EncodeWithLogo(data, LevelAuto, DefaultECI, o.Logo.Size, o.Logo.Padding, 0)
					} else {
						s, err = Encode(data, LevelAuto)
					}
					if err != nil {
						b.Fatal(err)
					}
					img, err := f.render(s, o)
					if err != nil {
						b.Fatal(err)
					}
					n += len(img)
				}
				b.ReportMetric(float64(n)/float64(b.N), "B/img")
			})
		}
	}
}

// benchPicture is a side×side picture with soft colours and an edge, as a
// photographed or drawn logo has.
func benchPicture(side int) *image.NRGBA {
	m := image.NewNRGBA(image.Rect(0, 0, side, side))
	for y := 0; y < side; y++ {
		for x := 0; x < side; x++ {
			i := m.PixOffset(x, y)
			m.Pix[i], m.Pix[i+1], m.Pix[i+2], m.Pix[i+3] = uint8(x), uint8(y), uint8((x+y)/2), 255
			if (x-side/2)*(x-side/2)+(y-side/2)*(y-side/2) < side*side/9 {
				m.Pix[i], m.Pix[i+1], m.Pix[i+2] = 230, 57, 70
			}
		}
	}
	return m
}
