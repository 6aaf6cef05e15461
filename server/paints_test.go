package server_test

import (
	"encoding/base64"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// Gradients and eye colours reach every generation endpoint from the
// catalogue, and what they draw reads back.
func TestGradientsAndEyeColoursDecode(t *testing.T) {
	const data = "https://qrforge.example/menu/table-12?lang=en"
	for _, q := range []string{
		"gradient=linear&gradientcolors=1a237e,880e4f&gradientangle=90",
		"gradient=radial&gradientcolors=1a237e,00695c@40,880e4f&style=dot&eye=rounded",
		"gradientcolors=1a237e,880e4f&eyecolor=00695c&eyeballcolor=880e4f,1a237e,000",
		"eyeframecolor=880e4f&style=rounded&bg=fff8e1",
	} {
		body := ok(t, "/api/v1/qr?data="+data+"&size=400&"+q)
		if got := decodeQR(t, body); got != data {
			t.Errorf("%s: decoded %q", q, got)
		}
		svg := string(ok(t, "/api/v1/qr?data="+data+"&format=svg&"+q))
		if strings.Contains(q, "gradient") && !strings.Contains(svg, "Gradient id=") {
			t.Errorf("%s: SVG has no gradient element", q)
		}
	}
	// A typed kind takes them too.
	if rec := get(t, "/api/v1/wifi?ssid=Cafe&security=nopass&gradient=radial&gradientcolors=000,1a237e"); rec.Code != http.StatusOK {
		t.Errorf("wifi with a gradient: %d %s", rec.Code, rec.Body.String())
	}
}

func TestWeakGradientIsRefusedWithAFixThatWorks(t *testing.T) {
	rec := get(t, "/api/v1/qr?data=hello&gradientcolors=1a237e,e0e0e0")
	p := readProblem(t, rec, http.StatusBadRequest, "invalid-parameter")
	if !strings.Contains(p.Fix, "gradientcolors=") {
		t.Fatalf("fix %q does not set gradientcolors", p.Fix)
	}
	if fixed := follow(t, p); fixed.Code != http.StatusOK {
		t.Fatalf("fix %s answers %d: %s", p.Fix, fixed.Code, fixed.Body.String())
	}
}

// verify's contrast check judges the weakest paint, and its fix darkens
// the gradient rather than color.
func TestVerifyJudgesTheGradient(t *testing.T) {
	v := verifyWith(t, handler, "/api/v1/verify?data=hello&gradientcolors=1a237e,8a8a8a")
	c := v.Checks[1]
	if c.Status == "pass" || !strings.Contains(c.Fix, "gradientcolors=") {
		t.Fatalf("contrast %s with fix %q, want a warning whose fix darkens the gradient", c.Status, c.Fix)
	}
	fixed := verifyWith(t, handler, strings.TrimPrefix(c.Fix, base))
	if fixed.Checks[1].Status != "pass" {
		t.Errorf("after the fix contrast is %s: %s", fixed.Checks[1].Status, fixed.Checks[1].Message)
	}
}

// TestColourBesideAGradientIsRefusedWhenItPaintsNothing: beside a
// gradient, color is taken where it paints something (an icon, a caption
// off a banner) and refused, with a fix that drops it, where the bytes
// would be those without it: a banner or bubble, whose text is the
// background; a frame and caption in colours of their own; a picture.
func TestColourBesideAGradientIsRefusedWhenItPaintsNothing(t *testing.T) {
	const call = "/api/v1/qr?data=hi&gradientcolors=1a237e,880e4f"
	for _, q := range []string{"&tpl=box", "&tpl=corners", "&label=Menu", "&logo=wifi"} {
		without, with := ok(t, call+q), ok(t, call+q+"&color=c62828")
		if string(without) == string(with) {
			t.Errorf("%s: color changes nothing, yet is taken", q)
		}
	}
	for _, q := range []string{"", "&tpl=banner-below", "&tpl=banner-above", "&tpl=bubble", "&tpl=box&textcolor=000&framecolor=000",
		"&label=Menu&textcolor=00695c", "&logo=" + url.QueryEscape("data:image/png;base64,"+base64.StdEncoding.EncodeToString(logoPNG(t)))} {
		p := readProblem(t, get(t, call+q+"&color=c62828"), http.StatusBadRequest, "invalid-parameter")
		if p.Field != "color" || strings.Contains(p.Fix, "color=c62828") {
			t.Errorf("%s: field %q, fix %s; want color dropped", q, p.Field, p.Fix)
		}
		if fixed := follow(t, p); fixed.Code != http.StatusOK {
			t.Errorf("%s: the fix answers %d", q, fixed.Code)
		}
	}
}
