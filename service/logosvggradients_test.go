package service

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"
	"strings"
	"testing"
)

// redToBlue is a gradient's stops from red to blue.
const redToBlue = `<stop offset="0" stop-color="#f00"/><stop offset="1" stop-color="#00f"/>`

// Gradients are drawn as SVG 1.1 §13.2 says where oksvg alone would paint
// black or misplace them: defined after the shape that names them, with
// their stops in the gradient their href names, and in userSpaceOnUse
// units scaled with the viewBox and moved with the shape's transform.
func TestSVGGradientsAsSVGSays(t *testing.T) {
	type sample struct {
		x, y float64
		want color.NRGBA
	}
	red, blue, mid := color.NRGBA{255, 0, 0, 255}, color.NRGBA{0, 0, 255, 255}, color.NRGBA{128, 0, 127, 255}
	for _, c := range []struct {
		name, svg string
		samples   []sample
	}{
		{"defined after its use (Figma)", clipHead + `<rect fill="url(#g)" width="10" height="10"/><defs><linearGradient id="g">` + redToBlue + `</linearGradient></defs></svg>`,
			[]sample{{0.05, 5, red}, {9.95, 5, blue}, {5, 5, mid}}},
		{"stops through href (Inkscape)", clipHead + `<defs><linearGradient id="stops">` + redToBlue + `</linearGradient><linearGradient xlink:href="#stops" id="g" x1="0" y1="0" x2="10" y2="0" gradientUnits="userSpaceOnUse"/></defs><rect fill="url(#g)" width="10" height="10"/></svg>`,
			[]sample{{0.05, 5, red}, {9.95, 5, blue}, {5, 5, mid}}},
		{"userSpaceOnUse scales with the viewBox", clipHead + `<defs><linearGradient id="g" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="0" y2="10">` + redToBlue + `</linearGradient></defs><rect fill="url(#g)" width="10" height="10"/></svg>`,
			[]sample{{5, 0.05, red}, {5, 9.95, blue}, {5, 5, mid}}},
		{"userSpaceOnUse moves with the shape", clipHead + `<defs><linearGradient id="g" gradientUnits="userSpaceOnUse" x1="0" x2="5">` + redToBlue + `</linearGradient></defs><g transform="translate(5 0)"><rect fill="url(#g)" width="5" height="10"/></g></svg>`,
			[]sample{{5.05, 5, red}, {9.95, 5, blue}, {7.5, 5, mid}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			img := drawClipped(t, c.svg)
			for _, s := range c.samples {
				got := img.NRGBAAt(int(s.x*10), int(s.y*10))
				if d := max(diff(got.R, s.want.R), diff(got.G, s.want.G), diff(got.B, s.want.B), diff(got.A, s.want.A)); d > 16 {
					t.Errorf("(%g, %g): %v, want %v", s.x, s.y, got, s.want)
				}
			}
		})
	}
}

func diff(a, b uint8) int {
	if a > b {
		return int(a - b)
	}
	return int(b - a)
}

// Stops copied through href are bounded: 2000 gradients naming one of 64
// stops would be 5 MB of markup from 90 KB.
func TestGradientCopiesAreBounded(t *testing.T) {
	var b strings.Builder
	b.WriteString(clipHead + `<defs><linearGradient id="s">` + strings.Repeat(`<stop offset=".5" stop-color="#123456"/>`, 64) + `</linearGradient>`)
	for i := range 2000 {
		fmt.Fprintf(&b, `<linearGradient id="g%d" href="#s"/>`, i)
	}
	b.WriteString(`</defs><rect fill="url(#g1)" width="10" height="10"/></svg>`)
	if _, err := rasterSVG([]byte(b.String()), 100); err == nil || !strings.Contains(err.Error(), "stops through href") {
		t.Fatalf("drawn as %v, want refused", err)
	}
}

// A gradient in objectBoundingBox units lies in the box of its shape in
// the shape's own user space (SVG 1.1 §7.11, §13.2.2): it turns with a
// turned shape, and its normal is square to its vector in the box, not in
// pixels. Colours as Chromium draws the same files.
func TestSVGBoundingBoxGradients(t *testing.T) {
	turned := `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48"><defs><linearGradient id="g"><stop offset="0" stop-color="#f00"/><stop offset="1" stop-color="#00f"/></linearGradient></defs><g transform="rotate(45 24 24)"><rect x="10" y="10" width="28" height="28" fill="url(#g)"/></g></svg>`
	img, err := rasterSVG([]byte(turned), 192)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []struct {
		x, y int
		want color.NRGBA
	}{{96, 30, color.NRGBA{232, 0, 23, 255}}, {30, 96, color.NRGBA{232, 0, 23, 255}}, {162, 96, color.NRGBA{19, 0, 235, 255}}} {
		got := img.NRGBAAt(s.x, s.y)
		if max(diff(got.R, s.want.R), diff(got.B, s.want.B)) > 6 {
			t.Errorf("turned, (%d, %d): %v, want %v", s.x, s.y, got, s.want)
		}
	}
	// A diagonal gradient over a 2:1 box: its isolines run corner to
	// corner of the box's other diagonal, so the two other corners are
	// its middle colour.
	wide := clipHead + `<defs><linearGradient id="g" x2="1" y2="1">` + redToBlue + `</linearGradient></defs><rect y="2.5" width="10" height="5" fill="url(#g)"/></svg>`
	img = drawClipped(t, wide)
	for _, p := range [][2]int{{97, 27}, {2, 72}} {
		if got := img.NRGBAAt(p[0], p[1]); diff(got.R, 128) > 12 || diff(got.B, 127) > 12 {
			t.Errorf("wide, (%d, %d): %v, want the middle colour", p[0], p[1], got)
		}
	}
}

// paintGradient lays a gradient down as draw.DrawMask does with draw.Over.
func TestPaintGradientIsDrawOver(t *testing.T) {
	box := image.Rect(3, 2, 61, 47)
	f := colorFuncImage(func(x, y int) color.Color {
		return color.NRGBA{uint8(x * 4), uint8(y * 5), uint8(x * y), uint8(40 + x*3)}
	})
	cover := image.NewAlpha(image.Rect(0, 0, 64, 48))
	want, got := image.NewRGBA(cover.Rect), image.NewRGBA(cover.Rect)
	for i := range cover.Pix {
		cover.Pix[i] = uint8(i * 7)
		want.Pix[4*i], want.Pix[4*i+1], want.Pix[4*i+3] = uint8(i), uint8(i*3), 200
	}
	copy(got.Pix, want.Pix)
	draw.DrawMask(want, box, f, box.Min, cover, box.Min, draw.Over)
	paintGradient(got, box, f, cover)
	for i := range got.Pix {
		if diff(got.Pix[i], want.Pix[i]) > 1 {
			t.Fatalf("byte %d: %d, want %d", i, got.Pix[i], want.Pix[i])
		}
	}
}

// TestSVGRadialGradientsTurned: a radial gradient whose gradientTransform
// turns or skews it (Figma writes each radial gradient as translate,
// rotate and scale), or whose objectBoundingBox is turned with its shape,
// is an ellipse turned as the transform says (SVG 1.1 §13.2.3), as
// Chromium draws it. Along each axis of the ellipse, a point a fraction t
// of the way out takes the colour t of the way from the first stop to
// the last.
func TestSVGRadialGradientsTurned(t *testing.T) {
	const greenToBlue = `<stop offset="0" stop-color="#00aa00"/><stop offset="1" stop-color="#0000ff"/>`
	for _, c := range []struct {
		name   string
		svg    string
		cx, cy float64 // the centre in pixels at 192
		angle  float64 // of the first axis, in degrees
		rx, ry float64 // the radii in pixels
	}{
		{"turned by 45° (Figma)", `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect width="100" height="100" fill="url(#p)"/><defs><radialGradient id="p" cx="0" cy="0" r="1" gradientUnits="userSpaceOnUse" gradientTransform="translate(50 50) rotate(45) scale(45)">` + greenToBlue + `</radialGradient></defs></svg>`,
			96, 96, 45, 45 * 1.92, 45 * 1.92},
		{"an ellipse turned by 37°", `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect width="100" height="100" fill="url(#p)"/><defs><radialGradient id="p" cx="0" cy="0" r="1" gradientUnits="userSpaceOnUse" gradientTransform="translate(50 50) rotate(37) scale(45 20)">` + greenToBlue + `</radialGradient></defs></svg>`,
			96, 96, 37, 45 * 1.92, 20 * 1.92},
		{"the bounding box of a turned ellipse", `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><defs><radialGradient id="g">` + greenToBlue + `</radialGradient></defs><ellipse cx="50" cy="50" rx="45" ry="25" fill="url(#g)" transform="rotate(30 50 50)"/></svg>`,
			96, 96, 30, 45 * 1.92, 25 * 1.92},
	} {
		img, err := rasterSVG([]byte(c.svg), 192)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		for _, axis := range []struct{ angle, r float64 }{{c.angle, c.rx}, {c.angle + 90, c.ry}} {
			sin, cos := math.Sincos(axis.angle * math.Pi / 180)
			for _, f := range []float64{0.25, 0.5, 0.75, 0.9} {
				x, y := c.cx+f*axis.r*cos, c.cy+f*axis.r*sin
				got := img.NRGBAAt(int(x), int(y))
				want := color.NRGBA{0, uint8(math.Round(170 * (1 - f))), uint8(math.Round(255 * f)), 255}
				if max(diff(got.G, want.G), diff(got.B, want.B)) > 12 {
					t.Errorf("%s: %.2f of the way out at %.0f°, (%.0f, %.0f): %v, want %v", c.name, f, axis.angle, x, y, got, want)
				}
			}
		}
	}
}
