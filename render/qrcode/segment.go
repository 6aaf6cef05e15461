package qrcode

import "errors"

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

// mode is a data mode (§7.4.1), ordered so that each mode can encode every
// character of the modes below it.
type mode int

const (
	numeric mode = iota
	alphanumeric
	byteMode
)

// group is a range of versions that share character count widths (Table 3).
type group struct {
	first, last int
	countBits   [3]int // numeric, alphanumeric, byte
}

var groups = [3]group{
	{1, 9, [3]int{10, 9, 8}},
	{10, 26, [3]int{12, 11, 16}},
	{27, 40, [3]int{14, 13, 16}},
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

// modeIndicator values of Table 2.
var modeIndicator = [3]uint32{0b0001, 0b0010, 0b0100}

// errCount says a segment is longer than its character count field can say.
var errCount = errors.New("qrcode: segment too long for its character count field")

// segmentLength is the bits a segment of n characters in mode m takes:
// indicator, count and data (§7.4.3 to §7.4.5).
func (g group) segmentLength(m mode, n int) (int, error) {
	if n > 1<<g.countBits[m]-1 {
		return 0, errCount
	}
	bits := 4 + g.countBits[m]
	switch m {
	case numeric:
		bits += 10 * (n / 3)
		if n%3 != 0 {
			bits += 1 + 3*(n%3)
		}
	case alphanumeric:
		bits += 11*(n/2) + 6*(n%2)
	default:
		bits += 8 * n
	}
	return bits, nil
}

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

type segment struct {
	mode  mode
	start int
	end   int
}

// segments splits data into runs of one mode, then merges a run into the
// runs that follow it while their mode is no wider and merging saves bits.
// The result is compared with one segment in the widest mode needed, and
// the shorter one wins. The heuristic and its tie-breaks are those of
// skip2/go-qrcode, so both encoders choose the same versions.
func (g group) segments(data []byte) ([]segment, error) {
	var runs []segment
	widest := numeric
	for i, c := range data {
		m := modeOf(c)
		if m > widest {
			widest = m
		}
		if len(runs) == 0 || runs[len(runs)-1].mode != m {
			runs = append(runs, segment{m, i, i + 1})
		} else {
			runs[len(runs)-1].end = i + 1
		}
	}

	var merged []segment
	total := 0
	for i := 0; i < len(runs); {
		s := runs[i]
		j := i + 1
		for ; j < len(runs) && runs[j].mode <= s.mode; j++ {
			n, next := s.end-s.start, runs[j].end-runs[j].start
			together, err := g.segmentLength(s.mode, n+next)
			if err != nil {
				return nil, err
			}
			first, err := g.segmentLength(s.mode, n)
			if err != nil {
				return nil, err
			}
			second, err := g.segmentLength(runs[j].mode, next)
			if err != nil {
				return nil, err
			}
			if together >= first+second {
				break
			}
			s.end = runs[j].end
		}
		length, err := g.segmentLength(s.mode, s.end-s.start)
		if err != nil {
			return nil, err
		}
		total += length
		merged = append(merged, s)
		i = j
	}

	single, err := g.segmentLength(widest, len(data))
	if err != nil {
		return nil, err
	}
	if single <= total {
		return []segment{{widest, 0, len(data)}}, nil
	}
	return merged, nil
}

// ECIUTF8 is the ECI assignment of UTF-8 (AIM ECI specification, 26).
const ECIUTF8 = 26

// segmentBits encodes data as the segments of version group g, after an
// ECI header when eci is not 0: mode indicator 0111 and the assignment
// number in one codeword 0bbbbbbb, for numbers up to 127 (ISO/IEC 18004
// §7.4.2.2, Table 4).
func segmentBits(data []byte, g, eci int) (*BitStream, error) {
	if len(data) == 0 {
		return nil, ErrEmpty
	}
	gr := groups[g]
	segs, err := gr.segments(data)
	if err != nil {
		return nil, err
	}
	bits := &BitStream{bytes: make([]byte, 0, len(data)+8)}
	if eci > 0 {
		bits.append(0b0111, 4)
		bits.append(uint32(eci&0x7f), 8)
	}
	for _, s := range segs {
		chars := data[s.start:s.end]
		bits.append(modeIndicator[s.mode], 4)
		bits.append(uint32(len(chars)), gr.countBits[s.mode])
		switch s.mode {
		case numeric: // §7.4.3: groups of three digits in 10 bits, the rest in 4 or 7
			for i := 0; i < len(chars); i += 3 {
				n := min(3, len(chars)-i)
				v := uint32(0)
				for _, c := range chars[i : i+n] {
					v = v*10 + uint32(c-'0')
				}
				bits.append(v, 1+3*n)
			}
		case alphanumeric: // §7.4.4: pairs in 11 bits, a last single in 6
			for i := 0; i < len(chars); i += 2 {
				if i+1 < len(chars) {
					bits.append(uint32(alphanumericValue[chars[i]]-1)*45+uint32(alphanumericValue[chars[i+1]]-1), 11)
				} else {
					bits.append(uint32(alphanumericValue[chars[i]]-1), 6)
				}
			}
		default:
			for _, c := range chars {
				bits.append(uint32(c), 8)
			}
		}
	}
	return bits, nil
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
