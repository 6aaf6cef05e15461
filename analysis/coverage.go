package analysis

import (
	"bytes"
	"image"

	"github.com/qrforge/qrforge/render"
)

// Coverage is the dark area of the symbol drawn with the shapes of o (its
// module style, eye style, eye frame and eye ball; nothing else of o), as a
// fraction of the same symbol drawn with square modules and eyes, both
// black on white at 8 pixels per module. Data modules and the
// three finder patterns are measured apart, since readers use them
// differently (§12: finders by their 1:1:3:1:1 runs, data by module
// centres), and the lower of the two is the coverage: a small symbol's
// large square eyes would otherwise hide thin data modules.
func Coverage(sym *render.Symbol, o render.Options) float64 {
	shapes := render.DefaultOptions()
	shapes.Module, shapes.Eye, shapes.EyeFrame, shapes.EyeBall = o.Module, o.Eye, o.EyeFrame, o.EyeBall
	square := render.DefaultOptions()
	if f, b := shapes.EyeParts(); shapes.Module == render.ModuleSquare && f == render.EyeFrameSquare && b == render.EyeBallSquare {
		return 1
	}
	sData, sEyes := darkArea(sym, shapes)
	qData, qEyes := darkArea(sym, square)
	if qData == 0 || qEyes == 0 {
		return 1
	}
	return min(sData/qData, sEyes/qEyes)
}

// darkArea measures the dark area of the data modules and of the finder
// patterns, in pixels.
func darkArea(sym *render.Symbol, o render.Options) (data, eyes float64) {
	const px = 8
	o.Margin = 0
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
