package render

import "github.com/qrforge/qrforge/render/qrcode"

// An emblem over the centre (the Swiss cross, overlay.go) hides the
// alignment pattern of versions whose alignment positions are odd in
// number (7 to 13, 21 to 27, 35 to 40: ISO/IEC 18004:2015 Annex E puts
// the middle one at the symbol's centre). ZXing's readers find the
// pattern missing and carry on; zbar does not read such a code at all
// (measured on the Swiss QR example at version 13, e2e print matrix).
// A logo hides it too, and zbar takes the logo's own light and dark
// features for the pattern: the six built-in icons at sizes 0.1 to 0.3,
// on links of versions 5 to 32 at H drawn at 600 px, gave zbar 38 misses
// in 156 images of versions 7 to 13, 4 in 216 of versions 21 to 27 and
// none in 468 of the others (docs/logos.md). So a logo fits none of them
// (LogoFits), and its symbol grows past them too.

// CentreAligned reports whether version v has an alignment pattern at the
// symbol's centre.
func CentreAligned(v int) bool {
	c := qrcode.AlignmentCentres(v)
	return len(c) >= 3 && len(c)%2 == 1
}

// EncodeClearCentre builds the symbol as EncodeECI does, grown to the
// next version with no alignment pattern at its centre when the first
// fit has one, unless that is beyond maxVersion (0: 40), where the first
// fit is kept.
func EncodeClearCentre(data string, level Level, eci ECI, maxVersion int) (*Symbol, error) {
	s, err := EncodeECI(data, level, eci)
	if err != nil || !CentreAligned(s.Version) {
		return s, err
	}
	if maxVersion <= 0 || maxVersion > 40 {
		maxVersion = 40
	}
	v := s.Version
	for v <= maxVersion && CentreAligned(v) {
		v++
	}
	if v > maxVersion {
		return s, nil
	}
	plan, err := qrcode.FitFrom([]byte(data), s.Level.code(), eci.number(data), v)
	if err != nil {
		return s, nil
	}
	q, err := plan.Symbol(s.Level.code())
	if err != nil {
		return s, nil
	}
	return fromQR(q, s.Level), nil
}
