package render

import (
	"bytes"
	"errors"
	"image"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestEncodeSymbolChoosesMicro: symbol=auto takes the smallest Micro QR
// Code at level L or better for short ASCII data, a QR Code otherwise;
// symbol=micro may give M1.
func TestEncodeSymbolChoosesMicro(t *testing.T) {
	for _, c := range []struct {
		data  string
		level Level
		t     SymbolType
		want  string
	}{
		{"12345", LevelAuto, SymbolMicro, "M1"},
		{"12345", LevelAuto, SymbolAuto, "M2-M"}, // auto never picks M1; M2-M holds 8 digits
		{"12345", LevelL, SymbolAuto, "M2-L"},
		{"HELLO", LevelAuto, SymbolMicro, "M2-M"},
		{"hello", LevelQ, SymbolAuto, "M4-Q"},
		{"hello", LevelH, SymbolAuto, "1-H"},                    // Micro QR has no H
		{"café", LevelAuto, SymbolAuto, "1-H"},                  // non-ASCII needs ECI, which Micro QR lacks
		{"https://example.com/x", LevelAuto, SymbolAuto, "2-M"}, // 21 bytes: more than M4 holds
		{"12345", LevelAuto, SymbolQR, "1-H"},
	} {
		s, err := EncodeSymbol(c.data, c.level, DefaultECI, c.t)
		if err != nil {
			t.Fatalf("%q %s %s: %v", c.data, c.level, c.t, err)
		}
		if s.Designator() != c.want {
			t.Errorf("%q level %s symbol=%s: %s, want %s", c.data, c.level, c.t, s.Designator(), c.want)
		}
	}
	if _, err := EncodeSymbol(strings.Repeat("a", 16), LevelAuto, DefaultECI, SymbolMicro); err == nil {
		t.Error("16 bytes as Micro QR: no error")
	}
	if _, err := EncodeSymbol("1", LevelH, DefaultECI, SymbolMicro); err == nil {
		t.Error("Micro QR at level H: no error")
	}
}

// TestMicroPNGAndSVGDrawTheMatrix reads the modules back from a PNG: the
// drawing must be the matrix, with one finder (no eyes at the QR Code's
// other corners) and the quiet zone, for square and styled modules; the
// SVG must draw one eye.
func TestMicroPNGAndSVGDrawTheMatrix(t *testing.T) {
	s, err := EncodeMicro("HELLO123", LevelAuto)
	if err != nil {
		t.Fatal(err)
	}
	for _, style := range []ModuleStyle{ModuleSquare, ModuleStyles[len(ModuleStyles)-1]} {
		o := DefaultOptions()
		o.Margin = MicroQuietZone
		o.Module = style
		b, err := PNG(s, o)
		if err != nil {
			t.Fatal(err)
		}
		img, _, err := image.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		side := s.Size + 2*o.Margin
		scale := o.Size / side
		off := (o.Size - scale*side) / 2
		for y := -o.Margin; y < s.Size+o.Margin; y++ {
			for x := -o.Margin; x < s.Size+o.Margin; x++ {
				px := off + (x+o.Margin)*scale + scale/2
				py := off + (y+o.Margin)*scale + scale/2
				r, _, _, _ := img.At(px, py).RGBA()
				if dark := r < 0x8000; dark != s.Dark(x, y) {
					t.Fatalf("style %s: module (%d, %d) drawn dark=%v, matrix says %v", style, x, y, dark, s.Dark(x, y))
				}
			}
		}
	}
	svg, err := SVG(s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	if len(svg) == 0 {
		t.Fatal("empty SVG")
	}
	if got := len(finderOrigins(s)); got != 1 {
		t.Errorf("%d finders on a Micro QR Code", got)
	}
}

// A Micro QR Code has no ECI (ISO/IEC 18004:2015 §7.4.2.1): non-ASCII
// data would be bytes whose character set the reader guesses, so with
// eci=utf8 it is refused; eci=none asks for the unmarked bytes. Japanese
// text needs no header: Kanji mode (§7.4.6) is always Shift JIS, and
// 漢字 takes M3 in it (Table 7: M3-M holds 4 Kanji characters).
func TestMicroRefusesDataThatNeedsECI(t *testing.T) {
	for _, data := range []string{"café", "한글"} {
		_, err := EncodeSymbol(data, LevelAuto, ECIUTF8, SymbolMicro)
		var me *MicroError
		if !errors.As(err, &me) || !me.NeedsECI {
			t.Errorf("%q as Micro QR with ECI 26: %v, want a MicroError that needs ECI", data, err)
		}
		if s, err := EncodeSymbol(data, LevelAuto, ECINone, SymbolMicro); err != nil || !s.Micro {
			t.Errorf("%q as Micro QR without ECI: %v", data, err)
		}
		if s, err := EncodeSymbol(data, LevelAuto, ECIUTF8, SymbolAuto); err != nil || s.Micro {
			t.Errorf("%q with symbol=auto: %v, micro %v; want a QR Code with its ECI header", data, err, s != nil && s.Micro)
		}
	}
	for _, eci := range ECIs {
		for _, symbol := range []SymbolType{SymbolMicro, SymbolAuto} {
			if s, err := EncodeSymbol("漢字", LevelAuto, eci, symbol); err != nil || s.Designator() != "M3-M" {
				t.Errorf("漢字, eci=%s, symbol=%s: %v (micro %v); want M3-M in Kanji mode", eci, symbol, err, s != nil && s.Micro)
			}
		}
	}
	if s, err := EncodeSymbol("hello", LevelAuto, ECIUTF8, SymbolMicro); err != nil || !s.Micro {
		t.Errorf("ASCII as Micro QR: %v", err)
	}
}

// A Micro QR Code too small for the data says what M4 holds at the level
// asked for (ISO/IEC 18004:2015 Table 7), each number checked here
// against the encoder: that many characters fit M4 at the level, one more
// does not.
func TestMicroTooLongQuotesTheLevelsCapacity(t *testing.T) {
	said := regexp.MustCompile(`holds (\d+) digits, (\d+) upper-case alphanumerics, (\d+) bytes or (\d+) Kanji characters`)
	for _, level := range []Level{LevelAuto, LevelL, LevelM, LevelQ} {
		_, err := EncodeMicro(strings.Repeat("a", 40), level)
		var micro *MicroError
		if !errors.As(err, &micro) {
			t.Fatalf("level %s: %v, want a MicroError", level, err)
		}
		m := said.FindStringSubmatch(err.Error())
		if m == nil {
			t.Fatalf("level %s: %q names no capacity", level, err)
		}
		fitsAt := level
		if level == LevelAuto {
			fitsAt = LevelL
		}
		for i, char := range []string{"1", "A", "a", "漢"} {
			n, _ := strconv.Atoi(m[i+1])
			if s, err := EncodeMicro(strings.Repeat(char, n), fitsAt); err != nil || s.Version != 4 {
				t.Errorf("level %s: %q says %d of %q fit M4, and they do not (%v)", level, micro, n, char, err)
			}
			if _, err := EncodeMicro(strings.Repeat(char, n+1), fitsAt); err == nil {
				t.Errorf("level %s: %q says %d of %q are the most, and %d fit", level, micro, n, char, n+1)
			}
		}
	}
}
