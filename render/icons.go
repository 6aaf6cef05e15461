package render

import (
	"math"
	"slices"
	"strings"
)

// Icon is a built-in logo: a one-colour glyph drawn as vector paths in the
// logo's box, in PNG and SVG alike. The glyphs are qrforge's own simple
// drawings, not anyone's trademark: chat is a generic speech bubble, for
// messaging links of any brand.
type Icon struct {
	Name string
	// ops are the glyph's outlines in its unit square, (0, 0) the top-left
	// corner; outer contours run clockwise and holes anticlockwise, the
	// non-zero rule of the rest of the drawing.
	ops []pathOp
}

// IconNames lists the built-in icons in documentation order.
var IconNames = []string{"wifi", "phone", "mail", "map-pin", "calendar", "link", "payment",
	"chat", "globe", "user", "shop", "star", "heart", "play", "download"}

// iconAliases are other names of the same icons.
var iconAliases = map[string]string{"card": "payment", "contact": "user", "cart": "shop",
	"email": "mail", "pin": "map-pin", "location": "map-pin", "web": "globe", "message": "chat"}

// IconAliases lists the accepted aliases, sorted.
func IconAliases() []string {
	names := make([]string, 0, len(iconAliases))
	for a := range iconAliases {
		names = append(names, a)
	}
	slices.Sort(names)
	return names
}

// IconNamed is the built-in icon called name, or an alias of it, in any
// case.
func IconNamed(name string) (*Icon, bool) {
	name = strings.ToLower(strings.TrimSpace(name))
	if a, ok := iconAliases[name]; ok {
		name = a
	}
	ic, ok := icons[name]
	return ic, ok
}

var icons = func() map[string]*Icon {
	m := map[string]*Icon{}
	for name, draw := range iconDrawings {
		var g glyph
		draw(&g)
		// Drawn on a 24-unit grid, kept in the unit square.
		ops := g.p.ops
		for i := range ops {
			for j := range ops[i].pts {
				ops[i].pts[j][0] /= 24
				ops[i].pts[j][1] /= 24
			}
		}
		m[name] = &Icon{Name: name, ops: ops}
	}
	return m
}()

// glyph builds an icon's outlines on a 24-unit grid. Every shape is
// oriented by its signed area, so a drawing only says which shapes are
// holes.
type glyph struct{ p path }

// shape adds ops, one closed contour, clockwise unless hole.
func (g *glyph) shape(ops []pathOp, hole bool) {
	if (signedArea(ops) < 0) != hole {
		ops = reversed(ops)
	}
	g.p.ops = append(g.p.ops, ops...)
}

func (g *glyph) poly(hole bool, pts ...[2]float64) {
	var p path
	p.polygon(pts, false)
	g.shape(p.ops, hole)
}

func (g *glyph) rect(x, y, w, h, r float64, hole bool) {
	var p path
	p.roundRect(x, y, w, h, [4]float64{r, r, r, r}, false)
	g.shape(p.ops, hole)
}

func (g *glyph) ellipse(cx, cy, rx, ry float64, hole bool) {
	var p path
	kx, ky := rx*kappa, ry*kappa
	p.moveTo(cx, cy-ry)
	p.cubeTo(cx+kx, cy-ry, cx+rx, cy-ky, cx+rx, cy)
	p.cubeTo(cx+rx, cy+ky, cx+kx, cy+ry, cx, cy+ry)
	p.cubeTo(cx-kx, cy+ry, cx-rx, cy+ky, cx-rx, cy)
	p.cubeTo(cx-rx, cy-ky, cx-kx, cy-ry, cx, cy-ry)
	p.close()
	g.shape(p.ops, hole)
}

func (g *glyph) circle(cx, cy, r float64, hole bool) { g.ellipse(cx, cy, r, r, hole) }

// ring is a circle's outline of the given width.
func (g *glyph) ring(cx, cy, r, width float64) {
	g.circle(cx, cy, r, false)
	g.circle(cx, cy, r-width, true)
}

// band is the part of a ring between two angles, in degrees clockwise
// from straight up: one arc of the Wi-Fi sign.
func (g *glyph) band(cx, cy, inner, outer, from, to float64) {
	var p path
	arc(&p, cx, cy, outer, from, to, true)
	arc(&p, cx, cy, inner, to, from, false)
	p.close()
	g.shape(p.ops, false)
}

// arc adds a circular arc from angle a0 to a1 (degrees clockwise from up)
// as cubic Béziers of at most 90° each, whose control points sit
// 4/3·tan(θ/4) of the radius along the tangents; start says whether it
// begins a contour or continues one with a line.
func arc(p *path, cx, cy, r, a0, a1 float64, start bool) {
	at := func(a float64) (float64, float64) {
		rad := a * math.Pi / 180
		return cx + r*math.Sin(rad), cy - r*math.Cos(rad)
	}
	x, y := at(a0)
	if start {
		p.moveTo(x, y)
	} else {
		p.lineTo(x, y)
	}
	steps := int(math.Ceil(math.Abs(a1-a0) / 90))
	step := (a1 - a0) / float64(steps)
	k := 4.0 / 3 * math.Tan(step*math.Pi/180/4) * r
	for i := 0; i < steps; i++ {
		b0 := (a0 + float64(i)*step) * math.Pi / 180
		b1 := (a0 + float64(i+1)*step) * math.Pi / 180
		x0, y0 := cx+r*math.Sin(b0), cy-r*math.Cos(b0)
		x1, y1 := cx+r*math.Sin(b1), cy-r*math.Cos(b1)
		// The tangent of a clockwise angle a is (cos a, sin a).
		p.cubeTo(x0+k*math.Cos(b0), y0+k*math.Sin(b0), x1-k*math.Cos(b1), y1-k*math.Sin(b1), x1, y1)
	}
}

// turn rotates ops by deg degrees clockwise about (cx, cy).
func turn(ops []pathOp, cx, cy, deg float64) []pathOp {
	s, c := math.Sincos(deg * math.Pi / 180)
	for i := range ops {
		for j := range ops[i].pts {
			x, y := ops[i].pts[j][0]-cx, ops[i].pts[j][1]-cy
			ops[i].pts[j] = [2]float64{cx + x*c - y*s, cy + x*s + y*c}
		}
	}
	return ops
}

// signedArea is the area a contour encloses, positive when it runs
// clockwise on the screen (y down); Bézier control points stand in for
// their curves, which is close enough to tell the direction.
func signedArea(ops []pathOp) float64 {
	var pts [][2]float64
	for _, op := range ops {
		switch op.kind {
		case 'M', 'L':
			pts = append(pts, op.pts[0])
		case 'C':
			pts = append(pts, op.pts[0], op.pts[1], op.pts[2])
		}
	}
	a := 0.0
	for i, p := range pts {
		q := pts[(i+1)%len(pts)]
		a += p[0]*q[1] - q[0]*p[1]
	}
	return a / 2
}

// reversed is a closed contour, a move, lines and curves and a close,
// traced the other way round.
func reversed(ops []pathOp) []pathOp {
	// ends[i] is where ops[i] ends; op i runs from ends[i-1].
	ends := make([][2]float64, len(ops))
	for i, op := range ops {
		switch op.kind {
		case 'M', 'L':
			ends[i] = op.pts[0]
		case 'C':
			ends[i] = op.pts[2]
		}
	}
	last := len(ops) - 1
	if ops[last].kind == 'Z' {
		last--
	}
	out := []pathOp{{kind: 'M', pts: [3][2]float64{ends[last]}}}
	for i := last; i >= 1; i-- {
		switch op := ops[i]; op.kind {
		case 'L':
			out = append(out, pathOp{kind: 'L', pts: [3][2]float64{ends[i-1]}})
		case 'C':
			out = append(out, pathOp{kind: 'C', pts: [3][2]float64{op.pts[1], op.pts[0], ends[i-1]}})
		}
	}
	return append(out, pathOp{kind: 'Z'})
}

// iconDrawings draw each icon on a 24-unit grid, within about 2 to 22 on
// both axes.
var iconDrawings = map[string]func(g *glyph){
	"wifi": func(g *glyph) {
		g.circle(12, 19.5, 2.1, false)
		for _, r := range []float64{6.5, 11, 15.5} {
			g.band(12, 20.5, r-2.3, r, -45, 45)
		}
	},
	"phone": func(g *glyph) {
		g.rect(6.5, 2, 11, 20, 2.2, false)
		g.rect(8.3, 4.5, 7.4, 12.5, 0.6, true)
		g.circle(12, 19.4, 1.1, true)
	},
	"mail": func(g *glyph) {
		g.rect(2, 5, 20, 14, 1.8, false)
		g.rect(3.9, 6.9, 16.2, 10.2, 0.4, true)
		g.poly(false, [2]float64{3.2, 6.2}, [2]float64{12, 12.4}, [2]float64{20.8, 6.2},
			[2]float64{20.8, 8.6}, [2]float64{12, 14.8}, [2]float64{3.2, 8.6})
	},
	"map-pin": func(g *glyph) {
		var p path
		p.moveTo(12, 22.5)
		p.cubeTo(9, 18.5, 4.5, 14, 4.5, 9.5)
		arcTail := path{}
		arc(&arcTail, 12, 9.5, 7.5, -90, 90, false)
		p.ops = append(p.ops, arcTail.ops...)
		p.cubeTo(19.5, 14, 15, 18.5, 12, 22.5)
		p.close()
		g.shape(p.ops, false)
		g.circle(12, 9.5, 3, true)
	},
	// A header and two rows of days with no outline round them: a page
	// in a ring with the days blurred into its centre, as a small logo
	// draws it, is a finder pattern in miniature (1:1:3:1:1), which jsQR
	// took for one of the code's three.
	"calendar": func(g *glyph) {
		g.rect(3, 4.5, 18, 5, 1.6, false)
		g.rect(6.6, 2, 2.4, 4.5, 1, false)
		g.rect(15, 2, 2.4, 4.5, 1, false)
		for _, y := range []float64{11.5, 17} {
			for _, x := range []float64{3, 9.7, 16.4} {
				g.rect(x, y, 4.6, 4, 0.8, false)
			}
		}
	},
	"link": func(g *glyph) {
		link := func(cx, cy float64) {
			var outer, inner path
			outer.roundRect(cx-6.5, cy-3.6, 13, 7.2, [4]float64{3.6, 3.6, 3.6, 3.6}, false)
			inner.roundRect(cx-4.6, cy-1.7, 9.2, 3.4, [4]float64{1.7, 1.7, 1.7, 1.7}, false)
			g.shape(turn(outer.ops, cx, cy, -45), false)
			g.shape(turn(inner.ops, cx, cy, -45), true)
		}
		link(8.6, 15.4)
		link(15.4, 8.6)
	},
	"payment": func(g *glyph) {
		g.rect(2, 5, 20, 14, 2, false)
		g.rect(3.8, 6.8, 16.4, 10.4, 0.6, true)
		g.rect(2.5, 8.6, 19, 2.6, 0, false)
		g.rect(5.5, 13.6, 5.5, 1.8, 0.4, false)
	},
	"chat": func(g *glyph) {
		g.rect(2.5, 3.5, 19, 13.5, 3.2, false)
		g.poly(false, [2]float64{6.5, 15}, [2]float64{12, 15}, [2]float64{5.5, 21.5})
		for _, x := range []float64{7.5, 12, 16.5} {
			g.circle(x, 10.25, 1.45, true)
		}
	},
	"globe": func(g *glyph) {
		g.ring(12, 12, 10, 1.9)
		g.ellipse(12, 12, 4.6, 10, false)
		g.ellipse(12, 12, 2.8, 8.2, true)
		g.rect(2.6, 11.05, 18.8, 1.9, 0, false)
		g.rect(4.1, 6.4, 15.8, 1.6, 0, false)
		g.rect(4.1, 16, 15.8, 1.6, 0, false)
	},
	"user": func(g *glyph) {
		g.circle(12, 7.6, 4.6, false)
		var p path
		p.moveTo(3.5, 21.5)
		p.cubeTo(3.5, 16, 7.3, 13.6, 12, 13.6)
		p.cubeTo(16.7, 13.6, 20.5, 16, 20.5, 21.5)
		p.close()
		g.shape(p.ops, false)
	},
	"shop": func(g *glyph) {
		g.poly(false, [2]float64{1.5, 2.8}, [2]float64{5.6, 2.8}, [2]float64{8.4, 15.6},
			[2]float64{19.5, 15.6}, [2]float64{19.5, 17.8}, [2]float64{6.6, 17.8}, [2]float64{3.9, 5},
			[2]float64{1.5, 5})
		g.poly(false, [2]float64{5.4, 6.2}, [2]float64{22, 6.2}, [2]float64{20, 14.2}, [2]float64{7.2, 14.2})
		g.circle(9, 20.4, 1.7, false)
		g.circle(17.6, 20.4, 1.7, false)
	},
	"star": func(g *glyph) {
		var pts [][2]float64
		for i := 0; i < 10; i++ {
			r := 10.5
			if i%2 == 1 {
				r = 4.3
			}
			a := float64(i) * 36 * math.Pi / 180
			pts = append(pts, [2]float64{12 + r*math.Sin(a), 12.8 - r*math.Cos(a)})
		}
		g.poly(false, pts...)
	},
	"heart": func(g *glyph) {
		var p path
		p.moveTo(12, 21)
		p.cubeTo(5, 16, 2, 12.2, 2, 8.4)
		p.cubeTo(2, 5.4, 4.4, 3, 7.3, 3)
		p.cubeTo(9.2, 3, 10.9, 4, 12, 5.7)
		p.cubeTo(13.1, 4, 14.8, 3, 16.7, 3)
		p.cubeTo(19.6, 3, 22, 5.4, 22, 8.4)
		p.cubeTo(22, 12.2, 19, 16, 12, 21)
		p.close()
		g.shape(p.ops, false)
	},
	"play": func(g *glyph) {
		g.circle(12, 12, 10, false)
		g.poly(true, [2]float64{9.4, 6.8}, [2]float64{17.4, 12}, [2]float64{9.4, 17.2})
	},
	"download": func(g *glyph) {
		g.rect(10.7, 2.5, 2.6, 9.5, 0, false)
		g.poly(false, [2]float64{6, 10.5}, [2]float64{18, 10.5}, [2]float64{12, 17})
		g.poly(false, [2]float64{2.5, 14.5}, [2]float64{4.9, 14.5}, [2]float64{4.9, 19.1},
			[2]float64{19.1, 19.1}, [2]float64{19.1, 14.5}, [2]float64{21.5, 14.5},
			[2]float64{21.5, 21.5}, [2]float64{2.5, 21.5})
	},
}
