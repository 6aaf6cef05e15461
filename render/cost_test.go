package render

import (
	"runtime"
	"testing"
)

// TestDrawingBytesCoversTheDrawing: the estimate is at least what drawing
// allocates in total (an upper bound of its peak), for every kind of
// drawing at the largest size.
func TestDrawingBytesCoversTheDrawing(t *testing.T) {
	sym, err := Encode("https://example.com/a/fairly/long/path?with=query", LevelH)
	if err != nil {
		t.Fatal(err)
	}
	variants := map[string]func(*Options){
		"square":  func(*Options) {},
		"rounded": func(o *Options) { o.Module = ModuleRounded },
		"organic": func(o *Options) { o.Module, o.Eye = ModuleOrganic, EyeLeaf },
		"label":   func(o *Options) { o.Label = "Scan for the menu" },
		"frame":   func(o *Options) { o.Frame, o.Label = FrameScanMe, "SCAN ME NOW" },
		"overlay": func(o *Options) { o.Overlay = testEmblem(7.0 / 46) },
		"plus":    func(o *Options) { o.Module = ModulePlus },
		"heart":   func(o *Options) { o.Module, o.EyeFrame, o.EyeBall = ModuleHeart, EyeFrameCut, EyeBallDot },
		"classy":  func(o *Options) { o.Module, o.Eye, o.EyeFrame = ModuleClassyRounded, EyeLeaf, EyeFrameExtraRounded },
	}
	for _, size := range []int{MinSize, 1000, MaxSize} {
		for name, set := range variants {
			o := DefaultOptions()
			o.Size = size
			set(&o)
			for _, format := range []string{"png", "svg"} {
				draw := func() { PNG(sym, o) }
				if format == "svg" {
					draw = func() { SVG(sym, o) }
				}
				used := allocated(draw)
				if est := DrawingBytes(o, sym.Size, format == "png"); used > est {
					t.Errorf("%s %s at %d px allocated %d bytes, estimated %d", name, format, size, used, est)
				}
			}
		}
	}
}

func allocated(f func()) int64 {
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return int64(after.TotalAlloc - before.TotalAlloc)
}
