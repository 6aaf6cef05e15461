package analysis_test

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/color"
	"image/png"
	"math"
	"reflect"
	"runtime"
	"runtime/debug"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/qrforge/qrforge/analysis"
	"github.com/qrforge/qrforge/render"
)

const robustData = "https://example.com/robust"

// rendered draws robustData at level l with o and returns the image and
// its scene.
func rendered(t *testing.T, l render.Level, set func(*render.Options)) (image.Image, analysis.Scene) {
	t.Helper()
	s, err := render.Encode(robustData, l)
	if err != nil {
		t.Fatal(err)
	}
	o := render.DefaultOptions()
	o.Size = 400
	if set != nil {
		set(&o)
	}
	return decodedPNG(t, s, o), analysis.Scene{ModulePx: float64(o.Size) / float64(render.CanvasModules(s, o)), Modules: s.Size}
}

// decodedPNG is the PNG of s drawn with o, decoded.
func decodedPNG(t testing.TB, s *render.Symbol, o render.Options) image.Image {
	t.Helper()
	b, err := render.PNG(s, o)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// score is analysis.Robustness run to the end.
func score(t testing.TB, img image.Image, want string, sc analysis.Scene, d analysis.Depth) analysis.Report {
	t.Helper()
	r, err := analysis.Robustness(context.Background(), img, want, sc, d)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func passed(r analysis.Report, name string) int {
	for _, c := range r.Conditions {
		if c.Name == name {
			return c.Passed
		}
	}
	return -1
}

// The grid is seeded: the same image scores the same, level for level.
func TestRobustnessIsReproducible(t *testing.T) {
	img, sc := rendered(t, render.LevelM, nil)
	a := score(t, img, robustData, sc, analysis.Full)
	b := score(t, img, robustData, sc, analysis.Full)
	if !reflect.DeepEqual(a, b) {
		t.Fatalf("two runs differ:\n%+v\n%+v", a, b)
	}
	n := 0
	for _, c := range a.Conditions {
		n += len(c.Levels)
	}
	if n != analysis.GridSize(analysis.Full) || len(a.Conditions) != len(analysis.ConditionNames()) {
		t.Fatalf("%d images in %d conditions, want %d in %d", n, len(a.Conditions), analysis.GridSize(analysis.Full), len(analysis.ConditionNames()))
	}
	if a.Score <= 0 || a.Score >= 100 {
		t.Errorf("score %d: a plain code should read under some conditions and fail the harshest", a.Score)
	}
	q := score(t, img, robustData, sc, analysis.Quick)
	if q.Depth != analysis.Quick || analysis.GridSize(analysis.Quick) != len(q.Conditions) {
		t.Errorf("quick: depth %s, %d conditions", q.Depth, len(q.Conditions))
	}
	for _, c := range q.Conditions {
		if len(c.Levels) != 1 {
			t.Errorf("quick %s tried %d levels", c.Name, len(c.Levels))
		}
	}
}

// What the score measures moves it the right way: error correction H
// survives more occlusion than L, a faded colour scores lower than black,
// and a larger print reads from farther.
func TestRobustnessRespondsToTheDesign(t *testing.T) {
	imgL, scL := rendered(t, render.LevelL, nil)
	imgH, scH := rendered(t, render.LevelH, nil)
	l := score(t, imgL, robustData, scL, analysis.Full)
	h := score(t, imgH, robustData, scH, analysis.Full)
	if passed(h, "occlusion") <= passed(l, "occlusion") {
		t.Errorf("occlusion: H passed %d levels, L %d; want H more", passed(h, "occlusion"), passed(l, "occlusion"))
	}

	black, sc := rendered(t, render.LevelM, nil)
	grey, _ := rendered(t, render.LevelM, func(o *render.Options) { o.Foreground = color.NRGBA{0x90, 0x90, 0x90, 255} })
	b := score(t, black, robustData, sc, analysis.Full)
	g := score(t, grey, robustData, sc, analysis.Full)
	if g.Score >= b.Score || passed(g, "fade") >= passed(b, "fade") {
		t.Errorf("grey modules scored %d (fade %d), black %d (fade %d); want grey lower", g.Score, passed(g, "fade"), b.Score, passed(b, "fade"))
	}
	if len(g.Weakest) == 0 || g.Weakest[0] == "" {
		t.Errorf("grey modules: no weakest condition named: %v", g.Weakest)
	}

	small := sc
	small.PrintMM = 10
	large := sc
	large.PrintMM = 60
	if s, lg := passed(score(t, black, robustData, small, analysis.Full), "distance"), passed(score(t, black, robustData, large, analysis.Full), "distance"); s >= lg {
		t.Errorf("distance: 1 cm wide passed %d levels, 6 cm %d; want the larger print to read from farther", s, lg)
	}
}

// A score whose context ends stops between the grid's decodes: it gives
// the context's error and no report, each worker decodes at most the image
// it had begun, and none is left running. A version-40 code's full score
// decodes at least GridSize(Full) images, a minute of CPU on two cores.
func TestRobustnessStopsWhenCancelled(t *testing.T) {
	data := strings.Repeat("a", 2900)
	s, err := render.Encode(data, render.LevelL)
	if err != nil {
		t.Fatal(err)
	}
	o := render.DefaultOptions()
	o.Size = 2 * render.CanvasModules(s, o)
	img := decodedPNG(t, s, o)
	sc := analysis.Scene{ModulePx: 2, Modules: s.Size}
	workers := int64(min(runtime.GOMAXPROCS(0), analysis.GridSize(analysis.Full)))

	var decodes, atCancel atomic.Int64
	for _, cancelAt := range []int64{0, 1, 3} {
		decodes.Store(0)
		atCancel.Store(0)
		before := runtime.NumGoroutine()
		ctx, cancel := context.WithCancel(context.Background())
		if cancelAt == 0 {
			cancel()
		}
		restore := analysis.SetGridDecodeHook(func() {
			if decodes.Add(1) == cancelAt {
				cancel()
				// Another worker may have finished a decode and
				// begun the next between the count and the cancel.
				atCancel.Store(decodes.Load())
			}
		})
		rep, err := analysis.Robustness(ctx, img, data, sc, analysis.Full)
		done := decodes.Load()
		restore()
		cancel()
		if !errors.Is(err, context.Canceled) {
			t.Errorf("cancelled after %d decodes: error %v, want context.Canceled", cancelAt, err)
		}
		if !reflect.DeepEqual(rep, analysis.Report{}) {
			t.Errorf("cancelled after %d decodes: a partial report %+v", cancelAt, rep)
		}
		// Each worker finishes the decode it is in; the one that
		// cancelled is done with its own.
		if most := atCancel.Load() + max(0, workers-1); done > most {
			t.Errorf("cancelled after %d decodes: %d decodes done, want at most %d (%d workers)", cancelAt, done, most, workers)
		}
		// Robustness has waited for its workers; their goroutines end
		// right after.
		for deadline := time.Now().Add(10 * time.Second); runtime.NumGoroutine() > before; time.Sleep(time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("cancelled after %d decodes: %d goroutines before the score, %d after", cancelAt, before, runtime.NumGoroutine())
			}
		}
	}
}

// A code that does not read as the payload scores 0 and says why.
func TestRobustnessOfAnUnreadableCode(t *testing.T) {
	img, sc := rendered(t, render.LevelM, nil)
	r := score(t, img, "something else", sc, analysis.Quick)
	if r.Score != 0 || len(r.Weakest) != 1 {
		t.Errorf("score %d, weakest %v; want 0 and the reason", r.Score, r.Weakest)
	}
}

// Degradations keep the picture where they should: resampling keeps the
// mean, a quarter turn moves pixels exactly, and no change is no change.
func TestDegradations(t *testing.T) {
	g := image.NewGray(image.Rect(0, 0, 40, 30))
	for i := range g.Pix {
		g.Pix[i] = uint8(i * 37 % 251)
	}
	mean := func(m *image.Gray) float64 {
		var s float64
		for _, v := range m.Pix {
			s += float64(v)
		}
		return s / float64(len(m.Pix))
	}
	if d := mean(analysis.Resample(g, 0.5)) - mean(g); d > 1 || d < -1 {
		t.Errorf("resampling moved the mean by %.2f", d)
	}
	r := analysis.Rotate(g, 90)
	if r.Rect.Dx() != 30 || r.Rect.Dy() != 40 {
		t.Fatalf("a quarter turn of 40×30 is %v", r.Rect)
	}
	// Turned clockwise on screen (y down): source (x, y) lands at (h-1-y, x).
	if got, want := r.GrayAt(30-1-5, 7).Y, g.GrayAt(7, 5).Y; got != want {
		t.Errorf("a quarter turn put %d where %d belongs", got, want)
	}
	for name, same := range map[string]*image.Gray{
		"fade 1":     analysis.Fade(g, 1),
		"blur 0":     analysis.GaussianBlur(g, 0),
		"lighting 1": analysis.Lighting(g, 1, 30),
		"glare 0":    analysis.Glare(g, 10, 10, 5, 0),
	} {
		if !bytes.Equal(same.Pix, g.Pix) {
			t.Errorf("%s changed the image", name)
		}
	}
	f := analysis.Fade(g, 0)
	for _, v := range f.Pix {
		if v != 255 {
			t.Fatalf("fade 0 left %d, want white", v)
		}
	}
}

// Grid gives the images the score decodes: the full grid's count, and a
// quick score's images are the full grid's middle levels, byte for byte.
func TestGridImages(t *testing.T) {
	img, sc := rendered(t, render.LevelM, nil)
	full, ok := analysis.Grid(img, robustData, sc, analysis.Full)
	if !ok || len(full) != analysis.GridSize(analysis.Full) {
		t.Fatalf("full grid: %d images (ok %v), want %d", len(full), ok, analysis.GridSize(analysis.Full))
	}
	quick, _ := analysis.Grid(img, robustData, sc, analysis.Quick)
	for _, q := range quick {
		found := false
		for _, f := range full {
			if f.Condition == q.Condition && f.Value == q.Value {
				found = bytes.Equal(f.Image.Pix, q.Image.Pix)
			}
		}
		if !found {
			t.Errorf("quick %s at %g is not the full grid's image", q.Condition, q.Value)
		}
	}
	if _, ok := analysis.Grid(img, "not this", sc, analysis.Quick); ok {
		t.Error("a grid for a payload the image does not hold")
	}
}

// Enlarge keeps every module of whole pixels one flat colour, each as wide
// as the others: a row of 4-pixel modules, light and dark in turn after a
// pixel of leftover quiet zone, is 6 pixels a module at 1.5×, where a box
// filter greys the pixel across each module edge.
func TestEnlargeKeepsModulesWhole(t *testing.T) {
	g := image.NewGray(image.Rect(0, 0, 41, 1))
	for x := range 41 {
		g.Pix[x] = 255
		if x >= 1 && (x-1)/4%2 == 1 {
			g.Pix[x] = 0
		}
	}
	out := analysis.Enlarge(g, 1.5)
	if out.Rect.Dx() != 62 || out.Rect.Dy() != 2 {
		t.Fatalf("enlarged to %v, want 62×2", out.Rect)
	}
	for y := range 2 {
		for x := 1; x < 61; x++ {
			want := uint8(255)
			if (x-1)/6%2 == 1 {
				want = 0
			}
			if got := out.GrayAt(x, y).Y; got != want {
				t.Fatalf("pixel (%d, %d) is %d, want %d", x, y, got, want)
			}
		}
	}
	if grey := analysis.Resample(g, 1.5).GrayAt(7, 0).Y; grey == 0 || grey == 255 {
		t.Errorf("the box filter keeps pixel 7 flat (%d): the case Enlarge exists for is gone", grey)
	}
}

// GridPixels, known before a score runs, is within 5 % of the pixels of
// the images the score then decodes (some conditions shrink or turn the
// image, so it is an estimate), drawn at 4.5 pixels a module (enlarged),
// 12 and 30 (resampled).
func TestGridPixelsEstimatesTheGrid(t *testing.T) {
	for _, size := range []int{150, 400, 1000} {
		img, sc := rendered(t, render.LevelM, func(o *render.Options) { o.Size = size })
		for _, d := range []analysis.Depth{analysis.Quick, analysis.Full} {
			grid, ok := analysis.Grid(img, robustData, sc, d)
			if !ok {
				t.Fatalf("%d px: no grid", size)
			}
			var decoded int64
			for _, g := range grid {
				decoded += int64(g.Image.Rect.Dx()) * int64(g.Image.Rect.Dy())
			}
			est := analysis.GridPixels(img.Bounds(), sc, d)
			if diff := math.Abs(float64(est-decoded)) / float64(decoded); diff > 0.05 {
				t.Errorf("%d px, %s: GridPixels %d, the grid decodes %d (%.1f %% apart)", size, d, est, decoded, 100*diff)
			}
		}
	}
}

// GridBytes holds what a score keeps live at once, measured on a
// version-40 code drawn at 2 pixels a module (enlarged threefold) with
// the heap collected nearly all the time, sampled as the score runs.
func TestGridBytesCoversTheScore(t *testing.T) {
	s, err := render.Encode(strings.Repeat("a", 2900), render.LevelL)
	if err != nil {
		t.Fatal(err)
	}
	defer debug.SetGCPercent(debug.SetGCPercent(1))
	for _, c := range []struct {
		module render.ModuleStyle
		depth  analysis.Depth
	}{{render.ModuleSquare, analysis.Quick}, {render.ModuleStar, analysis.Full}} {
		o := render.DefaultOptions()
		o.Module = c.module
		o.Size = 2 * render.CanvasModules(s, o)
		img := decodedPNG(t, s, o)
		sc := analysis.Scene{ModulePx: 2, Modules: s.Size}
		runtime.GC()
		var base runtime.MemStats
		runtime.ReadMemStats(&base)
		var peak atomic.Uint64
		stop := make(chan struct{})
		sampled := make(chan struct{})
		go func() {
			defer close(sampled)
			for {
				var m runtime.MemStats
				runtime.ReadMemStats(&m)
				if m.HeapAlloc > peak.Load() {
					peak.Store(m.HeapAlloc)
				}
				select {
				case <-stop:
					return
				case <-time.After(time.Millisecond):
				}
			}
		}()
		score(t, img, strings.Repeat("a", 2900), sc, c.depth)
		close(stop)
		<-sampled
		used, est := int64(peak.Load())-int64(base.HeapAlloc), analysis.GridBytes(img.Bounds(), sc, c.depth)
		t.Logf("%s %s: %.1f MB live at most, GridBytes %.1f MB", c.module, c.depth, float64(used)/1e6, float64(est)/1e6)
		if used > est {
			t.Errorf("%s %s: the score held %d bytes, GridBytes is %d", c.module, c.depth, used, est)
		}
	}
}
