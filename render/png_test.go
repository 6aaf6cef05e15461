package render

import (
	"bytes"
	"testing"
)

// TestPNGPooledBuffersDoNotLeak renders images of different sizes and
// styles in turn: pooled rows, rasterizers and masks must leave nothing of
// one image in the next.
func TestPNGPooledBuffersDoNotLeak(t *testing.T) {
	small := encodeT(t, "https://example.com/a")
	large := encodeT(t, version10Payload)
	styles := []Options{DefaultOptions(), styled(ModuleRounded, EyeCircle, 1000), styled(ModuleDot, EyeSquare, 200)}
	first := make([][]byte, len(styles))
	for i, o := range styles {
		b, err := PNG(small, o)
		if err != nil {
			t.Fatal(err)
		}
		first[i] = b
	}
	for round := 0; round < 3; round++ {
		for i, o := range styles {
			if _, err := PNG(large, styled(ModuleOrganic, EyeLeaf, 1500)); err != nil {
				t.Fatal(err)
			}
			b, err := PNG(small, o)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(b, first[i]) {
				t.Fatalf("round %d, options %d: output differs after other images used the pools", round, i)
			}
			decodePNG(t, b)
		}
	}
}

// TestPNGSteadyStateAllocations: once the pools are warm, drawing a square
// PNG allocates the finished file and its two-entry palette, nothing per
// pixel or per row; a styled one adds only its drawing's path.
func TestPNGSteadyStateAllocations(t *testing.T) {
	s := encodeT(t, "https://example.com/item/1")
	for _, c := range []struct {
		o   Options
		max float64
	}{
		{DefaultOptions(), 2},
		{styled(ModuleRounded, EyeRounded, 512), 20},
	} {
		if _, err := PNG(s, c.o); err != nil {
			t.Fatal(err)
		}
		allocs := testing.AllocsPerRun(50, func() { PNG(s, c.o) })
		if allocs > c.max {
			t.Errorf("%s modules: %.0f allocations per PNG, want at most %.0f", c.o.Module, allocs, c.max)
		}
	}
}
