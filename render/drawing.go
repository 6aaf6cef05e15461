package render

import (
	"slices"
	"sync"
)

// A drawing is everything that is painted in the foreground colour, in
// canvas module units, plus text. PNG and SVG outputs are two ways of
// painting the same drawing, so shapes are written once.
type drawing struct {
	l     *layout
	dark  path
	frame path // the frame, when its colour is not the foreground
	// eyes are the finder eyes' rings and pupils, top-left, top-right
	// and bottom-left, when they have colours of their own (Options.EyeColors);
	// otherwise they are part of dark.
	eyes [3]eyePaths
	text *caption
	// ops is the pooled backing array of dark.ops, returned by release.
	ops *[]pathOp
}

// pathOps reuses the path commands of finished drawings: a styled
// version-10 symbol has over ten thousand (56 bytes each), and growing
// them anew for every image was most of the time of an SVG.
var pathOps = sync.Pool{New: func() any { return new([]pathOp) }}

// release returns the drawing's path commands to the pool; the drawing
// must not be used afterwards.
func (d *drawing) release() {
	*d.ops = d.dark.ops[:0]
	pathOps.Put(d.ops)
	d.dark.ops, d.ops = nil, nil
}

// eyePaths are one finder eye's ring and pupil.
type eyePaths struct{ frame, centre path }

// caption is a line of text centred at (x, y) in modules; inverse text is
// painted in the background colour on a foreground banner.
type caption struct {
	s       string
	x, y    float64 // centre of the text box
	size    float64 // font size, modules
	inverse bool
	font    Font
}

// neighbours tells a module shape which of the eight surrounding data
// modules are dark, so shapes can join or round their corners.
type neighbours struct {
	n, e, s, w, ne, se, sw, nw bool
}

// moduleShape draws one dark data module whose top-left corner is at (x, y).
type moduleShape func(p *path, x, y float64, nb neighbours)

// eyeShape draws a finder-like pattern of side modules (7 for the finder
// eyes, 5 for alignment patterns): a one-module ring into frame, and after a
// one-module gap a side-4 pupil into centre (the same path unless the eyes
// have colours of their own). corner says which corner points away from
// the symbol's centre (0 top-left, 1 top-right, 3 bottom-left), for
// asymmetric shapes like the leaf.
type eyeShape func(frame, centre *path, x, y float64, side int, corner int)

var moduleShapes = map[ModuleStyle]moduleShape{}

func registerModule(style ModuleStyle, f moduleShape) { moduleShapes[style] = f }

// moduleGrid marks the data modules: dark modules outside the finder and
// alignment patterns, which are drawn whole as eyes. A one-module light
// border around the symbol spares neighbour lookups any bounds checks.
type moduleGrid struct {
	n, rows, stride int
	dark            []bool
}

func newModuleGrid(s *Symbol) *moduleGrid {
	n, rows := s.Size, s.Rows()
	g := &moduleGrid{n: n, rows: rows, stride: n + 2, dark: make([]bool, (n+2)*(rows+2))}
	function := rmqrFunction(s)
	for y := 0; y < rows; y++ {
		for x := 0; x < n; x++ {
			g.dark[(y+1)*g.stride+x+1] = s.Modules[y*n+x] && !inFinder(s, x, y) && (function == nil || !function[y*n+x])
		}
	}
	for _, a := range alignmentOrigins(s) {
		for y := a[1]; y < a[1]+5; y++ {
			clear(g.dark[(y+1)*g.stride+a[0]+1 : (y+1)*g.stride+a[0]+6])
		}
	}
	return g
}

// at reports whether (x, y) is a dark data module; x and y may be one
// module outside the symbol.
func (g *moduleGrid) at(x, y int) bool { return g.dark[(y+1)*g.stride+x+1] }

func newDrawing(s *Symbol, l *layout, o *Options) *drawing {
	d := &drawing{l: l, ops: pathOps.Get().(*[]pathOp)}
	d.dark.ops = (*d.ops)[:0]
	n, rows := s.Size, s.Rows()
	cx, cy := float64(l.codeX), float64(l.codeY)

	eye := o.eyeShape()
	for i, f := range finderOrigins(s) {
		corner := [3]int{0, 1, 3}[i]
		frame, centre := &d.dark, &d.dark
		if o.eyesApart() {
			frame, centre = &d.eyes[i].frame, &d.eyes[i].centre
		}
		eye(frame, centre, cx+float64(f[0]), cy+float64(f[1]), 7, corner)
	}
	for _, a := range alignmentOrigins(s) {
		if !s.Modules[(a[1]+2)*n+a[0]+2] {
			continue // knocked out under an Overlay: a real one has a dark centre
		}
		eye(&d.dark, &d.dark, cx+float64(a[0]), cy+float64(a[1]), 5, 0)
	}

	if function := rmqrFunction(s); function != nil {
		// An rMQR's timing, alignment and corner patterns stay square
		// whatever the module style: zxing-cpp misses thin symbols whose
		// timing edges are dots (e2e TestRMQRScansOnZxing).
		fg := &moduleGrid{n: n, rows: rows, stride: n + 2, dark: make([]bool, (n+2)*(rows+2))}
		for y := 0; y < rows; y++ {
			for x := 0; x < n; x++ {
				fg.dark[(y+1)*fg.stride+x+1] = s.Modules[y*n+x] && function[y*n+x] && !inFinder(s, x, y) && !inSubPattern(s, x, y)
			}
		}
		traceContours(&d.dark, fg, cx, cy)
	}
	g := newModuleGrid(s)
	if o.Module == ModuleSquare {
		traceContours(&d.dark, g, cx, cy)
		return d.finish(o)
	}
	// About half the modules are dark and most shapes take at most ten
	// path commands: grow once rather than many times.
	d.dark.ops = slices.Grow(d.dark.ops, 5*n*rows+64)
	shape := moduleShapes[o.Module]
	st := g.stride
	for y := 0; y < rows; y++ {
		i := (y+1)*st + 1
		for x := 0; x < n; x, i = x+1, i+1 {
			if !g.dark[i] {
				continue
			}
			nb := neighbours{
				n: g.dark[i-st], e: g.dark[i+1], s: g.dark[i+st], w: g.dark[i-1],
				ne: g.dark[i-st+1], se: g.dark[i+st+1], sw: g.dark[i+st-1], nw: g.dark[i-st-1],
			}
			shape(&d.dark, cx+float64(x), cy+float64(y), nb)
		}
	}
	if o.Module == ModuleOrganic {
		organicFillets(&d.dark, g, cx, cy)
	}
	return d.finish(o)
}

// finish adds the frame and caption. A frame in a colour of its own is
// kept apart from the symbol's path (frame).
func (d *drawing) finish(o *Options) *drawing {
	l := d.l
	if l.frame != nil {
		p := &d.dark
		if o.ownFrameColor() {
			p = &d.frame
		}
		l.frame.draw(p, l)
	}
	if l.text != "" {
		d.text = captionOf(l, o)
	}
	return d
}

// captionOf is the layout's caption or banner text, centred in its band.
func captionOf(l *layout, o *Options) *caption {
	return &caption{
		s:       l.text,
		x:       float64(l.width) / 2,
		y:       l.textY,
		size:    captionSize(l.text, o.Font, float64(l.band)*0.6, l.textWidth),
		inverse: l.frame != nil && l.frame.banner,
		font:    o.Font,
	}
}
