package analysis

import (
	"image"
	"slices"

	"github.com/makiuchi-d/gozxing"
)

// symbolTry is one binarized image the Micro QR and rMQR readers search:
// one attempt of the budget.
type symbolTry struct {
	name string
	// matrix binarizes g, nil when it cannot (a flat image).
	matrix func(g *image.Gray) *gozxing.BitMatrix
	// complement also reads the matrix the other way round: light
	// modules on a dark ground (ISO/IEC 18004 §6.2), whose global
	// threshold is the same.
	complement bool
}

// quickSymbolTries run right after the plain pass: one global threshold,
// which reads clean and mildly blurred images, both ways round.
var quickSymbolTries = []symbolTry{{name: "global", complement: true, matrix: otsuThreshold}}

// thoroughSymbolTries run after every QR pass: a threshold against the
// mean of a window an eighth of the shorter side, which follows uneven
// light, dark on light and then inverted.
var thoroughSymbolTries = []symbolTry{
	{name: "local", matrix: func(g *image.Gray) *gozxing.BitMatrix { return localThreshold(g, symbolWindow(g), false) }},
	{name: "local/inverted", matrix: func(g *image.Gray) *gozxing.BitMatrix { return localThreshold(g, symbolWindow(g), true) }},
}

// allSymbolTries are every try, in Read's order: what verify and the
// robustness grid read a Micro QR Code or an rMQR with, unbudgeted, as
// they read only images qrforge drew.
var allSymbolTries = append(slices.Clone(quickSymbolTries), thoroughSymbolTries...)

// always is an unbudgeted search's attempt: every try runs.
func always() bool { return true }

func symbolWindow(g *image.Gray) int { return max(3, min(g.Rect.Dx(), g.Rect.Dy())/8) }

// readSymbols reads the Micro QR Codes and rMQRs in g with each try in
// turn until one reads a symbol. attempt is asked before each try and
// says whether the budget allows it; the name of the try that read is
// returned with the codes.
func readSymbols(g *image.Gray, tries []symbolTry, attempt func() bool) ([]found, string) {
	for _, try := range tries {
		if !attempt() {
			return nil, ""
		}
		m := try.matrix(g)
		if m == nil {
			continue
		}
		b := &binImage{m: m, w: m.GetWidth(), h: m.GetHeight()}
		if codes := readSymbolsIn(b); len(codes) > 0 {
			return codes, "symbols/" + try.name
		}
		if try.complement {
			b.inverted = true
			if codes := readSymbolsIn(b); len(codes) > 0 {
				return codes, "symbols/" + try.name + "/inverted"
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

// otsuThreshold marks the pixels darker than the threshold that best
// splits g's histogram in two (Otsu's method: the largest variance
// between the classes). ZXing's global binarizer takes its histogram from
// four rows only, which miss a small symbol in a large image.
func otsuThreshold(g *image.Gray) *gozxing.BitMatrix {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	var hist [256]int
	for y := range h {
		for _, v := range g.Pix[y*g.Stride : y*g.Stride+w] {
			hist[v]++
		}
	}
	total, sum := 0.0, 0.0
	for v, c := range hist {
		total += float64(c)
		sum += float64(v * c)
	}
	best, threshold := 0.0, -1
	below, belowSum := 0.0, 0.0
	for v := 0; v < 255; v++ {
		below += float64(hist[v])
		belowSum += float64(v * hist[v])
		above := total - below
		if below == 0 || above == 0 {
			continue
		}
		d := belowSum/below - (sum-belowSum)/above
		if between := below * above * d * d; between > best {
			best, threshold = between, v
		}
	}
	if threshold < 0 {
		return nil // one grey level: nothing to read
	}
	m, err := gozxing.NewBitMatrix(w, h)
	if err != nil {
		return nil
	}
	for y := range h {
		row := g.Pix[y*g.Stride:]
		for x := range w {
			if int(row[x]) <= threshold {
				m.Set(x, y)
			}
		}
	}
	return m
}
