package render

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
	"image/jpeg"
)

// JPEGQuality is the quality of JPEG output (image/jpeg's scale, 1 to
// 100). JPEG blurs and rings at the sharp edges a QR code is made of. At
// 90, at two pixels a module, no wholly dark or light pixel moves more
// than about 16 of 255 levels (TestJPEGQualityKeepsEdges holds it under
// 32), far from the midpoint decoders threshold at, and the file is about
// 60 % of its size at 100; below 85 the ringing doubles.
const JPEGQuality = 90

// JPEG renders the symbol as a size×size baseline JPEG with a JFIF header
// (JPEG File Interchange Format 1.02), from the pixels of the PNG. JPEG
// has no transparency: translucent colours and a transparent background
// are composited over white, the paper they most likely meet. A drawing
// whose colours are all grey is written as a one-component greyscale
// JPEG, which has no chroma to blur.
func JPEG(s *Symbol, o Options) ([]byte, error) {
	o.inksOverGround()
	sc := pngScratches.Get().(*pngScratch)
	defer pngScratches.Put(sc)
	m, palette, err := indexedImage(sc, s, o)
	if err != nil {
		return nil, err
	}
	return encodeJPEG(m, palette, o.Print.DPI)
}

// encodeJPEG writes palette-indexed pixels as a JPEG over white, in
// greyscale when every colour is grey, with a JFIF header of dpi.
func encodeJPEG(m *image.Paletted, palette []color.NRGBA, dpi int) ([]byte, error) {
	w, h := m.Rect.Dx(), m.Rect.Dy()
	grey := true
	flat := make([]color.NRGBA, len(palette))
	for i, c := range palette {
		flat[i] = over(c, white)
		grey = grey && flat[i].R == flat[i].G && flat[i].G == flat[i].B
	}
	var img image.Image
	if grey {
		g := image.NewGray(m.Rect)
		for y := 0; y < h; y++ {
			src := m.Pix[y*m.Stride : y*m.Stride+w]
			dst := g.Pix[y*g.Stride : y*g.Stride+w]
			for x, v := range src {
				dst[x] = flat[v].R
			}
		}
		img = g
	} else {
		m.Palette = make(color.Palette, len(flat))
		for i, c := range flat {
			m.Palette[i] = c
		}
		img = m
	}
	var b bytes.Buffer
	b.Grow(w * h / 8)
	if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: JPEGQuality}); err != nil {
		return nil, err
	}
	return withJFIF(b.Bytes(), dpi), nil
}

// withJFIF inserts a JFIF APP0 segment after the start-of-image marker
// that image/jpeg writes alone: version 1.02, the density in dots per
// inch when dpi is given, else a 1:1 pixel aspect (JFIF 1.02, "JFIF
// APP0 marker segment": units 1 are dots per inch, 0 an aspect ratio).
func withJFIF(j []byte, dpi int) []byte {
	app0 := []byte{0xFF, 0xE0, 0, 16, 'J', 'F', 'I', 'F', 0, 1, 2, 0, 0, 1, 0, 1, 0, 0}
	if dpi > 0 {
		app0[11] = 1
		binary.BigEndian.PutUint16(app0[12:], uint16(dpi))
		binary.BigEndian.PutUint16(app0[14:], uint16(dpi))
	}
	out := make([]byte, 0, len(j)+len(app0))
	out = append(out, j[:2]...) // SOI
	out = append(out, app0...)
	return append(out, j[2:]...)
}
