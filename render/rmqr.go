package render

import (
	"fmt"

	"github.com/qrforge/qrforge/render/qrcode"
)

// SymbolRMQR asks for a rectangular Micro QR Code (ISO/IEC 23941:2022).
const SymbolRMQR SymbolType = "rmqr"

// RMQRQuietZone is the quiet zone an rMQR needs, in modules (ISO/IEC
// 23941 §6.3.8), as a Micro QR Code's.
const RMQRQuietZone = 2

// RMQRError says the data or the level does not suit an rMQR.
type RMQRError struct {
	Level  Level
	Length int
	// NoLevel: rMQR has levels M and H only.
	NoLevel bool
	// Height is the height asked for, 0 for any.
	Height int
}

func (e *RMQRError) Error() string {
	if e.NoLevel {
		return fmt.Sprintf("rMQR codes have no level %s: only M and H", e.Level)
	}
	level := e.Level
	if level == LevelAuto {
		// No level asked for: the size is chosen at M (EncodeRMQR).
		level = LevelM
	}
	if e.Height != 0 {
		return fmt.Sprintf("%d bytes do not fit an rMQR code %d modules high at level %s: R%dx139 is the widest", e.Length, e.Height, level, e.Height)
	}
	return fmt.Sprintf("%d bytes do not fit an rMQR code at level %s: R17x139, the largest, holds 361 digits, 219 upper-case alphanumerics or 150 bytes at M (74 bytes at H)", e.Length, level)
}

// EncodeRMQR builds the rMQR with the fewest modules (height × width)
// that holds data at level, M or H; of R7x99 and R9x77, which have as
// many, the taller. With LevelAuto it takes the smallest symbol at M, then
// H when that same symbol holds the data at H, as EncodeECI does for QR
// Codes. Non-ASCII data gets an ECI header as in a QR Code (docs/eci.md):
// rMQR has ECI mode (ISO/IEC 23941 §7.4.2). A height other than 0 (7 to
// 17, odd) takes the narrowest size of that height instead.
func EncodeRMQR(data string, level Level, eci ECI, height int) (*Symbol, error) {
	if data == "" {
		return nil, ErrEmpty
	}
	code := level.code()
	if level == LevelAuto {
		code = qrcode.M
	}
	if !qrcode.RMQRHas(code) {
		return nil, &RMQRError{Level: level, NoLevel: true}
	}
	var allows func(qrcode.RMQRSize) bool
	if height != 0 {
		allows = func(s qrcode.RMQRSize) bool { return s.Height == height }
	}
	plan, err := qrcode.FitRMQR([]byte(data), code, eci.number(data), allows)
	if err != nil {
		return nil, &RMQRError{Level: level, Length: len(data), Height: height}
	}
	if level == LevelAuto && plan.Fits(qrcode.H) {
		code = qrcode.H
	}
	m, err := plan.Symbol(code)
	if err != nil {
		return nil, err
	}
	return &Symbol{Version: m.Size + 1, Level: levelOf(code), Size: m.Width, Height: m.Height, Modules: m.Modules, RMQR: true}, nil
}

// rmqrFunction marks an rMQR's function modules (nil for other symbols),
// which drawings keep square.
func rmqrFunction(s *Symbol) []bool {
	if !s.RMQR {
		return nil
	}
	return qrcode.RMQRFunctionModules(s.Version - 1)
}

// inSubPattern reports whether (x, y) lies in an rMQR's finder
// sub-pattern, which is drawn as an eye.
func inSubPattern(s *Symbol, x, y int) bool {
	return s.RMQR && x >= s.Size-5 && y >= s.Rows()-5
}
