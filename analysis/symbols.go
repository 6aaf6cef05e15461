package analysis

import (
	"image"

	"github.com/makiuchi-d/gozxing"
)

// symbolBinarizer is one way the Micro QR and rMQR readers see the image
// in black and white.
type symbolBinarizer struct {
	name string
	// matrix binarizes g; inverted asks for light modules on a dark
	// ground.
	matrix func(g *image.Gray, inverted bool) *gozxing.BitMatrix
}

// symbolBinarizers: one global threshold (ZXing's histogram valley),
// which reads clean and mildly blurred images, then a mean over a window
// of an eighth of the shorter side, which follows uneven light.
var symbolBinarizers = []symbolBinarizer{
	{"global", func(g *image.Gray, _ bool) *gozxing.BitMatrix {
		m, err := gozxing.NewGlobalHistgramBinarizer(luminance(g)).GetBlackMatrix()
		if err != nil {
			return nil // too flat to threshold
		}
		return m
	}},
	{"local", func(g *image.Gray, inverted bool) *gozxing.BitMatrix {
		return localThreshold(g, max(3, min(g.Rect.Dx(), g.Rect.Dy())/8), inverted)
	}},
}

// readSymbols reads the Micro QR Codes and rMQRs in g, trying each
// binarizer dark on light and then inverted until one reads a symbol.
// attempt is asked before each try and says whether the budget allows
// it; the name of the try that read is returned with the codes.
func readSymbols(g *image.Gray, attempt func() bool) ([]found, string) {
	for _, bz := range symbolBinarizers {
		var global *gozxing.BitMatrix
		for _, inverted := range []bool{false, true} {
			if !attempt() {
				return nil, ""
			}
			m := global
			if m == nil || bz.name != "global" {
				m = bz.matrix(g, inverted)
			}
			if m == nil {
				continue
			}
			b := &binImage{m: m, w: m.GetWidth(), h: m.GetHeight()}
			// The global threshold's inverse is its complement.
			if bz.name == "global" {
				global, b.inverted = m, inverted
			}
			if codes := readSymbolsIn(b); len(codes) > 0 {
				name := "symbols/" + bz.name
				if inverted {
					name += "/inverted"
				}
				return codes, name
			}
		}
	}
	return nil, ""
}

// readSymbolsIn tries every finder pattern candidate in every
// orientation as a Micro QR Code, then as an rMQR.
func readSymbolsIn(b *binImage) []found {
	var out []found
	for _, f := range findFinders(b) {
		for _, o := range orientations {
			if c, ok := readMicro(b, f, o); ok {
				out = append(out, c)
				break
			}
			if c, ok := readRMQR(b, f, o); ok {
				out = append(out, c)
				break
			}
		}
	}
	return dedupe(out)
}
