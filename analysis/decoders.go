package analysis

import (
	"fmt"

	"github.com/qrforge/qrforge/render"
)

// ContrastPass is the contrast ratio below which jsQR was measured to miss
// codes, and WCAG 2.2 §1.4.3's ratio for text.
const ContrastPass = 4.5

// A DecoderRisk is a design that common decoders were measured to miss
// (docs/decoders.md has the measurements and the commands). Every module
// style, eye style, eye frame and eye ball passes all five decoders of the
// e2e matrix, so the risks left are colours and pairings of an eye frame
// and ball (eyes.go).
type DecoderRisk struct {
	Design   string
	Decoders []string
	applies  func(o render.Options) bool
}

var decoderRisks = []DecoderRisk{
	{
		Design: "light modules on a dark background",
		// gozxing's QR reader alone; qrforge's decode and verify try the
		// inverted image too.
		Decoders: []string{"zbar 0.23", "zxing-cpp 1.4", "gozxing"},
		applies:  func(o render.Options) bool { return Inverted(o.Foreground, o.Background) },
	},
	{
		Design:   "contrast below 4.5:1",
		Decoders: []string{"jsQR 1.4"},
		applies: func(o render.Options) bool {
			return !Inverted(o.Foreground, o.Background) && ContrastRatio(o.Foreground, o.Background) < ContrastPass
		},
	},
}

// Risks lists the measured risks of drawing with o.
func Risks(o render.Options) []DecoderRisk {
	var out []DecoderRisk
	for _, r := range decoderRisks {
		if r.applies(o) {
			out = append(out, r)
		}
	}
	if decoders := eyeClash(o); decoders != nil {
		f, b := o.EyeParts()
		out = append(out, DecoderRisk{Design: fmt.Sprintf("eye frame %s round eye ball %s", f, b), Decoders: decoders})
	}
	return out
}
