package render

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
	"io"
	"math"
	"sync"

	"github.com/klauspost/compress/zlib"
)

// truecolourPNG draws a drawing that needs more than a blend of two colours
// (a gradient, eyes in colours of their own) layer by layer into RGBA
// pixels, each layer's anti-aliased coverage composited over the ones
// before it, and encodes them as an 8-bit truecolour PNG.
func truecolourPNG(s *Symbol, o Options) ([]byte, error) {
	img, err := truecolourImage(s, o)
	if err != nil {
		return nil, err
	}
	return encodeRGBA(img), nil
}

// truecolourImage composites the drawing layer by layer into RGBA pixels.
func truecolourImage(s *Symbol, o Options) (*image.NRGBA, error) {
	ov := o.Overlay
	s = o.Logo.knockOut(ov.knockOut(s))
	l, err := newLayout(s, &o)
	if err != nil {
		return nil, err
	}
	d := newDrawing(s, l, &o)
	defer d.release()
	img := image.NewNRGBA(image.Rect(0, 0, l.pxW, l.pxH))
	for i := 0; i < len(img.Pix); i += 4 {
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = o.Background.R, o.Background.G, o.Background.B, o.Background.A
	}
	sc := rasterScratches.Get().(*rasterScratch)
	defer rasterScratches.Put(sc)

	modules := newPainter(&o, l)
	fillPath(img, sc, d.frame.ops, l, solid(o.frameColor()))
	fillPath(img, sc, d.dark.ops, l, modules)
	for i, e := range d.eyes {
		c := o.EyeColors[i]
		fillPath(img, sc, e.frame.ops, l, modules.or(c.Frame))
		fillPath(img, sc, e.centre.ops, l, modules.or(c.Centre))
	}
	if ov.active() {
		for _, layer := range ov.Layers {
			fillPath(img, sc, ov.layerPath(layer, l).ops, l, solid(layer.Color))
		}
	}
	if o.Logo.active() {
		drawLogoPNG(img, sc, l, &o)
	}
	if c := d.text; c != nil {
		mask := image.NewAlpha(img.Rect)
		text := *c
		text.inverse = false
		drawCaption(mask, &text, l)
		_, ink := o.CaptionColors()
		composite(img, mask, mask.Rect, solid(ink))
	}
	return img, nil
}

// painter gives the colour of a layer at a pixel: one colour, or a
// gradient's colour at the pixel's centre.
type painter struct {
	color color.NRGBA
	line  *gradientLine
	// table holds the gradient's colours at len(table) even steps of t.
	table []color.NRGBA
	// l maps pixels to canvas modules, where the gradient is placed.
	l *layout
}

func solid(c color.NRGBA) painter { return painter{color: c} }

// newPainter is the data modules' paint: the gradient when there is one,
// else the foreground colour.
func newPainter(o *Options, l *layout) painter {
	if !o.Gradient.active() {
		return solid(o.Foreground)
	}
	gl := newGradientLine(o.Gradient, float64(l.codeX), float64(l.codeY), float64(l.n))
	return painter{line: &gl, table: o.Gradient.Samples(1024), l: l}
}

// or is c when it is set (a zero colour is not), else p.
func (p painter) or(c color.NRGBA) painter {
	if c == (color.NRGBA{}) {
		return p
	}
	return solid(c)
}

// at is the paint at pixel (x, y).
func (p *painter) at(x, y int) color.NRGBA {
	if p.line == nil {
		return p.color
	}
	s := float64(p.l.scale)
	mx := (float64(x) + 0.5 - float64(p.l.offX)) / s
	my := (float64(y) + 0.5 - float64(p.l.offY)) / s
	return p.table[int(math.Round(p.line.t(mx, my)*float64(len(p.table)-1)))]
}

// fillPath rasterizes ops, in canvas modules, and composites their
// coverage in p's paint over img.
func fillPath(img *image.NRGBA, sc *rasterScratch, ops []pathOp, l *layout, p painter) {
	box := opsBounds(ops, l).Intersect(img.Rect)
	if box.Empty() {
		return
	}
	r := &sc.r
	r.Reset(box.Dx(), box.Dy())
	scale := float32(l.scale)
	addPath(r, ops, float32(l.offX-box.Min.X), float32(l.offY-box.Min.Y), scale)
	mask := sc.paint()
	composite(img, mask, box, p)
}

// opsBounds is the pixel box that ops, in canvas modules, can reach:
// Bézier control points bound their curves.
func opsBounds(ops []pathOp, l *layout) image.Rectangle {
	if len(ops) == 0 {
		return image.Rectangle{}
	}
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, op := range ops {
		n := 1
		switch op.kind {
		case 'Z':
			continue
		case 'C':
			n = 3
		}
		for _, pt := range op.pts[:n] {
			x0, y0 = min(x0, pt[0]), min(y0, pt[1])
			x1, y1 = max(x1, pt[0]), max(y1, pt[1])
		}
	}
	s := float64(l.scale)
	return image.Rect(
		l.offX+int(math.Floor(x0*s))-1, l.offY+int(math.Floor(y0*s))-1,
		l.offX+int(math.Ceil(x1*s))+1, l.offY+int(math.Ceil(y1*s))+1)
}

// composite paints p over img where mask, whose origin is box.Min, has
// coverage: source-over in non-premultiplied colour (Porter and Duff,
// "Compositing Digital Images", 1984).
func composite(img *image.NRGBA, mask *image.Alpha, box image.Rectangle, p painter) {
	for y := box.Min.Y; y < box.Max.Y; y++ {
		mrow := mask.Pix[(y-box.Min.Y+mask.Rect.Min.Y)*mask.Stride+mask.Rect.Min.X:]
		for x := box.Min.X; x < box.Max.X; x++ {
			cov := uint32(mrow[x-box.Min.X])
			if cov == 0 {
				continue
			}
			c := p.at(x, y)
			i := img.PixOffset(x, y)
			px := img.Pix[i : i+4 : i+4]
			sa := cov * uint32(c.A) / 255
			if sa == 255 {
				px[0], px[1], px[2], px[3] = c.R, c.G, c.B, 255
				continue
			}
			da := uint32(px[3]) * (255 - sa) / 255
			oa := sa + da
			if oa == 0 {
				continue
			}
			mix := func(s, d uint8) uint8 { return uint8((uint32(s)*sa + uint32(d)*da + oa/2) / oa) }
			px[0], px[1], px[2], px[3] = mix(c.R, px[0]), mix(c.G, px[1]), mix(c.B, px[2]), uint8(oa)
		}
	}
}

// encodeRGBA encodes img as an 8-bit PNG, RGB when every pixel is opaque
// and RGBA otherwise (ISO/IEC 15948 §11.2.2). Each row takes the filter,
// of none, Sub and Up, whose output has the smallest sum of absolute
// values, the heuristic of the PNG specification's §12.8.
func encodeRGBA(img *image.NRGBA) []byte {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	opaque := true
	for i := 3; i < len(img.Pix); i += 4 {
		if img.Pix[i] != 255 {
			opaque = false
			break
		}
	}
	bpp := 4
	if opaque {
		bpp = 3
	}
	stride := w * bpp
	prev := make([]byte, stride)
	cur := make([]byte, stride)
	cand := [3][]byte{make([]byte, 1+stride), make([]byte, 1+stride), make([]byte, 1+stride)}
	repeat := make([]byte, 1+stride)
	repeat[0] = 2 // Up

	sc := pngScratches.Get().(*pngScratch)
	defer pngScratches.Put(sc)
	sc.idat.Reset()
	z := rgbaZlibWriters.Get().(*zlib.Writer)
	z.Reset(&sc.idat)
	for y := 0; y < h; y++ {
		src := img.Pix[y*img.Stride : y*img.Stride+4*w]
		if bpp == 4 {
			copy(cur, src)
		} else {
			for x := 0; x < w; x++ {
				copy(cur[3*x:3*x+3], src[4*x:4*x+3])
			}
		}
		if y > 0 && bytes.Equal(cur, prev) {
			// A module's pixel rows repeat: Up makes them zeros, which
			// cost the compressor next to nothing.
			z.Write(repeat)
			prev, cur = cur, prev
			continue
		}
		none, sub, up := cand[0], cand[1], cand[2]
		none[0], sub[0], up[0] = 0, 1, 2
		copy(none[1:], cur)
		var sumNone, sumSub, sumUp int
		for i, v := range cur {
			left := byte(0)
			if i >= bpp {
				left = cur[i-bpp]
			}
			s, u := v-left, v-prev[i]
			sub[1+i], up[1+i] = s, u
			sumNone += int(min(v, -v))
			sumSub += int(min(s, -s))
			sumUp += int(min(u, -u))
		}
		best := 0
		if sumSub < sumNone {
			best = 1
		}
		if sumUp < min(sumNone, sumSub) {
			best = 2
		}
		z.Write(cand[best])
		prev, cur = cur, prev
	}
	z.Close()
	z.Reset(io.Discard)
	rgbaZlibWriters.Put(z)
	return truecolourFile(w, h, opaque, sc.idat.Bytes())
}

// truecolourFile is the PNG file of an 8-bit truecolour image, RGB when
// opaque and RGBA otherwise, whose zlib stream is idat.
func truecolourFile(w, h int, opaque bool, idat []byte) []byte {
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8] = 8
	ihdr[9] = 6 // truecolour with alpha
	if opaque {
		ihdr[9] = 2 // truecolour
	}
	out := make([]byte, 0, len(pngSignature)+3*12+len(ihdr)+len(idat))
	out = append(out, pngSignature...)
	out = appendChunk(out, "IHDR", ihdr[:])
	out = appendChunk(out, "IDAT", idat)
	return appendChunk(out, "IEND", nil)
}

// rgbaZlibLevel compresses truecolour rows: three bytes a pixel are six to
// twenty-four times a paletted image's, and klauspost/compress's level 2
// deflates them several times faster than level 6 for a few per cent more
// bytes (BENCHMARKS.md, "Designs").
const rgbaZlibLevel = 2

var rgbaZlibWriters = sync.Pool{New: func() any {
	w, _ := zlib.NewWriterLevel(io.Discard, rgbaZlibLevel)
	return w
}}
