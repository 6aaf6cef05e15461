package service

import (
	"encoding/xml"
	"strings"
)

// svgWork is what reading an SVG logo takes, counted from its markup
// before oksvg parses it (checkSVG): oksvg copies a definition's parsed
// paths for every <use>, so a small file can make it read millions of
// commands.
type svgWork struct {
	commands int  // path commands, each <use> copy counted again
	copies   int  // elements <use> elements copy
	clips    int  // elements drawn through a clipping path (logosvgclip.go)
	evenOdd  bool // shapes filled by the even-odd rule (logosvgoksvg.go)
	markup   int  // bytes oksvg reads, each <use> copied (logosvguse.go)
	layers   int  // groups drawn whole, then at their opacity (logosvgoksvg.go)
}

// svgShapes counts, as checkSVG reads the markup, the path commands of
// each element and what each <use> copies. For a use oksvg copies the
// element of <defs> it names and every element after it up to the next
// one with an id; SVG copies the element and what it holds. Whichever
// reaches further is counted.
type svgShapes struct {
	commands []int          // of each element, in document order
	ends     []int          // of each element: the index past what a use of it copies
	open     []int          // the elements not yet ended
	named    []svgNamed     // what a use may name
	group    int            // in <defs>, the element oksvg's current definition starts at, or -1
	uses     map[string]int // uses of each name (href="#name")
}

// svgNamed is an element a <use> may name: one with an id, or the first of
// a <defs>, which oksvg keeps under the empty name.
type svgNamed struct {
	id string
	at int
}

func (s *svgShapes) openDefs() { s.group = -1 }

func (s *svgShapes) closeDefs() {
	s.closeGroup(len(s.commands))
	s.group = -1
}

// closeGroup ends oksvg's current definition before element at.
func (s *svgShapes) closeGroup(at int) {
	if s.group >= 0 {
		s.ends[s.group] = max(s.ends[s.group], at)
	}
}

// start counts an element; inDefs is whether it is inside <defs>.
func (s *svgShapes) start(name string, attrs []xml.Attr, inDefs bool) {
	at := len(s.commands)
	s.commands = append(s.commands, shapeCommands(name, attrs))
	s.ends = append(s.ends, at+1)
	s.open = append(s.open, at)
	id := ""
	for _, a := range attrs {
		if a.Name.Local == "id" {
			id = a.Value // the last, as oksvg reads it
		}
	}
	switch {
	case inDefs && (id != "" || s.group < 0):
		s.closeGroup(at)
		s.group = at
		s.named = append(s.named, svgNamed{id, at})
	case id != "":
		s.named = append(s.named, svgNamed{id, at})
	}
	if name != "use" {
		return
	}
	for _, a := range attrs {
		// oksvg takes the name after '#' as written, in href or xlink:href.
		if a.Name.Local == "href" && strings.HasPrefix(a.Value, "#") {
			if s.uses == nil {
				s.uses = map[string]int{}
			}
			s.uses[a.Value[1:]]++
		}
	}
}

// end closes the element last started and not ended.
func (s *svgShapes) end() {
	if len(s.open) == 0 {
		return
	}
	at := s.open[len(s.open)-1]
	s.open = s.open[:len(s.open)-1]
	s.ends[at] = max(s.ends[at], len(s.commands))
}

// work is the file's commands, each element once and again for every
// <use> copy of it, and the elements copied. Of elements that share an
// id, the largest is counted.
func (s *svgShapes) work() svgWork {
	sum := make([]int, len(s.commands)+1)
	for i, c := range s.commands {
		sum[i+1] = sum[i] + c
	}
	named := map[string]svgWork{}
	for _, n := range s.named {
		w := svgWork{commands: sum[s.ends[n.at]] - sum[n.at], copies: s.ends[n.at] - n.at}
		old := named[n.id]
		named[n.id] = svgWork{commands: max(old.commands, w.commands), copies: max(old.copies, w.copies)}
	}
	w := svgWork{commands: sum[len(s.commands)]}
	for id, uses := range s.uses {
		w.commands += uses * named[id].commands
		w.copies += uses * named[id].copies
	}
	return w
}

// shapeCommands is at most how many path commands oksvg reads an element
// into (rasterx's: a move, line or curve each).
func shapeCommands(name string, attrs []xml.Attr) int {
	n := 0
	switch name {
	case "path":
		for _, a := range attrs {
			if a.Name.Local == "d" {
				n += pathCommands(a.Value)
			}
		}
	case "polyline", "polygon":
		for _, a := range attrs {
			if a.Name.Local == "points" {
				n += svgNumbers(a.Value)/2 + 1
			}
		}
	case "line":
		n = 2
	case "rect":
		n = 5 // a move, four lines
		for _, a := range attrs {
			if a.Name.Local == "rx" || a.Name.Local == "ry" {
				n = 25 // and four quarter circles of five curves
			}
		}
	case "circle", "ellipse":
		n = 18 // a move and a full turn of curves
	}
	return n
}

// pathCommands is at most how many commands oksvg reads path data into:
// each command letter repeats for as many sets of numbers as follow it,
// and an arc becomes up to 17 cubic curves (rasterx.AddArc, a full turn
// in spans of π/8).
func pathCommands(d string) int {
	n := 0
	for len(d) > 0 {
		i := strings.IndexFunc(d[1:], isPathCommand) + 1
		if i == 0 {
			i = len(d)
		}
		n += segmentCommands(d[0], svgNumbers(d[1:i]))
		d = d[i:]
	}
	return n
}

// isPathCommand reports a letter that starts a command in oksvg, which
// reads 'e' as part of a number.
func isPathCommand(r rune) bool {
	return (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') && r != 'e'
}

// segmentCommands is the commands one letter with nums numbers becomes.
func segmentCommands(letter byte, nums int) int {
	per := 0
	switch letter | 0x20 { // lower case
	case 'z':
		return 1
	case 'h', 'v':
		per = 1
	case 'm', 'l', 't':
		per = 2
	case 'q', 's':
		per = 4
	case 'c':
		per = 6
	case 'a':
		return max(1, nums/7) * 17
	default:
		return 0 // not a command: oksvg skips it
	}
	return max(1, nums/per)
}

// svgNumbers counts the numbers in a list as oksvg splits it: a '-' not
// after an exponent's 'e', or a second '.', starts another number.
func svgNumbers(v string) int {
	n := 0
	in, dot := false, false
	var last byte
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case c >= '0' && c <= '9' || c == 'e':
			if !in {
				n++
				in, dot = true, false
			}
		case c == '.':
			if !in || dot {
				n++
			}
			in, dot = true, true
		case c == '-' && last == 'e':
		case c == '-':
			n++
			in, dot = true, false
		default:
			in = false
		}
		last = c
	}
	return n
}
