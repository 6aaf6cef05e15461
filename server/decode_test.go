package server_test

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"image/draw"
	"image/gif"
	"image/jpeg"
	"image/png"
	"math"
	"math/rand/v2"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/qrforge/qrforge/registry"
	"github.com/qrforge/qrforge/render"
	"github.com/qrforge/qrforge/server"
	xdraw "golang.org/x/image/draw"
	"golang.org/x/image/math/f64"
)

// Throwaway kinds for the batch, decode and verify tests, so that they do
// not depend on kinds/: they stand in for text, url and wifi. Two kinds
// read the same Wi-Fi payload, to test which one decode names.
type (
	tkText struct {
		Text string `json:"text" validate:"required" jsonschema_description:"Any text."`
	}
	tkLink struct {
		URL string `json:"url" validate:"required" jsonschema_description:"An http(s) URL."`
	}
	tkNetwork struct {
		SSID     string `json:"ssid" validate:"required,max=32" jsonschema_description:"Network name."`
		Password string `json:"password" validate:"max=63" jsonschema_description:"Passphrase."`
	}
)

func encodeTKNetwork(n tkNetwork) string { return "WIFI:S:" + n.SSID + ";P:" + n.Password + ";;" }

func parseTKNetwork(p string) (tkNetwork, bool) {
	rest, ok := strings.CutPrefix(p, "WIFI:")
	if !ok {
		return tkNetwork{}, false
	}
	var n tkNetwork
	for _, part := range strings.Split(strings.TrimSuffix(rest, ";;"), ";") {
		k, v, _ := strings.Cut(part, ":")
		switch k {
		case "S":
			n.SSID = v
		case "P":
			n.Password = v
		}
	}
	return n, n.SSID != ""
}

// withKinds registers the throwaway kinds and returns a handler that has
// their routes; they are removed when the test ends. A kind of the same
// name already registered (the real text and url, should kinds/ be loaded)
// is used as it is.
func withKinds(t testing.TB) http.Handler {
	t.Helper()
	std := registry.Standard{Name: "qrforge test kind"}
	var added []string
	register := func(name string, add func()) {
		if _, exists := registry.Lookup(name); !exists {
			add()
			added = append(added, name)
		}
	}
	register("text", func() {
		registry.Register(registry.Kind[tkText]{Name: "text", Summary: "Text", Standard: std,
			Examples: []tkText{{Text: "hello"}}, Encode: func(x tkText) string { return x.Text },
			Parse: func(p string) (tkText, bool) { return tkText{p}, p != "" }})
	})
	register("url", func() {
		registry.Register(registry.Kind[tkLink]{Name: "url", Summary: "A link", Standard: std,
			Examples: []tkLink{{URL: "https://example.com"}}, Encode: func(x tkLink) string { return x.URL },
			Parse: func(p string) (tkLink, bool) {
				return tkLink{p}, strings.HasPrefix(p, "https://") || strings.HasPrefix(p, "http://")
			}})
	})
	for _, name := range []string{"wlan", "netcfg"} {
		register(name, func() {
			registry.Register(registry.Kind[tkNetwork]{Name: name, Summary: "A Wi-Fi network", Standard: std,
				Examples: []tkNetwork{{SSID: "home", Password: "secret123"}}, Encode: encodeTKNetwork, Parse: parseTKNetwork})
		})
	}
	t.Cleanup(func() {
		for _, name := range added {
			registry.Unregister(name)
		}
	})
	return server.New(server.Config{BaseURL: base})
}

// sendBody sends a request with a body through h.
func sendBody(t testing.TB, h http.Handler, method, target, contentType string, body []byte) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(method, target, bytes.NewReader(body))
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

// fetch GETs an absolute URL on the base address through h.
func fetch(t testing.TB, h http.Handler, absolute string) *httptest.ResponseRecorder {
	t.Helper()
	target, ok := strings.CutPrefix(absolute, base)
	if !ok {
		t.Fatalf("%s is not on %s", short(absolute), base)
	}
	req := httptest.NewRequest(http.MethodGet, target, nil)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

// shellWords splits a POSIX shell command line with single quotes, stopping
// at a comment.
func shellWords(t testing.TB, s string) []string {
	var words []string
	var cur strings.Builder
	inWord, quoted := false, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quoted && c == '\'':
			quoted = false
		case quoted:
			cur.WriteByte(c)
		case c == '\'':
			quoted, inWord = true, true
		case c == '\\' && i+1 < len(s):
			i++
			cur.WriteByte(s[i])
			inWord = true
		case c == ' ':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		case c == '#' && !inWord:
			return words
		default:
			cur.WriteByte(c)
			inWord = true
		}
	}
	if quoted {
		t.Fatalf("unterminated quote in %q", short(s))
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words
}

// decoded is the answer of POST /api/v1/decode (README "Batch, decode, verify").
type decoded struct {
	Results []struct {
		Text   string            `json:"text"`
		Bounds [][2]int          `json:"bounds"`
		Kind   string            `json:"kind"`
		Fields map[string]string `json:"fields"`
		// Rebuild and NotKept say what Fields build again.
		Rebuild string   `json:"rebuild"`
		NotKept []string `json:"not_kept"`
		// Symbol and Designator name a Micro QR Code or an rMQR.
		Symbol     string `json:"symbol"`
		Designator string `json:"designator"`
		// GS1 marks a GS1 QR Code (FNC1 in first position).
		GS1 bool `json:"gs1"`
	} `json:"results"`
}

func postImage(t testing.TB, h http.Handler, contentType string, body []byte) decoded {
	t.Helper()
	rec := sendBody(t, h, http.MethodPost, "/api/v1/decode", contentType, body)
	if rec.Code != http.StatusOK {
		t.Fatalf("status %d: %s", rec.Code, rec.Body.String())
	}
	var d decoded
	dec := json.NewDecoder(rec.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&d); err != nil {
		t.Fatal(err)
	}
	return d
}

// qrImage is a code drawn by qrforge, as an image to transform.
func qrImage(t testing.TB, data string, size int) *image.Gray {
	t.Helper()
	sym, err := render.Encode(data, render.LevelAuto)
	if err != nil {
		t.Fatal(err)
	}
	o := render.DefaultOptions()
	o.Size = size
	b, err := render.PNG(sym, o)
	if err != nil {
		t.Fatal(err)
	}
	img := pngImage(t, b)
	g := image.NewGray(img.Bounds())
	draw.Draw(g, g.Bounds(), img, image.Point{}, draw.Src)
	return g
}

func encodePNG(t testing.TB, img image.Image) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func whiteCanvas(w, h int) *image.Gray {
	g := image.NewGray(image.Rect(0, 0, w, h))
	for i := range g.Pix {
		g.Pix[i] = 0xff
	}
	return g
}

// transformed applies the affine map m (destination from source) onto a
// white canvas of w×h.
func transformed(src image.Image, w, h int, m f64.Aff3) *image.Gray {
	dst := whiteCanvas(w, h)
	xdraw.BiLinear.Transform(dst, m, src, src.Bounds(), xdraw.Over, nil)
	return dst
}

// rotated turns src by deg degrees about the centre of a w×w canvas.
func rotated(src image.Image, w int, deg float64) *image.Gray {
	s := src.Bounds().Dx()
	rad := deg * math.Pi / 180
	sin, cos := math.Sin(rad), math.Cos(rad)
	c, h := float64(w)/2, float64(s)/2
	return transformed(src, w, w, f64.Aff3{cos, -sin, c - cos*h + sin*h, sin, cos, c - sin*h - cos*h})
}

// Every code in one picture is found, in reading order, and each payload
// a registered kind recognises comes back with its kind and fields: the
// first specific kind by name (netcfg before wlan) over the generic url
// and text.
func TestDecodeSeveralCodes(t *testing.T) {
	h := withKinds(t)
	canvas := whiteCanvas(1100, 700)
	place := func(data string, x, y int) {
		code := qrImage(t, data, 300)
		draw.Draw(canvas, code.Bounds().Add(image.Pt(x, y)), code, image.Point{}, draw.Src)
	}
	place("WIFI:S:home;P:secret123;;", 400, 40)
	place("plain words", 20, 20)
	place("https://example.com/three", 760, 360)
	d := postImage(t, h, "image/png", encodePNG(t, canvas))
	if len(d.Results) != 3 {
		t.Fatalf("found %d codes, want 3: %+v", len(d.Results), d)
	}
	want := []struct {
		text, kind string
		fields     map[string]string
		at         image.Point
	}{
		{"plain words", "text", map[string]string{"text": "plain words"}, image.Pt(20, 20)},
		{"WIFI:S:home;P:secret123;;", "netcfg", map[string]string{"ssid": "home", "password": "secret123"}, image.Pt(400, 40)},
		{"https://example.com/three", "url", map[string]string{"url": "https://example.com/three"}, image.Pt(760, 360)},
	}
	for i, w := range want {
		r := d.Results[i]
		if r.Text != w.text || r.Kind != w.kind || !equalFields(r.Fields, w.fields) {
			t.Errorf("result %d: %q %s %v, want %q %s %v", i, r.Text, r.Kind, r.Fields, w.text, w.kind, w.fields)
		}
		// The corners are the symbol's, inside the 4-module quiet zone of
		// a 300 px image: within a module or so of where they are drawn.
		if len(r.Bounds) != 4 {
			t.Fatalf("bounds %v", r.Bounds)
		}
		tl, br := r.Bounds[0], r.Bounds[2]
		if tl[0] <= w.at.X+20 || tl[1] <= w.at.Y+20 || br[0] >= w.at.X+280 || br[1] >= w.at.Y+280 || br[0]-tl[0] < 150 {
			t.Errorf("result %d bounds %v are not inside the code drawn at %v", i, r.Bounds, w.at)
		}
	}
}

func equalFields(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// Turned, inverted, blurred, sheared and noisy images still read.
func TestDecodeDistorted(t *testing.T) {
	const data = "https://example.com/distorted?id=42"
	code := qrImage(t, data, 300)
	inverted := qrImage(t, data, 300)
	for i := range inverted.Pix {
		inverted.Pix[i] = 255 - inverted.Pix[i]
	}
	// Blur: down to a quarter of the pixels and back up.
	small := image.NewGray(image.Rect(0, 0, 150, 150))
	xdraw.ApproxBiLinear.Scale(small, small.Bounds(), code, code.Bounds(), xdraw.Src, nil)
	blurred := image.NewGray(image.Rect(0, 0, 300, 300))
	xdraw.CatmullRom.Scale(blurred, blurred.Bounds(), small, small.Bounds(), xdraw.Src, nil)
	// A camera slightly off-axis: shear and unequal scales.
	sheared := transformed(code, 460, 420, f64.Aff3{1.15, 0.18, 30, -0.10, 0.92, 60})
	noisy := rotated(blurred, 420, 8)
	rng := rand.New(rand.NewPCG(1, 2))
	for i, p := range noisy.Pix {
		noisy.Pix[i] = uint8(min(max(int(p)+rng.IntN(81)-40, 0), 255))
	}
	// Mid-grey on white, which local thresholds break up.
	faint := qrImage(t, data, 300)
	for i, p := range faint.Pix {
		if p < 128 {
			faint.Pix[i] = 190
		}
	}
	tests := []struct {
		name string
		img  image.Image
	}{
		{"upright", code},
		{"faint", faint},
		{"rotated 90", rotated(code, 300, 90)},
		{"rotated 15", rotated(code, 400, 15)},
		{"rotated 45", rotated(code, 440, 45)},
		{"upside down", rotated(code, 300, 180)},
		{"inverted", inverted},
		{"inverted and rotated", rotated(inverted, 400, 15)},
		{"blurred", blurred},
		{"sheared", sheared},
		{"blurred, rotated and noisy", noisy},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := postImage(t, handler, "image/png", encodePNG(t, tt.img))
			if len(d.Results) != 1 || d.Results[0].Text != data {
				t.Fatalf("results %+v, want one %q", d.Results, data)
			}
		})
	}
}

// The corners follow the code: turned 90° clockwise, its top-left corner
// is at the top right of the image.
func TestDecodeBoundsFollowRotation(t *testing.T) {
	d := postImage(t, handler, "image/png", encodePNG(t, rotated(qrImage(t, "turn", 300), 300, 90)))
	tl := d.Results[0].Bounds[0]
	if tl[0] < 200 || tl[1] > 100 {
		t.Fatalf("top-left corner %v of a code turned 90° clockwise should be at the top right", tl)
	}
}

// PNG, JPEG, GIF and WebP (lossless and lossy) bodies, raw or as the
// first file of a multipart form under any field name.
func TestDecodeFormats(t *testing.T) {
	code := qrImage(t, "formats", 240)
	var jpg, gf bytes.Buffer
	if err := jpeg.Encode(&jpg, code, &jpeg.Options{Quality: 60}); err != nil {
		t.Fatal(err)
	}
	if err := gif.Encode(&gf, code, nil); err != nil {
		t.Fatal(err)
	}
	// cwebp -lossless / -q 80 of qrforge's 200 px PNG of this URL.
	lossless, err := os.ReadFile("testdata/decode-lossless.webp")
	if err != nil {
		t.Fatal(err)
	}
	lossy, err := os.ReadFile("testdata/decode-lossy.webp")
	if err != nil {
		t.Fatal(err)
	}
	form := func(field string) (string, []byte) {
		var buf bytes.Buffer
		w := multipart.NewWriter(&buf)
		f, _ := w.CreateFormFile(field, "code.png")
		f.Write(encodePNG(t, code))
		w.Close()
		return w.FormDataContentType(), buf.Bytes()
	}
	formType, formBody := form("upload")
	svg := ok(t, "/api/v1/qr?data=formats&format=svg&style=dot&label=Scan%20me")
	var svgForm bytes.Buffer
	w := multipart.NewWriter(&svgForm)
	f, _ := w.CreateFormFile("file", "code.svg")
	f.Write(svg)
	w.Close()
	tests := []struct {
		name, contentType string
		body              []byte
		want              string
	}{
		{"png", "image/png", encodePNG(t, code), "formats"},
		{"jpeg", "image/jpeg", jpg.Bytes(), "formats"},
		{"gif", "image/gif", gf.Bytes(), "formats"},
		{"webp lossless", "image/webp", lossless, "https://example.com/webp"},
		{"webp lossy", "image/webp", lossy, "https://example.com/webp"},
		{"octet-stream", "application/octet-stream", jpg.Bytes(), "formats"},
		{"no content type", "", gf.Bytes(), "formats"},
		{"type with parameters", "image/png; name=code.png", encodePNG(t, code), "formats"},
		{"multipart", formType, formBody, "formats"},
		// qrforge's own SVG, caption and all; and as a file of a form.
		{"svg", "image/svg+xml", svg, "formats"},
		{"svg as octet-stream", "application/octet-stream", svg, "formats"},
		{"svg in a form", w.FormDataContentType(), svgForm.Bytes(), "formats"},
		// As scripts and agents send a file, and qr_decode takes it.
		{"json data uri", "application/json", imageJSON("data:image/jpeg;base64," + base64.StdEncoding.EncodeToString(jpg.Bytes())), "formats"},
		{"json url-safe base64", "application/json; charset=utf-8", imageJSON(base64.RawURLEncoding.EncodeToString(gf.Bytes())), "formats"},
		{"json svg markup", "application/json", imageJSON(string(svg)), "formats"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := postImage(t, handler, tt.contentType, tt.body)
			if len(d.Results) != 1 || d.Results[0].Text != tt.want {
				t.Fatalf("results %+v, want %q", d.Results, tt.want)
			}
		})
	}
}

// imageJSON is a JSON body to decode holding the image as written.
func imageJSON(image string) []byte {
	b, _ := json.Marshal(map[string]string{"image": image})
	return b
}

// A JSON body to decode holds the image alone: another member would be
// ignored, and a body that is no such object, or an image that is not
// base64, is a 400 naming where it went wrong, never a 415 or a 500.
func TestDecodeJSONBodyHoldsTheImageAlone(t *testing.T) {
	file := encodePNG(t, qrImage(t, "json", 200))
	b64 := base64.StdEncoding.EncodeToString(file)
	for _, c := range []struct{ body, field, says string }{
		{`{"image":"` + b64 + `","tryHarder":true}`, "tryHarder", `would ignore "tryHarder"`},
		{`{"file":"` + b64 + `","url":"x"}`, "file", `under "image" alone`},
		{`{"url":"https://example.com/code.png"}`, "url", `under "image" alone`},
		{`{"image":"%%%"}`, "image", "neither base64 nor a data: URI"},
		{`{"image":""}`, "image", "base64 string or a data: URI"},
		{`{"image":42}`, "image", "base64 string or a data: URI"},
		{`["` + b64 + `"]`, "body", "not a JSON array"},
		{`{"image":"` + b64, "body", "ends early"},
	} {
		p := readProblem(t, post(t, handler, base+"/api/v1/decode", "application/json", []byte(c.body)), http.StatusBadRequest, "invalid-parameter")
		if p.Field != c.field || !strings.Contains(p.Detail, c.says) || !strings.Contains(p.Fix, "application/json") {
			t.Errorf("%.40s: field %q, detail %q, fix %q; want %q saying %q", c.body, p.Field, p.Detail, p.Fix, c.field, c.says)
		}
	}
}

// A body whose one member holds an image file, under another name than
// image ({"base64": ...}, {"file": "data:image/png;base64,..."}), has one
// reading, as a multipart upload's file under any field name has: it is
// read. A member that holds no image file is still refused.
func TestDecodeJSONBodyOfOneImageUnderAnyName(t *testing.T) {
	file := encodePNG(t, qrImage(t, "json", 200))
	b64 := base64.StdEncoding.EncodeToString(file)
	for _, body := range []string{`{"base64":"` + b64 + `"}`, `{"file":"data:image/png;base64,` + b64 + `"}`, `{"imageBase64":"` + b64 + `"}`} {
		rec := post(t, handler, base+"/api/v1/decode", "application/json", []byte(body))
		if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `"text":"json"`) {
			t.Errorf("%.30s: %d %.200s", body, rec.Code, rec.Body.String())
		}
	}
	for _, body := range []string{`{"data":"aGVsbG8gd29ybGQ="}`, `{"text":"hello"}`} {
		if p := readProblem(t, post(t, handler, base+"/api/v1/decode", "application/json", []byte(body)), http.StatusBadRequest, "invalid-parameter"); !strings.Contains(p.Detail, `under "image" alone`) {
			t.Errorf("%s: detail %q", body, p.Detail)
		}
	}
}

// bombPNG is a valid PNG signature and IHDR declaring w×h pixels, with no
// pixel data: decoding it would allocate w×h×4 bytes.
func bombPNG(w, h uint32) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], w)
	binary.BigEndian.PutUint32(ihdr[4:], h)
	ihdr[8], ihdr[9] = 8, 6 // 8-bit RGBA
	chunk := func(name string, data []byte) {
		binary.Write(&b, binary.BigEndian, uint32(len(data)))
		b.WriteString(name)
		b.Write(data)
		binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(append([]byte(name), data...)))
	}
	chunk("IHDR", ihdr)
	chunk("IDAT", []byte{0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01})
	chunk("IEND", nil)
	return b.Bytes()
}

// bombWebP is an extended WebP whose VP8X header declares a w×h canvas
// and holds no image (Google's WebP Container Specification, "Extended
// File Format").
func bombWebP(w, h int) []byte {
	vp8x := []byte{0, 0, 0, 0, byte(w - 1), byte((w - 1) >> 8), byte((w - 1) >> 16), byte(h - 1), byte((h - 1) >> 8), byte((h - 1) >> 16)}
	b := append([]byte("WEBPVP8X"), binary.LittleEndian.AppendUint32(nil, uint32(len(vp8x)))...)
	b = append(b, vp8x...)
	return append(append([]byte("RIFF"), binary.LittleEndian.AppendUint32(nil, uint32(len(b)))...), b...)
}

// A header declaring 100000×100000 pixels (40 GB of RGBA) is refused from
// its dimensions, before any pixel is decoded: the request allocates a few
// kilobytes.
func TestDecodeRefusesDecompressionBombs(t *testing.T) {
	for _, tt := range []struct {
		name string
		w, h uint32
	}{
		{"100000 square", 100000, 100000},
		{"a side over 10000", 10001, 10},
		{"over 40 megapixels", 7000, 7000},
	} {
		t.Run(tt.name, func(t *testing.T) {
			body := bombPNG(tt.w, tt.h)
			p := readProblem(t, sendBody(t, handler, http.MethodPost, "/api/v1/decode", "image/png", body), 413, "payload-too-large")
			if !strings.Contains(p.Detail, "decompression bomb") || p.Field != "body" {
				t.Errorf("detail %q, field %q", p.Detail, p.Field)
			}
		})
	}
	// x/image/webp calls a canvas over 2^31 pixels malformed; it was a 400
	// "header cannot be read".
	for _, side := range []int{65536, 16777216} {
		p := readProblem(t, sendBody(t, handler, http.MethodPost, "/api/v1/decode", "image/webp", bombWebP(side, side)), 413, "payload-too-large")
		if want := fmt.Sprintf("declares %dx%d", side, side); !strings.Contains(p.Detail, want) || p.Field != "body" {
			t.Errorf("WebP canvas %d²: detail %q, field %q, want %q", side, p.Detail, p.Field, want)
		}
	}
	body := bombPNG(100000, 100000)
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	const runs = 20
	for range runs {
		if rec := sendBody(t, handler, http.MethodPost, "/api/v1/decode", "image/png", body); rec.Code != 413 {
			t.Fatalf("status %d", rec.Code)
		}
	}
	runtime.ReadMemStats(&after)
	if perRequest := (after.TotalAlloc - before.TotalAlloc) / runs; perRequest > 256<<10 {
		t.Fatalf("refusing the bomb allocated %d bytes per request; the pixels must not be decoded", perRequest)
	}
}

// Bodies that are not images, of the wrong type, too large or empty.
func TestDecodeProblems(t *testing.T) {
	blank := encodePNG(t, whiteCanvas(300, 300))
	tests := []struct {
		name, contentType string
		body              []byte
		status            int
		kind, field       string
		detailHas         string
	}{
		{"garbage", "image/png", []byte("this is not an image at all"), 400, "invalid-parameter", "body", "not a PNG, JPEG, GIF, WebP or SVG"},
		{"svg with a script", "image/svg+xml", []byte(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 9 9"><script>alert(1)</script></svg>`), 400, "invalid-parameter", "body", "<script>"},
		{"html", "application/octet-stream", []byte(`<html><body>hi</body></html>`), 400, "invalid-parameter", "body", "SVG"},
		{"truncated png", "image/png", encodePNG(t, qrImage(t, "x", 200))[:60], 400, "invalid-parameter", "body", "png"},
		{"empty", "image/png", nil, 400, "invalid-parameter", "body", "empty"},
		{"text type", "text/plain", []byte("hello"), 415, "unsupported-media-type", "Content-Type", "image/webp"},
		{"bmp type", "image/bmp", []byte("BM"), 415, "unsupported-media-type", "Content-Type", "image/png"},
		{"too many bytes", "image/png", make([]byte, 10<<20+1), 413, "payload-too-large", "body", "10 MiB"},
		{"form without file", "multipart/form-data; boundary=x", []byte("--x\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nb\r\n--x--\r\n"), 400, "invalid-parameter", "file", "no file"},
		{"blank image", "image/png", blank, 422, "no-code-found", "body", "no QR code"},
		// What a form holds besides its first file would be ignored.
		{"form with an option", formContentType, formWith(t, "mode", "", blank), 400, "invalid-parameter", "mode", `also holds "mode"`},
		{"form with two files", formContentType, formWith(t, "second", "b.png", blank), 400, "invalid-parameter", "second", `also holds "second"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := readProblem(t, sendBody(t, handler, http.MethodPost, "/api/v1/decode", tt.contentType, tt.body), tt.status, tt.kind)
			if p.Field != tt.field || !strings.Contains(p.Detail, tt.detailHas) {
				t.Errorf("field %q detail %q; want %q and %q", p.Field, p.Detail, tt.field, tt.detailHas)
			}
			if !strings.Contains(p.Fix, "curl ") || !strings.Contains(p.Fix, "'"+base+"/api/v1/decode'") {
				t.Errorf("fix %q is not a decode call", p.Fix)
			}
		})
	}
}

// The 415's fix uploads with a type that is read; the 422's fix makes a
// code and decodes it, which works.
func TestDecodeFixesWork(t *testing.T) {
	p := readProblem(t, sendBody(t, handler, http.MethodPost, "/api/v1/decode", "text/plain", []byte("x")), 415, "unsupported-media-type")
	words := shellWords(t, p.Fix)
	contentType := ""
	for i, w := range words {
		if w == "-H" {
			contentType = strings.TrimPrefix(words[i+1], "Content-Type: ")
		}
	}
	if d := postImage(t, handler, contentType, encodePNG(t, qrImage(t, "typed", 200))); d.Results[0].Text != "typed" {
		t.Errorf("upload as %q: %+v", contentType, d)
	}

	p = readProblem(t, sendBody(t, handler, http.MethodPost, "/api/v1/decode", "image/png", encodePNG(t, whiteCanvas(200, 200))), 422, "no-code-found")
	generate, upload, ok := strings.Cut(p.Fix, " | ")
	if !ok {
		t.Fatalf("fix %q is not a pipeline", p.Fix)
	}
	words = shellWords(t, generate)
	sample := fetch(t, handler, words[len(words)-1])
	words = shellWords(t, upload)
	if !slices.Equal(words, []string{"curl", "-X", "POST", base + "/api/v1/decode", "-H", "Content-Type: image/png", "--data-binary", "@-"}) {
		t.Fatalf("upload %q", upload)
	}
	d := postImage(t, handler, "image/png", sample.Body.Bytes())
	if len(d.Results) != 1 || d.Results[0].Text != "Hello" {
		t.Fatalf("the sample decodes as %+v", d)
	}
}

// A transparent background reads as the white it is shown on.
func TestDecodeTransparentBackground(t *testing.T) {
	body := ok(t, "/api/v1/qr?data=clear&bg=transparent&color=navy")
	if d := postImage(t, handler, "image/png", body); d.Results[0].Text != "clear" {
		t.Fatalf("%+v", d)
	}
}

// formContentType is the type of the forms formWith writes.
const formContentType = "multipart/form-data; boundary=qrforge-test"

// formWith is a form of the image as its file, then a part named name: a
// text field, or a file when filename is given.
func formWith(t *testing.T, name, filename string, image []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	if err := w.SetBoundary("qrforge-test"); err != nil {
		t.Fatal(err)
	}
	f, _ := w.CreateFormFile("file", "code.png")
	f.Write(image)
	if filename == "" {
		w.WriteField(name, "fast")
	} else {
		f, _ := w.CreateFormFile(name, filename)
		f.Write(image)
	}
	w.Close()
	return buf.Bytes()
}

// An animated GIF is read from its first frame, as Go's decoder reads it;
// when the code is only in a later frame, the 422 says so and what to
// send instead.
func TestDecodeAnimatedGIFNamesItsFrames(t *testing.T) {
	code := qrImage(t, "second frame", 240)
	blank := image.NewPaletted(code.Bounds(), gifPalette)
	for i := range blank.Pix {
		blank.Pix[i] = 1 // white
	}
	withCode := image.NewPaletted(code.Bounds(), gifPalette)
	draw.Draw(withCode, code.Bounds(), code, image.Point{}, draw.Src)
	var b bytes.Buffer
	if err := gif.EncodeAll(&b, &gif.GIF{Image: []*image.Paletted{blank, withCode, blank}, Delay: []int{50, 50, 50}}); err != nil {
		t.Fatal(err)
	}
	rec := sendBody(t, server.New(server.Config{BaseURL: base}), http.MethodPost, "/api/v1/decode", "image/gif", b.Bytes())
	p := readProblem(t, rec, http.StatusUnprocessableEntity, "no-code-found")
	if want := "the GIF has 3 frames and only the first, 240x240, is read"; !strings.Contains(p.Detail, want) {
		t.Errorf("detail %q does not say %q", p.Detail, want)
	}
}

var gifPalette = color.Palette{color.Black, color.White}
