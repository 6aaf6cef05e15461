package analysis_test

import (
	"bytes"
	"image"
	"image/color"
	_ "image/png"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/qrforge/qrforge/analysis"
	_ "github.com/qrforge/qrforge/kinds"
	"github.com/qrforge/qrforge/render"
)

// scanOf draws text as a plain code and scans the PNG.
func scanOf(t *testing.T, text string) []analysis.Code {
	t.Helper()
	sym, err := render.Encode(text, render.LevelAuto)
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
	return analysis.Scan(img)
}

func TestScanFindsAndNamesACode(t *testing.T) {
	codes := scanOf(t, "WIFI:T:WPA;S:Home;P:secret123;;")
	if len(codes) != 1 || codes[0].Text != "WIFI:T:WPA;S:Home;P:secret123;;" || codes[0].Kind != "wifi" || codes[0].Fields["ssid"] != "Home" {
		t.Fatalf("Scan = %+v", codes)
	}
}

// A code written in a kind's form that the kind refuses is named as the
// text it is, with a warning naming the kind and its error; one the kind
// accepts has none.
func TestScanWarnsOfAFormItsKindRefuses(t *testing.T) {
	for text, says := range map[string]string{
		"geo:52.5,200":                    "(geo), which refuses it: lon",
		"WIFI:T:WPA;S:Home;P:pass;;":      "(wifi), which refuses it: a WPA passphrase",
		"geo:52.5,13.4":                   "",
		"WIFI:T:WPA;S:Home;P:secret123;;": "",
	} {
		codes := scanOf(t, text)
		if len(codes) != 1 || codes[0].Text != text || (says == "") != (codes[0].Warning == "") || !strings.Contains(codes[0].Warning, says) {
			t.Errorf("%q: %+v", text, codes)
		}
	}
}

// Codes written elsewhere are named by the kind whose form they are in:
// a bare VEVENT without DTSTAMP (as ZXing's calendar codes are) is an
// event, whose stamp a call fills in, not text refused for it; a WIFI:
// code without T: is an open network, and with a password is warned of.
func TestScanNamesCodesWrittenElsewhere(t *testing.T) {
	for text, want := range map[string][2]string{
		"BEGIN:VEVENT\r\nSUMMARY:Meeting\r\nDTSTART:20250310T140000Z\r\nDTEND:20250310T150000Z\r\nEND:VEVENT": {"event", ""},
		"WIFI:S:MyNet;P:password123;;": {"text", "an open network"},
	} {
		codes := scanOf(t, text)
		if len(codes) != 1 || codes[0].Kind != want[0] || !strings.Contains(codes[0].Warning, want[1]) {
			t.Errorf("%q: %+v, want kind %s, warning with %q", text, codes, want[0], want[1])
		}
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
	shapes := func(m render.ModuleStyle, e render.EyeStyle) render.Options {
		o := render.DefaultOptions()
		o.Module, o.Eye = m, e
		return o
	}
	if c := analysis.Coverage(sym, shapes(render.ModuleSquare, render.EyeSquare)); c != 1 {
		t.Errorf("square coverage %v, want 1", c)
	}
	if c := analysis.Coverage(sym, shapes(render.ModuleDot, render.EyeSquare)); c >= 1 || c < 0.5 {
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

// Every eye style, and every frame with its matching ball, reads with every
// module style: no measured clash names them, so verify's fix for a clash
// never lands on another.
func TestEyeClashes(t *testing.T) {
	for _, m := range render.ModuleStyles {
		o := render.DefaultOptions()
		o.Module = m
		for _, e := range render.EyeStyles {
			o.Eye, o.EyeFrame, o.EyeBall = e, "", ""
			if analysis.EyesClash(o) {
				t.Errorf("style %s with eye %s clashes", m, e)
			}
		}
		o.Eye = render.EyeSquare
		for _, f := range render.EyeFrames {
			b := analysis.MatchingBall(f)
			if !slices.Contains(render.EyeBalls, b) {
				t.Fatalf("frame %s matches ball %s, which is not a ball", f, b)
			}
			o.EyeFrame, o.EyeBall = f, b
			if analysis.EyesClash(o) {
				t.Errorf("style %s: frame %s clashes with its matching ball %s", m, f, b)
			}
		}
	}
	o := render.DefaultOptions()
	o.EyeFrame, o.EyeBall = render.EyeFrameOctagon, render.EyeBallSquare
	if r := analysis.Risks(o); len(r) != 1 || !slices.Contains(r[0].Decoders, "zxing-cpp 1.4") {
		t.Errorf("octagon frame, square ball: risks %+v", r)
	}
	o.Module, o.EyeFrame, o.EyeBall = render.ModuleDot, render.EyeFrameSquare, render.EyeBallDot
	if r := analysis.Risks(o); len(r) != 1 || r[0].Decoders[0] != "jsQR 1.4" || !strings.Contains(r[0].Design, "eye frame square round eye ball dot") {
		t.Errorf("square frame, dot ball: risks %+v", r)
	}
	o.EyeFrame = render.EyeFrameCut
	if r := analysis.Risks(o); len(r) != 0 {
		t.Errorf("cut frame, dot ball: risks %+v", r)
	}
}
