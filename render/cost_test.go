package render

import (
	"runtime"
	"strings"
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
		"gradient": func(o *Options) {
			o.Module, o.Gradient, o.Label = ModuleDot, twoStops(GradientRadial, 0), "Scan for the menu"
			o.EyeColors[0].Frame = teal
		},
		"eyes": func(o *Options) { o.EyeColors = [3]EyeColors{{Frame: teal}, {Centre: wine}, {}} },
		"box":  func(o *Options) { o.Frame = FrameBox },
		"coloured bubble": func(o *Options) {
			fc, tc := testFrameColor, testTextColor
			o.Frame, o.FrameColor, o.TextColor = FrameBubble, &fc, &tc
		},
		"coloured corners": func(o *Options) {
			fc := testFrameColor
			o.Frame, o.FrameColor, o.Module = FrameCorners, &fc, ModuleOrganic
		},
		"coloured banner and overlay": func(o *Options) {
			fc := testFrameColor
			o.Frame, o.FrameColor, o.Overlay = FrameBannerAbove, &fc, testEmblem(7.0/46)
		},
		"icon": func(o *Options) {
			wifi, _ := IconNamed("wifi")
			o.Logo = &Logo{Size: MaxLogoSize, Padding: 1, Icon: wifi, Plate: o.Foreground}
		},
		"picture": func(o *Options) { o.Logo = &Logo{Size: MaxLogoSize, Padding: 1, Image: testPicture(1024, 1024)} },
		"plus":    func(o *Options) { o.Module = ModulePlus },
		"heart":   func(o *Options) { o.Module, o.EyeFrame, o.EyeBall = ModuleHeart, EyeFrameCut, EyeBallDot },
		"classy":  func(o *Options) { o.Module, o.Eye, o.EyeFrame = ModuleClassyRounded, EyeLeaf, EyeFrameExtraRounded },
	}
	for _, size := range []int{MinSize, 1000, MaxSize} {
		for name, set := range variants {
			o := DefaultOptions()
			o.Size = size
			set(&o)
			for e, encode := range encoders {
				used := allocated(func() { encode(sym, o) })
				est := DrawingBytes(o, sym.Size, e)
				if used > est {
					t.Errorf("%s %s at %d px allocated %d bytes, estimated %d", name, e, size, used, est)
				}
				t.Logf("%s %s %d px: allocated %d, estimated %d (%.2fx)", name, e, size, used, est, float64(est)/float64(used))
			}
		}
	}
}

// encoders are the drawings DrawingBytes costs.
var encoders = map[Encoding]func(*Symbol, Options) ([]byte, error){
	EncodingPNG: PNG, EncodingSVG: SVG, EncodingGIF: GIF, EncodingJPEG: JPEG, EncodingPDF: PDF, EncodingEPS: EPS,
}

// TestPrintBytesCoverLargeSymbols: PDF and EPS cost grows with the
// modules, so the largest symbols in the styles with the most path
// commands stay inside the estimate.
func TestPrintBytesCoverLargeSymbols(t *testing.T) {
	sym, err := Encode(strings.Repeat("Ab9", 900), LevelL)
	if err != nil {
		t.Fatal(err)
	}
	for _, style := range ModuleStyles {
		o := DefaultOptions()
		o.Size, o.Module, o.Label = MaxSize, style, "Scan for the menu"
		for _, e := range []Encoding{EncodingPDF, EncodingEPS} {
			used := allocated(func() { encoders[e](sym, o) })
			if est := DrawingBytes(o, sym.Size, e); used > est {
				t.Errorf("version %d %s %s allocated %d bytes, estimated %d", sym.Version, style, e, used, est)
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
