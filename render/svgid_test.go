package render

import (
	"bytes"
	"regexp"
	"testing"
)

var svgGradientIDPattern = regexp.MustCompile(`<(?:linear|radial)Gradient id="([^"]+)"`)

// svgGradientIDOf returns the id of the gradient an SVG defines and checks
// that every url() reference names it.
func svgGradientIDOf(t *testing.T, b []byte) string {
	t.Helper()
	m := svgGradientIDPattern.FindSubmatch(b)
	if m == nil {
		t.Fatalf("no gradient in %.200s", b)
	}
	id := string(m[1])
	refs := regexp.MustCompile(`="url\(#([^)]+)\)"`).FindAllSubmatch(b, -1)
	if len(refs) == 0 {
		t.Fatal("no fill references the gradient")
	}
	for _, r := range refs {
		if string(r[1]) != id {
			t.Errorf("fill references #%s, the gradient is #%s", r[1], id)
		}
	}
	return id
}

// Two codes inlined into one HTML page share its id space (SVG 1.1 §5.3.1,
// HTML's "id" is unique in the document): a fixed gradient id would paint
// the second code with the first's gradient, or with nothing when the
// first is hidden. Each drawing's id is its own and repeats with it.
func TestSVGGradientIDsDifferBetweenDrawings(t *testing.T) {
	for _, f := range []struct {
		name   string
		render func(*Symbol, Options) ([]byte, error)
	}{{"svg", SVG}, {"tiny", SVGTiny}} {
		t.Run(f.name, func(t *testing.T) {
			o := styled(ModuleRounded, EyeSquare, 256)
			o.Gradient = twoStops(GradientLinear, 135)
			a, err := f.render(encodeT(t, "first code"), o)
			if err != nil {
				t.Fatal(err)
			}
			o.Gradient = twoStops(GradientRadial, 0)
			b, err := f.render(encodeT(t, "second code"), o)
			if err != nil {
				t.Fatal(err)
			}
			idA, idB := svgGradientIDOf(t, a), svgGradientIDOf(t, b)
			if idA == idB {
				t.Errorf("two different drawings both define #%s", idA)
			}
			again, _ := f.render(encodeT(t, "second code"), o)
			if !bytes.Equal(b, again) {
				t.Error("the same drawing gave different bytes")
			}
		})
	}
}

// A label that spells the id's reference is text, and stays as written.
func TestSVGGradientIDLeavesLabelAlone(t *testing.T) {
	o := styled(ModuleSquare, EyeSquare, 512)
	o.Gradient = twoStops(GradientLinear, 135)
	o.Label = "url(#" + svgGradientIDPlaceholder + ")"
	b, err := SVG(encodeT(t, "label"), o)
	if err != nil {
		t.Fatal(err)
	}
	svgGradientIDOf(t, b)
	if !bytes.Contains(b, []byte(">url(#"+svgGradientIDPlaceholder+")</text>")) {
		t.Errorf("label rewritten: %s", b[bytes.Index(b, []byte("<text")):])
	}
}

// An SVG inlined into HTML is an image to assistive technology only with a
// text alternative (WCAG 2.2 §1.1.1); a title as the first child gives
// one (SVG 1.1 §5.4; SVG Tiny 1.2 has the element too). It names the
// symbol and the caption, never the data, which may be a password.
func TestSVGHasTitle(t *testing.T) {
	micro, err := EncodeSymbol("12345", LevelAuto, DefaultECI, SymbolMicro)
	if err != nil {
		t.Fatal(err)
	}
	rmqr, err := EncodeRMQR("LOT-4711", LevelAuto, DefaultECI, 0)
	if err != nil {
		t.Fatal(err)
	}
	labelled := styled(ModuleSquare, EyeSquare, 512)
	labelled.Label = `Menu & "wine"`
	for _, c := range []struct {
		name string
		s    *Symbol
		o    Options
		want string
	}{
		{"qr", encodeT(t, "secret-password"), styled(ModuleSquare, EyeSquare, 256), "<title>QR code</title>"},
		{"label", encodeT(t, "secret-password"), labelled, "<title>QR code: Menu &amp; &#34;wine&#34;</title>"},
		{"micro", micro, styled(ModuleSquare, EyeSquare, 256), "<title>Micro QR Code</title>"},
		{"rmqr", rmqr, styled(ModuleSquare, EyeSquare, 256), "<title>rMQR code</title>"},
	} {
		for _, render := range []func(*Symbol, Options) ([]byte, error){SVG, SVGTiny} {
			b, err := render(c.s, c.o)
			if err != nil {
				t.Fatal(err)
			}
			open := bytes.Index(b, []byte("<svg"))
			first := bytes.IndexByte(b[open:], '>') + open + 1
			if !bytes.HasPrefix(b[first:], []byte("\n"+c.want+"\n")) {
				t.Errorf("%s: after <svg>: %.80q, want %s", c.name, b[first:], c.want)
			}
			if bytes.Contains(b, []byte("secret-password")) {
				t.Errorf("%s: the SVG spells out the data", c.name)
			}
		}
	}
}
