package service

import (
	"bytes"
	"context"
	"image/png"
	"net/url"
	"strings"
	"testing"

	"github.com/qrforge/qrforge/render"
)

// pngSide is the width and height of a PNG.
func pngSide(t *testing.T, b []byte) (w, h int) {
	t.Helper()
	cfg, err := png.DecodeConfig(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("not a PNG: %v", err)
	}
	return cfg.Width, cfg.Height
}

// scale gives the image its pixels a module: "hi" is a version 1 code,
// 21 modules and 4 of quiet zone each side, so 29 modules a side; a
// bubble frame adds its own modules, counted too. Each reads back.
func TestScaleSizesTheImageByItsModules(t *testing.T) {
	s := New(Config{BaseURL: "http://qr.test"})
	for _, c := range []struct {
		query string
		side  int
	}{
		{"data=hi&scale=8", 29 * 8},
		{"data=hi&box_size=10", 29 * 10},
		{"data=hi&module_size=3&margin=2", 25 * 3},
		{"data=hi&scale=4&logo=wifi", 0},  // a larger version, as a logo takes
		{"data=hi&scale=6&tpl=bubble", 0}, // the frame's modules
		// 58 px is padded to the smallest image, its modules still 2 px.
		{"data=hi&scale=2", render.MinSize},
	} {
		img, p := generate(t, s, Request{Query: c.query})
		if p != nil {
			t.Errorf("%s: %s", c.query, p.Detail)
			continue
		}
		w, h := pngSide(t, img.Body)
		want := c.side
		if want == 0 {
			values, err := url.ParseQuery(c.query)
			if err != nil {
				t.Fatal(err)
			}
			r, errs := parseRendering(newQuery(values), true)
			if len(errs) > 0 {
				t.Fatal(errs[0].detail)
			}
			sym, err := encodeSymbol(r)
			if err != nil {
				t.Fatal(err)
			}
			want = r.scale * render.CanvasModules(sym, r.Options)
		}
		if w != want || h != want {
			t.Errorf("%s: %dx%d, want %dx%d", c.query, w, h, want, want)
		}
		if got := readCode(t, img.Body); got != "hi" {
			t.Errorf("%s reads %q", c.query, got)
		}
	}
}

// scale under another name draws the same bytes, and the ETag, which
// names the canonical request, is the same; it differs from any size's.
func TestScaleAliasesAreOneOption(t *testing.T) {
	s := New(Config{BaseURL: "http://qr.test"})
	first, p := generate(t, s, Request{Query: "data=hi&scale=8"})
	if p != nil {
		t.Fatal(p.Detail)
	}
	for _, q := range []string{"data=hi&box_size=8", "data=hi&boxsize=8", "data=hi&modulesize=8", "data=hi&scale=8px"} {
		img, p := generate(t, s, Request{Query: q})
		if p != nil || !bytes.Equal(img.Body, first.Body) || img.ETag != first.ETag {
			t.Errorf("%s: %+v, or other bytes or ETag", q, p)
		}
	}
	sized, p := generate(t, s, Request{Query: "data=hi&size=232"})
	if p != nil || sized.ETag == first.ETag {
		t.Errorf("size=232 shares scale=8's ETag %s: %+v", first.ETag, p)
	}
}

// A scale that cannot be drawn is a 400 on scale whose fix is a scale
// that draws, never a size; size and scale together keep size.
func TestScaleProblemsAreFixedWithAScale(t *testing.T) {
	s := New(Config{BaseURL: "http://qr.test"})
	for _, c := range []struct{ query, field, fix, absent string }{
		{"data=hi&scale=1", "scale", "scale=2", "size="},
		{"data=hi&scale=500", "scale", "scale=141", "size="},
		{"data=hi&scale=x", "scale", "scale=8", "size="},
		// 41 modules with a margin of 10: 4096 / 41 is 99.
		{"data=hi&scale=141&margin=10", "scale", "scale=99", "size="},
		{"data=" + strings.Repeat("A", 1000) + "&scale=100", "scale", "scale=", "size="},
		// A logo needs 3 pixels a module (render.ModulePixels).
		{"data=hi&scale=2&logo=wifi", "scale", "scale=3", "size="},
		{"data=hi&scale=8&size=300", "scale", "size=300", "scale="},
		{"data=hi&box_size=8&width=300", "scale", "size=300", "scale="},
	} {
		_, p := generate(t, s, Request{Query: c.query})
		if p == nil || p.Field != c.field || !strings.Contains(p.Fix, c.fix) || strings.Contains(p.Fix, c.absent) {
			t.Errorf("%.60s: %+v, want a fix on %s with %s and no %s", c.query, p, c.field, c.fix, c.absent)
			continue
		}
		if _, again := generateURL(s, p.Fix); again != nil {
			t.Errorf("%.60s: the fix fails: %s", c.query, again.Detail)
		}
	}
}

// verify judges the modules a scale draws and fixes them with a scale:
// at 2 pixels a module it warns, and its fix is a scale, not a size that
// the call would then give twice.
func TestVerifyFixesSmallModulesWithAScale(t *testing.T) {
	s := New(Config{BaseURL: "http://qr.test"})
	v, p := s.Verify(context.Background(), Request{Query: "data=" + strings.Repeat("A", 100) + "&scale=2&robustness=off"})
	if p != nil {
		t.Fatal(p.Detail)
	}
	for _, c := range v.Checks {
		if c.Name != "module_size" {
			continue
		}
		if c.Status != StatusWarn || !strings.Contains(c.Fix, "scale=") || strings.Contains(c.Fix, "size=") {
			t.Fatalf("module_size: %+v", c)
		}
		again, p := s.Verify(context.Background(), Request{Query: strings.SplitN(c.Fix, "?", 2)[1]})
		if p != nil {
			t.Fatal(p.Detail)
		}
		for _, c := range again.Checks {
			if c.Name == "module_size" && c.Status != StatusPass {
				t.Errorf("after the fix, module_size: %+v", c)
			}
		}
		return
	}
	t.Fatal("no module_size check")
}

// A batch item inlined as base64 is held to the inline limit by the size
// its scale gives, known only once its code is encoded.
func TestBatchInlineLimitCountsAScale(t *testing.T) {
	s := New(Config{BaseURL: "http://qr.test"})
	run, p := s.Batch(context.Background(), []byte(`{"output":"base64","items":[{"data":"hi","style":{"scale":40}},{"data":"hi","style":{"scale":30}}]}`))
	if p != nil {
		t.Fatal(p.Detail)
	}
	defer run.Close()
	var items []BatchItem
	if err := run.Each(func(it BatchItem) error { items = append(items, it); return nil }); err != nil {
		t.Fatal(err)
	}
	// 29 × 40 is 1160 pixels, above 1024; 29 × 30 is 870.
	if len(items) != 2 || items[0].Problem == nil || items[0].Problem.Field != "scale" || items[1].Problem != nil {
		for _, it := range items {
			t.Logf("item %d: %+v", it.Index, it.Problem)
		}
		t.Fatalf("%d items", len(items))
	}
}
