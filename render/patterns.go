package render

import "github.com/qrforge/qrforge/render/qrcode"

// Function patterns of ISO/IEC 18004 §6.3. Styles draw them apart from data
// modules so that decoders always find them.

// inFinder reports whether (x, y) lies in one of the three 7×7 finder
// patterns (§6.3.3).
func inFinder(n, x, y int) bool {
	return (x < 7 && y < 7) || (x >= n-7 && y < 7) || (x < 7 && y >= n-7)
}

// finderOrigins returns the top-left module of each finder pattern.
func finderOrigins(n int) [3][2]int {
	return [3][2]int{{0, 0}, {n - 7, 0}, {0, n - 7}}
}

// alignmentOrigins returns the top-left module of each 5×5 alignment
// pattern, skipping the three positions that overlap finder patterns.
func alignmentOrigins(version int) [][2]int {
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
