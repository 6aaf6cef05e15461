package render

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
	const base = 2 << 20 // scratch rows, the compressor's window and tables
	modules := int64(n+2*o.Margin) * int64(n+2*o.Margin)
	px := int64(o.Size) * int64(o.Size)
	switch e {
	case EncodingSVG, EncodingMatrix:
		return base + 64*modules
	case EncodingPDF, EncodingEPS:
		return base + printVectorBytes(modules)
	case EncodingGIF, EncodingJPEG:
		return base + rasterFormatBytes(o, e, px)
	}
	switch {
	case o.truecolour():
		// RGBA pixels, the rasterizer's accumulators, a coverage box and
		// the compressed rows; a caption's mask and glyphs.
		if o.Label != "" || o.Frame != FrameNone {
			return base + 11*px
		}
		return base + 9*px
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
