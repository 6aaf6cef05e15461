package render

import "fmt"

// layout places the symbol, quiet zone, frame and label on the canvas. All
// lengths are in modules; PNG output multiplies them by a whole number of
// pixels per module so that module edges fall on pixel edges.
type layout struct {
	n      int     // modules per side of the symbol
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
	l := &layout{n: s.Size, margin: o.Margin, text: o.Label}
	quiet := s.Size + 2*o.Margin
	if o.Frame == FrameScanMe {
		l.border = 1
		if l.text == "" {
			l.text = DefaultBanner
		}
	}
	if l.text != "" {
		// A band tall enough for legible text at small sizes, and about an
		// eighth of the code on large symbols.
		l.band = max(4, (quiet+4)/8)
	}
	l.width = quiet + 2*l.border
	l.height = l.width + l.band
	l.codeX = l.border + o.Margin
	l.codeY = l.border + o.Margin
	l.textY = float64(l.height-l.border) - float64(l.band)/2

	side := max(l.width, l.height)
	l.scale = o.Size / side
	if l.scale < 1 {
		return nil, &SizeError{Size: o.Size, Min: max(side, MinSize)}
	}
	l.offX = (o.Size - l.scale*l.width) / 2
	l.offY = (o.Size - l.scale*l.height) / 2
	return l, nil
}
