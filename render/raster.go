package render

import (
	"image"
	"image/color"

	"golang.org/x/image/vector"
)

// shadeLevels is the number of palette entries between background and
// foreground for anti-aliased edges: 16 entries fit a 4-bit PNG and are more
// steps than the eye tells apart on a shape's edge.
const shadeLevels = 16

// coverage paints the drawing's foreground coverage, 0-255 per pixel.
func coverage(d *drawing, size int) *image.Alpha {
	l := d.l
	r := vector.NewRasterizer(size, size)
	sc := float32(l.scale)
	ox, oy := float32(l.offX), float32(l.offY)
	for _, op := range d.dark.ops {
		pt := func(i int) (float32, float32) {
			return ox + float32(op.pts[i][0])*sc, oy + float32(op.pts[i][1])*sc
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
	mask := image.NewAlpha(image.Rect(0, 0, size, size))
	r.Draw(mask, mask.Bounds(), image.Opaque, image.Point{})
	if d.text != nil {
		drawCaption(mask, d.text, l)
	}
	return mask
}

// shadedRows renders the drawing as 4-bit indexed rows over a palette that
// blends background into foreground.
func shadedRows(s *Symbol, l *layout, o *Options) ([]byte, int, []color.NRGBA) {
	mask := coverage(newDrawing(s, l, o), o.Size)
	palette := make([]color.NRGBA, shadeLevels)
	for i := range palette {
		palette[i] = blend(o.Background, o.Foreground, i, shadeLevels-1)
	}
	size := o.Size
	stride := 1 + (size+1)/2
	rows := make([]byte, stride*size)
	for y := 0; y < size; y++ {
		src := mask.Pix[y*mask.Stride : y*mask.Stride+size]
		dst := rows[y*stride+1 : (y+1)*stride]
		for x, a := range src {
			level := (uint16(a)*(shadeLevels-1) + 127) / 255
			dst[x>>1] |= byte(level) << (4 * (1 - x&1))
		}
	}
	return rows, 4, palette
}

// blend mixes a and b in proportion i/n, channel by channel.
func blend(a, b color.NRGBA, i, n int) color.NRGBA {
	mix := func(x, y uint8) uint8 { return uint8((int(x)*(n-i) + int(y)*i + n/2) / n) }
	return color.NRGBA{mix(a.R, b.R), mix(a.G, b.G), mix(a.B, b.B), mix(a.A, b.A)}
}
