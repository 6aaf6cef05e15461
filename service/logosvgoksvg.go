package service

import (
	"bytes"
	"encoding/xml"
	"regexp"
	"strings"
)

// oksvg reads a few things otherwise than SVG says. The markup is
// rewritten before it reads it, so that the logo is drawn as a browser
// draws it (each case is in TestOksvgReadsAsSVGSays):
//   - scale(s) is scale(s, s) (SVG 1.1 §7.6); oksvg takes the missing
//     factor as 0, and the shape vanishes;
//   - a <rect> with rx and no ry, or ry and no rx, has both (SVG 1.1 §9.2);
//     oksvg draws it with square corners;
//   - transforms in a list may be separated by commas (SVG 1.1 §7.6);
//     oksvg refuses the file;
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

// forOksvg is b with each start tag that oksvg would misread written again.
func forOksvg(b []byte) []byte {
	d := xml.NewDecoder(bytes.NewReader(b))
	var out bytes.Buffer
	at := int64(0)
	for {
		start := d.InputOffset()
		tok, err := d.RawToken()
		if err != nil {
			break
		}
		t, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		if hidden(t.Attr) {
			for depth := 1; depth > 0; {
				tok, err := d.RawToken()
				if err != nil {
					return b // checkSVG has read it whole
				}
				switch tok.(type) {
				case xml.StartElement:
					depth++
				case xml.EndElement:
					depth--
				}
			}
			out.Write(b[at:start])
			at = d.InputOffset()
			continue
		}
		attrs, changed := fixAttrs(strings.ToLower(t.Name.Local), t.Attr)
		if !changed {
			continue
		}
		end := d.InputOffset()
		out.Write(b[at:start])
		out.WriteString("<" + qualified(t.Name))
		for _, a := range attrs {
			out.WriteString(" " + qualified(a.Name) + `="` + escapeAttr(a.Value) + `"`)
		}
		if bytes.HasSuffix(b[start:end], []byte("/>")) {
			out.WriteString("/>")
		} else {
			out.WriteString(">")
		}
		at = end
	}
	if at == 0 {
		return b
	}
	out.Write(b[at:])
	return out.Bytes()
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

// hidden reports whether an element is display="none", by attribute or
// style.
func hidden(attrs []xml.Attr) bool {
	display := attr(attrs, "display")
	if v, ok := cssValue(attr(attrs, "style"), "display"); ok {
		display = v
	}
	return strings.TrimSpace(display) == "none"
}

// qualified is a name as written: prefix:local.
func qualified(n xml.Name) string {
	if n.Space == "" {
		return n.Local
	}
	return n.Space + ":" + n.Local
}
