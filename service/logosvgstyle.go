package service

import (
	"encoding/xml"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/qrforge/qrforge/internal/text"
)

// Styles of an SVG logo. oksvg reads a stylesheet's .class rules only,
// lets a class override the style attribute and the style attribute
// lose to a presentation attribute written after it, and refuses a file
// over colours it cannot parse (currentColor, transparent, #rrggbbaa,
// rgba(), rgb(1 2 3)). So each element's properties are resolved here as
// CSS does (CSS Cascading 4 §6: presentation attributes, then the
// stylesheet's rules by specificity and order, then the style attribute)
// and written back as presentation attributes in forms oksvg reads
// (forOksvg); the <style> elements, style and class attributes go.

// styleProps are the properties resolved, and whether each inherits
// (SVG 1.1 Appendix N). Others are left out, as oksvg leaves them out.
var styleProps = map[string]bool{
	"fill": true, "fill-opacity": true, "fill-rule": true,
	"stroke": true, "stroke-width": true, "stroke-opacity": true, "stroke-linecap": true,
	"stroke-linejoin": true, "stroke-miterlimit": true, "stroke-dasharray": true, "stroke-dashoffset": true,
	"clip-rule": true, "color": true, "visibility": true,
	"opacity": false, "stop-color": false, "stop-opacity": false, "display": false,
	"clip-path": false, "transform": false, "mask": false, "mask-type": false,
}

// A cssRule is a rule of the stylesheet for one selector.
type cssRule struct {
	selector    []cssCompound // descendant combinators between; the last is the subject
	specificity int
	order       int
	decls       [][2]string
}

// A cssCompound is a type, an id and classes, each optional.
type cssCompound struct {
	tag, id string
	classes []string
}

// Bounds of a stylesheet: every element is matched against every rule,
// through its ancestors for a descendant combinator.
const (
	maxCSSRules     = 256
	maxCSSCompounds = 4
)

// parseStylesheet reads the rules of a stylesheet. bad is the first
// selector qrforge does not match (anything but types, classes, ids and
// descendant combinators, or more than maxCSSCompounds of them), an
// at-rule, or the rule past maxCSSRules.
func parseStylesheet(css string) (rules []cssRule, bad string) {
	css = cssUnescape(css)
	for {
		i := strings.Index(css, "/*")
		if i < 0 {
			break
		}
		j := strings.Index(css[i+2:], "*/")
		if j < 0 {
			css = css[:i]
			break
		}
		css = css[:i] + " " + css[i+2+j+2:]
	}
	css = strings.NewReplacer("<![CDATA[", " ", "]]>", " ").Replace(css)
	for n, block := range strings.Split(css, "}") {
		selectors, body, ok := strings.Cut(block, "{")
		if !ok {
			if strings.TrimSpace(block) != "" {
				return nil, strings.TrimSpace(block)
			}
			continue
		}
		if strings.Contains(selectors, "@") {
			return nil, strings.TrimSpace(selectors)
		}
		decls := declarations(body)
		for _, s := range strings.Split(selectors, ",") {
			r, ok := parseSelector(strings.TrimSpace(s))
			if !ok {
				return nil, strings.TrimSpace(s)
			}
			r.order, r.decls = n, decls
			if rules = append(rules, r); len(rules) > maxCSSRules {
				return nil, fmt.Sprintf("%s (rule %d; at most %d are read)", strings.TrimSpace(s), len(rules), maxCSSRules)
			}
		}
	}
	return rules, ""
}

// parseSelector reads a selector of compounds with descendant combinators.
func parseSelector(s string) (cssRule, bool) {
	var r cssRule
	if s == "" || strings.ContainsAny(s, ">+~:[*()") {
		return r, false
	}
	for _, part := range strings.Fields(s) {
		var c cssCompound
		for part != "" {
			end := strings.IndexAny(part[1:], ".#") + 1
			if end == 0 {
				end = len(part)
			}
			word := part[:end]
			if (word[0] == '.' || word[0] == '#') && len(word) < 2 {
				return r, false
			}
			switch word[0] {
			case '.':
				c.classes = append(c.classes, word[1:])
				r.specificity += 100
			case '#':
				c.id = word[1:]
				r.specificity += 10000
			default:
				if c.tag != "" || len(c.classes) > 0 || c.id != "" {
					return r, false
				}
				c.tag = strings.ToLower(word)
				r.specificity++
			}
			part = part[end:]
		}
		r.selector = append(r.selector, c)
	}
	return r, len(r.selector) <= maxCSSCompounds
}

// declarations reads property: value pairs, the value of one given twice
// the last, !important dropped.
func declarations(body string) [][2]string {
	var out [][2]string
	for _, d := range strings.Split(body, ";") {
		name, v, ok := strings.Cut(d, ":")
		if !ok {
			continue
		}
		v = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "!important"))
		out = append(out, [2]string{strings.ToLower(strings.TrimSpace(name)), v})
	}
	return out
}

// A styledElement is what a selector matches an element by.
type styledElement struct {
	tag, id string
	classes []string
}

func styledOf(name string, attrs []xml.Attr) styledElement {
	return styledElement{tag: strings.ToLower(name), id: attr(attrs, "id"), classes: strings.Fields(attr(attrs, "class"))}
}

func (c cssCompound) matches(e styledElement) bool {
	if c.tag != "" && c.tag != e.tag || c.id != "" && c.id != e.id {
		return false
	}
	for _, want := range c.classes {
		found := false
		for _, have := range e.classes {
			found = found || have == want
		}
		if !found {
			return false
		}
	}
	return true
}

// matches reports whether the rule's selector matches the last of path,
// an element after its ancestors.
func (r cssRule) matches(path []styledElement) bool {
	i := len(r.selector) - 1
	if !r.selector[i].matches(path[len(path)-1]) {
		return false
	}
	at := len(path) - 2
	for i--; i >= 0; i-- {
		for at >= 0 && !r.selector[i].matches(path[at]) {
			at--
		}
		if at < 0 {
			return false
		}
		at--
	}
	return true
}

// declared is what an element declares of styleProps: its presentation
// attributes, then the rules that match it by specificity and order,
// then its style attribute.
func declared(attrs []xml.Attr, path []styledElement, rules []cssRule) map[string]string {
	out := map[string]string{}
	for _, a := range attrs {
		if _, ok := styleProps[strings.ToLower(a.Name.Local)]; ok && a.Name.Space == "" {
			out[strings.ToLower(a.Name.Local)] = strings.TrimSpace(a.Value)
		}
	}
	var matched []cssRule
	for _, r := range rules {
		if r.matches(path) {
			matched = append(matched, r)
		}
	}
	// Few rules match one element: an insertion sort keeps the order
	// of equal specificity.
	for i := 1; i < len(matched); i++ {
		for j := i; j > 0 && matched[j].specificity < matched[j-1].specificity; j-- {
			matched[j], matched[j-1] = matched[j-1], matched[j]
		}
	}
	for _, r := range matched {
		for _, d := range r.decls {
			if _, ok := styleProps[d[0]]; ok {
				out[d[0]] = d[1]
			}
		}
	}
	for _, d := range declarations(attr(attrs, "style")) {
		if _, ok := styleProps[d[0]]; ok {
			out[d[0]] = d[1]
		}
	}
	return out
}

// computed is an element's value of each inherited property, from its
// declarations and its parent's values ("inherit" taking the parent's).
func computed(decl, parent map[string]string) map[string]string {
	out := map[string]string{}
	for p, inherits := range styleProps {
		v, ok := decl[p]
		switch {
		case ok && v != "inherit":
			out[p] = v
		case inherits || ok:
			if pv, has := parent[p]; has {
				out[p] = pv
			}
		}
	}
	return out
}

// paintAttrs is an element's declarations written as oksvg reads them:
// colours as #rrggbb, rgb() or a name, a colour's alpha folded into its
// opacity, currentColor as the element's color, transparent as none,
// opacities as numbers. An inherited property given as "inherit" is left
// to oksvg's inheritance; another takes the parent's value.
func paintAttrs(decl, own map[string]string) ([]xml.Attr, string) {
	var out []xml.Attr
	opacity := map[string]float64{}
	for _, p := range []string{"fill-opacity", "stroke-opacity", "stop-opacity", "opacity"} {
		if v, ok := own[p]; ok && decl[p] != "" {
			f, ok := svgNumber(v)
			if !ok {
				return nil, fmt.Sprintf("%s=%q, which is not a number", p, text.Truncate(v, 30))
			}
			opacity[p] = f
		}
	}
	for _, p := range []string{"fill", "stroke", "stop-color"} {
		v, ok := decl[p]
		if !ok || v == "inherit" && styleProps[p] {
			continue
		}
		v = own[p]
		c, alpha, err := svgPaint(v, own["color"])
		if err != "" {
			return nil, fmt.Sprintf("%s=%q, %s", p, text.Truncate(v, 30), err)
		}
		out = append(out, xml.Attr{Name: xml.Name{Local: p}, Value: c})
		if alpha < 1 {
			key := strings.TrimSuffix(p, "-color") + "-opacity"
			if _, given := opacity[key]; !given {
				opacity[key] = 1
			}
			opacity[key] *= alpha
		}
	}
	for p, f := range opacity {
		out = append(out, xml.Attr{Name: xml.Name{Local: p}, Value: strconv.FormatFloat(math.Max(0, math.Min(1, f)), 'f', -1, 64)})
	}
	for p := range styleProps {
		switch p {
		case "fill", "stroke", "stop-color", "fill-opacity", "stroke-opacity", "stop-opacity", "opacity", "color", "visibility", "display", "clip-path", "fill-rule", "clip-rule", "mask", "mask-type":
			continue
		}
		if v, ok := decl[p]; ok && !(v == "inherit" && styleProps[p]) {
			out = append(out, xml.Attr{Name: xml.Name{Local: p}, Value: own[p]})
		}
	}
	return out, ""
}

// svgNumber reads a number or a percentage of one.
func svgNumber(v string) (float64, bool) {
	v = strings.TrimSpace(v)
	pct := strings.HasSuffix(v, "%")
	f, err := strconv.ParseFloat(strings.TrimSuffix(v, "%"), 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, false
	}
	if pct {
		f /= 100
	}
	return f, true
}

// svgPaint is a paint as oksvg reads it, and its alpha; err says what is
// wrong with it.
func svgPaint(v, current string) (paint string, alpha float64, err string) {
	lower := strings.ToLower(strings.TrimSpace(v))
	switch {
	case lower == "currentcolor":
		if current == "" || strings.EqualFold(strings.TrimSpace(current), "currentcolor") {
			return "#000000", 1, ""
		}
		return svgPaint(current, "")
	case lower == "transparent":
		return "none", 1, ""
	case lower == "none":
		return "none", 1, ""
	case strings.HasPrefix(lower, "url("):
		// A fallback colour after the url() is for a url that names
		// nothing (SVG 1.1 §11.2); oksvg reads the url() alone.
		v = strings.TrimSpace(v)
		if end := strings.IndexByte(v, ')'); end > 0 {
			v = v[:end+1]
		}
		return v, 1, ""
	case strings.HasPrefix(lower, "#"):
		return hexPaint(lower)
	case strings.HasPrefix(lower, "rgb"), strings.HasPrefix(lower, "hsl"):
		return functionPaint(lower)
	}
	return lower, 1, "" // a name: oksvg knows SVG's 147
}

// hexPaint reads #rgb, #rgba, #rrggbb and #rrggbbaa.
func hexPaint(v string) (string, float64, string) {
	h := v[1:]
	if len(h) == 3 || len(h) == 4 {
		var b strings.Builder
		for _, c := range h {
			b.WriteRune(c)
			b.WriteRune(c)
		}
		h = b.String()
	}
	if len(h) != 6 && len(h) != 8 {
		return "", 0, "which is not a colour"
	}
	n, err := strconv.ParseUint(h, 16, 32)
	if err != nil {
		return "", 0, "which is not a colour"
	}
	if len(h) == 8 {
		return "#" + h[:6], float64(n&0xff) / 255, ""
	}
	return "#" + h, 1, ""
}

// functionPaint reads rgb(), rgba(), hsl() and hsla(), with commas or
// spaces and a "/ alpha" (CSS Color 4 §4, §7), into rgb(r,g,b).
func functionPaint(v string) (string, float64, string) {
	open, close := strings.IndexByte(v, '('), strings.LastIndexByte(v, ')')
	if open < 0 || close < open {
		return "", 0, "which is not a colour"
	}
	name := strings.TrimSpace(v[:open])
	args := strings.FieldsFunc(strings.ReplaceAll(v[open+1:close], "/", " "), func(r rune) bool { return r == ',' || r == ' ' || r == '\t' })
	if len(args) != 3 && len(args) != 4 || name != "rgb" && name != "rgba" && name != "hsl" && name != "hsla" {
		return "", 0, "which is not a colour"
	}
	alpha := 1.0
	if len(args) == 4 {
		a, ok := svgNumber(args[3])
		if !ok {
			return "", 0, "which is not a colour"
		}
		alpha = math.Max(0, math.Min(1, a))
	}
	var c [3]float64 // 0 to 1
	for i := range 3 {
		s := strings.TrimSuffix(args[i], "deg")
		f, ok := svgNumber(s)
		if !ok {
			return "", 0, "which is not a colour"
		}
		switch {
		case name[0] == 'r' && !strings.HasSuffix(s, "%"):
			f /= 255
		case name[0] == 'h' && i == 0:
			f = math.Mod(math.Mod(f, 360)+360, 360) / 360
		}
		c[i] = math.Max(0, math.Min(1, f))
	}
	if name[0] == 'h' {
		c = hslToRGB(c[0], c[1], c[2])
	}
	return fmt.Sprintf("rgb(%d,%d,%d)", int(math.Round(c[0]*255)), int(math.Round(c[1]*255)), int(math.Round(c[2]*255))), alpha, ""
}

// hslToRGB converts a hue, saturation and lightness, each 0 to 1, to red,
// green and blue (CSS Color 4 §7.1).
func hslToRGB(h, s, l float64) [3]float64 {
	f := func(n float64) float64 {
		k := math.Mod(n+h*12, 12)
		a := s * math.Min(l, 1-l)
		return l - a*math.Max(-1, math.Min(math.Min(k-3, 9-k), 1))
	}
	return [3]float64{f(0), f(8), f(4)}
}
