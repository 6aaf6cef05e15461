package render

import (
	"bytes"
	"errors"
	"image"
	"image/gif"
	"image/jpeg"
	"strings"
	"testing"

	"github.com/makiuchi-d/gozxing"
	multiqr "github.com/makiuchi-d/gozxing/multi/qrcode"
	"github.com/makiuchi-d/gozxing/qrcode"
)

// appendText is 4000 bytes of mixed text: more than version 40 holds even
// at L (2953 bytes), so two symbols at least.
var appendText = strings.ToValidUTF8(strings.Repeat("Structured append joins symbols · Grüße 東京 0123456789 ", 70)[:4000], "")

// Each symbol of a set, drawn as a PNG, reads with gozxing's reader,
// whose result metadata gives the structured append sequence (position
// and total less one, four bits each) and parity (ISO/IEC 18004:2015 §8);
// the parts joined in order are the data.
func TestAppendSymbolsReadWithTheirSequence(t *testing.T) {
	data := strings.Repeat("Structured append joins symbols · Grüße 東京 0123456789 ", 20)
	set, err := EncodeAppend(data, LevelQ, ECIUTF8, 3)
	if err != nil {
		t.Fatal(err)
	}
	if len(set.Symbols) != 3 || !set.Appended() {
		t.Fatalf("%d symbols, want 3", len(set.Symbols))
	}
	var joined strings.Builder
	for i, s := range set.Symbols {
		if s.Version != set.Symbols[0].Version || s.Level != LevelQ {
			t.Errorf("symbol %d is %s, symbol 1 %s", i+1, s.Designator(), set.Symbols[0].Designator())
		}
		o := DefaultOptions()
		o.Size = 1200
		b, err := PNG(s, o)
		if err != nil {
			t.Fatal(err)
		}
		img, _, err := image.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		bmp, _ := gozxing.NewBinaryBitmapFromImage(img)
		r, err := qrcode.NewQRCodeReader().Decode(bmp, map[gozxing.DecodeHintType]any{gozxing.DecodeHintType_TRY_HARDER: true})
		if err != nil {
			t.Fatalf("symbol %d (%s): %v", i+1, s.Designator(), err)
		}
		md := r.GetResultMetadata()
		seq, _ := md[gozxing.ResultMetadataType_STRUCTURED_APPEND_SEQUENCE].(int)
		parity, _ := md[gozxing.ResultMetadataType_STRUCTURED_APPEND_PARITY].(int)
		if seq != i<<4|2 || parity != int(set.Parity) {
			t.Errorf("symbol %d: sequence %#02x parity %#02x, want %#02x and %#02x", i+1, seq, parity, i<<4|2, set.Parity)
		}
		if r.GetText() != set.Parts[i] {
			t.Errorf("symbol %d reads %q, want %q", i+1, r.GetText(), set.Parts[i])
		}
		joined.WriteString(r.GetText())
	}
	if joined.String() != data {
		t.Errorf("the joined parts differ from the data")
	}
}

// AppendAuto draws one plain symbol when one holds the data, and else
// the fewest symbols, at the highest level that keeps their version.
func TestAppendAuto(t *testing.T) {
	set, err := EncodeAppend("short", LevelAuto, ECIUTF8, AppendAuto)
	if err != nil || len(set.Symbols) != 1 || set.Appended() {
		t.Fatalf("short data: %v, %+v", err, set)
	}
	set, err = EncodeAppend(appendText, LevelAuto, ECIUTF8, AppendAuto)
	if err != nil {
		t.Fatal(err)
	}
	if len(set.Symbols) != 2 {
		t.Errorf("%d symbols for 4000 bytes; two hold them at M", len(set.Symbols))
	}
	if strings.Join(set.Parts, "") != appendText {
		t.Error("the parts do not join to the data")
	}
	for _, s := range set.Symbols {
		if s.Level.rank() < LevelM.rank() {
			t.Errorf("level %s, below M", s.Level)
		}
	}
}

func TestAppendErrors(t *testing.T) {
	cases := []struct {
		name  string
		data  string
		level Level
		count int
		want  AppendError
	}{
		{"more symbols than characters", "Grüß", LevelM, 5, AppendError{Level: LevelM, Count: 5, Characters: 4, Length: 6}},
		// Version 40-L holds 2953 bytes.
		{"fewer symbols than needed", strings.Repeat("x", 7000), LevelL, 2, AppendError{Level: LevelL, Count: 2, Needed: 3, Length: 7000}},
		{"more than 16 at H, fewer at L", strings.Repeat("x", 16*1300), LevelH, AppendAuto, AppendError{Level: LevelH, FitsAt: LevelQ, Length: 16 * 1300}},
	}
	for _, c := range cases {
		_, err := EncodeAppend(c.data, c.level, ECIUTF8, c.count)
		var ae *AppendError
		if !errors.As(err, &ae) {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if *ae != c.want {
			t.Errorf("%s: %+v, want %+v (%v)", c.name, *ae, c.want, err)
		}
	}
}

// A row is the symbols side by side, one quiet zone apart: gozxing's
// multi-code reader finds all three in the one image and joins them, as
// it does a structured append set, in PNG, GIF and JPEG.
func TestDrawRowReadsAsOneSet(t *testing.T) {
	data := "A row of three symbols of one structured append set, read from one image: " + strings.Repeat("0123456789", 8)
	set, err := EncodeAppend(data, LevelM, ECIUTF8, 3)
	if err != nil {
		t.Fatal(err)
	}
	o := DefaultOptions()
	o.Size = 300
	row, err := Row(set.Symbols[0], 3, o)
	if err != nil {
		t.Fatal(err)
	}
	decoders := map[Encoding]func([]byte) (image.Image, error){
		EncodingPNG:  func(b []byte) (image.Image, error) { img, _, err := image.Decode(bytes.NewReader(b)); return img, err },
		EncodingGIF:  func(b []byte) (image.Image, error) { return gif.Decode(bytes.NewReader(b)) },
		EncodingJPEG: func(b []byte) (image.Image, error) { return jpeg.Decode(bytes.NewReader(b)) },
	}
	for e, decode := range decoders {
		b, err := DrawRow(set.Symbols, o, e)
		if err != nil {
			t.Fatal(err)
		}
		img, err := decode(b)
		if err != nil {
			t.Fatalf("%s: %v", e, err)
		}
		if img.Bounds().Dx() != row.Width || img.Bounds().Dy() != 300 {
			t.Errorf("%s: %v, want %dx300", e, img.Bounds(), row.Width)
		}
		bmp, _ := gozxing.NewBinaryBitmapFromImage(img)
		results, err := multiqr.NewQRCodeMultiReader().DecodeMultiple(bmp, map[gozxing.DecodeHintType]any{gozxing.DecodeHintType_TRY_HARDER: true})
		if err != nil || len(results) != 1 || results[0].GetText() != data {
			var texts []string
			for _, r := range results {
				texts = append(texts, r.GetText())
			}
			t.Errorf("%s: gozxing joined %q (%v), want the data", e, texts, err)
		}
	}
	// The gap between symbols is the quiet zone: each image's left quiet
	// zone covers the right one of the image before.
	l, _ := newLayout(set.Symbols[0], &o)
	if gap := row.Step - l.n*l.scale; gap < o.Margin*l.scale || gap > (o.Margin+1)*l.scale {
		t.Errorf("symbols %d pixels apart, not the %d of one quiet zone", gap, o.Margin*l.scale)
	}
	o.Label = "SCAN ALL"
	if _, err := DrawRow(set.Symbols, o, EncodingPNG); !errors.Is(err, ErrRowFrame) {
		t.Errorf("a row with a label: %v, want ErrRowFrame", err)
	}
}

// Data past 16 symbols at every level is cut, in the error, to what 16
// symbols at L hold.
func TestAppendMaxLength(t *testing.T) {
	data := strings.Repeat("y", 16*2953)
	_, err := EncodeAppend(data, LevelL, ECIUTF8, AppendAuto)
	var ae *AppendError
	if !errors.As(err, &ae) || ae.MaxLength == 0 || ae.FitsAt != LevelAuto {
		t.Fatalf("%v", err)
	}
	if _, err := EncodeAppend(data[:ae.MaxLength], LevelL, ECIUTF8, AppendAuto); err != nil {
		t.Errorf("%d bytes, the most that fit: %v", ae.MaxLength, err)
	}
	if _, err := EncodeAppend(data[:ae.MaxLength+1], LevelL, ECIUTF8, AppendAuto); err == nil {
		t.Errorf("%d bytes, one more than the most that fit, fit", ae.MaxLength+1)
	}
}
