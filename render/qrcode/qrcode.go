// Package qrcode encodes data as a QR Code symbol as ISO/IEC 18004:2015
// describes it: data segments (§7.4), Reed–Solomon error correction (§7.5),
// module placement (§7.7) and mask selection (§7.8). It draws nothing; the
// render package turns its modules into images.
package qrcode

import (
	"errors"
	"fmt"
)

// Level is an error-correction level, in increasing order of redundancy
// (§6.5.1): L recovers about 7 % of codewords, M 15 %, Q 25 %, H 30 %.
type Level int

// The four levels.
const (
	L Level = iota
	M
	Q
	H
)

func (l Level) String() string {
	if l < L || l > H {
		return fmt.Sprintf("Level(%d)", int(l))
	}
	return "LMQH"[l : l+1]
}

// Symbol is an encoded QR code: Size×Size modules, row-major, true = dark,
// without the quiet zone.
type Symbol struct {
	Version int
	Level   Level
	Mask    int
	Size    int
	Modules []bool
}

// ErrTooLong says the data does not fit the largest symbol allowed.
var ErrTooLong = errors.New("qrcode: data too long")

// ErrEmpty says there is nothing to encode.
var ErrEmpty = errors.New("qrcode: no data")

// Encode builds the smallest symbol that holds data at level, choosing the
// mask with the lowest penalty (§7.8.3).
func Encode(data []byte, level Level) (*Symbol, error) {
	p, err := Fit(data, level)
	if err != nil {
		return nil, err
	}
	return build(p.bits, p.Version, level, -1), nil
}

// EncodeMask is Encode with the mask chosen by the caller rather than by
// penalty; tests use it to compare symbols with other encoders.
func EncodeMask(data []byte, level Level, mask int) (*Symbol, error) {
	if mask < 0 || mask > 7 {
		return nil, fmt.Errorf("qrcode: mask %d is not 0 to 7", mask)
	}
	p, err := Fit(data, level)
	if err != nil {
		return nil, err
	}
	return build(p.bits, p.Version, level, mask), nil
}

// Plan is data encoded as segments, with the smallest version that holds
// it at the level asked of Fit. The same bits fit that version at any
// level with room for them, so a caller can raise the level without
// encoding the data again.
type Plan struct {
	Version int
	bits    *BitStream
}

// Fit plans the smallest symbol that holds data at level.
func Fit(data []byte, level Level) (*Plan, error) { return FitECI(data, level, 0) }

// FitECI is Fit with an ECI header naming the character set of the data
// (ECIUTF8), or none when eci is 0; eci must be at most 127.
func FitECI(data []byte, level Level, eci int) (*Plan, error) {
	return FitFrom(data, level, eci, 1)
}

// FitFrom is FitECI for a symbol of at least minVersion: a larger symbol
// than the data needs, when something else is to cover part of it.
func FitFrom(data []byte, level Level, eci, minVersion int) (*Plan, error) {
	if eci < 0 || eci > 127 {
		return nil, fmt.Errorf("qrcode: ECI %d is not 0 to 127", eci)
	}
	if len(data) == 0 {
		return nil, ErrEmpty
	}
	if level < L || level > H {
		return nil, fmt.Errorf("qrcode: unknown level %d", int(level))
	}
	for g := range groups {
		bits, err := segmentBits(data, g, eci)
		if err != nil {
			continue // a segment longer than this group's count field can say
		}
		for v := max(groups[g].first, minVersion); v <= groups[g].last; v++ {
			if bits.len <= dataCodewords(v, level)*8 {
				return &Plan{Version: v, bits: bits}, nil
			}
		}
	}
	return nil, ErrTooLong
}

// Fits reports whether the plan's version holds the data at level.
func (p *Plan) Fits(level Level) bool {
	return p.bits.len <= dataCodewords(p.Version, level)*8
}

// Symbol builds the plan's version at level, or returns ErrTooLong when
// the data does not fit it at that level.
func (p *Plan) Symbol(level Level) (*Symbol, error) {
	if level < L || level > H {
		return nil, fmt.Errorf("qrcode: unknown level %d", int(level))
	}
	if !p.Fits(level) {
		return nil, ErrTooLong
	}
	return build(p.bits, p.Version, level, -1), nil
}

// build completes the data codewords, adds error correction and places
// them; mask -1 picks the mask by penalty.
func build(bits *BitStream, version int, level Level, mask int) *Symbol {
	t := templateFor(version)
	codewords := interleave(finish(bits, version, level), version, level)
	base := make([]byte, len(t.base))
	copy(base, t.base)
	for i, n := 0, len(codewords)*8; i < n; i++ {
		base[t.order[i]] = codewords[i>>3] >> (7 - uint(i&7)) & 1
	}

	best := make([]byte, len(base))
	if mask >= 0 {
		t.applyMask(best, base, mask, level)
	} else {
		trial := make([]byte, len(base))
		transposed := make([]byte, len(base))
		var penalties [8]int
		for m := 0; m < 8; m++ {
			t.applyMask(trial, base, m, level)
			transpose(transposed, trial, t.size)
			penalties[m] = penalty(trial, transposed, t.size)
			if m == 0 || penalties[m] < penalties[mask] {
				best, trial = trial, best
				mask = m
			}
		}
		// The best score can keep a cross that ZXing takes for a finder
		// (falsefinder.go): the next best mask without one is drawn.
		if hasFalseFinder(best, t.size) {
			for _, m := range maskOrder(penalties)[1:] {
				t.applyMask(trial, base, m, level)
				if !hasFalseFinder(trial, t.size) {
					best, mask = trial, m
					break
				}
			}
		}
	}
	s := &Symbol{Version: version, Level: level, Mask: mask, Size: t.size, Modules: make([]bool, len(best))}
	for i, b := range best {
		s.Modules[i] = b == 1
	}
	return s
}

func transpose(dst, src []byte, size int) {
	for y := 0; y < size; y++ {
		row := src[y*size : (y+1)*size]
		for x, v := range row {
			dst[x*size+y] = v
		}
	}
}

// SafeBytes is how many bytes of any data a version 40 symbol holds at
// level whatever their modes and with an ECI header.
func SafeBytes(level Level) int { return SafeBytesAt(40, level) }

// SafeBytesAt is SafeBytes for a symbol of the given version: byte mode is
// the least dense (§7.4.5), and its mode indicator, character count and
// ECI header take at most 32 bits (Table 3).
func SafeBytesAt(version int, level Level) int { return dataCodewords(version, level) - 4 }
