package qrcode

import "fmt"

// rMQR symbol structure (ISO/IEC 23941:2022 §6.3): function patterns,
// codeword placement, the data mask and the format information.

// rmqrGrid is a symbol being built: dark modules and the function modules
// that carry no codeword bits.
type rmqrGrid struct {
	w, h     int
	dark     []bool
	function []bool
}

func (g *rmqrGrid) set(x, y int, dark bool) {
	g.dark[y*g.w+x] = dark
	g.function[y*g.w+x] = true
}

// rmqrFunctionPatterns draws everything but the data and the format
// information, and reserves the format information's modules.
func rmqrFunctionPatterns(w, h int, alignment []int) *rmqrGrid {
	g := &rmqrGrid{w: w, h: h, dark: make([]bool, w*h), function: make([]bool, w*h)}
	// §6.3.5: timing patterns along all four edges, dark on even
	// positions, so that each corner module is dark.
	for x := 0; x < w; x++ {
		g.set(x, 0, x%2 == 0)
		g.set(x, h-1, x%2 == 0)
	}
	for y := 0; y < h; y++ {
		g.set(0, y, y%2 == 0)
		g.set(w-1, y, y%2 == 0)
	}
	// §6.3.6: each alignment pattern column is a vertical timing pattern
	// from edge to edge, dark on even rows, with a 3×3 ring at the top and
	// the bottom (its centre light).
	for _, c := range alignment {
		for y := 0; y < h; y++ {
			g.set(c, y, y%2 == 0)
		}
		for _, y := range []int{1, 2, h - 3, h - 2} {
			g.set(c-1, y, true)
			g.set(c+1, y, true)
		}
	}
	// §6.3.7: corner finder patterns: an L of three dark modules at the
	// top right (the edge's two and one below the corner) and at the
	// bottom left, drawn before the finder pattern: R7's bottom-left one
	// lies within it, and R9's separator row covers part of it.
	g.set(w-2, 0, true)
	g.set(w-2, 1, false)
	g.set(w-1, 1, true)
	g.set(0, h-2, true)
	g.set(1, h-2, false)
	g.set(1, h-1, true)
	// §6.3.3: the finder pattern, 7×7 at the top left, rings at distance
	// 0, 1 and 3 from its centre dark, and its separator: a light column
	// to its right and, where the symbol is taller than it, a light row
	// beneath.
	for y := 0; y < min(h, 8); y++ {
		for x := 0; x < 8; x++ {
			d := max(abs(x-3), abs(y-3))
			g.set(x, y, d != 2 && d < 4)
		}
	}
	// §6.3.4: the finder sub-pattern, 5×5 at the bottom right: a dark
	// ring, a light ring and a dark centre.
	for y := h - 5; y < h; y++ {
		for x := w - 5; x < w; x++ {
			g.set(x, y, max(abs(x-(w-3)), abs(y-(h-3))) != 1)
		}
	}
	// §7.9.1: format information: 3×5 modules beside the separator and
	// three more in the next column (left), 3×5 left of the sub-pattern
	// and three more above it (right).
	for i := 0; i < 5; i++ {
		for j := 0; j < 3; j++ {
			g.set(8+j, 1+i, false)
			g.set(w-8+j, h-6+i, false)
		}
	}
	for i := 0; i < 3; i++ {
		g.set(11, 1+i, false)
		g.set(w-5+i, h-6, false)
	}
	return g
}

// rmqrMask is the one data mask of rMQR (§7.8.2), for row i and column j:
// QR Code's pattern 100.
func rmqrMask(i, j int) bool { return (i/2+j/3)%2 == 0 }

// placeRMQR draws the symbol of size for the interleaved codewords at
// level l: function patterns, codewords (§7.7.3), mask and format
// information.
func placeRMQR(codewords []byte, size int, l Level) []bool {
	s := &RMQRSizes[size]
	w, h := s.Width, s.Height
	g := rmqrFunctionPatterns(w, h, s.Alignment)
	// §7.7.3: bits fill two-module columns from the right (the right edge
	// column is timing), upwards first then alternately, skipping function
	// modules; the modules left over are remainder bits, 0.
	order := rmqrDataModules(g)
	total := len(codewords) * 8
	for k, i := range order {
		if k < total {
			g.dark[i] = codewords[k/8]>>(7-uint(k%8))&1 == 1
		}
		if rmqrMask(i/w, i%w) {
			g.dark[i] = !g.dark[i]
		}
	}
	if len(order) < total {
		panic(fmt.Sprintf("qrcode: %s has %d data modules for %d bits", s.Designator(), len(order), total))
	}
	writeRMQRFormat(g, rmqrFormat(size, l, false), rmqrFormat(size, l, true))
	return g.dark
}

// rmqrDataModules lists g's modules that are not function modules in
// placement order, each as row×width+column (§7.7.3).
func rmqrDataModules(g *rmqrGrid) []int {
	w, h := g.w, g.h
	order := make([]int, 0, w*h)
	up := true
	for right := w - 2; right > 0; right -= 2 {
		for r := 0; r < h; r++ {
			y := r
			if up {
				y = h - 1 - r
			}
			for _, x := range [2]int{right, right - 1} {
				if i := y*w + x; !g.function[i] {
					order = append(order, i)
				}
			}
		}
		up = !up
	}
	return order
}

// rmqrFormat is the 18-bit format information (§7.9.1): the level (0 for
// M, 1 for H) and the 5-bit version indicator, a BCH(18,6) code with the
// generator 1111100100101 (that of QR Code's version information), XORed
// with the mask of the finder pattern's side, 011111101010110010, or of
// the sub-pattern's, 100000101001111011 (Annex C).
func rmqrFormat(size int, l Level, subPattern bool) uint32 {
	d := uint32(size)
	if l == H {
		d |= 1 << 5
	}
	rem := d << 12
	for i := 17; i >= 12; i-- {
		if rem&(1<<uint(i)) != 0 {
			rem ^= 0x1F25 << uint(i-12)
		}
	}
	mask := uint32(0b011111101010110010)
	if subPattern {
		mask = 0b100000101001111011
	}
	return (d<<12 | rem) ^ mask
}

// writeRMQRFormat puts bits 0 to 14 in columns 8, 9 and 10, rows 1 to 5,
// five a column from the top, and bits 15 to 17 in column 11, rows 1 to 3;
// the right copy mirrors that beside the sub-pattern: bits 0 to 14 in
// columns w-8 to w-6, rows h-6 to h-2, and bits 15 to 17 in row h-6,
// columns w-5 to w-3 (§7.9.1, Figure 22).
func writeRMQRFormat(g *rmqrGrid, left, right uint32) {
	w, h := g.w, g.h
	for j := 0; j < 3; j++ {
		for i := 0; i < 5; i++ {
			g.dark[(1+i)*w+8+j] = left>>uint(5*j+i)&1 == 1
			g.dark[(h-6+i)*w+w-8+j] = right>>uint(5*j+i)&1 == 1
		}
	}
	for i := 0; i < 3; i++ {
		g.dark[(1+i)*w+11] = left>>uint(15+i)&1 == 1
		g.dark[(h-6)*w+w-5+i] = right>>uint(15+i)&1 == 1
	}
}

// RMQRFunctionModules marks the function modules of size (0 to 31), row
// by row: patterns, separator and format information, which carry no
// codeword bits. Drawings keep them square (ISO/IEC 23941 §6.3: readers
// find the symbol by its timing and alignment patterns).
func RMQRFunctionModules(size int) []bool {
	s := &RMQRSizes[size]
	return rmqrFunctionPatterns(s.Width, s.Height, s.Alignment).function
}
