package analysis

import (
	"bytes"
	"image"

	"github.com/qrforge/qrforge/render"
)

// Coverage is the dark area of the symbol drawn with module and eye
// styles, as a fraction of the same symbol drawn with square modules and
// eyes, both black on white at 8 pixels per module. Data modules and the
// three finder patterns are measured apart, since readers use them
// differently (§12: finders by their 1:1:3:1:1 runs, data by module
// centres), and the lower of the two is the coverage: a small symbol's
// large square eyes would otherwise hide thin data modules.
func Coverage(sym *render.Symbol, module render.ModuleStyle, eye render.EyeStyle) float64 {
	if module == render.ModuleSquare && eye == render.EyeSquare {
		return 1
	}
	sData, sEyes := darkArea(sym, module, eye)
	qData, qEyes := darkArea(sym, render.ModuleSquare, render.EyeSquare)
	if qData == 0 || qEyes == 0 {
		return 1
	}
	return min(sData/qData, sEyes/qEyes)
}

// darkArea measures the dark area of the data modules and of the finder
// patterns, in pixels.
func darkArea(sym *render.Symbol, module render.ModuleStyle, eye render.EyeStyle) (data, eyes float64) {
	const px = 8
	o := render.DefaultOptions()
	o.Margin = 0
	o.Module, o.Eye = module, eye
	o.Size = sym.Size * px // no quiet zone, label or frame
	b, err := render.PNG(sym, o)
	if err != nil {
		panic("analysis: coverage rendering: " + err.Error())
	}
	img, _, err := image.Decode(bytes.NewReader(b))
	if err != nil {
		panic("analysis: coverage PNG: " + err.Error())
	}
	g := grayOf(img)
	n := sym.Size
	var d, e int
	for y := 0; y < g.Rect.Dy(); y++ {
		for x := 0; x < g.Rect.Dx(); x++ {
			dark := 255 - int(g.Pix[y*g.Stride+x])
			// A finder pattern is 7×7 modules in three corners (§6.3.3).
			mx, my := x/px, y/px
			if (mx < 7 || mx >= n-7) && my < 7 || mx < 7 && my >= n-7 {
				e += dark
			} else {
				d += dark
			}
		}
	}
	return float64(d) / 255, float64(e) / 255
}
