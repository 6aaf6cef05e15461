package render

import (
	"bytes"
	"encoding/json"
	"errors"
	"image"
	"strings"
	"testing"
)

// TestEncodeRMQRChoosesTheSmallest: the fewest modules at the level; with
// LevelAuto, M then H when the same size holds it; L and Q do not exist.
func TestEncodeRMQRChoosesTheSmallest(t *testing.T) {
	for _, c := range []struct {
		data  string
		level Level
		want  string
	}{
		{"ABCDEFG", LevelM, "R11x27-M"},
		{"ABCDEF", LevelAuto, "R11x27-H"},   // R11x27 holds 6 alphanumerics at H too
		{"ABCDEFGH", LevelAuto, "R11x27-M"}, // too long for H
		{"https://qrforge.example/gallery", LevelAuto, "R15x43-M"},
		{"café", LevelH, "R11x43-H"}, // an ECI header names UTF-8
	} {
		s, err := EncodeSymbol(c.data, c.level, DefaultECI, SymbolRMQR)
		if err != nil {
			t.Fatalf("%q %s: %v", c.data, c.level, err)
		}
		if s.Designator() != c.want || s.Type() != SymbolRMQR {
			t.Errorf("%q level %s: %s (%s), want %s", c.data, c.level, s.Designator(), s.Type(), c.want)
		}
	}
	for _, l := range []Level{LevelL, LevelQ} {
		if _, err := EncodeRMQR("1", l, DefaultECI, 0); err == nil {
			t.Errorf("level %s: no error", l)
		}
	}
	if _, err := EncodeRMQR(strings.Repeat("a", 151), LevelM, DefaultECI, 0); err == nil {
		t.Error("151 bytes: no error")
	}
	// auto stays among the square symbols.
	if s, _ := EncodeSymbol("HELLO", LevelAuto, DefaultECI, SymbolAuto); s.RMQR {
		t.Errorf("symbol=auto gave %s", s.Designator())
	}
}

// TestRMQRDrawsTheMatrix reads the modules back from PNGs: one plain, one
// with styled modules, on a strip as wide as the size (rmqrStrip) with the
// symbol centred and a two-module quiet zone at least; the JSON matrix has
// its rows.
func TestRMQRDrawsTheMatrix(t *testing.T) {
	s, err := EncodeRMQR("https://qrforge.example/r", LevelM, DefaultECI, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, style := range []ModuleStyle{ModuleSquare, ModuleStyles[len(ModuleStyles)-1]} {
		o := DefaultOptions()
		o.Margin = RMQRQuietZone
		o.Module = style
		b, err := PNG(s, o)
		if err != nil {
			t.Fatal(err)
		}
		img, _, err := image.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		height := rmqrStrip(s, o.Margin, 0, o.Size)
		if img.Bounds().Dx() != o.Size || img.Bounds().Dy() != height {
			t.Fatalf("%s: %v, want %d×%d px", style, img.Bounds(), o.Size, height)
		}
		w := s.Size + 2*o.Margin
		scale := o.Size / w
		// The width's leftover pixels widen the quiet zone left and
		// right; the strip has none above or below.
		offX, offY := (o.Size-scale*w)/2, 0
		for y := -o.Margin; y < s.Rows()+o.Margin; y++ {
			for x := -o.Margin; x < s.Size+o.Margin; x++ {
				px := offX + (x+o.Margin)*scale + scale/2
				py := offY + (y+o.Margin)*scale + scale/2
				r, _, _, _ := img.At(px, py).RGBA()
				if dark := r < 0x8000; dark != s.Dark(x, y) {
					t.Fatalf("style %s: module (%d, %d) drawn dark=%v, matrix says %v", style, x, y, dark, s.Dark(x, y))
				}
			}
		}
	}
	var m struct {
		Size, Width, Height int
		Matrix              [][]int
	}
	if err := json.Unmarshal(JSON(s, RMQRQuietZone), &m); err != nil {
		t.Fatal(err)
	}
	if m.Width != s.Size || m.Height != s.Rows() || len(m.Matrix) != s.Rows() || len(m.Matrix[0]) != s.Size {
		t.Errorf("JSON: width %d height %d, %d rows of %d; want %d×%d", m.Width, m.Height, len(m.Matrix), len(m.Matrix[0]), s.Rows(), s.Size)
	}
	for _, f := range []func(*Symbol, Options) ([]byte, error){SVG, PDF, EPS} {
		if b, err := f(s, DefaultOptions()); err != nil || len(b) == 0 {
			t.Errorf("vector output: %d bytes, %v", len(b), err)
		}
	}
	if got := len(finderOrigins(s)); got != 1 {
		t.Errorf("%d finders on an rMQR", got)
	}
}

// Data no rMQR holds with no level asked for is said not to fit at M, the
// level the size is chosen at (the lower of rMQR's two, ISO/IEC
// 23941:2022 §6.5.1), never at a level "auto".
func TestRMQRTooLongNamesLevelM(t *testing.T) {
	for _, height := range []int{0, 7} {
		_, err := EncodeRMQR(strings.Repeat("a", 151), LevelAuto, ECIUTF8, height)
		var e *RMQRError
		if !errors.As(err, &e) || !strings.Contains(err.Error(), "at level M") {
			t.Errorf("height %d: %v, want an RMQRError at level M", height, err)
		}
	}
}
