package render

import (
	"image"
	"image/color"
	"image/draw"
	"sync"

	"golang.org/x/image/vector"
)

// shadeLevels is the number of palette entries between background and
// foreground for anti-aliased edges: 16 entries fit a 4-bit PNG and are more
// steps than the eye tells apart on a shape's edge.
const shadeLevels = 16

// rasterScratch is a rasterizer and the coverage mask it paints. Both are
// as large as the image (4 and 1 bytes a pixel: 1.25 MiB at 512 px), so
// they are pooled: allocating and clearing them per image took half the
// time of a styled PNG.
type rasterScratch struct {
	r    vector.Rasterizer
	mask image.Alpha
}

var rasterScratches = sync.Pool{New: func() any { return new(rasterScratch) }}

// coverage paints the drawing's foreground coverage, 0-255 per pixel, into
// the scratch's mask and returns it; the mask is valid until the scratch
// goes back to the pool.
func coverage(sc *rasterScratch, d *drawing, size int) *image.Alpha {
	l := d.l
	r := &sc.r
	r.Reset(size, size)
	sc2 := float32(l.scale)
	ox, oy := float32(l.offX), float32(l.offY)
	for _, op := range d.dark.ops {
		pt := func(i int) (float32, float32) {
			return ox + float32(op.pts[i][0])*sc2, oy + float32(op.pts[i][1])*sc2
		}
		switch op.kind {
		case 'M':
			r.MoveTo(pt(0))
		case 'L':
			r.LineTo(pt(0))
		case 'C':
			x1, y1 := pt(0)
			x2, y2 := pt(1)
			x, y := pt(2)
			r.CubeTo(x1, y1, x2, y2, x, y)
		case 'Z':
			r.ClosePath()
		}
	}
	mask := &sc.mask
	if cap(mask.Pix) < size*size {
		mask.Pix = make([]uint8, size*size)
	}
	// Draw with image.Opaque overwrites every pixel (Porter-Duff src), so
	// the reused mask needs no clearing.
	mask.Pix, mask.Stride, mask.Rect = mask.Pix[:size*size], size, image.Rect(0, 0, size, size)
	r.DrawOp = draw.Src
	r.Draw(mask, mask.Bounds(), image.Opaque, image.Point{})
	if d.text != nil {
		drawCaption(mask, d.text, l)
	}
	return mask
}

// shadeOf maps a coverage value to its palette index, rounded.
var shadeOf = func() (t [256]byte) {
	for a := range t {
		t[a] = byte((a*(shadeLevels-1) + 127) / 255)
	}
	return t
}()

// shadedRows renders the drawing as 4-bit indexed rows over a palette that
// blends background into foreground.
func shadedRows(png *pngScratch, s *Symbol, l *layout, o *Options) ([]byte, int, []color.NRGBA) {
	sc := rasterScratches.Get().(*rasterScratch)
	defer rasterScratches.Put(sc)
	d := newDrawing(s, l, o)
	mask := coverage(sc, d, o.Size)
	d.release()
	palette := make([]color.NRGBA, shadeLevels)
	for i := range palette {
		palette[i] = blend(o.Background, o.Foreground, i, shadeLevels-1)
	}
	size := o.Size
	stride := 1 + (size+1)/2
	rows := png.rowBuffer(stride * size)
	for y := 0; y < size; y++ {
		src := mask.Pix[y*mask.Stride : y*mask.Stride+size]
		dst := rows[y*stride+1 : (y+1)*stride]
		for x := 0; x+1 < size; x += 2 {
			dst[x>>1] = shadeOf[src[x]]<<4 | shadeOf[src[x+1]]
		}
		if size&1 == 1 {
			dst[size>>1] = shadeOf[src[size-1]] << 4
		}
	}
	return rows, 4, palette
}

// blend mixes a and b in proportion i/n, channel by channel.
func blend(a, b color.NRGBA, i, n int) color.NRGBA {
	mix := func(x, y uint8) uint8 { return uint8((int(x)*(n-i) + int(y)*i + n/2) / n) }
	return color.NRGBA{mix(a.R, b.R), mix(a.G, b.G), mix(a.B, b.B), mix(a.A, b.A)}
}
