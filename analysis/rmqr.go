package analysis

import (
	"math"
	"math/bits"

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
// orientation o.
func readRMQR(b *binImage, f finderMark, o [4]float64) (found, bool) {
	g := gridAt(f, o)
	// §7.9.1, Figure 22: bits 0 to 14 down columns 8, 9 and 10 from row 1,
	// five a column; bits 15 to 17 down column 11.
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
	e, ok := nearestRMQRFormat(word, false)
	if !ok {
		return readRMQRByRightFormat(b, g)
	}
	return readRMQRSize(b, g, e)
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
func readRMQRByRightFormat(b *binImage, g moduleGrid) (found, bool) {
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
	return readRMQRSize(b, g, e)
}

// readRMQRSize reads the symbol of the size and level e says.
func readRMQRSize(b *binImage, g moduleGrid, e rmqrFormatEntry) (found, bool) {
	s := &qrcode.RMQRSizes[e.size]
	for _, mg := range []moduleGrid{g.fitted(b, s.Width, s.Height), g} {
		if text, ok := rmqrData(b, mg, e); ok {
			return found{text: text, corners: mg.corners(s.Width, s.Height), symbol: "rmqr", designator: s.Designator() + "-" + e.level.String()}, true
		}
	}
	return found{}, false
}

// rmqrData samples the codewords, unmasks them, undoes the interleaving
// of §7.6, corrects each block (§7.5) and reads the segments.
func rmqrData(b *binImage, g moduleGrid, e rmqrFormatEntry) (string, bool) {
	s := &qrcode.RMQRSizes[e.size]
	ecc, short, dataLen, long := s.Blocks(e.level)
	blocks := short + long
	total := s.DataCodewords(e.level) + blocks*ecc
	codewords := make([]byte, total)
	for k, i := range qrcode.RMQRDataModules(e.size) {
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
