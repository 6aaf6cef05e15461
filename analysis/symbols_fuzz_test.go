package analysis

import (
	"image"
	"testing"

	"github.com/qrforge/qrforge/render/qrcode"
)

// fuzzImage makes a grey image of b: its first two bytes the width and
// height (8 to 135), the rest the pixels, repeated to fill it.
func fuzzImage(b []byte) *image.Gray {
	if len(b) < 3 {
		return nil
	}
	w, h := 8+int(b[0])%128, 8+int(b[1])%128
	g := image.NewGray(image.Rect(0, 0, w, h))
	px := b[2:]
	for i := range g.Pix {
		g.Pix[i] = px[i%len(px)]
	}
	return g
}

// imageBytes is fuzzImage's input for g (at most 135 pixels a side).
func imageBytes(g *image.Gray) []byte {
	return append([]byte{byte(g.Rect.Dx() - 8), byte(g.Rect.Dy() - 8)}, g.Pix...)
}

// FuzzReadSymbols: whatever the pixels, the Micro QR and rMQR readers
// return without panicking, and a code they return has text.
func FuzzReadSymbols(f *testing.F) {
	micro := drawn(f, microOf(f, "HELLO", 2, qrcode.L), 64, 2)
	f.Add(imageBytes(micro))
	f.Add(imageBytes(quarterTurn(inverse(micro))))
	f.Add(imageBytes(drawn(f, rmqrOf(f, "LOT-47", 0, qrcode.M), 94, 2)))
	f.Add([]byte{0, 0, 0, 255, 255, 0})
	f.Add([]byte{40, 40, 0, 0, 0, 0, 0, 0, 0, 255, 0, 255, 0, 0, 0, 255, 0, 255, 0, 0, 0, 0, 0, 0, 0})
	f.Fuzz(func(t *testing.T, b []byte) {
		g := fuzzImage(b)
		if g == nil {
			return
		}
		codes, _ := readSymbols(g, allSymbolTries, always)
		for _, c := range codes {
			if c.text == "" || c.symbol == "" || c.designator == "" {
				t.Errorf("a code with no text or symbol: %+v", c)
			}
		}
	})
}

// TestFuzzSeedsRead: the fuzz seeds made of symbols are symbols the
// readers read, so that the fuzzer starts from the paths that decode.
func TestFuzzSeedsRead(t *testing.T) {
	micro := drawn(t, microOf(t, "HELLO", 2, qrcode.L), 64, 2)
	for _, g := range []*image.Gray{micro, quarterTurn(inverse(micro))} {
		if codes, _ := readSymbols(fuzzImage(imageBytes(g)), allSymbolTries, always); len(codes) != 1 || codes[0].text != "HELLO" {
			t.Errorf("seed read %+v", codes)
		}
	}
}
