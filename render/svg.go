package render

import (
	"html"
	"image/color"
	"strconv"
)

// SVG renders the symbol as SVG 1.1 markup: a background rectangle and all
// dark modules merged into one path in module units, scaled to size pixels.
func SVG(s *Symbol, o Options) ([]byte, error) { return svg(s, o, false) }

// SVGTiny renders SVG Tiny 1.2 (version="1.2" baseProfile="tiny"): the same
// drawing, with presentation attributes only and no CSS, and path data
// limited to the commands the Tiny profile has (no arcs).
func SVGTiny(s *Symbol, o Options) ([]byte, error) { return svg(s, o, true) }

func svg(s *Symbol, o Options, tiny bool) ([]byte, error) {
	s = o.Overlay.knockOut(s)
	l, err := newLayout(s, &o)
	if err != nil {
		return nil, err
	}
	d := newDrawing(s, l, &o)
	defer d.release()
	side := max(l.width, l.height)
	vx := -float64(side-l.width) / 2
	vy := -float64(side-l.height) / 2
	size := svgSide(&o)

	b := make([]byte, 0, 512+len(d.dark.ops)*6)
	b = append(b, `<?xml version="1.0" encoding="UTF-8"?>`+"\n"+`<svg xmlns="http://www.w3.org/2000/svg"`...)
	if tiny {
		b = append(b, ` version="1.2" baseProfile="tiny"`...)
	}
	b = append(b, ` width="`+size+`" height="`+size+`" viewBox="`...)
	b = appendNum(b, vx)
	b = append(b, ' ')
	b = appendNum(b, vy)
	b = append(b, ' ')
	b = strconv.AppendInt(b, int64(side), 10)
	b = append(b, ' ')
	b = strconv.AppendInt(b, int64(side), 10)
	b = append(b, '"')
	if o.Module == ModuleSquare && o.Eye == EyeSquare {
		// Edges on whole modules: ask for no anti-aliasing seams.
		b = append(b, ` shape-rendering="crispEdges"`...)
	}
	b = append(b, ">\n"...)
	if o.Background.A != 0 {
		b = append(b, `<rect x="`...)
		b = appendNum(b, vx)
		b = append(b, `" y="`...)
		b = appendNum(b, vy)
		b = append(b, `" width="`...)
		b = strconv.AppendInt(b, int64(side), 10)
		b = append(b, `" height="`...)
		b = strconv.AppendInt(b, int64(side), 10)
		b = append(b, '"')
		b = appendFill(b, o.Background)
		b = append(b, "/>\n"...)
	}
	b = append(b, `<path`...)
	b = appendFill(b, o.Foreground)
	b = append(b, ` d="`...)
	b = d.dark.appendSVG(b, 0, 0)
	b = append(b, "\"/>\n"...)
	b = appendOverlaySVG(b, l, &o)
	if c := d.text; c != nil {
		fill := o.Foreground
		if c.inverse {
			fill = o.Background
			fill.A = 255
		}
		b = append(b, `<text x="`...)
		b = appendNum(b, c.x)
		b = append(b, `" y="`...)
		b = appendNum(b, c.y+c.size*capHeightEm()/2)
		b = append(b, `" font-family="`+svgFontFamily+`" font-weight="bold" font-size="`...)
		b = appendNum(b, c.size)
		b = append(b, `" text-anchor="middle"`...)
		b = appendFill(b, fill)
		b = append(b, '>')
		b = append(b, html.EscapeString(c.s)...)
		b = append(b, "</text>\n"...)
	}
	b = append(b, "</svg>\n"...)
	return b, nil
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
