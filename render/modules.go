package render

import "math"

// Module shapes, in modules. Decoders sample each module near its centre
// (ISO/IEC 18004 §12, reference decode algorithm) after thresholding
// against a local mean, so every shape covers its module's centre and
// enough of the module to stay dark once anti-aliased at 3 px per module.
// The sizes were tuned until every module style with every eye style reads
// in both ZXing and zbar from 160 px up (styles_test.go).
const (
	cornerRadius  = 0.5  // rounded and organic outer corners: a lone module is a circle
	filletRadius  = 0.5  // organic inner corners, matching the outer ones
	dotRadius     = 0.45 // a little gap between dots keeps them legible as dots
	diamondRadius = 0.6  // centre to vertex; 0.5 would put vertices on edge midpoints
	starOuter     = 0.62 // centre to tip
	starInner     = 0.32 // centre to the notch between tips, fatter than a regular star
	barWidth      = 0.8  // bars leave a 0.2-module gap between neighbouring bars
)

func init() {
	registerModule(ModuleSquare, func(p *path, x, y float64, _ neighbours) { p.rect(x, y, 1, 1, false) })
	registerModule(ModuleRounded, roundedModule)
	registerModule(ModuleOrganic, roundedModule) // plus organicFillets
	registerModule(ModuleDot, func(p *path, x, y float64, _ neighbours) {
		p.circle(x+0.5, y+0.5, dotRadius, false)
	})
	registerModule(ModuleDiamond, diamondModule)
	registerModule(ModuleStar, starModule)
	registerModule(ModuleVerticalBars, verticalBar)
	registerModule(ModuleHorizontalBars, horizontalBar)
}

// roundedModule rounds only the corners where the module meets no dark
// neighbour, so runs of modules keep straight, seamless edges.
func roundedModule(p *path, x, y float64, nb neighbours) {
	var r [4]float64
	if !nb.n && !nb.w {
		r[0] = cornerRadius
	}
	if !nb.n && !nb.e {
		r[1] = cornerRadius
	}
	if !nb.s && !nb.e {
		r[2] = cornerRadius
	}
	if !nb.s && !nb.w {
		r[3] = cornerRadius
	}
	p.roundRect(x, y, 1, 1, r, false)
}

func diamondModule(p *path, x, y float64, _ neighbours) {
	cx, cy := x+0.5, y+0.5
	p.moveTo(cx, cy-diamondRadius)
	p.lineTo(cx+diamondRadius, cy)
	p.lineTo(cx, cy+diamondRadius)
	p.lineTo(cx-diamondRadius, cy)
	p.close()
}

// starPoints are the tips and notches of a five-pointed star around the
// origin, clockwise from the top tip, computed once for every module.
var starPoints = func() (pts [10][2]float64) {
	for i := range pts {
		r := starOuter
		if i%2 == 1 {
			r = starInner
		}
		a := -math.Pi/2 + float64(i)*math.Pi/5
		pts[i] = [2]float64{r * math.Cos(a), r * math.Sin(a)}
	}
	return pts
}()

// starModule centres the star's bounding box, not its centroid, on the
// module: the top tip reaches further than the two bottom ones.
func starModule(p *path, x, y float64, _ neighbours) {
	cx := x + 0.5
	cy := y + 0.5 + starOuter*(1-math.Cos(math.Pi/5))/2
	p.moveTo(cx+starPoints[0][0], cy+starPoints[0][1])
	for _, pt := range starPoints[1:] {
		p.lineTo(cx+pt[0], cy+pt[1])
	}
	p.close()
}

// barInset shortens a bar's free ends so that the gap between two bars in a
// line equals the gap between two side by side, and a lone module is round.
const barInset = (1 - barWidth) / 2

// verticalBar joins a module to its dark neighbours above and below; the
// free ends are rounded.
func verticalBar(p *path, x, y float64, nb neighbours) {
	const h = barWidth / 2
	top, bottom := y, y+1
	var r [4]float64
	if !nb.n {
		top += barInset
		r[0], r[1] = h, h
	}
	if !nb.s {
		bottom -= barInset
		r[2], r[3] = h, h
	}
	p.roundRect(x+barInset, top, barWidth, bottom-top, r, false)
}

// horizontalBar is verticalBar turned a quarter.
func horizontalBar(p *path, x, y float64, nb neighbours) {
	const h = barWidth / 2
	left, right := x, x+1
	var r [4]float64
	if !nb.w {
		left += barInset
		r[0], r[3] = h, h
	}
	if !nb.e {
		right -= barInset
		r[1], r[2] = h, h
	}
	p.roundRect(left, y+barInset, right-left, barWidth, r, false)
}

// organicFillets fills the inside corners between dark modules that meet
// at a right angle, so that organic shapes flow into each other. A fillet
// goes where three of the four modules around a grid point are dark: the
// fourth, light one gets a concave quarter-circle wedge in that corner.
// With filletRadius at most 0.5 a light module keeps at least a circle
// of radius 0.5 around its centre, so it still reads as light.
func organicFillets(p *path, g *moduleGrid, cx, cy float64) {
	for y := 0; y <= g.rows; y++ {
		for x := 0; x <= g.n; x++ {
			nw, ne, sw, se := g.at(x-1, y-1), g.at(x, y-1), g.at(x-1, y), g.at(x, y)
			count := 0
			for _, d := range [4]bool{nw, ne, sw, se} {
				if d {
					count++
				}
			}
			if count != 3 {
				continue
			}
			// (dx, dy) points from the grid point into the light module.
			dx, dy := 1.0, 1.0
			switch {
			case !nw:
				dx, dy = -1, -1
			case !ne:
				dy = -1
			case !sw:
				dx = -1
			}
			fillet(p, cx+float64(x), cy+float64(y), dx, dy)
		}
	}
}

// fillet adds the wedge between the corner point (px, py) and a quarter
// circle tangent to both edges, lying towards (dx, dy).
func fillet(p *path, px, py, dx, dy float64) {
	const r, k = filletRadius, filletRadius * (1 - kappa)
	ax, ay := px+dx*r, py // on the horizontal edge
	bx, by := px, py+dy*r // on the vertical edge
	p.moveTo(px, py)
	if dx*dy > 0 {
		// Clockwise: horizontal edge first.
		p.lineTo(ax, ay)
		p.cubeTo(px+dx*k, py, px, py+dy*k, bx, by)
	} else {
		p.lineTo(bx, by)
		p.cubeTo(px, py+dy*k, px+dx*k, py, ax, ay)
	}
	p.close()
}
