package render

import (
	"bytes"
	"image"
	"testing"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/qrcode"
)

// A GS1 QR Code reads back as its element string, group separators
// included, with the symbology identifier ]Q3 that tells a reader to pass
// it to GS1 processing (ISO/IEC 18004:2015 Annex F, Table F.1).
func TestEncodeGS1ReadsAsGS1(t *testing.T) {
	for _, level := range []Level{LevelAuto, LevelL, LevelH} {
		element := "01095060001343521727123110LOT-ABC\x1d21SN-1/2"
		s, err := EncodeGS1(element, level)
		if err != nil {
			t.Fatal(err)
		}
		if level != LevelAuto && s.Level != level {
			t.Errorf("level %s asked, %s made", level, s.Level)
		}
		b, err := PNG(s, DefaultOptions())
		if err != nil {
			t.Fatal(err)
		}
		text, id := readWithIdentifier(t, b)
		if text != element || id != "]Q3" {
			t.Errorf("level %s: read %q with %q; want %q with ]Q3", level, text, id, element)
		}
	}
	if _, err := EncodeGS1("", LevelM); err != ErrEmpty {
		t.Errorf("empty element string: %v, want ErrEmpty", err)
	}
}

// LevelAuto keeps M's version and raises the level where it still fits,
// as EncodeECI does.
func TestEncodeGS1AutoLevel(t *testing.T) {
	s, err := EncodeGS1("0109506000134352", LevelAuto)
	if err != nil {
		t.Fatal(err)
	}
	m, err := EncodeGS1("0109506000134352", LevelM)
	if err != nil {
		t.Fatal(err)
	}
	if s.Version != m.Version || s.Level.rank() < LevelM.rank() {
		t.Errorf("auto gave %s, level M gives version %d", s.Designator(), m.Version)
	}
}

func readWithIdentifier(t *testing.T, b []byte) (string, string) {
	t.Helper()
	img, _, err := image.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	bmp, err := gozxing.NewBinaryBitmapFromImage(img)
	if err != nil {
		t.Fatal(err)
	}
	res, err := qrcode.NewQRCodeReader().Decode(bmp, nil)
	if err != nil {
		t.Fatalf("gozxing cannot read the code: %v", err)
	}
	id, _ := res.GetResultMetadata()[gozxing.ResultMetadataType_SYMBOLOGY_IDENTIFIER].(string)
	return res.GetText(), id
}
