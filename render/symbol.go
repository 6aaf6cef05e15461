// Package render turns data into a QR symbol and a symbol into bytes: PNG,
// SVG, SVG Tiny 1.2, a JSON module matrix or a data URI. It knows nothing of
// HTTP or of payload kinds.
package render

import (
	"errors"
	"fmt"
	"unicode/utf8"

	"github.com/qrforge/qrforge/render/qrcode"
)

// Level is an error-correction level (ISO/IEC 18004 §6.5.1).
type Level byte

// Error-correction levels in increasing order of redundancy.
const (
	LevelAuto Level = 0
	LevelL    Level = 'L'
	LevelM    Level = 'M'
	LevelQ    Level = 'Q'
	LevelH    Level = 'H'
)

// Levels lists the levels from least to most redundancy.
var Levels = []Level{LevelL, LevelM, LevelQ, LevelH}

func (l Level) String() string {
	switch l {
	case LevelAuto:
		return "auto"
	case LevelNone:
		return "none"
	}
	return string(l)
}

// code is the encoder's name for the level.
func (l Level) code() qrcode.Level {
	switch l {
	case LevelL:
		return qrcode.L
	case LevelQ:
		return qrcode.Q
	case LevelH:
		return qrcode.H
	case LevelNone:
		return qrcode.Detect
	default:
		return qrcode.M
	}
}

// Symbol is an encoded QR code: Rows() rows of Size modules without the
// quiet zone, row-major, true = dark. Every symbol is square but an rMQR.
type Symbol struct {
	Version int
	Level   Level
	// Size is the number of modules in a row: the side of a square
	// symbol, the width of an rMQR.
	Size    int
	Modules []bool
	// Micro marks a Micro QR Code (render/micro.go): Version 1 to 4 is
	// M1 to M4, one finder pattern, a quiet zone of two modules.
	Micro bool
	// RMQR marks a rectangular Micro QR Code (render/rmqr.go) of Height
	// rows: Version 1 to 32 is R7x43 to R17x139.
	RMQR   bool
	Height int
}

// Rows is the number of module rows: Height for an rMQR, Size otherwise.
func (s *Symbol) Rows() int {
	if s.Height > 0 {
		return s.Height
	}
	return s.Size
}

// Dark reports whether the module at column x, row y is dark. Coordinates
// outside the symbol are light (they fall in the quiet zone).
func (s *Symbol) Dark(x, y int) bool {
	if x < 0 || y < 0 || x >= s.Size || y >= s.Rows() {
		return false
	}
	return s.Modules[y*s.Size+x]
}

// TooLongError says that data does not fit a version-40 symbol at the
// requested level. FitsAt is the most redundant level that would still hold
// it (LevelAuto when none does); MaxLength is, in that case, the longest
// prefix of the data in bytes that fits at level L.
type TooLongError struct {
	Requested Level
	FitsAt    Level
	MaxLength int
	Length    int
}

func (e *TooLongError) Error() string {
	if e.FitsAt != LevelAuto {
		return fmt.Sprintf("%d bytes do not fit a version-40 QR code at level %s; they fit at level %s", e.Length, e.Requested, e.FitsAt)
	}
	return fmt.Sprintf("%d bytes do not fit a version-40 QR code at any level; at most %d bytes of this data fit at level L", e.Length, e.MaxLength)
}

// Encode builds the symbol for data with the default ECI (DefaultECI).
func Encode(data string, level Level) (*Symbol, error) {
	return EncodeECI(data, level, DefaultECI)
}

// EncodeECI builds the symbol for data. With LevelAuto it follows the rule
// of segno's boost_error: pick the smallest version at level M, then the
// highest level that still fits that same version.
func EncodeECI(data string, level Level, eci ECI) (*Symbol, error) {
	if data == "" {
		return nil, ErrEmpty
	}
	n := eci.number(data)
	if level == LevelAuto {
		return encodeAuto(data, n)
	}
	plan, err := qrcode.FitECI([]byte(data), level.code(), n)
	if err != nil {
		return nil, tooLong(data, level, n)
	}
	q, err := plan.Symbol(level.code())
	if err != nil {
		return nil, err
	}
	return fromQR(q, level), nil
}

func encodeAuto(data string, eci int) (*Symbol, error) {
	plan, err := qrcode.FitECI([]byte(data), qrcode.M, eci)
	level := LevelM
	if err != nil {
		// Data too long for M may still fit at L.
		plan, err = qrcode.FitECI([]byte(data), qrcode.L, eci)
		if err != nil {
			return nil, tooLong(data, LevelM, eci)
		}
		level = LevelL
	} else {
		for _, l := range []Level{LevelH, LevelQ} {
			if plan.Fits(l.code()) {
				level = l
				break
			}
		}
	}
	q, err := plan.Symbol(level.code())
	if err != nil {
		return nil, err
	}
	return fromQR(q, level), nil
}

func fromQR(q *qrcode.Symbol, level Level) *Symbol {
	return &Symbol{Version: q.Version, Level: level, Size: q.Size, Modules: q.Modules}
}

// rank orders levels by redundancy (the letters do not sort that way).
func (l Level) rank() int {
	for i, v := range Levels {
		if v == l {
			return i
		}
	}
	return -1
}

// tooLong finds what would fit instead, for a helpful error.
func tooLong(data string, requested Level, eci int) error {
	e := &TooLongError{Requested: requested, Length: len(data)}
	for i := requested.rank() - 1; i >= 0; i-- {
		if _, err := qrcode.FitECI([]byte(data), Levels[i].code(), eci); err == nil {
			e.FitsAt = Levels[i]
			return e
		}
	}
	e.MaxLength = maxFit(data, LevelL, eci, 40)
	return e
}

// MaxFit is the length of the longest prefix of data, cut on a rune
// boundary, that a version 40 symbol holds at level (LevelAuto meaning L,
// which holds the most) with the default ECI; len(data) when all of it
// fits.
func MaxFit(data string, level Level) int { return MaxFitVersion(data, level, 40) }

// MaxFitVersion is MaxFit for symbols of at most maxVersion, the limit a
// standard may set (EPC069-12: version 13).
func MaxFitVersion(data string, level Level, maxVersion int) int {
	if level == LevelAuto {
		level = LevelL
	}
	return maxFit(data, level, DefaultECI.number(data), maxVersion)
}

func maxFit(data string, level Level, eci, maxVersion int) int {
	if len(data) <= qrcode.SafeBytesAt(min(maxVersion, 40), level.code()) {
		return len(data) // fits without planning its segments
	}
	fits := func(b string) bool {
		p, err := qrcode.FitECI([]byte(b), level.code(), eci)
		return err == nil && p.Version <= maxVersion
	}
	if fits(data) {
		return len(data)
	}
	runeCut := func(n int) int {
		for n > 0 && n < len(data) && !utf8.RuneStart(data[n]) {
			n--
		}
		return n
	}
	lo, hi := 0, len(data)
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if fits(data[:runeCut(mid)]) {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return runeCut(lo)
}

// ErrEmpty is returned for empty data: a QR code of nothing scans as nothing.
var ErrEmpty = errors.New("data is empty")
