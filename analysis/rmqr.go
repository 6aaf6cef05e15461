package analysis

import (
	"math"
	"math/bits"
	"sync"

	"github.com/qrforge/qrforge/render/qrcode"
)

// The rMQR reader (ISO/IEC 23941:2022): the finder pattern at the top
// left (symbolgrid.go), the format information beside it, which names the
// size, and the codewords read back in the order qrforge's encoder
// places them (qrcode.RMQRDataModules).

// rmqrFormatEntry is one valid format word and the size and level it
// says.
type rmqrFormatEntry struct {
	left, right uint32
	size        int
	level       qrcode.Level
}

// rmqrFormats are the 64 format words of both copies (§7.9.1: a level
// bit and a 5-bit size, BCH(18,6), each copy with its own mask), made by
// the encoder.
var rmqrFormats = func() []rmqrFormatEntry {
	var out []rmqrFormatEntry
	for size := range qrcode.RMQRSizes {
		for _, l := range []qrcode.Level{qrcode.M, qrcode.H} {
			out = append(out, rmqrFormatEntry{qrcode.RMQRFormat(size, l, false), qrcode.RMQRFormat(size, l, true), size, l})
		}
	}
	return out
}()

// readRMQR reads an rMQR whose finder pattern is f, its rows along
// orientation o, turned by up to a few degrees.
func readRMQR(b *binImage, f finderMark, o [4]float64) (found, bool) {
	// The format information lies within 12 modules of the finder: whole
	// degrees find it, and its size says how finely to turn the grid.
	for _, deg := range smallTurns(12) {
		g := gridAt(f, o, deg)
		if e, ok := leftRMQRFormat(b, g); ok {
			if c, ok := readRMQRSize(b, f, o, deg, e); ok {
				return c, true
			}
		} else if deg == 0 {
			if c, ok := readRMQRByRightFormat(b, f, o, g); ok {
				return c, true
			}
		}
	}
	return found{}, false
}

// leftRMQRFormat reads the format information beside the finder pattern:
// §7.9.1, Figure 22: bits 0 to 14 down columns 8, 9 and 10 from row 1,
// five a column; bits 15 to 17 down column 11.
func leftRMQRFormat(b *binImage, g moduleGrid) (rmqrFormatEntry, bool) {
	var word uint32
	for j := 0; j < 3; j++ {
		for i := 0; i < 5; i++ {
			if g.dark(b, 1+i, 8+j) {
				word |= 1 << uint(5*j+i)
			}
		}
	}
	for i := 0; i < 3; i++ {
		if g.dark(b, 1+i, 11) {
			word |= 1 << uint(15+i)
		}
	}
	return nearestRMQRFormat(word, false)
}

func nearestRMQRFormat(word uint32, right bool) (rmqrFormatEntry, bool) {
	best, dist := rmqrFormatEntry{}, formatTolerance+1
	for _, e := range rmqrFormats {
		w := e.left
		if right {
			w = e.right
		}
		if d := bits.OnesCount32(w ^ word); d < dist {
			best, dist = e, d
		}
	}
	return best, dist <= formatTolerance
}

// readRMQRByRightFormat reads the copy of the format information beside
// the finder sub-pattern when the left one is damaged: the symbol's
// extent, measured along the timing patterns, says where it is.
func readRMQRByRightFormat(b *binImage, f finderMark, o [4]float64, g moduleGrid) (found, bool) {
	w := int(math.Round(g.extent(b, true, 139)))
	h := int(math.Round(g.extent(b, false, 17)))
	if w < 27 || h < 7 {
		return found{}, false
	}
	// §7.9.1: bits 0 to 14 down columns w-8 to w-6 from row h-6, bits 15
	// to 17 along row h-6 from column w-5.
	var word uint32
	for j := 0; j < 3; j++ {
		for i := 0; i < 5; i++ {
			if g.dark(b, h-6+i, w-8+j) {
				word |= 1 << uint(5*j+i)
			}
		}
	}
	for i := 0; i < 3; i++ {
		if g.dark(b, h-6, w-5+i) {
			word |= 1 << uint(15+i)
		}
	}
	e, ok := nearestRMQRFormat(word, true)
	if !ok {
		return found{}, false
	}
	return readRMQRSize(b, f, o, 0, e)
}

// readRMQRSize reads the symbol of the size and level e says, its grid
// turned by about deg: of the turns within half a degree of it, fine
// enough for the symbol's width, the one whose function patterns read
// best, its pitch fitted to the symbol's extent.
func readRMQRSize(b *binImage, f finderMark, o [4]float64, deg float64, e rmqrFormatEntry) (found, bool) {
	s := &qrcode.RMQRSizes[e.size]
	ref := rmqrPatterns[e.size]()
	var best moduleGrid
	bestErrs := math.MaxInt
	for _, turn := range smallTurns(s.Width) {
		if math.Abs(turn) > 0.5 {
			continue
		}
		g := gridAt(f, o, deg+turn).fitted(b, s.Width, s.Height)
		if errs := ref.errors(b, g); errs < bestErrs {
			best, bestErrs = g, errs
		}
	}
	// A tenth of the function modules misread, or no quiet zone: not
	// this symbol here.
	if bestErrs > ref.count/10 || !best.quiet(b, s.Width, s.Height) {
		return found{}, false
	}
	if text, ok := rmqrData(b, best, e); ok {
		return found{text: text, corners: best.corners(s.Width, s.Height), symbol: "rmqr", designator: s.Designator() + "-" + e.level.String()}, true
	}
	return found{}, false
}

// rmqrReference is the function patterns of one size, outside the format
// information, as a reader checks a grid against them.
type rmqrReference struct {
	width   int
	modules []int // row×width+column
	dark    []bool
	count   int
}

// errors counts the function modules g misreads.
func (r *rmqrReference) errors(b *binImage, g moduleGrid) int {
	errs := 0
	for k, i := range r.modules {
		if g.dark(b, i/r.width, i%r.width) != r.dark[k] {
			errs++
		}
	}
	return errs
}

// rmqrPatterns and rmqrOrders are each size's function patterns and
// placement order, made once, when first read.
var (
	rmqrPatterns [32]func() *rmqrReference
	rmqrOrders   [32]func() []int
)

func init() {
	for size := range rmqrPatterns {
		rmqrPatterns[size] = sync.OnceValue(func() *rmqrReference {
			s := &qrcode.RMQRSizes[size]
			dark, function := qrcode.RMQRFunctionPattern(size)
			r := &rmqrReference{width: s.Width}
			for i, f := range function {
				x, y := i%s.Width, i/s.Width
				if !f || inRMQRFormat(x, y, s.Width, s.Height) {
					continue
				}
				r.modules = append(r.modules, i)
				r.dark = append(r.dark, dark[i])
			}
			r.count = len(r.modules)
			return r
		})
		rmqrOrders[size] = sync.OnceValue(func() []int { return qrcode.RMQRDataModules(size) })
	}
}

// inRMQRFormat reports whether (x, y) holds format information (§7.9.1).
func inRMQRFormat(x, y, w, h int) bool {
	left := (x >= 8 && x <= 10 && y >= 1 && y <= 5) || (x == 11 && y >= 1 && y <= 3)
	right := (x >= w-8 && x <= w-6 && y >= h-6 && y <= h-2) || (y == h-6 && x >= w-5 && x <= w-3)
	return left || right
}

// rmqrData samples the codewords, unmasks them, undoes the interleaving
// of §7.6, corrects each block (§7.5) and reads the segments.
func rmqrData(b *binImage, g moduleGrid, e rmqrFormatEntry) (string, bool) {
	s := &qrcode.RMQRSizes[e.size]
	ecc, short, dataLen, long := s.Blocks(e.level)
	blocks := short + long
	total := s.DataCodewords(e.level) + blocks*ecc
	codewords := make([]byte, total)
	for k, i := range rmqrOrders[e.size]() {
		if k >= total*8 {
			break // remainder bits
		}
		row, col := i/s.Width, i%s.Width
		if g.dark(b, row, col) != qrcode.RMQRMask(row, col) {
			codewords[k/8] |= 0x80 >> uint(k%8)
		}
	}
	// §7.6: data codewords in turn from each block, short blocks first,
	// the long blocks' extra one last; then the error-correction
	// codewords in turn.
	sizes := make([]int, blocks)
	for i := range sizes {
		sizes[i] = dataLen
		if i >= short {
			sizes[i]++
		}
	}
	split := make([][]byte, blocks)
	for i := range split {
		split[i] = make([]byte, 0, sizes[i]+ecc)
	}
	k := 0
	for i := 0; i <= dataLen; i++ {
		for j := range split {
			if i < sizes[j] {
				split[j] = append(split[j], codewords[k])
				k++
			}
		}
	}
	for i := 0; i < ecc; i++ {
		for j := range split {
			split[j] = append(split[j], codewords[k])
			k++
		}
	}
	data := make([]byte, 0, s.DataCodewords(e.level))
	for j, blk := range split {
		if !correct(blk, ecc, correctable(ecc)) {
			return "", false
		}
		data = append(data, blk[:sizes[j]]...)
	}
	return rmqrSegments(data, s.Count)
}

// rmqrSegments reads the segments: 3-bit mode indicators (§7.4.1, Table
// 2: 001 numeric, 010 alphanumeric, 011 byte, 100 Kanji, 111 ECI, 000 the
// terminator) and the size's count widths (Table 3).
func rmqrSegments(data []byte, counts [4]int) (string, bool) {
	r := &bitReader{data: data, limit: 8 * len(data)}
	var t textBuilder
	for r.left() >= 3 {
		ind, _ := r.read(3)
		if ind == 0 {
			break
		}
		if ind == 0b111 {
			if t.readECI(r) != nil {
				return "", false
			}
			continue
		}
		if ind > 0b100 {
			return "", false // FNC1 modes: not written by qrforge, not read
		}
		m := segmentMode(ind - 1)
		count, ok := r.read(counts[m])
		if !ok || count == 0 {
			return "", false
		}
		if t.segment(r, m, count) != nil {
			return "", false
		}
	}
	if t.out.Len() == 0 {
		return "", false
	}
	return t.out.String(), true
}
