package service

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"net/url"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/qrcode"
	_ "github.com/qrforge/qrforge/kinds" // epc and swissqr
	"github.com/qrforge/qrforge/render"
)

// testLogoPNG is an opaque 120×80 PNG logo: an orange field with a dark
// diagonal band.
func testLogoPNG(t testing.TB) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, 120, 80))
	for y := 0; y < 80; y++ {
		for x := 0; x < 120; x++ {
			c := color.NRGBA{240, 140, 30, 255}
			if d := x - y*3/2; d > -20 && d < 20 {
				c = color.NRGBA{90, 30, 10, 255}
			}
			img.SetNRGBA(x, y, c)
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func dataURI(mediaType string, b []byte) string {
	return "data:" + mediaType + ";base64," + base64.StdEncoding.EncodeToString(b)
}

// generate serves one request through the service as the HTTP adapter
// does.
func generate(t testing.TB, svc *Service, req Request) (*Image, *Problem) {
	t.Helper()
	return svc.Generate(context.Background(), req, "")
}

// readCode reads a PNG with gozxing.
func readCode(t testing.TB, b []byte) string {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("not a PNG: %v", err)
	}
	bmp, _ := gozxing.NewBinaryBitmapFromImage(img)
	res, err := qrcode.NewQRCodeReader().Decode(bmp, map[gozxing.DecodeHintType]any{gozxing.DecodeHintType_TRY_HARDER: true})
	if err != nil {
		t.Fatalf("gozxing cannot read the code: %v", err)
	}
	return res.GetText()
}

// The logo's sources: an icon by name or alias in any case, none, a data
// URI in base64 (a '+' a query turned into a space read back) or
// percent-encoded SVG; a URL is refused, as fetching is off.
func TestLogoSources(t *testing.T) {
	logo := testLogoPNG(t)
	svg := `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#c00"/></svg>`
	for _, c := range []struct {
		value, want string // want: an icon's name, "file:<format>", "" for none, "!" + a word of the refusal
	}{
		{"wifi", "wifi"},
		{"  Map-Pin ", "map-pin"},
		{"cart", "shop"},
		{"CARD", "payment"},
		{"none", ""},
		{"", ""},
		{dataURI("image/png", logo), "file:png"},
		{strings.ReplaceAll(dataURI("image/png", logo), "+", " "), "file:png"},
		{"data:image/png;base64," + base64.RawURLEncoding.EncodeToString(logo), "file:png"},
		{"data:image/svg+xml," + url.PathEscape(svg), "file:svg"},
		{"data:image/svg+xml;utf8," + svg, "file:svg"},
		{"data:image/png;base64,not*base64", "!base64"},
		{"data:image/png;base64", "!','"},
		{dataURI("image/gif", []byte("GIF89a\x01\x00\x01\x00")), "!not a PNG"},
		{"https://example.com/logo.png", "url"},
		{"HTTP://169.254.169.254/latest/meta-data", "url"},
		{"wiffi", "!not a built-in icon"},
	} {
		in, err := parseLogo(c.value)
		var got string
		switch {
		case err != nil:
			if !strings.HasPrefix(c.want, "!") || !strings.Contains(err.detail, c.want[1:]) {
				t.Errorf("%.60q: refused (%s), want %s", c.value, err.detail, c.want)
			}
			continue
		case in == nil:
			got = ""
		case in.icon != nil:
			got = in.icon.Name
		case in.remote != "":
			got = "url"
		default:
			got = "file:" + in.format
		}
		if got != c.want {
			t.Errorf("%.60q: %q, want %q", c.value, got, c.want)
		}
	}
}

// hostileSVG is an SVG logo built to hurt: each must be refused with a
// 400 or 413, or drawn safely, quickly, and never crash the service.
var hostileSVGs = []struct {
	name, svg string
	status    int // 0: drawn
}{
	{"script", `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><script>alert(1)</script><rect width="9" height="9"/></svg>`, 400},
	{"onload", `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" onload="alert(1)"><rect width="9" height="9"/></svg>`, 400},
	{"event handler on a shape", `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><rect width="9" height="9" onclick="x()"/></svg>`, 400},
	{"external href", `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 24 24"><use xlink:href="https://evil.example/a.svg#x"/></svg>`, 400},
	{"file href", `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><use href="file:///etc/passwd"/></svg>`, 400},
	{"external url() fill", `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><rect width="9" height="9" fill="url(https://evil.example/p.svg#g)"/></svg>`, 400},
	{"css url() escaped", `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><style>rect{fill:u\72l(https://evil.example/p.svg#g)}</style><rect width="9" height="9"/></svg>`, 400},
	{"css import escaped", `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><style>@\69mport "https://evil.example/a.css";</style><rect width="9" height="9"/></svg>`, 400},
	{"css import", `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><style>@import url(https://evil.example/a.css);</style></svg>`, 400},
	{"stylesheet instruction", `<?xml-stylesheet href="https://evil.example/a.css"?><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"/>`, 400},
	{"foreignObject", `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><foreignObject width="9" height="9"><div xmlns="http://www.w3.org/1999/xhtml">hi</div></foreignObject></svg>`, 400},
	{"image", `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><image href="data:image/png;base64,AAAA" width="9" height="9"/></svg>`, 400},
	{"animation", `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><rect width="9" height="9"><set attributeName="href" to="https://evil.example"/></rect></svg>`, 400},
	{"billion laughs", `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><title>&lol3;</title></svg>`, 400},
	{"external entity", `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><title>&x;</title></svg>`, 400},
	{"undeclared entity", `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><title>&lol;</title></svg>`, 400},
	// Sizes past what rasterx's fixed-point numbers hold drew nothing,
	// and the code went out with an empty hole: refused now.
	{"enormous width and height", `<svg xmlns="http://www.w3.org/2000/svg" width="100000000" height="100000000"><rect width="100000000" height="50000000" fill="#036"/></svg>`, 400},
	{"enormous viewBox", `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1e300 1e300"><rect width="1e300" height="5e299" fill="#036"/></svg>`, 400},
	{"large viewBox", `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1e6 1e6"><rect width="1e6" height="5e5" fill="#036"/></svg>`, 0},
	{"text", `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><text x="0" y="8" font-size="8">Hi</text></svg>`, 400},
	{"text beside a shape", `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="4" height="4"/><text x="0" y="8"><tspan>Hi</tspan></text></svg>`, 400},
	{"nothing painted", `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="none"/></svg>`, 400},
	{"tiny viewBox", `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1e-300 1e-300"><rect width="1" height="1"/></svg>`, 400},
	{"infinite viewBox", `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1e999 10"><rect width="9" height="9"/></svg>`, 400},
	{"no size", `<svg xmlns="http://www.w3.org/2000/svg"><rect width="9" height="9"/></svg>`, 400},
	{"far outside its viewBox", `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M0 0 C 9e8 9e8 -9e8 9e8 24 24 Z"/></svg>`, 400},
	{"scaled far outside", `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><g transform="scale(1e9)"><g transform="scale(1e9)"><path d="M0 0 C 1 1 2 2 3 0 Z"/></g></g></svg>`, 400},
	{"deep nesting", `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">` + strings.Repeat("<g>", 5000) + strings.Repeat("</g>", 5000) + `</svg>`, 400},
	{"many elements", `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">` + strings.Repeat(`<g/>`, 20000) + `</svg>`, 400},
	{"use inside defs", `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><defs><g id="a"><use href="#a"/></g></defs><use href="#a"/></svg>`, 400},
	{"use amplification", `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><defs><g id="a">` + strings.Repeat(`<rect width="1" height="1"/>`, 500) + `</g></defs>` + strings.Repeat(`<use href="#a"/>`, 500) + `</svg>`, 400},
	{"100k path commands", `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><path d="M0 0` + strings.Repeat("L100 100L0 1", 60000) + `"/></svg>`, 400},
	{"10 MB of path data", `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><path d="M0 0` + strings.Repeat("L1 1", 2_600_000) + `"/></svg>`, 413},
	{"shapes covering the picture 9000 times", `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">` + strings.Repeat(`<rect width="10" height="10" fill="red"/>`, 9000) + `</svg>`, 400},
	{"5000 uses of a 40001-command path", usePath(20000, 5000), 400},
	{"60 uses of a 4001-command path", usePath(2000, 60), 400},
	{"a gradient of 9950 stops over 31 covers", manyStops(9950, 31), 400},
	{"a gradient of 540 stops over 31 covers", manyStops(540, 31), 400},
	{"a gradient of 64 stops over 31 covers", manyStops(64, 31), 400},
	{"dashes finer than a pixel", `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M0 0 L24 24 L0 24" fill="none" stroke="#000" stroke-width="3" stroke-dasharray="0.00001"/></svg>`, 400},
	{"malformed colour", `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><rect width="9" height="9" fill="hsl(1,,)"/></svg>`, 400},
	{"not svg", `<html><body>hi</body></html>`, 400},
	{"not well-formed", `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><rect>`, 400},
	{"latin-1", `<?xml version="1.0" encoding="ISO-8859-1"?><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"/>`, 400},
	{"script after the root", `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg><script>alert(1)</script>`, 400},
	{"utf-16", "\xff\xfe<\x00s\x00v\x00g\x00>\x00", 400},
}

func TestHostileSVGLogos(t *testing.T) {
	svc := New(Config{BaseURL: "http://qr.test"})
	for _, c := range hostileSVGs {
		t.Run(c.name, func(t *testing.T) {
			// No timing is asserted: a hang fails the test binary's
			// -timeout.
			img, p := generate(t, svc, Request{Params: url.Values{"data": {"hostile"}}, Logo: []byte(c.svg), Body: true})
			if c.status == 0 {
				if p != nil {
					t.Fatalf("refused: %s", p.Detail)
				}
				if got := readCode(t, img.Body); got != "hostile" {
					t.Fatalf("read %q", got)
				}
				return
			}
			if p == nil {
				t.Fatalf("drawn, want %d", c.status)
			}
			if p.Status != c.status || p.Field != "logo" {
				t.Fatalf("%d on %s, want %d on logo: %s", p.Status, p.Field, c.status, p.Detail)
			}
		})
	}
}

// An SVG logo is drawn from its pixels: the markup never reaches the
// output, whose picture is a PNG qrforge encodes.
func TestUploadedSVGIsNeverServedAsIs(t *testing.T) {
	svc := New(Config{BaseURL: "http://qr.test"})
	svg := `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 30"><title>marker-7f3a</title><rect width="40" height="30" rx="6" fill="#1a237e"/><path d="M8 22 L20 6 L32 22 Z" fill="#ffca28"/></svg>`
	for _, format := range []string{"svg", "svg-tiny"} {
		img, p := generate(t, svc, Request{Params: url.Values{"data": {"hello"}, "format": {format}}, Logo: []byte(svg), Body: true})
		if p != nil {
			t.Fatal(p.Detail)
		}
		if bytes.Contains(img.Body, []byte("marker-7f3a")) || bytes.Contains(img.Body, []byte(base64.StdEncoding.EncodeToString([]byte(svg))[:40])) {
			t.Fatalf("%s output holds the caller's markup", format)
		}
		m := regexp.MustCompile(`xlink:href="data:image/png;base64,([^"]+)"`).FindSubmatch(img.Body)
		if m == nil {
			t.Fatalf("%s output has no PNG picture", format)
		}
		b, _ := base64.StdEncoding.DecodeString(string(m[1]))
		pic, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		// 4:3, as the viewBox.
		if w, h := pic.Bounds().Dx(), pic.Bounds().Dy(); w*3 != h*4 && (w*3-h*4)*(w*3-h*4) > 16 {
			t.Errorf("picture is %dx%d", w, h)
		}
	}
	// Nor a raster logo's bytes: a PNG's text chunks do not survive.
	logo := withTextChunk(testLogoPNG(t), "Comment", "marker-91c2")
	img, p := generate(t, svc, Request{Params: url.Values{"data": {"hello"}, "format": {"svg"}}, Logo: logo, Body: true})
	if p != nil {
		t.Fatal(p.Detail)
	}
	m := regexp.MustCompile(`base64,([^"]+)"`).FindSubmatch(img.Body)
	b, _ := base64.StdEncoding.DecodeString(string(m[1]))
	if bytes.Contains(b, []byte("marker-91c2")) || bytes.Equal(b, logo) {
		t.Fatal("the caller's PNG is embedded as sent")
	}
}

// withTextChunk adds a tEXt chunk after a PNG's header.
func withTextChunk(p []byte, key, text string) []byte {
	data := append([]byte(key+"\x00"), text...)
	chunk := binary.BigEndian.AppendUint32(nil, uint32(len(data)))
	chunk = append(chunk, "tEXt"...)
	chunk = append(chunk, data...)
	chunk = binary.BigEndian.AppendUint32(chunk, crc32.ChecksumIEEE(chunk[4:]))
	const afterIHDR = 8 + 25
	return append(append(append([]byte{}, p[:afterIHDR]...), chunk...), p[afterIHDR:]...)
}

// pngHeader is a PNG that declares w×h pixels and holds one byte of
// pixel data: a decompression bomb's header.
func pngHeader(w, h uint32) []byte {
	out := []byte("\x89PNG\r\n\x1a\n")
	chunk := func(name string, data []byte) {
		c := binary.BigEndian.AppendUint32(nil, uint32(len(data)))
		c = append(c, name...)
		c = append(c, data...)
		out = append(out, binary.BigEndian.AppendUint32(c, crc32.ChecksumIEEE(c[4:]))...)
	}
	ihdr := binary.BigEndian.AppendUint32(nil, w)
	ihdr = binary.BigEndian.AppendUint32(ihdr, h)
	ihdr = append(ihdr, 8, 6, 0, 0, 0)
	chunk("IHDR", ihdr)
	chunk("IDAT", []byte{0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01})
	chunk("IEND", nil)
	return out
}

// A raster logo's declared size is checked before any pixel is decoded,
// and what decoding takes is reserved from the memory budget: a bomb is a
// 413, never an allocation.
func TestLogoBombsAreRefusedFromTheirHeader(t *testing.T) {
	svc := New(Config{BaseURL: "http://qr.test", Memory: 64 << 20})
	for _, c := range []struct {
		name   string
		file   []byte
		status int
		says   string
	}{
		{"100000 × 100000", pngHeader(100000, 100000), 413, "declares 100000x100000"},
		{"5000 × 5000, 25 megapixels", pngHeader(5000, 5000), 413, "16 megapixels"},
		{"4000 × 4000 on a 64 MiB budget", pngHeader(4000, 4000), 413, "memory budget"},
		{"a damaged file", pngHeader(100, 100), 400, "damaged"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, p := generate(t, svc, Request{Params: url.Values{"data": {"bomb"}}, Logo: c.file, Body: true})
			if p == nil || p.Status != c.status || p.Field != "logo" || !strings.Contains(p.Detail, c.says) {
				t.Fatalf("%+v, want %d on logo saying %q", p, c.status, c.says)
			}
		})
	}
}

// The canonical request names a file logo by its bytes' hash, however it
// came: GET, JSON or upload give the same ETag, and other bytes another.
func TestLogoETagNamesItsBytes(t *testing.T) {
	svc := New(Config{BaseURL: "http://qr.test"})
	logo := testLogoPNG(t)
	uri := dataURI("image/png", logo)
	etags := map[string]string{}
	for name, req := range map[string]Request{
		"query":  {Query: "data=hi&logo=" + url.QueryEscape(uri)},
		"params": {Params: url.Values{"data": {"hi"}, "icon": {uri}}},
		"upload": {Params: url.Values{"data": {"hi"}}, Logo: logo, Body: true},
		"json":   {Params: url.Values{"data": {"hi"}, "logo": {strings.Replace(uri, "image/png", "application/octet-stream", 1)}}, Body: true},
	} {
		img, p := generate(t, svc, req)
		if p != nil {
			t.Fatalf("%s: %s", name, p.Detail)
		}
		etags[name] = img.ETag
	}
	for name, etag := range etags {
		if etag != etags["query"] {
			t.Errorf("%s: ETag %s, the query's %s", name, etag, etags["query"])
		}
	}
	r, _, p := svc.prepare(Request{Params: url.Values{"data": {"hi"}, "logo": {uri}}})
	if p != nil {
		t.Fatal(p.Detail)
	}
	if got := r.Canonical.Get("logo"); !regexp.MustCompile(`^sha256:[0-9a-f]{64}$`).MatchString(got) {
		t.Errorf("canonical logo %q", got)
	}
	other := append(bytes.Clone(logo[:len(logo)-12]), withTextChunk(logo, "k", "v")[len(logo)-12:]...)
	img, p := generate(t, svc, Request{Params: url.Values{"data": {"hi"}}, Logo: withTextChunk(other, "a", "b"), Body: true})
	if p == nil && img.ETag == etags["query"] {
		t.Error("other bytes, the same ETag")
	}
	icon, _ := generate(t, svc, Request{Params: url.Values{"data": {"hi"}, "logo": {"wifi"}}})
	same, _ := generate(t, svc, Request{Params: url.Values{"data": {"hi"}, "logo": {"WIFI"}, "logosize": {"20%"}}})
	if icon.ETag != same.ETag || icon.ETag == etags["query"] {
		t.Error("an icon's ETag does not follow its canonical name and size")
	}
}

// A logo raises the level to H unless ec is given; one too large for the
// level is a 400 whose fix works: the largest size that fits at the level
// the caller chose, a higher ec only when no logo fits at it.
func TestLogoLevelAndFixes(t *testing.T) {
	svc := New(Config{BaseURL: "http://qr.test"})
	img, p := generate(t, svc, Request{Query: "data=https://example.com/menu&logo=chat"})
	if p != nil || img.Level != "H" {
		t.Fatalf("%v %+v", p, img)
	}
	if got := readCode(t, img.Body); got != "https://example.com/menu" {
		t.Fatalf("read %q", got)
	}
	img, p = generate(t, svc, Request{Query: "data=https://example.com/menu&logo=chat&ec=m&logosize=0.15"})
	if p != nil || img.Level != "M" {
		t.Fatalf("ec=m: %v %+v", p, img)
	}
	follow := func(fix string) *Problem {
		u, err := url.Parse(fix)
		if err != nil {
			t.Fatal(err)
		}
		_, p := generate(t, svc, Request{Query: u.RawQuery})
		return p
	}
	// The level the caller chose stays: the logo shrinks, and the
	// detail names the level that keeps it.
	_, p = generate(t, svc, Request{Query: "data=https://example.com/menu&logo=chat&ec=L&logosize=0.3"})
	if p == nil || p.Field != "logosize" || !strings.Contains(p.Fix, "ec=L") || strings.Contains(p.Fix, "logosize=0.3") || !strings.Contains(p.Detail, "with ec=Q") {
		t.Fatalf("logosize 0.3 at L: %+v", p)
	}
	if p := follow(p.Fix); p != nil {
		t.Fatalf("the fix fails: %s", p.Detail)
	}
	// EPC069-12 fixes level M and version 13, and a logo hides no centre
	// alignment pattern (versions 7 to 13): it shrinks to fit version 6.
	_, p = generate(t, svc, Request{Kind: "epc", Query: "name=Red+Cross&iban=DE89370400440532013000&amount=10&logo=heart&logosize=0.3"})
	if p == nil || p.Field != "logosize" || !strings.Contains(p.Fix, "logosize=0.13") {
		t.Fatalf("logosize 0.3 on EPC: %+v", p)
	}
	u, _ := url.Parse(p.Fix)
	if _, p := generate(t, svc, Request{Kind: "epc", Query: u.RawQuery}); p != nil {
		t.Fatalf("the fix fails: %s", p.Detail)
	}
	// The Swiss cross is the centre of a Swiss QR Code.
	_, p = generate(t, svc, Request{Kind: "swissqr", Query: "iban=CH4431999123000889012&creditor_name=Robert+Schneider+AG&creditor_postal_code=2501&creditor_town=Biel&creditor_country=CH&currency=CHF&reference_type=NON&logo=star"})
	if p == nil || p.Field != "logo" || !strings.Contains(p.Detail, "emblem") {
		t.Fatalf("a logo on a Swiss QR Code: %+v", p)
	}
}

// A data URI in a parameter is bounded so that the call fits a URL; the
// same file uploaded is read.
func TestLogoParameterLength(t *testing.T) {
	svc := New(Config{BaseURL: "http://qr.test"})
	var big bytes.Buffer
	img := image.NewRGBA(image.Rect(0, 0, 200, 200))
	for i := range img.Pix {
		img.Pix[i] = byte(i * 7919 % 251)
	}
	jpeg.Encode(&big, img, &jpeg.Options{Quality: 95})
	if big.Len() < MaxLogoParam {
		t.Fatalf("the test picture is only %d bytes", big.Len())
	}
	_, p := generate(t, svc, Request{Params: url.Values{"data": {"hi"}, "logo": {dataURI("image/jpeg", big.Bytes())}}})
	if p == nil || p.Status != 413 || p.Field != "logo" || !strings.Contains(p.Detail, "multipart/form-data") {
		t.Fatalf("%+v", p)
	}
	if _, p := generate(t, svc, Request{Params: url.Values{"data": {"hi"}}, Logo: big.Bytes(), Body: true}); p != nil {
		t.Fatalf("uploaded: %s", p.Detail)
	}
	// Given both ways, the two values conflict.
	_, p = generate(t, svc, Request{Params: url.Values{"data": {"hi"}, "logo": {"wifi"}}, Logo: big.Bytes(), Body: true})
	if p == nil || p.Field != "logo" || !strings.Contains(p.Detail, "twice") {
		t.Fatalf("logo given twice: %+v", p)
	}
	// An upload's fix is the upload corrected.
	_, p = generate(t, svc, Request{Params: url.Values{"data": {"hi"}, "logosize": {"0.9"}}, Logo: big.Bytes(), Body: true})
	if p == nil || !strings.HasPrefix(p.Fix, "curl -X POST 'http://qr.test/api/v1/qr?data=hi&logosize=0.3' -F 'logo=@logo.jpeg'") {
		t.Fatalf("%+v", p)
	}
}

// The JSON matrix shows the modules a logo clears, for the caller's own
// logo; it decodes nothing.
func TestLogoJSONMatrixIsCleared(t *testing.T) {
	svc := New(Config{BaseURL: "http://qr.test"})
	img, p := generate(t, svc, Request{Query: "data=hello&logo=star&format=json&margin=0"})
	if p != nil {
		t.Fatal(p.Detail)
	}
	var m struct {
		Version int     `json:"version"`
		Matrix  [][]int `json:"matrix"`
	}
	if err := json.Unmarshal(img.Body, &m); err != nil {
		t.Fatal(err)
	}
	n := len(m.Matrix)
	lo := n/2 - int(render.DefaultLogoSize*float64(n)/2)
	for y := lo; y < n-lo; y++ {
		for x := lo; x < n-lo; x++ {
			if m.Matrix[y][x] != 0 {
				t.Fatalf("v%d: module (%d, %d) under the logo is dark", m.Version, x, y)
			}
		}
	}
}

// An icon on a plate in the foreground colour is drawn in the background
// colour, so that the plate does not hide it.
func TestIconInkStandsOutFromThePlate(t *testing.T) {
	svc := New(Config{BaseURL: "http://qr.test"})
	for _, c := range []struct {
		query string
		ink   color.NRGBA
	}{
		{"data=hi&logo=wifi&color=1a237e&logobg=1a237e", color.NRGBA{255, 255, 255, 255}},
		{"data=hi&logo=wifi&color=1a237e&bg=fff8e1&logobg=283593", color.NRGBA{255, 248, 225, 255}},
		{"data=hi&logo=wifi&color=1a237e&logobg=ffffff", color.NRGBA{}},
		{"data=hi&logo=wifi&color=1a237e", color.NRGBA{}},
	} {
		r, _, p := svc.prepare(Request{Query: c.query})
		if p != nil {
			t.Fatal(p.Detail)
		}
		if got := r.Options.Logo.Ink; got != c.ink {
			t.Errorf("%s: ink %v, want %v (zero: the foreground)", c.query, got, c.ink)
		}
	}
}

// A standard's fixed level is never the fix: EPC069-12 is M, so a logo too
// large there shrinks even when ec=M is given.
func TestLogoFixKeepsAStandardsLevel(t *testing.T) {
	svc := New(Config{BaseURL: "http://qr.test"})
	_, p := generate(t, svc, Request{Kind: "epc", Query: "name=Red+Cross&iban=DE89370400440532013000&amount=10&ec=M&logo=heart&logosize=0.3"})
	if p == nil || p.Field != "logosize" || strings.Contains(p.Fix, "ec=Q") {
		t.Fatalf("%+v", p)
	}
	// With four modules of padding too, whatever the fix offers (a
	// smaller size, or no logo when none fits) works.
	_, p = generate(t, svc, Request{Kind: "epc", Query: "name=Red+Cross&iban=DE89370400440532013000&amount=10&logo=heart&logopadding=4&logosize=0.3"})
	if p == nil {
		t.Fatal("accepted")
	}
	u, _ := url.Parse(p.Fix)
	if _, p2 := generate(t, svc, Request{Kind: "epc", Query: u.RawQuery}); p2 != nil {
		t.Fatalf("the fix %s fails: %s", p.Fix, p2.Detail)
	}
}

// A batch's style takes a logo as the query does; an item's PNG is its
// URL's, and a data URI too long for a URL fails the batch's style.
func TestBatchWithALogo(t *testing.T) {
	svc := New(Config{BaseURL: "http://qr.test"})
	run, p := svc.Batch(context.Background(), []byte(`{"output":"base64","style":{"logo":"heart","logosize":0.25},"items":[{"data":"one"},{"type":"wifi","fields":{"ssid":"Home","password":"secret123"}}]}`))
	if p != nil {
		t.Fatal(p.Detail)
	}
	defer run.Close()
	n := 0
	err := run.Each(func(item BatchItem) error {
		n++
		if item.Problem != nil {
			t.Fatalf("item %d: %s", item.Index, item.Problem.Detail)
		}
		b, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(string(item.Body), "data:image/png;base64,"))
		if err != nil {
			t.Fatal(err)
		}
		if got := readCode(t, b); got != "one" && !strings.HasPrefix(got, "WIFI:") {
			t.Errorf("item %d reads %q", item.Index, got)
		}
		u, _ := url.Parse(item.URL)
		img, p := generate(t, svc, Request{Kind: strings.TrimPrefix(u.Path, "/api/v1/"), Query: u.RawQuery})
		if u.Path == "/api/v1/qr" {
			img, p = generate(t, svc, Request{Query: u.RawQuery})
		}
		if p != nil || !bytes.Equal(img.Body, item.Body) {
			t.Errorf("item %d: its URL %s gives other bytes (%v)", item.Index, item.URL, p)
		}
		return nil
	})
	if err != nil || n != 2 {
		t.Fatalf("%d items, %v", n, err)
	}
	long := dataURI("image/png", bytes.Repeat([]byte{1}, MaxLogoParam))
	if _, p := svc.Batch(context.Background(), []byte(`{"style":{"logo":"`+long+`"},"items":[{"data":"one"}]}`)); p == nil || !strings.Contains(p.Detail, "parameter holds at most") {
		t.Fatalf("a long data URI in a batch style: %+v", p)
	}
}

// TestUndrawnSVGIsRefused: what the rasteriser leaves out (a mask, a
// pattern, a filter, markers, a symbol where used, a shape's percentage
// size) is a 400 saying how to draw it otherwise, not a logo
// drawn as another picture; percentages where they are drawn (the root's
// size beside a viewBox, a gradient's vector and stops) pass.
func TestUndrawnSVGIsRefused(t *testing.T) {
	svc := New(Config{BaseURL: "http://qr.test"})
	const open = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">`
	for _, c := range []struct{ name, svg, says string }{
		{"percentage width", open + `<rect width="100%" height="100%" fill="#f00"/><circle cx="5" cy="5" r="3"/></svg>`, "percentage"},
		{"mask", open + `<defs><mask id="m"><rect width="10" height="10" fill="#808080"/></mask></defs><rect mask="url(#m)" fill="#f00" width="10" height="10"/></svg>`, "mask"},
		{"pattern", open + `<defs><pattern id="p" width="2" height="2" patternUnits="userSpaceOnUse"><rect width="1" height="1"/></pattern></defs><rect fill="url(#p)" width="10" height="10"/></svg>`, "pattern"},
		{"filter", open + `<defs><filter id="f"><feGaussianBlur stdDeviation="1"/></filter></defs><rect filter="url(#f)" width="10" height="10"/></svg>`, "filter"},
		{"marker", open + `<defs><marker id="m"><circle r="1"/></marker></defs><path d="M1 1L9 9" stroke="#000" marker-end="url(#m)"/></svg>`, "markers"},
		{"symbol", open + `<defs><symbol id="s"><rect width="10" height="10"/></symbol></defs><use href="#s"/></svg>`, "symbol"},
		{"nested svg", open + `<svg x="5" width="5" height="10" viewBox="0 0 1 2"><rect width="1" height="2"/></svg></svg>`, "inside its root"},
	} {
		_, p := generate(t, svc, Request{Params: url.Values{"data": {"undrawn"}}, Logo: []byte(c.svg), Body: true})
		if p == nil || p.Status != 400 || p.Field != "logo" || !strings.Contains(p.Detail, c.says) {
			t.Errorf("%s: %+v, want a 400 on logo naming %q", c.name, p, c.says)
		}
	}
	for _, svg := range []string{
		`<svg xmlns="http://www.w3.org/2000/svg" width="100%" height="100%" viewBox="0 0 10 10"><rect width="10" height="10" fill="#036"/></svg>`,
		open + `<defs><linearGradient id="g" x1="0%" y1="0%" x2="100%" y2="0%"><stop offset="0%" stop-color="#036"/><stop offset="100%" stop-color="#903"/></linearGradient></defs><rect width="10" height="10" fill="url(#g)"/></svg>`,
	} {
		img, p := generate(t, svc, Request{Params: url.Values{"data": {"drawn"}}, Logo: []byte(svg), Body: true})
		if p != nil {
			t.Errorf("refused: %s\n%s", p.Detail, svg)
			continue
		}
		if got := readCode(t, img.Body); got != "drawn" {
			t.Errorf("read %q", got)
		}
	}
}

// TestTextDataURIsArePercentDecoded: a text data URI is percent-decoded
// (RFC 2397 §3) even when only '#' is escaped beside plain markup, as a
// JSON body or a tool's argument carries it; a '%' that escapes nothing
// stays.
func TestTextDataURIsArePercentDecoded(t *testing.T) {
	for uri, want := range map[string]string{
		`data:image/svg+xml,<svg><rect fill='%23c00'/></svg>`: `<svg><rect fill='#c00'/></svg>`,
		`data:image/svg+xml,%3Csvg%3E%3C/svg%3E`:              `<svg></svg>`,
		`data:image/svg+xml,<svg width="100%"><rect/></svg>`:  `<svg width="100%"><rect/></svg>`,
	} {
		got, err := dataURIBytes(uri)
		if err != nil || string(got) != want {
			t.Errorf("%s: %q %v, want %q", uri, got, err, want)
		}
	}
}

// TestLogoDrawnOnceIsNotCheckedAgain: a file whose pixels decodedLogos
// keeps is taken from there as it is read, without its checks and without
// reserving its decoding again; a refused file is never kept, so it is
// refused every time.
func TestLogoDrawnOnceIsNotCheckedAgain(t *testing.T) {
	svc := New(Config{BaseURL: "http://qr.test"})
	svg := []byte(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><!-- kept once drawn --><circle cx="5" cy="5" r="4" fill="#036"/></svg>`)
	first, err := logoFile(svg)
	if err != nil || first.image != nil || first.decodeCost() == 0 {
		t.Fatalf("first reading: %+v, %v: want the file checked and its decoding reserved", first, err)
	}
	img, p := generate(t, svc, Request{Params: url.Values{"data": {"kept"}}, Logo: svg, Body: true})
	if p != nil {
		t.Fatal(p.Detail)
	}
	again, err := logoFile(svg)
	if err != nil || again.image == nil || again.decodeCost() != 0 || again.pictureHeight() != again.image.Bounds().Dy() {
		t.Fatalf("second reading: %+v, %v: want the kept pixels and nothing reserved", again, err)
	}
	second, p := generate(t, svc, Request{Params: url.Values{"data": {"kept"}}, Logo: svg, Body: true})
	if p != nil || !bytes.Equal(second.Body, img.Body) {
		t.Fatalf("the second drawing differs from the first (%v)", p)
	}

	hostile := []byte(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><script>alert(1)</script><rect width="10" height="10"/></svg>`)
	for range 2 {
		if _, p := generate(t, svc, Request{Params: url.Values{"data": {"kept"}}, Logo: hostile, Body: true}); p == nil || p.Status != 400 {
			t.Fatalf("a script in the logo: %+v, want a 400 each time", p)
		}
	}
}

// TestLogoDecodeCostCoversTheDecoding: what a raster logo reserves is at
// least what decoding it and scaling it to its box allocate in total (an
// upper bound of the peak), for a picture larger than the box in either
// direction, and one that fits it. Scaling down with Catmull–Rom takes a
// buffer of 32 bytes for each pixel of the source's height times the
// scaled width, 131 MB for 4000 × 4000: more than the picture itself.
func TestLogoDecodeCostCoversTheDecoding(t *testing.T) {
	encodePNG := func(img image.Image) []byte {
		var b bytes.Buffer
		if err := png.Encode(&b, img); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	gray := func(w, h int) image.Image {
		img := image.NewGray(image.Rect(0, 0, w, h))
		for i := range img.Pix {
			img.Pix[i] = uint8(i / 7)
		}
		return img
	}
	var photo bytes.Buffer
	if err := jpeg.Encode(&photo, gray(2400, 1600), nil); err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{
		"grey PNG 2400 × 2400":  encodePNG(gray(2400, 2400)),
		"grey PNG 600 × 3000":   encodePNG(gray(600, 3000)),
		"grey PNG 1200 × 1200":  encodePNG(gray(1200, 1200)),
		"grey PNG 900 × 700":    encodePNG(gray(900, 700)), // within the box: not scaled
		"16-bit PNG 1500 × 800": encodePNG(image.NewNRGBA64(image.Rect(0, 0, 1500, 800))),
		"JPEG 2400 × 1600":      photo.Bytes(),
	}
	for name, file := range files {
		in, lerr := logoFile(file)
		if lerr != nil {
			t.Fatalf("%s: %v", name, lerr.detail)
		}
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		if _, lerr := in.logoImage(); lerr != nil {
			t.Fatalf("%s: %v", name, lerr.detail)
		}
		runtime.ReadMemStats(&after)
		if used, cost := int64(after.TotalAlloc-before.TotalAlloc), in.decodeCost(); used > cost {
			t.Errorf("%s: decoding and scaling allocated %d bytes, %d are reserved", name, used, cost)
		}
	}
}
