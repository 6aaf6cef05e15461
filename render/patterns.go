package render

import "github.com/qrforge/qrforge/render/qrcode"

// Function patterns of ISO/IEC 18004 §6.3. Styles draw them apart from data
// modules so that decoders always find them.

// inFinder reports whether (x, y) lies in one of the 7×7 finder patterns
// (§6.3.3) of s.
func inFinder(s *Symbol, x, y int) bool {
	n := s.Size
	return (x < 7 && y < 7) || (!oneFinder(s) && ((x >= n-7 && y < 7) || (x < 7 && y >= n-7)))
}

// finderOrigins returns the top-left module of each finder pattern: three
// on a QR Code, one (top-left) on a Micro QR Code and an rMQR.
func finderOrigins(s *Symbol) [][2]int {
	if oneFinder(s) {
		return [][2]int{{0, 0}}
	}
	n := s.Size
	return [][2]int{{0, 0}, {n - 7, 0}, {0, n - 7}}
}

// oneFinder reports whether s has a single finder pattern, at the top
// left: a Micro QR Code (ISO/IEC 18004 §6.3.3) or an rMQR (ISO/IEC 23941
// §6.3.3).
func oneFinder(s *Symbol) bool { return s.Micro || s.RMQR }

// alignmentOrigins returns the top-left module of each 5×5 alignment
// pattern, skipping the three positions that overlap finder patterns.
// Micro QR Codes have none. An rMQR's 5×5 finder sub-pattern at the
// bottom right (ISO/IEC 23941 §6.3.4) has the alignment pattern's rings
// and is drawn as one; its own alignment patterns are 3×3 and drawn as
// modules.
func alignmentOrigins(s *Symbol) [][2]int {
	if s.Micro {
		return nil
	}
	if s.RMQR {
		return [][2]int{{s.Size - 5, s.Rows() - 5}}
	}
	version := s.Version
	centres := qrcode.AlignmentCentres(version)
	var out [][2]int
	for _, cy := range centres {
		for _, cx := range centres {
			if inFinder(s, cx, cy) {
				continue
			}
			out = append(out, [2]int{cx - 2, cy - 2})
		}
	}
	return out
}
