package render

import (
	"fmt"
	"strings"
	"testing"
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
