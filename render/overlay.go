package render

import (
	"image"
	"image/color"
	"math"

	"golang.org/x/image/vector"
)

// Overlay is an emblem centred on the symbol, such as a logo that a payment
// standard prints over its codes. The modules under the emblem's square
// are knocked out (drawn light) and the emblem's layers are painted on top.
//
// Knocking out modules removes data that the decoder must restore by error
// correction, so an overlay belongs only on codes whose level leaves room
// for it: at the largest size, MaxOverlaySize, about 6 % of the modules
// are cleared, well within level M's 15 % recovery (ISO/IEC 18004 §6.5.1).
type Overlay struct {
	// Size is the emblem's side as a fraction of the symbol's side, quiet
	// zone excluded; it is capped at MaxOverlaySize. Zero means no overlay.
	Size float64
	// Layers are painted in order, each over the ones before it.
	Layers []OverlayLayer
}

// OverlayLayer is one colour of an emblem: closed polygons in the emblem's
// unit square, (0, 0) its top-left corner and (1, 1) its bottom-right,
// filled with the non-zero rule.
type OverlayLayer struct {
	Color    color.NRGBA
	Polygons [][][2]float64
}

// MaxOverlaySize is the largest emblem, as a fraction of the symbol's side.
// It keeps the knocked-out square away from the finder patterns, timing
// patterns and format information even on a version-1 symbol.
const MaxOverlaySize = 0.25

func (ov *Overlay) active() bool { return ov.Size > 0 && len(ov.Layers) > 0 }

// side is the emblem's side in modules on a symbol of n modules.
func (ov *Overlay) side(n int) float64 { return min(ov.Size, MaxOverlaySize) * float64(n) }

// knockOutRange is the range [lo, hi) of module rows (and columns) that the
// emblem covers even in part.
func (ov *Overlay) knockOutRange(n int) (lo, hi int) {
	half := ov.side(n) / 2
	c := float64(n) / 2
	return int(math.Floor(c - half)), int(math.Ceil(c + half))
}

// knockOut returns s with the modules under the emblem made light, or s
// itself without an overlay. An alignment pattern whose centre is knocked
// out is then not drawn either (newDrawing).
func (ov *Overlay) knockOut(s *Symbol) *Symbol {
	if !ov.active() {
		return s
	}
	lo, hi := ov.knockOutRange(s.Size)
	out := *s
	out.Modules = append([]bool(nil), s.Modules...)
	for y := lo; y < hi; y++ {
		clear(out.Modules[y*s.Size+lo : y*s.Size+hi])
	}
	return &out
}

// layerPath is one layer's polygons in canvas module units.
func (ov *Overlay) layerPath(layer OverlayLayer, l *layout) *path {
	side := ov.side(l.n)
	x0 := float64(l.codeX) + (float64(l.n)-side)/2
	y0 := float64(l.codeY) + (float64(l.n)-side)/2
	p := &path{}
	for _, poly := range layer.Polygons {
		pts := make([][2]float64, len(poly))
		for i, pt := range poly {
			pts[i] = [2]float64{x0 + pt[0]*side, y0 + pt[1]*side}
		}
		if len(pts) > 2 {
			p.polygon(pts, false)
		}
	}
	return p
}

// appendOverlaySVG writes the emblem's layers as SVG paths in canvas module
// units, the coordinates of the rest of the drawing.
func appendOverlaySVG(b []byte, l *layout, o *Options) []byte {
	ov := &o.Overlay
	if !ov.active() {
		return b
	}
	for _, layer := range ov.Layers {
		b = append(b, `<path`...)
		b = appendFill(b, layer.Color)
		b = append(b, ` d="`...)
		b = ov.layerPath(layer, l).appendSVG(b, 0, 0)
		b = append(b, "\"/>\n"...)
	}
	return b
}

// overlayPNG draws the knocked-out symbol's 4-bit rows as PNG does,
// paints the emblem's layers over the pixels under it, anti-aliased, with
// the palette extended by the colours they need, and encodes the rows
// once. A plain drawing keeps 4 bits, its palette capped at 16 entries
// (an emblem edge takes the nearest); a shaded one, whose 16 grey levels
// fill the palette already, goes to 8 bits when the emblem adds colours.
func overlayPNG(s *Symbol, o Options) ([]byte, error) {
	ov := o.Overlay
	o.Overlay = Overlay{}
	s = ov.knockOut(s)
	l, err := newLayout(s, &o)
	if err != nil {
		return nil, err
	}
	sc := pngScratches.Get().(*pngScratch)
	defer pngScratches.Put(sc)
	size := o.Size
	stride := 1 + (size+1)/2
	var rows []byte
	var pal *paletteIndex
	if o.plain() {
		rows = sc.rowBuffer(stride * size)
		plainNibbleRows(rows, stride, s, l)
		pal = newNRGBAIndex([]color.NRGBA{o.Background, o.Foreground}, 16)
	} else {
		var palette []color.NRGBA
		rows, _, palette = shadedRows(sc, s, l, &o)
		pal = newNRGBAIndex(palette, 256)
	}
	box, px := ov.paint(rows, stride, size, l, pal)
	if len(pal.colors) <= 16 {
		for y := 0; y < box.Dy(); y++ {
			for x := 0; x < box.Dx(); x++ {
				X, Y := box.Min.X+x, box.Min.Y+y
				b := &rows[Y*stride+1+X>>1]
				shift := 4 - 4*(X&1)
				*b = *b&^(15<<shift) | px[y*box.Dx()+x]<<shift
			}
		}
		sc.sums = sc.sums[:0] // the rows changed under the emblem
		sc.cells = cellStarts(sc.cells[:0], l, size, 4)
		return encodePNG(sc, size, size, 4, pal.colors, rows), nil
	}
	wide := make([]byte, (1+size)*size)
	for y := 0; y < size; y++ {
		row, out := rows[y*stride+1:], wide[y*(1+size)+1:]
		for x := 0; x < size; x++ {
			out[x] = row[x>>1] >> (4 - 4*(x&1)) & 15
		}
	}
	for y := 0; y < box.Dy(); y++ {
		copy(wide[(box.Min.Y+y)*(1+size)+1+box.Min.X:], px[y*box.Dx():(y+1)*box.Dx()])
	}
	sc.sums = sc.sums[:0] // those of the 4-bit rows
	sc.cells = cellStarts(sc.cells[:0], l, size, 8)
	return encodePNG(sc, size, size, 8, pal.colors, wide), nil
}

// plainNibbleRows packs the two-colour image as plainRows does but at four
// bits a pixel, into zeroed rows of stride bytes: index 0 is the
// background and 1 the foreground.
func plainNibbleRows(rows []byte, stride int, s *Symbol, l *layout) {
	for my := 0; my < s.Size; my++ {
		y0 := l.offY + (l.codeY+my)*l.scale
		row := rows[y0*stride : (y0+1)*stride]
		for mx := 0; mx < s.Size; mx++ {
			if !s.Modules[my*s.Size+mx] {
				continue
			}
			x0 := l.offX + (l.codeX+mx)*l.scale
			for x := x0; x < x0+l.scale; x++ {
				row[1+x>>1] |= 0x10 >> (4 * (x & 1))
			}
		}
		// The module row repeats scale times.
		for y := y0 + 1; y < y0+l.scale; y++ {
			copy(rows[y*stride:(y+1)*stride], row)
		}
	}
}

// paint blends the emblem's layers into the pixels under it and returns
// their box, rounded outwards, and their palette indices, a row of
// box.Dx() at a time; rows are 4-bit with stride bytes each.
func (ov *Overlay) paint(rows []byte, stride, size int, l *layout, pal *paletteIndex) (image.Rectangle, []byte) {
	side := ov.side(l.n) * float64(l.scale)
	x0 := float64(l.offX) + (float64(l.codeX)+float64(l.n)/2)*float64(l.scale) - side/2
	y0 := float64(l.offY) + (float64(l.codeY)+float64(l.n)/2)*float64(l.scale) - side/2
	box := image.Rect(int(math.Floor(x0)), int(math.Floor(y0)), int(math.Ceil(x0+side)), int(math.Ceil(y0+side))).Intersect(image.Rect(0, 0, size, size))
	w, h := box.Dx(), box.Dy()
	px := make([]byte, w*h)
	if box.Empty() {
		return box, px
	}
	masks := make([]*image.Alpha, len(ov.Layers))
	for i, layer := range ov.Layers {
		r := vector.NewRasterizer(w, h)
		toPixel := func(pt [2]float64) (float32, float32) {
			return float32(x0 + pt[0]*side - float64(box.Min.X)), float32(y0 + pt[1]*side - float64(box.Min.Y))
		}
		for _, poly := range layer.Polygons {
			if len(poly) < 3 {
				continue
			}
			r.MoveTo(toPixel(poly[0]))
			for _, pt := range poly[1:] {
				r.LineTo(toPixel(pt))
			}
			r.ClosePath()
		}
		masks[i] = image.NewAlpha(image.Rect(0, 0, w, h))
		r.Draw(masks[i], masks[i].Bounds(), image.Opaque, image.Point{})
	}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			X, Y := box.Min.X+x, box.Min.Y+y
			c := pal.colors[rows[Y*stride+1+X>>1]>>(4-4*(X&1))&15]
			for j, layer := range ov.Layers {
				// Quantised like the shaded drawing's edges, so that a few
				// palette entries serve every edge pixel.
				level := (int(masks[j].Pix[y*w+x])*(shadeLevels-1) + 127) / 255
				if level > 0 {
					c = blend(c, layer.Color, level, shadeLevels-1)
				}
			}
			px[y*w+x] = pal.index(c)
		}
	}
	return box, px
}

// paletteIndex finds or adds colours in a palette of at most limit
// entries; once it is full, a new colour takes the nearest entry.
type paletteIndex struct {
	colors []color.NRGBA
	seen   map[color.NRGBA]uint8
	limit  int
}

// newNRGBAIndex starts from p, whose entries keep their indices, and
// holds at most limit entries.
func newNRGBAIndex(p []color.NRGBA, limit int) *paletteIndex {
	pi := &paletteIndex{colors: append([]color.NRGBA(nil), p...), seen: map[color.NRGBA]uint8{}, limit: limit}
	for i, c := range p {
		if _, dup := pi.seen[c]; !dup {
			pi.seen[c] = uint8(i)
		}
	}
	return pi
}

func (pi *paletteIndex) index(c color.NRGBA) uint8 {
	if i, ok := pi.seen[c]; ok {
		return i
	}
	if len(pi.colors) == pi.limit {
		return pi.nearest(c)
	}
	i := uint8(len(pi.colors))
	pi.colors = append(pi.colors, c)
	pi.seen[c] = i
	return i
}

// nearest is the entry closest to c in RGBA, squared distance.
func (pi *paletteIndex) nearest(c color.NRGBA) uint8 {
	best, bestD := 0, -1
	for i, p := range pi.colors {
		d := 0
		for _, v := range [4]int{int(p.R) - int(c.R), int(p.G) - int(c.G), int(p.B) - int(c.B), int(p.A) - int(c.A)} {
			d += v * v
		}
		if bestD < 0 || d < bestD {
			best, bestD = i, d
		}
	}
	return uint8(best)
}
