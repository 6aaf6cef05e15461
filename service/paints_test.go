package service

import (
	"image/color"
	"math"
	"net/url"
	"strings"
	"testing"

	"github.com/qrforge/qrforge/analysis"
	"github.com/qrforge/qrforge/render"
)

func parse(t *testing.T, raw string) (*Rendering, []paramError) {
	t.Helper()
	v, err := url.ParseQuery(raw)
	if err != nil {
		t.Fatal(err)
	}
	return parseRendering(newQuery(v), true)
}

// CSS Images 3 §3.4.3: a first stop without a place is at 0 %, a last at
// 100 %, and unplaced stops between placed ones share the gap evenly.
func TestGradientStopsArePlacedAsCSSPlacesThem(t *testing.T) {
	for _, c := range []struct {
		v    string
		want []float64
	}{
		{"000,333", []float64{0, 1}},
		{"000,333,666", []float64{0, 0.5, 1}},
		{"000@10,333,666@90", []float64{0.1, 0.5, 0.9}},
		{"000,333@20,666,999", []float64{0, 0.2, 0.6, 1}},
		{"000,333@20%,666,999,1a237e@100", []float64{0, 0.2, 0.46666666666666673, 0.7333333333333334, 1}},
	} {
		stops, _, err := parseStops(c.v, "000000")
		if err != nil {
			t.Errorf("%s: %v", c.v, err)
			continue
		}
		for i, st := range stops {
			if math.Abs(st.Offset-c.want[i]) > 1e-9 {
				t.Errorf("%s: stop %d at %v, want %v", c.v, i, st.Offset, c.want[i])
			}
		}
	}
	for _, bad := range []string{"000", "000,zzz", "000@50,333@20", "000@120,333", strings.Repeat("000,", 8) + "000"} {
		if _, fixed, err := parseStops(bad, "000000"); err == nil {
			t.Errorf("%q: no error", bad)
		} else if fixed == "" && bad != "000" {
			t.Errorf("%q: no fix", bad)
		} else if _, _, err := parseStops(fixed, "000000"); err != nil && bad != "000" {
			t.Errorf("%q: its fix %q fails too: %v", bad, fixed, err)
		}
	}
}

func TestGradientOptions(t *testing.T) {
	r, errs := parse(t, "data=x&gradientcolors=1a237e,880e4f")
	if len(errs) > 0 || r.Options.Gradient == nil || r.Options.Gradient.Kind != render.GradientLinear {
		t.Fatalf("gradientcolors alone: %+v %+v", r.Options.Gradient, errs)
	}
	if got := r.Canonical.Get("gradientangle"); got != "135" {
		t.Errorf("default angle %q, want 135", got)
	}
	r, errs = parse(t, "data=x&gradient=RADIAL&gradientcolours=1a237e,00695c@40,880e4f")
	if len(errs) > 0 || r.Options.Gradient.Kind != render.GradientRadial || len(r.Options.Gradient.Stops) != 3 {
		t.Fatalf("radial: %+v %+v", r.Options.Gradient, errs)
	}
	if got := r.Canonical.Get("gradientcolors"); got != "1a237e@0,00695c@40,880e4f@100" {
		t.Errorf("canonical stops %q", got)
	}

	for _, c := range []struct{ query, field string }{
		{"gradient=linear", "gradient"}, // the fix drops it: no colours are made up
		{"gradient=conic&gradientcolors=000,333", "gradient"},
		{"gradient=none&gradientcolors=000,333", "gradientcolors"},
		{"gradient=radial&gradientcolors=000,333&gradientangle=90", "gradientangle"},
		{"gradientcolors=000,333&gradientangle=400", "gradientangle"},
		{"gradientcolors=000,ffffff", "gradientcolors"}, // white on white
		{"gradientcolors=000,333&bg=000", "bg"},
		{"eyecolor=eeeeee", "eyecolor"},
		{"eyeframecolor=000,111", "eyeframecolor"},
		{"eyeballcolor=nocolour", "eyeballcolor"},
	} {
		_, errs := parse(t, "data=x&"+c.query)
		if len(errs) != 1 || errs[0].field != c.field {
			t.Errorf("%s: problems %+v, want one on %s", c.query, errs, c.field)
			continue
		}
		// The fix must parse cleanly.
		fixed := "data=x&" + c.query
		v, _ := url.ParseQuery(fixed)
		if errs[0].fixed == "" {
			v.Del(c.field)
		} else {
			v.Set(c.field, errs[0].fixed)
		}
		if _, again := parseRendering(newQuery(v), true); len(again) > 0 {
			t.Errorf("%s: fix %s=%q still fails: %+v", c.query, c.field, errs[0].fixed, again)
		}
	}
}

func TestEyeColourOptions(t *testing.T) {
	red, green, blue := color.NRGBA{0x80, 0, 0, 255}, color.NRGBA{0, 0x60, 0, 255}, color.NRGBA{0, 0, 0x80, 255}
	r, errs := parse(t, "data=x&eyecolor=800000,006000,000080&eyeballcolor=000080")
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	want := [3]render.EyeColors{{Frame: red, Centre: blue}, {Frame: green, Centre: blue}, {Frame: blue, Centre: blue}}
	if r.Options.EyeColors != want {
		t.Errorf("eye colours %+v, want %+v", r.Options.EyeColors, want)
	}
	if got := r.Canonical.Get("eyeballcolor"); got != "000080" {
		t.Errorf("canonical eyeballcolor %q", got)
	}
}

// verify judges every paint: a gradient's weakest point, not its ends.
func TestWeakestPaintLooksInsideTheGradient(t *testing.T) {
	o := render.DefaultOptions()
	light := color.NRGBA{0xc0, 0xc0, 0xc0, 255}
	o.Gradient = &render.Gradient{Kind: render.GradientLinear, Stops: []render.Stop{
		{Offset: 0, Color: color.NRGBA{0, 0, 0x60, 255}}, {Offset: 0.5, Color: light}, {Offset: 1, Color: color.NRGBA{0, 0x40, 0, 255}},
	}}
	weakest, ratio := weakestPaint(&o)
	if !closeTo(weakest, light, 4) {
		t.Errorf("weakest paint %v, want about the middle stop %v (ratio %.2f)", weakest, light, ratio)
	}
	_, errs := parse(t, "data=x&gradientcolors=000060,c0c0c0,004000")
	if len(errs) != 1 || errs[0].field != "gradientcolors" {
		t.Errorf("a light middle stop is not refused: %+v", errs)
	}
}

// A stop is judged itself: a white band 1 % wide fell between the 64
// points along the gradient, and the code was answered 200 though no
// decoder read it. The detail names the weakest colour, not the first.
func TestEveryGradientStopIsJudged(t *testing.T) {
	_, errs := parse(t, "data=x&gradientangle=90&gradientcolors=000000@0,000000@49,ffffff@50,000000@51,000000@100")
	if len(errs) != 1 || errs[0].field != "gradientcolors" || !strings.Contains(errs[0].detail, "#ffffff") {
		t.Fatalf("a narrow white stop: %+v", errs)
	}
	_, errs = parse(t, "data=x&gradientcolors=000000,ffff00,000000")
	if len(errs) != 1 || !strings.Contains(errs[0].detail, "#ffff00, with contrast 1.07:1") {
		t.Errorf("the weakest colour is not named: %+v", errs)
	}
}

// When no dark colour stands out against bg, the fix lightens bg, and a
// plain color as light as that ground is darkened with it: the fix for
// white modules and white eyes on black was white modules on white.
func TestFixThatLightensTheGroundDarkensThePlainColour(t *testing.T) {
	_, errs := parse(t, "data=x&color=ffffff&bg=000000&eyecolor=ffffff")
	v, _ := url.ParseQuery("data=x&color=ffffff&bg=000000&eyecolor=ffffff")
	fields := map[string]bool{}
	for _, e := range errs {
		fields[e.field] = true
		v.Set(e.field, e.fixed)
	}
	if !fields["bg"] || !fields["color"] || !fields["eyecolor"] {
		t.Fatalf("problems %+v, want bg, color and eyecolor fixed", errs)
	}
	r, again := parseRendering(newQuery(v), true)
	if len(again) > 0 {
		t.Fatalf("the fix %s fails: %+v", v.Encode(), again)
	}
	fg, bg := r.Options.Foreground, r.Options.Background
	if ratio := analysis.ContrastRatio(fg, bg); ratio < contrastWarn || analysis.Inverted(fg, bg) {
		t.Errorf("the fix %s is still weak: %.2f:1", v.Encode(), ratio)
	}
}

func closeTo(a, b color.NRGBA, tol int) bool {
	d := func(x, y uint8) bool { return int(x)-int(y) <= tol && int(y)-int(x) <= tol }
	return d(a.R, b.R) && d(a.G, b.G) && d(a.B, b.B)
}

// A plain color drawn as asked that may not scan carries a warning with a
// remedy: black on black, an invisible colour (#ff00 is yellow with no
// opacity), white on black and a pale grey were answered without a word.
func TestWeakPlainColourIsWarned(t *testing.T) {
	svc := New(Config{BaseURL: "http://qr.test"})
	for q, want := range map[string]string{
		"color=000000&bg=000000": "lighten bg to #ffffff",
		"color=%23ff00":          "contrast 1.00:1",
		"color=ffffff&bg=000000": "polarity: light modules on a dark background are reflectance-reversed (ISO/IEC 18004 §6.2); many scanners do not read them. Swap color and bg",
		"color=aaaaaa":           "darken color to #767676",
		"color=1d3557":           "",
		"gradientcolors=000,333": "",
	} {
		img, p := generate(t, svc, Request{Query: "data=hi&" + q})
		if p != nil {
			t.Fatalf("%s: %s", q, p.Detail)
		}
		if want == "" && img.Warning != "" || !strings.Contains(img.Warning, want) {
			t.Errorf("%s: warning %q, want %q", q, img.Warning, want)
		}
		if again, _ := generate(t, svc, Request{Query: "data=hi&" + q}); again.Warning != img.Warning {
			t.Errorf("%s: a cached answer warns %q", q, again.Warning)
		}
	}
}
