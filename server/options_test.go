package server_test

import (
	"bytes"
	"encoding/base64"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
)

// Every alias of README "Options" (and its "Moving from another QR API")
// must give exactly the bytes of the canonical name (aliases are part of
// the v1 contract, README "For agents and tools"), and the
// canonical option must change the output, so that the test would notice an
// alias that is silently ignored.
func TestOptionAliases(t *testing.T) {
	const q = "/api/v1/qr?data=alias%20test"
	tests := []struct {
		alias, canonical, baseline string
	}{
		// data
		{"/api/v1/qr?text=alias%20test", q, "/api/v1/qr?data=other"},
		{"/api/v1/qr?content=alias%20test", q, "/api/v1/qr?data=other"},
		{"/api/v1/qr?url=alias%20test", q, "/api/v1/qr?data=other"},
		{"/api/v1/qr?q=alias%20test", q, "/api/v1/qr?data=other"},
		{"/api/v1/qr?chl=alias%20test", q, "/api/v1/qr?data=other"},
		{"/api/v1/qr?DATA=alias%20test", q, "/api/v1/qr?data=other"},
		// size
		{q + "&width=300", q + "&size=300", q},
		{q + "&s=300", q + "&size=300", q},
		{q + "&chs=300", q + "&size=300", q},
		{q + "&size=300x300", q + "&size=300", q},
		{q + "&chs=300X300", q + "&size=300", q},
		{q + "&Size=300", q + "&size=300", q},
		// scale: pixels a module (segno, node-qrcode, python-qrcode)
		{q + "&box_size=8", q + "&scale=8", q},
		{q + "&boxsize=8", q + "&scale=8", q},
		{q + "&module_size=8", q + "&scale=8", q},
		{q + "&modulesize=8", q + "&scale=8", q},
		// format
		{q + "&type=svg", q + "&format=svg", q},
		{q + "&output=svg", q + "&format=svg", q},
		{q + "&f=svg", q + "&format=svg", q},
		{q + "&format=SVG", q + "&format=svg", q},
		{q + "&format=svgtiny", q + "&format=svg-tiny", q + "&format=svg"},
		// color
		{q + "&fg=ff0000", q + "&color=ff0000", q},
		{q + "&dark=ff0000", q + "&color=ff0000", q},
		{q + "&color=255-0-0", q + "&color=ff0000", q},       // goQR's R-G-B
		{q + "&bodyColor=%23ff0000", q + "&color=ff0000", q}, // QRCode Monkey
		{q + "&dotscolor=ff0000", q + "&color=ff0000", q},
		// bg
		{q + "&light=ffff00", q + "&bg=ffff00", q},
		{q + "&background=ffff00", q + "&bg=ffff00", q},
		{q + "&bgcolor=ffff00", q + "&bg=ffff00", q},
		{q + "&bgcolor=255-255-0", q + "&bg=ffff00", q},
		// style
		{q + "&dots=dot", q + "&style=dot", q},
		{q + "&modulestyle=dot", q + "&style=dot", q},
		{q + "&style=DOT", q + "&style=dot", q},
		// eye
		{q + "&eyes=circle", q + "&eye=circle", q},
		{q + "&eyestyle=circle", q + "&eye=circle", q},
		// ec
		{q + "&ecc=L", q + "&ec=L", q},
		{q + "&level=L", q + "&ec=L", q},
		{q + "&ecLevel=l", q + "&ec=L", q},
		{q + "&ECLEVEL=L", q + "&ec=L", q},
		// margin
		{q + "&quiet=0", q + "&margin=0", q},
		{q + "&qz=0", q + "&margin=0", q},
		{q + "&qzone=0", q + "&margin=0", q},
		{q + "&quiet_zone=0", q + "&margin=0", q},
		// label
		{q + "&caption=Menu", q + "&label=Menu", q},
		// tpl
		{q + "&template=scanme", q + "&tpl=scanme", q},
		{q + "&frame=scanme", q + "&tpl=scanme", q},
		{q + "&tpl=scan-me", q + "&tpl=scanme", q},
		{q + "&tpl=scanme", q + "&tpl=banner-below", q},
		{q + "&tpl=Banner_Above", q + "&tpl=banner-above", q + "&tpl=banner-below"},
		{q + "&frame=box", q + "&tpl=box", q},
		// framecolor and textcolor
		{q + "&tpl=box&framecolour=b00020", q + "&tpl=box&framecolor=b00020", q + "&tpl=box"},
		{q + "&tpl=box&frame_color=176-0-32", q + "&tpl=box&framecolor=b00020", q + "&tpl=box"},
		{q + "&tpl=bubble&textcolour=ffd700", q + "&tpl=bubble&textcolor=ffd700", q + "&tpl=bubble"},
		{q + "&tpl=bubble&text_color=gold", q + "&tpl=bubble&textcolor=ffd700", q + "&tpl=bubble"},
		{q + "&label=Hi&labelcolor=navy", q + "&label=Hi&textcolor=000080", q + "&label=Hi"},
		// font
		{q + "&label=Hi&labelfont=mono", q + "&label=Hi&font=mono", q + "&label=Hi"},
		{q + "&tpl=box&typeface=Regular", q + "&tpl=box&font=regular", q + "&tpl=box"},
		// Google chart API: chld=<ec>|<margin>, cht=qr, choe=UTF-8.
		{q + "&chld=L|0", q + "&ec=L&margin=0", q},
		{q + "&chld=L%7C0", q + "&ec=L&margin=0", q},
		{q + "&chld=h", q + "&ec=H", q + "&ec=L"},
		{q + "&chld=H|2&ec=H&margin=2", q + "&ec=H&margin=2", q},
		{"/api/v1/qr?cht=qr&chs=300x300&chl=alias%20test&choe=UTF-8&chld=L|0", q + "&size=300&ec=L&margin=0", q},
	}
	for _, tt := range tests {
		t.Run(strings.TrimPrefix(tt.alias, q+"&"), func(t *testing.T) {
			alias, canonical := get(t, tt.alias), get(t, tt.canonical)
			if alias.Code != http.StatusOK || canonical.Code != http.StatusOK {
				t.Fatalf("status %d and %d, want 200; %s", alias.Code, canonical.Code, alias.Body.String())
			}
			if !bytes.Equal(alias.Body.Bytes(), canonical.Body.Bytes()) {
				t.Errorf("%s and %s give different bodies", tt.alias, tt.canonical)
			}
			if a, c := alias.Header().Get("ETag"), canonical.Header().Get("ETag"); a != c {
				t.Errorf("ETag %s, canonical %s: the same image must have the same validator", a, c)
			}
			if bytes.Equal(canonical.Body.Bytes(), ok(t, tt.baseline)) {
				t.Errorf("%s changes nothing compared with %s", tt.canonical, tt.baseline)
			}
		})
	}
}

// Each option's effect, asserted on what a client sees.
func TestOptionEffects(t *testing.T) {
	const q = "/api/v1/qr?data=effect"
	pngSide := func(want int) func(*testing.T, *httptest.ResponseRecorder) {
		return func(t *testing.T, rec *httptest.ResponseRecorder) {
			b := pngImage(t, rec.Body.Bytes()).Bounds()
			if b.Dx() != want || b.Dy() != want {
				t.Errorf("PNG is %dx%d, want %dx%d", b.Dx(), b.Dy(), want, want)
			}
		}
	}
	header := func(name, want string) func(*testing.T, *httptest.ResponseRecorder) {
		return func(t *testing.T, rec *httptest.ResponseRecorder) {
			if got := rec.Header().Get(name); got != want {
				t.Errorf("%s %q, want %q", name, got, want)
			}
		}
	}
	decodes := func(want string) func(*testing.T, *httptest.ResponseRecorder) {
		return func(t *testing.T, rec *httptest.ResponseRecorder) {
			if got := decodeQR(t, rec.Body.Bytes()); got != want {
				t.Errorf("decoded %q, want %q", got, want)
			}
		}
	}
	jsonMargin := func(want int) func(*testing.T, *httptest.ResponseRecorder) {
		return func(t *testing.T, rec *httptest.ResponseRecorder) {
			if m := readMatrix(t, rec.Body.Bytes()); m.Margin != want {
				t.Errorf("margin %d, want %d", m.Margin, want)
			}
		}
	}
	bodyHas := func(parts ...string) func(*testing.T, *httptest.ResponseRecorder) {
		return func(t *testing.T, rec *httptest.ResponseRecorder) {
			for _, p := range parts {
				if !strings.Contains(rec.Body.String(), p) {
					t.Errorf("body lacks %q", p)
				}
			}
		}
	}
	bodyLacks := func(part string) func(*testing.T, *httptest.ResponseRecorder) {
		return func(t *testing.T, rec *httptest.ResponseRecorder) {
			if strings.Contains(rec.Body.String(), part) {
				t.Errorf("body has %q", part)
			}
		}
	}
	corner := func(want color.NRGBA) func(*testing.T, *httptest.ResponseRecorder) {
		return func(t *testing.T, rec *httptest.ResponseRecorder) {
			got := color.NRGBAModel.Convert(pngImage(t, rec.Body.Bytes()).At(0, 0)).(color.NRGBA)
			if want.A == 0 && got.A == 0 {
				return
			}
			if got != want {
				t.Errorf("top-left pixel %v, want %v", got, want)
			}
		}
	}
	tests := []struct {
		target string
		checks []func(*testing.T, *httptest.ResponseRecorder)
	}{
		// data and its aliases decode to the exact string.
		{q, []func(*testing.T, *httptest.ResponseRecorder){decodes("effect"), pngSide(512), header("Content-Type", "image/png")}},
		{"/api/v1/qr?text=caf%C3%A9%20%26%20cr%C3%AApes", []func(*testing.T, *httptest.ResponseRecorder){decodes("café & crêpes")}},
		{"/api/v1/qr?content=a%2Bb%3Dc", []func(*testing.T, *httptest.ResponseRecorder){decodes("a+b=c")}},
		{"/api/v1/qr?url=https%3A%2F%2Fexample.com%2F%3Fa%3D1%26b%3D2", []func(*testing.T, *httptest.ResponseRecorder){decodes("https://example.com/?a=1&b=2")}},
		{"/api/v1/qr?q=plus+is+space", []func(*testing.T, *httptest.ResponseRecorder){decodes("plus is space")}},
		{"/api/v1/qr?chl=google", []func(*testing.T, *httptest.ResponseRecorder){decodes("google")}},
		// size: PNG is exactly size × size (README "Options").
		{q + "&size=64", []func(*testing.T, *httptest.ResponseRecorder){pngSide(64), decodes("effect")}},
		{q + "&width=300", []func(*testing.T, *httptest.ResponseRecorder){pngSide(300), decodes("effect")}},
		{q + "&s=333", []func(*testing.T, *httptest.ResponseRecorder){pngSide(333)}},
		{q + "&chs=300x300", []func(*testing.T, *httptest.ResponseRecorder){pngSide(300)}},
		{q + "&size=4096", []func(*testing.T, *httptest.ResponseRecorder){pngSide(4096)}},
		// format: content type of README "Responses".
		{q + "&format=png", []func(*testing.T, *httptest.ResponseRecorder){header("Content-Type", "image/png"), decodes("effect")}},
		{q + "&type=svg", []func(*testing.T, *httptest.ResponseRecorder){header("Content-Type", "image/svg+xml"), bodyHas("<svg", `width="512"`)}},
		{q + "&output=svg-tiny", []func(*testing.T, *httptest.ResponseRecorder){header("Content-Type", "image/svg+xml"), bodyHas(`version="1.2"`, `baseProfile="tiny"`), bodyLacks("<style")}},
		{q + "&f=json", []func(*testing.T, *httptest.ResponseRecorder){header("Content-Type", "application/json"), jsonMargin(4)}},
		{q + "&format=base64", []func(*testing.T, *httptest.ResponseRecorder){header("Content-Type", "text/plain; charset=utf-8"), dataURIDecodes("effect")}},
		// ec: X-QR-EC says what was used; absent, the service picks.
		{q + "&ec=L", []func(*testing.T, *httptest.ResponseRecorder){header("X-QR-EC", "L"), header("X-QR-Version", "1")}},
		{q + "&ecc=m", []func(*testing.T, *httptest.ResponseRecorder){header("X-QR-EC", "M")}},
		{q + "&level=Q", []func(*testing.T, *httptest.ResponseRecorder){header("X-QR-EC", "Q")}},
		{q + "&ecLevel=H", []func(*testing.T, *httptest.ResponseRecorder){header("X-QR-EC", "H"), decodes("effect")}},
		// "effect" fits version 1 at M, and version 1 also holds it at H.
		{q, []func(*testing.T, *httptest.ResponseRecorder){header("X-QR-EC", "H"), header("X-QR-Version", "1")}},
		// margin
		{q + "&format=json&margin=0", []func(*testing.T, *httptest.ResponseRecorder){jsonMargin(0)}},
		{q + "&format=json&quiet=10", []func(*testing.T, *httptest.ResponseRecorder){jsonMargin(10)}},
		{q + "&format=json&qz=2", []func(*testing.T, *httptest.ResponseRecorder){jsonMargin(2)}},
		{q + "&format=json&qzone=7", []func(*testing.T, *httptest.ResponseRecorder){jsonMargin(7)}},
		// Without a quiet zone the top-left finder module is the corner.
		{q + "&margin=0&size=210", []func(*testing.T, *httptest.ResponseRecorder){corner(color.NRGBA{0, 0, 0, 255})}},
		{q + "&margin=4", []func(*testing.T, *httptest.ResponseRecorder){corner(color.NRGBA{255, 255, 255, 255})}},
		// colours
		{q + "&margin=0&size=210&fg=ff0000", []func(*testing.T, *httptest.ResponseRecorder){corner(color.NRGBA{255, 0, 0, 255})}},
		{q + "&margin=0&size=210&dark=0000FF", []func(*testing.T, *httptest.ResponseRecorder){corner(color.NRGBA{0, 0, 255, 255})}},
		{q + "&light=ffff00", []func(*testing.T, *httptest.ResponseRecorder){corner(color.NRGBA{255, 255, 0, 255})}},
		{q + "&background=navy&color=white", []func(*testing.T, *httptest.ResponseRecorder){corner(color.NRGBA{0, 0, 128, 255})}},
		{q + "&bgcolor=255-255-0", []func(*testing.T, *httptest.ResponseRecorder){corner(color.NRGBA{255, 255, 0, 255})}},
		{q + "&bg=transparent", []func(*testing.T, *httptest.ResponseRecorder){corner(color.NRGBA{}), decodesOnWhite("effect")}},
		{q + "&format=svg&color=%23ff0000&bg=00ff00", []func(*testing.T, *httptest.ResponseRecorder){bodyHas(`fill="#ff0000"`, `fill="#00ff00"`)}},
		// style and eye change the drawing and still decode.
		{q + "&style=rounded", []func(*testing.T, *httptest.ResponseRecorder){decodes("effect")}},
		{q + "&dots=dot&ec=H", []func(*testing.T, *httptest.ResponseRecorder){decodes("effect")}},
		{q + "&eyes=circle", []func(*testing.T, *httptest.ResponseRecorder){decodes("effect")}},
		{q + "&eyestyle=leaf", []func(*testing.T, *httptest.ResponseRecorder){decodes("effect")}},
		// label and tpl: text in SVG is escaped (README "Options").
		{q + "&format=svg&label=Tom%20%26%20%3CJerry%3E", []func(*testing.T, *httptest.ResponseRecorder){bodyHas("<text", "Tom &amp; &lt;Jerry&gt;"), bodyLacks("<Jerry>")}},
		{q + "&format=svg&caption=Menu", []func(*testing.T, *httptest.ResponseRecorder){bodyHas(">Menu</text>")}},
		{q + "&format=svg&tpl=scanme", []func(*testing.T, *httptest.ResponseRecorder){bodyHas(">SCAN ME</text>")}},
		{q + "&format=svg&template=scanme&label=Order%20here", []func(*testing.T, *httptest.ResponseRecorder){bodyHas(">Order here</text>"), bodyLacks("SCAN ME")}},
		{q + "&label=Menu", []func(*testing.T, *httptest.ResponseRecorder){pngSide(512), decodes("effect")}},
		{q + "&tpl=scanme&size=400", []func(*testing.T, *httptest.ResponseRecorder){pngSide(400), decodes("effect")}},
		{q + "&format=svg&tpl=bubble&framecolor=b00020&textcolor=fff176", []func(*testing.T, *httptest.ResponseRecorder){bodyHas(`<path fill="#b00020"`, `fill="#fff176">SCAN ME</text>`)}},
		{q + "&format=svg&tpl=corners&label=Menu&textcolor=1d3557", []func(*testing.T, *httptest.ResponseRecorder){bodyHas(`fill="#1d3557">Menu</text>`)}},
		{q + "&tpl=banner-above&framecolor=b00020&size=400", []func(*testing.T, *httptest.ResponseRecorder){pngSide(400), decodes("effect"), corner(color.NRGBA{255, 255, 255, 255}), paints(color.NRGBA{0xb0, 0, 0x20, 255})}},
		// A banner's text over a transparent background is the paper's
		// white, opaque, judged as it is drawn (white on #e63946, 4.0:1).
		{q + "&bg=transparent&tpl=banner-below&framecolor=e63946&size=400", []func(*testing.T, *httptest.ResponseRecorder){decodesOnWhite("effect"), paints(color.NRGBA{255, 255, 255, 255}), paints(color.NRGBA{0xe6, 0x39, 0x46, 255})}},
		{q + "&bg=transparent&tpl=banner-above&framecolor=e63946&style=diamond&size=400", []func(*testing.T, *httptest.ResponseRecorder){decodesOnWhite("effect"), paints(color.NRGBA{255, 255, 255, 255}), paints(color.NRGBA{0xe6, 0x39, 0x46, 255})}},
		{q + "&format=svg&bg=transparent&tpl=banner-below&framecolor=e63946", []func(*testing.T, *httptest.ResponseRecorder){bodyHas(`fill="#ffffff">SCAN ME</text>`)}},
		{q + "&tpl=box&label=Grüße%20Привет", []func(*testing.T, *httptest.ResponseRecorder){decodes("effect")}},
		// Google chart API compatibility.
		{q + "&chld=H|2&format=json", []func(*testing.T, *httptest.ResponseRecorder){header("X-QR-EC", "H"), jsonMargin(2)}},
		{q + "&chld=L&format=json", []func(*testing.T, *httptest.ResponseRecorder){header("X-QR-EC", "L"), jsonMargin(4)}},
		{"/api/v1/qr?cht=qr&chs=250x250&chl=google&choe=UTF-8", []func(*testing.T, *httptest.ResponseRecorder){pngSide(250), decodes("google")}},
		{"/api/v1/qr?cht=QR&chl=google&choe=utf8", []func(*testing.T, *httptest.ResponseRecorder){decodes("google")}},
	}
	for _, tt := range tests {
		t.Run(strings.TrimPrefix(tt.target, "/api/v1/qr?"), func(t *testing.T) {
			rec := get(t, tt.target)
			if rec.Code != http.StatusOK {
				t.Fatalf("status %d, want 200: %s", rec.Code, rec.Body.String())
			}
			for _, check := range tt.checks {
				check(t, rec)
			}
		})
	}
}

// paints checks that the PNG has pixels of colour c.
func paints(c color.NRGBA) func(*testing.T, *httptest.ResponseRecorder) {
	return func(t *testing.T, rec *httptest.ResponseRecorder) {
		img, err := png.Decode(bytes.NewReader(rec.Body.Bytes()))
		if err != nil {
			t.Fatal(err)
		}
		b := img.Bounds()
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				if color.NRGBAModel.Convert(img.At(x, y)) == c {
					return
				}
			}
		}
		t.Errorf("no pixel is %v", c)
	}
}

func dataURIDecodes(want string) func(*testing.T, *httptest.ResponseRecorder) {
	return func(t *testing.T, rec *httptest.ResponseRecorder) {
		body, isDataURI := strings.CutPrefix(rec.Body.String(), "data:image/png;base64,")
		if !isDataURI {
			t.Fatalf("body %q is not a PNG data URI", short(rec.Body.String()))
		}
		b, err := base64.StdEncoding.DecodeString(body)
		if err != nil {
			t.Fatalf("data URI payload: %v", err)
		}
		if got := decodeQR(t, b); got != want {
			t.Errorf("decoded %q, want %q", got, want)
		}
	}
}

// decodesOnWhite composites a transparent PNG on white before decoding, as
// a page would show it.
func decodesOnWhite(want string) func(*testing.T, *httptest.ResponseRecorder) {
	return func(t *testing.T, rec *httptest.ResponseRecorder) {
		img := pngImage(t, rec.Body.Bytes())
		b := img.Bounds()
		flat := image.NewNRGBA(b)
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				c := color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA)
				a := int(c.A)
				mix := func(v uint8) uint8 { return uint8((int(v)*a + 255*(255-a)) / 255) }
				flat.SetNRGBA(x, y, color.NRGBA{mix(c.R), mix(c.G), mix(c.B), 255})
			}
		}
		var buf bytes.Buffer
		if err := png.Encode(&buf, flat); err != nil {
			t.Fatal(err)
		}
		if got := decodeQR(t, buf.Bytes()); got != want {
			t.Errorf("decoded %q, want %q", got, want)
		}
	}
}

// Colour syntax of README "Options": hex with 3, 4, 6 or 8 digits,
// with or without '#' (sent as %23), any case, and CSS names. Each spelling
// must draw exactly what its 6- or 8-digit form draws.
func TestColourSyntax(t *testing.T) {
	const q = "/api/v1/qr?data=colour&format=svg"
	tests := []struct{ given, same string }{
		{"f00", "ff0000"},
		{"F00", "ff0000"},
		{"%23f00", "ff0000"},
		{"%23F00", "ff0000"},
		{"ff0000", "ff0000"},
		{"FF0000", "ff0000"},
		{"%23ff0000", "ff0000"},
		{"%23Ff0000", "ff0000"},
		{"f008", "ff000088"},
		{"%23f008", "ff000088"},
		{"ff000088", "ff000088"},
		{"%23FF000088", "ff000088"},
		{"ff0000ff", "ff0000"},
		{"red", "ff0000"},
		{"Red", "ff0000"},
		{"RED", "ff0000"},
		{"navy", "000080"},
		{"rebeccapurple", "663399"},
		{"255-0-0", "ff0000"},
		{"%20ff0000%20", "ff0000"},
	}
	for _, name := range []string{"color", "bg"} {
		for _, tt := range tests {
			t.Run(name+"="+tt.given, func(t *testing.T) {
				got := ok(t, q+"&"+name+"="+tt.given)
				want := ok(t, q+"&"+name+"="+tt.same)
				if !bytes.Equal(got, want) {
					t.Errorf("%s=%s draws differently from %s=%s", name, tt.given, name, tt.same)
				}
				fill := `fill="#` + tt.same[:6] + `"`
				if !bytes.Contains(got, []byte(fill)) {
					t.Errorf("SVG lacks %s", fill)
				}
			})
		}
	}
	t.Run("bg=transparent", func(t *testing.T) {
		for _, v := range []string{"transparent", "Transparent", "TRANSPARENT"} {
			body := ok(t, "/api/v1/qr?data=colour&format=png&bg="+v)
			c := color.NRGBAModel.Convert(pngImage(t, body).At(0, 0)).(color.NRGBA)
			if c.A != 0 {
				t.Errorf("bg=%s: corner pixel %v is not transparent", v, c)
			}
		}
	})
}

// Responses with rendering options must be exactly size pixels for every
// style and eye at a few sizes, including sizes that do not divide evenly.
func TestPNGIsExactlySize(t *testing.T) {
	for _, size := range []int{64, 100, 257, 512, 1000} {
		for _, style := range []string{"square", "organic", "star"} {
			for _, extra := range []string{"", "&tpl=scanme", "&label=Hi"} {
				target := "/api/v1/qr?data=https%3A%2F%2Fexample.com&size=" + strconv.Itoa(size) + "&style=" + style + extra
				rec := get(t, target)
				if rec.Code != http.StatusOK {
					// Small sizes may not fit a frame; that must be the size
					// problem with a working fix, not anything else.
					p := readProblem(t, rec, http.StatusBadRequest, "invalid-parameter")
					if p.Field != "size" {
						t.Errorf("%s: field %q, want size", target, p.Field)
					}
					continue
				}
				b := pngImage(t, rec.Body.Bytes()).Bounds()
				if b.Dx() != size || b.Dy() != size {
					t.Errorf("%s: %dx%d", target, b.Dx(), b.Dy())
				}
			}
		}
	}
}

// A frame or text colour that is the one the drawing uses anyway names the
// same image: same bytes, same ETag.
func TestDefaultFrameColoursShareTheETag(t *testing.T) {
	const q = "/api/v1/qr?data=frames"
	for _, tt := range [][2]string{
		{q + "&tpl=box&framecolor=000", q + "&tpl=box"},
		{q + "&tpl=box&font=bold", q + "&tpl=box"},
		{q + "&tpl=banner-below&textcolor=white", q + "&tpl=scanme"},
		{q + "&tpl=bubble&color=navy&framecolor=000080&textcolor=ffffff", q + "&tpl=bubble&color=navy"},
		{q + "&label=Hi&textcolor=000000&format=svg", q + "&label=Hi&format=svg"},
	} {
		a, b := get(t, tt[0]), get(t, tt[1])
		if a.Code != http.StatusOK || b.Code != http.StatusOK {
			t.Fatalf("%s: status %d and %d: %s", tt[0], a.Code, b.Code, a.Body.String())
		}
		if !bytes.Equal(a.Body.Bytes(), b.Body.Bytes()) || a.Header().Get("ETag") != b.Header().Get("ETag") {
			t.Errorf("%s and %s differ", tt[0], tt[1])
		}
	}
}

// The caption font's gaps are named in the problem, so that the caller
// sees which characters to change.
func TestLabelOutsideTheFontNamesTheCharacters(t *testing.T) {
	rec := get(t, "/api/v1/qr?data=hi&label=Tokyo%20%E6%9D%B1%E4%BA%AC%20%F0%9F%98%80%E2%80%8D")
	if rec.Code != http.StatusBadRequest {
		t.Fatalf("status %d, want 400", rec.Code)
	}
	for _, want := range []string{"cannot draw: 東, 京, 😀, U+200D;"} {
		if !strings.Contains(rec.Body.String(), want) {
			t.Errorf("problem lacks %q: %s", want, rec.Body.String())
		}
	}
}
