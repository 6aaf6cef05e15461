package service

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"math"
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
	els, _, err := svgElements(b)
	if err != nil || len(els) == 0 {
		return b, ""
	}
	byID := map[string]int{}
	var grads []int
	for i, e := range els {
		if _, ok := gradientInherited[e.name]; !ok {
			continue
		}
		if id := attr(e.attrs, "id"); id != "" {
			byID[id] = i
		}
		if e.parent < 0 || gradientInherited[els[e.parent].name] == nil {
			grads = append(grads, i)
		}
	}
	if len(grads) == 0 {
		return b, ""
	}
	hasStops := func(g int) bool {
		for j := g + 1; j < len(els) && els[j].start < els[g].end; j++ {
			if els[j].parent == g && els[j].name == "stop" {
				return true
			}
		}
		return false
	}
	var defs bytes.Buffer
	copied := 0
	defs.WriteString("<defs>")
	for _, g := range grads {
		e := els[g]
		attrs := append([]xml.Attr(nil), e.attrs...)
		stops := g
		seen := map[int]bool{g: true}
		for at, n := g, 0; n < maxGradientHrefs; n++ {
			ref, ok := byID[strings.TrimPrefix(attr(els[at].attrs, "href"), "#")]
			if !ok || seen[ref] {
				break
			}
			seen[ref], at = true, ref
			for _, name := range gradientInherited[e.name] {
				if v := attr(els[ref].attrs, name); v != "" && attr(attrs, name) == "" &&
					(els[ref].name == e.name || name == "gradientUnits" || name == "gradientTransform" || name == "spreadMethod") {
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
		s := els[stops]
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

	root := els[0]
	var buf bytes.Buffer
	buf.Write(b[:root.inner])
	buf.Write(defs.Bytes())
	at := root.inner
	for _, g := range grads {
		buf.Write(b[at:els[g].start])
		at = els[g].end
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

// placeGradients places each gradient that paints a path in the
// picture's pixels, as SVG 1.1 §13.2.2 places it: rasterx places one in
// userSpaceOnUse units by its gradientTransform alone, without the
// viewBox's scale or the shape's transform, and one in objectBoundingBox
// units by the box of the shape once transformed, its gradient normal
// square to it in pixels rather than in the box. A is the map from the
// gradient's space to pixels: t, the path's transform, the box's (the
// box of its points and control points, in its user space) for
// objectBoundingBox, and the gradientTransform. A linear gradient is then
// given in pixels, its ends chosen so that each pixel's place along it is
// the one A gives. A radial one is given in the unit box with A as its
// transform (radialInPixels), and unitBox flags its path. oksvg keeps a
// path's paints unexported; they are set through reflection, and a build
// of oksvg whose paths differ is refused by measureSVG before this is
// reached.
func placeGradients(icon *oksvg.SvgIcon) (unitBox []bool) {
	unitBox = make([]bool, len(icon.SVGPaths))
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
			a := icon.Transform.Mult(m)
			if g.Units == rasterx.ObjectBoundingBox {
				var box pathBox
				box.reset()
				p.Path.AddTo(&box)
				if !(box.x1 > box.x0 && box.y1 > box.y0) {
					continue // no box: rasterx's own placing is as good
				}
				a = a.Translate(box.x0, box.y0).Scale(box.x1-box.x0, box.y1-box.y0)
			}
			a = a.Mult(g.Matrix)
			g.Units, g.Matrix = rasterx.UserSpaceOnUse, a
			switch {
			case !g.IsRadial:
				g.Points, g.Matrix = linearInPixels(g.Points, a), rasterx.Identity
			case radialInPixels(&g, a):
				unitBox[i] = true
			}
			paint.Set(reflect.ValueOf(g))
		}
	}
	return unitBox
}

// radialInPixels gives g, a radial gradient, in objectBoundingBox units
// with a as its transform, for a path drawn with unitBox set: its box is
// then the unit square, and rasterx maps each pixel back through a's
// inverse, exact for any a. In userSpaceOnUse units rasterx maps only the
// centres through a and its radius as a vector, so that a turned ellipse
// stays level and one turned by 45° has no width (Figma writes its radial
// gradients as rotate and scale in gradientTransform). False, g unchanged,
// when a cannot be inverted.
func radialInPixels(g *rasterx.Gradient, a rasterx.Matrix2D) bool {
	det := a.A*a.D - a.B*a.C
	if det == 0 || math.IsNaN(det) || math.IsInf(det, 0) {
		return false
	}
	g.Units = rasterx.ObjectBoundingBox
	return true
}

// linearInPixels is the ends, in pixels, of the linear gradient whose
// ends are p[0:4] in a space a maps to pixels: a pixel's place along the
// gradient is that of the point a maps to it (its ends, not its normal,
// are what a preserves).
func linearInPixels(p [5]float64, a rasterx.Matrix2D) [5]float64 {
	vx, vy := p[2]-p[0], p[3]-p[1]
	d := vx*vx + vy*vy
	det := a.A*a.D - a.B*a.C
	if d == 0 || det == 0 || math.IsNaN(det) {
		x1, y1 := a.Transform(p[0], p[1])
		x2, y2 := a.Transform(p[2], p[3])
		return [5]float64{x1, y1, x2, y2, p[4]}
	}
	vx, vy = vx/d, vy/d
	// w = A⁻ᵀ v: the gradient of t over pixels.
	wx := (a.D*vx - a.B*vy) / det
	wy := (-a.C*vx + a.A*vy) / det
	w := wx*wx + wy*wy
	x1, y1 := a.Transform(p[0], p[1])
	return [5]float64{x1, y1, x1 + wx/w, y1 + wy/w, p[4]}
}
