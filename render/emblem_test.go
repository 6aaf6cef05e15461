package render

import (
	"bytes"
	"image"
	"image/color"
	"slices"
	"sync"
	"testing"
)

// TestEmblemMaskWithoutMixes: a box with more distinct mixes than a mask
// can name keeps every pixel's levels instead, and painting from them
// gives the colours that painting from named mixes does.
func TestEmblemMaskWithoutMixes(t *testing.T) {
	s, err := Encode(overlayPayloads[1], LevelM)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []ModuleStyle{ModuleSquare, ModuleStar} {
		o := DefaultOptions()
		o.Module = m
		ov := referenceEmblems(s.Size)["tight"]
		k := ov.knockOut(s)
		l, err := newLayout(k, &o)
		if err != nil {
			t.Fatal(err)
		}
		g := ov.emblemPlace(l)
		paint := func(mask *emblemMask) []color.NRGBA {
			sc := new(pngScratch)
			pal := newNRGBAIndex(shadePalette(&o), 256)
			em := emblemPaint{layers: ov.Layers, box: g.box, mask: mask, mixes: sc.mixIndices(mask, ov.Layers, pal)}
			rows := shadedRowsAt(sc, k, l, &o, 8)
			var out []color.NRGBA
			for _, i := range sc.emblemPixels(&em, rows, rowStride(o.Size, 8), 8, pal) {
				out = append(out, pal.colors[i])
			}
			return out
		}
		named, unnamed := rasterEmblem(ov.Layers, g, maxEmblemMixes), rasterEmblem(ov.Layers, g, 2)
		if named.pix == nil || unnamed.pix != nil {
			t.Fatalf("%s: a limit of 2 mixes named them all, or %d did not", m, maxEmblemMixes)
		}
		if !slices.Equal(paint(named), paint(unnamed)) {
			t.Errorf("%s modules: the emblem painted from levels differs from the one painted from mixes", m)
		}
	}
}

// TestEmblemCache: a mask is kept and found again for the same shapes
// and geometry, whatever their colours; shapes changed in place are
// rasterized again; and the cache stays within its budget.
func TestEmblemCache(t *testing.T) {
	ov := testEmblem(0.25)
	g := emblemGeometry{box: image.Rect(0, 0, 80, 80), dx: 0.5, dy: 0.25, side: 79}
	first := ov.emblemMaskOf(g)
	recoloured := testEmblem(0.25)
	recoloured.Layers[1].Color = color.NRGBA{0, 0, 255, 255}
	if recoloured.emblemMaskOf(g) != first {
		t.Error("the same shapes in another colour were rasterized again")
	}
	ov.Layers[1].Polygons[0][0] = [2]float64{0.3, 0.3}
	if again := ov.emblemMaskOf(g); again == first || slices.Equal(again.pix, first.pix) {
		t.Error("a polygon changed in place painted the mask cached before")
	}
	for side := 500; side <= 1400; side += 100 {
		g := emblemGeometry{box: image.Rect(0, 0, side+1, side+1), dx: 0.5, dy: 0.5, side: float64(side)}
		if m := ov.emblemMaskOf(g); ov.emblemMaskOf(g) != m {
			t.Fatalf("the %d px mask was not kept", side)
		}
		emblemCache.Lock()
		used := emblemCache.bytes
		emblemCache.Unlock()
		if used > emblemCacheBudget {
			t.Fatalf("the cache holds %d bytes, over its budget of %d", used, emblemCacheBudget)
		}
	}
}

// TestOverlayConcurrent renders emblem codes from several goroutines at
// once, sizes and styles mixed so that masks are shared and built at the
// same time, and compares each with the image rendered alone; run it
// with -race.
func TestOverlayConcurrent(t *testing.T) {
	s, err := Encode(overlayPayloads[0], LevelM)
	if err != nil {
		t.Fatal(err)
	}
	var cases []Options
	for _, m := range []ModuleStyle{ModuleSquare, ModuleRounded, ModuleStar} {
		for _, size := range []int{300, 301, 512} {
			cases = append(cases, overlayOptions(size, m))
		}
	}
	want := make([][]byte, len(cases))
	for i, o := range cases {
		if want[i], err = PNG(s, o); err != nil {
			t.Fatal(err)
		}
	}
	emblemCache.Lock()
	emblemCache.masks = nil // built again, concurrently
	emblemCache.Unlock()
	var wg sync.WaitGroup
	for w := range 6 {
		wg.Go(func() {
			for j := range cases {
				i := (j + w) % len(cases)
				got, err := PNG(s, cases[i])
				if err != nil || !bytes.Equal(got, want[i]) {
					t.Errorf("goroutine %d, %s at %d px: output differs from the image rendered alone (%v)", w, cases[i].Module, cases[i].Size, err)
				}
			}
		})
	}
	wg.Wait()
}
