package render

import "github.com/qrforge/qrforge/render/qrcode"

// Function patterns of ISO/IEC 18004 §6.3. Styles draw them apart from data
// modules so that decoders always find them.

// inFinder reports whether (x, y) lies in one of the 7×7 finder patterns
// (§6.3.3) of a symbol n modules wide.
func inFinder(n, x, y int) bool {
	return (x < 7 && y < 7) || (!microSize(n) && ((x >= n-7 && y < 7) || (x < 7 && y >= n-7)))
}

// finderOrigins returns the top-left module of each finder pattern: three
// on a QR Code, one (top-left) on a Micro QR Code.
func finderOrigins(n int) [][2]int {
	if microSize(n) {
		return [][2]int{{0, 0}}
	}
	return [][2]int{{0, 0}, {n - 7, 0}, {0, n - 7}}
}

// microSize reports whether a symbol n modules wide is a Micro QR Code:
// those are 11 to 17 modules wide, QR Codes 21 to 177 (§5.3.1).
func microSize(n int) bool { return n < 21 }

// alignmentOrigins returns the top-left module of each 5×5 alignment
// pattern, skipping the three positions that overlap finder patterns.
// Micro QR Codes have none.
func alignmentOrigins(s *Symbol) [][2]int {
	if s.Micro {
		return nil
	}
	version := s.Version
	centres := qrcode.AlignmentCentres(version)
	n := 17 + 4*version
	var out [][2]int
	for _, cy := range centres {
		for _, cx := range centres {
			if inFinder(n, cx, cy) {
				continue
			}
			out = append(out, [2]int{cx - 2, cy - 2})
		}
	}
	return out
}
