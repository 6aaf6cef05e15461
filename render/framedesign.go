package render

import (
	"bytes"
	"image"
)

// A frame or caption around a design of more than two colours joins the
// design's palette: the frame's colour with its anti-aliasing ramp over
// the background, the caption's colour with its ramp over its ground (the
// banner, or the background). The symbol is drawn from tiles as in any
// paletted design; the frame and the caption are rasterized on their own
// and laid over it, as the truecolour drawing composites them
// (truecolor.go): the frame first, so modules stay over it, the caption
// last.

// framedPalette reports whether a framed or captioned design can be drawn
// in palette indices: its modules come from tiles, and a frame has a
// colour of its own or the design no gradient (else the frame would take
// the gradient pixel by pixel).
func framedPalette(l *layout, o *Options) bool {
	if !tiledModules(l, o) {
		return false
	}
	return l.frame == nil || !o.Gradient.active() || o.ownFrameColor()
}

// framed reports whether the design has a frame or caption to lay over.
func (d *designInks) framed() bool { return d.frame >= 0 || d.text >= 0 }

// addFrameInks adds the frame's and the caption's inks.
func (d *designInks) addFrameInks(l *layout, o *Options) {
	bg := o.Background
	if l.frame != nil {
		fc := o.frameColor()
		d.frame = d.pal.add(fc, d.pal.addRamp(ramp{bg, fc}))
	}
	if l.text != "" {
		ground, ink := o.CaptionColors()
		d.text = d.pal.add(ink, d.pal.addRamp(ramp{ground, ink}))
	}
}

// drawFrameIndexed lays the frame and the caption over indexed rows, then
// flags again which rows equal the row above.
func drawFrameIndexed(rows []byte, stride int, repeats []bool, l *layout, o *Options, d *designInks) {
	canvas := image.Rect(0, 0, l.pxW, l.pxH)
	rs := rasterScratches.Get().(*rasterScratch)
	defer rasterScratches.Put(rs)
	if d.frame >= 0 {
		var p path
		l.frame.draw(&p, l)
		box := opsBounds(p.ops, l).Intersect(canvas)
		if !box.Empty() {
			rs.r.Reset(box.Dx(), box.Dy())
			addPath(&rs.r, p.ops, float32(l.offX-box.Min.X), float32(l.offY-box.Min.Y), float32(l.scale))
			mask := rs.paint()
			lut := &d.pal.lut[d.frame]
			for y := box.Min.Y; y < box.Max.Y; y++ {
				cov := mask.Pix[(y-box.Min.Y)*mask.Stride : (y-box.Min.Y)*mask.Stride+box.Dx()]
				row := rows[y*stride+1+box.Min.X : y*stride+1+box.Max.X]
				for x, c := range cov {
					// Modules are laid over the frame: the frame shows
					// on the background only.
					if sh := shadeOf[c]; sh != 0 && row[x] == 0 {
						row[x] = lut[sh]
					}
				}
			}
		}
	}
	if d.text >= 0 {
		if glyphs := captionGlyphs(captionOf(l, o), l, canvas); glyphs != nil {
			lut := &d.pal.lut[d.text]
			y0 := glyphs.Rect.Min.Y
			forCovered(glyphs.Pix, func(i int, g uint8) {
				if sh := shadeOf[g]; sh != 0 {
					rows[(y0+i/l.pxW)*stride+1+i%l.pxW] = lut[sh]
				}
			})
		}
	}
	for y := 1; y < l.pxH; y++ {
		repeats[y] = bytes.Equal(rows[y*stride:(y+1)*stride], rows[(y-1)*stride:y*stride])
	}
}
