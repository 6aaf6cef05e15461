package render

import "fmt"

// layout places the symbol, quiet zone, frame and label on the canvas. All
// lengths are in modules; PNG output multiplies them by a whole number of
// pixels per module so that module edges fall on pixel edges.
type layout struct {
	n      int     // modules per row of the symbol
	rows   int     // module rows: n but for an rMQR
	rmqr   bool    // an rMQR, drawn without tiles (its function patterns stay square)
	margin int     // quiet zone, modules
	border int     // frame stroke, modules (0 without a frame)
	band   int     // label or banner height under the quiet zone, modules
	width  int     // canvas width, modules
	height int     // canvas height, modules
	codeX  int     // symbol origin on the canvas
	codeY  int     //
	scale  int     // PNG pixels per module
	offX   int     // PNG pixels of extra quiet zone left of the canvas
	offY   int     // PNG pixels of extra quiet zone above the canvas
	pxW    int     // PNG canvas width, pixels: the size asked for
	pxH    int     // PNG canvas height: the size, but for an rMQR (canvasHeight)
	text   string  // caption or banner text
	textY  float64 // baseline centre line of the text band (modules)
	// textWidth is the widest the text may be, centred on the canvas.
	textWidth float64
	frame     *frameTemplate // nil without a frame
}

// SizeError says the requested pixel size cannot give every module the
// Pixels that o's design needs (ModulePixels); Min is the smallest size
// that can.
type SizeError struct {
	Size, Min, Pixels int
}

func (e *SizeError) Error() string {
	return fmt.Sprintf("size %d px cannot draw this code with %s; the smallest size that works is %d", e.Size, e.PerModule(), e.Min)
}

// PerModule says what the size falls short of: "at least N pixels per
// module".
func (e *SizeError) PerModule() string {
	return fmt.Sprintf("at least %d pixels per module", e.Pixels)
}

// ModulePixels is the fewest whole pixels a module that o's design reads
// with on the five decoders of docs/decoders.md. At one pixel a module
// the eye shapes and module styles cannot be drawn, and zbar missed even
// square codes of version 13 and up; at two every design read but those
// with a logo, which takes up to half a block's correction already (zbar
// missed them from version 14 up), and four styles that cover little of
// a module, which zxing-cpp 3 missed on version 1 (verify warns of both),
// and octagon eyes, whose cut corners zxing-cpp 3 missed at two pixels
// (versions 12 and 14, 182 to 242 px; a frame or a ball alone too).
func ModulePixels(o Options) int {
	frame, ball := o.EyeParts()
	if o.Logo != nil && o.Logo.Size > 0 || frame == EyeFrameOctagon || ball == EyeBallOctagon {
		return 3
	}
	return 2
}

// MinCanvasSize is the smallest size that draws s with o: ModulePixels a
// module, and at least MinSize.
func MinCanvasSize(s *Symbol, o Options) int {
	return max(CanvasModules(s, o)*ModulePixels(o), MinSize)
}

func newLayout(s *Symbol, o *Options) (*layout, error) {
	l := placeLayout(s, o)
	side := max(l.width, l.height)
	l.scale = o.Size / side
	if px := ModulePixels(*o); l.scale < px {
		return nil, &SizeError{Size: o.Size, Min: max(side*px, MinSize), Pixels: px}
	}
	l.pxW, l.pxH = o.Size, canvasHeight(l, o.Size)
	l.offX = (l.pxW - l.scale*l.width) / 2
	l.offY = (l.pxH - l.scale*l.height) / 2
	return l, nil
}

// CanvasSize is the raster image's width and height in pixels for s
// drawn with o: o.Size square, but an rMQR's strip (canvasHeight). A size
// too small for the symbol, which drawing refuses, gives the square.
func CanvasSize(s *Symbol, o Options) (w, h int) {
	l, err := newLayout(s, &o)
	if err != nil {
		return o.Size, o.Size
	}
	return l.pxW, l.pxH
}

// canvasHeight is the PNG canvas's height for a canvas size pixels wide:
// size, a square, but for an rMQR, whose image is a strip as wide as size
// and exactly as tall as its rows and quiet zone (and label) at the same
// whole pixels a module. The pixels whole modules leave over across the
// width widen the quiet zone left and right only: spread above and below
// too, as round a square, they would double a thin strip's height at
// small scales (R7x139 at 400 px: 22 px tall, not 136).
func canvasHeight(l *layout, size int) int {
	if !l.strip() {
		return size
	}
	return l.scale * l.height
}

// strip reports whether the canvas is an rMQR's strip, wider than tall.
func (l *layout) strip() bool { return l.rmqr && l.height < l.width }

// view is the canvas in modules as the vector outputs (SVG, PDF, EPS)
// show it: its origin and side lengths. A square symbol's view is a square
// of the canvas's longer side with the canvas centred, as the PNG centres
// it. An rMQR's view is the PNG's strip, pxW by pxH pixels at scale
// pixels a module, the pixels whole modules leave over widening the quiet
// zone left and right: drawn at its size, every module is then whole
// pixels on whole pixels, as in the PNG. Spread over the width instead,
// modules of 2.1 to 7.8 px came out a pixel wider or narrower from one to
// the next, and zxing-cpp 3, the one decoder here that reads rMQR, missed
// thin symbols it read from the PNG (docs/decoders.md, "rMQR in vector
// formats").
func (l *layout) view() (x, y, w, h float64) {
	if l.strip() {
		k := float64(l.scale)
		return -float64(l.offX) / k, -float64(l.offY) / k, float64(l.pxW) / k, float64(l.pxH) / k
	}
	side := max(l.width, l.height)
	return -float64(side-l.width) / 2, -float64(side-l.height) / 2, float64(side), float64(side)
}

// placeLayout lays out the canvas in modules: the frame template, or a
// caption band, decides where the symbol and the text go.
func placeLayout(s *Symbol, o *Options) *layout {
	l := &layout{n: s.Size, rows: s.Rows(), rmqr: s.RMQR, margin: o.Margin, text: o.Label, frame: frameTemplates[o.Frame]}
	quiet := s.Size + 2*o.Margin
	quietRows := l.rows + 2*o.Margin
	if l.frame != nil && l.text == "" {
		l.text = DefaultBanner
	}
	if l.text != "" {
		// A band tall enough for legible text at small sizes, and about an
		// eighth of the code on large symbols (of its height, for an rMQR).
		l.band = max(4, (quietRows+4)/8)
	}
	if l.frame != nil {
		// Frames surround a square; an rMQR takes none (service), and
		// would sit at the top of the square its width makes (its canvas
		// is then no strip: canvasHeight).
		l.frame.place(l, quiet)
	} else {
		placeCaption(l, quiet, quietRows)
	}
	return l
}
