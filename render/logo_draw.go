package render

import (
	"encoding/base64"
	"image"
	"math"

	xdraw "golang.org/x/image/draw"
)

// drawLogoPNG paints the logo over the drawing's pixels: the plate, then
// the icon or the picture.
func drawLogoPNG(img *image.NRGBA, sc *rasterScratch, l *layout, o *Options) {
	lg := o.Logo
	if p := lg.platePath(l); p != nil {
		fillPath(img, sc, p.ops, l, solid(lg.Plate))
	}
	if lg.Icon != nil {
		fillPath(img, sc, lg.iconPath(l).ops, l, solid(lg.ink(o)))
		return
	}
	x, y, side := lg.logoBox(l)
	s := float64(l.scale)
	r := lg.imageRect(float64(l.offX)+x*s, float64(l.offY)+y*s, side*s).Intersect(img.Rect)
	if r.Empty() {
		return
	}
	overPicture(img.Pix[img.PixOffset(r.Min.X, r.Min.Y):], img.Stride, 4, scaledLogo(lg.Image, r.Dx(), r.Dy()))
}

// overPicture composites pic over rows of stride bytes whose first pixel,
// bpp bytes each, starts dst (overRow, row by row).
func overPicture(dst []byte, stride, bpp int, pic *image.RGBA) {
	w := pic.Rect.Dx()
	for y := range pic.Rect.Dy() {
		overRow(dst[y*stride:], bpp, pic.Pix[y*pic.Stride:y*pic.Stride+4*w])
	}
}

// scaleLogo resamples the picture to w×h pixels with the Catmull–Rom
// cubic (golang.org/x/image/draw), premultiplied.
func scaleLogo(src *image.NRGBA, w, h int) *image.RGBA {
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	xdraw.CatmullRom.Scale(dst, dst.Rect, src, src.Rect, xdraw.Src, nil)
	return dst
}

// scaledLogo is scaleLogo's picture, kept (picturecache.go).
func scaledLogo(src *image.NRGBA, w, h int) *image.RGBA {
	return derived(pictureKey{src: src, form: formScaled, w: w, h: h}, func() (*image.RGBA, int) {
		pic := scaleLogo(src, w, h)
		return pic, len(pic.Pix)
	})
}

// overRow composites src, premultiplied RGBA pixels, over dst, pixels of
// bpp bytes (RGB, opaque, or RGBA) not premultiplied: source-over
// (Porter and Duff, 1984).
func overRow(dst []byte, bpp int, src []byte) {
	for x := 0; 4*x+4 <= len(src); x++ {
		s := src[4*x : 4*x+4 : 4*x+4]
		sa := uint32(s[3])
		if sa == 0 {
			continue
		}
		d := dst[bpp*x : bpp*x+bpp : bpp*x+bpp]
		if sa == 255 {
			copy(d, s)
			if bpp == 4 {
				d[3] = 255
			}
			continue
		}
		// Premultiplied: out = src + dst × (1 − αs).
		dstA := uint32(255)
		if bpp == 4 {
			dstA = uint32(d[3])
		}
		da := dstA * (255 - sa) / 255
		oa := sa + da
		mix := func(sc, dc uint8) uint8 {
			return uint8(min(255, (uint32(sc)*255+uint32(dc)*da+oa/2)/oa))
		}
		d[0], d[1], d[2] = mix(s[0], d[0]), mix(s[1], d[1]), mix(s[2], d[2])
		if bpp == 4 {
			d[3] = uint8(oa)
		}
	}
}

// rasterPixels is the resolution of a raster logo embedded in a vector
// drawing: the box's pixels at the requested size, never more than the
// picture has.
func (lg *Logo) rasterPixels(boxPixels float64) (w, h int) {
	r := lg.imageRect(0, 0, boxPixels)
	w, h = r.Dx(), r.Dy()
	if sw, sh := lg.Image.Rect.Dx(), lg.Image.Rect.Dy(); w > sw || h > sh {
		w, h = sw, sh
	}
	return w, h
}

// appendLogoSVG writes the logo in canvas module units: the plate and the
// icon as paths, a raster picture as an image element holding a PNG that
// qrforge encodes from the decoded picture, never the bytes it was sent.
func appendLogoSVG(b []byte, l *layout, o *Options) []byte {
	lg := o.Logo
	if !lg.active() {
		return b
	}
	// The code's square modules ask for crisp edges; a logo's curves are
	// anti-aliased as in PNG.
	const smooth = ` shape-rendering="geometricPrecision"`
	if p := lg.platePath(l); p != nil {
		b = append(b, `<path`+smooth...)
		b = appendFill(b, lg.Plate)
		b = append(b, ` d="`...)
		b = p.appendSVG(b, 0, 0)
		b = append(b, "\"/>\n"...)
	}
	if lg.Icon != nil {
		b = append(b, `<path`+smooth...)
		b = appendFill(b, lg.ink(o))
		b = append(b, ` d="`...)
		b = lg.iconPath(l).appendSVG(b, 0, 0)
		return append(b, "\"/>\n"...)
	}
	x, y, side := lg.logoBox(l)
	perModule := float64(o.Size) / float64(max(l.width, l.height))
	w, h := lg.rasterPixels(side * perModule)
	// The picture keeps its aspect ratio, centred in the box.
	k := side / float64(max(w, h))
	iw, ih := float64(w)*k, float64(h)*k
	attr := func(b []byte, name string, v float64) []byte {
		b = append(b, ' ')
		b = append(b, name...)
		b = append(b, `="`...)
		b = appendNum(b, v)
		return append(b, '"')
	}
	b = append(b, `<image`...)
	b = attr(b, "x", x+(side-iw)/2)
	b = attr(b, "y", y+(side-ih)/2)
	b = attr(b, "width", iw)
	b = attr(b, "height", ih)
	b = append(b, ` xlink:href="data:image/png;base64,`...)
	file := derived(pictureKey{src: lg.Image, form: formSVG, w: w, h: h}, func() ([]byte, int) {
		file := encodeRGBA(unpremultiplied(scaledLogo(lg.Image, w, h)))
		return file, len(file)
	})
	b = base64.StdEncoding.AppendEncode(b, file)
	return append(b, "\"/>\n"...)
}

// unpremultiplied is src with its colours divided by their alpha.
func unpremultiplied(src *image.RGBA) *image.NRGBA {
	out := image.NewNRGBA(src.Rect)
	for i := 0; i < len(src.Pix); i += 4 {
		a := uint32(src.Pix[i+3])
		if a == 0 {
			continue
		}
		for j := 0; j < 3; j++ {
			out.Pix[i+j] = uint8(min(255, (uint32(src.Pix[i+j])*255+a/2)/a))
		}
		out.Pix[i+3] = uint8(a)
	}
	return out
}

// NormaliseLogo converts a decoded picture into the logo's own form: NRGBA
// pixels at most side pixels on its longer side, scaled down with
// Catmull–Rom when larger.
func NormaliseLogo(src image.Image, side int) *image.NRGBA {
	b := src.Bounds()
	w, h := b.Dx(), b.Dy()
	if k := float64(side) / float64(max(w, h)); k < 1 {
		w, h = max(1, int(math.Round(float64(w)*k))), max(1, int(math.Round(float64(h)*k)))
	}
	// Through premultiplied RGBA, which image/draw and x/image/draw
	// convert every common decoder's output to directly.
	rgba := image.NewRGBA(image.Rect(0, 0, w, h))
	if w == b.Dx() && h == b.Dy() {
		xdraw.Draw(rgba, rgba.Rect, src, b.Min, xdraw.Src)
	} else {
		xdraw.CatmullRom.Scale(rgba, rgba.Rect, src, b, xdraw.Src, nil)
	}
	return unpremultiplied(rgba)
}
