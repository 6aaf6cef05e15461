package render

import (
	"cmp"
	"image"
	"image/color"
	"slices"
)

// indexedImage draws the symbol as PNG does, from the same tiles or
// coverage mask, and returns its pixels as palette indices, a byte a
// pixel, and the palette: the shades between background and foreground,
// then the colours an emblem adds. The image's pixels are sc's rows past
// their PNG filter bytes, valid until sc goes back to its pool. GIF and
// JPEG encode it, so that the three raster formats show the same pixels.
func indexedImage(sc *pngScratch, s *Symbol, o Options) (*image.Paletted, []color.NRGBA, error) {
	if o.truecolour() || o.ownColors() {
		img, err := truecolourImage(s, o)
		if err != nil {
			return nil, nil, err
		}
		m, palette := quantise(img)
		return m, palette, nil
	}
	ov := o.Overlay
	o.Overlay = Overlay{}
	s = ov.knockOut(s)
	l, err := newLayout(s, &o)
	if err != nil {
		return nil, nil, err
	}
	stride := rowStride(l.pxW, 8)
	palette := shadePalette(&o)
	rows := shadedRowsAt(sc, s, l, &o, 8)
	if ov.active() {
		pal := newNRGBAIndex(palette, 256)
		em := sc.prepareEmblem(&ov, l, pal)
		px := sc.emblemPixels(&em, rows, stride, 8, pal)
		paintEmblem(rows, stride, 8, em.box, px, sc.sums)
		palette = pal.colors
	}
	m := &image.Paletted{Pix: rows[1:], Stride: stride, Rect: image.Rect(0, 0, l.pxW, l.pxH)}
	return m, palette, nil
}

// over is c composited over the opaque colour under (Porter-Duff over).
func over(c, under color.NRGBA) color.NRGBA {
	a := int(c.A)
	mix := func(x, y uint8) uint8 { return uint8((int(x)*a + int(y)*(255-a) + 127) / 255) }
	return color.NRGBA{mix(c.R, under.R), mix(c.G, under.G), mix(c.B, under.B), 255}
}

var white = color.NRGBA{255, 255, 255, 255}

// quantise indexes img's colours: exactly when it has at most 256, else
// (a gradient's many shades) by the 256 most frequent colours at five bits
// a channel, each pixel taking the nearest of them. Dark modules and the
// background are most of the pixels, so they keep their colours.
func quantise(img *image.NRGBA) (*image.Paletted, []color.NRGBA) {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	m := image.NewPaletted(img.Rect, nil)
	index := map[color.NRGBA]uint8{}
	var palette []color.NRGBA
	exact := true
	for i := 0; i < len(img.Pix) && exact; i += 4 {
		c := color.NRGBA{img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3]}
		if _, ok := index[c]; !ok {
			if len(palette) == 256 {
				exact = false
				break
			}
			index[c] = uint8(len(palette))
			palette = append(palette, c)
		}
	}
	if !exact {
		key := func(c color.NRGBA) uint32 {
			return uint32(c.R>>3)<<15 | uint32(c.G>>3)<<10 | uint32(c.B>>3)<<5 | uint32(c.A>>3)
		}
		counts := map[uint32]int{}
		sums := map[uint32][4]int{}
		for i := 0; i < len(img.Pix); i += 4 {
			c := color.NRGBA{img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3]}
			k := key(c)
			counts[k]++
			s := sums[k]
			sums[k] = [4]int{s[0] + int(c.R), s[1] + int(c.G), s[2] + int(c.B), s[3] + int(c.A)}
		}
		keys := make([]uint32, 0, len(counts))
		for k := range counts {
			keys = append(keys, k)
		}
		slices.SortFunc(keys, func(a, b uint32) int { return cmp.Or(counts[b]-counts[a], cmp.Compare(a, b)) })
		keys = keys[:min(len(keys), 256)]
		palette = palette[:0]
		for _, k := range keys {
			s, n := sums[k], counts[k]
			palette = append(palette, color.NRGBA{uint8(s[0] / n), uint8(s[1] / n), uint8(s[2] / n), uint8(s[3] / n)})
		}
		index = map[color.NRGBA]uint8{}
		nearest := map[uint32]uint8{}
		for i := 0; i < len(img.Pix); i += 4 {
			c := color.NRGBA{img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3]}
			k := key(c)
			if _, ok := nearest[k]; !ok {
				best, bestD := 0, -1
				for j, p := range palette {
					d := sq(int(p.R)-int(c.R)) + sq(int(p.G)-int(c.G)) + sq(int(p.B)-int(c.B)) + sq(int(p.A)-int(c.A))
					if bestD < 0 || d < bestD {
						best, bestD = j, d
					}
				}
				nearest[k] = uint8(best)
			}
		}
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				i := y*img.Stride + 4*x
				c := color.NRGBA{img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3]}
				m.Pix[y*m.Stride+x] = nearest[key(c)]
			}
		}
		return m, palette
	}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			i := y*img.Stride + 4*x
			m.Pix[y*m.Stride+x] = index[color.NRGBA{img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3]}]
		}
	}
	return m, palette
}

func sq(v int) int { return v * v }
