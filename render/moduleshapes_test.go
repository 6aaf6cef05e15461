package render

import (
	"image"
	"testing"

	"golang.org/x/image/vector"
)

// Decoders sample a module near its centre (ISO/IEC 18004 §12): every
// module style paints the middle 0.3 × 0.3 of its module wholly dark, for
// every neighbourhood, and no module style paints the centre of a light
// module next to it.
func TestModuleStylesCoverTheirCentre(t *testing.T) {
	const px = 40 // pixels a module
	for _, m := range ModuleStyles {
		for bits := 0; bits < 256; bits++ {
			b := func(i int) bool { return bits>>i&1 == 1 }
			nb := neighbours{b(0), b(1), b(2), b(3), b(4), b(5), b(6), b(7)}
			var p path
			// The module sits in the middle of a 3×3 canvas, so shapes that
			// reach past their cell are measured too.
			moduleShapes[m](&p, 1, 1, nb)
			var r vector.Rasterizer
			r.Reset(3*px, 3*px)
			addPath(&r, p.ops, 0, 0, px)
			img := image.NewAlpha(image.Rect(0, 0, 3*px, 3*px))
			r.Draw(img, img.Rect, image.Opaque, image.Point{})
			for y := px + px*35/100; y < px+px*65/100; y++ {
				for x := px + px*35/100; x < px+px*65/100; x++ {
					if a := img.AlphaAt(x, y).A; a != 255 {
						t.Fatalf("%s with neighbours %+v: pixel (%d, %d) of the module's middle is %d/255 dark", m, nb, x-px, y-px, a)
					}
				}
			}
			for _, c := range [][2]int{{0, 1}, {2, 1}, {1, 0}, {1, 2}, {0, 0}, {2, 2}, {0, 2}, {2, 0}} {
				if a := img.AlphaAt(c[0]*px+px/2, c[1]*px+px/2).A; a != 0 {
					t.Fatalf("%s with neighbours %+v darkens the centre of cell %v to %d/255", m, nb, c, a)
				}
			}
		}
	}
}
