package service

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"sort"
	"strings"

	"github.com/qrforge/qrforge/internal/text"
	"github.com/srwiley/oksvg"
)

// Clipping paths in SVG logos. Design tools clip as a matter of course:
// Figma wraps every export in <g clip-path="url(#clip0)"> with the
// frame's rectangle, Illustrator clips to the artboard through a class.
// oksvg draws no clip, and would draw a <clipPath>'s shapes outside
// <defs> as content. So the markup is rewritten before oksvg reads it:
// each <clipPath> is taken out, and each element it clips (SVG 1.1 §14.3.5,
// CSS Masking 1 §5) is bracketed by marker paths, with a copy of the
// clip's shapes in the element's own user space (its parents' transforms
// and its own) just before it. Once parsed, the markers say which paths
// are a clip's shapes, filled into a mask, and which are drawn through it
// (rasterSVG). Clips nest: a clip inside a clipped element is drawn
// within its parent's.

// maxSVGClips bounds the elements clipped: each one's mask is a picture
// of memory, and its shapes are copied once for it.
const maxSVGClips = 8

// svgElement is an element of the markup by its bytes: [start, end), its
// start tag ending at inner and its end tag starting at close.
type svgElement struct {
	name                     string // lower case
	attrs                    []xml.Attr
	start, inner, close, end int64
	parent                   int // -1 for the root
	depth                    int
}

// svgClipUse is an element drawn through a clipping path.
type svgClipUse struct {
	el, clip int // indices in the elements
}

// svgClipPlan is what the clipping paths of a file need.
type svgClipPlan struct {
	els   []svgElement
	clips []int // the <clipPath> elements, taken out of the markup
	uses  []svgClipUse
	// rules are the clip-rule of each clip's shapes that is evenodd,
	// by element (SVG 1.1 §14.3.5: a clip's shapes fill by it).
	rules map[int]bool
}

// clipShapes are the elements a <clipPath> may hold (SVG 1.1 §14.3.5);
// text is refused wherever it is.
var clipShapes = map[string]bool{"path": true, "rect": true, "circle": true, "ellipse": true,
	"line": true, "polyline": true, "polygon": true, "use": true, "title": true, "desc": true}

// notDrawn are elements whose content is drawn only where a <use> copies
// it, if at all: a clip on an element inside them applies to the copy.
var notDrawn = map[string]bool{"defs": true, "clippath": true, "lineargradient": true,
	"radialgradient": true, "mask": true, "pattern": true, "marker": true, "symbol": true}

// planClips finds the clipping paths of a checked file, its uses copied
// (expandUses), and the elements they clip, and refuses what it cannot
// draw: a clip in objectBoundingBox units, a clip that is clipped itself
// or holds other than shapes, more than maxSVGClips clipped elements. A url() naming no <clipPath> clips nothing, as in a
// browser (CSS Masking 1 §5.1).
func planClips(b []byte) (svgClipPlan, string) {
	var p svgClipPlan
	css, err := p.read(b)
	if err != nil {
		return p, fmt.Sprintf("markup that cannot be read (%v)", err)
	}
	rules, bad := parseStylesheet(css)
	if bad != "" {
		return p, fmt.Sprintf("a stylesheet with the selector %q; qrforge reads types, classes, ids and descendants (g .name)", text.Truncate(bad, 40))
	}
	// pathOf is element i after its ancestors, as a selector matches it.
	pathOf := func(i int) []styledElement {
		path := make([]styledElement, p.els[i].depth+1)
		for j := i; j >= 0; j = p.els[j].parent {
			path[p.els[j].depth] = styledOf(p.els[j].name, p.els[j].attrs)
		}
		return path
	}
	declaredOf := func(i int) map[string]string { return declared(p.els[i].attrs, pathOf(i), rules) }
	byID := map[string]int{}  // clipPath elements
	masks := map[string]int{} // mask elements
	p.rules = map[int]bool{}
	for i, e := range p.els {
		if e.parent >= 0 && p.els[e.parent].name == "clippath" {
			rule := declaredOf(e.parent)["clip-rule"]
			if own, ok := declaredOf(i)["clip-rule"]; ok {
				rule = own
			}
			p.rules[i] = strings.TrimSpace(rule) == "evenodd"
		}
		if e.parent >= 0 && p.els[e.parent].name == "mask" {
			p.rules[i] = strings.TrimSpace(inherited(p.els, i, "fill-rule", declaredOf)) == "evenodd"
		}
		if e.name == "clippath" || e.name == "mask" {
			p.clips = append(p.clips, i)
			if id := attr(e.attrs, "id"); id != "" && e.name == "clippath" {
				byID[id] = i
			} else if id != "" {
				masks[id] = i
			}
		}
	}
	var path []styledElement // of the element, after its ancestors
	for i, e := range p.els {
		path = append(path[:e.depth], styledOf(e.name, e.attrs))
		decl := declared(e.attrs, path, rules)
		if m, ok := masks[clipRef(decl["mask"])]; ok {
			// A mask of opaque shapes is a clip (maskAsClip).
			if why := p.maskAsClip(m, declaredOf); why != "" {
				return p, why
			}
			if drawnAt(p.els, i) {
				p.uses = append(p.uses, svgClipUse{el: i, clip: m})
			}
		}
		id := clipRef(decl["clip-path"])
		if id == "" {
			continue
		}
		c, ok := byID[id]
		if !ok {
			continue
		}
		if e.name == "clippath" {
			return p, "a clipping path that is clipped itself, which qrforge does not draw: flatten the clip (in Inkscape, Object > Clip > Release, then Path > Intersection)"
		}
		drawn := true
		for a := e.parent; a >= 0; a = p.els[a].parent {
			switch n := p.els[a].name; {
			case n == "clippath":
				return p, "a clipping path that is clipped itself, which qrforge does not draw: flatten the clip (in Inkscape, Object > Clip > Release, then Path > Intersection)"
			case notDrawn[n]:
				// Drawn only where a <use> copies it (expandUses), and
				// clipped there.
				drawn = false
			}
		}
		if !drawn {
			continue
		}
		if v, ok := declared(e.attrs, path, rules)["transform"]; ok && v != strings.TrimSpace(attr(e.attrs, "transform")) {
			return p, "an element with both a clipping path and a transform in its style; give the transform as a transform attribute"
		}
		if units := strings.TrimSpace(attr(p.els[c].attrs, "clipPathUnits")); units != "" && units != "userSpaceOnUse" {
			return p, fmt.Sprintf("a clipping path in clipPathUnits=%q, which qrforge does not draw: give its shapes in user space (clipPathUnits=\"userSpaceOnUse\", the default)", text.Truncate(units, 20))
		}
		for j := c + 1; j < len(p.els) && p.els[j].start < p.els[c].end; j++ {
			if p.els[j].parent == c && !clipShapes[p.els[j].name] && !(p.els[j].name == "g" && hasAttr(p.els[j].attrs, useMark)) {
				return p, fmt.Sprintf("a clipping path holding a <%s>, which qrforge does not draw in a clip: a clip may hold shapes and <use> (SVG 1.1 §14.3.5)", text.Truncate(p.els[j].name, 20))
			}
		}
		p.uses = append(p.uses, svgClipUse{el: i, clip: c})
	}
	if len(p.uses) > maxSVGClips {
		return p, fmt.Sprintf("%d clipped elements; qrforge draws at most %d (each clip is a mask the size of the picture)", len(p.uses), maxSVGClips)
	}
	return p, ""
}

// maskAsClip says why mask m cannot be drawn as a clip, or "". A
// luminance mask whose shapes are all filled opaque white, or an alpha
// mask (mask-type: alpha, CSS Masking 1 §7.2) whose shapes are all filled
// opaque, covers exactly its shapes' geometry, as a clip does: Sketch
// and Figma export masks so. Its region (maskUnits, x, y, width and
// height) is not read: such masks lie within the box they mask.
func (p *svgClipPlan) maskAsClip(m int, declaredOf func(int) map[string]string) string {
	const refuse = "a mask, which qrforge draws only as shapes filled opaque white (or opaque, with mask-type: alpha): apply it to the shapes, or export the logo as a PNG"
	if units := strings.TrimSpace(attr(p.els[m].attrs, "maskContentUnits")); units != "" && units != "userSpaceOnUse" {
		return refuse
	}
	alpha := strings.TrimSpace(declaredOf(m)["mask-type"]) == "alpha"
	for j := m + 1; j < len(p.els) && p.els[j].start < p.els[m].end; j++ {
		e := p.els[j]
		if e.parent == m && !clipShapes[e.name] && !(e.name == "g" && hasAttr(e.attrs, useMark)) {
			return refuse
		}
		if !drawnLeaves[e.name] {
			continue
		}
		fill := strings.ToLower(strings.TrimSpace(inherited(p.els, j, "fill", declaredOf)))
		paint, a, _ := svgPaint(fill, inherited(p.els, j, "color", declaredOf))
		white := paint == "#ffffff" || paint == "white" || paint == "rgb(255,255,255)"
		switch {
		case fill == "" && !alpha, fill == "none", strings.HasPrefix(fill, "url("), a < 1, !white && !alpha:
			return refuse
		case strings.TrimSpace(inherited(p.els, j, "stroke", declaredOf)) != "" && strings.TrimSpace(inherited(p.els, j, "stroke", declaredOf)) != "none":
			return refuse
		}
		if f, ok := svgNumber(inherited(p.els, j, "fill-opacity", declaredOf)); ok && f < 1 {
			return refuse
		}
		for k := j; k > m; k = p.els[k].parent {
			if f, ok := svgNumber(declaredOf(k)["opacity"]); ok && f < 1 {
				return refuse
			}
		}
	}
	return ""
}

// inherited is element i's value of an inherited property: declared on it
// or else on its nearest ancestor that declares it, "" for none.
func inherited(els []svgElement, i int, property string, declaredOf func(int) map[string]string) string {
	for ; i >= 0; i = els[i].parent {
		if v, ok := declaredOf(i)[property]; ok && v != "inherit" {
			return v
		}
	}
	return ""
}

// drawnAt reports whether element i is drawn where it stands: not inside
// a definition, which is drawn where a <use> copies it (expandUses).
func drawnAt(els []svgElement, i int) bool {
	for a := els[i].parent; a >= 0; a = els[a].parent {
		if notDrawn[els[a].name] {
			return false
		}
	}
	return true
}

// read fills p.els from the markup, and returns the text of its <style>
// elements.
func (p *svgClipPlan) read(b []byte) (css string, err error) {
	p.els, css, err = svgElements(b)
	return css, err
}

// svgElements reads the elements of checked markup by their bytes, and
// the text of its <style> elements.
func svgElements(b []byte) (els []svgElement, styles string, err error) {
	d := xml.NewDecoder(bytes.NewReader(b))
	var open []int
	var css strings.Builder
	for {
		at := d.InputOffset()
		tok, err := d.RawToken()
		if err != nil {
			if len(open) == 0 && len(els) > 0 {
				return els, css.String(), nil
			}
			return nil, "", err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			parent := -1
			if len(open) > 0 {
				parent = open[len(open)-1]
			}
			els = append(els, svgElement{name: strings.ToLower(t.Name.Local), attrs: t.Attr,
				start: at, inner: d.InputOffset(), parent: parent, depth: len(open)})
			open = append(open, len(els)-1)
		case xml.EndElement:
			if len(open) == 0 {
				return nil, "", fmt.Errorf("an end tag without a start")
			}
			e := &els[open[len(open)-1]]
			open = open[:len(open)-1]
			e.close, e.end = at, d.InputOffset()
		case xml.CharData:
			if len(open) > 0 && els[open[len(open)-1]].name == "style" {
				css.Write(t)
				css.WriteByte('\n')
			}
		}
	}
}

// A marker is a path of one move to (markerX, markerY-code), which no
// logo draws: oksvg keeps it as a path of its own, in document order.
const (
	markerX = -30011
	markerY = -30011
)

// Marker codes: 3k+markShapes starts clip k's shapes, 3k+markContent
// starts what it clips, 3k+markEnd ends that.
const (
	markShapes = iota
	markContent
	markEnd
)

// rewrite is the markup oksvg reads: the <clipPath> elements taken out,
// and each clipped element bracketed by markers, the clip's shapes before
// it in its user space.
func (p svgClipPlan) rewrite(b []byte) []byte {
	type edit struct {
		at    int64
		order int // at one offset: ends, innermost first, then starts, outermost first
		seq   int // at one element: starts in order, ends in reverse
		text  string
	}
	var edits []edit
	for k, u := range p.uses {
		e, c := p.els[u.el], p.els[u.clip]
		var shapes strings.Builder
		for j := u.clip + 1; j < len(p.els) && p.els[j].start < c.end; j++ {
			if p.els[j].parent == u.clip {
				rule := "nonzero"
				if p.rules[j] {
					rule = "evenodd"
				}
				shapes.WriteString(`<g fill-rule="` + rule + `">`)
				shapes.Write(b[p.els[j].start:p.els[j].end])
				shapes.WriteString(`</g>`)
			}
		}
		open, close := e.start, e.end
		transform := attr(e.attrs, "transform")
		if e.parent < 0 {
			// The root: its transform is the viewBox's, which oksvg
			// applies to every path.
			open, close, transform = e.inner, e.close, ""
		}
		edits = append(edits,
			edit{open, e.depth, k, marker(k, markShapes) +
				`<g transform="` + escapeAttr(transform) + `"><g transform="` + escapeAttr(attr(c.attrs, "transform")) + `">` +
				shapes.String() + `</g></g>` + marker(k, markContent)},
			edit{close, -e.depth, -k, marker(k, markEnd)})
	}
	sort.SliceStable(edits, func(i, j int) bool {
		if edits[i].at != edits[j].at {
			return edits[i].at < edits[j].at
		}
		if edits[i].order != edits[j].order {
			return edits[i].order < edits[j].order
		}
		return edits[i].seq < edits[j].seq
	})
	var out bytes.Buffer
	at := int64(0)
	copyTo := func(end int64) {
		for _, c := range p.clips {
			if s, e := p.els[c].start, p.els[c].end; s >= at && e <= end {
				out.Write(b[at:s])
				at = e
			}
		}
		out.Write(b[at:end])
		at = end
	}
	for _, e := range edits {
		copyTo(e.at)
		out.WriteString(e.text)
	}
	copyTo(int64(len(b)))
	return out.Bytes()
}

// clipMarkerPrefix begins the data of every clip marker: forOksvg leaves
// them as they are.
var clipMarkerPrefix = fmt.Sprintf("M%d ", markerX)

func marker(k, mark int) string {
	return fmt.Sprintf(`<path d="M%d %d"/>`, markerX, markerY-3*k-mark)
}

// markerOf is the x and code of a marker path (markerX, markerRuleX or
// markerLayerX),
// or code -1 for any other path.
func markerOf(p *oksvg.SvgPath) (x float64, code int) {
	var box pathBox
	box.reset()
	p.Path.AddTo(&box)
	if box.segments != 1 || box.x0 != markerX && box.x0 != markerRuleX && box.x0 != markerLayerX || box.y0 > markerY || box.x1 != box.x0 || box.y1 != box.y0 {
		return 0, -1
	}
	return box.x0, int(markerY - box.y0)
}

// svgLayers says of each path of a rewritten file what it is: a shape of
// clip k (shapes[i] = k), or drawn through clip k (through[i] = k), -1
// for neither; parents[k] is the clip clip k lies within, or -1. Its
// fill's rule is set (UseNonZeroWinding). Markers are taken out of the
// paths. ok is false when the markers do not nest.
type svgLayers struct {
	shapes, through []int
	parents         []int
	// layer[i] is the innermost layer path i is drawn into, or -1; each
	// layer has an opacity and the layer it lies in (layerParent), -1
	// for the picture.
	layer        []int
	layerOpacity []float64
	layerParent  []int
}

func layersOf(icon *oksvg.SvgIcon, clips int) (svgLayers, bool) {
	l := svgLayers{parents: make([]int, clips)}
	kept := icon.SVGPaths[:0]
	var stack []int // the clips drawn through, innermost last
	inShapes, evenOdd := -1, false
	var layers []int // open, innermost last
	for i := range icon.SVGPaths {
		p := icon.SVGPaths[i]
		x, code := markerOf(&p)
		if code >= 0 && x == markerLayerX {
			if code == layerEnd {
				if len(layers) == 0 {
					return l, false
				}
				layers = layers[:len(layers)-1]
				continue
			}
			parent := -1
			if len(layers) > 0 {
				parent = layers[len(layers)-1]
			}
			layers = append(layers, len(l.layerOpacity))
			l.layerOpacity = append(l.layerOpacity, float64(code)/1000)
			l.layerParent = append(l.layerParent, parent)
			continue
		}
		if code >= 0 && x == markerRuleX {
			if evenOdd == (code == 0) || code > 1 {
				return l, false
			}
			evenOdd = code == 0
			continue
		}
		if code < 0 {
			p.UseNonZeroWinding = !evenOdd
			into := -1
			if len(layers) > 0 && inShapes < 0 {
				into = layers[len(layers)-1]
			}
			l.layer = append(l.layer, into)
			in := -1
			if len(stack) > 0 {
				in = stack[len(stack)-1]
			}
			if inShapes >= 0 {
				in = -1
			}
			l.shapes = append(l.shapes, inShapes)
			l.through = append(l.through, in)
			kept = append(kept, p)
			continue
		}
		k, mark := code/3, code%3
		if k >= clips {
			return l, false
		}
		switch mark {
		case markShapes:
			if inShapes >= 0 {
				return l, false
			}
			inShapes, l.parents[k] = k, -1
			if len(stack) > 0 {
				l.parents[k] = stack[len(stack)-1]
			}
		case markContent:
			if inShapes != k {
				return l, false
			}
			inShapes = -1
			stack = append(stack, k)
		case markEnd:
			if len(stack) == 0 || stack[len(stack)-1] != k {
				return l, false
			}
			stack = stack[:len(stack)-1]
		}
	}
	icon.SVGPaths = kept
	return l, len(stack) == 0 && inShapes < 0 && !evenOdd && len(layers) == 0
}

// clipRef is the id in url(#id), or "" for none.
func clipRef(v string) string {
	v = strings.TrimSpace(cssUnescape(v))
	if !strings.HasPrefix(strings.ToLower(v), "url(") || !strings.HasSuffix(v, ")") {
		return ""
	}
	v = strings.Trim(strings.TrimSpace(v[4:len(v)-1]), `'"`)
	id, ok := strings.CutPrefix(v, "#")
	if !ok {
		return ""
	}
	return id
}

// attr is the value of the attribute of that local name, or "".
func attr(attrs []xml.Attr, name string) string {
	for _, a := range attrs {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

// hasAttr reports whether an attribute of that local name is given.
func hasAttr(attrs []xml.Attr, name string) bool {
	for _, a := range attrs {
		if a.Name.Local == name {
			return true
		}
	}
	return false
}

// escapeAttr escapes a value for a double-quoted attribute.
func escapeAttr(v string) string {
	var b strings.Builder
	xml.EscapeText(&b, []byte(v)) // quotes too
	return b.String()
}
