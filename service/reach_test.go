package service

import (
	"bytes"
	"context"
	"net/url"
	"strings"
	"testing"

	"github.com/qrforge/qrforge/options"
)

// styled gives each option a format may leave out a value other than its
// default, with what it needs: the base call is data and the needs, the
// styled call adds the option. also, when set, is other needs under which
// the option may change a format the first leaves alone.
var styled = map[string]struct{ value, needs, also string }{
	"size": {"300", "", ""},
	// scale sizes the image by its modules: 8 makes it 232 px, not 512.
	"scale": {"8", "", ""},
	// dpi sets a pixel size's resolution (PNG's pHYs, a PDF's page) and a
	// length's pixels (a GIF's, which records no resolution).
	"dpi":            {"600", "", "size=30mm"},
	"color":          {"1d3557", "", ""},
	"bg":             {"fefae0", "", ""},
	"cmyk":           {"true", "color=1d3557", ""},
	"style":          {"dot", "", ""},
	"eye":            {"rounded", "", ""},
	"eyeframe":       {"circle", "", ""},
	"eyeball":        {"circle", "", ""},
	"gradient":       {"radial", "gradientcolors=1d3557,7b2cbf", ""},
	"gradientcolors": {"1d3557,7b2cbf", "", ""},
	"gradientangle":  {"45", "gradientcolors=1d3557,7b2cbf", ""},
	"eyecolor":       {"7b2cbf", "", ""},
	"eyeframecolor":  {"7b2cbf", "", ""},
	"eyeballcolor":   {"7b2cbf", "", ""},
	"label":          {"Scan me", "", ""},
	"tpl":            {"banner-below", "", ""},
	"framecolor":     {"1d3557", "tpl=banner-below", ""},
	"textcolor":      {"ffd166", "tpl=banner-below&label=Scan", ""},
	"font":           {"mono", "tpl=banner-below&label=Scan", ""},
	"logobg":         {"fefae0", "logo=wifi", ""},
	"logoplate":      {"rounded", "logo=wifi&logobg=fefae0", ""},
}

// drawUnchecked draws query in format as the service would, without
// refusing the options the format leaves out.
func drawUnchecked(t *testing.T, s *Service, query, format string) []byte {
	t.Helper()
	values, err := url.ParseQuery(query + "&format=" + format)
	if err != nil {
		t.Fatal(err)
	}
	r, errs := parseRendering(newQuery(values), true)
	if len(errs) > 0 {
		t.Fatalf("%s: %s", query, errs[0].detail)
	}
	target := s.apiTarget("/api/v1/qr")
	if p := s.resolveLogo(context.Background(), r, target); p != nil {
		t.Fatalf("%s: %s", query, p.Detail)
	}
	out, p := s.produce(context.Background(), r, target)
	if p != nil {
		t.Fatalf("%s in %s: %s", query, format, p.Detail)
	}
	return out.Body
}

// TestOutputsSayWhatAnOptionChanges holds the catalogue's Outputs to the
// bytes: an option changes every format it declares, and no other. The
// service refuses an option in a format it does not reach, so a format
// left out wrongly would refuse a call that draws something.
func TestOutputsSayWhatAnOptionChanges(t *testing.T) {
	s := New(Config{BaseURL: "http://qr.test"})
	for _, o := range options.Rendering {
		if len(o.Outputs) == len(options.Formats) {
			continue // it reaches every format, and is never refused so
		}
		st, ok := styled[o.Name]
		if !ok {
			t.Errorf("%s reaches %v only, and the test gives it no value", o.Name, o.Outputs)
			continue
		}
		changes := func(needs, f string) bool {
			base := "data=reach"
			if needs != "" {
				base += "&" + needs
			}
			with := base + "&" + o.Name + "=" + url.QueryEscape(st.value)
			return !bytes.Equal(drawUnchecked(t, s, base, f), drawUnchecked(t, s, with, f))
		}
		for _, f := range options.Formats {
			changed := changes(st.needs, f) || st.also != "" && changes(st.also, f)
			if changed != o.Reaches(f) {
				t.Errorf("%s=%s changes %s: %v; its Outputs say %v", o.Name, st.value, f, changed, o.Reaches(f))
			}
		}
	}
}

// TestOptionsAFormatDoesNotDrawAreRefused: each option given in a format
// it does not reach is a 400, never an answer without it, and the fix
// answers 200 in that format without the option; with the format left to
// its default (cmyk in a PNG), the fix asks for a format the option
// reaches. The option's default asks for nothing and passes.
func TestOptionsAFormatDoesNotDrawAreRefused(t *testing.T) {
	s := New(Config{BaseURL: "http://qr.test"})
	for name, st := range styled {
		o, _ := options.Named(name)
		query := "data=reach"
		if st.needs != "" {
			query += "&" + st.needs
		}
		query += "&" + name + "=" + url.QueryEscape(st.value)
		for _, f := range options.Formats {
			if o.Reaches(f) {
				continue
			}
			img, p := s.Generate(context.Background(), Request{Query: query + "&format=" + f}, "")
			if p == nil {
				t.Errorf("%s in %s: answered %d bytes without it", name, f, len(img.Body))
				continue
			}
			if !namesField(p, name, "changes nothing in format="+f) {
				t.Errorf("%s in %s: %s", name, f, p.Detail)
			}
			fixed, fp := generateURL(s, p.Fix)
			if fp != nil {
				t.Errorf("%s in %s: fix %s: %s", name, f, p.Fix, fp.Detail)
				continue
			}
			if v, has := fixOf(t, p, name); has || fixed.ContentType == "" {
				t.Errorf("%s in %s: fix %s keeps %s=%s", name, f, p.Fix, name, v)
			}
		}
		if o.Reaches("png") {
			continue
		}
		_, p := s.Generate(context.Background(), Request{Query: query}, "")
		if p == nil || p.Field != options.Format.Name {
			t.Fatalf("%s with the default format: %+v", name, p)
		}
		if f, _ := fixOf(t, p, options.Format.Name); f != o.Outputs[0] {
			t.Errorf("%s with the default format: fix %s, want format=%s", name, p.Fix, o.Outputs[0])
		}
		if v, _ := fixOf(t, p, name); v != st.value {
			t.Errorf("%s with the default format: fix %s drops what was asked", name, p.Fix)
		}
		if _, fp := generateURL(s, p.Fix); fp != nil {
			t.Errorf("%s: fix %s: %s", name, p.Fix, fp.Detail)
		}
	}
	// A GIF records no resolution: dpi sets only a length's pixels there.
	_, p := s.Generate(context.Background(), Request{Query: "data=reach&format=gif&dpi=300"}, "")
	if p == nil || p.Field != options.DPI.Name {
		t.Fatalf("dpi in a GIF of pixels: %+v", p)
	}
	if _, fp := generateURL(s, p.Fix); fp != nil || strings.Contains(p.Fix, "dpi") {
		t.Errorf("fix %s: %+v", p.Fix, fp)
	}
	if _, p := s.Generate(context.Background(), Request{Query: "data=reach&format=gif&dpi=300&size=30mm"}, ""); p != nil {
		t.Errorf("dpi with a length in a GIF: %s", p.Detail)
	}
	// A JPEG has no alpha: its ground is white with bg=transparent too.
	_, p = s.Generate(context.Background(), Request{Query: "data=reach&format=jpeg&bg=transparent"}, "")
	if p == nil || p.Field != options.Bg.Name {
		t.Fatalf("bg=transparent in a JPEG: %+v", p)
	}
	if v, has := fixOf(t, p, options.Bg.Name); has {
		t.Errorf("fix %s keeps bg=%s", p.Fix, v)
	}
	if _, fp := generateURL(s, p.Fix); fp != nil {
		t.Errorf("fix %s: %s", p.Fix, fp.Detail)
	}
	// GIF has no partial alpha: a colour less than half opaque over a
	// transparent ground was drawn transparent, a 200 with no code in it.
	_, p = s.Generate(context.Background(), Request{Query: "data=reach&format=gif&bg=transparent&color=0000007f"}, "")
	if p == nil || p.Field != options.Color.Name {
		t.Fatalf("a translucent colour in a transparent GIF: %+v", p)
	}
	if v, _ := fixOf(t, p, options.Color.Name); v != "000000" {
		t.Errorf("fix %s: color=%s, want 000000", p.Fix, v)
	}
	if _, fp := generateURL(s, p.Fix); fp != nil {
		t.Errorf("fix %s: %s", p.Fix, fp.Detail)
	}
	for _, query := range []string{"data=reach&format=png&bg=transparent", "data=reach&format=jpeg&bg=ffffff80", "data=reach&format=png&bg=transparent&color=0000007f", "data=reach&format=gif&bg=transparent&color=00000080"} {
		if _, p := s.Generate(context.Background(), Request{Query: query}, ""); p != nil {
			t.Errorf("%s: %s", query, p.Detail)
		}
	}
	// Given their defaults, options ask for nothing a format leaves out.
	for _, query := range []string{"data=reach&cmyk=false", "data=reach&format=json&color=000000&size=512", "data=reach&format=json&bg=%23FFFFFF"} {
		if _, p := s.Generate(context.Background(), Request{Query: query}, ""); p != nil {
			t.Errorf("%s: %s", query, p.Detail)
		}
	}
}

// generateURL follows a fix of /api/v1/qr.
func generateURL(s *Service, fix string) (*Image, *Problem) {
	u, err := url.Parse(fix)
	if err != nil {
		return nil, &Problem{Detail: err.Error()}
	}
	return s.Generate(context.Background(), Request{Query: u.RawQuery}, "")
}

// namesField reports whether p has an error on field whose detail says
// says.
func namesField(p *Problem, field, says string) bool {
	if len(p.Errors) == 0 {
		return p.Field == field && strings.Contains(p.Detail, says)
	}
	for _, e := range p.Errors {
		if e.Field == field && strings.Contains(e.Detail, says) {
			return true
		}
	}
	return false
}

// TestEyeShapesOfMicroAndRMQRAreRefused: a Micro QR or rMQR code keeps
// square eyes, so an eye shape given for one would change nothing; it is
// refused, and the fix without it is answered. Square eyes pass.
func TestEyeShapesOfMicroAndRMQRAreRefused(t *testing.T) {
	s := New(Config{BaseURL: "http://qr.test"})
	for _, symbol := range []string{"micro", "rmqr"} {
		for _, eye := range []string{"eye=rounded", "eyeframe=circle", "eyeball=circle"} {
			query := "data=12345&symbol=" + symbol + "&" + eye
			_, p := s.Generate(context.Background(), Request{Query: query}, "")
			name, _, _ := strings.Cut(eye, "=")
			if p == nil || !namesField(p, name, "draws its finder square") {
				t.Errorf("%s: %+v", query, p)
				continue
			}
			if v, has := fixOf(t, p, name); has {
				t.Errorf("%s: fix %s keeps %s=%s", query, p.Fix, name, v)
			}
			if img, fp := generateURL(s, p.Fix); fp != nil || !strings.HasPrefix(img.Symbol, map[string]string{"micro": "M", "rmqr": "R"}[symbol]) {
				t.Errorf("%s: fix %s: %+v", query, p.Fix, fp)
			}
		}
		query := "data=12345&symbol=" + symbol + "&eye=square&eyeframe=square"
		if img, p := s.Generate(context.Background(), Request{Query: "data=12345&symbol=auto&eye=rounded"}, ""); p != nil || strings.HasPrefix(img.Symbol, "M") {
			t.Errorf("symbol=auto with rounded eyes: %+v %+v, want a QR Code", img, p)
		}
		if img, p := s.Generate(context.Background(), Request{Query: "data=12345&symbol=auto"}, ""); p != nil || !strings.HasPrefix(img.Symbol, "M") {
			t.Errorf("symbol=auto with square eyes: %+v %+v, want a Micro QR Code", img, p)
		}
		if _, p := s.Generate(context.Background(), Request{Query: query}, ""); p != nil {
			t.Errorf("%s: %s", query, p.Detail)
		}
	}
}

// A Micro QR or rMQR code has one eye: colours for three were accepted and
// two of them coloured nothing.
func TestOtherEyesColoursOfMicroAndRMQRAreRefused(t *testing.T) {
	s := New(Config{BaseURL: "http://qr.test"})
	for _, symbol := range []string{"micro", "rmqr"} {
		for _, field := range []string{"eyecolor", "eyeframecolor", "eyeballcolor"} {
			query := "data=12345&symbol=" + symbol + "&" + field + "=c62828,2e7d32,1565c0"
			_, p := s.Generate(context.Background(), Request{Query: query}, "")
			if p == nil || !namesField(p, field, "one finder pattern") {
				t.Errorf("%s: %+v", query, p)
				continue
			}
			if v, _ := fixOf(t, p, field); v != "c62828" {
				t.Errorf("%s: fix %s, want %s=c62828", query, p.Fix, field)
			}
			if _, fp := generateURL(s, p.Fix); fp != nil {
				t.Errorf("%s: fix %s: %s", query, p.Fix, fp.Detail)
			}
		}
	}
	if img, p := s.Generate(context.Background(), Request{Query: "data=12345&symbol=auto&eyecolor=c62828,2e7d32,1565c0"}, ""); p != nil || strings.HasPrefix(img.Symbol, "M") {
		t.Errorf("symbol=auto with three eye colours: %+v %+v, want a QR Code", img, p)
	}
}

// TestColorBesideAGradientIsRefusedWhenItColoursNothing: gradientcolors
// paint the modules, so color alone beside them is refused, and the fix's
// image is the very one color would have drawn, as it is beside a banner,
// whose text is the background and whose frame takes the gradient. With
// an icon, or a caption in the foreground, color colours them and passes.
func TestColorBesideAGradientIsRefusedWhenItColoursNothing(t *testing.T) {
	s := New(Config{BaseURL: "http://qr.test"})
	const query = "data=reach&gradientcolors=1d3557,7b2cbf&color=e63946"
	for _, q := range []string{query, query + "&tpl=banner-below"} {
		for _, f := range []string{"png", "svg", "pdf"} {
			_, p := s.Generate(context.Background(), Request{Query: q + "&format=" + f}, "")
			if p == nil || p.Field != options.Color.Name {
				t.Fatalf("%s in %s: %+v", q, f, p)
			}
			fixed, fp := generateURL(s, p.Fix)
			if fp != nil {
				t.Fatalf("fix %s: %s", p.Fix, fp.Detail)
			}
			if !bytes.Equal(fixed.Body, drawUnchecked(t, s, q, f)) {
				t.Errorf("%s: the fix %s draws other bytes than color did", f, p.Fix)
			}
		}
	}
	for _, more := range []string{"logo=wifi", "tpl=box", "label=Hi"} {
		if _, p := s.Generate(context.Background(), Request{Query: query + "&" + more}, ""); p != nil {
			t.Errorf("%s&%s: %s", query, more, p.Detail)
		}
	}
	if _, p := s.Generate(context.Background(), Request{Query: "data=reach&gradientcolors=1d3557,7b2cbf&color=000000"}, ""); p != nil {
		t.Errorf("the default color beside a gradient: %s", p.Detail)
	}
}

// TestTextFormatHintsAtThePayload: format=text on a kind is no format,
// and the problem's hint is the kind's payload call with the caller's own
// fields, which answers the text; a stamp the service fills in stays out.
func TestTextFormatHintsAtThePayload(t *testing.T) {
	s := New(Config{BaseURL: "http://qr.test"})
	_, p := s.Generate(context.Background(), Request{Kind: "wifi", Query: "ssid=Home&password=longenough&format=text"}, "")
	if p == nil || p.Field != options.Format.Name {
		t.Fatalf("format=text: %+v", p)
	}
	const want = "http://qr.test/api/v1/wifi/payload?ssid=Home&password=longenough"
	if !strings.HasSuffix(p.Hint, want) {
		t.Fatalf("hint %q, want it to end %s", p.Hint, want)
	}
	u, _ := url.Parse(want)
	if got, pp := s.Payload(Request{Kind: "wifi", Query: u.RawQuery}); pp != nil || got.Payload != "WIFI:T:WPA;S:Home;P:longenough;;" {
		t.Errorf("the hint's call: %+v %+v", got, pp)
	}
	_, p = s.Generate(context.Background(), Request{Kind: "event", Query: "title=Launch&start=2026-10-01T19:00:00Z&format=txt"}, "")
	if p == nil || !strings.Contains(p.Hint, "/api/v1/event/payload?title=Launch&start=") || strings.Contains(p.Hint, "dtstamp") {
		t.Errorf("event format=txt: hint %q", p.Hint)
	}
	if _, p := s.Generate(context.Background(), Request{Kind: "wifi", Query: "ssid=Home&password=longenough&format=jpg2"}, ""); p == nil || p.Hint != "" {
		t.Errorf("a format typo: %+v", p)
	}
}

// TestDPISetsAVectorPicturesPixels: SVG, PDF and EPS draw the modules as
// vectors, and a length is their printed side whatever the dpi; there dpi
// is the printer's (each module must get a dot, docs/print.md) and sets a
// picture logo's pixels.
func TestDPISetsAVectorPicturesPixels(t *testing.T) {
	s := New(Config{BaseURL: "http://qr.test"})
	picture := "data=reach&size=60mm&logo=" + url.QueryEscape(dataURI("image/png", testLogoPNG(t)))
	for _, f := range []string{"svg", "svg-tiny", "pdf", "eps"} {
		if !bytes.Equal(drawUnchecked(t, s, "data=reach&size=30mm&dpi=600", f), drawUnchecked(t, s, "data=reach&size=30mm", f)) {
			t.Errorf("dpi changes the vectors of %s", f)
		}
		if bytes.Equal(drawUnchecked(t, s, picture+"&dpi=72", f), drawUnchecked(t, s, picture, f)) {
			t.Errorf("a picture's pixels in %s do not follow dpi", f)
		}
	}
}

// A kind's field that qualifies a value not given (vCard's email2_type
// without email2) is refused; the fix drops it, and answers.
func TestAFieldQualifyingNothingIsDropped(t *testing.T) {
	s := New(Config{BaseURL: "http://qr.test"})
	_, p := s.Generate(context.Background(), Request{Kind: "vcard", Query: "fn=Ann&email=a@example.com&email2_type=work&phone_type=cell"}, "")
	if p == nil || !namesField(p, "email2_type", "written nowhere") || !namesField(p, "phone_type", "written nowhere") {
		t.Fatalf("%+v", p)
	}
	for _, name := range []string{"email2_type", "phone_type"} {
		if v, has := fixOf(t, p, name); has {
			t.Errorf("fix %s keeps %s=%s", p.Fix, name, v)
		}
	}
	if v, _ := fixOf(t, p, "email"); v != "a@example.com" {
		t.Errorf("fix %s loses the email", p.Fix)
	}
	u, _ := url.Parse(p.Fix)
	if _, fp := s.Generate(context.Background(), Request{Kind: "vcard", Query: u.RawQuery}, ""); fp != nil {
		t.Errorf("fix %s: %s", p.Fix, fp.Detail)
	}
}
