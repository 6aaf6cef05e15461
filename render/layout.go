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
	text   string  // caption or banner text
	textY  float64 // baseline centre line of the text band (modules)
	// textWidth is the widest the text may be, centred on the canvas.
	textWidth float64
	frame     *frameTemplate // nil without a frame
}

// SizeError says the requested pixel size cannot give every module a whole
// pixel; Min is the smallest size that can.
type SizeError struct {
	Size, Min int
}

func (e *SizeError) Error() string {
	return fmt.Sprintf("size %d px cannot draw this code with at least one pixel per module; the smallest size that works is %d", e.Size, e.Min)
}

func newLayout(s *Symbol, o *Options) (*layout, error) {
	l := placeLayout(s, o)
	side := max(l.width, l.height)
	l.scale = o.Size / side
	if l.scale < 1 {
		return nil, &SizeError{Size: o.Size, Min: max(side, MinSize)}
	}
	l.offX = (o.Size - l.scale*l.width) / 2
	l.offY = (o.Size - l.scale*l.height) / 2
	return l, nil
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
		// would sit at the top of the square its width makes.
		l.frame.place(l, quiet)
	} else {
		placeCaption(l, quiet, quietRows)
	}
	return l
}
