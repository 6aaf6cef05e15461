package qrcode

import (
	"errors"
	"unicode/utf8"

	"golang.org/x/text/encoding/japanese"
)

// BitStream is a sequence of bits, most significant first in each byte.
type BitStream struct {
	bytes []byte
	len   int
}

// Len is the number of bits.
func (b *BitStream) Len() int { return b.len }

func (b *BitStream) append(value uint32, n int) {
	for i := n - 1; i >= 0; i-- {
		if b.len&7 == 0 {
			b.bytes = append(b.bytes, 0)
		}
		b.bytes[len(b.bytes)-1] |= byte(value>>uint(i)&1) << (7 - uint(b.len&7))
		b.len++
	}
}

// mode is a data mode (§7.4.1).
type mode int

const (
	numeric mode = iota
	alphanumeric
	byteMode
	kanji
	modeCount
)

// fields are the widths a symbol version gives a segment's header: its
// mode indicator and each mode's character count field. They differ
// between QR Code's version groups (Table 3) and other symbols of the
// family, so the segmentation below takes them as a parameter; a count
// width of 0 means the symbol has no such mode.
type fields struct {
	indicator     [modeCount]uint32
	indicatorBits int
	countBits     [modeCount]int
	// eci is the ECI mode indicator; 0 for a symbol with no ECI.
	eci uint32
}

// qrIndicators are QR Code's mode indicators (Table 2).
var qrIndicators = [modeCount]uint32{0b0001, 0b0010, 0b0100, 0b1000}

// group is a range of QR Code versions that share character count widths
// (Table 3).
type group struct {
	first, last int
	fields
}

var groups = [3]group{
	{1, 9, fields{qrIndicators, 4, [modeCount]int{10, 9, 8, 8}, 0b0111}},
	{10, 26, fields{qrIndicators, 4, [modeCount]int{12, 11, 16, 10}, 0b0111}},
	{27, 40, fields{qrIndicators, 4, [modeCount]int{14, 13, 16, 12}, 0b0111}},
}

func groupOf(version int) int {
	switch {
	case version <= 9:
		return 0
	case version <= 26:
		return 1
	}
	return 2
}

// qrFields are the header widths of a QR Code symbol of the given version.
func qrFields(version int) fields { return groups[groupOf(version)].fields }

// errCount says a segment is longer than its character count field can say.
var errCount = errors.New("qrcode: segment too long for its character count field")

func modeOf(c byte) mode {
	switch {
	case c >= '0' && c <= '9':
		return numeric
	case alphanumericValue[c] != 0:
		return alphanumeric
	}
	return byteMode
}

// alphanumericValue holds each character's value in Table 5, plus one so
// that zero marks characters outside the set.
var alphanumericValue = func() (t [256]byte) {
	for i, c := range "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:" {
		t[c] = byte(i + 1)
	}
	return t
}()

// unit is one character of the data as the segmentation sees it: the
// bytes byte mode writes for it, the modes that can hold it, and its
// 13-bit value in Kanji mode.
type unit struct {
	bytes []byte
	char  byte  // the character numeric and alphanumeric modes write
	modes uint8 // bit m set: mode m can hold it
	kanji uint16
}

// byteUnits makes each byte of data a unit: the data is written as it is,
// its character set named by an ECI header or left to the reader.
func byteUnits(data []byte) []unit {
	units := make([]unit, len(data))
	for i := range data {
		u := unit{bytes: data[i : i+1], char: data[i], modes: 1 << byteMode}
		switch modeOf(data[i]) {
		case numeric:
			u.modes |= 1<<numeric | 1<<alphanumeric
		case alphanumeric:
			u.modes |= 1 << alphanumeric
		}
		units[i] = u
	}
	return units
}

// kanjiUnits makes each character of UTF-8 text a unit for a symbol with
// no ECI header: ASCII characters in the numeric, alphanumeric or byte
// modes (they read the same in every character set), every other one in
// Kanji mode, which always means Shift JIS (§7.4.6). It reports false when
// some character is neither ASCII nor a double-byte Shift JIS character of
// the ranges Kanji mode covers, 0x8140 to 0x9FFC and 0xE040 to 0xEBBF, or
// when the text has no such character at all.
func kanjiUnits(data []byte) ([]unit, bool) {
	if !utf8.Valid(data) {
		return nil, false
	}
	units, ends, found := kanjiPrefix(data)
	if !found || ends[len(ends)-1] != len(data) {
		return nil, false
	}
	return units, true
}

// KanjiText reports whether data is UTF-8 text that Kanji mode can hold
// (kanjiUnits): Japanese text, written in Kanji mode, which is Shift JIS,
// where that is shorter than UTF-8 bytes and their ECI header.
func KanjiText(data []byte) bool {
	_, ok := kanjiUnits(data)
	return ok
}

// kanjiPrefix makes the units of the longest prefix of data that
// kanjiUnits could write, with the end of each unit in data, and reports
// whether any of them is a Kanji character.
func kanjiPrefix(data []byte) (units []unit, ends []int, found bool) {
	enc := japanese.ShiftJIS.NewEncoder()
	dec := japanese.ShiftJIS.NewDecoder()
	units = make([]unit, 0, len(data))
	ends = make([]int, 0, len(data))
	var sjis, back [8]byte
	for i := 0; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		if r < utf8.RuneSelf {
			units = append(units, byteUnits(data[i : i+1])[0])
			i += size
			ends = append(ends, i)
			continue
		}
		enc.Reset()
		n, _, err := enc.Transform(sjis[:], data[i:i+size], true)
		if err != nil || n != 2 {
			break
		}
		// Only a character that decodes back to itself: Shift JIS has
		// codes that several characters map to.
		dec.Reset()
		m, _, err := dec.Transform(back[:], sjis[:2], true)
		if err != nil || string(back[:m]) != string(data[i:i+size]) {
			break
		}
		c := uint16(sjis[0])<<8 | uint16(sjis[1])
		switch {
		case c >= 0x8140 && c <= 0x9FFC:
			c -= 0x8140
		case c >= 0xE040 && c <= 0xEBBF:
			c -= 0xC140
		default:
			return units, ends, found
		}
		// §7.4.6: the most significant byte times 0xC0 plus the least.
		units = append(units, unit{modes: 1 << kanji, kanji: c>>8*0xC0 + c&0xFF})
		found = true
		i += size
		ends = append(ends, i)
	}
	return units, ends, found
}

type segment struct {
	mode  mode
	start int
	end   int
}

// segmentation states: the mode of the segment a character ends, and for
// numeric and alphanumeric how many characters of the current group of
// three digits or two characters it completes, so that each step's cost
// is exact in bits (§7.4.3: 10 bits for three digits, 7 for two, 4 for
// one; §7.4.4: 11 bits for two characters, 6 for one).
const (
	stNumeric1 = iota // a group of one digit so far
	stNumeric2
	stNumeric3
	stAlpha1
	stAlpha2
	stByte
	stKanji
	states
)

var stateMode = [states]mode{numeric, numeric, numeric, alphanumeric, alphanumeric, byteMode, kanji}

// next is the state after a character of mode m following state s (or a
// new segment when s is -1), and the bits it adds.
func next(s int, m mode, u *unit, fresh bool) (int, int) {
	switch m {
	case numeric:
		if fresh || s == stNumeric3 {
			return stNumeric1, 4
		}
		return s + 1, 3
	case alphanumeric:
		if fresh || s == stAlpha2 {
			return stAlpha1, 6
		}
		return stAlpha2, 5
	case byteMode:
		return stByte, 8 * len(u.bytes)
	}
	return stKanji, 13
}

// segment finds the segmentation of units with the fewest bits for a
// symbol with header widths f, by dynamic programming over the characters
// and the states above: each character either continues the segment
// before it or starts one, after the cheapest state so far, in any mode
// that holds it. Annex J of ISO/IEC 18004:2015 gives a greedy rule that
// only approaches this minimum. It returns the segments and their length
// in bits, or errCount when a segment needs more characters than its
// count field can say.
func (f *fields) segment(units []unit) ([]segment, int, error) {
	n := len(units)
	if n == 0 {
		return nil, 0, ErrEmpty
	}
	// from[i*states+s] says how character i came to end in state s: the
	// state before it when it continues a segment, that state plus states
	// when it starts one, and -1 when it starts the first.
	from := make([]int16, n*states)
	var cost [states]int
	for i := range units {
		cost = f.step(&cost, &units[i], i == 0, from[i*states:(i+1)*states])
	}
	total, s := inf, -1
	for st, c := range cost {
		if c < total {
			total, s = c, st
		}
	}
	if s < 0 {
		return nil, 0, errNoMode
	}
	var segs []segment
	end := n
	for i := n - 1; i >= 0; i-- {
		prev := int(from[i*states+s])
		if prev < 0 || prev >= states {
			segs = append(segs, segment{stateMode[s], i, end})
			end = i
			prev -= states
		}
		s = prev
	}
	slicesReverse(segs)
	for _, sg := range segs {
		if sg.end-sg.start > 1<<f.countBits[sg.mode]-1 {
			return nil, 0, errCount
		}
	}
	return segs, total, nil
}

// inf is the cost of a state no segmentation reaches.
const inf = 1 << 60

// step is the costs of the states after unit u, given the costs before
// it (ignored for the first unit), and records in from how each state was
// reached: the state before when u continues a segment, that state plus
// states when u starts one, -1 when u starts the first.
func (f *fields) step(cost *[states]int, u *unit, first bool, from []int16) [states]int {
	var nextCost [states]int
	for s := range nextCost {
		nextCost[s] = inf
	}
	best, bestState := 0, -1
	if !first {
		best = inf
		for s, c := range cost {
			if c < best {
				best, bestState = c, s
			}
		}
	}
	for m := numeric; m < modeCount; m++ {
		if u.modes&(1<<m) == 0 || f.countBits[m] == 0 {
			continue
		}
		if !first { // continue a segment of mode m; ties favour fewer segments
			for prev := range states {
				if stateMode[prev] != m || cost[prev] >= inf {
					continue
				}
				s, bits := next(prev, m, u, false)
				if c := cost[prev] + bits; c < nextCost[s] {
					nextCost[s], from[s] = c, int16(prev)
				}
			}
		}
		s, bits := next(-1, m, u, true)
		if c := best + f.indicatorBits + f.countBits[m] + bits; c < nextCost[s] {
			nextCost[s], from[s] = c, int16(bestState+states)
			if bestState < 0 {
				from[s] = -1
			}
		}
	}
	return nextCost
}

// errNoMode says some character has no mode in the symbol.
var errNoMode = errors.New("qrcode: a character no mode of the symbol can hold")

func slicesReverse(s []segment) {
	for i, j := 0, len(s)-1; i < j; i, j = i+1, j-1 {
		s[i], s[j] = s[j], s[i]
	}
}

// write appends the segments' headers and data (§7.4.3 to §7.4.6).
func (f *fields) write(bits *BitStream, units []unit, segs []segment) {
	for _, s := range segs {
		chars := units[s.start:s.end]
		bits.append(f.indicator[s.mode], f.indicatorBits)
		bits.append(uint32(len(chars)), f.countBits[s.mode])
		switch s.mode {
		case numeric: // §7.4.3: groups of three digits in 10 bits, the rest in 4 or 7
			for i := 0; i < len(chars); i += 3 {
				n := min(3, len(chars)-i)
				v := uint32(0)
				for _, c := range chars[i : i+n] {
					v = v*10 + uint32(c.char-'0')
				}
				bits.append(v, 1+3*n)
			}
		case alphanumeric: // §7.4.4: pairs in 11 bits, a last single in 6
			for i := 0; i < len(chars); i += 2 {
				v := uint32(alphanumericValue[chars[i].char] - 1)
				if i+1 < len(chars) {
					bits.append(v*45+uint32(alphanumericValue[chars[i+1].char]-1), 11)
				} else {
					bits.append(v, 6)
				}
			}
		case byteMode: // §7.4.5
			for _, c := range chars {
				for _, b := range c.bytes {
					bits.append(uint32(b), 8)
				}
			}
		case kanji: // §7.4.6
			for _, c := range chars {
				bits.append(uint32(c.kanji), 13)
			}
		}
	}
}

// ECIUTF8 is the ECI assignment of UTF-8 (AIM ECI specification, 26).
const ECIUTF8 = 26

// eciHeaderBits is the length of an ECI header for assignments up to 127
// in a symbol whose mode indicators are indicatorBits long: the ECI mode
// indicator (0111 in QR Code, §7.4.2.2, Table 4) and one codeword
// 0bbbbbbb.
func eciHeaderBits(indicatorBits int) int { return indicatorBits + 8 }

// segmentBits encodes data for version group g in the fewer bits of two
// ways: its bytes as they are after an ECI header when eci is not 0, and,
// when the data is UTF-8 text of ASCII and Kanji characters and the header
// would be none or UTF-8's, in Kanji mode with no header, since Kanji mode
// always means Shift JIS and ASCII reads the same in every character set
// (docs/eci.md).
func segmentBits(data []byte, g, eci int) (*BitStream, error) {
	return groups[g].fields.bits(data, eci)
}

// bits is segmentBits for a symbol with header widths f.
func (f *fields) bits(data []byte, eci int) (*BitStream, error) {
	bits, _, err := f.encode(data, eci)
	return bits, err
}

// byteBits is bits without Kanji mode: the characters as their bytes.
func (f *fields) byteBits(data []byte, eci int) (*BitStream, error) {
	if len(data) == 0 {
		return nil, ErrEmpty
	}
	units := byteUnits(data)
	segs, length, err := f.segment(units)
	if err != nil {
		return nil, err
	}
	header := 0
	if eci > 0 {
		header = eciHeaderBits(f.indicatorBits)
	}
	bits := &BitStream{bytes: make([]byte, 0, (header+length+7)/8)}
	if header > 0 {
		bits.append(f.eci, f.indicatorBits)
		bits.append(uint32(eci&0x7f), 8)
	}
	f.write(bits, units, segs)
	return bits, nil
}

// encode is bits, reporting whether the data went into Kanji mode, and
// so is carried as Shift JIS bytes.
func (f *fields) encode(data []byte, eci int) (*BitStream, bool, error) {
	if len(data) == 0 {
		return nil, false, ErrEmpty
	}
	inKanji := false
	units := byteUnits(data)
	segs, length, err := f.segment(units)
	header := 0
	if eci > 0 {
		header = eciHeaderBits(f.indicatorBits)
	}
	if eci == 0 || eci == ECIUTF8 {
		if ku, ok := kanjiUnits(data); ok {
			if ks, kl, kerr := f.segment(ku); kerr == nil && (err != nil || kl < length+header) {
				units, segs, length, header, err = ku, ks, kl, 0, nil
				inKanji = true
			}
		}
	}
	if err != nil {
		return nil, false, err
	}
	bits := &BitStream{bytes: make([]byte, 0, (header+length+7)/8)}
	if header > 0 {
		bits.append(f.eci, f.indicatorBits)
		bits.append(uint32(eci&0x7f), 8)
	}
	f.write(bits, units, segs)
	return bits, inKanji, nil
}

// finish adds the terminator and the pad codewords 11101100 and 00010001
// in turn (§7.4.9, §7.4.10) and returns the data codewords.
func finish(bits *BitStream, version int, level Level) []byte {
	capacity := dataCodewords(version, level)
	out := make([]byte, capacity)
	copy(out, bits.bytes)
	// The terminator and the bits up to the codeword boundary are zero, and
	// out is zeroed, so only the pad codewords need writing.
	for i, pad := (bits.len+4+7)/8, byte(0xEC); i < capacity; i, pad = i+1, pad^0xEC^0x11 {
		out[i] = pad
	}
	return out
}
