package analysis_test

import (
	"strings"
	"testing"

	"github.com/qrforge/qrforge/analysis"
	"github.com/qrforge/qrforge/internal/cputime"
	"github.com/qrforge/qrforge/render"
)

// BenchmarkRobustness scores a 512 px code, a short URL at level M, at
// both depths, and a version-40 code of 2,900 bytes (BENCHMARKS.md, "Scan
// robustness"; the target is a full score under 300 ms on 2 cores).
// cpu-ms/op is the process's CPU time, steadier than wall time on a
// shared machine.
func BenchmarkRobustness(b *testing.B) {
	v40 := strings.Repeat("a", 2900)
	for _, c := range []struct {
		name  string
		data  string
		size  int
		depth analysis.Depth
		set   func(*render.Options)
	}{
		{"full/square", robustData, 512, analysis.Full, nil},
		{"quick/square", robustData, 512, analysis.Quick, nil},
		{"full/rounded", robustData, 512, analysis.Full, func(o *render.Options) { o.Module, o.Eye = render.ModuleRounded, render.EyeRounded }},
		{"quick/v40", v40, 1024, analysis.Quick, nil},
		{"full/v40-star", v40, 1024, analysis.Full, func(o *render.Options) { o.Module = render.ModuleStar }},
	} {
		b.Run(c.name, func(b *testing.B) {
			s, err := render.Encode(c.data, render.LevelM)
			if err != nil {
				s, err = render.Encode(c.data, render.LevelL)
			}
			if err != nil {
				b.Fatal(err)
			}
			o := render.DefaultOptions()
			o.Size = c.size
			if c.set != nil {
				c.set(&o)
			}
			img := decodedPNG(b, s, o)
			sc := analysis.Scene{ModulePx: float64(o.Size) / float64(render.CanvasModules(s, o)), Modules: s.Size}
			b.ReportAllocs()
			cpu := cputime.Process()
			for b.Loop() {
				if r := score(b, img, c.data, sc, c.depth); r.Score == 0 {
					b.Fatal("score 0")
				}
			}
			b.ReportMetric(float64(cputime.Process()-cpu)/1e6/float64(b.N), "cpu-ms/op")
		})
	}
}
