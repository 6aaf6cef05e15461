package server_test

import (
	"bytes"
	"encoding/json"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/qrcode"
)

// dropinImage is a drop-in's answer read back: its pixels, the text
// gozxing reads, and the headers a migrating caller looks at.
type dropinImage struct {
	img         image.Image
	text        string
	ec          string
	version     int
	differences string
	contentType string
}

// getDropin asserts a 200 image answer of the given content type and reads
// it back with gozxing.
func getDropin(t *testing.T, target, contentType string) dropinImage {
	t.Helper()
	rec := get(t, target)
	if rec.Code != http.StatusOK {
		t.Fatalf("GET %s: status %d, want 200; body %s", short(target), rec.Code, rec.Body.String())
	}
	h := rec.Header()
	got := dropinImage{ec: h.Get("X-QR-EC"), differences: h.Get("X-QR-Dropin-Differences"), contentType: h.Get("Content-Type")}
	got.version, _ = strconv.Atoi(h.Get("X-QR-Version"))
	if got.contentType != contentType {
		t.Fatalf("GET %s: Content-Type %q, want %q", short(target), got.contentType, contentType)
	}
	if !strings.Contains(h.Get("Access-Control-Expose-Headers"), "X-QR-Dropin-Differences") {
		t.Errorf("GET %s: browsers cannot read X-QR-Dropin-Differences (Access-Control-Expose-Headers %q)", short(target), h.Get("Access-Control-Expose-Headers"))
	}
	var err error
	switch contentType {
	case "image/png":
		got.img, err = png.Decode(bytes.NewReader(rec.Body.Bytes()))
	case "image/gif":
		got.img, err = gif.Decode(bytes.NewReader(rec.Body.Bytes()))
	case "image/jpeg":
		got.img, err = jpeg.Decode(bytes.NewReader(rec.Body.Bytes()))
	default:
		return got
	}
	if err != nil {
		t.Fatalf("GET %s: %s body does not decode: %v", short(target), contentType, err)
	}
	bmp, err := gozxing.NewBinaryBitmapFromImage(got.img)
	if err != nil {
		t.Fatal(err)
	}
	res, err := qrcode.NewQRCodeReader().Decode(bmp, map[gozxing.DecodeHintType]any{gozxing.DecodeHintType_TRY_HARDER: true})
	if err != nil {
		t.Fatalf("GET %s: gozxing cannot read the code: %v", short(target), err)
	}
	got.text = res.GetText()
	return got
}

// size asserts the image's pixel dimensions.
func (d dropinImage) size(t *testing.T, w, h int) {
	t.Helper()
	if b := d.img.Bounds(); b.Dx() != w || b.Dy() != h {
		t.Errorf("image is %dx%d pixels, want %dx%d", b.Dx(), b.Dy(), w, h)
	}
}

// modulePixel is the colour at the centre of the module at (row, col) of
// the symbol, placed as render/layout.go does: whole pixels a module, the
// leftover split around the quiet zone.
func (d dropinImage) modulePixel(margin, row, col int) color.NRGBA {
	side := d.img.Bounds().Dx()
	n := 17 + 4*d.version
	scale := side / (n + 2*margin)
	off := (side - scale*(n+2*margin)) / 2
	x := off + (margin+col)*scale + scale/2
	y := off + (margin+row)*scale + scale/2
	return color.NRGBAModel.Convert(d.img.At(x, y)).(color.NRGBA)
}

func near(a, b color.NRGBA) bool {
	diff := func(x, y uint8) int { return max(int(x), int(y)) - min(int(x), int(y)) }
	return diff(a.R, b.R) <= 8 && diff(a.G, b.G) <= 8 && diff(a.B, b.B) <= 8 && diff(a.A, b.A) <= 8
}

var (
	black  = color.NRGBA{0, 0, 0, 255}
	white  = color.NRGBA{255, 255, 255, 255}
	red    = color.NRGBA{255, 0, 0, 255}
	navy   = color.NRGBA{0, 0, 0x80, 255}
	yellow = color.NRGBA{255, 255, 0, 255}
)

// TestGoQRCreate: goQR's create-qr-code calls, from its documentation
// (https://goqr.me/api/doc/create-qr-code/), answered with only the host
// changed: the pixels asked for, goQR's defaults (200x200, ecc L), its
// three colour notations, qzone in modules and its formats.
func TestGoQRCreate(t *testing.T) {
	// §2.0, the quick start's example.
	for _, path := range []string{"/v1/create-qr-code/", "/v1/create-qr-code"} {
		d := getDropin(t, path+"?data=HelloWorld!&size=100x100", "image/png")
		d.size(t, 100, 100)
		if d.text != "HelloWorld!" {
			t.Errorf("%s: read %q, want HelloWorld!", path, d.text)
		}
		if d.ec != "L" {
			t.Errorf("%s: X-QR-EC %q, want goQR's default L", path, d.ec)
		}
	}
	// §3.2: the default size is 200x200.
	d := getDropin(t, "/v1/create-qr-code/?data=HelloWorld", "image/png")
	d.size(t, 200, 200)
	if d.differences != "" {
		t.Errorf("a default call has differences %q", d.differences)
	}
	// §3.5-3.7: ecc, and colours as R-G-B decimals, hex and short hex.
	for _, q := range []string{"color=255-0-0&bgcolor=255-255-0", "color=ff0000&bgcolor=ffff00", "color=f00&bgcolor=ff0"} {
		d := getDropin(t, "/v1/create-qr-code/?data=HelloWorld&size=150x150&ecc=H&qzone=2&"+q, "image/png")
		d.size(t, 150, 150)
		if d.ec != "H" || d.text != "HelloWorld" {
			t.Errorf("%s: ec %q text %q, want H and HelloWorld", q, d.ec, d.text)
		}
		// The finder pattern's corner module is dark, the quiet zone
		// (qzone=2 modules) light.
		if got := d.modulePixel(2, 0, 0); !near(got, red) {
			t.Errorf("%s: dark module is %v, want red", q, got)
		}
		if got := d.modulePixel(2, -1, -1); !near(got, yellow) {
			t.Errorf("%s: quiet zone is %v, want yellow", q, got)
		}
	}
	// §3.10: every format goQR serves, with its content type.
	for format, ct := range map[string]string{"png": "image/png", "gif": "image/gif", "jpg": "image/jpeg", "jpeg": "image/jpeg", "svg": "image/svg+xml", "eps": "application/postscript"} {
		d := getDropin(t, "/v1/create-qr-code/?data=HelloWorld&size=200x200&format="+format, ct)
		if d.img != nil {
			d.size(t, 200, 200)
			if d.text != "HelloWorld" {
				t.Errorf("format=%s: read %q", format, d.text)
			}
		}
	}
}

// TestGoQRMargin: goQR's margin is pixels around qzone modules. Where the
// pixels whole modules leave over do not reach it, the quiet zone grows by
// whole modules, and the answer says so.
func TestGoQRMargin(t *testing.T) {
	// HelloWorld at L is version 1, 21 modules: 210 pixels are 10 a
	// module with none left over, so 5 pixels of margin take a module.
	d := getDropin(t, "/v1/create-qr-code/?data=HelloWorld&size=210x210&margin=5", "image/png")
	d.size(t, 210, 210)
	if !strings.Contains(d.differences, "margin=5px") {
		t.Errorf("X-QR-Dropin-Differences %q does not name the margin", d.differences)
	}
	for i := range 5 {
		if got := color.NRGBAModel.Convert(d.img.At(105, i)).(color.NRGBA); !near(got, white) {
			t.Errorf("pixel (105,%d) of the 5-pixel margin is %v, want white", i, got)
		}
	}
	if got := d.modulePixel(1, 0, 0); !near(got, black) {
		t.Errorf("with a 1-module quiet zone the finder's corner is %v, want black", got)
	}
	// 200 pixels leave 11 over: margin=1 (the default) is honoured
	// without a module more.
	d = getDropin(t, "/v1/create-qr-code/?data=HelloWorld&size=200x200&margin=1&qzone=0", "image/png")
	if d.differences != "" {
		t.Errorf("differences %q, want none", d.differences)
	}
	if got := d.modulePixel(0, 0, 0); !near(got, black) {
		t.Errorf("qzone=0: the finder's corner is %v, want black", got)
	}
	// A margin no quiet zone reaches is said, not dropped without a word.
	d = getDropin(t, "/v1/create-qr-code/?data=Hi&size=100x100&margin=50", "image/png")
	if !strings.Contains(d.differences, "margin=50px") {
		t.Errorf("margin=50 at 100 px: differences %q, want the margin named", d.differences)
	}
}

// TestGoQRCharsets: charset-source=ISO-8859-1 reads the data's bytes as
// Latin-1 (goQR §3.3); charset-target=ISO-8859-1 is answered in UTF-8,
// which the header says when the data is not ASCII.
func TestGoQRCharsets(t *testing.T) {
	d := getDropin(t, "/v1/create-qr-code/?data=caf%E9&charset-source=ISO-8859-1", "image/png")
	if d.text != "café" {
		t.Errorf("read %q, want café", d.text)
	}
	d = getDropin(t, "/v1/create-qr-code/?data=caf%C3%A9&charset-target=ISO-8859-1", "image/png")
	if d.text != "café" || !strings.Contains(d.differences, "charset-target=ISO-8859-1") {
		t.Errorf("read %q, differences %q", d.text, d.differences)
	}
	d = getDropin(t, "/v1/create-qr-code/?data=cafe&charset-target=ISO-8859-1", "image/png")
	if d.differences != "" {
		t.Errorf("ASCII data has differences %q", d.differences)
	}
	p := readProblem(t, get(t, "/v1/create-qr-code/?data=x&charset-source=EBCDIC"), http.StatusBadRequest, "invalid-parameter")
	if p.Field != "charset-source" {
		t.Errorf("field %q, want charset-source", p.Field)
	}
	if rec := follow(t, p); rec.Code != http.StatusOK {
		t.Errorf("the fix %s answers %d", p.Fix, rec.Code)
	}
}

// TestDropinSizes: a rectangle is drawn as the square of its shorter side
// and a size below 64 pixels as 64, both named in the header.
func TestDropinSizes(t *testing.T) {
	for _, c := range []struct {
		target string
		side   int
		names  string
	}{
		{"/v1/create-qr-code/?data=HelloWorld&size=300x200", 200, "size=300x200"},
		{"/v1/create-qr-code/?data=HelloWorld&size=10x10", 64, "size=10x10"},
		{"/chart?cht=qr&chl=HelloWorld&chs=250x400", 250, "chs=250x400"},
		{"/qr?text=HelloWorld&size=50", 64, "size=50"},
	} {
		d := getDropin(t, c.target, "image/png")
		d.size(t, c.side, c.side)
		if !strings.Contains(d.differences, c.names) {
			t.Errorf("%s: differences %q do not name %s", c.target, d.differences, c.names)
		}
	}
}

// TestGoogleChart: the Google chart API's QR calls
// (https://developers.google.com/chart/infographics/docs/qr_codes): chs
// pixels, level L and 4 modules by default, chld=<level>|<margin>, and a
// clear 400 for another chart type or a missing chs.
func TestGoogleChart(t *testing.T) {
	// The documentation's example.
	d := getDropin(t, "/chart?chs=150x150&cht=qr&chl=Hello%20world&choe=UTF-8", "image/png")
	d.size(t, 150, 150)
	if d.text != "Hello world" || d.ec != "L" {
		t.Errorf("read %q at %q, want Hello world at Google's default L", d.text, d.ec)
	}
	if got := d.modulePixel(4, -4, -4); !near(got, white) {
		t.Errorf("the 4-module quiet zone's corner is %v, want white", got)
	}
	if got := d.modulePixel(4, 0, 0); !near(got, black) {
		t.Errorf("the finder's corner is %v, want black with 4 modules of margin", got)
	}
	d = getDropin(t, "/chart?chs=300x300&cht=qr&chl=Hello%20world&chld=H|0", "image/png")
	d.size(t, 300, 300)
	if d.ec != "H" {
		t.Errorf("chld=H|0: X-QR-EC %q", d.ec)
	}
	if got := d.modulePixel(0, 0, 0); !near(got, black) {
		t.Errorf("chld=H|0: the finder's corner is %v, want black with no margin", got)
	}
	for _, c := range []struct{ target, field string }{
		{"/chart?cht=bvs&chs=300x300&chl=x", "cht"},
		{"/chart?chs=300x300&chl=x", "cht"},
		{"/chart?cht=qr&chl=x", "chs"},
		{"/chart?cht=qr&chs=300x300&chl=x&choe=KOI8-R", "choe"},
	} {
		p := readProblem(t, get(t, c.target), http.StatusBadRequest, "invalid-parameter")
		if p.Field != c.field {
			t.Errorf("%s: field %q, want %s", c.target, p.Field, c.field)
		}
		if rec := follow(t, p); rec.Code != http.StatusOK {
			t.Errorf("%s: the fix %s answers %d", c.target, p.Fix, rec.Code)
		}
	}
	// Japanese text is written in Kanji mode, which is Shift JIS: no
	// difference with choe=Shift_JIS, and one with Google's UTF-8, said.
	// Other text with Shift_JIS is UTF-8, and said so.
	d = getDropin(t, "/chart?chs=200x200&cht=qr&chl=%E6%97%A5%E6%9C%AC&choe=Shift_JIS", "image/png")
	if d.text != "日本" || d.differences != "" {
		t.Errorf("Shift_JIS kanji: read %q, differences %q", d.text, d.differences)
	}
	d = getDropin(t, "/chart?chs=200x200&cht=qr&chl=%E6%97%A5%E6%9C%AC", "image/png")
	if d.text != "日本" || !strings.Contains(d.differences, "Kanji mode") {
		t.Errorf("UTF-8 kanji: read %q, differences %q", d.text, d.differences)
	}
	d = getDropin(t, "/chart?chs=200x200&cht=qr&chl=caf%C3%A9&choe=Shift_JIS", "image/png")
	if d.text != "café" || !strings.Contains(d.differences, "choe=Shift_JIS") || !strings.Contains(d.differences, "UTF-8") {
		t.Errorf("Shift_JIS café: read %q, differences %q", d.text, d.differences)
	}
}

// TestQuickChart: QuickChart's /qr calls
// (https://quickchart.io/documentation/qr-codes/): 150 pixels, level M
// and 4 modules by default, hex colours without '#', a transparent light
// colour, svg and base64 formats, and a caption.
func TestQuickChart(t *testing.T) {
	// The documentation's first example.
	d := getDropin(t, "/qr?text=Here's%20my%20text", "image/png")
	d.size(t, 150, 150)
	if d.text != "Here's my text" || d.ec != "M" {
		t.Errorf("read %q at %q, want QuickChart's default M", d.text, d.ec)
	}
	if got := d.modulePixel(4, 0, 0); !near(got, black) {
		t.Errorf("the finder's corner is %v, want black with 4 modules of margin", got)
	}
	d = getDropin(t, "/qr?text=Hello&size=300&margin=1&ecLevel=Q&dark=000080&light=ffff00", "image/png")
	d.size(t, 300, 300)
	if d.ec != "Q" || d.text != "Hello" {
		t.Errorf("ec %q text %q", d.ec, d.text)
	}
	if got := d.modulePixel(1, 0, 0); !near(got, navy) {
		t.Errorf("dark module %v, want navy", got)
	}
	if got := d.modulePixel(1, -1, -1); !near(got, yellow) {
		t.Errorf("light module %v, want yellow", got)
	}
	// light=0000: transparent, as QuickChart reads it.
	d = getDropin(t, "/qr?text=Hello&light=0000", "image/png")
	if got := color.NRGBAModel.Convert(d.img.At(0, 0)).(color.NRGBA); got.A != 0 {
		t.Errorf("light=0000: the corner pixel is %v, want transparent", got)
	}
	getDropin(t, "/qr?text=Hello&format=svg", "image/svg+xml")
	rec := get(t, "/qr?text=Hello&format=base64")
	if rec.Code != http.StatusOK || !strings.HasPrefix(rec.Body.String(), "data:image/png;base64,") {
		t.Errorf("format=base64: %d %q", rec.Code, short(rec.Body.String()))
	}
	d = getDropin(t, "/qr?text=Hello&size=300&caption=Scan%20me&captionFontFamily=sans-serif&captionFontSize=12", "image/png")
	d.size(t, 300, 300)
	if d.text != "Hello" || !strings.Contains(d.differences, "captionFontSize=12") {
		t.Errorf("read %q, differences %q", d.text, d.differences)
	}
}

// TestDropinUnknownParameters: a parameter the emulated API does not define
// is read as /api/v1/qr reads it: qrforge's own options work, anything
// else is a 400 with a fix that works.
func TestDropinUnknownParameters(t *testing.T) {
	getDropin(t, "/qr?text=Hello&style=dot", "image/png")
	for _, target := range []string{"/qr?text=Hello&colour2=red", "/v1/create-qr-code/?data=Hello&sise=100x100", "/chart?cht=qr&chs=100x100&chl=Hello&chco=ff0000"} {
		p := readProblem(t, get(t, target), http.StatusBadRequest, "invalid-parameter")
		if rec := follow(t, p); rec.Code != http.StatusOK {
			t.Errorf("%s: the fix %s answers %d", target, p.Fix, rec.Code)
		}
	}
}

// goQRAnswer is goQR's read-qr-code JSON
// (https://goqr.me/api/doc/read-qr-code/).
type goQRAnswer []struct {
	Type   string `json:"type"`
	Symbol []struct {
		Seq   int     `json:"seq"`
		Data  *string `json:"data"`
		Error *string `json:"error"`
	} `json:"symbol"`
}

// postFile sends an image as the multipart file field, as goQR's
// documentation's form does.
func postFile(t *testing.T, target string, img []byte) *httptest.ResponseRecorder {
	t.Helper()
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	w.WriteField("MAX_FILE_SIZE", "1048576")
	f, _ := w.CreateFormFile("file", "code.png")
	f.Write(img)
	w.Close()
	req := httptest.NewRequest(http.MethodPost, target, &body)
	req.Header.Set("Content-Type", w.FormDataContentType())
	rec := httptest.NewRecorder()
	handler.ServeHTTP(rec, req)
	return rec
}

// TestGoQRRead: read-qr-code answers goQR's JSON shape for a code and for
// an image without one, and refuses fileurl with a clear problem.
func TestGoQRRead(t *testing.T) {
	code := ok(t, "/v1/create-qr-code/?data=HelloWorld")
	for _, path := range []string{"/v1/read-qr-code/", "/v1/read-qr-code"} {
		rec := postFile(t, path, code)
		if rec.Code != http.StatusOK {
			t.Fatalf("%s: status %d: %s", path, rec.Code, rec.Body.String())
		}
		var a goQRAnswer
		if err := json.Unmarshal(rec.Body.Bytes(), &a); err != nil {
			t.Fatal(err)
		}
		if len(a) != 1 || a[0].Type != "qrcode" || len(a[0].Symbol) != 1 || a[0].Symbol[0].Seq != 0 ||
			a[0].Symbol[0].Data == nil || *a[0].Symbol[0].Data != "HelloWorld" || a[0].Symbol[0].Error != nil {
			t.Errorf("%s: answer %s, want goQR's shape with HelloWorld", path, rec.Body.String())
		}
		if !strings.Contains(rec.Body.String(), `"error":null`) {
			t.Errorf("error is not null: %s", rec.Body.String())
		}
	}
	blank := image.NewGray(image.Rect(0, 0, 100, 100))
	for i := range blank.Pix {
		blank.Pix[i] = 255
	}
	var buf bytes.Buffer
	png.Encode(&buf, blank)
	rec := postFile(t, "/v1/read-qr-code/", buf.Bytes())
	want := `[{"symbol":[{"seq":0,"data":null,"error":"could not find/read QR Code"}],"type":"qrcode"}]`
	if rec.Code != http.StatusOK || strings.TrimSpace(rec.Body.String()) != want {
		t.Errorf("blank image: %d %s, want %s", rec.Code, rec.Body.String(), want)
	}
	for _, c := range []struct{ method, target string }{
		{http.MethodGet, "/v1/read-qr-code/?fileurl=http%3A%2F%2Fapi.qrserver.com%2Fv1%2Fcreate-qr-code%2F%3Fdata%3DHelloWorld"},
		{http.MethodPost, "/v1/read-qr-code/?fileurl=http%3A%2F%2Fexample.com%2Fcode.png"},
		{http.MethodGet, "/v1/read-qr-code/"},
	} {
		p := readProblem(t, do(t, c.method, c.target), http.StatusBadRequest, "invalid-parameter")
		if p.Field != "fileurl" || !strings.Contains(p.Fix, "-F 'file=@code.png'") {
			t.Errorf("%s %s: field %q fix %q", c.method, c.target, p.Field, p.Fix)
		}
	}
}

// TestDropinOwnNames: qrforge's own names for an option the API also
// defines replace the API's default, and the same option given under both
// APIs' names with different values is a conflict, never one value
// silently dropped.
func TestDropinOwnNames(t *testing.T) {
	d := getDropin(t, "/v1/create-qr-code/?data=HelloWorld&ec=H&width=120", "image/png")
	d.size(t, 120, 120)
	if d.ec != "H" {
		t.Errorf("ec=H on goQR's path: X-QR-EC %q", d.ec)
	}
	d = getDropin(t, "/chart?cht=qr&chs=150x150&chl=Hello&level=Q", "image/png")
	if d.ec != "Q" {
		t.Errorf("level=Q on Google's path: X-QR-EC %q", d.ec)
	}
	for _, target := range []string{
		"/v1/create-qr-code/?data=HelloWorld&bgcolor=fff&bg=ff0",
		"/chart?cht=qr&chs=150x150&chl=Hello&chld=H|1&ec=Q",
		"/qr?text=Hello&ecLevel=H&ec=L",
	} {
		readProblem(t, get(t, target), http.StatusBadRequest, "invalid-parameter")
	}
}

// TestQuickChartCenterImage: centerImageUrl is the logo option; this
// instance fetches no URLs, which is a clear 400, not an image without
// its logo.
func TestQuickChartCenterImage(t *testing.T) {
	p := readProblem(t, get(t, "/qr?text=Hello&centerImageUrl=https%3A%2F%2Fexample.com%2Flogo.png"), http.StatusBadRequest, "invalid-parameter")
	if p.Field != "centerImageUrl" || !strings.HasPrefix(p.Detail, "centerImageUrl (qrforge's logo): ") {
		t.Errorf("field %q, detail %q; want centerImageUrl, qrforge's logo", p.Field, p.Detail)
	}
	d := getDropin(t, "/qr?text=Hello&size=300&centerImageUrl=wifi", "image/png")
	if d.ec != "H" || d.text != "Hello" {
		t.Errorf("with a centre image: ec %q text %q, want QuickChart's H", d.ec, d.text)
	}
	// A width that is no pixel count was drawn at the default ratio
	// without a word; it is refused, and the fix leaves it out.
	for _, w := range []string{"abc", "0", "-5"} {
		p := readProblem(t, get(t, "/qr?text=Hello&size=300&centerImageUrl=wifi&centerImageWidth="+w), http.StatusBadRequest, "invalid-parameter")
		if p.Field != "centerImageWidth" || strings.Contains(p.Fix, "centerImageWidth") {
			t.Errorf("centerImageWidth=%s: field %q, fix %s", w, p.Field, p.Fix)
		}
		if rec := follow(t, p); rec.Code != http.StatusOK {
			t.Errorf("centerImageWidth=%s: the fix answers %d", w, rec.Code)
		}
	}
}

// goQR's qzone out of its range is fixed to the nearest one goQR takes,
// or to its default, 0, where it was qrforge's 4.
func TestGoQRQzoneFixIsTheNearest(t *testing.T) {
	for given, want := range map[string]string{"-1": "qzone=0", "101": "qzone=100", "2.5": "qzone=3", "abc": "qzone=0"} {
		p := readProblem(t, get(t, "/v1/create-qr-code/?data=Hi&qzone="+given), http.StatusBadRequest, "invalid-parameter")
		if !strings.Contains(p.Fix, want) {
			t.Errorf("qzone=%s: fix %s, want %s", given, p.Fix, want)
		}
	}
}

// read-qr-code's form may hold what goQR's does (MAX_FILE_SIZE, and
// outputformat=json); any other field, or a second file, would be ignored,
// and is refused.
func TestGoQRReadForm(t *testing.T) {
	code := ok(t, "/v1/create-qr-code/?data=HelloWorld")
	for _, c := range []struct {
		name, filename string
		status         int
	}{
		{"outputformat", "", http.StatusOK},
		{"MAX_FILE_SIZE", "", http.StatusOK},
		{"fileurl", "", http.StatusBadRequest},
		{"size", "", http.StatusBadRequest},
		{"second", "b.png", http.StatusBadRequest},
	} {
		body := formWith(t, c.name, c.filename, code)
		if c.name == "outputformat" {
			body = bytes.Replace(body, []byte("fast"), []byte("json"), 1)
		}
		rec := sendBody(t, handler, http.MethodPost, "/v1/read-qr-code/", formContentType, body)
		if rec.Code != c.status {
			t.Errorf("%s: %d, want %d: %s", c.name, rec.Code, c.status, rec.Body.String())
		}
		if c.status == http.StatusBadRequest {
			if p := readProblem(t, rec, c.status, "invalid-parameter"); p.Field != c.name || !strings.Contains(p.Fix, "/v1/read-qr-code/") {
				t.Errorf("%s: %+v", c.name, p)
			}
		}
	}
}

// An unknown name on a drop-in path is named on that path, which is read
// as /api/v1/qr; the fix is the native call (docs/migrating.md).
func TestDropinProblemsNameTheirPath(t *testing.T) {
	for path, target := range map[string]string{
		"/qr":                 "/qr?text=Hi&devicePixelRatio=2",
		"/v1/create-qr-code/": "/v1/create-qr-code/?data=Hi&colr=red",
		"/chart":              "/chart?cht=qr&chl=Hi&chs=200x200&foo=1",
	} {
		p := readProblem(t, get(t, target), http.StatusBadRequest, "invalid-parameter")
		if !strings.HasPrefix(p.Detail, path+", read as /api/v1/qr, has no parameter") || !strings.HasPrefix(p.Fix, base+"/api/v1/qr?") {
			t.Errorf("%s: %s (fix %s)", target, p.Detail, p.Fix)
		}
		if rec := follow(t, p); rec.Code != http.StatusOK {
			t.Errorf("%s: fix answers %d", target, rec.Code)
		}
	}
}

// TestDropinRepeatedParameters: a parameter given twice with different
// values, under one name in any case or under the API's name and one of
// qrforge's, is refused as /api/v1/qr refuses it, without a fix: which
// value was meant is the caller's to say (README "Errors"). The example
// answers. The same value twice is one value.
func TestDropinRepeatedParameters(t *testing.T) {
	for _, c := range []struct{ target, field string }{
		{"/qr?text=Hi&text=Bye", "text"},
		{"/qr?text=Hi&TEXT=Bye", "TEXT"},
		{"/v1/create-qr-code/?data=Hi&size=100x100&data=Bye", "data"},
		{"/v1/create-qr-code/?data=Hi&color=f00&color=00f", "color"},
		{"/chart?cht=qr&chs=120x120&chl=Hi&chl=Bye", "chl"},
		{"/chart?cht=qr&cht=bvs&chs=120x120&chl=Hi", "cht"},
		{"/qr?text=Hi&size=300&width=200", "size"},
		{"/v1/create-qr-code/?data=Hi&size=300x300&s=200", "size"},
	} {
		p := readProblem(t, get(t, c.target), http.StatusBadRequest, "invalid-parameter")
		if p.Field != c.field || !strings.Contains(p.Detail, "twice") || p.Fix != "" || p.Example == "" {
			t.Errorf("%s: field %q, detail %q, fix %q, example %q", c.target, p.Field, p.Detail, p.Fix, p.Example)
			continue
		}
		if rec := fetch(t, handler, p.Example); rec.Code != http.StatusOK {
			t.Errorf("%s: the example %s answers %d", c.target, p.Example, rec.Code)
		}
	}
	getDropin(t, "/qr?text=Hi&text=Hi&SIZE=200&size=200", "image/png").size(t, 200, 200)
	// goQR's read path reads every outputformat: json beside xml is not json.
	code := get(t, "/api/v1/qr?data=Hi").Body.Bytes()
	readProblem(t, postFile(t, "/v1/read-qr-code/?outputformat=json&outputformat=xml", code), http.StatusBadRequest, "invalid-parameter")
}

// TestQuickChartPlus: QuickChart reads the query with decodeURIComponent,
// which keeps '+' a plus sign (its index.js overrides Express's query
// parser for that), so /qr?text=tel:+15551234567 holds the plus: a
// migrating link must not lose it to a space. %20 is the space.
func TestQuickChartPlus(t *testing.T) {
	for target, want := range map[string]string{
		"/qr?text=tel:+15551234567":  "tel:+15551234567",
		"/qr?text=1+1%3D2%20exactly": "1+1=2 exactly",
		"/qr?text=a%2Bb":             "a+b",
	} {
		if d := getDropin(t, target, "image/png"); d.text != want {
			t.Errorf("%s: read %q, want %q", target, d.text, want)
		}
	}
	// goQR (PHP) and Google read '+' as a space, as forms do.
	if d := getDropin(t, "/v1/create-qr-code/?data=a+b", "image/png"); d.text != "a b" {
		t.Errorf("goQR: read %q, want %q", d.text, "a b")
	}
	// A wrong method's call without the text has no fix (a fix does not
	// make up the data); its example names the text with %20, so that it
	// carries the text QuickChart's documentation means.
	rec := sendBody(t, handler, http.MethodPost, "/qr", "application/json", []byte(`{"text":"Hi"}`))
	p := readProblem(t, rec, http.StatusMethodNotAllowed, "method-not-allowed")
	if d := getDropin(t, strings.TrimPrefix(p.Example, base), "image/png"); p.Fix != "" || d.text != "Here's my text" {
		t.Errorf("the fix %q, the example %s reads %q", p.Fix, p.Example, d.text)
	}
}

// TestGoQRReadFixStays: a problem with an upload to read-qr-code, as goQR's
// form sends it or as raw bytes, is fixed by an upload to read-qr-code,
// which answers goQR's JSON, not by one to /api/v1/decode, whose answer a
// goQR client cannot read.
func TestGoQRReadFixStays(t *testing.T) {
	for name, rec := range map[string]*httptest.ResponseRecorder{
		"empty body":   sendBody(t, handler, http.MethodPost, "/v1/read-qr-code/", "image/png", nil),
		"not an image": postFile(t, "/v1/read-qr-code/", []byte("hello, not an image")),
		"text type":    sendBody(t, handler, http.MethodPost, "/v1/read-qr-code/", "text/plain", []byte("x")),
	} {
		var p problem
		if err := json.Unmarshal(rec.Body.Bytes(), &p); err != nil || rec.Code < 400 {
			t.Fatalf("%s: %d %s", name, rec.Code, rec.Body.String())
		}
		if !strings.Contains(p.Fix, base+"/v1/read-qr-code/") || strings.Contains(p.Fix, "/api/v1/decode") {
			t.Errorf("%s: fix %q, want an upload to read-qr-code", name, p.Fix)
		}
	}
}

// A problem with a translated parameter names the caller's parameter, as
// the emulated API spells it, and qrforge's option beside it; the fix is
// qrforge's own call and answers.
func TestDropinProblemsNameTheCallersParameter(t *testing.T) {
	for target, field := range map[string]string{
		"/qr?text=Hi&ecLevel=X":                       "ecLevel",
		"/qr?text=Hi&dark=nope":                       "dark",
		"/v1/create-qr-code/?data=Hi&bgcolor=zzz":     "bgcolor",
		"/chart?cht=qr&chs=300x300&chl=Hi&chld=Z%7C4": "chld",
	} {
		p := readProblem(t, get(t, target), http.StatusBadRequest, "invalid-parameter")
		if p.Field != field || !strings.HasPrefix(p.Detail, field+" (qrforge's ") {
			t.Errorf("%s: field %q, detail %q; want %s named", target, p.Field, p.Detail, field)
		}
		if rec := follow(t, p); rec.Code != http.StatusOK {
			t.Errorf("%s: fix answers %d", target, rec.Code)
		}
	}
}

// Data that is not UTF-8 on goQR's path is refused as on /api/v1/qr, with
// a hint that goQR reads Latin-1 under charset-source, and no fix: which
// character set the bytes are in is the caller's to say.
func TestGoQRLatin1Hint(t *testing.T) {
	p := readProblem(t, get(t, "/v1/create-qr-code/?data=caf%E9"), http.StatusBadRequest, "invalid-parameter")
	if p.Field != "data" || strings.HasPrefix(p.Detail, "data (qrforge's") || !strings.Contains(p.Hint, "charset-source=ISO-8859-1") {
		t.Errorf("field %q, detail %q, hint %q", p.Field, p.Detail, p.Hint)
	}
	if d := getDropin(t, "/v1/create-qr-code/?data=caf%E9&charset-source=ISO-8859-1", "image/png"); d.text != "café" {
		t.Errorf("following the hint: %q", d.text)
	}
}

// A drop-in's fix is the caller's call corrected, never its API's
// documented example in its place: a fix does not make up the data to
// encode (README "Errors"). A malformed query's fix is the same call
// encoded; a POST where the API takes GET (QuickChart) is the same call
// as a GET; a
// call without the data has no fix, and the example shows one. Google's
// chof (the output format) is the format, not choe misspelt.
func TestDropinFixesKeepTheCallersData(t *testing.T) {
	p := readProblem(t, get(t, "/v1/create-qr-code/?data=100%&size=150x150"), http.StatusBadRequest, "invalid-parameter")
	if p.Fix != base+"/v1/create-qr-code/?data=100%25&size=150x150" {
		t.Errorf("malformed query: fix %q, want the same call encoded", p.Fix)
	}
	if rec := follow(t, p); rec.Code != http.StatusOK {
		t.Errorf("the fix answers %d", rec.Code)
	}
	rec := do(t, http.MethodPost, "/qr?text=Hi")
	if p := readProblem(t, rec, http.StatusMethodNotAllowed, "method-not-allowed"); !strings.Contains(p.Fix, "/qr?text=Hi") || strings.Contains(p.Fix, "Here") {
		t.Errorf("POST with data: fix %q, want the caller's call", p.Fix)
	}
	rec = do(t, http.MethodPut, "/v1/create-qr-code/?size=100x100")
	if p := readProblem(t, rec, http.StatusMethodNotAllowed, "method-not-allowed"); p.Fix != "" || !strings.Contains(p.Example, "data=") {
		t.Errorf("PUT without data: fix %q, example %q; want no fix and the documented call as the example", p.Fix, p.Example)
	}
	d := getDropin(t, "/chart?cht=qr&chs=200x200&chl=Hi&chof=gif", "image/gif")
	if d.text != "Hi" {
		t.Errorf("chof=gif read %q", d.text)
	}
	if p := readProblem(t, get(t, "/chart?cht=qr&chs=200x200&chl=Hi&chof=json"), http.StatusBadRequest, "invalid-parameter"); p.Field != "chof" || p.Fix != "" {
		t.Errorf("chof=json: %+v, want a problem on chof without a fix", p)
	}
}
