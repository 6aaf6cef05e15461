package server_test

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"image"
	_ "image/gif"
	_ "image/jpeg"
	"io"
	"math"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/qrcode"
)

// decodeAny reads a QR code from a PNG, GIF or JPEG body with gozxing.
func decodeAny(t testing.TB, b []byte) string {
	t.Helper()
	img, _, err := image.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("body is not an image: %v", err)
	}
	bmp, err := gozxing.NewBinaryBitmapFromImage(img)
	if err != nil {
		t.Fatal(err)
	}
	res, err := qrcode.NewQRCodeReader().Decode(bmp, map[gozxing.DecodeHintType]any{gozxing.DecodeHintType_TRY_HARDER: true})
	if err != nil {
		t.Fatalf("gozxing cannot read the code: %v", err)
	}
	return res.GetText()
}

// Each format answers with its media type, under its name or an alias,
// on the query and path forms alike; GIF and JPEG read back.
func TestPrintFormats(t *testing.T) {
	for _, tt := range []struct{ target, contentType, magic string }{
		{"/api/v1/qr?data=hello&format=gif", "image/gif", "GIF89a"},
		{"/api/v1/qr?data=hello&format=jpeg", "image/jpeg", "\xff\xd8\xff\xe0"},
		{"/api/v1/qr?data=hello&format=JPG&style=dot", "image/jpeg", "\xff\xd8\xff\xe0"},
		{"/api/v1/qr?data=hello&format=pdf", "application/pdf", "%PDF-1.4\n"},
		{"/api/v1/qr?data=hello&f=ps", "application/postscript", "%!PS-Adobe-3.0 EPSF-3.0\n"},
		{"/q/hello.gif", "image/gif", "GIF89a"},
		{"/q/hello.jpg", "image/jpeg", "\xff\xd8\xff\xe0"},
		{"/q/hello.JPEG?size=300", "image/jpeg", "\xff\xd8\xff\xe0"},
		{"/q/hello.pdf?size=30mm", "application/pdf", "%PDF-1.4\n"},
		{"/q/hello.eps", "application/postscript", "%!PS-Adobe-3.0 EPSF-3.0\n"},
		{"/q/hello.ps", "application/postscript", "%!PS-Adobe-3.0 EPSF-3.0\n"},
		{"/api/v1/wifi?ssid=Home&password=secret123&format=pdf", "application/pdf", "%PDF-1.4\n"},
	} {
		rec := get(t, tt.target)
		if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != tt.contentType {
			t.Errorf("%s: %d %s, want %s", tt.target, rec.Code, rec.Header().Get("Content-Type"), tt.contentType)
			continue
		}
		if !bytes.HasPrefix(rec.Body.Bytes(), []byte(tt.magic)) {
			t.Errorf("%s starts %q", tt.target, rec.Body.Bytes()[:16])
		}
		if rec.Header().Get("X-QR-Version") == "" || rec.Header().Get("ETag") == "" {
			t.Errorf("%s: no X-QR-Version or ETag", tt.target)
		}
		if strings.HasPrefix(tt.contentType, "image/") {
			want := "hello"
			if strings.Contains(tt.target, "wifi") {
				want = "WIFI:T:WPA;S:Home;P:secret123;;"
			}
			if got := decodeAny(t, rec.Body.Bytes()); got != want {
				t.Errorf("%s decodes as %q", tt.target, got)
			}
		}
	}
}

// A length is drawn at the resolution: 30 mm at the default 300 dpi is
// 354 pixels with a pHYs of 11811 pixels a metre; at 600 dpi twice the
// pixels; in PDF and EPS a page of 30 mm exactly.
func TestPrintSizes(t *testing.T) {
	for _, tt := range []struct {
		query string
		px    int
		ppm   uint32 // pHYs, 0 for none
	}{
		{"size=30mm", 354, 11811},
		{"size=3cm", 354, 11811},
		{"size=30mm&dpi=600", 709, 23622},
		{"size=1.2in&resolution=150", 180, 5906},
		{"size=512px", 512, 0},
		{"size=600&dpi=300", 600, 11811},
		{"size=600", 600, 0},
	} {
		b := ok(t, "/api/v1/qr?data=hello&"+tt.query)
		if got := pngImage(t, b).Bounds().Dx(); got != tt.px {
			t.Errorf("%s: %d px, want %d", tt.query, got, tt.px)
		}
		i := bytes.Index(b, []byte("pHYs"))
		switch {
		case tt.ppm == 0 && i >= 0:
			t.Errorf("%s: a pHYs chunk without a resolution", tt.query)
		case tt.ppm != 0 && (i < 0 || binary.BigEndian.Uint32(b[i+4:]) != tt.ppm || b[i+12] != 1):
			t.Errorf("%s: pHYs missing or not %d pixels a metre", tt.query, tt.ppm)
		}
	}
	box := regexp.MustCompile(`/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]`)
	hires := regexp.MustCompile(`%%HiResBoundingBox: 0 0 ([\d.]+) ([\d.]+)`)
	for _, tt := range []struct {
		query  string
		points float64
	}{
		{"size=30mm", 30 / 25.4 * 72},
		{"size=3cm&dpi=1200", 30 / 25.4 * 72},
		{"size=1.2in&cmyk=true", 86.4},
		{"size=600&dpi=300", 144},
		{"size=600", 600},
	} {
		for format, re := range map[string]*regexp.Regexp{"pdf": box, "eps": hires} {
			b := ok(t, "/api/v1/qr?data=hello&format="+format+"&"+tt.query)
			m := re.FindSubmatch(b)
			if m == nil {
				t.Fatalf("%s %s: no box", format, tt.query)
			}
			w, _ := strconv.ParseFloat(string(m[1]), 64)
			h, _ := strconv.ParseFloat(string(m[2]), 64)
			if math.Abs(w-tt.points) > 1e-4 || w != h {
				t.Errorf("%s %s: %g x %g points, want %.4f", format, tt.query, w, h, tt.points)
			}
		}
	}
	// SVG prints at its size too.
	svg := string(ok(t, "/api/v1/qr?data=hello&format=svg&size=30mm"))
	if !strings.Contains(svg, `width="30mm" height="30mm"`) {
		t.Errorf("SVG of 30mm: %.200s", svg)
	}
}

// cmyk turns PDF colours into inks. A PNG or SVG is RGB either way, so
// cmyk=true with one is refused rather than ignored: with the format left
// to its default the fix asks for a PDF, and with a format given it drops
// cmyk.
func TestCMYKOption(t *testing.T) {
	rec := get(t, "/api/v1/qr?data=hello&size=200&cmyk=true")
	p := readProblem(t, rec, http.StatusBadRequest, "invalid-parameter")
	if p.Field != "format" || !strings.Contains(p.Fix, "format=pdf") || !strings.Contains(p.Fix, "cmyk=true") {
		t.Errorf("cmyk=true with the default format: field %q, fix %s", p.Field, p.Fix)
	}
	if fixed := get(t, p.Fix); fixed.Code != http.StatusOK || fixed.Header().Get("Content-Type") != "application/pdf" {
		t.Errorf("fix %s: %d %s", p.Fix, fixed.Code, fixed.Header().Get("Content-Type"))
	}
	rec = get(t, "/api/v1/qr?data=hello&format=svg&cmyk=true")
	p = readProblem(t, rec, http.StatusBadRequest, "invalid-parameter")
	if p.Field != "cmyk" || strings.Contains(p.Fix, "cmyk") {
		t.Errorf("cmyk=true with format=svg: field %q, fix %s", p.Field, p.Fix)
	}
	if !bytes.Equal(ok(t, p.Fix), ok(t, "/api/v1/qr?data=hello&format=svg")) {
		t.Errorf("fix %s is not the SVG without cmyk", p.Fix)
	}
	// Its default asks for nothing a format could leave out.
	ok(t, "/api/v1/qr?data=hello&cmyk=false")
	rgb := ok(t, "/api/v1/qr?data=hello&format=pdf")
	cmyk := ok(t, "/api/v1/qr?data=hello&format=pdf&cmyk=1")
	if bytes.Equal(rgb, cmyk) {
		t.Errorf("cmyk leaves the PDF as it was")
	}
	if eps := string(ok(t, "/api/v1/qr?data=hello&format=eps&cmyk=true")); !strings.Contains(eps, "\n0 0 0 1 k\n") {
		t.Errorf("EPS with cmyk has no pure K black")
	}
}

// A zip names its entries by format, and stores what is compressed
// already.
func TestBatchZipPrintFormats(t *testing.T) {
	h := withKinds(t)
	body := `{"output":"zip","style":{"size":"30mm"},"items":[
		{"id":"a","data":"first","style":{"format":"pdf"}},
		{"id":"b","data":"second","style":{"format":"eps","cmyk":true}},
		{"id":"c","data":"third","style":{"format":"jpg"}},
		{"id":"d","data":"fourth","style":{"format":"gif"}}
	]}`
	rec := sendBody(t, h, http.MethodPost, "/api/v1/qr/batch", "application/json", []byte(body))
	if rec.Code != 200 {
		t.Fatalf("%d: %s", rec.Code, short(rec.Body.String()))
	}
	zr, err := zip.NewReader(bytes.NewReader(rec.Body.Bytes()), int64(rec.Body.Len()))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]struct {
		method uint16
		target string
	}{
		"a.pdf": {zip.Store, "/api/v1/qr?data=first&size=30mm&format=pdf"},
		"b.eps": {zip.Deflate, "/api/v1/qr?data=second&size=30mm&format=eps&cmyk=true"},
		"c.jpg": {zip.Store, "/api/v1/qr?data=third&size=30mm&format=jpeg"},
		"d.gif": {zip.Store, "/api/v1/qr?data=fourth&size=30mm&format=gif"},
	}
	if len(zr.File) != len(want) {
		t.Fatalf("%d entries, want %d", len(zr.File), len(want))
	}
	for _, f := range zr.File {
		w, ok := want[f.Name]
		if !ok {
			t.Errorf("entry %s", f.Name)
			continue
		}
		if f.Method != w.method {
			t.Errorf("%s: method %d, want %d", f.Name, f.Method, w.method)
		}
		r, _ := f.Open()
		got, _ := io.ReadAll(r)
		r.Close()
		single := get(t, w.target)
		if !bytes.Equal(got, single.Body.Bytes()) {
			t.Errorf("%s differs from GET %s (%d)", f.Name, w.target, single.Code)
		}
	}
}

// TestKeepTheLengthAtAResolutionThatDraws: a length too small for the
// code at its dpi is answered with the smallest length that works and
// the dpi that keeps the length; each of the two answers.
func TestKeepTheLengthAtAResolutionThatDraws(t *testing.T) {
	for _, q := range []string{
		"data=hi&tpl=box&size=1.1mm&dpi=1626",
		"data=https://example.com/long/path/abcdefghijkl/xyz&logo=wifi&size=4mm&dpi=600",
	} {
		p := readProblem(t, get(t, "/api/v1/qr?"+q), http.StatusBadRequest, "invalid-parameter")
		if rec := follow(t, p); rec.Code != http.StatusOK {
			t.Errorf("%s: the fix %s answers %d", q, p.Fix, rec.Code)
		}
		m := regexp.MustCompile(`or keep (\S+) with dpi=(\d+)`).FindStringSubmatch(p.Detail)
		if m == nil {
			t.Errorf("%s: the detail names no dpi that keeps the length: %s", q, p.Detail)
			continue
		}
		kept := regexp.MustCompile(`size=[^&]*&dpi=\d+`).ReplaceAllString(q, "size="+m[1]+"&dpi="+m[2])
		if rec := get(t, "/api/v1/qr?"+kept); rec.Code != http.StatusOK {
			t.Errorf("%s: the dpi the detail offers answers %d: %s", kept, rec.Code, rec.Body)
		}
	}
}

// TestPrintedCaptionIsJudgedInPrint: a printed label's legibility is its
// printed size, which the dpi of the raster parts does not change: a
// caption too small at 300 dpi is as small at 600.
func TestPrintedCaptionIsJudgedInPrint(t *testing.T) {
	const q = "/api/v1/qr?data=hi&tpl=box&size=20mm&label=Scan%20this%20code%20to%20see%20our%20full%20menu%20and%20prices"
	for _, dpi := range []string{"300", "600", "1200"} {
		for _, f := range []string{"pdf", "eps", "png"} {
			rec := get(t, q+"&dpi="+dpi+"&format="+f)
			if w := rec.Header().Get("X-QR-Warning"); !strings.Contains(w, "pt, too small to read easily in print") {
				t.Errorf("dpi=%s format=%s: warning %q", dpi, f, w)
			}
		}
	}
}
