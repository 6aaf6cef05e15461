package qrcode

import (
	"errors"
	"fmt"
)

// Micro QR Code (ISO/IEC 18004:2015): versions M1 to M4, 11 to 17 modules
// square, one finder pattern, timing patterns along the top and left edges
// and a quiet zone of two modules (§6.3.8). Versions are numbered 1 to 4
// here, for M1 to M4.

// Detect is the level of M1, which detects errors but corrects none
// (§6.5.1, Table 8).
const Detect Level = -1

// MicroSymbol is an encoded Micro QR Code: Size×Size modules, row-major,
// true = dark, without the quiet zone.
type MicroSymbol struct {
	Version  int   // 1 to 4 for M1 to M4
	Level    Level // Detect for M1; L or M for M2 and M3; L, M or Q for M4
	Mask     int   // 0 to 3 (§7.8.2, Table 10)
	Size     int
	Modules  []bool
	Segments []MicroSegment
}

// Designator is the symbol's name in the standard: "M1", "M2-L", ...
func (s *MicroSymbol) Designator() string {
	if s.Version == 1 {
		return "M1"
	}
	return fmt.Sprintf("M%d-%s", s.Version, s.Level)
}

// microEC holds, by version and level (L, M, Q), the data capacity in
// bits and the error-correction codewords of each Micro QR symbol (Table 7
// and Table 9); the symbol has one block. M1 is stored under L. M1 and M3
// end their data on a 4-bit codeword, so their capacities are not whole
// bytes.
var microEC = [5][3]struct{ dataBits, ecc int }{
	1: {{20, 2}},
	2: {{40, 5}, {32, 6}},
	3: {{84, 6}, {68, 8}},
	4: {{128, 8}, {112, 10}, {80, 14}},
}

// microTerminator is the terminator's length by version (Table 2).
var microTerminator = [5]int{1: 3, 2: 5, 3: 7, 4: 9}

// MicroHas reports whether version v (1 to 4) has level l: Detect for M1
// only, Q for M4 only, never H.
func MicroHas(v int, l Level) bool {
	switch {
	case v < 1 || v > 4:
		return false
	case v == 1:
		return l == Detect
	case l < L || l > Q:
		return false
	}
	return microEC[v][l].dataBits > 0
}

func microRow(v int, l Level) int {
	if v == 1 {
		return 0
	}
	return int(l)
}

// MicroCapacity is the data capacity in bits of version v at level l, 0
// when the symbol does not exist.
func MicroCapacity(v int, l Level) int {
	if !MicroHas(v, l) {
		return 0
	}
	return microEC[v][microRow(v, l)].dataBits
}

// ErrNoMicroLevel says that no Micro QR symbol has the level asked for.
var ErrNoMicroLevel = errors.New("qrcode: Micro QR has levels L, M (M2 to M4) and Q (M4) only")

// MicroBits is the length of data in its best segments for version v, -1
// when v cannot encode it.
func MicroBits(data []byte, v int) int {
	if v < 1 || v > 4 || len(data) == 0 {
		return -1
	}
	_, bits := microPlan(data, v)
	return bits
}

// FitMicro is the smallest Micro QR version holding data at level l:
// Detect allows M1 as well as the others at their lowest level.
func FitMicro(data []byte, l Level) (int, error) {
	if len(data) == 0 {
		return 0, ErrEmpty
	}
	if l == H || l < Detect || l > H {
		return 0, ErrNoMicroLevel
	}
	for v := 1; v <= 4; v++ {
		level := l
		if l == Detect && v > 1 {
			level = L
		}
		if c := MicroCapacity(v, level); c > 0 {
			if bits := MicroBits(data, v); bits >= 0 && bits <= c {
				return v, nil
			}
		}
	}
	return 0, ErrTooLong
}

// EncodeMicro builds version v at level l for data; mask -1 chooses the
// mask by the Micro QR evaluation (§7.8.3.2).
func EncodeMicro(data []byte, v int, l Level, mask int) (*MicroSymbol, error) {
	if len(data) == 0 {
		return nil, ErrEmpty
	}
	if !MicroHas(v, l) {
		return nil, fmt.Errorf("qrcode: there is no Micro QR symbol M%d at level %s", v, l)
	}
	if mask < -1 || mask > 3 {
		return nil, fmt.Errorf("qrcode: Micro QR mask %d is not 0 to 3", mask)
	}
	plan, n := microPlan(data, v)
	capacity := MicroCapacity(v, l)
	if n < 0 || n > capacity {
		return nil, ErrTooLong
	}
	codewords := microCodewords(plan.bits(data, v), v, capacity)
	modules, chosen := placeMicro(codewords, v, l, capacity, mask)
	size := 2*v + 9
	return &MicroSymbol{Version: v, Level: l, Mask: chosen, Size: size, Modules: modules, Segments: plan.segments(data)}, nil
}

// microCodewords completes the data bits and adds the error-correction
// codewords. §7.4.9: the terminator, cut short at the capacity; §7.4.10:
// zero bits to the codeword boundary, then the pad codewords 11101100 and
// 00010001 in turn, the final 4-bit codeword of M1 and M3 padded with 0000.
// That 4-bit codeword enters the Reed–Solomon division as the high half of
// a byte (§7.5.2).
func microCodewords(bits *BitStream, v, capacity int) []byte {
	for t := min(microTerminator[v], capacity-bits.len); t > 0; t-- {
		bits.append(0, 1)
	}
	for bits.len%8 != 0 && bits.len < capacity {
		bits.append(0, 1)
	}
	for pad := uint32(0xEC); bits.len+8 <= capacity; pad ^= 0xEC ^ 0x11 {
		bits.append(pad, 8)
	}
	for bits.len < capacity {
		bits.append(0, 1)
	}
	data := bits.bytes[:(capacity+7)/8]
	return append(append([]byte(nil), data...), microRemainder(data, eccLength(v, capacity))...)
}

func eccLength(v, capacity int) int {
	for _, e := range microEC[v] {
		if e.dataBits == capacity {
			return e.ecc
		}
	}
	panic("qrcode: no Micro QR row for this capacity")
}

// microRemainder is the Reed–Solomon codewords of data (§7.5.2) for an
// ecc-codeword code; the generator ∏(x − αⁱ), i < ecc, is built here as
// Micro QR needs degrees (2, 5, 6, 8, 10, 14) that QR Code does not all
// use.
func microRemainder(data []byte, ecc int) []byte {
	gen := make([]byte, ecc+1) // highest power first
	gen[0] = 1
	for i := 0; i < ecc; i++ {
		root := gfExp[i]
		for j := i + 1; j > 0; j-- {
			gen[j] ^= gfMul(gen[j-1], root)
		}
	}
	rem := make([]byte, ecc)
	for _, d := range data {
		factor := d ^ rem[0]
		copy(rem, rem[1:])
		rem[ecc-1] = 0
		for i := range rem {
			rem[i] ^= gfMul(gen[i+1], factor)
		}
	}
	return rem
}

// microFunction reports whether (x, y) of an M-version of side n is a
// function module: the finder and its separator, the format information
// beside them (§7.9.2) and the timing patterns along row 0 and column 0
// (§6.3.5).
func microFunction(x, y int) bool {
	return (x <= 8 && y <= 8) || x == 0 || y == 0
}

// microMasks are the four Micro QR data masks, patterns 001, 100, 110 and
// 111 of QR Code (§7.8.2, Table 10), for row i and column j.
var microMasks = [4]func(i, j int) bool{
	func(i, j int) bool { return i%2 == 0 },
	func(i, j int) bool { return (i/2+j/3)%2 == 0 },
	func(i, j int) bool { return ((i*j)%2+(i*j)%3)%2 == 0 },
	func(i, j int) bool { return ((i+j)%2+(i*j)%3)%2 == 0 },
}

// MicroDataModules lists the data modules of version v (1 to 4) in
// placement order, each as row×side+column: §7.7.3 fills two-module
// columns from the right, upwards first and then alternately, skipping
// function modules. Readers take the bits back in the same order.
func MicroDataModules(v int) []int {
	n := 2*v + 9
	var data []int
	up := true
	for right := n - 1; right > 0; right -= 2 {
		for r := 0; r < n; r++ {
			y := r
			if up {
				y = n - 1 - r
			}
			for _, x := range []int{right, right - 1} {
				if !microFunction(x, y) {
					data = append(data, y*n+x)
				}
			}
		}
		up = !up
	}
	return data
}

// placeMicro draws the function patterns, places the codeword bits and
// masks them (mask -1: the mask with the highest score), then writes the
// format information.
func placeMicro(codewords []byte, v int, l Level, capacity, mask int) ([]bool, int) {
	n := 2*v + 9
	base := make([]bool, n*n)
	// Finder (§6.3.3): rings at distance 0, 1 and 3 from the centre (3, 3)
	// are dark; the separator (distance 4) is light.
	for y := 0; y < 8; y++ {
		for x := 0; x < 8; x++ {
			d := max(abs(x-3), abs(y-3))
			base[y*n+x] = d != 2 && d != 4
		}
	}
	for i := 8; i < n; i++ { // timing, dark on even positions
		base[i] = i%2 == 0
		base[i*n] = i%2 == 0
	}

	// §7.7.3: the bits fill two-module columns from the right, upwards
	// first and then alternately, skipping function modules. Only the data
	// capacity's bits of the data codewords are placed (the 4-bit final
	// codeword of M1 and M3), then the error-correction codewords.
	dataBytes := (capacity + 7) / 8
	bit := func(k int) bool {
		if k < capacity {
			return codewords[k/8]>>(7-uint(k%8))&1 == 1
		}
		k = k - capacity + dataBytes*8
		return codewords[k/8]>>(7-uint(k%8))&1 == 1
	}
	total := capacity + 8*(len(codewords)-dataBytes)
	data := MicroDataModules(v)
	if len(data) != total {
		panic(fmt.Sprintf("qrcode: M%d has %d data modules for %d bits", v, len(data), total))
	}
	for k, i := range data {
		base[i] = bit(k)
	}

	masked := func(m int) []bool {
		out := make([]bool, len(base))
		copy(out, base)
		for _, i := range data {
			if microMasks[m](i/n, i%n) {
				out[i] = !out[i]
			}
		}
		return out
	}
	var best []bool
	if mask >= 0 {
		best = masked(mask)
	} else {
		bestScore := -1
		for m := range microMasks {
			trial := masked(m)
			if s := microMaskScore(trial, n); s > bestScore {
				best, bestScore, mask = trial, s, m
			}
		}
	}
	writeMicroFormat(best, n, microFormat(v, l, mask))
	return best, mask
}

// microMaskScore is §7.8.3.2's evaluation: SUM1 and SUM2 count the dark
// modules of the right and the bottom edge, timing modules excluded, and
// the score is the smaller ×16 plus the larger; the highest score wins.
func microMaskScore(m []bool, n int) int {
	sum1, sum2 := 0, 0
	for i := 1; i < n; i++ {
		if m[i*n+n-1] {
			sum1++
		}
		if m[(n-1)*n+i] {
			sum2++
		}
	}
	if sum1 > sum2 {
		sum1, sum2 = sum2, sum1
	}
	return sum1*16 + sum2
}

// microSymbolNumber is Table 13's symbol number, by version and level.
func microSymbolNumber(v int, l Level) int {
	return [5]int{1: 0, 2: 1, 3: 3, 4: 5}[v] + microRow(v, l)
}

// microFormat is the 15-bit format information (§7.9.2): the symbol
// number (3 bits) and the mask (2 bits), a BCH(15,5) code with generator
// 10100110111, XORed with 100010001000101 (Annex C).
func microFormat(v int, l Level, mask int) uint32 {
	d := uint32(microSymbolNumber(v, l)<<2 | mask)
	rem := d << 10
	for i := 14; i >= 10; i-- {
		if rem&(1<<uint(i)) != 0 {
			rem ^= 0x537 << uint(i-10)
		}
	}
	return (d<<10 | rem) ^ 0x4445
}

// writeMicroFormat puts bits 14 (most significant) to 7 in row 8,
// columns 1 to 8, and bits 0 to 7 in column 8, rows 1 to 8 (§7.9.2,
// Figure 26).
func writeMicroFormat(m []bool, n int, f uint32) {
	for i := 0; i < 8; i++ {
		m[8*n+i+1] = f>>(14-uint(i))&1 == 1
		m[(i+1)*n+8] = f>>uint(i)&1 == 1
	}
}
