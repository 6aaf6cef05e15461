package qrcode

import (
	"fmt"
	"unicode/utf8"
)

// Micro QR data segments (ISO/IEC 18004:2015 §7.4). The character sets and
// the way each mode packs its characters are those of QR Code; only the
// mode indicators and the count fields are shorter, and smaller versions
// lack modes. The calls into the QR Code segment code are the adapters at
// the end of this file.

// MicroSegment is a run of data encoded in one mode: Mode is "numeric",
// "alphanumeric", "byte" or "kanji", and Data its characters (as UTF-8 in
// a Kanji segment).
type MicroSegment struct {
	Mode string
	Data []byte
}

var modeNames = [modeCount]string{"numeric", "alphanumeric", "byte", "kanji"}

// microCountBits is the character count width by version (1 to 4 for M1 to
// M4) and mode; 0 where the version lacks the mode (Table 3).
var microCountBits = [5][modeCount]int{
	1: {3, 0, 0, 0},
	2: {4, 3, 0, 0},
	3: {5, 4, 4, 3},
	4: {6, 5, 5, 4},
}

// microFields are the header widths of version v for the segmentation
// QR Code uses (segment.go): mode indicators of v-1 bits, 0 to 3 for
// numeric, alphanumeric, byte and Kanji (Table 2), and no ECI mode
// (§7.4.2.1).
func microFields(v int) *fields {
	return &fields{indicator: [modeCount]uint32{0, 1, 2, 3}, indicatorBits: v - 1, countBits: microCountBits[v]}
}

// microEncoding is data's segments in a Micro QR version: over its bytes
// (units nil), or over the units kanjiPrefix makes of Japanese text, each
// ending in data where ends says.
type microEncoding struct {
	units []unit
	ends  []int
	segs  []segment
}

// microPlan is data's segments in version v and their length in bits, -1
// when v cannot say it. Text of ASCII and the Shift JIS characters of
// Kanji mode (kanjiUnits) is written with those in Kanji mode, even where
// bytes would be a few bits shorter: a Micro QR Code has no ECI header
// (§7.4.2.1), so its non-ASCII bytes are read in a character set the
// reader guesses, while Kanji mode is always Shift JIS (§7.4.6). Other
// data is bytes.
func microPlan(data []byte, v int) (microEncoding, int) {
	if utf8.Valid(data) {
		if units, ends, found := kanjiPrefix(data); found && ends[len(ends)-1] == len(data) {
			segs, n, err := microFields(v).segment(units)
			if err != nil {
				return microEncoding{}, -1
			}
			return microEncoding{units, ends, segs}, n
		}
	}
	segs, n := microSegments(data, v)
	return microEncoding{segs: segs}, n
}

// bits writes data's segments for version v.
func (e microEncoding) bits(data []byte, v int) *BitStream {
	if e.units == nil {
		return microBits(data, e.segs, v)
	}
	bits := &BitStream{bytes: make([]byte, 0, 24)}
	microFields(v).write(bits, e.units, e.segs)
	return bits
}

// segments are the segments with their characters from data.
func (e microEncoding) segments(data []byte) []MicroSegment {
	if e.units == nil {
		return exportSegments(data, e.segs)
	}
	out := make([]MicroSegment, len(e.segs))
	for i, s := range e.segs {
		start := 0
		if s.start > 0 {
			start = e.ends[s.start-1]
		}
		out[i] = MicroSegment{Mode: modeNames[s.mode], Data: data[start:e.ends[s.end-1]]}
	}
	return out
}

// microSegmentBits is the length of a segment of n characters in mode m
// in version v: mode indicator (v-1 bits, Table 2), count and data; -1
// when the version lacks the mode or the count field cannot say n.
func microSegmentBits(v int, m mode, n int) int {
	count := microCountBits[v][m]
	if count == 0 || n > 1<<count-1 {
		return -1
	}
	bits := v - 1 + count
	switch m {
	case numeric: // §7.4.3
		bits += 10*(n/3) + [3]int{0, 4, 7}[n%3]
	case alphanumeric: // §7.4.4
		bits += 11*(n/2) + 6*(n%2)
	default: // §7.4.5
		bits += 8 * n
	}
	return bits
}

// microSegments splits data into the segments with the fewest bits in
// version v, by dynamic programming over the segment ends; nil when some
// character has no mode in v or the data cannot be said at all.
func microSegments(data []byte, v int) ([]segment, int) {
	n := len(data)
	const unreachable = 1 << 30
	best := make([]int, n+1)
	from := make([]segment, n+1)
	for j := 1; j <= n; j++ {
		best[j] = unreachable
	}
	for i := 0; i < n; i++ {
		if best[i] == unreachable {
			continue
		}
		for m := numeric; m <= byteMode; m++ {
			for j := i + 1; j <= n; j++ {
				if microModeOf(data[j-1]) > m {
					break // this mode cannot go further
				}
				bits := microSegmentBits(v, m, j-i)
				if bits < 0 {
					break
				}
				if c := best[i] + bits; c < best[j] {
					best[j], from[j] = c, segment{m, i, j}
				}
			}
		}
	}
	if n == 0 || best[n] == unreachable {
		return nil, -1
	}
	var segs []segment
	for j := n; j > 0; j = from[j].start {
		segs = append(segs, from[j])
	}
	for a, b := 0, len(segs)-1; a < b; a, b = a+1, b-1 {
		segs[a], segs[b] = segs[b], segs[a]
	}
	return segs, best[n]
}

// microBits writes the segments of data for version v.
func microBits(data []byte, segs []segment, v int) *BitStream {
	bits := &BitStream{bytes: make([]byte, 0, 24)}
	for _, s := range segs {
		chars := data[s.start:s.end]
		microAppend(bits, uint32(s.mode), v-1) // Table 2: 0, 1, 10, 11 ... by width
		microAppend(bits, uint32(len(chars)), microCountBits[v][s.mode])
		microAppendData(bits, s.mode, chars)
	}
	return bits
}

func exportSegments(data []byte, segs []segment) []MicroSegment {
	out := make([]MicroSegment, len(segs))
	for i, s := range segs {
		out[i] = MicroSegment{Mode: modeNames[s.mode], Data: data[s.start:s.end]}
	}
	return out
}

// Adapters to the QR Code segment code (segment.go): the character classes
// and the packing of characters are shared with QR Code.

func microModeOf(c byte) mode { return modeOf(c) }

func microAppend(b *BitStream, v uint32, n int) { b.append(v, n) }

func microAppendData(b *BitStream, m mode, chars []byte) {
	switch m {
	case numeric: // §7.4.3: three digits in 10 bits, the rest in 4 or 7
		for i := 0; i < len(chars); i += 3 {
			k := min(3, len(chars)-i)
			v := uint32(0)
			for _, c := range chars[i : i+k] {
				v = v*10 + uint32(c-'0')
			}
			b.append(v, 1+3*k)
		}
	case alphanumeric: // §7.4.4: pairs in 11 bits, a last single in 6
		for i := 0; i < len(chars); i += 2 {
			if i+1 < len(chars) {
				b.append(uint32(alphanumericValue[chars[i]]-1)*45+uint32(alphanumericValue[chars[i+1]]-1), 11)
			} else {
				b.append(uint32(alphanumericValue[chars[i]]-1), 6)
			}
		}
	case byteMode:
		for _, c := range chars {
			b.append(uint32(c), 8)
		}
	default:
		panic(fmt.Sprintf("qrcode: no Micro QR packing for mode %d", m))
	}
}
