package server_test

import (
	"bytes"
	"image"
	"image/jpeg"
	"image/png"
	"net/http"
	"regexp"
	"strconv"
	"testing"

	"github.com/qrforge/qrforge/server"
)

// An image whose decoding would take more than one request may have is a
// 413 before a pixel is decoded, naming the size that would fit, and its
// fix scales the image to that size (README "Batch, decode, verify").
func TestDecodeBeyondTheBudgetSaysHowFarToScale(t *testing.T) {
	h := server.New(server.Config{BaseURL: base, Memory: 64 << 20})
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewGray16(image.Rect(0, 0, 3000, 3000))); err != nil {
		t.Fatal(err)
	}
	rec := sendBody(t, h, http.MethodPost, "/api/v1/decode", "image/png", buf.Bytes())
	p := readProblem(t, rec, http.StatusRequestEntityTooLarge, "payload-too-large")
	m := regexp.MustCompile(`Scale it down to (\d+)x(\d+) pixels`).FindStringSubmatch(p.Detail)
	if m == nil {
		t.Fatalf("the detail names no size: %s", p.Detail)
	}
	w, _ := strconv.Atoi(m[1])
	if w < 100 || w >= 3000 || m[1] != m[2] {
		t.Errorf("scale to %sx%s for a 3000x3000 image", m[1], m[2])
	}
	if want := "-resize " + m[1] + "x" + m[2]; !bytes.Contains([]byte(p.Fix), []byte(want)) {
		t.Errorf("fix %q does not resize to the size named (%s)", p.Fix, want)
	}
	// The size named decodes within the same budget.
	buf.Reset()
	if err := png.Encode(&buf, image.NewGray16(image.Rect(0, 0, w, w))); err != nil {
		t.Fatal(err)
	}
	rec = sendBody(t, h, http.MethodPost, "/api/v1/decode", "image/png", buf.Bytes())
	if rec.Code == http.StatusRequestEntityTooLarge {
		t.Errorf("the size named, %dx%d, is refused too: %s", w, w, rec.Body.String())
	}
}

// The 413's fix writes the image scaled down as an 8-bit PNG (convert
// -resize WxH -depth 8 smaller.png), and a colour photo becomes an RGB
// PNG, which decodes to 4 bytes a pixel where the JPEG's YCbCr took 3:
// the size named is the one at which that PNG fits, so following the fix
// is not refused again.
func TestDecodeScaleFixFitsAsThePNGItWrites(t *testing.T) {
	h := server.New(server.Config{BaseURL: base, Memory: 256 << 20})
	photo := image.NewRGBA(image.Rect(0, 0, 5000, 5000))
	for i := range photo.Pix {
		photo.Pix[i] = byte(i*7 + i/4)
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, photo, &jpeg.Options{Quality: 50}); err != nil {
		t.Fatal(err)
	}
	p := readProblem(t, sendBody(t, h, http.MethodPost, "/api/v1/decode", "image/jpeg", buf.Bytes()), http.StatusRequestEntityTooLarge, "payload-too-large")
	m := regexp.MustCompile(`-resize (\d+)x(\d+) -depth 8 smaller\.png`).FindStringSubmatch(p.Fix)
	if m == nil {
		t.Fatalf("the fix writes no 8-bit PNG: %s", p.Fix)
	}
	w, _ := strconv.Atoi(m[1])
	hgt, _ := strconv.Atoi(m[2])
	// What convert writes for a colour image at that size: 8-bit RGB.
	smaller := image.NewRGBA(image.Rect(0, 0, w, hgt))
	for i := range smaller.Pix {
		smaller.Pix[i] = byte(i*7 + i/4)
		if i%4 == 3 {
			smaller.Pix[i] = 0xff
		}
	}
	buf.Reset()
	if err := png.Encode(&buf, smaller); err != nil {
		t.Fatal(err)
	}
	if rec := sendBody(t, h, http.MethodPost, "/api/v1/decode", "image/png", buf.Bytes()); rec.Code == http.StatusRequestEntityTooLarge {
		t.Errorf("the fix's %dx%d PNG is refused too: %s", w, hgt, rec.Body.String())
	}
}
