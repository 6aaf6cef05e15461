package service

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"reflect"
	"strings"
	"unsafe"

	"github.com/srwiley/oksvg"
	"github.com/srwiley/rasterx"
)

// Gradients of an SVG logo. oksvg looks a gradient up when it reads the
// shape that names it, so one defined after (Figma writes <defs> last)
// paints black; it reads no href between gradients, so Inkscape's, whose
// stops are in another gradient, paint black; and it places a gradient in
// userSpaceOnUse units in pixels, without the viewBox's scale or the
// shape's transform. hoistGradients moves every gradient, its stops and
// attributes resolved through href (SVG 1.1 §13.2.2, §13.2.3), into a
// <defs> at the start of the file; placeGradients gives each such
// gradient the transform of the shape it paints (§13.2.2: userSpaceOnUse
// is the user space of the element that references it).

// maxGradientHrefs bounds a chain of href between gradients;
// maxStopCopies the bytes of stops copied through href, which oksvg then
// reads as markup of the file.
const (
	maxGradientHrefs = 8
	maxStopCopies    = 64 << 10
)

// gradientInherited are the attributes a gradient takes from the one its
// href names when it lacks them, by kind.
var gradientInherited = map[string][]string{
	"lineargradient": {"gradientUnits", "gradientTransform", "spreadMethod", "x1", "y1", "x2", "y2"},
	"radialgradient": {"gradientUnits", "gradientTransform", "spreadMethod", "cx", "cy", "r", "fx", "fy"},
}

// hoistGradients is b with every gradient moved into a <defs> at its
// start, resolved through href. The markup is one forOksvg wrote. bad
// says why it is refused: stops copied past maxStopCopies.
func hoistGradients(b []byte) (out []byte, bad string) {
	var p svgClipPlan
	if _, err := p.read(b); err != nil || len(p.els) == 0 {
		return b, ""
	}
	byID := map[string]int{}
	var grads []int
	for i, e := range p.els {
		if _, ok := gradientInherited[e.name]; !ok {
			continue
		}
		if id := attr(e.attrs, "id"); id != "" {
			byID[id] = i
		}
		if e.parent < 0 || gradientInherited[p.els[e.parent].name] == nil {
			grads = append(grads, i)
		}
	}
	if len(grads) == 0 {
		return b, ""
	}
	hasStops := func(g int) bool {
		for j := g + 1; j < len(p.els) && p.els[j].start < p.els[g].end; j++ {
			if p.els[j].parent == g && p.els[j].name == "stop" {
				return true
			}
		}
		return false
	}
	var defs bytes.Buffer
	copied := 0
	defs.WriteString("<defs>")
	for _, g := range grads {
		e := p.els[g]
		attrs := append([]xml.Attr(nil), e.attrs...)
		stops := g
		seen := map[int]bool{g: true}
		for at, n := g, 0; n < maxGradientHrefs; n++ {
			ref, ok := byID[strings.TrimPrefix(attr(p.els[at].attrs, "href"), "#")]
			if !ok || seen[ref] {
				break
			}
			seen[ref], at = true, ref
			for _, name := range gradientInherited[e.name] {
				if v := attr(p.els[ref].attrs, name); v != "" && attr(attrs, name) == "" &&
					(p.els[ref].name == e.name || name == "gradientUnits" || name == "gradientTransform" || name == "spreadMethod") {
					attrs = append(attrs, xml.Attr{Name: xml.Name{Local: name}, Value: v})
				}
			}
			if !hasStops(stops) && hasStops(ref) {
				stops = ref
			}
		}
		defs.WriteString("<" + localName(b, e))
		for _, a := range attrs {
			if a.Name.Local == "href" {
				continue
			}
			defs.WriteString(" " + qualified(a.Name) + `="` + escapeAttr(a.Value) + `"`)
		}
		defs.WriteString(">")
		s := p.els[stops]
		if s.inner < s.close {
			defs.Write(b[s.inner:s.close])
		}
		if stops != g {
			if copied += int(s.close - s.inner); copied > maxStopCopies {
				return nil, fmt.Sprintf("gradients that copy more than %d KiB of stops through href", maxStopCopies>>10)
			}
		}
		defs.WriteString("</" + localName(b, e) + ">")
	}
	defs.WriteString("</defs>")

	root := p.els[0]
	var buf bytes.Buffer
	buf.Write(b[:root.inner])
	buf.Write(defs.Bytes())
	at := root.inner
	for _, g := range grads {
		buf.Write(b[at:p.els[g].start])
		at = p.els[g].end
	}
	buf.Write(b[at:])
	return buf.Bytes(), ""
}

// localName is an element's name as written, without its prefix.
func localName(b []byte, e svgElement) string {
	tag := string(b[e.start+1 : e.inner])
	end := strings.IndexAny(tag, " \t\r\n/>")
	if end < 0 {
		end = len(tag)
	}
	tag = tag[:end]
	if _, local, ok := strings.Cut(tag, ":"); ok {
		return local
	}
	return tag
}

// placeGradients gives each gradient in userSpaceOnUse units that paints
// a path the transform from the path's user space to the picture, t
// times the path's own: rasterx places it by its gradientTransform alone.
// oksvg keeps a path's paints unexported; they are set through
// reflection, and a build of oksvg whose paths differ is refused by
// measureSVG before this is reached.
func placeGradients(icon *oksvg.SvgIcon) {
	for i := range icon.SVGPaths {
		p := &icon.SVGPaths[i]
		m, ok := shapeMatrix(p)
		if !ok {
			continue
		}
		for _, field := range []string{"fillerColor", "linerColor"} {
			v := reflect.ValueOf(p).Elem().FieldByName(field)
			if !v.IsValid() || v.Kind() != reflect.Interface || v.IsNil() || v.Elem().Type() != reflect.TypeOf(rasterx.Gradient{}) {
				continue
			}
			paint := reflect.NewAt(v.Type(), unsafe.Pointer(v.UnsafeAddr())).Elem()
			g := paint.Interface().(rasterx.Gradient)
			if g.Units != rasterx.UserSpaceOnUse {
				continue
			}
			g.Matrix = icon.Transform.Mult(m).Mult(g.Matrix)
			paint.Set(reflect.ValueOf(g))
		}
	}
}
