package service

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"io"
	"math"
	"reflect"
	"regexp"
	"strconv"
	"strings"

	"github.com/qrforge/qrforge/internal/text"
	"github.com/qrforge/qrforge/render"
	"github.com/srwiley/oksvg"
	"github.com/srwiley/rasterx"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

// An SVG logo is never served as it was sent: it is read for what a
// picture must not hold, rasterised within bounds of size, depth and work,
// and drawn from its pixels (docs/logos.md). What a browser would do with
// the markup, run its scripts or fetch what it names, never happens.

// Bounds of an SVG logo's markup and of the work of drawing it.
const (
	maxSVGDepth    = 64
	maxSVGElements = 10_000
	// maxSVGUses bounds the elements <use> elements copy: each use draws
	// what it names again.
	maxSVGUses = 20_000
	// maxSVGSegments bounds the path commands, every <use> copy counted:
	// read from the markup before oksvg parses it (svgShapes), and again
	// once parsed.
	maxSVGSegments = 100_000
	// maxSVGStops bounds a gradient's stops: rasterx looks a pixel's
	// colour up through them one by one. Logos' gradients have 2 to 10.
	maxSVGStops = 64
	// svgGradientPixel is what painting a pixel of a gradient costs, in
	// pixels of a plain colour, before its stops (gradientWeight).
	svgGradientPixel = 7
	// maxSVGReach is how far outside its picture a shape may reach, in
	// pictures: a curve's flattening grows with its size.
	maxSVGReach = 4
	// maxSVGCover bounds the pixels painted, in pictures: every shape
	// paints its box, so many large shapes are much work.
	maxSVGCover = 32
	// svgSide is the longer side an SVG logo is rasterised at: a logo's
	// box is at most 0.3 × 4096 px, and past that scaling up a 768 px
	// picture loses little.
	svgSide = 768
	// maxSVGLines bounds the line segments the shapes flatten into.
	maxSVGLines = 2_000_000
)

// svgForbidden are elements a logo may not hold, and why.
var svgForbidden = map[string]string{
	"script":           "scripts",
	"handler":          "scripts (SVG Tiny 1.2 handlers)",
	"listener":         "event listeners",
	"foreignobject":    "foreign content (HTML inside SVG)",
	"image":            "embedded or linked images",
	"feimage":          "embedded or linked images",
	"iframe":           "embedded documents",
	"object":           "embedded documents",
	"embed":            "embedded documents",
	"video":            "media",
	"audio":            "media",
	"animate":          "animation",
	"animatemotion":    "animation",
	"animatetransform": "animation",
	"animatecolor":     "animation",
	"set":              "animation",
	// Text needs the fonts the file names, which qrforge does not have:
	// it would be left out of the logo without a word.
	"text":     "text, which qrforge does not draw: convert it to paths (in Inkscape, Path > Object to Path)",
	"tspan":    "text, which qrforge does not draw: convert it to paths (in Inkscape, Path > Object to Path)",
	"textpath": "text, which qrforge does not draw: convert it to paths (in Inkscape, Path > Object to Path)",
}

// svgUndrawn are elements the rasteriser (oksvg) leaves out, and how to
// draw the same without them: a logo drawn without its mask or pattern
// would be another picture, with no word said. Clipping paths are drawn
// (logosvgclip.go).
var svgUndrawn = map[string]string{
	"pattern": "a pattern fill, which qrforge does not draw: fill with a colour or a gradient, or export the logo as a PNG",
	"filter":  "a filter (blur, shadow), which qrforge does not draw: export the logo as a PNG",
	"marker":  "markers, which qrforge does not draw: convert them to paths (in Inkscape, Path > Stroke to Path)",
	"symbol":  "a <symbol>, which qrforge does not draw where it is used: put its shapes in a <g>",
}

// svgGeometry are the shape attributes oksvg reads as plain numbers: a
// percentage (width="100%") is drawn as nothing.
var svgGeometry = map[string]bool{"x": true, "y": true, "width": true, "height": true, "cx": true, "cy": true,
	"r": true, "rx": true, "ry": true, "x1": true, "y1": true, "x2": true, "y2": true}

// svgShapeElements are the elements whose svgGeometry is drawn.
var svgShapeElements = map[string]bool{"rect": true, "circle": true, "ellipse": true, "line": true, "use": true}

func init() {
	// oksvg's defaults for a stroke are not SVG's: a width of 1 and a
	// mitred join (SVG 1.1 §11.4) where oksvg has 2 and a bevel. The
	// style is copied from this one when a file is read.
	oksvg.DefaultStyle.LineWidth = 1
	oksvg.DefaultStyle.LineJoin = rasterx.Miter
}

// checkSVG reads an SVG logo's markup, which must be well-formed UTF-8
// XML whose root is <svg>, and refuses: DOCTYPE and ENTITY declarations
// (entities that expand without bound, the "billion laughs", or that name
// files); processing instructions but the XML declaration (a stylesheet is
// an external reference); scripts, event handlers (on* attributes),
// foreignObject, images, animation; references outside the file (an href
// that does not start with '#' or data:, a url() that does not name an
// element of the file, a CSS @import); nesting deeper than maxSVGDepth,
// more than maxSVGElements elements, <use> inside <defs> (a definition
// that uses itself recurses without end), <use> copies of more than
// maxSVGUses elements, more than maxSVGSegments path commands with every
// copy counted (svgShapes), a gradient of more than maxSVGStops stops;
// and a picture with no positive, finite size; and clipping paths it
// cannot draw (planClips). What it counts, in the markup oksvg will read
// (svgClipPlan.rewrite), bounds the memory of reading the file (svgCost).
func checkSVG(b []byte) (svgWork, *logoError) {
	work, err := checkMarkup(b)
	if err != nil {
		return work, err
	}
	b, why := expandUses(b)
	var plan svgClipPlan
	if why == "" {
		plan, why = planClips(b)
	}
	var marks svgMarks
	if why == "" {
		_, marks, why = forOksvg(b)
	}
	if why != "" {
		return svgWork{}, logoRefused("the SVG logo is refused: it has %s", why)
	}
	if len(plan.clips) > 0 {
		clipped, err := checkMarkup(plan.rewrite(b))
		if err != nil {
			return clipped, err
		}
		work.commands, work.copies = max(work.commands, clipped.commands), max(work.copies, clipped.copies)
	}
	work.clips, work.evenOdd, work.layers, work.markup = len(plan.uses), marks.evenOdd, marks.layers, len(b)
	return work, nil
}

// checkMarkup is checkSVG but for clipping paths.
func checkMarkup(b []byte) (svgWork, *logoError) {
	refuse := func(format string, args ...any) (svgWork, *logoError) {
		return svgWork{}, logoRefused("the SVG logo is refused: "+format, args...)
	}
	d := xml.NewDecoder(bytes.NewReader(b))
	d.Strict = true
	var (
		depth, elements, defsDepth int
		inStyle                    bool
		sized                      bool
		shapes                     svgShapes
		stops                      []int // of each open gradient, innermost last
	)
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return refuse("it is not well-formed XML (%v); a logo must be a UTF-8 SVG file", err)
		}
		switch t := tok.(type) {
		case xml.Directive:
			word, _, _ := strings.Cut(strings.TrimSpace(string(t)), " ")
			return refuse("it has a <!%s> declaration. DOCTYPE and ENTITY declarations are refused: entities can expand without bound (the \"billion laughs\") or name files", text.Truncate(word, 20))
		case xml.ProcInst:
			if t.Target != "xml" {
				return refuse("it has a <?%s?> processing instruction; a stylesheet would be an external reference", text.Truncate(t.Target, 40))
			}
		case xml.StartElement:
			depth++
			elements++
			name := strings.ToLower(t.Name.Local)
			switch {
			case depth > maxSVGDepth:
				return refuse("its elements nest deeper than %d levels", maxSVGDepth)
			case elements > maxSVGElements:
				return refuse("it has more than %d elements", maxSVGElements)
			case depth == 1 && elements > 1:
				// XML has one root: this is markup after </svg>.
				return refuse("it has a <%s> element after its root <svg> element ends; a file holds one <svg>", text.Truncate(t.Name.Local, 40))
			case depth == 1 && name != "svg":
				return refuse("its root element is <%s>, not <svg>", text.Truncate(t.Name.Local, 40))
			case depth > 1 && name == "svg":
				// oksvg takes a nested <svg>'s viewBox for the whole
				// picture's and draws nothing of its place or size.
				return refuse("it has an <svg> inside its root <svg>, which qrforge does not draw: put its shapes in a <g> with a transform")
			}
			if why, bad := svgForbidden[name]; bad {
				return refuse("it has a <%s> element: a logo may not hold %s", t.Name.Local, why)
			}
			if why, undrawn := svgUndrawn[name]; undrawn {
				return refuse("it has %s", why)
			}
			if svgShapeElements[name] {
				for _, a := range t.Attr {
					n := strings.ToLower(a.Name.Local)
					if name == "use" && (n == "width" || n == "height") {
						continue // they size only a <symbol> or an <svg> used
					}
					if svgGeometry[n] && strings.HasSuffix(strings.TrimSpace(a.Value), "%") {
						return refuse("its <%s> has %s=%q, a percentage, which qrforge does not draw: give it in the viewBox's units", t.Name.Local, a.Name.Local, text.Truncate(a.Value, 20))
					}
				}
			}
			if name == "defs" && defsDepth == 0 {
				defsDepth = depth
				shapes.openDefs()
			}
			for _, a := range t.Attr {
				if err := checkSVGAttr(a); err != "" {
					return refuse("%s", err)
				}
			}
			shapes.start(name, t.Attr, defsDepth > 0 && depth > defsDepth)
			switch {
			case name == "lineargradient" || name == "radialgradient":
				stops = append(stops, 0)
			case name == "stop" && len(stops) > 0:
				if stops[len(stops)-1]++; stops[len(stops)-1] > maxSVGStops {
					return refuse("it has a gradient of more than %d stops; at most %d are drawn (a logo's gradients have a few)", maxSVGStops, maxSVGStops)
				}
			}
			if depth == 1 {
				sized = svgSized(t.Attr)
			}
			inStyle = name == "style"
		case xml.EndElement:
			if depth == defsDepth {
				defsDepth = 0
				shapes.closeDefs()
			}
			if name := strings.ToLower(t.Name.Local); (name == "lineargradient" || name == "radialgradient") && len(stops) > 0 {
				stops = stops[:len(stops)-1]
			}
			shapes.end()
			depth--
			inStyle = false
		case xml.CharData:
			if inStyle {
				if err := checkCSS(string(t)); err != "" {
					return refuse("its <style> %s", err)
				}
			}
		}
	}
	work := shapes.work()
	switch {
	case elements == 0:
		return refuse("it has no <svg> element")
	case work.copies > maxSVGUses:
		return refuse("its <use> elements copy %d elements; at most %d", work.copies, maxSVGUses)
	case work.commands > maxSVGSegments:
		return refuse("its shapes come to %d path commands, each <use> copy counted again; at most %d are drawn", work.commands, maxSVGSegments)
	case !sized:
		return refuse("its <svg> gives no size: add viewBox=\"0 0 <width> <height>\" with positive, finite numbers")
	}
	return work, nil
}

// checkSVGAttr is the problem with one attribute, or "".
func checkSVGAttr(a xml.Attr) string {
	name := strings.ToLower(a.Name.Local)
	v := strings.TrimSpace(a.Value)
	switch {
	case strings.HasPrefix(name, "on"):
		return fmt.Sprintf("it has an event handler (%s): a logo may not run scripts", text.Truncate(a.Name.Local, 40))
	case name == "href":
		lower := strings.ToLower(v)
		if !strings.HasPrefix(lower, "#") && !strings.HasPrefix(lower, "data:") {
			return fmt.Sprintf("it has an external reference (href=%q): a logo may name only its own elements", text.Truncate(v, 80))
		}
	case name == "style":
		if err := checkCSS(v); err != "" {
			return "style attribute " + err
		}
	}
	return checkURLs(v)
}

// checkCSS is the problem with a stylesheet, or "". Escapes are read
// first, so that u\72l( is seen as the url( it is (CSS Syntax Level 3
// §4.3.7).
func checkCSS(css string) string {
	css = cssUnescape(css)
	lower := strings.ToLower(css)
	switch {
	case strings.Contains(lower, "@import"):
		return "imports a stylesheet (@import): an external reference"
	case strings.Contains(lower, "expression("):
		return "has a script expression"
	}
	return checkURLs(css)
}

// cssUnescape replaces CSS escapes with the characters they stand for:
// a backslash and one to six hex digits (and one white space after
// them), or a backslash and any other character.
func cssUnescape(css string) string {
	if !strings.Contains(css, `\`) {
		return css
	}
	var b strings.Builder
	for i := 0; i < len(css); i++ {
		if css[i] != '\\' || i+1 == len(css) {
			b.WriteByte(css[i])
			continue
		}
		j := i + 1
		for j < len(css) && j < i+7 && isHex(css[j]) {
			j++
		}
		if j == i+1 {
			b.WriteByte(css[j]) // an escaped character stands for itself
			i = j
			continue
		}
		r, _ := strconv.ParseUint(css[i+1:j], 16, 32)
		b.WriteRune(rune(r))
		if j < len(css) && (css[j] == ' ' || css[j] == '\t' || css[j] == '\n') {
			j++
		}
		i = j - 1
	}
	return b.String()
}

// checkURLs refuses a url() that names anything but an element of the
// file (url(#gradient)).
func checkURLs(v string) string {
	lower := strings.ToLower(v)
	for {
		i := strings.Index(lower, "url(")
		if i < 0 {
			return ""
		}
		lower = lower[i+4:]
		target := strings.TrimLeft(lower, " \t\r\n'\"")
		if !strings.HasPrefix(target, "#") {
			end := strings.IndexByte(target, ')')
			if end < 0 {
				end = len(target)
			}
			return fmt.Sprintf("has an external reference (url(%s)): a logo may name only its own elements", text.Truncate(target[:end], 80))
		}
	}
}

// svgSized reports whether the root's viewBox, or else its width and
// height, give a positive, finite size.
func svgSized(attrs []xml.Attr) bool {
	var w, h float64
	for _, a := range attrs {
		switch a.Name.Local {
		case "viewBox":
			f := strings.FieldsFunc(a.Value, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\n' || r == '\r' })
			if len(f) != 4 {
				return false
			}
			var v [4]float64
			for i, s := range f {
				x, err := strconv.ParseFloat(s, 64)
				if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
					return false
				}
				v[i] = x
			}
			return v[2] > 0 && v[3] > 0 && !math.IsInf(v[2]+math.Abs(v[0]), 0) && !math.IsInf(v[3]+math.Abs(v[1]), 0)
		case "width":
			w = svgLength(a.Value)
		case "height":
			h = svgLength(a.Value)
		}
	}
	return w > 0 && h > 0 && !math.IsInf(w, 0) && !math.IsInf(h, 0)
}

// svgLength reads a length with an absolute unit, or returns 0.
func svgLength(v string) float64 {
	v = strings.TrimSpace(v)
	for _, unit := range []string{"px", "pt", "pc", "mm", "cm", "in"} {
		v = strings.TrimSuffix(v, unit)
	}
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || math.IsNaN(f) {
		return 0
	}
	return f
}

// svgCost is the memory that reading and rasterising an SVG file of n
// bytes takes at its peak beyond the picture: oksvg's parsed paths (a
// path command holds up to seven 4-byte numbers and a style of about 200
// bytes per element), the copies <use> makes of them (w, from checkSVG),
// the line segments held for one shape, a mask for each clipped element,
// and a shape's coverage where it is drawn through a mask or by the
// even-odd rule.
func svgCost(n int, w svgWork) int64 {
	cost := 64*int64(max(n, w.markup)) + 32*int64(w.commands) + 256*int64(w.copies) + 16*maxSVGLines + 4<<20 +
		int64(w.clips)*svgSide*svgSide
	if w.clips > 0 || w.evenOdd {
		cost += svgSide * svgSide // a shape's coverage
	}
	if w.evenOdd {
		cost += 4 * svgSide * svgSide // its rows of winding (fillCoverage)
	}
	cost += int64(w.layers) * 4 * svgSide * svgSide // a picture for each layer
	return cost
}

// rootSizeAttr is a width or height attribute of a start tag.
var rootSizeAttr = regexp.MustCompile(`\s(width|height)\s*=\s*("[^"]*"|'[^']*')`)

// rootSizeByViewBox is b with its root's width and height blanked out
// when the root has a viewBox. The logo is drawn to its box, so they size
// nothing; and oksvg stops reading the root at a width it cannot parse
// (width="100%", as many editors export), before a viewBox after it.
func rootSizeByViewBox(b []byte) []byte {
	d := xml.NewDecoder(bytes.NewReader(b))
	for {
		start := d.InputOffset()
		tok, err := d.RawToken()
		if err != nil {
			return b
		}
		if _, ok := tok.(xml.StartElement); !ok {
			continue
		}
		root := b[start:d.InputOffset()]
		if !bytes.Contains(root, []byte("viewBox")) {
			return b
		}
		out := bytes.Clone(b)
		for _, m := range rootSizeAttr.FindAllIndex(root, -1) {
			for i := m[0] + 1; i < m[1]; i++ {
				out[int(start)+i] = ' '
			}
		}
		return out
	}
}

// rasterSVG draws a checked SVG file (checkSVG) at most side pixels on its
// longer side with oksvg and rasterx, the markup first written as oksvg
// must read it (expandUses, planClips, forOksvg, hoistGradients). Before
// anything is drawn, every shape is measured: one that reaches more than
// maxSVGReach pictures outside the picture, or more path commands than
// maxSVGSegments, is refused, and so is a dash pattern of more than
// maxSVGDashes dashes. The shapes are then painted over their own boxes
// only (boxScanner), within maxSVGCover pictures of pixels, a pixel of a
// gradient counted as several (gradientWeight).
func rasterSVG(b []byte, side int) (img *image.NRGBA, err error) {
	defer func() {
		// oksvg and rasterx panic on some malformed input (an hsl()
		// colour with empty parts, a bad path); that is the file's fault.
		if v := recover(); v != nil {
			img, err = nil, logoRefused("the SVG logo cannot be drawn: %v", v)
		}
	}()
	b, why := expandUses(b)
	var plan svgClipPlan
	if why == "" {
		plan, why = planClips(b)
	}
	if why != "" {
		return nil, logoRefused("the SVG logo is refused: it has %s", why)
	}
	if len(plan.clips) > 0 {
		b = plan.rewrite(b)
	}
	b, marks, bad := forOksvg(b)
	if bad != "" {
		return nil, logoRefused("the SVG logo is refused: it has %s", bad)
	}
	if b, bad = hoistGradients(b); bad != "" {
		return nil, logoRefused("the SVG logo is refused: it has %s", bad)
	}
	icon, err := oksvg.ReadIconStream(bytes.NewReader(rootSizeByViewBox(b)), oksvg.IgnoreErrorMode)
	if err != nil {
		return nil, logoRefused("the SVG logo cannot be read: %v", err)
	}
	var layers svgLayers
	if len(plan.uses) > 0 || marks.any() {
		var ok bool
		if layers, ok = layersOf(icon, len(plan.uses)); !ok {
			return nil, logoRefused("the SVG logo cannot be drawn: its clipping paths could not be told apart from its shapes")
		}
	}
	vb := icon.ViewBox
	if !(vb.W > 0 && vb.H > 0) || math.IsInf(vb.W, 0) || math.IsInf(vb.H, 0) {
		return nil, logoRefused("the SVG logo gives no size: add viewBox=\"0 0 <width> <height>\" with positive numbers")
	}
	k := float64(side) / max(vb.W, vb.H)
	w, h := max(1, int(math.Round(vb.W*k))), max(1, int(math.Round(vb.H*k)))
	// The viewBox's origin moves in its own units, before the scale
	// (SVG 1.1 §7.7); oksvg's SetTarget moves it in pixels, after.
	icon.Transform = rasterx.Identity.Scale(float64(w)/vb.W, float64(h)/vb.H).Translate(-vb.X, -vb.Y)
	weights, lerr := measureSVG(icon, w, h)
	if lerr != nil {
		return nil, lerr
	}
	unitBox := placeGradients(icon)
	canvas := image.NewRGBA(image.Rect(0, 0, w, h))
	sc := &boxScanner{dest: canvas, budget: maxSVGCover * int64(w) * int64(h)}
	sc.Clear()
	dasher := rasterx.NewDasher(w, h, sc)
	skew := &skewScanner{boxScanner: sc}
	skewed := rasterx.NewDasher(w, h, skew)
	masks := make([]*image.Alpha, len(plan.uses))
	maskOf := func(k int) *image.Alpha {
		if k < 0 {
			return nil
		}
		if masks[k] == nil {
			masks[k] = image.NewAlpha(canvas.Rect)
		}
		return masks[k]
	}
	stack := layerStack{canvas: canvas, budget: &sc.budget}
	for i := range icon.SVGPaths {
		// As icon.Draw, telling the scanner what a gradient's pixel costs.
		sc.gradient, sc.unitBox = weights[i], unitBox[i]
		if len(masks) == 0 && len(layers.layer) == 0 {
			drawPath(&icon.SVGPaths[i], dasher, skewed, skew, icon.Transform)
			continue
		}
		if k := layers.shapes[i]; k >= 0 {
			// A clip's shapes fill its mask, within the clip it lies in.
			sc.dest, sc.mask = maskOf(k), maskOf(layers.parents[k])
			fillShape(dasher, &icon.SVGPaths[i], icon.Transform)
			continue
		}
		sc.dest, sc.mask = stack.into(layers, layers.layer[i]), maskOf(layers.through[i])
		drawPath(&icon.SVGPaths[i], dasher, skewed, skew, icon.Transform)
	}
	stack.into(layers, -1)
	if sc.budget < 0 && sc.over == "" {
		sc.over = overCover
	}
	if sc.over != "" {
		return nil, logoRefused("the SVG logo is too much work to draw: %s", sc.over)
	}
	if !painted(canvas) {
		// A logo of nothing would be a hole in the code, answered 200.
		return nil, logoRefused("the SVG logo draws nothing: no shape of it paints a pixel of its viewBox (shapes outside it, transparent fills, or sizes past what can be drawn)")
	}
	return render.NormaliseLogo(canvas, side), nil
}

// A layerStack is the layers open while an SVG logo is drawn
// (svgLayers), innermost last, over the picture.
type layerStack struct {
	canvas *image.RGBA
	open   []int
	images []*image.RGBA
	budget *int64 // each layer laid down costs its pixels
}

// into closes the layers path's layer does not lie in, laying each over
// the one under it at its opacity, opens those it lies in, and returns
// the picture path is drawn into (layer -1: the picture itself).
func (s *layerStack) into(l svgLayers, layer int) *image.RGBA {
	var chain []int // outermost first
	for k := layer; k >= 0; k = l.layerParent[k] {
		chain = append([]int{k}, chain...)
	}
	keep := 0
	for keep < len(s.open) && keep < len(chain) && s.open[keep] == chain[keep] {
		keep++
	}
	for len(s.open) > keep {
		top, img := s.open[len(s.open)-1], s.images[len(s.images)-1]
		s.open, s.images = s.open[:len(s.open)-1], s.images[:len(s.images)-1]
		under := s.canvas
		if len(s.images) > 0 {
			under = s.images[len(s.images)-1]
		}
		*s.budget -= int64(len(img.Pix) / 4)
		a := uint8(math.Round(l.layerOpacity[top] * 255))
		draw.DrawMask(under, under.Rect, img, image.Point{}, image.NewUniform(color.Alpha{A: a}), image.Point{}, draw.Over)
	}
	for _, k := range chain[keep:] {
		s.open = append(s.open, k)
		s.images = append(s.images, image.NewRGBA(s.canvas.Rect))
	}
	if len(s.images) == 0 {
		return s.canvas
	}
	return s.images[len(s.images)-1]
}

// painted reports whether any pixel of m has some opacity.
func painted(m *image.RGBA) bool {
	for i := 3; i < len(m.Pix); i += 4 {
		if m.Pix[i] != 0 {
			return true
		}
	}
	return false
}

// measureSVG checks every shape's reach, the commands of all of them and
// the pixels they paint, a gradient's weighed by its cost; it gives each
// shape's weight of a gradient pixel for the drawing (boxScanner).
func measureSVG(icon *oksvg.SvgIcon, w, h int) ([]int64, *logoError) {
	weights := make([]int64, len(icon.SVGPaths))
	segments := 0
	cover := float64(maxSVGCover) * float64(w) * float64(h)
	lo := -maxSVGReach * float64(max(w, h))
	hi := (maxSVGReach + 1) * float64(max(w, h))
	for i := range icon.SVGPaths {
		p := &icon.SVGPaths[i]
		m, ok := shapeMatrix(p)
		fill, okFill := paintWeight(p, "fillerColor")
		stroke, okStroke := paintWeight(p, "linerColor")
		if !ok || !okFill || !okStroke {
			return nil, logoRefused("SVG logos cannot be measured with this build of oksvg; send a PNG")
		}
		weights[i] = max(fill, stroke)
		t := icon.Transform.Mult(m)
		var box pathBox
		box.reset()
		p.Path.AddTo(&box)
		segments += box.segments
		if segments > maxSVGSegments {
			return nil, logoRefused("the SVG logo has more than %d path commands", maxSVGSegments)
		}
		if box.segments == 0 {
			continue
		}
		// A stroke's width and dashes are in the shape's user space (SVG
		// 1.1 §11.4); oksvg strokes the path once transformed, so they are
		// scaled here. A stroke reaches half its width, more at a mitred
		// corner.
		k := math.Sqrt(math.Abs(t.A*t.D - t.B*t.C))
		p.LineWidth *= k
		if lerr := scaleDashes(p, t, k); lerr != nil {
			return nil, lerr
		}
		reach := p.LineWidth * max(p.MiterLimit, 1)
		x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
		for _, c := range [4][2]float64{{box.x0, box.y0}, {box.x1, box.y0}, {box.x0, box.y1}, {box.x1, box.y1}} {
			x, y := t.Transform(c[0], c[1])
			if !(x-reach >= lo && x+reach <= hi && y-reach >= lo && y+reach <= hi) {
				return nil, logoRefused("the SVG logo draws far outside its viewBox (more than %d times its size away); crop it to its picture", maxSVGReach)
			}
			x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x), max(y1, y)
		}
		// Painting a shape takes its box, within the picture: known now,
		// before anything is drawn (boxScanner holds to it too).
		cw := min(x1, float64(w)) - max(x0, 0)
		ch := min(y1, float64(h)) - max(y0, 0)
		if cw > 0 && ch > 0 {
			if cover -= cw * ch * float64(max(fill+stroke, 1)); cover < 0 {
				return nil, logoRefused("the SVG logo is too much work to draw: %s", overCover)
			}
		}
	}
	return weights, nil
}

// maxSVGDashes bounds the dashes of a stroke: rasterx walks the path dash
// by dash, so a pattern much finer than the path is long would take
// without bound.
const maxSVGDashes = 100_000

// scaleDashes scales a stroke's dash pattern into pixels by k, and
// refuses one of more than maxSVGDashes dashes along the path (t takes
// it to the picture). A pattern with a negative value or summing to 0 is
// drawn solid (SVG 1.1 §11.4).
func scaleDashes(p *oksvg.SvgPath, t rasterx.Matrix2D, k float64) *logoError {
	if len(p.Dash) == 0 {
		return nil
	}
	period := 0.0
	for _, d := range p.Dash {
		if !(d >= 0) || math.IsInf(d, 0) {
			p.Dash = nil
			return nil
		}
		period += d
	}
	if len(p.Dash)%2 == 1 {
		period *= 2 // an odd list is repeated to make an even one
	}
	if !(period*k > 0) {
		p.Dash = nil
		return nil
	}
	length := pathLength{t: t}
	p.Path.AddTo(&length)
	if dashes := length.sum / (period * k) * float64(len(p.Dash)); dashes > maxSVGDashes {
		return logoRefused("the SVG logo has a dash pattern of %.0f dashes along its stroke; at most %d are drawn", dashes, maxSVGDashes)
	}
	dash := make([]float64, len(p.Dash))
	for j, d := range p.Dash {
		dash[j] = d * k
	}
	p.Dash, p.DashOffset = dash, p.DashOffset*k
	return nil
}

// pathLength is a rasterx.Adder that sums the length of a path's points
// and control points, once transformed by t: at least its length.
type pathLength struct {
	t       rasterx.Matrix2D
	x, y    float64
	sum     float64
	started bool
}

func (l *pathLength) to(p fixed.Point26_6, move bool) {
	x, y := l.t.Transform(float64(p.X)/64, float64(p.Y)/64)
	if l.started && !move {
		l.sum += math.Hypot(x-l.x, y-l.y)
	}
	l.x, l.y, l.started = x, y, true
}

func (l *pathLength) Start(a fixed.Point26_6)         { l.to(a, true) }
func (l *pathLength) Line(p fixed.Point26_6)          { l.to(p, false) }
func (l *pathLength) QuadBezier(p, q fixed.Point26_6) { l.to(p, false); l.to(q, false) }
func (l *pathLength) CubeBezier(p, q, r fixed.Point26_6) {
	l.to(p, false)
	l.to(q, false)
	l.to(r, false)
}
func (l *pathLength) Stop(bool) {}

// overCover says why shapes that paint too many pixels are refused.
var overCover = fmt.Sprintf("its shapes cover the picture more than %d times over, a pixel of a gradient counting as %d or more (gradientWeight)", maxSVGCover, svgGradientPixel)

// paintWeight is what a pixel of a shape's fill or stroke (the style's
// field) costs to paint, in pixels of a plain colour: 0 for none, 1 for a
// colour, more for a gradient (gradientWeight). oksvg keeps the paint
// unexported; it is read through reflection, never written.
func paintWeight(p *oksvg.SvgPath, field string) (int64, bool) {
	v := reflect.ValueOf(p).Elem().FieldByName(field)
	if !v.IsValid() || v.Kind() != reflect.Interface {
		return 0, false
	}
	if v.IsNil() {
		return 0, true
	}
	v = v.Elem()
	if v.Type() != reflect.TypeOf(rasterx.Gradient{}) {
		return 1, true
	}
	stops := v.FieldByName("Stops").Len()
	if stops < 2 {
		return 1, true // drawn in one colour (rasterx.Gradient.GetColorFunction)
	}
	return gradientWeight(stops, rasterx.SpreadMethod(v.FieldByName("Spread").Uint()), v.FieldByName("IsRadial").Bool()), true
}

// gradientWeight is what a pixel of a gradient of n stops costs, in
// pixels of a plain colour: rasterx calls a function for it, which looks
// its colour up through the stops one by one (twice over for a reflected
// or repeated one) and returns it boxed, and paintGradient lays it down.
// BenchmarkSVGLogo's covers at 768 pixels, on two shared cores, give per
// pixel: a plain colour 10 to 11 ns; a linear gradient of 2 stops 68 to
// 75, of 64 stops 84 to 91; a radial one of 10 stops 87 to 95 (each with
// the file's own parse and checks spread over its pixels). At most a
// picture's budget less the coverage pass, so that one full-size gradient
// is always drawn.
func gradientWeight(n int, spread rasterx.SpreadMethod, radial bool) int64 {
	if spread != rasterx.PadSpread {
		n *= 2
	}
	w := svgGradientPixel + n/8
	if radial {
		w += 2
	}
	return min(int64(w), maxSVGCover-1)
}

// shapeMatrix reads a shape's transform, which oksvg keeps unexported in
// its style, through reflection (reading, never writing, it). Without it
// the reach of a shape cannot be known, and the logo is refused.
func shapeMatrix(p *oksvg.SvgPath) (rasterx.Matrix2D, bool) {
	m := reflect.ValueOf(p).Elem().FieldByName("mAdder")
	if !m.IsValid() {
		return rasterx.Matrix2D{}, false
	}
	m = m.FieldByName("M")
	if !m.IsValid() || m.Type() != reflect.TypeOf(rasterx.Matrix2D{}) {
		return rasterx.Matrix2D{}, false
	}
	f := func(name string) float64 { return m.FieldByName(name).Float() }
	out := rasterx.Matrix2D{A: f("A"), B: f("B"), C: f("C"), D: f("D"), E: f("E"), F: f("F")}
	for _, v := range [6]float64{out.A, out.B, out.C, out.D, out.E, out.F} {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return rasterx.Matrix2D{}, false
		}
	}
	return out, true
}

// pathBox is a rasterx.Adder that measures a path: the box of its points
// and control points, which bounds its curves, and its commands.
type pathBox struct {
	x0, y0, x1, y1 float64
	segments       int
}

func (b *pathBox) reset() {
	b.x0, b.y0, b.x1, b.y1 = math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
}

func (b *pathBox) add(pts ...fixed.Point26_6) {
	b.segments++
	for _, p := range pts {
		x, y := float64(p.X)/64, float64(p.Y)/64
		b.x0, b.y0, b.x1, b.y1 = min(b.x0, x), min(b.y0, y), max(b.x1, x), max(b.y1, y)
	}
}

func (b *pathBox) Start(a fixed.Point26_6)            { b.add(a) }
func (b *pathBox) Line(p fixed.Point26_6)             { b.add(p) }
func (b *pathBox) QuadBezier(p, q fixed.Point26_6)    { b.add(p, q) }
func (b *pathBox) CubeBezier(p, q, r fixed.Point26_6) { b.add(p, q, r) }
func (b *pathBox) Stop(bool)                          {}

var _ rasterx.Adder = (*pathBox)(nil)

// boxScanner is a rasterx.Scanner that paints a shape over the box of its
// own points rather than over the whole picture, as rasterx.ScannerGV
// does: the work of a shape is then its size, and the total is held
// within budget pixels. It keeps the shape's line segments until Draw.
type boxScanner struct {
	dest draw.Image
	// mask, when set, is a clip's coverage of each pixel, which a shape's
	// is multiplied by (logosvgclip.go); cover holds a shape's own.
	mask, cover *image.Alpha
	// evenOdd fills by the even-odd rule, which x/image/vector does not
	// know: the coverage is then accumulated here (fillCoverage) into acc.
	evenOdd bool
	acc     []float32
	src     image.Image
	clip    image.Rectangle
	pts     []float32 // x, y pairs; a move is marked by a NaN pair before it
	box     fixed.Rectangle26_6
	r       vector.Rasterizer
	lines   int
	budget  int64
	over    string // why drawing stopped, when it did
	// gradient is what a pixel of the shape being drawn costs when it is
	// painted with a gradient (gradientWeight); weight is the current
	// paint's, 1 for a colour.
	gradient, weight int64
	// unitBox says the shape's radial gradients are placed in the unit
	// box (radialInPixels).
	unitBox bool
}

func (s *boxScanner) grow(p fixed.Point26_6) {
	s.box.Min.X, s.box.Min.Y = min(s.box.Min.X, p.X), min(s.box.Min.Y, p.Y)
	s.box.Max.X, s.box.Max.Y = max(s.box.Max.X, p.X), max(s.box.Max.Y, p.Y)
}

func (s *boxScanner) Start(a fixed.Point26_6) {
	s.point(a, true)
}

func (s *boxScanner) Line(b fixed.Point26_6) {
	s.point(b, false)
}

func (s *boxScanner) point(p fixed.Point26_6, move bool) {
	if s.over != "" {
		return
	}
	s.lines++
	if s.lines > maxSVGLines {
		s.over = fmt.Sprintf("its shapes flatten into more than %d line segments", maxSVGLines)
		return
	}
	s.grow(p)
	if move {
		nan := float32(math.NaN())
		s.pts = append(s.pts, nan, nan)
	}
	s.pts = append(s.pts, float32(p.X)/64, float32(p.Y)/64)
}

func (s *boxScanner) Draw() {
	if s.over != "" || len(s.pts) == 0 {
		return
	}
	box := image.Rect(s.box.Min.X.Floor(), s.box.Min.Y.Floor(), s.box.Max.X.Ceil()+1, s.box.Max.Y.Ceil()+1).Intersect(s.dest.Bounds())
	if s.clip != (image.Rectangle{}) {
		box = box.Intersect(s.clip)
	}
	if box.Empty() {
		return
	}
	s.budget -= int64(box.Dx()) * int64(box.Dy()) * max(s.weight, 1)
	if s.budget < 0 {
		s.over = overCover
		return
	}
	s.r.Reset(box.Dx(), box.Dy())
	addPoints(&s.r, s.pts, box.Min)
	// No contour is closed here: a fill closes its own (rasterx's
	// Filler.Stop), and a stroke's outline is sent as pieces that close
	// only together, as rasterx.ScannerGV takes them.
	gradient, isGradient := s.src.(colorFuncImage)
	if s.mask == nil && !s.evenOdd && !isGradient {
		s.r.DrawOp = draw.Over
		s.r.Draw(s.dest, box, s.src, box.Min)
		return
	}
	// Through a clip, by the even-odd rule, or in a gradient: the shape's
	// coverage (times the clip's) is the mask its paint is laid through.
	// That takes a second pass.
	if s.budget -= int64(box.Dx()) * int64(box.Dy()); s.budget < 0 {
		s.over = overCover
		return
	}
	if s.cover == nil {
		s.cover = image.NewAlpha(s.dest.Bounds())
	}
	if s.evenOdd {
		fillCoverage(s.cover, box, s.pts, true, &s.acc)
	} else {
		s.r.DrawOp = draw.Src
		s.r.Draw(s.cover, box, image.Opaque, image.Point{})
	}
	for y := box.Min.Y; s.mask != nil && y < box.Max.Y; y++ {
		c := s.cover.Pix[s.cover.PixOffset(box.Min.X, y):][:box.Dx()]
		m := s.mask.Pix[s.mask.PixOffset(box.Min.X, y):][:box.Dx()]
		for x, v := range m {
			c[x] = uint8((uint32(c[x])*uint32(v) + 127) / 255)
		}
	}
	if dst, ok := s.dest.(*image.RGBA); ok && isGradient {
		paintGradient(dst, box, gradient, s.cover)
		return
	}
	draw.DrawMask(s.dest, box, s.src, box.Min, s.cover, box.Min, draw.Over)
}

// paintGradient lays a gradient over dst through cover within box, as
// draw.DrawMask does with draw.Over, but calling the gradient's function
// directly: image/draw asks each image for each pixel through interfaces,
// which took most of a gradient's time.
func paintGradient(dst *image.RGBA, box image.Rectangle, f colorFuncImage, cover *image.Alpha) {
	const m = 0xffff
	for y := box.Min.Y; y < box.Max.Y; y++ {
		cov := cover.Pix[cover.PixOffset(box.Min.X, y):][:box.Dx()]
		px := dst.Pix[dst.PixOffset(box.Min.X, y):][:4*box.Dx()]
		for x, c := range cov {
			if c == 0 {
				continue
			}
			sr, sg, sb, sa := f(box.Min.X+x, y).RGBA()
			ma := uint32(c) * 0x101
			a := (m - sa*ma/m) * 0x101
			d := px[4*x : 4*x+4 : 4*x+4]
			d[0] = uint8((uint32(d[0])*a + sr*ma) / m >> 8)
			d[1] = uint8((uint32(d[1])*a + sg*ma) / m >> 8)
			d[2] = uint8((uint32(d[2])*a + sb*ma) / m >> 8)
			d[3] = uint8((uint32(d[3])*a + sa*ma) / m >> 8)
		}
	}
}

// addPoints adds to r the edges between points, x, y pairs where a NaN
// pair starts a new contour, each point less origin.
func addPoints(r *vector.Rasterizer, pts []float32, origin image.Point) {
	ox, oy := float32(origin.X), float32(origin.Y)
	move := true
	for i := 0; i+1 < len(pts); i += 2 {
		x, y := pts[i], pts[i+1]
		if x != x { // NaN: the next point starts a contour
			move = true
			continue
		}
		if move {
			r.MoveTo(x-ox, y-oy)
			move = false
		} else {
			r.LineTo(x-ox, y-oy)
		}
	}
}

// drawPath draws a path as oksvg's DrawTransformed does, through d. But
// oksvg strokes a path once transformed, so where the transform is not a
// similarity (scale(4 1), a skew) a stroke would keep one width all
// round where SVG 1.1 §11.4 widens it with the scale. There the path is
// stroked in its user space scaled by k (its width already times k,
// measureSVG), fine enough for rasterx's flattening, and each point of the
// outline is then mapped to pixels by the rest of the transform
// (skewScanner), through skewed.
func drawPath(p *oksvg.SvgPath, d, skewed *rasterx.Dasher, skew *skewScanner, t rasterx.Matrix2D) {
	m, _ := shapeMatrix(p) // measureSVG has read it
	full := t.Mult(m)
	if stroke, _ := paintWeight(p, "linerColor"); stroke == 0 || similarity(full) {
		p.DrawTransformed(d, 1, t)
		return
	}
	k := math.Sqrt(math.Abs(full.A*full.D - full.B*full.C))
	skew.m = full.Scale(1/k, 1/k)
	p.DrawTransformed(skewed, 1, rasterx.Identity.Scale(k, k).Mult(m.Invert()))
}

// similarity reports whether m scales alike in every direction: a
// rotation, a reflection, a uniform scale and a move.
func similarity(m rasterx.Matrix2D) bool {
	near := func(a, b float64) bool { return math.Abs(a-b) <= 1e-9*max(math.Abs(a), math.Abs(b), 1) }
	return near(m.A, m.D) && near(m.B, -m.C) || near(m.A, -m.D) && near(m.B, m.C)
}

// skewScanner is a boxScanner that maps each point by m first.
type skewScanner struct {
	*boxScanner
	m rasterx.Matrix2D
}

func (s *skewScanner) at(p fixed.Point26_6) fixed.Point26_6 {
	x, y := s.m.Transform(float64(p.X)/64, float64(p.Y)/64)
	return fixed.Point26_6{X: fixed.Int26_6(math.Round(x * 64)), Y: fixed.Int26_6(math.Round(y * 64))}
}

func (s *skewScanner) Start(a fixed.Point26_6) { s.boxScanner.Start(s.at(a)) }
func (s *skewScanner) Line(b fixed.Point26_6)  { s.boxScanner.Line(s.at(b)) }

// fillShape fills a clip's shape, its geometry alone (SVG 1.1 §14.3.5:
// neither its fill nor its stroke counts), opaque through d's scanner.
func fillShape(d *rasterx.Dasher, p *oksvg.SvgPath, t rasterx.Matrix2D) {
	m, _ := shapeMatrix(p) // measureSVG has read it
	f := &d.Filler
	f.Clear()
	f.SetWinding(p.UseNonZeroWinding)
	defer f.SetWinding(true)
	ma := rasterx.MatrixAdder{Adder: f, M: t.Mult(m)}
	p.Path.AddTo(&ma)
	f.SetColor(color.Alpha{A: 255})
	f.Draw()
}

// GetPathExtent is the box oksvg places an objectBoundingBox gradient in:
// the unit square for a path whose radial gradient radialInPixels placed.
func (s *boxScanner) GetPathExtent() fixed.Rectangle26_6 {
	if s.unitBox {
		return fixed.Rectangle26_6{Max: fixed.Point26_6{X: 64, Y: 64}}
	}
	return s.box
}

func (s *boxScanner) SetBounds(int, int) {}

func (s *boxScanner) SetColor(c any) {
	switch c := c.(type) {
	case color.Color:
		s.src = image.NewUniform(c)
		s.weight = 1
	case rasterx.ColorFunc:
		s.src = colorFuncImage(c)
		s.weight = max(s.gradient, svgGradientPixel)
	}
}

// SetWinding sets the fill rule of the shapes to come: oksvg sets it
// for each fill from the rule markers (layersOf), and back to non-zero.
func (s *boxScanner) SetWinding(nonZero bool) { s.evenOdd = !nonZero }

func (s *boxScanner) Clear() {
	s.pts = s.pts[:0]
	const far = fixed.Int26_6(math.MaxInt32)
	s.box = fixed.Rectangle26_6{Min: fixed.Point26_6{X: far, Y: far}, Max: fixed.Point26_6{X: -far, Y: -far}}
}

func (s *boxScanner) SetClip(r image.Rectangle) { s.clip = r }

var _ rasterx.Scanner = (*boxScanner)(nil)

// colorFuncImage is a gradient's colour at each point, as an image.
type colorFuncImage rasterx.ColorFunc

func (f colorFuncImage) ColorModel() color.Model { return color.RGBAModel }
func (f colorFuncImage) Bounds() image.Rectangle {
	return image.Rect(-1e9, -1e9, 1e9, 1e9)
}
func (f colorFuncImage) At(x, y int) color.Color { return f(x, y) }
