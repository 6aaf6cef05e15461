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

// A logo on versions 7 to 13 lies over the centre alignment pattern
// (ISO/IEC 18004:2015 Annex E puts one at the symbol's centre). zbar 0.23
// looks for every alignment pattern to sample the grid cell by cell, and
// takes an icon's light features on a dark glyph for the centre one: of
// six built-in icons on links that need versions 7 to 12 at H, it missed
// 37 of 168 images at sizes 0.15 to 0.3, and none of 42 at 0.1
// (docs/decoders.md). The other four decoders read them.
const (
	centredAlignmentFirst, centredAlignmentLast = 7, 13
	// SafeCentredLogo is the largest logo size zbar read over the centre
	// alignment pattern, the correction verify offers.
	SafeCentredLogo = 0.1
)

// SymbolRisks lists the measured risks of drawing s with o: Risks, and
// those of the symbol's version.
func SymbolRisks(s *render.Symbol, o render.Options) []DecoderRisk {
	out := Risks(o)
	if LogoOverCentredAlignment(s, o) {
		out = append(out, DecoderRisk{
			Design:   fmt.Sprintf("a logo larger than %g over the centre alignment pattern of version %d", SafeCentredLogo, s.Version),
			Decoders: []string{"zbar 0.23"},
		})
	}
	return out
}

// LogoOverCentredAlignment reports whether o's logo, larger than
// SafeCentredLogo, covers the centre alignment pattern of s.
func LogoOverCentredAlignment(s *render.Symbol, o render.Options) bool {
	lg := o.Logo
	return lg != nil && (lg.Icon != nil || lg.Image != nil) && lg.Size > SafeCentredLogo+1e-9 &&
		!s.Micro && !s.RMQR && s.Version >= centredAlignmentFirst && s.Version <= centredAlignmentLast
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
