package render

import (
	"bytes"
	stdzlib "compress/zlib"
	"fmt"
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
			plainRows(rows, s, l, o.Size)
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

// BenchmarkPNG512Designed draws the designs that leave the two-colour
// palette (docs/colours.md): a gradient, eyes in their own colours, and
// both with round modules, beside plain square as the reference.
func BenchmarkPNG512Designed(b *testing.B) {
	designs := []struct {
		name string
		set  func(*Options)
	}{
		{"square", func(*Options) {}},
		{"gradient", func(o *Options) { o.Gradient = &Gradient{Kind: GradientLinear, Angle: 135, Stops: []Stop{{0, indigo}, {1, wine}}} }},
		{"eye-colours", func(o *Options) { o.EyeColors = [3]EyeColors{{Frame: teal, Centre: wine}, {Frame: teal, Centre: wine}, {Frame: teal, Centre: wine}} }},
		{"dot-radial-eyes", func(o *Options) {
			o.Module, o.Eye = ModuleDot, EyeRounded
			o.Gradient = &Gradient{Kind: GradientRadial, Stops: []Stop{{0, indigo}, {1, wine}}}
			o.EyeColors[0] = EyeColors{Frame: teal, Centre: wine}
		}},
	}
	for _, d := range designs {
		b.Run(d.name, func(b *testing.B) {
			o := DefaultOptions()
			d.set(&o)
			benchRender(b, benchPayloads, func(s *Symbol) ([]byte, error) { return PNG(s, o) })
		})
	}
}
