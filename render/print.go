package render

import (
	"encoding/binary"
	"math"
	"strconv"
)

// Print says how a code is meant to be printed: its physical size, the
// printer's resolution and the inks PDF and EPS name.
type Print struct {
	// DPI is the resolution in dots per inch, 0 when none was given. PNG
	// records it in pHYs and JPEG in its JFIF header, so that the image
	// prints at its physical size; PDF and EPS measure a pixel size at it.
	DPI int
	// Points is the printed side in points, 1/72 inch (PDF 32000-1
	// §8.3.2.3, PLRM §4.3.1), when the size was given as a length (30mm);
	// a PDF page or an EPS bounding box is then exactly that. 0 otherwise.
	Points float64
	// CMYK writes PDF and EPS colours as DeviceCMYK (cmyk.go).
	CMYK bool
}

// Lengths of print.
const (
	PointsPerInch = 72
	MMPerInch     = 25.4
	MinDPI        = 72
	MaxDPI        = 2400
	// DefaultDPI is the resolution a length is drawn at when none is
	// given: the usual resolution of print artwork.
	DefaultDPI = 300
)

// pageSide is the width of a PDF page or EPS bounding box in points, the
// side of a square one: the length asked for; else the pixel size at the
// given resolution; else a point a pixel, the resolution PDF and
// PostScript user space assume.
func (o *Options) pageSide() float64 {
	switch {
	case o.Print.Points > 0:
		return o.Print.Points
	case o.Print.DPI > 0:
		return float64(o.Size) * PointsPerInch / float64(o.Print.DPI)
	}
	return float64(o.Size)
}

// pageSize is a PDF page's or EPS bounding box's width and height in
// points: pageSide wide, a square but for an rMQR's strip, as tall as the
// PNG's strip at the page's scale to a whole dot (a point without a
// resolution), so that its rows lie on whole dots from the top edge too,
// where pdftoppm starts counting.
func (o *Options) pageSize(l *layout) (w, h float64) {
	w = o.pageSide()
	if !l.strip() {
		return w, w
	}
	dot := o.dot()
	return w, math.Round(w*float64(l.pxH)/float64(l.pxW)/dot) * dot
}

// dot is a dot of the resolution in points, a point without one.
func (o *Options) dot() float64 {
	if o.Print.DPI > 0 {
		return PointsPerInch / float64(o.Print.DPI)
	}
	return 1
}

// printed reports whether the image has a physical size.
func (o *Options) printed() bool { return o.Print.Points > 0 || o.Print.DPI > 0 }

// svgSize is SVG's width and height: the PNG's pixels (for an rMQR a
// strip, canvasHeight), or for a printed size millimetres (SVG 1.1
// §7.10), so that the SVG prints at its size.
func svgSize(o *Options, l *layout) (w, h string) {
	if !o.printed() {
		return strconv.Itoa(l.pxW), strconv.Itoa(l.pxH)
	}
	pw, ph := o.pageSize(l)
	mm := func(points float64) string { return string(appendReal(nil, points*MMPerInch/PointsPerInch, 3)) + "mm" }
	return mm(pw), mm(ph)
}

// pngWithDensity is the PNG of PNG with a pHYs chunk recording o's
// resolution (ISO/IEC 15948 §11.3.5.3: pixels per unit, unit 1 the
// metre), placed straight after IHDR: pHYs must precede IDAT (§5.6).
func pngWithDensity(s *Symbol, o Options) ([]byte, error) {
	dpi := o.Print.DPI
	o.Print.DPI = 0
	b, err := PNG(s, o)
	if err != nil {
		return nil, err
	}
	return withPHYs(b, dpi), nil
}

// withPHYs inserts a pHYs chunk of dpi after the PNG's header.
func withPHYs(b []byte, dpi int) []byte {
	var phys [9]byte
	ppm := uint32(math.Round(float64(dpi) / MMPerInch * 1000))
	binary.BigEndian.PutUint32(phys[0:], ppm)
	binary.BigEndian.PutUint32(phys[4:], ppm)
	phys[8] = 1
	const afterIHDR = 8 + 12 + 13 // signature, then IHDR's 13 bytes and their 12 of framing
	out := make([]byte, 0, len(b)+12+len(phys))
	out = append(out, b[:afterIHDR]...)
	out = appendChunk(out, "pHYs", phys[:])
	return append(out, b[afterIHDR:]...)
}

// appendPoints writes a length in points with at most four decimals, a
// ten-thousandth of a point: within the five significant digits PDF
// readers keep for reals (PDF 32000-1 Annex C.2) at page sizes up to
// thousands of points.
func appendPoints(b []byte, v float64) []byte {
	v = math.Round(v*1e4) / 1e4
	if v == 0 {
		v = 0 // no "-0"
	}
	return strconv.AppendFloat(b, v, 'f', -1, 64)
}

// printVectorBytes estimates what a PDF or EPS page allocates beyond the
// base, by the canvas's modules: the path commands when their pool is
// empty (up to five a dark module for round styles, 56 bytes each), and
// the page's text as it grows, about 80 bytes a module for dots, which
// EPS keeps and PDF deflates into a fifth of it; hearts and plus signs,
// with more commands a module, measured up to 720 at version 39.
func printVectorBytes(modules int64) int64 { return 800 * modules }

// rasterFormatBytes estimates GIF and JPEG beyond the base: their rows,
// a byte a pixel, the coverage mask of a style not drawn from tiles, and
// the encoded image; JPEG's greyscale copy of the pixels adds another
// byte. A label or a frame costs what it costs PNG.
func rasterFormatBytes(o Options, e Encoding, px int64) int64 {
	if o.truecolour() || o.ownColors() {
		// The RGBA drawing (truecolor.go), its indices and the encoder's
		// copy.
		return 13 * px
	}
	if o.Label != "" || o.Frame != FrameNone {
		return 10 * px
	}
	if e == EncodingJPEG {
		return 3 * px
	}
	return 2 * px
}
