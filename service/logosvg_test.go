package service

import (
	"bytes"
	"strings"
	"testing"

	"github.com/srwiley/oksvg"
)

const svgHead = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 100">`

// usePath is a path of 2n+1 commands in <defs>, drawn by uses <use>s.
func usePath(n, uses int) string {
	return svgHead + `<defs><path id="p" fill="#000" d="M0 0` + strings.Repeat(" L100 100 L0 100", n) + `"/></defs>` + strings.Repeat(`<use xlink:href="#p"/>`, uses) + `</svg>`
}

// manyStops is a gradient of stops stops painted by covers full-size rects.
func manyStops(stops, covers int) string {
	return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 9 9"><defs><linearGradient id="g">` + strings.Repeat(`<stop offset=".5" stop-color="#f00"/>`, stops) + `</linearGradient></defs>` + strings.Repeat(`<rect width="9" height="9" fill="url(#g)"/>`, covers) + `</svg>`
}

// What <use> copies and gradients' stops are refused by checkSVG, from
// the markup, before oksvg reads a path or rasterx paints a pixel.
func TestCheckSVGRefusesCopiesAndStops(t *testing.T) {
	for _, c := range []struct{ name, svg, want string }{
		{"5000 uses of a 40001-command path", usePath(20000, 5000), "path commands"},
		{"1000 uses of a 40001-command path", usePath(20000, 1000), "path commands"},
		{"199 uses of a 90001-command path", usePath(45000, 199), "path commands"},
		{"use of a group of paths", svgHead + `<defs><g id="g">` + strings.Repeat(`<path d="M0 0`+strings.Repeat(" L1 1", 200)+`"/>`, 10) + `</g></defs>` + strings.Repeat(`<use href="#g"/>`, 60) + `</svg>`, "path commands"},
		{"oksvg's definition runs to the next id", svgHead + `<defs><rect id="r" width="1" height="1"/><path d="M0 0` + strings.Repeat(" L1 1", 2000) + `"/></defs>` + strings.Repeat(`<use href="#r"/>`, 60) + `</svg>`, "path commands"},
		{"uses of arcs", svgHead + `<defs><path id="a" d="M0 0` + strings.Repeat(" A1 1 0 1 1 0 0", 100) + `"/></defs>` + strings.Repeat(`<use href="#a"/>`, 60) + `</svg>`, "path commands"},
		{"uses copying many elements", svgHead + `<defs><g id="g">` + strings.Repeat(`<g/>`, 500) + `</g></defs>` + strings.Repeat(`<use href="#g"/>`, 50) + `</svg>`, "copy"},
		{"a gradient of 9950 stops", manyStops(9950, 31), "stops"},
		{"a gradient of 540 stops in 11.7 KB", `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 9 9"><defs><linearGradient id="g">` + strings.Repeat(`<stop offset=".5"/>`, 540) + `</linearGradient></defs>` + strings.Repeat(`<rect width="9" height="9" fill="url(#g)"/>`, 31) + `</svg>`, "stops"},
		{"a gradient of 65 stops", manyStops(65, 1), "stops"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := checkSVG([]byte(c.svg))
			if err == nil || err.tooLarge {
				t.Fatalf("checked as %v, want a refusal", err)
			}
			if !strings.Contains(err.detail, c.want) {
				t.Fatalf("refused: %s; want it to name %q", err.detail, c.want)
			}
		})
	}
}

// Logos that use a definition a few times, or a gradient of a few stops,
// pass and are drawn.
func TestCheckSVGAcceptsFewCopiesAndStops(t *testing.T) {
	stops10 := `<linearGradient id="g" x2="0" y2="1">`
	for i := range 10 {
		stops10 += `<stop offset="0.` + string(rune('0'+i)) + `" stop-color="#` + strings.Repeat(string(rune('0'+i)), 3) + `"/>`
	}
	stops10 += `</linearGradient>`
	for _, c := range []struct {
		name, svg string
		drawn     bool
	}{
		{"5 uses of a small group", svgHead + `<defs><g id="s"><path d="M0 0 L10 0 L10 10 Z"/><circle cx="5" cy="5" r="3"/></g></defs>` + strings.Repeat(`<use xlink:href="#s" x="20" y="20"/>`, 5) + `</svg>`, true},
		{"a gradient of 10 stops", svgHead + `<defs>` + stops10 + `</defs><rect width="100" height="100" fill="url(#g)"/><circle cx="50" cy="50" r="30" fill="url(#g)" stroke="url(#g)"/></svg>`, true},
		{"a full-size gradient of 64 stops", manyStops(64, 1), true},
	} {
		t.Run(c.name, func(t *testing.T) {
			work, err := checkSVG([]byte(c.svg))
			if err != nil {
				t.Fatalf("refused: %s", err.detail)
			}
			if work.commands == 0 {
				t.Fatalf("counted %+v", work)
			}
			if _, err := rasterSVG([]byte(c.svg), svgSide); err != nil && c.drawn {
				t.Fatalf("not drawn: %v", err)
			}
		})
	}
}

// A gradient's pixels weigh on the budget of painted pixels: 31 full-size
// covers of a 64-stop gradient are refused when measured, before drawing.
func TestMeasureSVGWeighsGradients(t *testing.T) {
	svg := []byte(manyStops(64, 31))
	if _, err := checkSVG(svg); err != nil {
		t.Fatalf("refused by the check: %s", err.detail)
	}
	icon, err := oksvg.ReadIconStream(bytes.NewReader(svg), oksvg.IgnoreErrorMode)
	if err != nil {
		t.Fatal(err)
	}
	icon.SetTarget(0, 0, svgSide, svgSide)
	if _, err := measureSVG(icon, svgSide, svgSide); err == nil || !strings.Contains(err.detail, "gradient") {
		t.Fatalf("measured as %v, want the cover refused", err)
	}
	// The same shapes in a plain colour are within the budget.
	plain := bytes.ReplaceAll(svg, []byte("url(#g)"), []byte("#f00"))
	icon, _ = oksvg.ReadIconStream(bytes.NewReader(plain), oksvg.IgnoreErrorMode)
	icon.SetTarget(0, 0, svgSide, svgSide)
	if _, err := measureSVG(icon, svgSide, svgSide); err != nil {
		t.Fatalf("plain colour refused: %s", err.detail)
	}
}

// The memory reserved for an SVG counts what <use> copies.
func TestSVGCostCountsCopies(t *testing.T) {
	svg := []byte(usePath(400, 100)) // 80 KB of copies from 7 KB
	work, err := checkSVG(svg)
	if err != nil {
		t.Fatalf("refused: %s", err.detail)
	}
	if work.commands < 100*801 || work.copies != 100 {
		t.Fatalf("counted %+v", work)
	}
	if svgCost(len(svg), work)-svgCost(len(svg), svgWork{}) < 32*100*801 {
		t.Fatal("copies not reserved")
	}
}
