package render

import "math"

// Encoding is what a drawing is written as, for costing it.
type Encoding string

// Encodings: PNG, and what PNG's raster also makes (GIF, JPEG); SVG and
// the module matrix; and print's vector pages (PDF, EPS).
const (
	EncodingPNG    Encoding = "png"
	EncodingGIF    Encoding = "gif"
	EncodingJPEG   Encoding = "jpeg"
	EncodingSVG    Encoding = "svg"
	EncodingMatrix Encoding = "json"
	EncodingPDF    Encoding = "pdf"
	EncodingEPS    Encoding = "eps"
)

// DrawingBytes estimates the memory that drawing a symbol of n modules a
// side as e allocates at its peak, for admission control: a request
// reserves it before drawing. Raster costs grow with the pixels: a plain
// drawing packs a bit a pixel, a shaded one (round shapes, anti-aliased
// edges) a byte a pixel plus its coverage, a label or frame composes an
// RGBA canvas, a frame or caption in a colour of its own mixes three
// coverages, and a gradient or eyes in colours of their own are
// composited in RGBA; GIF and JPEG draw a byte a pixel whatever the style
// (print.go). Vector and matrix outputs grow with the modules.
// TestDrawingBytesCoversTheDrawing holds it above what drawing allocates.
func DrawingBytes(o Options, n int, e Encoding) int64 {
	quiet := int64(n + 2*o.Margin)
	return drawingBytes(o, quiet*quiet, int64(o.Size)*int64(o.Size), e)
}

// SymbolDrawingBytes is DrawingBytes for the symbol s. An rMQR is costed
// by its real rectangle, not by the square its width makes: its canvas's
// modules (label band included) and its strip of pixels (CanvasSize),
// from a thirteenth (R7x139) to 17/31 (R13x27) of the square's pixels
// without a label. The square's estimate is no upper bound for it: it
// counts on tiles, and an rMQR's styled modules are rasterized whole
// (R11x27 in dots at 4096 px allocates 49 MB, the square's estimate 36
// MB). TestRMQRDrawingBytesCoverTheDrawing holds it above what drawing
// allocates.
func SymbolDrawingBytes(o Options, s *Symbol, e Encoding) int64 {
	if !s.RMQR {
		return DrawingBytes(o, s.Size, e)
	}
	l := placeLayout(s, &o)
	w, h := CanvasSize(s, o)
	px := int64(w) * int64(h)
	cost := drawingBytes(o, int64(l.width)*int64(l.height), px, e)
	raster := e == EncodingPNG || e == EncodingGIF || e == EncodingJPEG
	if raster && !o.truecolour() && !o.ownColors() && o.Label == "" && o.Frame == FrameNone && (e != EncodingPNG || !o.plain()) {
		// The shades a square symbol takes from tiles an rMQR rasterizes
		// whole (tiled): the rasterizer's float32 accumulators and the
		// coverage mask and box, 6 bytes a pixel measured at 4096 px.
		cost += 6 * px
	}
	return cost
}

// drawingBytes is DrawingBytes of a canvas of modules modules and px
// pixels.
func drawingBytes(o Options, modules, px int64, e Encoding) int64 {
	const base = 2 << 20 // scratch rows, the compressor's window and tables
	raster := e == EncodingPNG || e == EncodingGIF || e == EncodingJPEG
	logo := logoBytes(&o, raster)
	switch e {
	case EncodingSVG, EncodingMatrix:
		return base + 64*modules + logo
	case EncodingPDF, EncodingEPS:
		return base + printVectorBytes(modules) + logo
	case EncodingGIF, EncodingJPEG:
		return base + rasterFormatBytes(o, e, px) + logo
	}
	switch {
	case o.truecolour():
		// RGBA pixels, the rasterizer's accumulators, a coverage box and
		// the compressed rows; a caption's mask and glyphs.
		if o.Label != "" || o.Frame != FrameNone {
			return base + 11*px + logo
		}
		return base + 9*px + logo
	case o.ownColors():
		// The symbol, the frame and the text rasterized apart, each a
		// byte a pixel, before their mix (framepng.go).
		return base + 12*px
	case o.Label != "" || o.Frame != FrameNone:
		return base + 10*px
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
		// SVG encodes the box as a PNG; PDF and EPS draw the picture at
		// its own resolution: composited, its samples, and compressed or
		// ASCII85-encoded (vector.go), about 30 bytes a pixel of a square
		// picture at most.
		cost += 4*box*box + 30*int64(pictureHeight)*int64(pictureHeight)
	}
	return cost
}
