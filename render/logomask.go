package render

import (
	"image"
	"image/color"
	"sync"
)

// An icon or plate at one size and position is rasterized the same way
// every time, and a design draws it into every image: its shades are kept
// (within a budget) rather than rasterized again.

// logoMaskKey is everything a logo path's pixels depend on: the icon (nil
// for the plate), the logo's size and padding, and where the layout puts
// the symbol and at what scale.
type logoMaskKey struct {
	icon                               *Icon
	size                               float64
	padding                            int
	rounded                            bool
	n, codeX, codeY, offX, offY, scale int
	canvas                             int
}

// A logoMask is a path's shades, 0 to shadeLevels-1, over the pixel box
// it may touch.
type logoMask struct {
	box    image.Rectangle
	shades []uint8 // box.Dx() a row
}

var logoMasks struct {
	sync.Mutex
	masks map[logoMaskKey]*logoMask
	bytes int
}

// logoMaskBudget bounds the kept masks; when full they are dropped and
// kept again as they are drawn. A 1024 px image's icon is about 40 KB.
const logoMaskBudget = 4 << 20

// logoMaskOf returns the shades of the plate (plate true) or the icon of
// lg in layout l on a canvas of size pixels, or nil if there is no plate.
func logoMaskOf(lg *Logo, l *layout, size int, plate bool) *logoMask {
	key := logoMaskKey{size: lg.Size, n: l.n, codeX: l.codeX, codeY: l.codeY,
		offX: l.offX, offY: l.offY, scale: l.scale, canvas: size}
	if plate {
		if lg.Plate == (color.NRGBA{}) {
			return nil
		}
		key.padding, key.rounded = lg.Padding, lg.Rounded
	} else {
		key.icon = lg.Icon
	}
	logoMasks.Lock()
	m := logoMasks.masks[key]
	logoMasks.Unlock()
	if m != nil {
		return m
	}
	m = rasterLogoMask(lg, l, size, plate)
	if m == nil {
		return nil
	}
	logoMasks.Lock()
	defer logoMasks.Unlock()
	if logoMasks.masks == nil || logoMasks.bytes+len(m.shades) > logoMaskBudget {
		logoMasks.masks = map[logoMaskKey]*logoMask{}
		logoMasks.bytes = 0
	}
	if len(m.shades) <= logoMaskBudget/4 {
		logoMasks.masks[key] = m
		logoMasks.bytes += len(m.shades)
	}
	return m
}

// rasterLogoMask rasterizes the plate or the icon.
func rasterLogoMask(lg *Logo, l *layout, size int, plate bool) *logoMask {
	var ops []pathOp
	if plate {
		p := lg.platePath(l)
		if p == nil {
			return nil
		}
		ops = p.ops
	} else {
		ops = lg.iconPath(l).ops
	}
	m := &logoMask{box: opsBounds(ops, l).Intersect(image.Rect(0, 0, size, size))}
	if m.box.Empty() {
		return m
	}
	sc := rasterScratches.Get().(*rasterScratch)
	defer rasterScratches.Put(sc)
	r := &sc.r
	r.Reset(m.box.Dx(), m.box.Dy())
	addPath(r, ops, float32(l.offX-m.box.Min.X), float32(l.offY-m.box.Min.Y), float32(l.scale))
	cov := sc.paint()
	m.shades = make([]uint8, len(cov.Pix))
	for i, a := range cov.Pix {
		m.shades[i] = shadeOf[a]
	}
	return m
}
