package service

import (
	"fmt"
	"strings"
	"testing"
)

// benchStops is a gradient's n stops.
func benchStops(n int) string {
	var s strings.Builder
	for i := range n {
		fmt.Fprintf(&s, `<stop offset="%g" stop-color="#%02x0000"/>`, float64(i)/float64(max(n-1, 1)), i*3%256)
	}
	return s.String()
}

// BenchmarkSVGLogo draws SVG logos as a logo upload does (checkSVG, then
// rasterSVG at 768 px): an export of Figma with a clip, a gradient defined
// last, an even-odd ring and a currentColor stroke; a Lucide-style stroke
// icon; and ten full-size covers of a plain colour and of gradients,
// whose ns/px (per pixel of each cover) gives the weights of
// gradientWeight.
func BenchmarkSVGLogo(b *testing.B) {
	covers := func(defs, fill string, n int) string {
		return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><defs>` + defs + `</defs>` + strings.Repeat(`<rect width="10" height="10" fill="`+fill+`"/>`, n) + `</svg>`
	}
	for _, c := range []struct {
		name, svg string
		covers    int // full-size covers, within the budget of painted pixels
	}{
		{"figma", `<svg width="48" height="48" viewBox="0 0 48 48" fill="none" color="#fff" xmlns="http://www.w3.org/2000/svg"><g clip-path="url(#c)"><rect width="48" height="48" fill="url(#g)"/><path fill-rule="evenodd" d="M24 4a20 20 0 1 0 0 40a20 20 0 1 0 0-40zM24 8a16 16 0 1 0 0 32a16 16 0 1 0 0-32z" fill="#fff" fill-opacity="0.35"/><path d="M14 24l7 7 13-14" stroke="currentColor" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/></g><defs><linearGradient id="g" x1="0" y1="0" x2="48" y2="48" gradientUnits="userSpaceOnUse"><stop stop-color="#6A1B9A"/><stop offset="1" stop-color="#283593"/></linearGradient><clipPath id="c"><circle cx="24" cy="24" r="24"/></clipPath></defs></svg>`, 0},
		{"stroke-icon", `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10"/><path d="m9 12 2 2 4-4"/></svg>`, 0},
		{"covers-plain", covers("", "#f00", 10), 10},
		{"covers-linear-2", covers(`<linearGradient id="g" x2="1" y2="1">`+benchStops(2)+`</linearGradient>`, "url(#g)", 3), 3},
		{"covers-linear-64", covers(`<linearGradient id="g" x2="1" y2="1">`+benchStops(64)+`</linearGradient>`, "url(#g)", 2), 2},
		{"covers-radial-10", covers(`<radialGradient id="g" fx=".3">`+benchStops(10)+`</radialGradient>`, "url(#g)", 2), 2},
	} {
		svg := []byte(c.svg)
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := checkSVG(svg); err != nil {
					b.Fatal(err.detail)
				}
				if _, err := rasterSVG(svg, svgSide); err != nil {
					b.Fatal(err)
				}
			}
			if c.covers > 0 {
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(c.covers)/float64(svgSide*svgSide), "ns/px")
			}
		})
	}
}
