package analysis

import (
	"math/bits"
	"sync"

	"github.com/qrforge/qrforge/render/qrcode"
)

// The Micro QR reader (ISO/IEC 18004:2015, M1 to M4): a finder pattern
// (symbolgrid.go), the format information beside it, the module grid its
// version gives, and the codewords read back in the order qrforge's
// encoder places them (qrcode.MicroDataModules).

// microFormatEntry is one valid format information word and what it
// says: the version, the level and the data mask.
type microFormatEntry struct {
	word    uint32
	version int
	level   qrcode.Level
	mask    int
}

// microFormats are the 32 format words (§7.9.2, Table 13: eight symbol
// numbers, four masks), made by the encoder.
var microFormats = func() []microFormatEntry {
	var out []microFormatEntry
	for v := 1; v <= 4; v++ {
		for _, l := range []qrcode.Level{qrcode.Detect, qrcode.L, qrcode.M, qrcode.Q} {
			if !qrcode.MicroHas(v, l) {
				continue
			}
			for m := 0; m < 4; m++ {
				out = append(out, microFormatEntry{qrcode.MicroFormat(v, l, m), v, l, m})
			}
		}
	}
	return out
}()

// formatTolerance is how many bits of a format word may be misread: the
// BCH codes of Micro QR (15,5) and rMQR (18,6) both correct three.
const formatTolerance = 3

// microCounts are the character count widths by version and mode
// (numeric, alphanumeric, byte, Kanji; §7.4.1, Table 3); 0 where the
// version lacks the mode.
var microCounts = [5][4]int{
	1: {3, 0, 0, 0},
	2: {4, 3, 0, 0},
	3: {5, 4, 4, 3},
	4: {6, 5, 5, 4},
}

// readMicro reads a Micro QR Code whose finder pattern is f, its rows
// along orientation o, turned by up to a few degrees.
func readMicro(b *binImage, f finderMark, o [4]float64) (found, bool) {
	for _, deg := range smallTurns(17) {
		g := gridAt(f, o, deg)
		e, ok := microFormatAt(b, g)
		if !ok {
			continue
		}
		n := 2*e.version + 9
		for _, mg := range []moduleGrid{g.fitted(b, n, n), g} {
			if microTimingErrors(b, mg, n) > 2 || !mg.quiet(b, n, n) {
				continue
			}
			if text, ok := microData(b, mg, e); ok {
				sym := &qrcode.MicroSymbol{Version: e.version, Level: e.level}
				return found{text: text, corners: mg.corners(n, n), symbol: "micro", designator: sym.Designator()}, true
			}
		}
	}
	return found{}, false
}

// microFormatAt reads the format information: §7.9.2, Figure 26: bits 14
// to 7 along row 8 from column 1, bits 0 to 7 down column 8 from row 1.
func microFormatAt(b *binImage, g moduleGrid) (microFormatEntry, bool) {
	var word uint32
	for i := 0; i < 8; i++ {
		if g.dark(b, 8, i+1) {
			word |= 1 << uint(14-i)
		}
		if g.dark(b, i+1, 8) {
			word |= 1 << uint(i)
		}
	}
	best, dist := microFormatEntry{}, formatTolerance+1
	for _, e := range microFormats {
		if d := bits.OnesCount32(e.word ^ word); d < dist {
			best, dist = e, d
		}
	}
	return best, dist <= formatTolerance
}

// microTimingErrors counts the modules of the timing patterns along row 0
// and column 0 (§6.3.5: dark on even positions from 8) that the grid
// misreads.
func microTimingErrors(b *binImage, g moduleGrid, n int) int {
	errs := 0
	for i := 8; i < n; i++ {
		want := i%2 == 0
		if g.dark(b, 0, i) != want {
			errs++
		}
		if g.dark(b, i, 0) != want {
			errs++
		}
	}
	return errs
}

// microData samples the data modules, unmasks them, corrects the one
// block and reads its segments.
func microData(b *binImage, g moduleGrid, e microFormatEntry) (string, bool) {
	v, l := e.version, e.level
	n := 2*v + 9
	capacity := qrcode.MicroCapacity(v, l)
	ecc := qrcode.MicroECC(v, l)
	dataBytes := (capacity + 7) / 8
	block := make([]byte, dataBytes+ecc)
	// §7.7.3: the data capacity's bits first (the last data codeword of M1
	// and M3 has 4 bits, the high half of its byte), then the
	// error-correction codewords.
	for k, i := range microOrders[v]() {
		row, col := i/n, i%n
		if g.dark(b, row, col) == qrcode.MicroMask(e.mask, row, col) {
			continue // a light module after unmasking: bit 0
		}
		pos := k
		if k >= capacity {
			pos = k - capacity + dataBytes*8
		}
		block[pos/8] |= 0x80 >> uint(pos%8)
	}
	// M1 detects errors only (§6.5.1).
	maxErrors := 0
	if v > 1 {
		maxErrors = correctable(ecc)
	}
	if !correct(block, ecc, maxErrors) {
		return "", false
	}
	if capacity%8 != 0 && block[dataBytes-1]&0x0F != 0 {
		return "", false // the 4-bit codeword's low half is not part of it
	}
	return microSegments(block[:dataBytes], capacity, v)
}

// microSegments reads the segments of version v from the data bits: mode
// indicators of v-1 bits (0 numeric, 1 alphanumeric, 2 byte, 3 Kanji;
// Table 2), counts by microCounts, up to a terminator of 2v+1 zero bits
// (§7.4.9) or the end of the capacity.
func microSegments(data []byte, capacity, v int) (string, bool) {
	r := &bitReader{data: data, limit: capacity}
	var t textBuilder
	for r.left() > 0 && !r.zeros(2*v+1) {
		m, ok := r.read(v - 1)
		if !ok || m > 3 || microCounts[v][m] == 0 {
			return "", false
		}
		count, ok := r.read(microCounts[v][m])
		if !ok || count == 0 {
			return "", false
		}
		if t.segment(r, segmentMode(m), count) != nil {
			return "", false
		}
	}
	if t.out.Len() == 0 || v == 1 && !microPadded(r, v) {
		return "", false
	}
	return t.out.String(), true
}

// microPadded reports whether the bits after the last segment are what
// §7.4.9 and §7.4.10 prescribe: the terminator (cut short at the end of
// the capacity), zero bits to the codeword boundary, the pad codewords
// 11101100 and 00010001 in turn, and a final 4-bit codeword of 0000 in
// M1 and M3. Only M1 is held to it: it has only two codewords for
// detecting errors, so its data must be checked all the way to the end,
// while M2 to M4 have Reed-Solomon codewords enough, and encoders pad
// them differently (segno's M3 codes fail the check).
func microPadded(r *bitReader, v int) bool {
	r.pos = min(r.limit, r.pos+2*v+1) // zeros already checked
	if k := (8 - r.pos%8) % 8; k > 0 {
		if bits, ok := r.read(min(k, r.left())); !ok || bits != 0 {
			return false
		}
	}
	for pad := 0xEC; r.left() >= 8; pad ^= 0xEC ^ 0x11 {
		if b, _ := r.read(8); b != pad {
			return false
		}
	}
	rest, _ := r.read(r.left())
	return rest == 0
}

// microOrders are each version's placement order, made once.
var microOrders = [5]func() []int{
	1: sync.OnceValue(func() []int { return qrcode.MicroDataModules(1) }),
	2: sync.OnceValue(func() []int { return qrcode.MicroDataModules(2) }),
	3: sync.OnceValue(func() []int { return qrcode.MicroDataModules(3) }),
	4: sync.OnceValue(func() []int { return qrcode.MicroDataModules(4) }),
}
