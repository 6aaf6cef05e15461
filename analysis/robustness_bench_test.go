package analysis_test

import (
	"testing"

	"github.com/qrforge/qrforge/analysis"
	"github.com/qrforge/qrforge/render"
)

// BenchmarkRobustness scores a 512 px code, a short URL at level M, at
// both depths (BENCHMARKS.md, "Scan robustness"; the target is a full
// score under 300 ms on 2 cores).
func BenchmarkRobustness(b *testing.B) {
	for _, c := range []struct {
		name  string
		depth analysis.Depth
		set   func(*render.Options)
	}{
		{"full/square", analysis.Full, nil},
		{"quick/square", analysis.Quick, nil},
		{"full/rounded", analysis.Full, func(o *render.Options) { o.Module, o.Eye = render.ModuleRounded, render.EyeRounded }},
	} {
		b.Run(c.name, func(b *testing.B) {
			s, err := render.Encode(robustData, render.LevelM)
			if err != nil {
				b.Fatal(err)
			}
			o := render.DefaultOptions()
			o.Size = 512
			if c.set != nil {
				c.set(&o)
			}
			img := decodedPNG(b, s, o)
			sc := analysis.Scene{ModulePx: float64(o.Size) / float64(render.CanvasModules(s, o)), Modules: s.Size}
			b.ReportAllocs()
			for b.Loop() {
				if r := analysis.Robustness(img, robustData, sc, c.depth); r.Score == 0 {
					b.Fatal("score 0")
				}
			}
		})
	}
}
