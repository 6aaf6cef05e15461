package analysis

import (
	"image/color"
	"math"
)

// RelativeLuminance is WCAG 2.2's relative luminance of an sRGB colour.
func RelativeLuminance(c color.NRGBA) float64 {
	lin := func(v uint8) float64 {
		x := float64(v) / 255
		if x <= 0.04045 {
			return x / 12.92
		}
		return math.Pow((x+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(c.R) + 0.7152*lin(c.G) + 0.0722*lin(c.B)
}

// over composites c onto an opaque ground.
func over(c, ground color.NRGBA) color.NRGBA {
	a := float64(c.A) / 255
	mix := func(x, y uint8) uint8 { return uint8(math.Round(float64(x)*a + float64(y)*(1-a))) }
	return color.NRGBA{mix(c.R, ground.R), mix(c.G, ground.G), mix(c.B, ground.B), 255}
}

// White is paper and screen, the ground a translucent background is seen on.
var White = color.NRGBA{255, 255, 255, 255}

// Visible are the colours as seen: bg on white paper or screen, fg on bg.
func Visible(fg, bg color.NRGBA) (color.NRGBA, color.NRGBA) {
	bg = over(bg, White)
	return over(fg, bg), bg
}

// ContrastRatio is WCAG 2's (L1 + 0.05) / (L2 + 0.05) of the colours as
// seen.
func ContrastRatio(fg, bg color.NRGBA) float64 {
	f, b := Visible(fg, bg)
	lf, lb := RelativeLuminance(f), RelativeLuminance(b)
	return (max(lf, lb) + 0.05) / (min(lf, lb) + 0.05)
}

// Inverted reports light modules on a dark ground, reflectance reversal
// (ISO/IEC 18004 §6.2), which many readers do not read.
func Inverted(fg, bg color.NRGBA) bool {
	f, b := Visible(fg, bg)
	return RelativeLuminance(f) > RelativeLuminance(b)
}
