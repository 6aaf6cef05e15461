package analysis

import (
	"strings"
	"testing"

	"github.com/qrforge/qrforge/render"
)

// BenchmarkCoverageDrawing is one coverage measure of a style that is not
// kept yet: the dark area of dot modules on a version 40 symbol, drawn at
// 8 pixels a module (the work generation's style_risk check does for a
// design it has not measured).
func BenchmarkCoverageDrawing(b *testing.B) {
	s, err := render.Encode(strings.Repeat("x", 2900), render.LevelL)
	if err != nil || s.Version != 40 {
		b.Fatalf("version %d, %v", s.Version, err)
	}
	o := render.DefaultOptions()
	o.Module = render.ModuleDot
	b.ReportAllocs()
	for b.Loop() {
		darkArea(s, o)
	}
}
