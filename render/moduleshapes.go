package render

// More module shapes, under the rules of modules.go: each covers its
// module's centre, where decoders sample, and stays inside its own cell, so
// that all of them are drawn from tiles (tiles.go).
const (
	classyRadius      = 0.5  // classy's two rounded corners
	classySoftRadius  = 0.25 // classy-rounded's other two
	smallDotRadius    = 0.35 // 0.7 module across: the centre stays well inside
	gappedSquareInset = 0.1  // 0.8-module squares with a 0.2-module gap
	plusHalfWidth     = 0.3  // arms 0.6 module wide, reaching the cell's edges
	softInset         = 0.05 // 0.9-module squares
	softRadius        = 0.25
)

func init() {
	registerModule(ModuleClassy, classyModule(0))
	registerModule(ModuleClassyRounded, classyModule(classySoftRadius))
	registerModule(ModuleSmallDots, func(p *path, x, y float64, _ neighbours) {
		p.circle(x+0.5, y+0.5, smallDotRadius, false)
	})
	registerModule(ModuleGappedSquares, func(p *path, x, y float64, _ neighbours) {
		const g = gappedSquareInset
		p.rect(x+g, y+g, 1-2*g, 1-2*g, false)
	})
	registerModule(ModuleHeart, heartModule)
	registerModule(ModulePlus, plusModule)
	registerModule(ModuleSoft, func(p *path, x, y float64, _ neighbours) {
		const g = softInset
		p.roundRect(x+g, y+g, 1-2*g, 1-2*g, all(softRadius), false)
	})
}

// classyModule rounds the top-left and bottom-right corners, each where the
// module meets no dark neighbour on either side of it, and the other two
// free corners by soft: runs keep straight edges, and their ends lean the
// same way. A whole-module radius on the two corners, a lens for a lone
// module, was missed by all five decoders at 2 pixels a module
// (docs/decoders.md).
func classyModule(soft float64) moduleShape {
	return func(p *path, x, y float64, nb neighbours) {
		var rs [4]float64
		if !nb.n && !nb.w {
			rs[0] = classyRadius
		}
		if !nb.n && !nb.e {
			rs[1] = soft
		}
		if !nb.s && !nb.e {
			rs[2] = classyRadius
		}
		if !nb.s && !nb.w {
			rs[3] = soft
		}
		p.roundRect(x, y, 1, 1, rs, false)
	}
}

// heart is a heart in a unit cell, clockwise from the notch between its
// lobes, as cubic Bézier segments (three points each). The notch is 0.22
// module above the centre and the sides 0.08 from the cell's edges at
// its height, so the centre lies deep inside.
var heart = [][3][2]float64{
	{{0.5, 0.14}, {0.61, 0.06}, {0.74, 0.06}},
	{{0.88, 0.06}, {0.98, 0.17}, {0.98, 0.32}},
	{{0.98, 0.56}, {0.70, 0.72}, {0.5, 0.95}},
	{{0.30, 0.72}, {0.02, 0.56}, {0.02, 0.32}},
	{{0.02, 0.17}, {0.12, 0.06}, {0.26, 0.06}},
	{{0.39, 0.06}, {0.5, 0.14}, {0.5, 0.28}},
}

func heartModule(p *path, x, y float64, _ neighbours) {
	p.moveTo(x+0.5, y+0.28)
	for _, c := range heart {
		p.cubeTo(x+c[0][0], y+c[0][1], x+c[1][0], y+c[1][1], x+c[2][0], y+c[2][1])
	}
	p.close()
}

// plusModule is a cross whose arms reach the cell's edges, so neighbours'
// arms meet and runs become a lattice.
func plusModule(p *path, x, y float64, _ neighbours) {
	const a, b = 0.5 - plusHalfWidth, 0.5 + plusHalfWidth
	p.polygon([][2]float64{
		{x + a, y}, {x + b, y}, {x + b, y + a}, {x + 1, y + a},
		{x + 1, y + b}, {x + b, y + b}, {x + b, y + 1}, {x + a, y + 1},
		{x + a, y + b}, {x, y + b}, {x, y + a}, {x + a, y + a},
	}, false)
}
