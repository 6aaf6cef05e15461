package render

import (
	"image"
	"image/color"
	"math"

	"github.com/qrforge/qrforge/render/deflate"
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
	for y := max(lo, 0); y < min(hi, s.Rows()); y++ { // an rMQR is lower than wide
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

// overlayPNG draws the knocked-out symbol's rows as PNG does, paints the
// emblem's layers over the pixels under it, anti-aliased, with the
// palette extended by the colours they need, and encodes the rows once.
// A plain drawing keeps 4 bits, its palette capped at 16 entries (an
// emblem edge takes the nearest); a shaded one, whose 16 grey levels fill
// the palette already, is drawn at 8 bits when the emblem adds colours.
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
	var pal *paletteIndex
	switch {
	case o.plain():
		pal = newNRGBAIndex([]color.NRGBA{o.Background, o.Foreground}, 16)
	case o.ownColors():
		pal = newNRGBAIndex([]color.NRGBA{o.Background}, 256)
	default:
		pal = newNRGBAIndex(shadePalette(&o), 256)
	}
	em := sc.prepareEmblem(&ov, l, pal)
	// The emblem's colours over the background decide the depth; a frame
	// of its own colour is drawn at 8 bits.
	depth := 4
	if len(pal.colors) > 16 || o.ownColors() {
		depth = 8
	}
	rows, px := sc.drawWithEmblem(s, l, &o, &em, depth, pal)
	if depth == 4 && len(pal.colors) > 16 {
		// Emblem edges over a shape's edge added colours past 16: the
		// rows are drawn again at 8 bits.
		depth = 8
		rows, px = sc.drawWithEmblem(s, l, &o, &em, depth, pal)
	}
	paintEmblem(rows, rowStride(l.pxW, depth), depth, em.box, px, sc.sums)
	sc.cells = cellStarts(sc.cells[:0], l, depth)
	return encodePNG(sc, l.pxW, l.pxH, depth, pal.colors, rows), nil
}

// prepareEmblem finds the emblem's box and mask, and adds the colours of
// the mask's mixes over the background to pal.
func (sc *pngScratch) prepareEmblem(ov *Overlay, l *layout, pal *paletteIndex) emblemPaint {
	g := ov.emblemPlace(l)
	em := emblemPaint{layers: ov.Layers, box: g.box}
	if !g.box.Empty() {
		em.mask = ov.emblemMaskOf(g)
		em.mixes = sc.mixIndices(em.mask, ov.Layers, pal)
	}
	return em
}

// drawWithEmblem draws the symbol's rows at depth bits a pixel and
// returns them with the emblem's pixels over them (emblemPixels).
func (sc *pngScratch) drawWithEmblem(s *Symbol, l *layout, o *Options, em *emblemPaint, depth int, pal *paletteIndex) (rows, px []byte) {
	if o.ownColors() {
		rows = sc.framedRows(s, l, o, pal)
	} else {
		rows = sc.symbolRows(s, l, o, depth)
	}
	return rows, sc.emblemPixels(em, rows, rowStride(l.pxW, depth), depth, pal)
}

// symbolRows draws the symbol's rows at depth bits a pixel, 4 or 8 (not
// for a plain drawing), and leaves their sums in sc.sums if it knows them.
func (sc *pngScratch) symbolRows(s *Symbol, l *layout, o *Options, depth int) []byte {
	if !o.plain() {
		return shadedRowsAt(sc, s, l, o, depth)
	}
	stride := rowStride(l.pxW, 4)
	rows := sc.rowBuffer(stride * l.pxH)
	plainNibbleRows(rows, stride, s, l)
	sc.sums = sc.sums[:0]
	return rows
}

// plainNibbleRows packs the two-colour image as plainRows does but at four
// bits a pixel, into zeroed rows of stride bytes: index 0 is the
// background and 1 the foreground.
func plainNibbleRows(rows []byte, stride int, s *Symbol, l *layout) {
	for my := 0; my < s.Rows(); my++ {
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

// emblemPaint is what painting an emblem needs: its layers, its box in
// pixels, its mask there, and the palette index of each of the mask's
// mixes over the background (nil when the mask names none).
type emblemPaint struct {
	layers []OverlayLayer
	box    image.Rectangle
	mask   *emblemMask
	mixes  []uint8
}

// emblemPixels returns the palette index of every pixel of the box, rows
// of box.Dx(): the emblem's layers blended in order over the pixel drawn
// there in rows (stride bytes each, depth bits a pixel). Pixels over the
// background, nearly all of them, take their mix's index.
func (sc *pngScratch) emblemPixels(em *emblemPaint, rows []byte, stride, depth int, pal *paletteIndex) []byte {
	box, m, mixes := em.box, em.mask, em.mixes
	w := box.Dx()
	px := grow(&sc.emblem, w*box.Dy())
	for y := 0; y < box.Dy(); y++ {
		row := rows[(box.Min.Y+y)*stride : (box.Min.Y+y+1)*stride]
		out := px[y*w : (y+1)*w]
		if mixes != nil && blank(row[pixelByte(box.Min.X, depth):pixelByte(box.Max.X-1, depth)+1]) {
			for x, k := range m.pix[y*w : (y+1)*w] {
				out[x] = mixes[k]
			}
			continue
		}
		for x := range out {
			under := pixelAt(row, box.Min.X+x, depth)
			if mixes != nil && under == 0 {
				out[x] = mixes[m.pix[y*w+x]]
			} else {
				out[x] = mixOver(pal, under, em.layers, m.levelsAt(y*w+x))
			}
		}
	}
	return px
}

// mixIndices returns the palette index of each of the mask's mixes over
// the background, palette entry 0; nil when the mask has no mixes named.
func (sc *pngScratch) mixIndices(m *emblemMask, layers []OverlayLayer, pal *paletteIndex) []uint8 {
	if m.pix == nil {
		return nil
	}
	lut := grow(&sc.mixes, len(m.mixes)/m.layers)
	for k := range lut {
		lut[k] = mixOver(pal, 0, layers, m.mixes[k*m.layers:(k+1)*m.layers])
	}
	return lut
}

// mixOver is the palette index of the layers blended at levels over the
// colour of palette entry under.
func mixOver(pal *paletteIndex, under uint8, layers []OverlayLayer, levels []uint8) uint8 {
	c, changed := pal.colors[under], false
	for j, level := range levels {
		// Quantised like the shaded drawing's edges, so that a few palette
		// entries serve every edge pixel.
		if level > 0 {
			c, changed = blend(c, layers[j].Color, int(level), shadeLevels-1), true
		}
	}
	if !changed {
		return under
	}
	return pal.index(c)
}

// blank reports whether b is all zeros.
func blank(b []byte) bool {
	for _, v := range b {
		if v != 0 {
			return false
		}
	}
	return true
}

// paintEmblem writes px, the box's indices in rows of box.Dx(), into rows
// of stride bytes at depth bits a pixel, and brings the rows' sums, if
// any, up to date.
func paintEmblem(rows []byte, stride, depth int, box image.Rectangle, px []byte, sums []deflate.RowSum) {
	w := box.Dx()
	first, last := pixelByte(box.Min.X, depth), pixelByte(box.Max.X-1, depth)
	for y := box.Min.Y; y < box.Max.Y; y++ {
		seg := rows[y*stride+first : y*stride+last+1]
		src := px[(y-box.Min.Y)*w : (y-box.Min.Y+1)*w]
		var was deflate.RowSum
		if len(sums) > 0 {
			was = segmentSum(seg, first)
		}
		if depth == 8 {
			copy(seg, src)
		} else {
			packNibbles(seg, box.Min.X&1, src)
		}
		if len(sums) > 0 {
			// Wraps below zero and back: the total is what counts.
			is := segmentSum(seg, first)
			sums[y].Sum += is.Sum - was.Sum
			sums[y].Weighted += is.Weighted - was.Weighted
		}
	}
}

// packNibbles writes the 4-bit pixels src into dst, the first in the low
// nibble of dst[0] when phase is 1; the nibbles of dst's first and last
// bytes that src does not reach keep their pixels.
func packNibbles(dst []byte, phase int, src []byte) {
	if phase == 1 {
		dst[0] = dst[0]&0xf0 | src[0]
		dst, src = dst[1:], src[1:]
	}
	for len(src) >= 2 {
		dst[0] = src[0]<<4 | src[1]
		dst, src = dst[1:], src[2:]
	}
	if len(src) == 1 {
		dst[0] = dst[0]&0x0f | src[0]<<4
	}
}

// segmentSum sums the bytes of seg, which begins at byte off of its row,
// as deflate.RowSum does.
func segmentSum(seg []byte, off int) deflate.RowSum {
	var s deflate.RowSum
	for i, b := range seg {
		s.Sum += uint64(b)
		s.Weighted += uint64(off+i) * uint64(b)
	}
	return s
}

// grow returns (*buf)[:n], reallocating it when too small; the contents
// are whatever the buffer held.
func grow[T any](buf *[]T, n int) []T {
	if cap(*buf) < n {
		*buf = make([]T, n)
	}
	*buf = (*buf)[:n]
	return *buf
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
	// Room for the 16 shades and an emblem's blends without growing.
	room := min(limit, len(p)+48)
	pi := &paletteIndex{colors: append(make([]color.NRGBA, 0, room), p...), seen: make(map[color.NRGBA]uint8, room), limit: limit}
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
