package qrcode

import "slices"

// A finder pattern is dark, light, dark, light and dark in the proportions
// 1:1:3:1:1 across its centre, along rows and columns alike (ISO/IEC
// 18004:2015 §6.3.3). Data modules can form the same cross by chance.
// ZXing's detector, which Android apps and gozxing share, scans rows from
// the top and stops once three candidates agree in module size, so a
// false finder above the bottom-left one takes its place and the symbol is
// not found: one random link in a hundred and thirty at version 8 to 19,
// one in thirty of the links a logo grows to version 14 (gozxing, 8 and 10
// px a module). The penalty of §7.8.3.1 rule 3 counts such a cross only
// beside four light modules, so the mask that scores best can keep one.
// The tolerances below are the detector's: each run within half a module
// of its share across rows and columns, within three quarters along the
// diagonal.

// finderRatio reports whether runs, dark first, are in the proportions
// 1:1:3:1:1 within tolerance (a fraction of the module they imply).
func finderRatio(runs [5]int, tolerance float64) bool {
	module := float64(total(runs)) / 7
	for i, share := range [5]float64{1, 1, 3, 1, 1} {
		want := share * module
		if d := float64(runs[i]) - want; runs[i] == 0 || d <= -want*tolerance || d >= want*tolerance {
			return false
		}
	}
	return true
}

// acrossAccepted reports whether runs across a row or column pass the
// detector: within 40 % of the 7 modules the row gave, and 1:1:3:1:1.
func acrossAccepted(runs [5]int) bool {
	return 5*abs(total(runs)-7) < 14 && finderRatio(runs, 0.5)
}

// crossCheck follows a line (n modules, light beyond) from index i, which
// must be dark, as the detector checks a candidate across: the dark run
// holding i, then on each side a light run and a dark run, the outer ones
// no longer than limit modules (shorter than limit after i). It gives the
// five runs and the centre of the dark run, in modules from the line's
// start.
func crossCheck(line func(int) byte, n, i, limit int) (runs [5]int, centre float64, ok bool) {
	at := func(j int) byte {
		if j < 0 || j >= n {
			return 0
		}
		return line(j)
	}
	if at(i) == 0 {
		return runs, 0, false
	}
	lo, hi := i, i
	for at(lo-1) == 1 {
		lo--
	}
	for at(hi+1) == 1 {
		hi++
	}
	runs[2] = hi - lo + 1
	j := lo - 1
	for ; at(j) == 0 && runs[1] <= limit; j-- {
		runs[1]++
	}
	for ; at(j) == 1 && runs[0] <= limit; j-- {
		runs[0]++
	}
	j = hi + 1
	for ; at(j) == 0 && runs[3] < limit; j++ {
		runs[3]++
	}
	for ; at(j) == 1 && runs[4] < limit; j++ {
		runs[4]++
	}
	if runs[1] > limit || runs[0] > limit || runs[3] >= limit || runs[4] >= limit {
		return runs, 0, false
	}
	return runs, float64(lo) + float64(runs[2])/2, true
}

func total(runs [5]int) int { return runs[0] + runs[1] + runs[2] + runs[3] + runs[4] }

// diagonalRuns are the five runs of the diagonal from the top left through
// the point (cx, cy), in modules, counted in pixels at scale pixels a
// module, as the detector steps one pixel at a time from a centre it
// rounds down to a pixel.
func diagonalRuns(m []byte, size int, cx, cy float64, scale int) [5]int {
	px, py := int(cx*float64(scale)), int(cy*float64(scale))
	// Light beyond the symbol, up to a quiet zone of four modules.
	edge := 4 * scale
	dark := func(t int) (byte, bool) {
		x, y := px+t, py+t
		if x < -edge || y < -edge || x >= size*scale+edge || y >= size*scale+edge {
			return 0, false
		}
		if x < 0 || y < 0 || x >= size*scale || y >= size*scale {
			return 0, true
		}
		return m[(y/scale)*size+x/scale], true
	}
	var runs [5]int
	for _, step := range [2]int{-1, 1} {
		t := 0
		if step > 0 {
			t = 1
		}
		for k, want := range [3]byte{1, 0, 1} {
			for v, in := dark(t); in && v == want; v, in = dark(t) {
				runs[2+step*k]++
				t += step
			}
		}
	}
	return runs
}

// diagonalTolerance is the detector's along the diagonal: a module over
// 1.333, a hair more than three quarters.
const diagonalTolerance = 1 / 1.333

// hasFalseFinder reports whether the masked modules m (1 dark) of a symbol
// size modules wide hold, outside its three finder patterns, a cross that
// the detector accepts as a finder of the symbol's own module size: a row
// of exactly 1:1:3:1:1 modules, and the column, the row again and the
// diagonal through its centre within the detector's tolerances.
func hasFalseFinder(m []byte, size int) bool {
	inFinder := func(x, y int) bool {
		return (x < 8 || x >= size-8) && y < 8 || x < 8 && y >= size-8
	}
	for y := 0; y < size; y++ {
		row := m[y*size : (y+1)*size]
		for x := 3; x < size-3; x++ {
			// x is the middle of exactly 1:1:3:1:1 modules, light beyond.
			if row[x]&row[x-1]&row[x+1]&row[x-3]&row[x+3] == 0 || row[x-2]|row[x+2] != 0 ||
				x >= 4 && row[x-4] != 0 || x+4 < size && row[x+4] != 0 || inFinder(x, y) {
				continue
			}
			v, cy, ok := crossCheck(func(i int) byte { return m[i*size+x] }, size, y, 3)
			if !ok || !acrossAccepted(v) {
				continue
			}
			across := m[int(cy)*size : (int(cy)+1)*size]
			h, cx, ok := crossCheck(func(i int) byte { return across[i] }, size, x, 3)
			if !ok || !acrossAccepted(h) {
				continue
			}
			// The diagonal's runs depend on where pixels fall: any scale
			// a camera may see counts.
			for scale := 2; scale <= 12; scale++ {
				if finderRatio(diagonalRuns(m, size, cx, cy, scale), diagonalTolerance) {
					return true
				}
			}
		}
	}
	return false
}

// maskOrder is the masks from the lowest penalty to the highest, the lower
// number first on a tie.
func maskOrder(penalties [8]int) []int {
	order := []int{0, 1, 2, 3, 4, 5, 6, 7}
	slices.SortStableFunc(order, func(a, b int) int { return penalties[a] - penalties[b] })
	return order
}
