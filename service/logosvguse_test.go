package service

import (
	"strings"
	"testing"
)

// A <use> draws a copy of what it names wherever that is (SVG 1.1 §5.6):
// defined after it, outside <defs> (an Inkscape clone), inside a clip,
// moved by its x, y and transform; a use that names nothing draws
// nothing.
func TestUsesDrawCopies(t *testing.T) {
	for _, c := range []struct {
		name, svg string
		points    []logoPoint
	}{
		{"defined after it", clipHead + `<use href="#r" x="5"/><defs><rect id="r" width="5" height="10"/></defs></svg>`,
			[]logoPoint{{7, 5, true}, {2, 5, false}}},
		{"a clone of a drawn shape", clipHead + `<rect id="r" width="3" height="10"/><use xlink:href="#r" x="6" width="100%" height="100%"/></svg>`,
			[]logoPoint{{1, 5, true}, {7, 5, true}, {4.5, 5, false}}},
		{"moved by its transform, then x and y", clipHead + `<defs><rect id="r" width="2" height="2"/></defs><use href="#r" transform="translate(2 0)" x="4" y="4"/></svg>`,
			[]logoPoint{{7, 5, true}, {5, 5, false}, {1, 1, false}}},
		{"in a clip inside defs", clipHead + `<defs><rect id="r" width="5" height="10"/><clipPath id="c"><use href="#r"/></clipPath></defs><rect clip-path="url(#c)" width="10" height="10"/></svg>`,
			[]logoPoint{{2, 5, true}, {7, 5, false}}},
		{"naming nothing", clipHead + `<use href="#none"/><rect x="5" width="5" height="10"/></svg>`,
			[]logoPoint{{7, 5, true}, {2, 5, false}}},
		{"styled by the use", clipHead + `<defs><path id="p" d="M0 0H5V10H0z"/></defs><use href="#p" style="fill:none"/><use href="#p" x="5"/></svg>`,
			[]logoPoint{{2, 5, false}, {7, 5, true}}},
	} {
		t.Run(c.name, func(t *testing.T) { checkPoints(t, c.svg, c.points) })
	}
}

// Uses that could name themselves, or copy more than a bound, are
// refused before anything is read.
func TestUnboundedUsesAreRefused(t *testing.T) {
	for _, c := range []struct{ name, svg, says string }{
		{"a use of its own group", clipHead + `<g id="g"><rect width="1" height="1"/><use href="#g"/></g></svg>`, "holds a <use>"},
		{"a use of a group with a use", clipHead + `<g id="a"><use href="#b"/></g><rect id="b" width="1" height="1"/><use href="#a"/></svg>`, "holds a <use>"},
		{"a use of an svg", clipHead + `<svg id="s" viewBox="0 0 1 1"><rect width="1" height="1"/></svg><use href="#s"/></svg>`, "<svg>"},
		{"copies past 1 MiB", clipHead + `<defs><g id="g"><desc>` + strings.Repeat("x", 20<<10) + `</desc><rect width="1" height="1"/></g></defs>` + strings.Repeat(`<use href="#g"/>`, 60) + `</svg>`, "KiB of markup"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := checkSVG([]byte(c.svg))
			if err == nil || !strings.Contains(err.detail, c.says) {
				t.Fatalf("checked as %v, want a refusal naming %q", err, c.says)
			}
		})
	}
}
