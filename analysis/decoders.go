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
// e2e matrix, so the risks left are colours, pairings of an eye frame
// and ball (eyes.go), and a logo over a centre alignment pattern
// (SymbolRisks).
type DecoderRisk struct {
	Design   string
	Decoders []string
	applies  func(o render.Options) bool
}

var decoderRisks = []DecoderRisk{
	{
		Design:   "light modules on a dark background",
		Decoders: []string{"zbar 0.23", "zxing-cpp 1.4"},
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

// A logo hides the alignment pattern at the centre of versions 7 to 13, 21
// to 27 and 35 to 40 (ISO/IEC 18004:2015 Annex E). zbar 0.23 looks for
// every alignment pattern to sample the grid cell by cell, and takes a
// logo's light features on a dark glyph for the hidden one: the six
// built-in icons at sizes 0.1 to 0.3 gave 38 misses in 156 images of
// versions 7 to 13 and 4 in 216 of versions 21 to 27 (docs/decoders.md).
// The other four decoders read them. A logo's symbol therefore grows past
// those versions (render.EncodeWithLogo); it lies over the centre only when
// the data or its standard leave no other version (data beyond version 34,
// an EPC payment from version 7 on), and no smaller logo was measured safe.

// SymbolRisks lists the measured risks of drawing s with o: Risks, and
// those of the symbol's version.
func SymbolRisks(s *render.Symbol, o render.Options) []DecoderRisk {
	out := Risks(o)
	if LogoOverCentredAlignment(s, o) {
		out = append(out, DecoderRisk{
			Design:   fmt.Sprintf("a logo over the centre alignment pattern of version %d", s.Version),
			Decoders: []string{"zbar 0.23"},
		})
	}
	return out
}

// LogoOverCentredAlignment reports whether o's logo covers an alignment
// pattern at the centre of s.
func LogoOverCentredAlignment(s *render.Symbol, o render.Options) bool {
	lg := o.Logo
	return lg != nil && (lg.Icon != nil || lg.Image != nil) && lg.Size > 0 &&
		!s.Micro && !s.RMQR && render.CentreAligned(s.Version)
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
