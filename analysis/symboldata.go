package analysis

import (
	"errors"
	"strings"
	"unicode/utf8"

	"github.com/makiuchi-d/gozxing/common/reedsolomon"
	"golang.org/x/text/encoding/japanese"
)

// Data of the Micro QR and rMQR readers: Reed-Solomon correction and the
// segments of ISO/IEC 18004:2015 §7.4, which both symbols share but for
// the widths of their mode indicators and character counts.

// bitReader reads bits most significant first from data, up to limit.
type bitReader struct {
	data       []byte
	pos, limit int
}

func (r *bitReader) left() int { return r.limit - r.pos }

func (r *bitReader) read(n int) (int, bool) {
	if n > r.left() {
		return 0, false
	}
	v := 0
	for i := 0; i < n; i++ {
		v = v<<1 | int(r.data[r.pos/8]>>(7-uint(r.pos%8))&1)
		r.pos++
	}
	return v, true
}

// zeros reports whether the next n bits, or all that are left when
// fewer, are 0: a terminator, which may be cut short at the end of the
// capacity (§7.4.9).
func (r *bitReader) zeros(n int) bool {
	for i := r.pos; i < min(r.pos+n, r.limit); i++ {
		if r.data[i/8]>>(7-uint(i%8))&1 != 0 {
			return false
		}
	}
	return true
}

// correctable is how many codewords a block of ecc error-correction
// codewords may have corrected: all it can (ecc/2) from 10 up, and in a
// smaller block (ecc-2)/2, two of its codewords kept back for detecting
// a misread, since a small block is easily "corrected" into a wrong one
// (§7.5.1 calls these misdecode protection codewords).
func correctable(ecc int) int {
	if ecc >= 10 {
		return ecc / 2
	}
	return max(0, (ecc-2)/2)
}

// correct runs the Reed-Solomon decoder of §7.5 on a block of data and
// ecc codewords in place: ZXing's, over QR Code's field. maxErrors caps
// the codewords it may change (0: detection only, as M1, §6.5.1).
func correct(block []byte, ecc, maxErrors int) bool {
	in := make([]int, len(block))
	for i, c := range block {
		in[i] = int(c)
	}
	if reedsolomon.NewReedSolomonDecoder(reedsolomon.GenericGF_QR_CODE_FIELD_256).Decode(in, ecc) != nil {
		return false
	}
	changed := 0
	for i, c := range in {
		if c != int(block[i]) {
			changed++
		}
		block[i] = byte(c)
	}
	return changed <= maxErrors
}

// segmentModes are the data modes in the order of QR Code's mode table:
// the readers map each symbol's indicators to them.
type segmentMode int

const (
	modeNumeric segmentMode = iota
	modeAlphanumeric
	modeByte
	modeKanji
	modeECI
)

var errBadData = errors.New("analysis: the data bits are not valid segments")

// textBuilder collects the segments' characters: byte segments in the
// character set the last ECI header named (§7.4.2), UTF-8 when none did
// and the bytes are UTF-8, else ISO/IEC 8859-1, the default.
type textBuilder struct {
	out strings.Builder
	eci int
	// raw are the bytes the segments carry: digits and alphanumeric
	// characters as ASCII, a Kanji character as its two Shift JIS bytes
	// (the values ISO/IEC 18004:2015 §8.3 takes for a set's parity).
	raw []byte
}

const alphanumericChars = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"

// segment reads the characters of one segment of count characters in
// mode m.
func (t *textBuilder) segment(r *bitReader, m segmentMode, count int) error {
	switch m {
	case modeNumeric: // §7.4.3: three digits in 10 bits, the rest in 7 or 4
		for count > 0 {
			k := min(3, count)
			v, ok := r.read(1 + 3*k)
			if !ok || v >= [4]int{0, 10, 100, 1000}[k] {
				return errBadData
			}
			digits := [3]byte{byte('0' + v/100), byte('0' + v/10%10), byte('0' + v%10)}
			t.out.Write(digits[3-k:])
			t.raw = append(t.raw, digits[3-k:]...)
			count -= k
		}
	case modeAlphanumeric: // §7.4.4: pairs in 11 bits, a last single in 6
		for count > 0 {
			if count == 1 {
				v, ok := r.read(6)
				if !ok || v >= 45 {
					return errBadData
				}
				t.out.WriteByte(alphanumericChars[v])
				t.raw = append(t.raw, alphanumericChars[v])
				break
			}
			v, ok := r.read(11)
			if !ok || v >= 45*45 {
				return errBadData
			}
			t.out.WriteByte(alphanumericChars[v/45])
			t.out.WriteByte(alphanumericChars[v%45])
			t.raw = append(t.raw, alphanumericChars[v/45], alphanumericChars[v%45])
			count -= 2
		}
	case modeByte: // §7.4.5
		b := make([]byte, count)
		for i := range b {
			v, ok := r.read(8)
			if !ok {
				return errBadData
			}
			b[i] = byte(v)
		}
		t.out.WriteString(t.decodeBytes(b))
		t.raw = append(t.raw, b...)
	case modeKanji: // §7.4.6: 13 bits a character of Shift JIS
		b := make([]byte, 0, 2*count)
		for ; count > 0; count-- {
			v, ok := r.read(13)
			if !ok {
				return errBadData
			}
			c := v/0xC0<<8 | v%0xC0
			if c < 0x1F00 {
				c += 0x8140
			} else {
				c += 0xC140
			}
			b = append(b, byte(c>>8), byte(c))
		}
		s, err := japanese.ShiftJIS.NewDecoder().Bytes(b)
		if err != nil {
			return errBadData
		}
		t.out.Write(s)
		t.raw = append(t.raw, b...)
	}
	return nil
}

// readECI reads an ECI designator of one to three codewords (§7.4.2.2,
// Table 4).
func (t *textBuilder) readECI(r *bitReader) error {
	first, ok := r.read(8)
	if !ok {
		return errBadData
	}
	switch {
	case first&0x80 == 0:
		t.eci = first
	case first&0xC0 == 0x80:
		next, ok := r.read(8)
		if !ok {
			return errBadData
		}
		t.eci = (first&0x3F)<<8 | next
	case first&0xE0 == 0xC0:
		next, ok := r.read(16)
		if !ok {
			return errBadData
		}
		t.eci = (first&0x1F)<<16 | next
	default:
		return errBadData
	}
	return nil
}

// decodeBytes turns a byte segment into text by the ECI in force.
func (t *textBuilder) decodeBytes(b []byte) string {
	switch t.eci {
	case 20: // Shift JIS
		if s, err := japanese.ShiftJIS.NewDecoder().Bytes(b); err == nil {
			return string(s)
		}
	case 26: // UTF-8
		return string(b)
	case 1, 3: // ISO/IEC 8859-1
		return latin1(b)
	}
	if utf8.Valid(b) {
		return string(b)
	}
	return latin1(b)
}

func latin1(b []byte) string {
	rs := make([]rune, len(b))
	for i, c := range b {
		rs[i] = rune(c)
	}
	return string(rs)
}
