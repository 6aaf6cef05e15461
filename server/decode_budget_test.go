package server_test

import (
	"bytes"
	"image"
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
