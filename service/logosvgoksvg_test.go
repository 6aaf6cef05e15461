package service

import (
	"slices"
	"strings"
	"testing"

	"github.com/srwiley/oksvg"
	"github.com/srwiley/rasterx"
)

// An SVG logo is drawn as SVG 1.1 says, where oksvg and rasterx alone
// would draw it otherwise: strokes as wide as the user space says (§11.4),
// 1 wide and mitred when the file says nothing, an open stroke without a
// closing edge, scale(s) as scale(s, s) (§7.6), a rect's rx without ry
// rounding both ways (§9.2). Each point is in the 10 × 10 viewBox, drawn
// at 10 pixels a unit.
func TestOksvgReadsAsSVGSays(t *testing.T) {
	for _, c := range []struct {
		name, svg string
		points    []logoPoint
	}{
		{"stroke width in user space", clipHead + `<path d="M1 5H9" stroke="#000" stroke-width="2"/></svg>`,
			[]logoPoint{{5, 4.2, true}, {5, 5.8, true}, {5, 3.5, false}}},
		{"stroke width 1 unless given", clipHead + `<path d="M1 5H9" stroke="#000"/></svg>`,
			[]logoPoint{{5, 4.65, true}, {5, 5.35, true}, {5, 4.3, false}}},
		{"stroke width under a transformed group", clipHead + `<g transform="scale(2 2)"><path d="M1 2.5H4" stroke="#000"/></g></svg>`,
			[]logoPoint{{5, 4.2, true}, {5, 5.8, true}, {5, 3.5, false}}},
		{"mitred joins unless given", clipHead + `<path d="M2 8L5 2L8 8" fill="none" stroke="#000"/></svg>`,
			[]logoPoint{{5, 1.3, true}, {5, 0.6, false}}},
		{"bevelled joins when given", clipHead + `<path d="M2 8L5 2L8 8" fill="none" stroke="#000" stroke-linejoin="bevel"/></svg>`,
			[]logoPoint{{5, 1.3, false}, {5, 2.2, true}}},
		{"an open stroke is not closed", clipHead + `<path d="M2 5l2 2 4-4" fill="none" stroke="#000" stroke-linejoin="round" stroke-linecap="round"/></svg>`,
			[]logoPoint{{3, 6, true}, {6, 5, true}, {4, 5.5, false}, {5, 6.9, false}, {3, 5, false}}},
		{"scale of one number", clipHead + `<g transform="translate(1 1) scale(2)"><rect width="2" height="2" fill="#000"/></g></svg>`,
			[]logoPoint{{2, 2, true}, {4.5, 4.5, true}, {5.5, 5.5, false}}},
		{"rx alone rounds both ways", clipHead + `<rect width="10" height="10" rx="4" fill="#000"/></svg>`,
			[]logoPoint{{0.4, 0.4, false}, {9.6, 9.6, false}, {5, 5, true}, {5, 0.3, true}}},
		{"ry alone rounds both ways", clipHead + `<rect width="10" height="10" ry="4" fill="#000"/></svg>`,
			[]logoPoint{{0.4, 0.4, false}, {5, 5, true}}},
	} {
		t.Run(c.name, func(t *testing.T) { checkPoints(t, c.svg, c.points) })
	}
}

// A viewBox's origin, transforms listed with commas and hidden elements
// are drawn as SVG 1.1 says (§7.7, §7.6, §11.5).
func TestOksvgReadsPlacesAsSVGSays(t *testing.T) {
	for _, c := range []struct {
		name, svg string
		points    []logoPoint
	}{
		{"a viewBox not at 0, 0", `<svg xmlns="http://www.w3.org/2000/svg" viewBox="10 20 10 10"><rect x="10" y="20" width="4" height="10" fill="#000"/></svg>`,
			[]logoPoint{{1, 5, true}, {3.5, 9, true}, {4.5, 5, false}, {9, 5, false}}},
		{"transforms listed with commas", clipHead + `<rect transform="translate(6 0), scale(2,1)" width="1" height="10" fill="#000"/></svg>`,
			[]logoPoint{{6.5, 5, true}, {7.5, 5, true}, {5, 5, false}, {8.5, 5, false}}},
		{"display none", clipHead + `<g display="none"><rect width="10" height="10" fill="#000"/></g><rect style="fill:#000;display:none" width="10" height="5"/><rect y="8" width="10" height="2" fill="#000"/></svg>`,
			[]logoPoint{{5, 2, false}, {5, 6, false}, {5, 9, true}}},
	} {
		t.Run(c.name, func(t *testing.T) { checkPoints(t, c.svg, c.points) })
	}
}

// A dashed stroke is drawn dashed, its pattern in user space; a pattern
// of more dashes than are drawn is refused before rasterx walks it.
func TestSVGDashes(t *testing.T) {
	checkPoints(t, clipHead+`<path d="M0 5H10" stroke="#000" stroke-width="2" stroke-dasharray="2 2"/></svg>`,
		[]logoPoint{{1, 5, true}, {3, 5, false}, {5, 5, true}, {7, 5, false}})
	checkPoints(t, clipHead+`<g transform="scale(2)"><path d="M0 2.5H5" stroke="#000" stroke-dasharray="1" stroke-dashoffset="1"/></g></svg>`,
		[]logoPoint{{1, 5, false}, {3, 5, true}, {5, 5, false}})
	fine := clipHead + `<path d="M0 5H10` + strings.Repeat(" H0 H10", 50) + `" stroke="#000" stroke-dasharray="0.001"/></svg>`
	if _, err := rasterSVG([]byte(fine), 100); err == nil || !strings.Contains(err.Error(), "dashes") {
		t.Fatalf("drawn as %v, want refused", err)
	}
}

// A stroke under a scale that differs by direction is widened with it
// (SVG 1.1 §11.4): 4 times across, once along.
func TestSVGStrokeUnderNonUniformScale(t *testing.T) {
	checkPoints(t, clipHead+`<g transform="scale(4 1)"><rect x=".5" y="2" width="1.5" height="6" fill="none" stroke="#000" stroke-width="0.5"/></g></svg>`,
		[]logoPoint{{1.2, 5, true}, {2.8, 5, true}, {5, 2.1, true}, {5, 1.6, false}, {5, 5, false}})
}

// scalePoints writes a list of points as oksvg reads it: a second '.'
// starts a number, a '-' after 'e' does not, a '+' separates.
func TestScalePoints(t *testing.T) {
	for _, c := range []struct {
		in, want string
		ok       bool
	}{
		{"1,2 3 4", "2 4 6 8", true},
		{"1.5.5-2-3e-1", "3 1 -4 -0.6", true},
		{"1e3+2", "2000 4", true},
		{"1e30 0", "2e30 0", true},
		{"1 2 3", "1 2 3", false},
		{"1 - 2 3", "1 - 2 3", false},
		{"1.5. 2", "1.5. 2", false},
		{"", "", true},
	} {
		got, ok := scalePoints(c.in, 2)
		if got != c.want || ok != c.ok {
			t.Errorf("scalePoints(%q, 2) = %q, %v; want %q, %v", c.in, got, ok, c.want, c.ok)
		}
	}
	// Written at scale 1, oksvg reads the same polyline.
	read := func(points string) rasterx.Path {
		icon, err := oksvg.ReadIconStream(strings.NewReader(`<svg viewBox="0 0 10 10"><polyline points="`+points+`"/></svg>`), oksvg.IgnoreErrorMode)
		if err != nil || len(icon.SVGPaths) != 1 {
			t.Fatalf("%q: %v, %d paths", points, err, len(icon.SVGPaths))
		}
		return icon.SVGPaths[0].Path
	}
	for _, in := range []string{"0.1.2-3e-1,4 5.6.7", "1e1-2+3 4,5 6", "1.5.5 2.25.2 3 3\t4\n5"} {
		got, ok := scalePoints(in, 1)
		if a, b := read(in), read(got); !ok || !slices.Equal(a, b) {
			t.Errorf("%q written %q (%v): oksvg reads %v, then %v", in, got, ok, a, b)
		}
	}
}
