package render

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
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

// overlayPNG renders the knocked-out symbol as any PNG, then paints the
// emblem's layers over it, anti-aliased, extending the palette with the
// colours they need.
func overlayPNG(s *Symbol, o Options) ([]byte, error) {
	ov := o.Overlay
	o.Overlay = Overlay{}
	s = ov.knockOut(s)
	base, err := PNG(s, o)
	if err != nil {
		return nil, err
	}
	l, err := newLayout(s, &o)
	if err != nil {
		return nil, err
	}
	decoded, err := png.Decode(bytes.NewReader(base))
	if err != nil {
		return nil, err
	}
	img, ok := decoded.(*image.Paletted)
	if !ok {
		return base, nil
	}
	// The emblem's pixel box, rounded outwards.
	side := ov.side(l.n) * float64(l.scale)
	x0 := float64(l.offX) + (float64(l.codeX)+float64(l.n)/2)*float64(l.scale) - side/2
	y0 := float64(l.offY) + (float64(l.codeY)+float64(l.n)/2)*float64(l.scale) - side/2
	box := image.Rect(int(math.Floor(x0)), int(math.Floor(y0)), int(math.Ceil(x0+side)), int(math.Ceil(y0+side))).Intersect(img.Rect)
	if box.Empty() {
		return base, nil
	}
	w, h := box.Dx(), box.Dy()
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
	pal := newPaletteIndex(img.Palette)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			i := img.PixOffset(box.Min.X+x, box.Min.Y+y)
			c := color.NRGBAModel.Convert(img.Palette[img.Pix[i]]).(color.NRGBA)
			for j, layer := range ov.Layers {
				// Quantised like the shaded drawing's edges, so that a few
				// palette entries serve every edge pixel.
				level := (int(masks[j].Pix[y*w+x])*(shadeLevels-1) + 127) / 255
				if level > 0 {
					c = blend(c, layer.Color, level, shadeLevels-1)
				}
			}
			img.Pix[i] = pal.index(c)
		}
	}
	img.Palette = pal.colors
	var out bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(&out, img); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// paletteIndex finds or adds colours in a palette of at most 256 entries;
// once it is full, a new colour takes the nearest entry.
type paletteIndex struct {
	colors color.Palette
	seen   map[color.NRGBA]uint8
}

// newPaletteIndex starts from p, whose entries keep their indices.
func newPaletteIndex(p color.Palette) *paletteIndex {
	pi := &paletteIndex{colors: append(color.Palette(nil), p...), seen: map[color.NRGBA]uint8{}}
	for i, c := range p {
		nc := color.NRGBAModel.Convert(c).(color.NRGBA)
		if _, dup := pi.seen[nc]; !dup {
			pi.seen[nc] = uint8(i)
		}
	}
	return pi
}

func (pi *paletteIndex) index(c color.NRGBA) uint8 {
	if i, ok := pi.seen[c]; ok {
		return i
	}
	if len(pi.colors) == 256 {
		return uint8(pi.colors.Index(c))
	}
	i := uint8(len(pi.colors))
	pi.colors = append(pi.colors, c)
	pi.seen[c] = i
	return i
}
