package render

import (
	"bytes"
	"image/png"
	"testing"
)

// Darkness is the PNG's grey read back, pixel for pixel, for every module
// style, eye, frame and ball: the dark area analysis measures on it is the
// one it measured on the decoded file.
func TestDarknessIsThePNGsGrey(t *testing.T) {
	s, err := Encode("https://example.com/darkness", LevelM)
	if err != nil {
		t.Fatal(err)
	}
	var designs []Options
	for _, m := range ModuleStyles {
		o := DefaultOptions()
		o.Module = m
		designs = append(designs, o)
	}
	for _, e := range EyeStyles {
		o := DefaultOptions()
		o.Eye = e
		designs = append(designs, o)
	}
	for i, f := range EyeFrames {
		o := DefaultOptions()
		o.Module, o.EyeFrame, o.EyeBall = ModuleDot, f, EyeBalls[i%len(EyeBalls)]
		designs = append(designs, o)
	}
	for _, o := range designs {
		o.Margin, o.Size = 0, s.Size*8
		got, err := Darkness(s, o)
		if err != nil {
			t.Fatal(err)
		}
		b, err := PNG(s, o)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		if img.Bounds() != got.Bounds() {
			t.Fatalf("%s %s: %v, the PNG %v", o.Module, o.Eye, got.Bounds(), img.Bounds())
		}
		for y := range got.Rect.Dy() {
			for x := range got.Rect.Dx() {
				r, _, _, _ := img.At(x, y).RGBA()
				if want := 255 - uint8(r>>8); got.Pix[y*got.Stride+x] != want {
					t.Fatalf("%s %s %s %s: pixel %d,%d is %d dark, the PNG's %d", o.Module, o.Eye, o.EyeFrame, o.EyeBall, x, y, got.Pix[y*got.Stride+x], want)
				}
			}
		}
	}
}
