package render

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

// alignmentCentres returns the row/column coordinates of alignment pattern
// centres for a version (§6.3.6, Annex E Table E.1). Version 1 has none.
func alignmentCentres(version int) []int {
	if version < 2 {
		return nil
	}
	n := 17 + 4*version
	count := version/7 + 2
	// Annex E spacing: equal steps from the last coordinate back towards 6,
	// rounded up to an even number; version 32 is the one irregular step.
	step := 26
	if version != 32 {
		step = (version*4 + count*2 + 1) / (count*2 - 2) * 2
	}
	coords := make([]int, count)
	coords[0] = 6
	for i := count - 1; i >= 1; i-- {
		coords[i] = n - 7 - (count-1-i)*step
	}
	return coords
}

// alignmentOrigins returns the top-left module of each 5×5 alignment
// pattern, skipping the three positions that overlap finder patterns.
func alignmentOrigins(version int) [][2]int {
	centres := alignmentCentres(version)
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
