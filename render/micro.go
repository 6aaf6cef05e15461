package render

import (
	"errors"
	"fmt"

	"github.com/qrforge/qrforge/render/qrcode"
)

// SymbolType says which symbols a request allows (ISO/IEC 18004:2015,
// ISO/IEC 23941:2022).
type SymbolType string

// The symbol choices: QR Code (Model 2), Micro QR Code, or the smaller of
// the two that holds the data (EncodeSymbol); and rMQR (rmqr.go), which
// only an explicit choice gives.
const (
	SymbolQR    SymbolType = "qr"
	SymbolMicro SymbolType = "micro"
	SymbolAuto  SymbolType = "auto"
)

// SymbolTypes lists the choices in the order the option documents them.
var SymbolTypes = []SymbolType{SymbolQR, SymbolMicro, SymbolAuto, SymbolRMQR}

// LevelNone is the level of Micro QR M1, which detects errors but corrects
// none (§6.5.1).
const LevelNone Level = 'N'

// MicroQuietZone is the quiet zone a Micro QR Code needs, in modules
// (§6.3.8): half of QR Code's.
const MicroQuietZone = 2

// Designator names the symbol as its standard does: "M2-L" for a Micro QR
// Code, "3-M" for a QR Code of version 3, "R13x77-M" for an rMQR.
func (s *Symbol) Designator() string {
	if s.RMQR {
		return fmt.Sprintf("R%dx%d-%s", s.Rows(), s.Size, s.Level)
	}
	if !s.Micro {
		return fmt.Sprintf("%d-%s", s.Version, s.Level)
	}
	if s.Version == 1 {
		return "M1"
	}
	return fmt.Sprintf("M%d-%s", s.Version, s.Level)
}

// Type is the symbol's type, SymbolQR, SymbolMicro or SymbolRMQR.
func (s *Symbol) Type() SymbolType {
	if s.RMQR {
		return SymbolRMQR
	}
	if s.Micro {
		return SymbolMicro
	}
	return SymbolQR
}

// MicroError says the data or the level does not suit a Micro QR Code.
type MicroError struct {
	Level  Level
	Length int
	// NoLevel: Micro QR Code has no such level (H; Q is M4's only).
	NoLevel bool
	// NeedsECI: the data is not ASCII, nor Japanese text that Kanji mode
	// holds, and the ECI setting names its character set, which a Micro
	// QR Code has no header for.
	NeedsECI bool
}

func (e *MicroError) Error() string {
	if e.NeedsECI {
		return "Micro QR Codes have no ECI header (ISO/IEC 18004:2015 §7.4.2.1): non-ASCII data other than Japanese text, which Kanji mode holds, would be bytes that readers take for a character set they guess (the standard's default is ISO/IEC 8859-1, which reads UTF-8's é as Ã©); symbol=auto draws a QR Code that marks it as UTF-8, and eci=none keeps a Micro QR Code with the bytes unmarked"
	}
	if e.NoLevel {
		return fmt.Sprintf("Micro QR Codes have no level %s: M2 to M4 have L and M, M4 also Q", e.Level)
	}
	c, ok := microLargest[e.Level]
	if !ok {
		// No level asked for: the largest at any level, M4-L.
		c = microLargest[LevelL]
		return fmt.Sprintf("%d bytes do not fit a Micro QR Code: M4-L, the largest, holds %d digits, %d upper-case alphanumerics, %d bytes or %d Kanji characters", e.Length, c.digits, c.alphanumerics, c.bytes, c.kanji)
	}
	return fmt.Sprintf("%d bytes do not fit a Micro QR Code at level %s: M4-%s, the largest, holds %d digits, %d upper-case alphanumerics, %d bytes or %d Kanji characters", e.Length, e.Level, e.Level, c.digits, c.alphanumerics, c.bytes, c.kanji)
}

// microLargest is what M4, the largest Micro QR Code, holds at each level
// in one mode (ISO/IEC 18004:2015 Table 7).
var microLargest = map[Level]struct{ digits, alphanumerics, bytes, kanji int }{
	LevelL: {35, 21, 15, 9},
	LevelM: {30, 18, 13, 8},
	LevelQ: {21, 13, 9, 5},
}

// EncodeMicro builds the smallest Micro QR Code (ISO/IEC 18004:2015,
// M1 to M4) that holds data at level. With LevelAuto it takes the smallest
// symbol at any level, M1 (error detection only) included, then the
// highest level that same symbol holds, as segno does. Micro QR has no
// ECI (§7.4.2.1): Japanese text is written in Kanji mode, which is always
// Shift JIS (§7.4.6), and other bytes as they are.
func EncodeMicro(data string, level Level) (*Symbol, error) {
	return encodeMicro(data, level, LevelNone)
}

// encodeMicro is EncodeMicro whose LevelAuto starts at least: LevelNone
// allows M1, LevelL does not.
func encodeMicro(data string, level, least Level) (*Symbol, error) {
	if data == "" {
		return nil, ErrEmpty
	}
	code := level.code()
	if level == LevelAuto {
		code = least.code()
	}
	if level == LevelH || level == LevelNone {
		return nil, &MicroError{Level: level, NoLevel: true}
	}
	v, err := qrcode.FitMicro([]byte(data), code)
	if errors.Is(err, qrcode.ErrNoMicroLevel) {
		return nil, &MicroError{Level: level, NoLevel: true}
	}
	if err != nil {
		return nil, &MicroError{Level: level, Length: len(data)}
	}
	if v == 1 {
		code = qrcode.Detect
	} else if code == qrcode.Detect {
		code = qrcode.L
	}
	if level == LevelAuto {
		bits := qrcode.MicroBits([]byte(data), v)
		for _, l := range []qrcode.Level{qrcode.Q, qrcode.M} {
			if c := qrcode.MicroCapacity(v, l); c > 0 && bits <= c && l > code {
				code = l
				break
			}
		}
	}
	m, err := qrcode.EncodeMicro([]byte(data), v, code, -1)
	if err != nil {
		return nil, err
	}
	return &Symbol{Version: m.Version, Level: levelOf(code), Size: m.Size, Modules: m.Modules, Micro: true}, nil
}

func levelOf(l qrcode.Level) Level {
	switch l {
	case qrcode.Detect:
		return LevelNone
	case qrcode.L:
		return LevelL
	case qrcode.M:
		return LevelM
	case qrcode.Q:
		return LevelQ
	}
	return LevelH
}

// EncodeSymbol builds data as the symbol type asks. SymbolAuto takes a
// Micro QR Code when one holds the data at level and the data needs no
// ECI header (Micro QR has none; Japanese text in Kanji mode needs none),
// else a QR Code: every Micro QR symbol is
// smaller than every QR Code (17 modules at most, 21 at least). With
// LevelAuto the Micro QR Code must correct errors (level L at least, so
// never M1): asking for symbol=micro is how to get M1. An rMQR is never
// chosen for auto: a rectangle does not take the place of a square.
func EncodeSymbol(data string, level Level, eci ECI, t SymbolType) (*Symbol, error) {
	switch t {
	case SymbolRMQR:
		return EncodeRMQR(data, level, eci, 0)
	case SymbolMicro:
		if eci.number(data) != 0 && !KanjiText(data) {
			// Written unmarked, the UTF-8 would read as Latin-1 where
			// readers follow the standard's default (§7.4.2); eci=none
			// asks for that.
			return nil, &MicroError{Level: level, NeedsECI: true}
		}
		return EncodeMicro(data, level)
	case SymbolAuto:
		if (eci.number(data) == 0 || KanjiText(data)) && level != LevelH {
			if s, err := encodeMicro(data, level, LevelL); err == nil {
				return s, nil
			}
		}
	}
	return EncodeECI(data, level, eci)
}
