// Package deflate writes zlib streams (RFC 1950 around RFC 1951) for
// raster images drawn on a grid of cells, as a QR code is: each module
// row is drawn scale pixels high, and the same module shapes recur along
// and across rows.
//
// A general compressor looks for repeats at every byte; this one is told
// where rows and cells begin and looks only there. Each row is first
// matched against the row above, which covers every cell whose shape does
// not change from one pixel row to the next. Where that breaks, the match
// is cut back to the start of its cell and the cell is looked up: in the
// distance the previous row used at the same column, since the rows of
// one band of modules copy the same earlier cells; in the rows mirrored
// about a band's middle, for shapes symmetric top to bottom; and in a
// table of cells seen before, keyed by their first eight bytes. One
// dynamic Huffman block carries the result.
//
// On the anti-aliased rows of QR codes at 512 and 1024 px this takes 0.4
// to 0.8 times the time of klauspost/compress at level 5, for output from
// 6 % smaller to 12 % larger (render's BenchmarkShadedDeflate;
// BENCHMARKS.md, "Styled PNGs").
package deflate

import (
	"bytes"
	"encoding/binary"
	"math/bits"
)

const (
	windowSize = 1 << 15 // farthest back-reference, RFC 1951 §2
	maxMatch   = 258     // longest back-reference, RFC 1951 §3.2.5
	minMatch   = 4       // shorter matches rarely pay for their codes
	keyBytes   = 8       // a cell is looked up by its first eight bytes
	// goodEnough is a match long enough that the costlier candidates are
	// not tried.
	goodEnough = 64
	tableBits  = 12
	maxSymbols = 286 // literal/length alphabet, RFC 1951 §3.2.5
	distances  = 30
	endOfBlock = 256
	// maxBlockTokens bounds the token buffer: a longer stream is written
	// as several blocks, each with its own code.
	maxBlockTokens = 1 << 16
)

// A token is a literal byte (bits 0-7), or a back-reference with
// matchFlag set: distance in bits 0-15, length less 3 in bits 16-23, its
// length code in bits 24-28 and distance code in bits 32-36, kept so that
// writing the block need not look them up again.
type token uint64

const matchFlag token = 1 << 63

// Encoder holds the working memory of compression, reused across calls;
// it is not safe for concurrent use.
type Encoder struct {
	// Repeats, when it holds a flag per row, marks the rows its caller
	// drew as copies of the row above: they are coded as copies without
	// being compared. A row marked wrongly is coded wrongly.
	Repeats []bool
	// Pixel, when more than 1, is the bytes of a pixel: a cell of one
	// colour in truecolour repeats its first pixel, not its first byte.
	Pixel int

	data    []byte
	stride  int
	anchors []int32 // cell starts within a row, ascending
	// cellStart[x] is the last cell start at or before column x of a row,
	// nextCell[x] the first after it (or the stride).
	cellStart, nextCell []int32
	tokens              []token
	cells               [1 << tableBits]int32 // position+1 of the last cell looked up with each key hash

	prevRow, thisRow []rowMatch // the matches of the last two rows

	litCounts  [maxSymbols]int32
	distCounts [distances]int32
	lit, dist  huffmanCode
	lengths    huffmanCode // the code-length code, RFC 1951 §3.2.7
	builder    huffmanBuilder
	header     []uint8 // code lengths, run-length coded
	w          bitWriter
}

// rowMatch is a back-reference of a row: columns [start, end) copied
// from dist bytes back.
type rowMatch struct{ start, end, dist int32 }

// RowSum sums a row's bytes: Sum is their sum and Weighted the sum of
// each times its offset in the row. A drawing that knows them already
// spares the encoder its pass over the data for Adler-32.
type RowSum struct{ Sum, Weighted uint64 }

// Zlib appends to dst the zlib stream of data and returns the extended
// slice. Rows of data are stride bytes long (the last may be shorter);
// cells are the offsets within a row at which cells begin. With no cells,
// or a stride out of range, every eighth byte starts one. sums, if it
// has one entry per row, holds the rows' sums; else they are computed.
func (e *Encoder) Zlib(dst, data []byte, stride int, cells []int, sums []RowSum) []byte {
	if stride <= 0 || stride > len(data) {
		stride = max(len(data), 1)
	}
	if len(sums) != (len(data)+stride-1)/stride {
		sums = nil
	}
	e.setCells(stride, cells)
	e.data, e.stride = data, stride
	e.w = bitWriter{out: dst}
	// CMF 0x78: deflate with a 32 KiB window; FLG 0x9C: default level, and
	// CMF·256 + FLG a multiple of 31 (RFC 1950 §2.2).
	e.w.out = append(e.w.out, 0x78, 0x9c)
	e.startBlock()
	clear(e.cells[:])
	e.prevRow = e.prevRow[:0]

	repeats := e.Repeats
	if len(repeats) != (len(data)+stride-1)/stride || stride > windowSize {
		repeats = nil
	}
	var total, rowSum rowSums
	for r, start := 0, 0; start < len(data); r, start = r+1, start+stride {
		end := min(start+stride, len(data))
		var same bool
		if repeats != nil && repeats[r] && r > 0 && end-start == stride {
			same = e.repeatRow(start, end)
		} else {
			same = e.row(start, end)
		}
		switch {
		case sums != nil:
			// b weighs each byte by its distance from the row's end.
			n, s := uint64(end-start), sums[r]
			rowSum = rowSums{uint32(s.Sum % adlerModulus), uint32((n*s.Sum - s.Weighted) % adlerModulus)}
		case !same || end-start != stride:
			rowSum = sumsOf(data[start:end]) // else it equals the row above
		}
		total = total.then(rowSum, end-start)
	}
	e.writeBlock(true)
	e.w.flush()
	e.data = nil
	return binary.BigEndian.AppendUint32(e.w.out, total.checksum(len(data)))
}

func (e *Encoder) setCells(stride int, cells []int) {
	e.anchors = e.anchors[:0]
	last := -1
	for _, c := range cells {
		if c > last && c < stride {
			e.anchors = append(e.anchors, int32(c))
			last = c
		}
	}
	if len(e.anchors) == 0 {
		for c := 0; c < stride; c += keyBytes {
			e.anchors = append(e.anchors, int32(c))
		}
	}
	if e.anchors[0] != 0 {
		e.anchors = append(e.anchors, 0)
		copy(e.anchors[1:], e.anchors)
		e.anchors[0] = 0
	}
	e.cellStart = resize(e.cellStart, stride+1)
	k := 0
	for x := range e.cellStart {
		for k+1 < len(e.anchors) && int(e.anchors[k+1]) <= x {
			k++
		}
		e.cellStart[x] = e.anchors[k]
	}
	e.nextCell = resize(e.nextCell, stride+1)
	next := int32(stride)
	for x := stride; x >= 0; x-- {
		e.nextCell[x] = next
		if e.cellStart[x] == int32(x) {
			next = int32(x)
		}
	}
}

// row tokenizes data[start:end] and reports whether it equals the row
// above.
func (e *Encoder) row(start, end int) (same bool) {
	data, stride := e.data, e.stride
	prev, k := e.prevRow, 0
	e.thisRow = e.thisRow[:0]
	if start >= stride && stride <= windowSize && bytes.Equal(data[start-stride:end-stride], data[start:end]) {
		return e.repeatRow(start, end)
	}
	same = start >= stride
	above := same && stride <= windowSize
	// aboveEnd is where the row above was last found to differ from this
	// one: a match with it from there or before ends there, uncompared.
	aboveEnd := -1
	for i := start; i < end; {
		limit := min(maxMatch, end-i)
		if limit < minMatch {
			for ; i < end; i++ {
				e.literal(data[i])
			}
			same = false
			break
		}
		best, dist := 0, 0
		if above {
			if i <= aboveEnd {
				best = aboveEnd - i
			} else if best = commonPrefix(data[i-stride:], data[i:i+limit]); best < limit {
				aboveEnd = i + best
			}
			dist = stride
		}
		x := i - start
		prevDist := 0
		if best < limit {
			for k < len(prev) && int(prev[k].end) <= x {
				k++
			}
			if k < len(prev) && int(prev[k].start) <= x {
				prevDist = int(prev[k].dist)
				if goesOn(data, i, prevDist, best, dist) {
					if n := commonPrefix(data[i-prevDist:], data[i:i+limit]); n > best {
						best, dist = n, prevDist
					}
				}
			}
		}
		// Shapes symmetric about a band's middle row repeat its rows in
		// reverse order below it: a row copies the one two above, the
		// next the one four above, and so on.
		if best < limit && best < goodEnough {
			if d := 2 * stride; d <= windowSize && goesOn(data, i, d, best, dist) {
				if n := commonPrefix(data[i-d:], data[i:i+limit]); n > best {
					best, dist = n, d
				}
			}
			if d := prevDist + 2*stride; prevDist != 0 && best < limit && d <= windowSize && goesOn(data, i, d, best, dist) {
				if n := commonPrefix(data[i-d:], data[i:i+limit]); n > best {
					best, dist = n, d
				}
			}
		}
		if best < limit && best < goodEnough && int(e.cellStart[x]) == x && limit >= keyBytes {
			h := keyHash(data[i:])
			if c := int(e.cells[h]) - 1; c >= 0 && i-c <= windowSize && i-c != dist && data[c+best] == data[i+best] {
				if n := commonPrefix(data[c:], data[i:i+limit]); n > best {
					best, dist = n, i-c
				}
			}
			e.cells[h] = int32(i + 1)
		}
		if best < minMatch {
			// A cell of one colour, a module's row in a colour no other
			// cell has (a gradient's step), is a pixel's literals and its
			// run.
			if p := max(e.Pixel, 1); limit > p {
				if run := commonPrefix(data[i:], data[i+p:i+limit]); run >= minMatch {
					for range p {
						e.literal(data[i])
						i++
					}
					e.match(run, p)
					i += run
					same = false
					continue
				}
			}
			// No match here: literals up to the next cell, where the
			// lookups begin again.
			next := min(start+int(e.nextCell[x]), end)
			for ; i < next; i++ {
				e.literal(data[i])
			}
			same = false
			continue
		}
		// A match that breaks inside a cell is cut back to where the cell
		// begins, for the cell's own bytes are better found from its start.
		if best < limit {
			if c := int(e.cellStart[x+best]); c > x+minMatch-1 {
				best = c - x
			}
		}
		e.match(best, dist)
		same = same && dist == stride
		e.thisRow = append(e.thisRow, rowMatch{int32(x), int32(x + best), int32(dist)})
		i += best
	}
	e.prevRow, e.thisRow = e.thisRow, prev
	return same
}

// repeatRow tokenizes data[start:end], equal to the row above, as row
// would, at once: the longest matches of the row above, and literals for
// a tail too short for one.
func (e *Encoder) repeatRow(start, end int) (same bool) {
	e.thisRow = e.thisRow[:0]
	same = true
	for i := start; i < end; {
		limit := min(maxMatch, end-i)
		if limit < minMatch {
			for ; i < end; i++ {
				e.literal(e.data[i])
			}
			same = false
			break
		}
		e.match(limit, e.stride)
		e.thisRow = append(e.thisRow, rowMatch{int32(i - start), int32(i - start + limit), int32(e.stride)})
		i += limit
	}
	e.prevRow, e.thisRow = e.thisRow, e.prevRow
	return same
}

// goesOn reports whether the match at i from d bytes back may be longer
// than best, the match so far from dist back: a candidate is compared in
// full only if it goes on where the best so far stops.
func goesOn(data []byte, i, d, best, dist int) bool {
	return d != dist && d <= i && data[i-d+best] == data[i+best]
}

func keyHash(b []byte) uint32 {
	return uint32(binary.LittleEndian.Uint64(b) * 0x9E3779B97F4A7C15 >> (64 - tableBits))
}

// commonPrefix is the length of the common prefix of a and b, which is no
// longer than b.
func commonPrefix(a, b []byte) int {
	n := 0
	for n+8 <= len(b) {
		if x := binary.LittleEndian.Uint64(a[n:]) ^ binary.LittleEndian.Uint64(b[n:]); x != 0 {
			return n + bits.TrailingZeros64(x)/8
		}
		n += 8
	}
	for n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}

func (e *Encoder) literal(b byte) {
	e.tokens = append(e.tokens, token(b))
	e.litCounts[b]++
	if len(e.tokens) >= maxBlockTokens {
		e.writeBlock(false)
	}
}

func (e *Encoder) match(length, dist int) {
	lc, dc := lengthCode[length-3], distanceCode(dist)
	e.tokens = append(e.tokens, matchFlag|token(dc)<<32|token(lc)<<24|token(length-3)<<16|token(dist))
	e.litCounts[257+int(lc)]++
	e.distCounts[dc]++
	if len(e.tokens) >= maxBlockTokens {
		e.writeBlock(false)
	}
}

func (e *Encoder) startBlock() {
	e.tokens = e.tokens[:0]
	clear(e.litCounts[:])
	clear(e.distCounts[:])
}

// writeBlock writes the tokens so far as one block with dynamic Huffman
// codes (RFC 1951 §3.2.7) and starts the next.
func (e *Encoder) writeBlock(final bool) {
	e.litCounts[endOfBlock]++
	e.builder.build(&e.lit, e.litCounts[:], 15)
	e.builder.build(&e.dist, e.distCounts[:], 15)
	nLit := usedLength(e.lit.lengths, 257)
	nDist := usedLength(e.dist.lengths, 1)

	// The two code's lengths form one sequence, run-length coded with
	// symbols 16-18, and that sequence has a Huffman code of its own.
	e.header = runLengths(e.header[:0], e.lit.lengths[:nLit], e.dist.lengths[:nDist])
	var clCounts [19]int32
	for i := 0; i < len(e.header); i += 2 {
		clCounts[e.header[i]]++
	}
	e.builder.build(&e.lengths, clCounts[:], 7)
	nCL := 19
	for nCL > 4 && e.lengths.lengths[codeLengthOrder[nCL-1]] == 0 {
		nCL--
	}

	w := &e.w
	// At most 8 bytes per token, and the header.
	w.reserve(8*len(e.tokens) + 512)
	w.bits(uint64(b2u(final))|2<<1, 3) // BFINAL, BTYPE 10: dynamic codes
	w.bits(uint64(nLit-257), 5)
	w.bits(uint64(nDist-1), 5)
	w.bits(uint64(nCL-4), 4)
	for _, s := range codeLengthOrder[:nCL] {
		w.bits(uint64(e.lengths.lengths[s]), 3)
	}
	for i := 0; i < len(e.header); i += 2 {
		s := e.header[i]
		w.bits(uint64(e.lengths.codes[s]), uint(e.lengths.lengths[s]))
		switch s {
		case 16:
			w.bits(uint64(e.header[i+1]), 2)
		case 17:
			w.bits(uint64(e.header[i+1]), 3)
		case 18:
			w.bits(uint64(e.header[i+1]), 7)
		}
	}

	e.writeTokens()
	w.bits(uint64(e.lit.codes[endOfBlock]), uint(e.lit.lengths[endOfBlock]))
	e.startBlock()
}

// writeTokens writes the tokens in the block's codes. Each token is one
// write of at most 48 bits, so that with fewer than 8 bits pending the
// accumulator takes it whole and whole bytes are stored at once, without
// a test per token for when to store them.
func (e *Encoder) writeTokens() {
	w := &e.w
	for w.n >= 8 {
		w.out = append(w.out, byte(w.acc))
		w.acc >>= 8
		w.n -= 8
	}
	// A literal's code, and a length code's with its count of extra bits,
	// as code | bits<<16 | extra<<24.
	var lits [maxSymbols]uint32
	for s, n := range e.lit.lengths {
		lits[s] = uint32(e.lit.codes[s]) | uint32(n)<<16
	}
	for lc := range lengthExtra {
		lits[257+lc] |= uint32(lengthExtra[lc]) << 24
	}
	var dists [distances]uint32
	for d, n := range e.dist.lengths {
		dists[d] = uint32(e.dist.codes[d]) | uint32(n)<<16 | uint32(distanceExtra[d])<<24
	}
	out, at := w.out[:cap(w.out)], len(w.out) // reserve made room for 8 bytes a token
	acc, n := w.acc, uint64(w.n)
	// Shift counts are masked to 63, which they never exceed, so that
	// each shift is one instruction.
	for _, t := range e.tokens {
		var v, size uint64
		if t&matchFlag == 0 {
			c := lits[t&0xff]
			v, size = uint64(c&0xffff), uint64(c>>16)
		} else {
			lc := t >> 24 & 0x1f
			l := uint64(lits[257+lc])
			extra := uint64(t>>16&0xff) + 3 - uint64(lengthBase[lc])
			v, size = l&0xffff|extra<<(l>>16&63), l>>16&0xff+l>>24
			dc := t >> 32 & 0x1f
			d := uint64(dists[dc])
			extra = uint64(t&0xffff) - uint64(distanceBase[dc])
			v |= (d&0xffff | extra<<(d>>16&63)) << (size & 63)
			size += d>>16&0xff + d>>24
		}
		acc |= v << (n & 63)
		n += size
		binary.LittleEndian.PutUint64(out[at:], acc)
		at += int(n >> 3)
		acc >>= n & 56
		n &= 7
	}
	w.out, w.acc, w.n = out[:at], acc, uint(n)
}

func b2u(b bool) uint {
	if b {
		return 1
	}
	return 0
}

// usedLength is the number of symbols up to the last with a code, at least least.
func usedLength(lengths []uint8, least int) int {
	n := len(lengths)
	for n > least && lengths[n-1] == 0 {
		n--
	}
	return n
}

// runLengths appends the code lengths of lit then dist as pairs of a
// code-length symbol and its extra bits: 0-15 a length, 16 the previous
// length 3-6 times, 17 zero 3-10 times, 18 zero 11-138 times (RFC 1951
// §3.2.7). A run may cross from one code into the other.
func runLengths(out []uint8, lit, dist []uint8) []uint8 {
	at := func(i int) uint8 {
		if i < len(lit) {
			return lit[i]
		}
		return dist[i-len(lit)]
	}
	n := len(lit) + len(dist)
	for i := 0; i < n; {
		l := at(i)
		run := 1
		for i+run < n && at(i+run) == l {
			run++
		}
		i += run
		if l == 0 {
			for run >= 11 {
				k := min(run, 138)
				out = append(out, 18, uint8(k-11))
				run -= k
			}
			if run >= 3 {
				out = append(out, 17, uint8(run-3))
				run = 0
			}
		} else {
			out = append(out, l, 0)
			run--
			for run >= 3 {
				k := min(run, 6)
				out = append(out, 16, uint8(k-3))
				run -= k
			}
		}
		for ; run > 0; run-- {
			out = append(out, l, 0)
		}
	}
	return out
}

// codeLengthOrder is the order in which the code-length code's own
// lengths are sent (RFC 1951 §3.2.7).
var codeLengthOrder = [19]uint8{16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15}

// Length and distance codes, RFC 1951 §3.2.5.
var (
	lengthBase    = [29]uint16{3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258}
	lengthExtra   = [29]uint8{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0}
	distanceBase  = [distances]uint16{1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577}
	distanceExtra = [distances]uint8{0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13}

	lengthCode [256]uint8 // by length less 3
	// distance less 1 below 256, else (distance-1)>>7: every code from
	// 16 up covers whole multiples of 128.
	distanceCodeSmall, distanceCodeLarge [256]uint8
)

func init() {
	for c := len(lengthBase) - 1; c >= 0; c-- {
		for l := int(lengthBase[c]); l < int(lengthBase[c])+1<<lengthExtra[c] && l <= maxMatch; l++ {
			if lengthCode[l-3] == 0 {
				lengthCode[l-3] = uint8(c)
			}
		}
	}
	for c := range distances {
		for d := int(distanceBase[c]); d < int(distanceBase[c])+1<<distanceExtra[c]; d++ {
			if d <= 256 {
				distanceCodeSmall[d-1] = uint8(c)
			} else {
				distanceCodeLarge[(d-1)>>7] = uint8(c)
			}
		}
	}
}

func distanceCode(d int) uint8 {
	if d <= 256 {
		return distanceCodeSmall[d-1]
	}
	return distanceCodeLarge[(d-1)>>7]
}

// bitWriter packs bits least significant first (RFC 1951 §3.1.1).
type bitWriter struct {
	out []byte
	acc uint64
	n   uint
}

// reserve makes room for n more bytes, so that bits need not grow out.
func (w *bitWriter) reserve(n int) {
	if cap(w.out)-len(w.out) < n {
		grown := make([]byte, len(w.out), len(w.out)+n+n/2)
		copy(grown, w.out)
		w.out = grown
	}
}

// bits writes the low n bits of v; n is at most 32.
func (w *bitWriter) bits(v uint64, n uint) {
	w.acc |= v << w.n
	w.n += n
	if w.n >= 32 {
		w.out = binary.LittleEndian.AppendUint32(w.out, uint32(w.acc))
		w.acc >>= 32
		w.n -= 32
	}
}

// flush writes the last partial byte, padded with zeros.
func (w *bitWriter) flush() {
	for w.n > 0 {
		w.out = append(w.out, byte(w.acc))
		w.acc >>= 8
		w.n -= min(w.n, 8)
	}
}
