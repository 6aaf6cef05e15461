package render

import (
	"encoding/binary"
	"image"
	"image/color"
)

// A design with a picture logo needs truecolour, for a picture's colours
// do not fit a palette. The modules are still drawn as designPNG draws
// them, in palette indices from cached tiles, and then widened to RGB (or
// RGBA, when a colour is translucent) with the picture laid over its box.
// Rows keep the flags saying which repeat the row above, so render/deflate
// codes a band of modules as copies, as in a paletted design; the
// picture's rows take PNG's Up filter, as a photograph's pixels are
// nearer the pixel above than they are zero (ISO/IEC 15948 §9.2).

// picturePNG encodes the design's rows of palette indices, which repeats
// flags, widened to truecolour with the picture logo over them.
func picturePNG(sc *pngScratch, rows []byte, repeats []bool, l *layout, o *Options, palette []color.NRGBA) []byte {
	opaque := true
	for _, c := range palette {
		opaque = opaque && c.A == 255
	}
	bpp := 3
	if !opaque {
		bpp = 4
	}
	w, h := l.pxW, l.pxH
	stride := 1 + bpp*w
	wide := grow(&sc.wide, stride*h) // every byte is written
	widenRows(wide, rows, w, bpp, repeats, palette)

	lg := o.Logo
	x, y, side := lg.logoBox(l)
	s := float64(l.scale)
	r := lg.imageRect(float64(l.offX)+x*s, float64(l.offY)+y*s, side*s).Intersect(image.Rect(0, 0, w, h))
	if !r.Empty() {
		overPicture(wide[r.Min.Y*stride+1+bpp*r.Min.X:], stride, bpp, scaledLogo(lg.Image, r.Dx(), r.Dy()))
		// Bottom up, so that each row is filtered against the row above
		// as it was drawn.
		for py := r.Max.Y - 1; py >= r.Min.Y && py > 0; py-- {
			upFilter(wide[py*stride:(py+1)*stride], wide[(py-1)*stride+1:py*stride])
		}
		for py := r.Min.Y; py <= r.Max.Y && py < h; py++ {
			repeats[py] = false
		}
	}

	sc.cells = cellStarts(sc.cells[:0], l, 8)
	for i := range sc.cells {
		sc.cells[i] = 1 + bpp*(sc.cells[i]-1)
	}
	sc.sums = sc.sums[:0]
	sc.shaded.Repeats, sc.shaded.Pixel = repeats, bpp
	sc.zlib = sc.shaded.Zlib(sc.zlib[:0], wide, stride, sc.cells, nil)
	sc.shaded.Repeats, sc.shaded.Pixel = nil, 0
	return truecolourFile(w, h, opaque, sc.zlib)
}

// widenRows writes into wide, rows of the filter byte (none) and then
// bpp bytes a pixel, the palette's colours of rows of indices (the same
// layout, a byte a pixel). A row flagged in repeats copies the row
// above, and where eight indices equal those above, so do their colours.
func widenRows(wide, rows []byte, w, bpp int, repeats []bool, palette []color.NRGBA) {
	var rgba [256][4]byte
	for i, c := range palette {
		rgba[i] = [4]byte{c.R, c.G, c.B, c.A}
	}
	in, out := 1+w, 1+bpp*w
	for y := 0; y*in < len(rows); y++ {
		src, dst := rows[y*in+1:(y+1)*in], wide[y*out:(y+1)*out]
		dst[0] = 0
		if y > 0 && repeats[y] {
			copy(dst, wide[(y-1)*out:y*out])
			continue
		}
		var above, prev []byte
		if y > 0 {
			above, prev = rows[(y-1)*in+1:y*in], wide[(y-1)*out+1:y*out]
		}
		dst = dst[1:]
		for x := 0; x < w; {
			if above != nil && x+8 <= w && binary.LittleEndian.Uint64(src[x:]) == binary.LittleEndian.Uint64(above[x:]) {
				copy(dst[bpp*x:bpp*(x+8)], prev[bpp*x:])
				x += 8
				continue
			}
			c := &rgba[src[x]]
			copy(dst[bpp*x:bpp*x+bpp], c[:bpp])
			x++
		}
	}
}

// upFilter turns row, its filter byte first, into PNG's Up filter of it
// against above, the row above's pixels (ISO/IEC 15948 §9.2, type 2).
func upFilter(row, above []byte) {
	row[0] = 2
	px := row[1:]
	i := 0
	for ; i+8 <= len(px); i += 8 {
		a, b := binary.LittleEndian.Uint64(px[i:]), binary.LittleEndian.Uint64(above[i:])
		if a == b {
			binary.LittleEndian.PutUint64(px[i:], 0)
			continue
		}
		for j := i; j < i+8; j++ {
			px[j] -= above[j]
		}
	}
	for ; i < len(px); i++ {
		px[i] -= above[i]
	}
}
