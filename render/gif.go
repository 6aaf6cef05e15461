package render

import (
	"bytes"
	"image"
	"image/color"
	"image/gif"
)

// GIF renders the symbol as a size×size GIF89a image (the format goQR and
// old mail clients serve) with the pixels of the PNG: the same shades of
// anti-aliased edges and emblem colours, at most 256, as its palette.
//
// GIF has one fully transparent palette entry and no partial alpha
// (GIF89a §23, Graphic Control Extension): a pixel at least half opaque is
// drawn opaque in its own colour, one less than half opaque is
// transparent.
func GIF(s *Symbol, o Options) ([]byte, error) {
	o.inksOverGround()
	sc := pngScratches.Get().(*pngScratch)
	defer pngScratches.Put(sc)
	m, palette, err := indexedImage(sc, s, o)
	if err != nil {
		return nil, err
	}
	return encodeGIF(m, palette)
}

// encodeGIF writes palette-indexed pixels as a GIF, its palette's
// translucent colours made the one transparent entry.
func encodeGIF(m *image.Paletted, palette []color.NRGBA) ([]byte, error) {
	w, h := m.Rect.Dx(), m.Rect.Dy()
	m.Palette = make(color.Palette, len(palette))
	clearIndex := -1
	var remap [256]uint8
	translucent := false
	for i, c := range palette {
		remap[i] = uint8(i)
		switch {
		case c.A >= 128:
			m.Palette[i] = color.RGBA{c.R, c.G, c.B, 255}
		case clearIndex < 0:
			clearIndex = i
			m.Palette[i] = gifClear{c.R, c.G, c.B}
		default:
			m.Palette[i] = gifClear{}
			remap[i] = uint8(clearIndex)
			translucent = true
		}
	}
	if translucent {
		// Every transparent pixel takes the one transparent entry.
		for y := 0; y < h; y++ {
			row := m.Pix[y*m.Stride : y*m.Stride+w]
			for x, v := range row {
				row[x] = remap[v]
			}
		}
	}
	var b bytes.Buffer
	b.Grow(w * h / 16)
	if err := gif.Encode(&b, m, &gif.Options{NumColors: 256}); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// gifClear is GIF's transparent palette entry. image/gif takes the first
// entry of zero alpha for it and writes the entry's colour as RGBA gives
// it, which for any colour of package color is premultiplied to black;
// gifClear keeps the background's colour, which readers that ignore
// transparency show, as a PNG's palette keeps it.
type gifClear struct{ r, g, b uint8 }

func (c gifClear) RGBA() (r, g, b, a uint32) {
	return uint32(c.r) * 0x101, uint32(c.g) * 0x101, uint32(c.b) * 0x101, 0
}
