package render

import (
	"image"
	"image/color"
)

// A frame or caption in a colour of its own needs more than the shaded
// drawing's blend of background into foreground: the symbol, the frame
// and the text are rasterized apart and their coverages mixed, each
// quantised to the shade levels, into an 8-bit palette.

// framedPNG renders a drawing whose frame or caption has its own colour
// around modules that designPNG cannot draw from tiles (framedesign.go).
func framedPNG(sc *pngScratch, s *Symbol, l *layout, o *Options) []byte {
	pal := newNRGBAIndex([]color.NRGBA{o.Background}, 256)
	rows := sc.framedRows(s, l, o, pal)
	sc.cells = cellStarts(sc.cells[:0], l, 8)
	return encodePNG(sc, l.pxW, l.pxH, 8, pal.colors, rows)
}

// framedRows draws the rows at 8 bits a pixel over pal, whose entry 0 is
// the background, and leaves sc.sums empty.
func (sc *pngScratch) framedRows(s *Symbol, l *layout, o *Options, pal *paletteIndex) []byte {
	w, h := l.pxW, l.pxH
	rs := rasterScratches.Get().(*rasterScratch)
	defer rasterScratches.Put(rs)
	d := newDrawing(s, l, o)
	code := rasterizeOps(rs, d.dark.ops, l)
	var frame []byte
	if len(d.frame.ops) > 0 {
		frame = rasterizeOps(rs, d.frame.ops, l)
	}
	d.release()
	var text []byte
	if d.text != nil {
		c := *d.text
		c.inverse = false
		m := image.NewAlpha(image.Rect(0, 0, w, h))
		drawCaption(m, &c, l)
		text = m.Pix
	}

	frameColor := o.frameColor()
	_, textColor := o.CaptionColors()
	// Shades of symbol, frame and text index a table of palette entries,
	// filled as mixes turn up.
	var mixes [shadeLevels * shadeLevels * shadeLevels]int16
	for i := range mixes {
		mixes[i] = -1
	}
	stride := rowStride(w, 8)
	rows := sc.rowBuffer(stride * h)
	sc.sums = sc.sums[:0]
	for y := 0; y < h; y++ {
		dst := rows[y*stride+1 : (y+1)*stride]
		for x := range dst {
			i := y*w + x
			var k, f, t byte
			k = shadeOf[code[i]]
			if frame != nil {
				f = shadeOf[frame[i]]
			}
			if text != nil {
				t = shadeOf[text[i]]
			}
			key := (int(k)*shadeLevels+int(f))*shadeLevels + int(t)
			if key == 0 {
				continue // background, entry 0
			}
			if mixes[key] < 0 {
				c := o.Background
				if f > 0 {
					c = blend(c, frameColor, int(f), shadeLevels-1)
				}
				if k > 0 {
					c = blend(c, o.Foreground, int(k), shadeLevels-1)
				}
				if t > 0 {
					c = blend(c, textColor, int(t), shadeLevels-1)
				}
				mixes[key] = int16(pal.index(c))
			}
			dst[x] = byte(mixes[key])
		}
	}
	return rows
}

// rasterizeOps returns the coverage of ops over the whole canvas, a byte
// a pixel in rows of the canvas's width.
func rasterizeOps(rs *rasterScratch, ops []pathOp, l *layout) []byte {
	rs.r.Reset(l.pxW, l.pxH)
	addPath(&rs.r, ops, float32(l.offX), float32(l.offY), float32(l.scale))
	return append([]byte(nil), rs.paint().Pix...)
}
