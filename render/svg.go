package render

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"html"
	"image/color"
)

// SVG renders the symbol as SVG 1.1 markup: a background rectangle and all
// dark modules merged into one path in module units, scaled to size pixels.
func SVG(s *Symbol, o Options) ([]byte, error) { return svg(s, o, false) }

// SVGTiny renders SVG Tiny 1.2 (version="1.2" baseProfile="tiny"): the same
// drawing, with presentation attributes only and no CSS, and path data
// limited to the commands the Tiny profile has (no arcs).
func SVGTiny(s *Symbol, o Options) ([]byte, error) { return svg(s, o, true) }

func svg(s *Symbol, o Options, tiny bool) ([]byte, error) {
	s = o.Logo.knockOut(o.Overlay.knockOut(s))
	l, err := newLayout(s, &o)
	if err != nil {
		return nil, err
	}
	d := newDrawing(s, l, &o)
	defer d.release()
	vx, vy, vw, vh := l.view()
	width, height := svgSize(&o, l)

	b := make([]byte, 0, 512+len(d.dark.ops)*6)
	b = append(b, `<?xml version="1.0" encoding="UTF-8"?>`+"\n"+`<svg xmlns="http://www.w3.org/2000/svg"`...)
	if tiny {
		b = append(b, ` version="1.2" baseProfile="tiny"`...)
	}
	if o.Logo.active() && o.Logo.Image != nil {
		// SVG 1.1 and SVG Tiny 1.2 name an image's data in xlink:href.
		b = append(b, ` xmlns:xlink="http://www.w3.org/1999/xlink"`...)
	}
	b = append(b, ` width="`+width+`" height="`+height+`" viewBox="`...)
	b = appendNum(b, vx)
	b = append(b, ' ')
	b = appendNum(b, vy)
	b = append(b, ' ')
	b = appendNum(b, vw)
	b = append(b, ' ')
	b = appendNum(b, vh)
	b = append(b, '"')
	if o.Module == ModuleSquare && o.squareEyes() {
		// Edges on whole modules: ask for no anti-aliasing seams.
		b = append(b, ` shape-rendering="crispEdges"`...)
	}
	b = append(b, ">\n"...)
	b = appendTitleSVG(b, s, &o)
	if o.Background.A != 0 {
		b = append(b, `<rect x="`...)
		b = appendNum(b, vx)
		b = append(b, `" y="`...)
		b = appendNum(b, vy)
		b = append(b, `" width="`...)
		b = appendNum(b, vw)
		b = append(b, `" height="`...)
		b = appendNum(b, vh)
		b = append(b, '"')
		b = appendFill(b, o.Background)
		b = append(b, "/>\n"...)
	}
	b = appendGradientSVG(b, l, &o)
	if len(d.frame.ops) > 0 {
		b = append(b, `<path`...)
		b = appendFill(b, o.frameColor())
		b = append(b, ` d="`...)
		b = d.frame.appendSVG(b, 0, 0)
		b = append(b, "\"/>\n"...)
	}
	b = appendPathSVG(b, &d.dark, l, &o, color.NRGBA{})
	for i, e := range d.eyes {
		b = appendPathSVG(b, &e.frame, l, &o, o.EyeColors[i].Frame)
		b = appendPathSVG(b, &e.centre, l, &o, o.EyeColors[i].Centre)
	}
	b = appendOverlaySVG(b, l, &o)
	b = appendLogoSVG(b, l, &o)
	if c := d.text; c != nil {
		fill := o.Foreground
		if c.inverse {
			fill = o.Background
			fill.A = 255
		}
		if o.TextColor != nil {
			fill = *o.TextColor
		}
		b = append(b, `<text x="`...)
		b = appendNum(b, c.x)
		b = append(b, `" y="`...)
		b = appendNum(b, c.y+c.size*capHeightEm(c.font)/2)
		b = append(b, `" `...)
		b = append(b, c.font.face().svg...)
		b = append(b, ` font-size="`...)
		b = appendNum(b, c.size)
		b = append(b, `" text-anchor="middle"`...)
		b = appendFill(b, fill)
		b = append(b, '>')
		b = append(b, html.EscapeString(c.s)...)
		b = append(b, "</text>\n"...)
	}
	b = append(b, "</svg>\n"...)
	return uniqueGradientID(b, &o), nil
}

// appendTitleSVG writes the drawing's text alternative, which a page that
// inlines the SVG gives assistive technology (SVG 1.1 §5.4, WCAG 2.2
// §1.1.1): the symbol's kind and the caption. The data is left out: it
// may be a password, and browsers show the title as a tooltip.
func appendTitleSVG(b []byte, s *Symbol, o *Options) []byte {
	b = append(b, "<title>"...)
	switch {
	case s.RMQR:
		b = append(b, "rMQR code"...)
	case s.Micro:
		b = append(b, "Micro QR Code"...)
	default:
		b = append(b, "QR code"...)
	}
	if o.Label != "" {
		b = append(b, ": "...)
		b = append(b, html.EscapeString(o.Label)...)
	}
	return append(b, "</title>\n"...)
}

// svgGradientIDPlaceholder names the modules' gradient element while the
// document is written; uniqueGradientID then gives it the drawing's own id.
const svgGradientIDPlaceholder = "qrforge-modules"

// uniqueGradientID renames the gradient after a digest of the document.
// An SVG inlined into HTML shares the page's id space, and url(#id) takes
// the first element of that id (SVG 1.1 §17.1.4): with one fixed id, a
// second code on the page would be painted with the first's gradient, or
// not at all where the first is hidden. The digest keeps the bytes the
// same for the same request, and only identical drawings share an id.
// The quoted forms cannot occur in a label, whose quotes are escaped.
func uniqueGradientID(b []byte, o *Options) []byte {
	if !o.Gradient.active() {
		return b
	}
	sum := sha256.Sum256(b)
	id := "qrforge-" + hex.EncodeToString(sum[:6])
	b = bytes.Replace(b, []byte(` id="`+svgGradientIDPlaceholder+`"`), []byte(` id="`+id+`"`), 1)
	return bytes.ReplaceAll(b, []byte(`="url(#`+svgGradientIDPlaceholder+`)"`), []byte(`="url(#`+id+`)"`))
}

// appendGradientSVG defines the modules' gradient, in canvas module units
// like the paths (SVG 1.1 §13.2; SVG Tiny 1.2 has both elements too).
func appendGradientSVG(b []byte, l *layout, o *Options) []byte {
	g := o.Gradient
	if !g.active() {
		return b
	}
	gl := newGradientLine(g, float64(l.codeX), float64(l.codeY), float64(l.n))
	attr := func(b []byte, name string, v float64) []byte {
		b = append(b, ' ')
		b = append(b, name...)
		b = append(b, `="`...)
		b = appendNum(b, v)
		return append(b, '"')
	}
	b = append(b, "<defs>\n"...)
	if gl.radial {
		b = append(b, `<radialGradient id="`+svgGradientIDPlaceholder+`" gradientUnits="userSpaceOnUse"`...)
		b = attr(b, "cx", gl.cx)
		b = attr(b, "cy", gl.cy)
		b = attr(b, "r", gl.r)
	} else {
		x1, y1, x2, y2 := gl.endpoints()
		b = append(b, `<linearGradient id="`+svgGradientIDPlaceholder+`" gradientUnits="userSpaceOnUse"`...)
		b = attr(b, "x1", x1)
		b = attr(b, "y1", y1)
		b = attr(b, "x2", x2)
		b = attr(b, "y2", y2)
	}
	b = append(b, ">\n"...)
	for _, st := range g.Stops {
		b = append(b, `<stop`...)
		b = attr(b, "offset", st.Offset)
		b = append(b, ` stop-color="#`...)
		b = append(b, HexColor(color.NRGBA{st.Color.R, st.Color.G, st.Color.B, 255})...)
		b = append(b, '"')
		if st.Color.A != 255 {
			b = attr(b, "stop-opacity", float64(st.Color.A)/255)
		}
		b = append(b, "/>\n"...)
	}
	if gl.radial {
		b = append(b, "</radialGradient>\n</defs>\n"...)
	} else {
		b = append(b, "</linearGradient>\n</defs>\n"...)
	}
	return b
}

// appendPathSVG writes p filled with c, or when c is zero with the
// modules' paint: the gradient, else the foreground colour.
func appendPathSVG(b []byte, p *path, l *layout, o *Options, c color.NRGBA) []byte {
	if len(p.ops) == 0 {
		return b
	}
	b = append(b, `<path`...)
	switch {
	case c != (color.NRGBA{}):
		b = appendFill(b, c)
	case o.Gradient.active():
		b = append(b, ` fill="url(#`+svgGradientIDPlaceholder+`)"`...)
	default:
		b = appendFill(b, o.Foreground)
	}
	b = append(b, ` d="`...)
	b = p.appendSVG(b, 0, 0)
	return append(b, "\"/>\n"...)
}

func appendFill(b []byte, c color.NRGBA) []byte {
	b = append(b, ` fill="#`...)
	b = append(b, HexColor(color.NRGBA{c.R, c.G, c.B, 255})...)
	b = append(b, '"')
	if c.A != 255 {
		b = append(b, ` fill-opacity="`...)
		b = appendNum(b, float64(c.A)/255)
		b = append(b, '"')
	}
	return b
}
