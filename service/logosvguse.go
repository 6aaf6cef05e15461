package service

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/qrforge/qrforge/internal/text"
)

// <use> in SVG logos. oksvg draws a <use> only of an element of <defs>
// read before it, and copies with it every element after it up to the
// next with an id; a use of a shape outside <defs> (Inkscape's clones) or
// of one defined later draws nothing. So each <use> is replaced, before
// oksvg reads the file, by a group holding a copy of the element it
// names, moved by its x and y (SVG 1.1 §5.6). A use that names nothing is
// not drawn, as in a browser.

// useMark marks the group that stands for a <use>: it may stand in a
// <clipPath>, where a group may not (planClips).
const useMark = "data-use"

// maxUseBytes bounds the markup the copies add: oksvg reads it as the
// file's own.
const maxUseBytes = 1 << 20

// expandUses is b with each <use> replaced by the group it stands for;
// bad says why it cannot be: a use of an element that holds a use (which
// could name itself), of an <svg>, or copies past maxUseBytes.
func expandUses(b []byte) (out []byte, bad string) {
	els, _, err := svgElements(b)
	if err != nil {
		return b, ""
	}
	byID := map[string]int{}
	var uses []int
	for i, e := range els {
		if id := attr(e.attrs, "id"); id != "" {
			if _, seen := byID[id]; !seen {
				byID[id] = i
			}
		}
		if e.name == "use" {
			uses = append(uses, i)
		}
	}
	if len(uses) == 0 {
		return b, ""
	}
	holdsUse := func(t int) bool {
		for j := t; j < len(els) && els[j].start < els[t].end; j++ {
			if els[j].name == "use" {
				return true
			}
		}
		return false
	}
	var buf bytes.Buffer
	at := int64(0)
	added := 0
	for _, u := range uses {
		e := els[u]
		if e.start < at {
			continue // inside a use already replaced (its <title>)
		}
		buf.Write(b[at:e.start])
		at = e.end
		t, ok := byID[strings.TrimPrefix(strings.TrimSpace(attr(e.attrs, "href")), "#")]
		if !ok {
			continue
		}
		switch {
		case holdsUse(t):
			return nil, fmt.Sprintf("a <use> of the element %q, which holds a <use> itself; qrforge copies elements without uses (one could name itself)", text.Truncate(attr(els[t].attrs, "id"), 40))
		case els[t].name == "svg":
			return nil, "a <use> of an <svg>, which qrforge does not draw: put its shapes in a <g>"
		}
		buf.WriteString(`<g ` + useMark + `=""`)
		move := strings.TrimSpace(attr(e.attrs, "transform"))
		x, y := useOffset(attr(e.attrs, "x")), useOffset(attr(e.attrs, "y"))
		if x != 0 || y != 0 {
			move += " translate(" + strconv.FormatFloat(x, 'f', -1, 64) + " " + strconv.FormatFloat(y, 'f', -1, 64) + ")"
		}
		if move != "" {
			buf.WriteString(` transform="` + escapeAttr(strings.TrimSpace(move)) + `"`)
		}
		for _, a := range e.attrs {
			switch a.Name.Local {
			case "href", "x", "y", "width", "height", "transform", "id":
				continue
			}
			buf.WriteString(" " + qualified(a.Name) + `="` + escapeAttr(a.Value) + `"`)
		}
		buf.WriteString(">")
		copied := b[els[t].start:els[t].end]
		if added += len(copied); added > maxUseBytes {
			return nil, fmt.Sprintf("<use> elements that copy more than %d KiB of markup", maxUseBytes>>10)
		}
		buf.Write(copied)
		buf.WriteString("</g>")
	}
	buf.Write(b[at:])
	return buf.Bytes(), ""
}

// useOffset is a use's x or y, 0 when absent or unreadable (checkSVG
// refuses a percentage).
func useOffset(v string) float64 {
	f, err := strconv.ParseFloat(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "px")), 64)
	if err != nil {
		return 0
	}
	return f
}
