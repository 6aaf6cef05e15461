package render

import (
	"image"
	"image/color"
)

// indexedImage draws the symbol as PNG does, from the same tiles or
// coverage mask, and returns its pixels as palette indices, a byte a
// pixel, and the palette: the shades between background and foreground,
// then the colours an emblem adds. The image's pixels are sc's rows past
// their PNG filter bytes, valid until sc goes back to its pool. GIF and
// JPEG encode it, so that the three raster formats show the same pixels.
func indexedImage(sc *pngScratch, s *Symbol, o Options) (*image.Paletted, []color.NRGBA, error) {
	ov := o.Overlay
	o.Overlay = Overlay{}
	s = ov.knockOut(s)
	l, err := newLayout(s, &o)
	if err != nil {
		return nil, nil, err
	}
	stride := rowStride(o.Size, 8)
	palette := shadePalette(&o)
	rows := shadedRowsAt(sc, s, l, &o, 8)
	if ov.active() {
		pal := newNRGBAIndex(palette, 256)
		em := sc.prepareEmblem(&ov, l, o.Size, pal)
		px := sc.emblemPixels(&em, rows, stride, 8, pal)
		paintEmblem(rows, stride, 8, em.box, px, sc.sums)
		palette = pal.colors
	}
	m := &image.Paletted{Pix: rows[1:], Stride: stride, Rect: image.Rect(0, 0, o.Size, o.Size)}
	return m, palette, nil
}

// over is c composited over the opaque colour under (Porter-Duff over).
func over(c, under color.NRGBA) color.NRGBA {
	a := int(c.A)
	mix := func(x, y uint8) uint8 { return uint8((int(x)*a + int(y)*(255-a) + 127) / 255) }
	return color.NRGBA{mix(c.R, under.R), mix(c.G, under.G), mix(c.B, under.B), 255}
}

var white = color.NRGBA{255, 255, 255, 255}
