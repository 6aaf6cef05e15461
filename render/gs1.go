package render

import "github.com/qrforge/qrforge/render/qrcode"

// EncodeGS1 builds a GS1 QR Code: FNC1 in first position, then the GS1
// element string (application identifiers and their data, a group
// separator 0x1D after each variable-length field but the last), so that
// readers report the symbology identifier ]Q3 and hand the string to GS1
// processing (ISO/IEC 18004:2015 §7.4.8.2; GS1 General Specifications
// §5.7). LevelAuto chooses as EncodeECI does: M, raised to Q or H where
// the same version holds it.
func EncodeGS1(element string, level Level) (*Symbol, error) {
	if element == "" {
		return nil, ErrEmpty
	}
	want := level
	if level == LevelAuto {
		want = LevelM
	}
	plan, err := qrcode.FitGS1([]byte(element), want.code())
	if err != nil {
		return nil, &TooLongError{Requested: want, Length: len(element)}
	}
	if level == LevelAuto {
		for _, l := range []Level{LevelH, LevelQ} {
			if plan.Fits(l.code()) {
				want = l
				break
			}
		}
	}
	q, err := plan.Symbol(want.code())
	if err != nil {
		return nil, err
	}
	return fromQR(q, want), nil
}
