package render

import (
	"errors"
	"fmt"
	"image"
)

// RowLayout says how a row of symbols is laid out on one canvas: each
// symbol drawn as alone at the size, side by side, each overlapping the
// one before by its quiet zone, so that one quiet zone parts neighbours,
// as a structured append set is printed (ISO/IEC 18004:2015 §8: the
// symbols are read one at a time, each with its own quiet zone).
type RowLayout struct {
	Width, Height int
	// Step is the pixels from one symbol's image to the next: the size
	// less the left quiet zone that the next image covers.
	Step int
}

// ErrRowFrame says a row has no room for a frame or a caption: they go
// around one symbol, outside its quiet zone, where the next one starts.
var ErrRowFrame = errors.New("a row of symbols has no frame or label: each would cover its neighbour's quiet zone")

// Row lays out n symbols like s drawn with o (all of a set have one
// version, so one layout).
func Row(s *Symbol, n int, o Options) (RowLayout, error) {
	if o.Frame != FrameNone || o.Label != "" {
		return RowLayout{}, ErrRowFrame
	}
	l, err := newLayout(s, &o)
	if err != nil {
		return RowLayout{}, err
	}
	quiet := l.offX + l.codeX*l.scale
	step := o.Size - quiet
	return RowLayout{Width: step*(n-1) + o.Size, Height: o.Size, Step: step}, nil
}

// DrawRow draws the symbols in a row (Row) as one PNG, GIF or JPEG, each
// with the pixels its own image of that format would have.
func DrawRow(syms []*Symbol, o Options, e Encoding) ([]byte, error) {
	if len(syms) == 0 {
		return nil, ErrEmpty
	}
	row, err := Row(syms[0], len(syms), o)
	if err != nil {
		return nil, err
	}
	canvas := image.NewNRGBA(image.Rect(0, 0, row.Width, row.Height))
	sc := pngScratches.Get().(*pngScratch)
	defer pngScratches.Put(sc)
	for i, s := range syms {
		m, palette, err := indexedImage(sc, s, o)
		if err != nil {
			return nil, err
		}
		// Later symbols cover the quiet zone of the one before, which is
		// background in both.
		x0 := i * row.Step
		for y := 0; y < o.Size; y++ {
			src := m.Pix[y*m.Stride : y*m.Stride+o.Size]
			dst := canvas.Pix[y*canvas.Stride+4*x0:]
			for x, v := range src {
				c := palette[v]
				dst[4*x], dst[4*x+1], dst[4*x+2], dst[4*x+3] = c.R, c.G, c.B, c.A
			}
		}
	}
	switch e {
	case EncodingPNG:
		b := encodeRGBA(canvas)
		if o.Print.DPI > 0 {
			b = withPHYs(b, o.Print.DPI)
		}
		return b, nil
	case EncodingGIF, EncodingJPEG:
		m, palette := quantise(canvas)
		if e == EncodingGIF {
			return encodeGIF(m, palette)
		}
		return encodeJPEG(m, palette, o.Print.DPI)
	}
	return nil, fmt.Errorf("render: a row is drawn as PNG, GIF or JPEG, not %s", e)
}

// RowBytes is what drawing a row width pixels wide of symbols of side
// modules takes: the canvas, its encoding, and one symbol's drawing at a
// time.
func RowBytes(o Options, modules, width int) int64 {
	return int64(width)*int64(o.Size)*8 + DrawingBytes(o, modules, EncodingGIF)
}
