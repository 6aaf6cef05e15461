package render

import "math"

// DrawingBytes estimates the memory that drawing a symbol of n modules a
// side in format allocates at its peak, for admission control: a request
// reserves it before drawing. Raster costs grow with the pixels: a plain
// drawing packs a bit a pixel, a shaded one (round shapes, anti-aliased
// edges) a byte a pixel plus its coverage, and a label or frame composes
// an RGBA canvas. Vector and matrix outputs grow with the modules.
// TestDrawingBytesCoversTheDrawing holds it above what drawing allocates.
func DrawingBytes(o Options, n int, png bool) int64 {
	const base = 2 << 20 // scratch rows, the compressor's window and tables
	logo := logoBytes(&o, png)
	if !png {
		modules := int64(n+2*o.Margin) * int64(n+2*o.Margin)
		return base + 64*modules + logo
	}
	px := int64(o.Size) * int64(o.Size)
	switch {
	case o.Label != "" || o.Frame != FrameNone:
		return base + 10*px + logo
	case o.truecolour():
		// RGBA pixels, their filtered rows and the compressed image.
		return base + 9*px + logo
	case !o.plain() || o.Overlay.active():
		return base + 2*px
	}
	return base + px/4
}

// logoBytes is what scaling a raster logo into its box takes: Catmull–Rom
// resamples the rows first, into float64 RGBA of the box's width by the
// picture's height (golang.org/x/image/draw), then the columns into RGBA;
// SVG also unpremultiplies it and encodes it as PNG and base64.
func logoBytes(o *Options, png bool) int64 {
	lg := o.Logo
	if !lg.active() || lg.Image == nil {
		return 0
	}
	return LogoBytes(*o, lg.Image.Rect.Dy(), png)
}

// LogoBytes is logoBytes for a picture of the given height not yet
// decoded, for admission control (DrawingBytes counts a decoded one).
func LogoBytes(o Options, pictureHeight int, png bool) int64 {
	if o.Logo == nil {
		return 0
	}
	box := int64(math.Ceil(float64(o.Size)*min(o.Logo.Size, MaxLogoSize))) + 1
	cost := 32*box*int64(pictureHeight) + 4*box*box
	if !png {
		cost += 4 * box * box
	}
	return cost
}
