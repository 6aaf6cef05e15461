package service

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"github.com/qrforge/qrforge/internal/text"
)

// oksvg reads a good deal otherwise than SVG says. The markup is
// rewritten before it reads it, so that the logo is drawn as a browser
// draws it: its uses copied (logosvguse.go), its clips marked
// (logosvgclip.go), its styles resolved (logosvgstyle.go), its gradients
// moved first (logosvggradients.go), and here (TestOksvgReadsAsSVGSays):
//   - scale(s) is scale(s, s) (SVG 1.1 §7.6); oksvg takes the missing
//     factor as 0, and the shape vanishes;
//   - a <rect> with rx and no ry, or ry and no rx, has both (SVG 1.1 §9.2);
//     oksvg draws it with square corners;
//   - transforms in a list may be separated by commas (SVG 1.1 §7.6);
//     oksvg refuses the file;
//   - path data is written again (normalisePathData): oksvg misreads
//     implicit arc repeats, flags without separators and an E exponent;
//   - an element with display="none" (or display:none in its style) is
//     not drawn, nor is what it holds (SVG 1.1 §11.5); oksvg draws it, and
//     Inkscape keeps hidden layers so.

// oneScale is scale() of one number; listComma a comma between two
// transforms of a list.
var (
	oneScale  = regexp.MustCompile(`scale\(\s*([-+.\deE]+)\s*\)`)
	listComma = regexp.MustCompile(`\)\s*,\s*`)
)

// transformAttrs are the attributes oksvg reads as transform lists.
var transformAttrs = map[string]bool{"transform": true, "gradienttransform": true}

// drawnLeaves are the elements oksvg turns into paths of their own.
var drawnLeaves = map[string]bool{"path": true, "rect": true, "circle": true, "ellipse": true,
	"line": true, "polyline": true, "polygon": true, "use": true}

// A rule marker before a shape says its paths fill by the even-odd rule
// (SVG 1.1 §11.3: oksvg reads no fill-rule); one after it ends that.
const markerRuleX = -30013

func ruleMarker(end bool) string {
	y := markerY
	if end {
		y--
	}
	return fmt.Sprintf(`<path d="M%d %d"/>`, markerRuleX, y)
}

// A layer marker before an element with an opacity, a group or a shape
// both filled and stroked, starts a layer it is drawn into, and one after
// it lays the layer over what is under it at that opacity (SVG 1.1 §14.5:
// the element is drawn whole, then made translucent). oksvg multiplies a
// group's opacity into each of its shapes instead, so shapes that overlap
// show through each other. The begin marker's code is 1000 times the
// opacity; the end's layerEnd.
const (
	markerLayerX = -30019
	layerEnd     = 1001
	// maxSVGLayers bounds the layers of a file: each is a picture of
	// memory. Past it, opacity is multiplied in as oksvg does.
	maxSVGLayers = 8
)

func layerMarker(code int) string {
	return fmt.Sprintf(`<path d="M%d %d"/>`, markerLayerX, markerY-code)
}

// svgMarks says what forOksvg marked: shapes filled by the even-odd rule,
// and how many layers.
type svgMarks struct {
	evenOdd bool
	layers  int
}

func (m svgMarks) any() bool { return m.evenOdd || m.layers > 0 }

// forOksvg is b with every start tag written again as oksvg must read it:
// its styles resolved (logosvgstyle.go), and the fixes above, with rule
// and layer markers. bad says what cannot be read.
func forOksvg(b []byte) (out []byte, marks svgMarks, bad string) {
	var css strings.Builder
	d := xml.NewDecoder(bytes.NewReader(b))
	inStyle := 0
	for {
		tok, err := d.RawToken()
		if err != nil {
			break
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if strings.EqualFold(t.Name.Local, "style") {
				inStyle++
			}
		case xml.EndElement:
			if strings.EqualFold(t.Name.Local, "style") {
				inStyle--
			}
		case xml.CharData:
			if inStyle > 0 {
				css.Write(t)
				css.WriteByte('\n')
			}
		}
	}
	rules, badSelector := parseStylesheet(css.String())
	if badSelector != "" {
		return nil, marks, fmt.Sprintf("its stylesheet has the selector %q; qrforge reads types, classes, ids and descendants (g .name)", text.Truncate(badSelector, 40))
	}

	type open struct {
		computed map[string]string
		ends     string // markers after the element
	}
	var (
		buf   bytes.Buffer
		path  []styledElement
		stack []open
		fine  = 1.0 // finerScale of the root
	)
	parent := func() map[string]string {
		if len(stack) == 0 {
			return map[string]string{}
		}
		return stack[len(stack)-1].computed
	}
	d = xml.NewDecoder(bytes.NewReader(b))
	at := int64(0)
	skip := func(start int64) bool { // the element just started, and all it holds
		for depth := 1; depth > 0; {
			tok, err := d.RawToken()
			if err != nil {
				return false
			}
			switch tok.(type) {
			case xml.StartElement:
				depth++
			case xml.EndElement:
				depth--
			}
		}
		buf.Write(b[at:start])
		at = d.InputOffset()
		return true
	}
	for {
		start := d.InputOffset()
		tok, err := d.RawToken()
		if err != nil {
			break
		}
		if e, ok := tok.(xml.EndElement); ok && len(stack) > 0 {
			top := stack[len(stack)-1]
			stack, path = stack[:len(stack)-1], path[:len(path)-1]
			if top.ends != "" {
				end := d.InputOffset()
				buf.Write(b[at:end])
				buf.WriteString(top.ends)
				at = end
			}
			_ = e
			continue
		}
		t, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		name := strings.ToLower(t.Name.Local)
		path = append(path, styledOf(name, t.Attr))
		decl := declared(t.Attr, path, rules)
		own := computed(decl, parent())
		hide := name == "style" || strings.TrimSpace(decl["display"]) == "none" ||
			drawnLeaves[name] && (own["visibility"] == "hidden" || own["visibility"] == "collapse")
		if hide {
			path = path[:len(path)-1]
			if !skip(start) {
				return b, marks, ""
			}
			continue
		}
		paint, why := paintAttrs(decl, own)
		if why != "" {
			return nil, marks, "a shape with " + why
		}
		opacity := -1.0
		if v, ok := decl["opacity"]; ok && (!drawnLeaves[name] || paints(own["fill"], true) && paints(own["stroke"], false)) && marks.layers < maxSVGLayers {
			if f, ok := svgNumber(v); ok && f < 1 {
				opacity = max(f, 0)
				marks.layers++
				for i, a := range paint {
					if a.Name.Local == "opacity" {
						paint = append(paint[:i], paint[i+1:]...)
						break
					}
				}
			}
		}
		var attrs []xml.Attr
		for _, a := range t.Attr {
			n := strings.ToLower(a.Name.Local)
			if _, styled := styleProps[n]; a.Name.Space == "" && (styled || n == "style" || n == "class") {
				continue
			}
			attrs = append(attrs, a)
		}
		attrs, _ = fixAttrs(name, append(attrs, paint...))
		if name == "svg" && len(stack) == 0 {
			fine = finerScale(t.Attr)
		}
		// A <use> draws copies of shapes, each made finer itself.
		marker := name == "path" && strings.HasPrefix(attr(t.Attr, "d"), clipMarkerPrefix)
		if fine > 1 && drawnLeaves[name] && name != "use" && !marker {
			attrs = finerShape(name, attrs, own, fine)
		}
		evenOdd := drawnLeaves[name] && strings.TrimSpace(own["fill-rule"]) == "evenodd"
		end := d.InputOffset()
		buf.Write(b[at:start])
		ends := ""
		if opacity >= 0 {
			buf.WriteString(layerMarker(int(math.Round(opacity * 1000))))
			ends = layerMarker(layerEnd)
		}
		if evenOdd {
			buf.WriteString(ruleMarker(false))
			marks.evenOdd = true
			ends = ruleMarker(true) + ends
		}
		buf.WriteString("<" + qualified(t.Name))
		for _, a := range attrs {
			buf.WriteString(" " + qualified(a.Name) + `="` + escapeAttr(a.Value) + `"`)
		}
		if bytes.HasSuffix(b[start:end], []byte("/>")) {
			buf.WriteString("/>")
		} else {
			buf.WriteString(">")
		}
		at = end
		stack = append(stack, open{computed: own, ends: ends})
	}
	buf.Write(b[at:])
	return buf.Bytes(), marks, ""
}

// oksvg keeps a shape's numbers in 64ths of a unit of its own user space,
// before any transform: in a viewBox 24 units wide drawn at 768 pixels, a
// 64th is half a pixel, and Heroicons' dots (h.008) vanish; in a viewBox
// of 0 0 1 1 a rect's edge at x="0.1" is drawn at 6/64. So a
// shape's geometry (a path's data, a rect's or a circle's lengths, a
// polygon's points) is scaled up by finerScale and the shape scaled down
// as much by its transform: the same shape, kept in finer steps. Its
// stroke's width and dashes, in the same user space, scale with it. A
// shape painted with a gradient keeps its numbers: a gradient in
// userSpaceOnUse units lies in the shape's user space, which the scale
// would change.
const finePixels = 384

// finerScale is the power of two that brings the root's viewBox (or else
// its width and height) to at least finePixels units, or 1.
func finerScale(attrs []xml.Attr) float64 {
	size := 0.0
	if f := strings.FieldsFunc(attr(attrs, "viewBox"), func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\n' || r == '\r' }); len(f) == 4 {
		w, _ := strconv.ParseFloat(f[2], 64)
		h, _ := strconv.ParseFloat(f[3], 64)
		size = max(w, h)
	} else {
		w, _ := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(attr(attrs, "width")), "px"), 64)
		h, _ := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(attr(attrs, "height")), "px"), 64)
		size = max(w, h)
	}
	if !(size > 0) || size >= finePixels || math.IsInf(size, 0) {
		return 1
	}
	return math.Exp2(math.Ceil(math.Log2(finePixels / size)))
}

// finerShape is a shape's attributes with its geometry scaled by s and
// the shape scaled back by its transform (see finePixels), or as they
// were when it is painted with a gradient, its stroke is not in plain
// numbers or its geometry is not as oksvg reads it.
func finerShape(name string, attrs []xml.Attr, own map[string]string, s float64) []xml.Attr {
	for _, p := range []string{"fill", "stroke"} {
		if strings.HasPrefix(strings.TrimSpace(own[p]), "url(") {
			return attrs
		}
	}
	width, dashes, offset := 1.0, []float64(nil), 0.0
	if v, ok := own["stroke-width"]; ok {
		f, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(v), "px"), 64)
		if err != nil {
			return attrs
		}
		width = f
	}
	if v := strings.TrimSpace(own["stroke-dasharray"]); v != "" && v != "none" {
		for _, f := range strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == ' ' }) {
			d, err := strconv.ParseFloat(strings.TrimSuffix(f, "px"), 64)
			if err != nil {
				return attrs
			}
			dashes = append(dashes, d*s)
		}
	}
	if v, ok := own["stroke-dashoffset"]; ok {
		f, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(v), "px"), 64)
		if err != nil {
			return attrs
		}
		offset = f
	}
	out := make([]xml.Attr, 0, len(attrs)+4)
	transform := ""
	for _, a := range attrs {
		v, ok := scaledGeometry(name, a.Name.Local, a.Value, s)
		if !ok {
			return attrs
		}
		a.Value = v
		switch a.Name.Local {
		case "transform":
			transform = a.Value + " "
			continue
		case "stroke-width", "stroke-dasharray", "stroke-dashoffset":
			continue
		}
		out = append(out, a)
	}
	num := func(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
	out = append(out,
		xml.Attr{Name: xml.Name{Local: "transform"}, Value: transform + "scale(" + num(1/s) + " " + num(1/s) + ")"},
		xml.Attr{Name: xml.Name{Local: "stroke-width"}, Value: num(width * s)},
		xml.Attr{Name: xml.Name{Local: "stroke-dashoffset"}, Value: num(offset * s)})
	if dashes != nil {
		list := make([]string, len(dashes))
		for i, d := range dashes {
			list[i] = num(d)
		}
		out = append(out, xml.Attr{Name: xml.Name{Local: "stroke-dasharray"}, Value: strings.Join(list, " ")})
	}
	return out
}

// shapeLengths are the attributes oksvg draws a basic shape from, each a
// length in the shape's user space (SVG 1.1 §9.2-§9.5); it reads r, rx
// and ry of a circle and an ellipse alike.
var shapeLengths = map[string]map[string]bool{
	"rect":    {"x": true, "y": true, "width": true, "height": true, "rx": true, "ry": true},
	"circle":  {"cx": true, "cy": true, "r": true, "rx": true, "ry": true},
	"ellipse": {"cx": true, "cy": true, "r": true, "rx": true, "ry": true},
	"line":    {"x1": true, "y1": true, "x2": true, "y2": true},
}

// scaledGeometry is the value v of attribute local of a shape with every
// length in it times s, as oksvg reads it: a path's data, a polyline's or
// polygon's points (SVG 1.1 §9.6, §9.7), a length of shapeLengths; any
// other attribute as it is. ok is false when oksvg cannot read v.
func scaledGeometry(name, local, v string, s float64) (string, bool) {
	switch {
	case name == "path" && local == "d":
		return scalePathData(v, s), true
	case (name == "polyline" || name == "polygon") && local == "points":
		return scalePoints(v, s)
	case shapeLengths[name][local]:
		f, err := strconv.ParseFloat(oksvgTrimUnit(v), 64)
		if err != nil {
			return v, false
		}
		return strconv.FormatFloat(f*s, 'g', -1, 64), true
	}
	return v, true
}

// oksvgTrimUnit is a length as oksvg's parseFloat reads it: a unit of cm,
// mm, px or pt after its number is dropped, the number kept as it is.
func oksvgTrimUnit(v string) string {
	if v == "" || v[len(v)-1] >= '0' && v[len(v)-1] <= '9' {
		return v
	}
	for _, unit := range []string{"cm", "mm", "px", "pt"} {
		v = strings.TrimSuffix(v, unit)
	}
	return v
}

// scalePoints is a list of points with every number times s, written as
// oksvg's GetPoints reads the list: a run of digits, '.', 'e', and '-'
// after 'e', is a number, or more than one if it has more than one '.'
// (oksvg's ReadFloat: "1.5.5" is 1.5 and .5); any other character, and a
// '-' starting the next number, separates them. ok is false when oksvg
// cannot read the list, or reads an odd count of numbers.
func scalePoints(v string, s float64) (string, bool) {
	var out []string
	add := func(run string) bool {
		for run != "" {
			end := len(run)
			if first := strings.IndexByte(run, '.'); first >= 0 {
				if next := strings.IndexByte(run[first+1:], '.'); next >= 0 {
					end = first + 1 + next
				}
			}
			f, err := strconv.ParseFloat(run[:end], 64)
			if err != nil {
				return false
			}
			// No '+': GetPoints would take it for a separator.
			out = append(out, strings.Replace(strconv.FormatFloat(f*s, 'g', -1, 64), "e+", "e", 1))
			run = run[end:]
		}
		return true
	}
	start, last := -1, ' '
	for i, r := range v {
		if unicode.IsNumber(r) || r == '.' || r == 'e' || r == '-' && last == 'e' {
			if start < 0 {
				start = i
			}
		} else {
			if start >= 0 && !add(v[start:i]) {
				return v, false
			}
			start = -1
			if r == '-' {
				start = i
			}
		}
		last = r
	}
	if start >= 0 && !add(v[start:]) || len(out)%2 != 0 {
		return v, false
	}
	return strings.Join(out, " "), true
}

// paints reports whether a paint as computed paints; given none, it does
// when the property's initial value does (fill's black, not stroke's none).
func paints(paint string, initial bool) bool {
	switch strings.TrimSpace(paint) {
	case "":
		return initial
	case "none", "transparent":
		return false
	}
	return true
}

// fixAttrs is an element's attributes as oksvg must read them.
func fixAttrs(name string, attrs []xml.Attr) ([]xml.Attr, bool) {
	var out []xml.Attr
	edit := func() {
		if out == nil {
			out = append([]xml.Attr(nil), attrs...)
		}
	}
	for i, a := range attrs {
		if transformAttrs[strings.ToLower(a.Name.Local)] && (oneScale.MatchString(a.Value) || listComma.MatchString(a.Value)) {
			edit()
			v := oneScale.ReplaceAllString(a.Value, "scale($1 $1)")
			out[i].Value = strings.TrimRight(listComma.ReplaceAllString(v, ") "), " ")
		}
	}
	if name == "path" {
		for i, a := range attrs {
			if a.Name.Local != "d" || a.Name.Space != "" {
				continue
			}
			// Drawn up to its first error, as a browser does (SVG 1.1
			// §F.6); oksvg misreads some valid data (logosvgpath.go).
			if d, _ := normalisePathData(a.Value); d != a.Value {
				edit()
				out[i].Value = d
			}
		}
	}
	if name == "rect" {
		rx, ry := attr(attrs, "rx"), attr(attrs, "ry")
		switch {
		case rx != "" && ry == "":
			edit()
			out = append(out, xml.Attr{Name: xml.Name{Local: "ry"}, Value: rx})
		case ry != "" && rx == "":
			edit()
			out = append(out, xml.Attr{Name: xml.Name{Local: "rx"}, Value: ry})
		}
	}
	if out == nil {
		return attrs, false
	}
	return out, true
}

// qualified is a name as written: prefix:local.
func qualified(n xml.Name) string {
	if n.Space == "" {
		return n.Local
	}
	return n.Space + ":" + n.Local
}
