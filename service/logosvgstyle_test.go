package service

import (
	"strings"
	"testing"
)

// ring is two circles drawn in the same direction: by the even-odd rule
// the inner one is a hole.
const ring = `d="M1 5a4 4 0 1 0 8 0a4 4 0 1 0-8 0zM3 5a2 2 0 1 0 4 0a2 2 0 1 0-4 0z"`

// An SVG logo's styles are resolved as CSS resolves them (CSS Cascading 4
// §6: presentation attributes, then rules by specificity and order, then
// the style attribute), its colours and opacities read in every form CSS
// Color 4 writes them, and its fill rule kept (SVG 1.1 §11.3).
func TestSVGStylesResolveAsCSS(t *testing.T) {
	for _, c := range []struct {
		name, svg string
		points    []logoPoint
	}{
		{"style beats an attribute", clipHead + `<rect style="fill:none" fill="#000" width="5" height="10"/><rect fill="none" style="fill:#000" x="5" width="5" height="10"/></svg>`,
			[]logoPoint{{2, 5, false}, {7, 5, true}}},
		{"a class beats an attribute, not a style", clipHead + `<style>.a{fill:none}</style><rect class="a" fill="#000" width="5" height="10"/><rect class="a" style="fill:#000" x="5" width="5" height="10"/></svg>`,
			[]logoPoint{{2, 5, false}, {7, 5, true}}},
		{"ids, types, descendants, two classes", clipHead + `<defs><style>rect{fill:none} #b{fill:#000} g .c{fill:#000} .d.e{fill:#000}</style></defs><rect id="b" width="2" height="10"/><g><rect class="c" x="3" width="2" height="10"/></g><rect class="d e" x="6" width="2" height="10"/><rect class="d" x="8.5" width="1.5" height="10"/></svg>`,
			[]logoPoint{{1, 5, true}, {4, 5, true}, {7, 5, true}, {9, 5, false}}},
		{"the later of equal rules", clipHead + `<style>.a{fill:#000}.b{fill:none}</style><rect class="b a" width="5" height="10"/><rect class="a" x="5" width="5" height="10"/></svg>`,
			[]logoPoint{{2, 5, false}, {7, 5, true}}},
		{"currentColor", clipHead + `<g color="#000" fill="none"><path d="M1 5H9" stroke="currentColor" stroke-width="2"/></g></svg>`,
			[]logoPoint{{5, 5, true}, {5, 2, false}}},
		{"transparent, #rgba, #rrggbbaa", clipHead + `<rect fill="transparent" width="3" height="10"/><rect fill="#0000" x="3" width="3" height="10"/><rect fill="#000000ff" x="6" width="4" height="10"/></svg>`,
			[]logoPoint{{1, 5, false}, {4, 5, false}, {8, 5, true}}},
		{"rgb with spaces, hsl, a percentage opacity", clipHead + `<rect fill="rgb(0 0 0)" width="3" height="10"/><rect fill="hsl(120, 100%, 25%)" x="3" width="3" height="10"/><rect fill="#000" fill-opacity="0%" x="6" width="4" height="10"/></svg>`,
			[]logoPoint{{1, 5, true}, {4, 5, true}, {8, 5, false}}},
		{"visibility", clipHead + `<g visibility="hidden"><rect width="5" height="10"/><rect visibility="visible" x="5" width="5" height="10"/></g></svg>`,
			[]logoPoint{{2, 5, false}, {7, 5, true}}},
		{"display none by a class", clipHead + `<style>.off{display:none}</style><g class="off"><rect width="5" height="10"/></g><rect x="5" width="5" height="10"/></svg>`,
			[]logoPoint{{2, 5, false}, {7, 5, true}}},
		{"non-zero fills a ring drawn one way", clipHead + `<path ` + ring + `/></svg>`,
			[]logoPoint{{5, 5, true}, {2, 5, true}}},
		{"even-odd leaves its hole", clipHead + `<path fill-rule="evenodd" ` + ring + `/></svg>`,
			[]logoPoint{{5, 5, false}, {2, 5, true}, {0.5, 0.5, false}}},
		{"even-odd inherited from a class", clipHead + `<style>.eo{fill-rule:evenodd}</style><g class="eo"><path ` + ring + `/></g></svg>`,
			[]logoPoint{{5, 5, false}, {2, 5, true}}},
		{"a clip's clip-rule", clipHead + `<defs><clipPath id="c" clip-rule="evenodd"><path ` + ring + `/></clipPath></defs><rect clip-path="url(#c)" width="10" height="10"/></svg>`,
			[]logoPoint{{5, 5, false}, {2, 5, true}, {0.5, 0.5, false}}},
	} {
		t.Run(c.name, func(t *testing.T) { checkPoints(t, c.svg, c.points) })
	}
}

// Stop colours in a style attribute (as Inkscape writes them) colour the
// gradient.
func TestSVGStopColoursInStyles(t *testing.T) {
	img := drawClipped(t, clipHead+`<defs><linearGradient id="g"><stop offset="0" style="stop-color:#ff0000;stop-opacity:1"/><stop offset="1" style="stop-color:#ff0000"/></linearGradient></defs><rect fill="url(#g)" width="10" height="10"/></svg>`)
	if c := img.NRGBAAt(50, 50); c.R < 250 || c.G > 5 || c.A < 250 {
		t.Fatalf("centre %v, want red", c)
	}
}

// Stylesheets qrforge cannot match, and colours it cannot read, are a 400
// that says so, not a logo drawn without them.
func TestUnreadStylesAreRefused(t *testing.T) {
	for _, c := range []struct{ name, svg, says string }{
		{"child combinator", clipHead + `<style>g > rect{fill:red}</style><rect width="10" height="10"/></svg>`, "selector"},
		{"pseudo-class", clipHead + `<style>rect:first-child{fill:red}</style><rect width="10" height="10"/></svg>`, "selector"},
		{"at-rule", clipHead + `<style>@media print{rect{fill:red}}</style><rect width="10" height="10"/></svg>`, "selector"},
		{"a broken colour", clipHead + `<rect fill="#12345" width="10" height="10"/></svg>`, "not a colour"},
		{"an opacity not a number", clipHead + `<rect opacity="half" width="10" height="10"/></svg>`, "not a number"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := checkSVG([]byte(c.svg))
			if err == nil || !strings.Contains(err.detail, c.says) {
				t.Fatalf("checked as %v, want a refusal naming %q", err, c.says)
			}
		})
	}
}

// A group's opacity applies to the group drawn whole (SVG 1.1 §14.5):
// where its shapes overlap, the page shows through as much as elsewhere,
// and so with a shape both filled and stroked.
func TestSVGGroupOpacity(t *testing.T) {
	img := drawClipped(t, clipHead+`<g opacity="0.5"><rect width="6" height="10" fill="#000"/><rect x="4" width="6" height="10" fill="#000"/></g></svg>`)
	for _, x := range []int{20, 50, 80} { // alone, overlapping, alone
		if a := img.NRGBAAt(x, 50).A; a < 120 || a > 136 {
			t.Errorf("group, x=%d: alpha %d, want 128", x, a)
		}
	}
	img = drawClipped(t, clipHead+`<rect x="2" y="2" width="6" height="6" fill="#000" stroke="#000" stroke-width="2" opacity="0.5"/></svg>`)
	for _, x := range []int{15, 25, 50} { // stroke alone, stroke over fill, fill alone
		if a := img.NRGBAAt(x, 50).A; a < 120 || a > 136 {
			t.Errorf("filled and stroked, x=%d: alpha %d, want 128", x, a)
		}
	}
	img = drawClipped(t, clipHead+`<g opacity="0.5"><g opacity="0.5"><rect width="10" height="10" fill="#000"/></g></g></svg>`)
	if a := img.NRGBAAt(50, 50).A; a < 58 || a > 70 {
		t.Errorf("nested: alpha %d, want 64", a)
	}
}
