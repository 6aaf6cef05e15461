package render

import (
	"encoding/binary"
	"github.com/qrforge/qrforge/render/deflate"
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
	box  image.Alpha // the drawing's bounding box, rasterized
}

var rasterScratches = sync.Pool{New: func() any { return new(rasterScratch) }}

// paint draws the rasterizer's coverage into the scratch's box buffer,
// sized as the rasterizer (x/image/vector's fast path writes Pix linearly),
// and returns it; it is valid until the scratch goes back to the pool.
func (sc *rasterScratch) paint() *image.Alpha {
	size := sc.r.Size()
	w, h := size.X, size.Y
	box := &sc.box
	if cap(box.Pix) < w*h {
		box.Pix = make([]uint8, w*h)
	}
	box.Pix, box.Stride, box.Rect = box.Pix[:w*h], w, image.Rect(0, 0, w, h)
	sc.r.DrawOp = draw.Src
	sc.r.Draw(box, box.Rect, image.Opaque, image.Point{})
	return box
}

// coverage paints the drawing's coverage, eyes included, 0-255 per pixel, into
// the scratch's mask and returns it; the mask is valid until the scratch
// goes back to the pool.
func coverage(sc *rasterScratch, d *drawing) *image.Alpha {
	l := d.l
	w, h := l.pxW, l.pxH
	mask := &sc.mask
	if cap(mask.Pix) < w*h {
		mask.Pix = make([]uint8, w*h)
	}
	mask.Pix, mask.Stride, mask.Rect = mask.Pix[:w*h], w, image.Rect(0, 0, w, h)
	clear(mask.Pix)

	// Only the drawing's bounding box is rasterized: without a frame the
	// quiet zone is nearly half the canvas, and the rasterizer's cost is
	// its area.
	sc2 := float32(l.scale)
	ox, oy := float32(l.offX), float32(l.offY)
	box := drawingBounds(d)
	if !box.Empty() {
		r := &sc.r
		r.Reset(box.Dx(), box.Dy())
		ox -= float32(box.Min.X)
		oy -= float32(box.Min.Y)
		addPath(r, d.dark.ops, ox, oy, sc2)
		// Eyes in colours of their own are paths apart (drawing.eyes),
		// but their shades are painted here too: the paletted design
		// gives each pixel its ink afterwards (designpng.go inkRow).
		for _, e := range d.eyes {
			addPath(r, e.frame.ops, ox, oy, sc2)
			addPath(r, e.centre.ops, ox, oy, sc2)
		}
		// The rasterizer's fast path needs a destination exactly its size
		// with rows packed, so it paints a box-sized buffer that is then
		// copied in place.
		bw, bh := box.Dx(), box.Dy()
		boxMask := sc.paint()
		for y := 0; y < bh; y++ {
			copy(mask.Pix[(box.Min.Y+y)*w+box.Min.X:], boxMask.Pix[y*bw:(y+1)*bw])
		}
	}
	if d.text != nil {
		drawCaption(mask, d.text, l)
	}
	return mask
}

// addPath adds ops, in modules, to r at scale pixels a module from the
// pixel origin (ox, oy).
func addPath(r *vector.Rasterizer, ops []pathOp, ox, oy, scale float32) {
	for _, op := range ops {
		pt := func(i int) (float32, float32) {
			return ox + float32(op.pts[i][0])*scale, oy + float32(op.pts[i][1])*scale
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
}

// drawingBounds is the pixel box the dark path can reach: the symbol
// and one module around it, where no shape reaches further (the largest,
// the star, extends 0.12 module past its cell), or the whole canvas when
// a frame or a label is drawn.
func drawingBounds(d *drawing) image.Rectangle {
	l := d.l
	canvas := image.Rect(0, 0, l.pxW, l.pxH)
	if l.border > 0 || l.text != "" {
		return canvas
	}
	x0 := l.offX + (l.codeX-1)*l.scale
	y0 := l.offY + (l.codeY-1)*l.scale
	return image.Rect(x0, y0, x0+(l.n+2)*l.scale, y0+(l.rows+2)*l.scale).Intersect(canvas)
}

// shadeOf maps a coverage value to its palette index, rounded.
var shadeOf = func() (t [256]byte) {
	for a := range t {
		t[a] = byte((a*(shadeLevels-1) + 127) / 255)
	}
	return t
}()

// shadePalette blends background into foreground in shadeLevels steps.
func shadePalette(o *Options) []color.NRGBA {
	palette := make([]color.NRGBA, shadeLevels)
	for i := range palette {
		palette[i] = blend(o.Background, o.Foreground, i, shadeLevels-1)
	}
	return palette
}

// rowStride is the length of a row of size pixels at depth bits a pixel,
// filter byte included.
func rowStride(size, depth int) int {
	if depth == 8 {
		return 1 + size
	}
	return 1 + (size+1)/2
}

// pixelByte is the offset, in a row of depth bits a pixel whose filter
// byte comes first, of the byte holding pixel x.
func pixelByte(x, depth int) int {
	if depth == 8 {
		return 1 + x
	}
	return 1 + x>>1
}

// pixelAt is pixel x of a row of depth bits a pixel, filter byte first.
func pixelAt(row []byte, x, depth int) uint8 {
	if depth == 8 {
		return row[1+x]
	}
	return row[1+x>>1] >> (4 - 4*(x&1)) & 15
}

// shadedRows renders the drawing as 4-bit indexed rows over a palette that
// blends background into foreground: from tiles where the style allows
// (tiles.go), else by rasterizing the whole drawing.
func shadedRows(png *pngScratch, s *Symbol, l *layout, o *Options) ([]byte, int, []color.NRGBA) {
	return shadedRowsAt(png, s, l, o, 4), 4, shadePalette(o)
}

// shadedRowsAt renders the drawing's shades, 0 to shadeLevels-1, as rows
// of depth (4 or 8) bits a pixel, the filter byte first.
func shadedRowsAt(png *pngScratch, s *Symbol, l *layout, o *Options, depth int) []byte {
	stride := rowStride(l.pxW, depth)
	rows := png.rowBuffer(stride * l.pxH)
	png.sums = png.sums[:0]
	if tiled(l, o) {
		if cap(png.sums) < l.pxH {
			png.sums = make([]deflate.RowSum, l.pxH)
		}
		png.sums = png.sums[:l.pxH]
		clear(png.sums)
		tiledRows(rows, stride, depth, png.sums, s, l, o)
	} else {
		rasterRows(rows, stride, depth, s, l, o)
	}
	return rows
}

// rasterRows fills rows (zeroed, stride bytes each with the filter byte
// first, depth bits a pixel) with the whole drawing rasterized at once.
func rasterRows(rows []byte, stride, depth int, s *Symbol, l *layout, o *Options) {
	sc := rasterScratches.Get().(*rasterScratch)
	defer rasterScratches.Put(sc)
	d := newDrawing(s, l, o)
	mask := coverage(sc, d)
	d.release()
	size := l.pxW
	for y := 0; y < l.pxH; y++ {
		src := mask.Pix[y*mask.Stride : y*mask.Stride+size]
		dst := rows[y*stride+1 : (y+1)*stride]
		if depth == 8 {
			shadeBytes(dst, src)
			continue
		}
		x := 0
		// Most pixels are wholly background or foreground: eight at a
		// time when they are (dst is zeroed already).
		for ; x+8 <= size; x += 8 {
			switch binary.LittleEndian.Uint64(src[x:]) {
			case 0:
				continue
			case ^uint64(0):
				binary.LittleEndian.PutUint32(dst[x>>1:], ^uint32(0))
				continue
			}
			for i := x; i < x+8; i += 2 {
				dst[i>>1] = shadeOf[src[i]]<<4 | shadeOf[src[i+1]]
			}
		}
		for ; x+1 < size; x += 2 {
			dst[x>>1] = shadeOf[src[x]]<<4 | shadeOf[src[x+1]]
		}
		if size&1 == 1 {
			dst[size>>1] = shadeOf[src[size-1]] << 4
		}
	}
}

// shadeBytes writes the shades of the coverage src into dst (zeroed), a
// byte a pixel.
func shadeBytes(dst, src []byte) {
	x := 0
	for ; x+8 <= len(src); x += 8 {
		switch binary.LittleEndian.Uint64(src[x:]) {
		case 0:
			continue
		case ^uint64(0):
			binary.LittleEndian.PutUint64(dst[x:], 0x0101010101010101*(shadeLevels-1))
			continue
		}
		for i := x; i < x+8; i++ {
			dst[i] = shadeOf[src[i]]
		}
	}
	for ; x < len(src); x++ {
		dst[x] = shadeOf[src[x]]
	}
}

// blend mixes a and b in proportion i/n, channel by channel.
func blend(a, b color.NRGBA, i, n int) color.NRGBA {
	mix := func(x, y uint8) uint8 { return uint8((int(x)*(n-i) + int(y)*i + n/2) / n) }
	return color.NRGBA{mix(a.R, b.R), mix(a.G, b.G), mix(a.B, b.B), mix(a.A, b.A)}
}
