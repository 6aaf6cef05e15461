package server_test

import (
	"image"
	"image/color"
	"testing"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/qrcode"
)

// Codes drawn by a different encoder (gozxing's port of ZXing's writer,
// with its own segmenting and mask choice) decode too, not only qrforge's.
func TestDecodeCodesFromAnotherEncoder(t *testing.T) {
	h := withKinds(t)
	for _, data := range []string{
		"https://example.com/from/zxing",
		"WIFI:S:home;P:secret123;;",
		"Grüße aus Zürich — 12345",
	} {
		t.Run(data, func(t *testing.T) {
			m, err := qrcode.NewQRCodeWriter().Encode(data, gozxing.BarcodeFormat_QR_CODE, 400, 400,
				map[gozxing.EncodeHintType]any{gozxing.EncodeHintType_CHARACTER_SET: "UTF-8"})
			if err != nil {
				t.Fatal(err)
			}
			img := image.NewGray(image.Rect(0, 0, m.GetWidth(), m.GetHeight()))
			for y := 0; y < m.GetHeight(); y++ {
				for x := 0; x < m.GetWidth(); x++ {
					if !m.Get(x, y) {
						img.SetGray(x, y, color.Gray{Y: 255})
					}
				}
			}
			d := postImage(t, h, "image/png", encodePNG(t, img))
			if len(d.Results) != 1 || d.Results[0].Text != data {
				t.Fatalf("decoded %+v, want %q", d.Results, data)
			}
		})
	}
}
