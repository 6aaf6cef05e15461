package render

import (
	"encoding/binary"
	"hash/maphash"
	"image"
	"math"
	"slices"
	"sync"
)

// An emblem's layers are rasterized once per pixel geometry and kept:
// rasterizing them and blending every pixel's colours took most of the
// time of a PNG with an emblem. What is kept does not depend on the
// image's colours: each pixel of the emblem's box holds a mix, the
// quantised coverage of every layer there, and a request turns its few
// mixes into palette indices before it paints the pixels.

// emblemGeometry places an emblem in pixels: its box, rounded outwards,
// and where its unit square lies relative to the box's corner.
type emblemGeometry struct {
	box    image.Rectangle
	dx, dy float64 // the square's top-left corner, from the box's
	side   float64 // the square's side
}

// emblemPlace is the emblem's geometry on the layout's canvas.
func (ov *Overlay) emblemPlace(l *layout) emblemGeometry {
	scale := float64(l.scale)
	side := ov.side(l.n) * scale
	x0 := float64(l.offX) + (float64(l.codeX)+float64(l.n)/2)*scale - side/2
	y0 := float64(l.offY) + (float64(l.codeY)+float64(l.n)/2)*scale - side/2
	box := image.Rect(int(math.Floor(x0)), int(math.Floor(y0)), int(math.Ceil(x0+side)), int(math.Ceil(y0+side)))
	box = box.Intersect(image.Rect(0, 0, l.pxW, l.pxH))
	return emblemGeometry{box: box, dx: x0 - float64(box.Min.X), dy: y0 - float64(box.Min.Y), side: side}
}

// emblemMask is an emblem rasterized at one geometry. Mix k is
// mixes[k*layers:(k+1)*layers], the level (0 to shadeLevels-1) of each
// layer; mix 0 covers nothing. pix holds a mix per pixel of the box, rows
// of w; or, when the box has more distinct mixes than pix can name, pix
// is nil and levels holds every pixel's levels in the same layout.
type emblemMask struct {
	w, h   int
	layers int
	mixes  []uint8
	pix    []uint16
	levels []uint8
}

// maxEmblemMixes is how many mixes a uint16 can name.
const maxEmblemMixes = 1 << 16

// levelsAt returns the levels of the layers at pixel p of the box.
func (m *emblemMask) levelsAt(p int) []uint8 {
	if m.pix == nil {
		return m.levels[p*m.layers : (p+1)*m.layers]
	}
	k := int(m.pix[p])
	return m.mixes[k*m.layers : (k+1)*m.layers]
}

func (m *emblemMask) bytes() int { return 2*len(m.pix) + len(m.mixes) + len(m.levels) }

// rasterEmblem rasterizes the layers at geometry g, giving at most
// maxMixes distinct mixes names.
func rasterEmblem(layers []OverlayLayer, g emblemGeometry, maxMixes int) *emblemMask {
	w, h, n := g.box.Dx(), g.box.Dy(), len(layers)
	levels := make([]uint8, w*h*n)
	sc := rasterScratches.Get().(*rasterScratch)
	defer rasterScratches.Put(sc)
	for j, layer := range layers {
		cov := layerCoverage(sc, layer, g)
		for p, a := range cov {
			levels[p*n+j] = shadeOf[a]
		}
	}
	m := &emblemMask{w: w, h: h, layers: n, mixes: make([]uint8, n), pix: make([]uint16, w*h)}
	names := map[string]uint16{string(m.mixes): 0}
	for p := range m.pix {
		lv := levels[p*n : (p+1)*n]
		k, ok := names[string(lv)]
		if !ok {
			if len(names) == maxMixes {
				return &emblemMask{w: w, h: h, layers: n, levels: levels}
			}
			k = uint16(len(names))
			names[string(lv)] = k
			m.mixes = append(m.mixes, lv...)
		}
		m.pix[p] = k
	}
	return m
}

// layerCoverage rasterizes one layer's polygons over the box and returns
// the coverage, 0-255 a pixel, valid until sc goes back to its pool.
func layerCoverage(sc *rasterScratch, layer OverlayLayer, g emblemGeometry) []uint8 {
	r := &sc.r
	r.Reset(g.box.Dx(), g.box.Dy())
	toPixel := func(pt [2]float64) (float32, float32) {
		return float32(g.dx + pt[0]*g.side), float32(g.dy + pt[1]*g.side)
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
	return sc.paint().Pix
}

// emblemKey names a mask by its geometry and a hash of the layers'
// polygons (their colours are the request's to blend); the cache keeps a
// copy of the polygons, compared on every hit, so that a hash collision
// cannot paint another emblem.
type emblemKey struct {
	shapes       uint64
	dx, dy, side float64
	w, h         int
}

type cachedEmblem struct {
	shapes [][][][2]float64 // each layer's polygons
	mask   *emblemMask
}

// emblemCache keeps masks across images within a budget; when full it is
// emptied and refilled, as tileCache is. A 512 px emblem takes about
// 12 KB, so the budget holds hundreds of sizes.
var emblemCache struct {
	sync.Mutex
	masks map[emblemKey]cachedEmblem
	bytes int
}

const emblemCacheBudget = 8 << 20

var emblemHashSeed = maphash.MakeSeed()

// emblemMaskOf returns the overlay's mask at geometry g, from the cache
// or rasterized and added to it. The mask is shared: read only.
func (ov *Overlay) emblemMaskOf(g emblemGeometry) *emblemMask {
	key := emblemKey{shapes: hashShapes(ov.Layers), dx: g.dx, dy: g.dy, side: g.side, w: g.box.Dx(), h: g.box.Dy()}
	emblemCache.Lock()
	hit, ok := emblemCache.masks[key]
	emblemCache.Unlock()
	if ok && sameShapes(hit.shapes, ov.Layers) {
		return hit.mask
	}
	m := rasterEmblem(ov.Layers, g, maxEmblemMixes)
	if m.pix == nil {
		return m // too varied to name its mixes: used once, not kept
	}
	entry := cachedEmblem{shapes: cloneShapes(ov.Layers), mask: m}
	emblemCache.Lock()
	defer emblemCache.Unlock()
	if emblemCache.masks == nil || emblemCache.bytes+m.bytes() > emblemCacheBudget {
		emblemCache.masks = map[emblemKey]cachedEmblem{}
		emblemCache.bytes = 0
	}
	emblemCache.masks[key] = entry
	emblemCache.bytes += m.bytes()
	return m
}

func hashShapes(layers []OverlayLayer) uint64 {
	var h maphash.Hash
	h.SetSeed(emblemHashSeed)
	var b [8]byte
	count := func(n int) { h.Write(binary.LittleEndian.AppendUint32(b[:0], uint32(n))) }
	count(len(layers))
	for _, layer := range layers {
		count(len(layer.Polygons))
		for _, poly := range layer.Polygons {
			count(len(poly))
			for _, pt := range poly {
				h.Write(binary.LittleEndian.AppendUint64(b[:0], math.Float64bits(pt[0])))
				h.Write(binary.LittleEndian.AppendUint64(b[:0], math.Float64bits(pt[1])))
			}
		}
	}
	return h.Sum64()
}

func sameShapes(shapes [][][][2]float64, layers []OverlayLayer) bool {
	return slices.EqualFunc(shapes, layers, func(polys [][][2]float64, layer OverlayLayer) bool {
		return slices.EqualFunc(polys, layer.Polygons, slices.Equal)
	})
}

func cloneShapes(layers []OverlayLayer) [][][][2]float64 {
	shapes := make([][][][2]float64, len(layers))
	for i, layer := range layers {
		shapes[i] = make([][][2]float64, len(layer.Polygons))
		for j, poly := range layer.Polygons {
			shapes[i][j] = slices.Clone(poly)
		}
	}
	return shapes
}
