package analysis_test

import (
	"bytes"
	"image"
	"image/color"
	_ "image/png"
	"math"
	"testing"

	"github.com/qrforge/qrforge/analysis"
	_ "github.com/qrforge/qrforge/kinds"
	"github.com/qrforge/qrforge/render"
)

func TestScanFindsAndNamesACode(t *testing.T) {
	sym, err := render.Encode("WIFI:T:WPA;S:Home;P:secret123;;", render.LevelAuto)
	if err != nil {
		t.Fatal(err)
	}
	b, err := render.PNG(sym, render.DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	img, _, err := image.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	codes := analysis.Scan(img)
	if len(codes) != 1 || codes[0].Text != "WIFI:T:WPA;S:Home;P:secret123;;" || codes[0].Kind != "wifi" || codes[0].Fields["ssid"] != "Home" {
		t.Fatalf("Scan = %+v", codes)
	}
}

// WCAG 2.2's contrast ratio: 21 for black on white, 4.48 for #777 on white
// (the WebAIM contrast checker's figure), 1 for equal colours.
func TestContrastRatio(t *testing.T) {
	black, white, grey := color.NRGBA{0, 0, 0, 255}, color.NRGBA{255, 255, 255, 255}, color.NRGBA{0x77, 0x77, 0x77, 255}
	for _, c := range []struct {
		fg, bg color.NRGBA
		want   float64
	}{{black, white, 21}, {grey, white, 4.48}, {grey, grey, 1}} {
		if got := analysis.ContrastRatio(c.fg, c.bg); math.Abs(got-c.want) > 0.01 {
			t.Errorf("%v on %v: %.3f, want %.2f", c.fg, c.bg, got, c.want)
		}
	}
	if !analysis.Inverted(white, black) || analysis.Inverted(black, white) {
		t.Error("Inverted disagrees with ISO/IEC 18004 §6.2's reflectance reversal")
	}
}

func TestCoverageAndRisks(t *testing.T) {
	sym, _ := render.Encode("https://example.com/", render.LevelAuto)
	if c := analysis.Coverage(sym, render.ModuleSquare, render.EyeSquare); c != 1 {
		t.Errorf("square coverage %v, want 1", c)
	}
	if c := analysis.Coverage(sym, render.ModuleDot, render.EyeSquare); c >= 1 || c < 0.5 {
		t.Errorf("dot coverage %v, want between 0.5 and 1", c)
	}
	o := render.DefaultOptions()
	if r := analysis.Risks(o); len(r) != 0 {
		t.Errorf("black on white has risks %+v", r)
	}
	o.Foreground, o.Background = o.Background, o.Foreground
	if r := analysis.Risks(o); len(r) != 1 || r[0].Decoders[0] != "zbar 0.23" {
		t.Errorf("white on black: %+v", r)
	}
}
