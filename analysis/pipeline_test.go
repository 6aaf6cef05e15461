package analysis

import (
	"context"
	"image"
	"math/rand/v2"
	"runtime"
	"runtime/debug"
	"sync/atomic"
	"testing"
	"time"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/qrcode"
	"github.com/qrforge/qrforge/render"
)

const pipelineData = "https://example.com/pipeline"

// pipelineCode is pipelineData drawn at 300 px (about 9 px a module), grey.
func pipelineCode(t testing.TB) *image.Gray {
	t.Helper()
	s, err := render.Encode(pipelineData, render.LevelM)
	if err != nil {
		t.Fatal(err)
	}
	o := render.DefaultOptions()
	o.Size = 300
	g, err := setDesign{data: pipelineData, s: s, o: o}.gray()
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// plainGozxing reads g as a single pass of gozxing's QR reader does,
// with its default (hybrid) binarizer.
func plainGozxing(g *image.Gray) bool {
	bmp, err := gozxing.NewBinaryBitmapFromImage(g)
	if err != nil {
		return false
	}
	_, err = qrcode.NewQRCodeReader().Decode(bmp, map[gozxing.DecodeHintType]any{gozxing.DecodeHintType_TRY_HARDER: true})
	return err == nil
}

func inverse(g *image.Gray) *image.Gray {
	out := clone(g)
	for i, v := range out.Pix {
		out.Pix[i] = 255 - v
	}
	return out
}

func mirrored(g *image.Gray) *image.Gray {
	out := clone(g)
	w := out.Rect.Dx()
	for y := range out.Rect.Dy() {
		row := out.Pix[y*out.Stride : y*out.Stride+w]
		for x := range w / 2 {
			row[x], row[w-1-x] = row[w-1-x], row[x]
		}
	}
	return out
}

// Each degraded code is missed by a plain gozxing pass, and all but the
// inverse by Scan too; Read reads every one as the exact payload.
func TestReadGoesPastThePlainPath(t *testing.T) {
	g := pipelineCode(t)
	cases := []struct {
		name       string
		img        *image.Gray
		scanMisses bool
	}{
		{"blurred by 0.55 of a module", GaussianBlur(g, 5), true},
		{"faded to 7 % contrast", Fade(GaussianBlur(g, 1.5), 0.07), true},
		{"small: 2.3 px a module", Resample(g, 0.25), true},
		{"tilted 50°", Tilt(g, 50), true},
		{"inverted", inverse(g), false},
		{"mirrored and tilted 50°", Tilt(mirrored(g), 50), true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if plainGozxing(c.img) {
				t.Fatal("plain gozxing reads it: the case proves nothing")
			}
			if c.scanMisses && len(Scan(c.img)) > 0 {
				t.Fatal("Scan reads it: the case proves nothing")
			}
			codes, st := Read(context.Background(), c.img, DefaultBudget)
			if len(codes) != 1 || codes[0].Text != pipelineData {
				t.Fatalf("Read found %+v after %d attempts, want %q", codes, st.Attempts, pipelineData)
			}
			// The code is centred in each image: its corners, found on a
			// view maybe scaled, must be mapped back around the centre.
			var cx, cy int
			for _, p := range codes[0].Bounds {
				cx, cy = cx+p[0]/4, cy+p[1]/4
			}
			w, h := c.img.Rect.Dx(), c.img.Rect.Dy()
			if abs(cx-w/2) > w/8 || abs(cy-h/2) > h/8 {
				t.Errorf("centred at (%d, %d) in a %dx%d image: %v", cx, cy, w, h, codes[0].Bounds)
			}
			t.Logf("read by %s after %d attempts in %v", st.Pass, st.Attempts, st.Elapsed)
		})
	}
}

// A clean code reads on the first attempt: the cheap path costs what
// Scan did.
func TestReadStopsAtTheFirstRead(t *testing.T) {
	codes, st := Read(context.Background(), pipelineCode(t), DefaultBudget)
	if len(codes) != 1 || st.Attempts != 1 || st.Pass != "plain/hybrid" {
		t.Fatalf("%d codes after %d attempts by %q, want 1 after 1 by plain/hybrid", len(codes), st.Attempts, st.Pass)
	}
}

// blank is a w×h noisy grey image with no code in it.
func blank(w, h int) *image.Gray {
	g := image.NewGray(image.Rect(0, 0, w, h))
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range g.Pix {
		g.Pix[i] = uint8(120 + rng.IntN(16))
	}
	return g
}

// On a large image with no code, Read stops at its budget: at most one
// attempt past the time limit, exactly the attempts allowed, none when
// the caller has gone.
func TestReadStopsWithinBudget(t *testing.T) {
	g := blank(3000, 2500)
	b := Budget{Attempts: 1000, Time: 300 * time.Millisecond}
	codes, st := Read(context.Background(), g, b)
	if len(codes) != 0 || !st.OutOfBudget {
		t.Fatalf("%d codes, out of budget %v", len(codes), st.OutOfBudget)
	}
	// One attempt on 7.5 megapixels takes well under a second on 2 cores.
	if st.Elapsed > b.Time+2*time.Second {
		t.Errorf("took %v with a budget of %v", st.Elapsed, b.Time)
	}
	t.Logf("%d attempts in %v", st.Attempts, st.Elapsed)

	_, st = Read(context.Background(), blank(400, 400), Budget{Attempts: 5})
	if st.Attempts != 5 || !st.OutOfBudget {
		t.Errorf("%d attempts, out of budget %v; want 5, true", st.Attempts, st.OutOfBudget)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, st = Read(ctx, g, DefaultBudget); st.Attempts != 0 {
		t.Errorf("%d attempts after the caller left", st.Attempts)
	}
}

// Every pass on a blank image, with no budget, holds no more than Scan's
// share and ReadExtraBytes at once (the admission control of /decode
// reserves that).
func TestReadMemoryIsBounded(t *testing.T) {
	g := blank(2400, 2000)
	defer debug.SetGCPercent(debug.SetGCPercent(10))
	runtime.GC()
	var base runtime.MemStats
	runtime.ReadMemStats(&base)
	var peak atomic.Uint64
	done := make(chan struct{})
	go func() {
		var m runtime.MemStats
		for {
			select {
			case <-done:
				return
			case <-time.After(5 * time.Millisecond):
				runtime.ReadMemStats(&m)
				if m.HeapAlloc > peak.Load() {
					peak.Store(m.HeapAlloc)
				}
			}
		}
	}()
	_, st := Read(context.Background(), g, Budget{})
	close(done)
	used := int64(peak.Load()) - int64(base.HeapAlloc)
	px := int64(g.Rect.Dx() * g.Rect.Dy())
	limit := ScanBytesPerPixel*px + ReadExtraBytes
	t.Logf("%d attempts: peak %d bytes above the image, limit %d", st.Attempts, used, limit)
	if used > limit {
		t.Errorf("peak %d bytes > %d", used, limit)
	}
}

// Two codes in one image, so faded that only a later pass finds them,
// both read, their corners in the image's own pixels.
func TestReadFindsEveryCode(t *testing.T) {
	g := pipelineCode(t)
	s, err := render.Encode("second code", render.LevelM)
	if err != nil {
		t.Fatal(err)
	}
	o := render.DefaultOptions()
	o.Size = 300
	other, err := setDesign{data: "second code", s: s, o: o}.gray()
	if err != nil {
		t.Fatal(err)
	}
	w := g.Rect.Dx()
	both := image.NewGray(image.Rect(0, 0, 2*w+40, g.Rect.Dy()))
	fill(both, light)
	for y := range g.Rect.Dy() {
		copy(both.Pix[y*both.Stride:], g.Pix[y*g.Stride:y*g.Stride+w])
	}
	for y := range other.Rect.Dy() {
		copy(both.Pix[y*both.Stride+w+40:], other.Pix[y*other.Stride:y*other.Stride+other.Rect.Dx()])
	}
	both = Fade(GaussianBlur(both, 1.5), 0.07)
	if len(Scan(both)) > 0 {
		t.Fatal("Scan reads it: the case proves nothing")
	}
	codes, st := Read(context.Background(), both, DefaultBudget)
	if len(codes) != 2 {
		t.Fatalf("%d codes by %s, want 2", len(codes), st.Pass)
	}
	for i, want := range []string{pipelineData, "second code"} {
		if codes[i].Text != want {
			t.Errorf("code %d reads %q, want %q", i, codes[i].Text, want)
		}
		cx := 0
		for _, p := range codes[i].Bounds {
			cx += p[0] / 4
		}
		if lo, hi := i*(w+40), i*(w+40)+w; cx < lo || cx > hi {
			t.Errorf("code %d centred at x=%d, outside its %d..%d", i, cx, lo, hi)
		}
	}
	t.Logf("read by %s", st.Pass)
}

func abs(v int) int { return max(v, -v) }
