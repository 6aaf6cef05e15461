package render

import (
	"bytes"
	"image"
	_ "image/png"
	"testing"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/qrcode"
)

// decodePNG reads a PNG back with gozxing, a port of ZXing's reader.
func decodePNG(t testing.TB, b []byte) string {
	t.Helper()
	img, _, err := image.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("PNG does not decode as an image: %v", err)
	}
	return decodeImage(t, img)
}

func decodeImage(t testing.TB, img image.Image) string {
	t.Helper()
	bmp, err := gozxing.NewBinaryBitmapFromImage(img)
	if err != nil {
		t.Fatalf("bitmap: %v", err)
	}
	hints := map[gozxing.DecodeHintType]any{gozxing.DecodeHintType_TRY_HARDER: true}
	res, err := qrcode.NewQRCodeReader().Decode(bmp, hints)
	if err != nil {
		t.Fatalf("gozxing cannot read the code: %v", err)
	}
	return res.GetText()
}

func TestPlainPNGDecodes(t *testing.T) {
	s, err := Encode("https://example.com/hello", LevelAuto)
	if err != nil {
		t.Fatal(err)
	}
	o := DefaultOptions()
	b, err := PNG(s, o)
	if err != nil {
		t.Fatal(err)
	}
	if got := decodePNG(t, b); got != "https://example.com/hello" {
		t.Fatalf("decoded %q", got)
	}
	t.Logf("v%d %s %d bytes", s.Version, s.Level, len(b))
}
