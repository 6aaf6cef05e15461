package qrcode

import (
	"fmt"
)

// Rectangular Micro QR Code, rMQR (ISO/IEC 23941:2022): 32 sizes from
// 7×43 to 17×139 modules (height × width), levels M and H only, one finder
// pattern at the top left, a finder sub-pattern at the bottom right, a
// single data mask and a quiet zone of two modules (§6.3.8). Sizes are
// numbered 0 to 31 here in the order of the version indicator (§7.9.1,
// Table 9): R7x43 is 0, R17x139 is 31.

// RMQRSize is one of the 32 rMQR sizes with the facts that differ between
// them.
type RMQRSize struct {
	Height, Width int
	// Alignment holds the columns of the alignment patterns' centres
	// (Annex D, Table D.1).
	Alignment []int
	// Count is the character count indicator's length in numeric,
	// alphanumeric, byte and Kanji mode (§7.4.1, Table 3).
	Count [modeCount]int
	// Total is the number of codewords (Table 7); M and H the block
	// structure at each level (§7.5.1, Table 8).
	Total int
	M, H  rmqrBlocks
}

// rmqrBlocks is a level's error correction: every block has ecc
// error-correction codewords; short blocks hold data codewords, then
// long blocks hold data+1 (Table 8).
type rmqrBlocks struct {
	ecc, short, data, long int
}

func (b rmqrBlocks) blocks() int       { return b.short + b.long }
func (b rmqrBlocks) dataTotal() int    { return b.short*b.data + b.long*(b.data+1) }
func (b rmqrBlocks) codewords() int    { return b.dataTotal() + b.blocks()*b.ecc }
func (s *RMQRSize) Designator() string { return fmt.Sprintf("R%dx%d", s.Height, s.Width) }

// Modules is the symbol's area without the quiet zone.
func (s *RMQRSize) Modules() int { return s.Height * s.Width }

// Alignment-pattern columns by width (Annex D, Table D.1).
var (
	align27  = []int(nil)
	align43  = []int{21}
	align59  = []int{19, 39}
	align77  = []int{25, 51}
	align99  = []int{23, 49, 75}
	align139 = []int{27, 55, 83, 111}
)

// RMQRSizes are the 32 sizes in version-indicator order. Counts: Table 3;
// totals: Table 7; blocks: Table 8 (checked against zxing-cpp's reader and
// zint's writer, which agree; rmqrcode-python has two errors here,
// R13x27-M and R17x43-M).
var RMQRSizes = [32]RMQRSize{
	{7, 43, align43, [4]int{4, 3, 3, 2}, 13, rmqrBlocks{7, 1, 6, 0}, rmqrBlocks{10, 1, 3, 0}},
	{7, 59, align59, [4]int{5, 5, 4, 3}, 21, rmqrBlocks{9, 1, 12, 0}, rmqrBlocks{14, 1, 7, 0}},
	{7, 77, align77, [4]int{6, 5, 5, 4}, 32, rmqrBlocks{12, 1, 20, 0}, rmqrBlocks{22, 1, 10, 0}},
	{7, 99, align99, [4]int{7, 6, 5, 5}, 44, rmqrBlocks{16, 1, 28, 0}, rmqrBlocks{30, 1, 14, 0}},
	{7, 139, align139, [4]int{7, 6, 6, 5}, 68, rmqrBlocks{24, 1, 44, 0}, rmqrBlocks{22, 2, 12, 0}},
	{9, 43, align43, [4]int{5, 5, 4, 3}, 21, rmqrBlocks{9, 1, 12, 0}, rmqrBlocks{14, 1, 7, 0}},
	{9, 59, align59, [4]int{6, 5, 5, 4}, 33, rmqrBlocks{12, 1, 21, 0}, rmqrBlocks{22, 1, 11, 0}},
	{9, 77, align77, [4]int{7, 6, 5, 5}, 49, rmqrBlocks{18, 1, 31, 0}, rmqrBlocks{16, 1, 8, 1}},
	{9, 99, align99, [4]int{7, 6, 6, 5}, 66, rmqrBlocks{24, 1, 42, 0}, rmqrBlocks{22, 2, 11, 0}},
	{9, 139, align139, [4]int{8, 7, 6, 6}, 99, rmqrBlocks{18, 1, 31, 1}, rmqrBlocks{22, 3, 11, 0}},
	{11, 27, align27, [4]int{4, 4, 3, 2}, 15, rmqrBlocks{8, 1, 7, 0}, rmqrBlocks{10, 1, 5, 0}},
	{11, 43, align43, [4]int{6, 5, 5, 4}, 31, rmqrBlocks{12, 1, 19, 0}, rmqrBlocks{20, 1, 11, 0}},
	{11, 59, align59, [4]int{7, 6, 5, 5}, 47, rmqrBlocks{16, 1, 31, 0}, rmqrBlocks{16, 1, 7, 1}},
	{11, 77, align77, [4]int{7, 6, 6, 5}, 67, rmqrBlocks{24, 1, 43, 0}, rmqrBlocks{22, 1, 11, 1}},
	{11, 99, align99, [4]int{8, 7, 6, 6}, 89, rmqrBlocks{16, 1, 28, 1}, rmqrBlocks{30, 1, 14, 1}},
	{11, 139, align139, [4]int{8, 7, 7, 6}, 132, rmqrBlocks{24, 2, 42, 0}, rmqrBlocks{30, 3, 14, 0}},
	{13, 27, align27, [4]int{5, 5, 4, 3}, 21, rmqrBlocks{9, 1, 12, 0}, rmqrBlocks{14, 1, 7, 0}},
	{13, 43, align43, [4]int{6, 6, 5, 5}, 41, rmqrBlocks{14, 1, 27, 0}, rmqrBlocks{28, 1, 13, 0}},
	{13, 59, align59, [4]int{7, 6, 6, 5}, 60, rmqrBlocks{22, 1, 38, 0}, rmqrBlocks{20, 2, 10, 0}},
	// The 2018 draft gave R13x77 an 8-bit numeric count; the published
	// Table 3 has 7, which zxing-cpp reads and current zint writes.
	{13, 77, align77, [4]int{7, 7, 6, 6}, 85, rmqrBlocks{16, 1, 26, 1}, rmqrBlocks{28, 1, 14, 1}},
	{13, 99, align99, [4]int{8, 7, 7, 6}, 113, rmqrBlocks{20, 1, 36, 1}, rmqrBlocks{26, 1, 11, 2}},
	{13, 139, align139, [4]int{8, 8, 7, 7}, 166, rmqrBlocks{20, 2, 35, 1}, rmqrBlocks{28, 2, 13, 2}},
	{15, 43, align43, [4]int{7, 6, 6, 5}, 51, rmqrBlocks{18, 1, 33, 0}, rmqrBlocks{18, 1, 7, 1}},
	{15, 59, align59, [4]int{7, 7, 6, 5}, 74, rmqrBlocks{26, 1, 48, 0}, rmqrBlocks{24, 2, 13, 0}},
	{15, 77, align77, [4]int{8, 7, 7, 6}, 103, rmqrBlocks{18, 1, 33, 1}, rmqrBlocks{24, 2, 10, 1}},
	{15, 99, align99, [4]int{8, 7, 7, 6}, 136, rmqrBlocks{24, 2, 44, 0}, rmqrBlocks{22, 4, 12, 0}},
	{15, 139, align139, [4]int{9, 8, 7, 7}, 199, rmqrBlocks{24, 2, 42, 1}, rmqrBlocks{26, 1, 13, 4}},
	{17, 43, align43, [4]int{7, 6, 6, 5}, 61, rmqrBlocks{22, 1, 39, 0}, rmqrBlocks{20, 1, 10, 1}},
	{17, 59, align59, [4]int{8, 7, 6, 6}, 88, rmqrBlocks{16, 2, 28, 0}, rmqrBlocks{30, 2, 14, 0}},
	{17, 77, align77, [4]int{8, 7, 7, 6}, 122, rmqrBlocks{22, 2, 39, 0}, rmqrBlocks{28, 1, 12, 2}},
	{17, 99, align99, [4]int{8, 8, 7, 6}, 160, rmqrBlocks{20, 2, 33, 1}, rmqrBlocks{26, 4, 14, 0}},
	{17, 139, align139, [4]int{9, 8, 8, 7}, 232, rmqrBlocks{20, 4, 38, 0}, rmqrBlocks{26, 2, 12, 4}},
}

// RMQRHas reports whether rMQR has level l: M and H only (§6.5.1).
func RMQRHas(l Level) bool { return l == M || l == H }

func (s *RMQRSize) blocks(l Level) rmqrBlocks {
	if l == H {
		return s.H
	}
	return s.M
}

// DataCodewords is the number of data codewords of the size at level l
// (M or H).
func (s *RMQRSize) DataCodewords(l Level) int { return s.blocks(l).dataTotal() }

// rmqrIndicators are the 3-bit mode indicators (§7.4.1, Table 2):
// numeric 001, alphanumeric 010, byte 011, Kanji 100; ECI is 111 and the
// terminator 000.
var rmqrIndicators = [modeCount]uint32{0b001, 0b010, 0b011, 0b100}

func (s *RMQRSize) fields() *fields {
	return &fields{indicator: rmqrIndicators, indicatorBits: 3, countBits: s.Count, eci: 0b111}
}

// rmqrMaxBytes bounds the data any rMQR holds: R17x139-M, the largest,
// holds 361 digits and every character takes at least a byte.
const rmqrMaxBytes = 361

// RMQRSymbol is an encoded rMQR: Height rows of Width modules, row-major,
// true = dark, without the quiet zone.
type RMQRSymbol struct {
	Size    int // index into RMQRSizes
	Level   Level
	Width   int
	Height  int
	Modules []bool
}

// Designator names the symbol as the standard does: "R13x77-M".
func (s *RMQRSymbol) Designator() string {
	return fmt.Sprintf("%s-%s", RMQRSizes[s.Size].Designator(), s.Level)
}

// RMQRPlan is data encoded for one rMQR size: the segments differ from
// size to size since the character count fields do.
type RMQRPlan struct {
	Size int
	bits *BitStream
}

// Fits reports whether the plan's size holds the data at level l.
func (p *RMQRPlan) Fits(l Level) bool {
	return RMQRHas(l) && p.bits.len <= RMQRSizes[p.Size].DataCodewords(l)*8
}

// Bits is the length of the encoded data in bits.
func (p *RMQRPlan) Bits() int { return p.bits.len }

// PlanRMQR encodes data for size (0 to 31) with an ECI header naming its
// character set when eci is not 0 (at most 127), or in Kanji mode when
// that is shorter, as FitECI does for QR Code.
func PlanRMQR(data []byte, size, eci int) (*RMQRPlan, error) {
	if size < 0 || size >= len(RMQRSizes) {
		return nil, fmt.Errorf("qrcode: rMQR size %d is not 0 to 31", size)
	}
	if eci < 0 || eci > 127 {
		return nil, fmt.Errorf("qrcode: ECI %d is not 0 to 127", eci)
	}
	if len(data) == 0 {
		return nil, ErrEmpty
	}
	if len(data) > rmqrMaxBytes {
		return nil, ErrTooLong
	}
	bits, err := RMQRSizes[size].fields().bits(data, eci)
	if err != nil {
		return nil, ErrTooLong // a segment longer than the size's count field can say
	}
	return &RMQRPlan{Size: size, bits: bits}, nil
}

// FitRMQR is the plan for the rMQR size with the fewest modules that holds
// data at level l (M or H) among sizes allows (nil: every size). Of two
// sizes with as many modules, R7x99 and R9x77 (693), it takes the taller,
// which holds more, as zint does.
func FitRMQR(data []byte, l Level, eci int, allows func(RMQRSize) bool) (*RMQRPlan, error) {
	if !RMQRHas(l) {
		return nil, fmt.Errorf("qrcode: rMQR has levels M and H only, not %s", l)
	}
	var best *RMQRPlan
	for i := range RMQRSizes {
		s := &RMQRSizes[i]
		if allows != nil && !allows(*s) {
			continue
		}
		if best != nil {
			b := &RMQRSizes[best.Size]
			if s.Modules() > b.Modules() || s.Modules() == b.Modules() && s.Height < b.Height {
				continue
			}
		}
		p, err := PlanRMQR(data, i, eci)
		if err != nil {
			if err == ErrTooLong {
				continue
			}
			return nil, err
		}
		if p.Fits(l) {
			best = p
		}
	}
	if best == nil {
		return nil, ErrTooLong
	}
	return best, nil
}

// Symbol builds the plan's size at level l, or returns ErrTooLong when
// the data does not fit it at that level.
func (p *RMQRPlan) Symbol(l Level) (*RMQRSymbol, error) {
	if !RMQRHas(l) {
		return nil, fmt.Errorf("qrcode: rMQR has levels M and H only, not %s", l)
	}
	if !p.Fits(l) {
		return nil, ErrTooLong
	}
	s := &RMQRSizes[p.Size]
	b := s.blocks(l)
	codewords := rmqrInterleave(rmqrFinish(p.bits, b.dataTotal()), b)
	return &RMQRSymbol{Size: p.Size, Level: l, Width: s.Width, Height: s.Height, Modules: placeRMQR(codewords, p.Size, l)}, nil
}

// rmqrFinish adds the 3-bit terminator, zero bits to the codeword boundary
// and the pad codewords 11101100 and 00010001 in turn (§7.4.9, §7.4.10).
func rmqrFinish(bits *BitStream, capacity int) []byte {
	out := make([]byte, capacity)
	copy(out, bits.bytes)
	for i, pad := (bits.len+3+7)/8, byte(0xEC); i < capacity; i, pad = i+1, pad^0xEC^0x11 {
		out[i] = pad
	}
	return out
}

// rmqrInterleave splits the data codewords into blocks, short blocks
// first, adds each block's Reed–Solomon codewords (§7.5.2, the generator
// polynomials of QR Code) and interleaves them as QR Code does (§7.6).
func rmqrInterleave(data []byte, b rmqrBlocks) []byte {
	n := b.blocks()
	starts := make([]int, n+1)
	ecc := make([]byte, n*b.ecc)
	for i := 0; i < n; i++ {
		size := b.data
		if i >= b.short {
			size++
		}
		starts[i+1] = starts[i] + size
		copy(ecc[i*b.ecc:], microRemainder(data[starts[i]:starts[i+1]], b.ecc))
	}
	out := make([]byte, 0, len(data)+len(ecc))
	for i := 0; i <= b.data; i++ {
		for k := 0; k < n; k++ {
			if starts[k]+i < starts[k+1] {
				out = append(out, data[starts[k]+i])
			}
		}
	}
	for i := 0; i < b.ecc; i++ {
		for k := 0; k < n; k++ {
			out = append(out, ecc[k*b.ecc+i])
		}
	}
	return out
}
