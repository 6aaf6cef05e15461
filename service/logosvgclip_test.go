package service

import (
	"fmt"
	"image"
	"strings"
	"testing"
)

// clipHead opens a 10 × 10 logo, drawn at 10 pixels a unit.
const clipHead = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">`

// drawClipped draws svg at 100 pixels, refusing the test on any error.
func drawClipped(t *testing.T, svg string) *image.NRGBA {
	t.Helper()
	if _, err := checkSVG([]byte(svg)); err != nil {
		t.Fatalf("refused by the check: %s", err.detail)
	}
	img, err := rasterSVG([]byte(svg), 100)
	if err != nil {
		t.Fatalf("not drawn: %v", err)
	}
	return img
}

// A logoPoint is a point of a 10 × 10 viewBox and whether it is inked.
type logoPoint struct {
	x, y   float64
	opaque bool
}

// checkPoints draws svg at 10 pixels a unit and checks the pixel at each
// point: opaque, or transparent.
func checkPoints(t *testing.T, svg string, points []logoPoint) {
	t.Helper()
	img := drawClipped(t, svg)
	for _, p := range points {
		a := img.NRGBAAt(int(p.x*10), int(p.y*10)).A
		if p.opaque && a < 250 || !p.opaque && a > 5 {
			t.Errorf("(%g, %g): alpha %d, want opaque %v", p.x, p.y, a, p.opaque)
		}
	}
}

// Each clipped element is drawn only inside its clip, in the user space
// it names the clip in (CSS Masking 1 §5, SVG 1.1 §14.3.5): the
// exports of Figma (a frame's rect, <defs> last) and Illustrator (a class
// naming the clip, a <use> in it), a clip on a transformed group, on the
// root, nested clips, and a clip moved by its own transform.
func TestClipPathsClip(t *testing.T) {
	for _, c := range []struct {
		name, svg string
		points    []logoPoint
	}{
		{"circle clip on a rect", clipHead + `<defs><clipPath id="c"><circle cx="5" cy="5" r="2"/></clipPath></defs><rect clip-path="url(#c)" fill="#f00" width="10" height="10"/></svg>`,
			[]logoPoint{{5, 5, true}, {6.2, 5, true}, {1, 1, false}, {7.6, 5, false}, {9, 9, false}}},
		{"Figma: group clipped to its frame, defs last", clipHead + `<g clip-path="url(#clip0_1_2)"><rect x="-5" y="-5" width="20" height="20" fill="#1e88e5"/></g><defs><clipPath id="clip0_1_2"><rect x="2" y="2" width="6" height="6" fill="white"/></clipPath></defs></svg>`,
			[]logoPoint{{2.5, 2.5, true}, {7.5, 7.5, true}, {1.5, 5, false}, {5, 8.5, false}}},
		{"Illustrator: a class, and a use in the clip", clipHead + `<defs><style>.cls-1{fill:none;}.cls-2{clip-path:url(#clip-path);}</style><rect id="SVGID_1_" x="0" y="0" width="5" height="10"/></defs><clipPath id="clip-path"><use xlink:href="#SVGID_1_" style="overflow:visible;"/></clipPath><g class="cls-2"><circle cx="5" cy="5" r="4" fill="#063"/></g></svg>`,
			[]logoPoint{{2, 5, true}, {4.5, 5, true}, {5.5, 5, false}, {8, 5, false}}},
		{"the clip in the element's user space", clipHead + `<defs><clipPath id="c"><rect width="3" height="10"/></clipPath></defs><g transform="translate(5 0)"><rect clip-path="url(#c)" transform="translate(1 0)" x="-6" width="10" height="10" fill="#000"/></g></svg>`,
			[]logoPoint{{6.5, 5, true}, {8.5, 5, true}, {5.5, 5, false}, {9.5, 5, false}, {2, 5, false}}},
		{"the clip's own transform", clipHead + `<defs><clipPath id="c" transform="translate(6 0)"><rect width="2" height="10"/></clipPath></defs><rect clip-path="url(#c)" width="10" height="10" fill="#000"/></svg>`,
			[]logoPoint{{7, 5, true}, {5, 5, false}, {9, 5, false}}},
		{"on the root", `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" clip-path="url(#c)"><defs><clipPath id="c"><rect width="4" height="10"/></clipPath></defs><rect width="10" height="10" fill="#000"/></svg>`,
			[]logoPoint{{2, 5, true}, {6, 5, false}}},
		{"nested clips intersect", clipHead + `<defs><clipPath id="a"><rect width="6" height="10"/></clipPath><clipPath id="b"><rect x="4" width="6" height="10"/></clipPath></defs><g clip-path="url(#a)"><rect width="10" height="5" fill="#000"/><rect style="clip-path: url('#b')" y="5" width="10" height="5" fill="#000"/></g></svg>`,
			[]logoPoint{{1, 2, true}, {8, 2, false}, {1, 7, false}, {5, 7, true}, {8, 7, false}}},
		{"shapes after a clipped element are not clipped", clipHead + `<defs><clipPath id="c"><rect width="2" height="2"/></clipPath></defs><rect clip-path="url(#c)" width="10" height="10" fill="#000"/><rect x="8" y="8" width="2" height="2" fill="#000"/></svg>`,
			[]logoPoint{{1, 1, true}, {5, 5, false}, {9, 9, true}}},
		{"an unused clip's shapes are not drawn", clipHead + `<clipPath id="c"><rect width="10" height="10"/></clipPath><rect x="4" y="4" width="2" height="2" fill="#000"/></svg>`,
			[]logoPoint{{5, 5, true}, {1, 1, false}}},
		{"a clipped definition, clipped where used", clipHead + `<defs><clipPath id="c"><rect width="5" height="10"/></clipPath><rect id="r" clip-path="url(#c)" width="10" height="10"/></defs><use href="#r"/></svg>`,
			[]logoPoint{{2, 5, true}, {7, 5, false}}},
		{"a mask of opaque white shapes (Sketch)", clipHead + `<defs><path id="p" d="M0 0H5V10H0z"/></defs><mask id="m" fill="white"><use xlink:href="#p"/></mask><rect mask="url(#m)" width="10" height="10" fill="#000"/></svg>`,
			[]logoPoint{{2, 5, true}, {7, 5, false}}},
		{"an alpha mask of opaque shapes (Figma)", clipHead + `<mask id="m" style="mask-type:alpha" maskUnits="userSpaceOnUse" x="0" y="0" width="10" height="10"><circle cx="5" cy="5" r="2" fill="#C4C4C4"/></mask><g mask="url(#m)"><rect width="10" height="10" fill="#000"/></g></svg>`,
			[]logoPoint{{5, 5, true}, {1, 1, false}}},
		{"a mask and a clip on one element", clipHead + `<clipPath id="c"><rect width="10" height="5"/></clipPath><mask id="m"><rect width="5" height="10" fill="#fff"/></mask><rect clip-path="url(#c)" mask="url(#m)" width="10" height="10" fill="#000"/></svg>`,
			[]logoPoint{{2, 2, true}, {7, 2, false}, {2, 7, false}}},
		{"a clip naming no clipPath clips nothing", clipHead + `<rect clip-path="url(#none)" width="10" height="10" fill="#000"/></svg>`,
			[]logoPoint{{1, 1, true}, {9, 9, true}}},
	} {
		t.Run(c.name, func(t *testing.T) { checkPoints(t, c.svg, c.points) })
	}
}

// What a clip cannot be drawn as is a 400 that says so, not a logo drawn
// without it.
func TestUndrawnClipsAreRefused(t *testing.T) {
	clip := `<clipPath id="c"><rect width="5" height="5"/></clipPath>`
	for _, c := range []struct{ name, svg, says string }{
		{"objectBoundingBox units", clipHead + `<defs><clipPath id="c" clipPathUnits="objectBoundingBox"><rect width=".5" height=".5"/></clipPath></defs><rect clip-path="url(#c)" width="10" height="10"/></svg>`, "clipPathUnits"},
		{"a clipped clip", clipHead + `<defs>` + clip + `<clipPath id="d" clip-path="url(#c)"><rect width="5" height="5"/></clipPath></defs><rect clip-path="url(#d)" width="10" height="10"/></svg>`, "clipped itself"},
		{"a clipped shape in a clip", clipHead + `<defs>` + clip + `<clipPath id="d"><rect clip-path="url(#c)" width="5" height="5"/></clipPath></defs><rect clip-path="url(#d)" width="10" height="10"/></svg>`, "clipped itself"},
		{"a group in a clip", clipHead + `<defs><clipPath id="c"><g><rect width="5" height="5"/></g></clipPath></defs><rect clip-path="url(#c)" width="10" height="10"/></svg>`, "<g>"},
		{"a clip by a selector qrforge does not match", clipHead + `<style>svg > rect{clip-path:url(#c)}</style><defs>` + clip + `</defs><rect width="10" height="10"/></svg>`, "selector"},
		{"a transform in the style", clipHead + `<defs>` + clip + `</defs><rect style="transform:scale(2)" clip-path="url(#c)" width="10" height="10"/></svg>`, "transform"},
		{"a grey mask", clipHead + `<mask id="m"><rect width="5" height="10" fill="#888"/></mask><rect mask="url(#m)" width="10" height="10"/></svg>`, "mask"},
		{"a translucent mask", clipHead + `<mask id="m"><rect width="5" height="10" fill="#fff" fill-opacity=".5"/></mask><rect mask="url(#m)" width="10" height="10"/></svg>`, "mask"},
		{"a stroked mask", clipHead + `<mask id="m"><rect width="5" height="10" fill="#fff" stroke="#fff"/></mask><rect mask="url(#m)" width="10" height="10"/></svg>`, "mask"},
		{"a gradient mask", clipHead + `<defs><linearGradient id="g"><stop stop-color="#fff"/></linearGradient></defs><mask id="m"><rect width="5" height="10" fill="url(#g)"/></mask><rect mask="url(#m)" width="10" height="10"/></svg>`, "mask"},
		{"nine clipped elements", clipHead + `<defs>` + clip + `</defs>` + strings.Repeat(`<rect clip-path="url(#c)" width="10" height="10"/>`, 9) + `</svg>`, "at most 8"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := checkSVG([]byte(c.svg))
			if err == nil || !strings.Contains(err.detail, c.says) {
				t.Fatalf("checked as %v, want a refusal naming %q", err, c.says)
			}
		})
	}
}

// A clip's shapes are copied for each element it clips, and each clip is
// a mask: both are counted before the file is parsed.
func TestClipsAreCounted(t *testing.T) {
	path := `<path d="M0 0` + strings.Repeat(" L10 10", 2000) + `"/>`
	svg := clipHead + `<defs><clipPath id="c">` + path + `</clipPath></defs>` + strings.Repeat(`<rect clip-path="url(#c)" width="10" height="10"/>`, 8) + `</svg>`
	work, err := checkSVG([]byte(svg))
	if err != nil {
		t.Fatalf("refused: %s", err.detail)
	}
	if work.commands < 8*2001 || work.clips != 8 {
		t.Fatalf("counted %+v, want 8 copies of 2001 commands and 8 clips", work)
	}
	if svgCost(len(svg), work)-svgCost(len(svg), svgWork{commands: work.commands}) < 8*svgSide*svgSide {
		t.Fatal("the masks are not reserved")
	}
	many := clipHead + `<defs><clipPath id="c">` + strings.Repeat(path, 7) + `</clipPath></defs>` + strings.Repeat(`<rect clip-path="url(#c)" width="10" height="10"/>`, 8) + `</svg>`
	if _, err := checkSVG([]byte(many)); err == nil || !strings.Contains(err.detail, "path commands") {
		t.Fatalf("8 copies of a 14007-command clip checked as %v, want refused", err)
	}
}

// The markers that bracket a clipped element are no logo's shapes: a file
// that draws one itself is refused, not misread.
func TestClipMarkersAreNotShapes(t *testing.T) {
	svg := clipHead + `<defs><clipPath id="c"><rect width="5" height="5"/></clipPath></defs><rect clip-path="url(#c)" width="10" height="10"/>` +
		fmt.Sprintf(`<path d="M%d %d"/>`, markerX, markerY-2) + `</svg>`
	if _, err := rasterSVG([]byte(svg), 100); err == nil || !strings.Contains(err.Error(), "clipping paths") {
		t.Fatalf("drawn as %v, want refused", err)
	}
}
