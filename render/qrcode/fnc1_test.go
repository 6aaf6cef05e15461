package qrcode

import (
	"testing"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/qrcode/decoder"
)

// A GS1 element string reads back with its group separators and the GS1
// symbology identifier ]Q3 (gozxing reports the modifier 3), group
// separators and a % of the data written as bytes (ISO/IEC 18004:2015
// §7.4.8.2).
func TestGS1ElementString(t *testing.T) {
	for _, s := range []string{
		"01095060001343521727123110LOT-ABC",
		"0109506000134352" + "10ABC1\x1d" + "21SERIAL%42\x1d" + "17271231",
		"10A\x1d21B\x1d",
		"00395060001343520001",
	} {
		p, err := FitGS1([]byte(s), M)
		if err != nil {
			t.Fatal(err)
		}
		if got := bitString(p.bits)[:4]; got != "0101" {
			t.Errorf("%q: mode indicator %s, want FNC1 first 0101", s, got)
		}
		sym, err := p.Symbol(M)
		if err != nil {
			t.Fatal(err)
		}
		text, modifier := decodeGS1(t, sym)
		if text != s || modifier != 3 {
			t.Errorf("read %q, modifier %d; want %q, 3", text, modifier, s)
		}
	}
}

func decodeGS1(t *testing.T, s *Symbol) (string, int) {
	t.Helper()
	m, _ := gozxing.NewSquareBitMatrix(s.Size)
	for i, dark := range s.Modules {
		if dark {
			m.Set(i%s.Size, i/s.Size)
		}
	}
	r, err := decoder.NewDecoder().DecodeWithoutHint(m)
	if err != nil {
		t.Fatalf("gozxing cannot read version %d: %v", s.Version, err)
	}
	return r.GetText(), r.GetSymbologyModifier()
}
