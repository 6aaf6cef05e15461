package service

import (
	"fmt"
	"math"
	"strings"
	"testing"
)

// pathDataCases are path data and how normalisePathData writes them.
var pathDataCases = []struct {
	name, d, want string
	ok            bool
}{
	// Implicit repeats: each argument set gets its letter; after M and m,
	// the repeats are L and l.
	{"M repeats", "M1 2 3 4 5 6", "M1 2 L3 4 L5 6", true},
	{"m repeats", "m1 2 3 4", "m1 2 l3 4", true},
	{"M then m", "M1 2m3 4 5 6", "M1 2 m3 4 l5 6", true},
	{"L repeats", "M0 0L1 1 2 2", "M0 0 L1 1 L2 2", true},
	{"l repeats, comma between sets", "M0 0l1 1,2 2", "M0 0 l1 1 l2 2", true},
	{"H repeats", "M0 0H1 2 3", "M0 0 H1 H2 H3", true},
	{"h repeats", "M0 0h1-2", "M0 0 h1 h-2", true},
	{"V repeats", "M0 0V1,2", "M0 0 V1 V2", true},
	{"v repeats", "M0 0v.5.5", "M0 0 v0.5 v0.5", true},
	{"C repeats", "M0 0C1 1 2 2 3 3 4 4 5 5 6 6", "M0 0 C1 1 2 2 3 3 C4 4 5 5 6 6", true},
	{"c repeats", "M0 0c1,1,2,2,3,3,4,4,5,5,6,6", "M0 0 c1 1 2 2 3 3 c4 4 5 5 6 6", true},
	{"S repeats", "M0 0S1 1 2 2 3 3 4 4", "M0 0 S1 1 2 2 S3 3 4 4", true},
	{"s repeats", "M0 0s1-1 2-2 3-3 4-4", "M0 0 s1 -1 2 -2 s3 -3 4 -4", true},
	{"Q repeats", "M0 0Q1 1 2 2 3 3 4 4", "M0 0 Q1 1 2 2 Q3 3 4 4", true},
	{"q repeats", "M0 0q1 1 2 2 3 3 4 4", "M0 0 q1 1 2 2 q3 3 4 4", true},
	{"T repeats", "M0 0T1 1 2 2", "M0 0 T1 1 T2 2", true},
	{"t repeats", "M0 0t1 1 2 2", "M0 0 t1 1 t2 2", true},
	{"A repeats", "M0 0A5 5 0 0 1 5 5 5 5 0 0 1 10 10", "M0 0 A5 5 0 0 1 5 5 A5 5 0 0 1 10 10", true},
	{"a repeats", "M0 0a5 5 0 0 1 5 5 5 5 0 0 1 5 5", "M0 0 a5 5 0 0 1 5 5 a5 5 0 0 1 5 5", true},
	{"z and Z kept", "M0 0 1 1z M2 2 3 3 Z", "M0 0 L1 1 z M2 2 L3 3 Z", true},
	{"command after z", "M0 0z l1 1", "M0 0 z l1 1", true},

	// Arc flags are one character each and need no separator.
	{"svgo flags", "M0 0a5 5 0 105 5", "M0 0 a5 5 0 1 0 5 5", true},
	{"flags with commas", "M0 0a5,5,0,1,0,5,5", "M0 0 a5 5 0 1 0 5 5", true},
	{"flags run into x", "M0 0A1 1 0 11 1 1", "M0 0 A1 1 0 1 1 1 1", true},
	{"flags and repeat packed", "M0 0a1 1 0 0110 10 1 1 0 00-1-1", "M0 0 a1 1 0 0 1 10 10 a1 1 0 0 0 -1 -1", true},
	{"negative radii", "M0 0a-1-2 0 0 1 1 1", "M0 0 a1 2 0 0 1 1 1", true},
	{"flag 2", "M0 0a1 1 0 2 0 1 1", "M0 0", false},
	{"flag as number", "M0 0a1 1 0 1.0 0 1 1", "M0 0", false},

	// Numbers.
	{"fractions run together", "M.5.5", "M0.5 0.5", true},
	{"negative fractions", "M-.5-.5", "M-0.5 -0.5", true},
	{"exponent e", "M1e1 0", "M10 0", true},
	{"exponent E", "M1E1 0", "M10 0", true},
	{"negative exponent", "M1e-1 0", "M0.1 0", true},
	{"exponent with sign", "M1e+2-1E-2", "M100 -0.01", true},
	{"plus", "M+3+3", "M3 3", true},
	{"trailing point", "M1. 2.e1", "M1 20", true},
	{"minus zero", "M-0 -0.0", "M0 0", true},
	{"plain", "M123456789.125 -0.000001", "M123456789.125 -0.000001", true},
	{"large", "M1e20 0", "M100000000000000000000 0", true},
	{"tiny", "M1e-30 1e-20", "M0 0.00000000000000000001", true},
	{"leading zeros", "M007 0.50", "M7 0.5", true},
	{"white space", "\t M\n1\r2\f ", "M1 2", true},

	// Errors: what came before is kept.
	{"empty", "", "", true},
	{"only white space", " \n\t", "", true},
	{"incomplete set", "M 10 10 L 20", "M10 10", false},
	{"incomplete M repeat", "M1 2 3", "M1 2", false},
	{"starts with a number", "10 10 L 20 20", "", false},
	{"starts with L", "L1 1", "", false},
	{"starts with z", "z", "", false},
	{"M alone", "M", "", false},
	{"trailing garbage", "M0 0 L1 1 x", "M0 0 L1 1", false},
	{"unknown command", "M0 0 B1 1", "M0 0", false},
	{"E is no command", "M0 0 E1", "M0 0", false},
	{"not ASCII", "M0 0 \u00fc", "M0 0", false},
	{"number after z", "M0 0 z 1 1", "M0 0 z", false},
	{"comma after command", "M,0 0", "", false},
	{"two commas", "M0,,0", "", false},
	{"comma before command", "M0 0,L1 1", "M0 0", false},
	{"trailing comma", "M0 0 L1 1,", "M0 0 L1 1", false},
	{"point alone", "M. 1", "", false},
	{"exponent without digits", "M1e 2", "", false},
	{"exponent sign without digits", "M0 0 L1e+ 2", "M0 0", false},
	{"sign alone", "M- 1", "", false},
	{"too large", "M0 0 L1e21 0", "M0 0", false},
	{"overflow", "M0 0 L1e400 0", "M0 0", false},
}

func TestNormalisePathData(t *testing.T) {
	for _, c := range pathDataCases {
		t.Run(c.name, func(t *testing.T) {
			got, ok := normalisePathData(c.d)
			if got != c.want || ok != c.ok {
				t.Errorf("normalisePathData(%q) = %q, %v; want %q, %v", c.d, got, ok, c.want, c.ok)
			}
		})
	}
}

// TestPathDataArcRepeatDrawn draws a circle of two arcs, the second an
// implicit repeat, which oksvg draws from the first arc's points (an arc
// from (8, 5) to itself: nothing) unless the path is normalised.
func TestPathDataArcRepeatDrawn(t *testing.T) {
	d, ok := normalisePathData("M2 5a3 3 0 0 1 6 0 3 3 0 0 1-6 0z")
	if !ok {
		t.Fatalf("not normalised: %q", d)
	}
	svg := fmt.Sprintf(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="%s"/></svg>`, d)
	img, err := rasterSVG([]byte(svg), 100)
	if err != nil {
		t.Fatalf("not drawn: %v", err)
	}
	for _, p := range []struct{ x, y int }{{50, 35}, {50, 65}} {
		if a := img.NRGBAAt(p.x, p.y).A; a < 250 {
			t.Errorf("%s: pixel (%d, %d) has alpha %d, want opaque", d, p.x, p.y, a)
		}
	}
}

// FuzzNormalisePathData checks that normalisePathData never panics, that
// what it writes is at most a few times as long as what it reads, and that
// it reads what it writes as it is, without error.
func FuzzNormalisePathData(f *testing.F) {
	for _, c := range pathDataCases {
		f.Add(c.d)
	}
	for _, d := range []string{
		"M2 5a3 3 0 0 1 6 0a3 3 0 0 1 -6 0z",
		"M0 0H9e20-9e20 9e20",
		"M0 0V1e-20-1e-20 .1e-19",
		"M0 0a1e20 1e20 1e20 111e20 1e20",
		"m1.2345678901234567e-20-1.2345678901234567e20",
		"M0 0C1e0000000000000000000001 0 0 0 0 0",
		"M" + strings.Repeat("0", 1000) + ".5 1",
	} {
		f.Add(d)
	}
	f.Fuzz(func(t *testing.T, d string) {
		got, ok := normalisePathData(d)
		if len(got) > 6*len(d)+16 {
			t.Fatalf("normalisePathData(%q) = %q (%v): %d bytes from %d", d, got, ok, len(got), len(d))
		}
		again, ok2 := normalisePathData(got)
		if again != got || !ok2 {
			t.Fatalf("normalisePathData(%q) = %q (%v), which normalises to %q (%v)", d, got, ok, again, ok2)
		}
	})
}

func TestScalePathData(t *testing.T) {
	for _, c := range [][2]string{
		{"M0.5 0.25 L1 1 H2 V-3 Z", "M4 2 L8 8 H16 V-24 Z"},
		{"M1 1 a1 2 30 1 0 3 4 z", "M8 8 a8 16 30 1 0 24 32 z"},
		{"M1 1 C1 2 3 4 5 6 S1 1 2 2 Q.5 1 2 2 T3 3", "M8 8 C8 16 24 32 40 48 S8 8 16 16 Q4 8 16 16 T24 24"},
	} {
		in, _ := normalisePathData(c[0])
		if got := scalePathData(in, 8); got != c[1] {
			t.Errorf("%q: %q, want %q", c[0], got, c[1])
		}
	}
}

// A path in a small viewBox keeps its numbers finer than oksvg's 64ths of
// a unit: Heroicons' dots (a stroke round a path of h.008) are drawn, and
// a square at 0.51 units in a viewBox 2 units wide starts at 51 % of the
// picture, not 50 %.
func TestSmallViewBoxesKeepTheirDetail(t *testing.T) {
	dot := `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none"><path d="M12 12h.008v.008h-.008v-.008Z" stroke="#000" stroke-width="1.5" stroke-linecap="round" stroke-linejoin="round"/><path d="M3 3h2" stroke="#000"/></svg>`
	img, err := rasterSVG([]byte(dot), 240)
	if err != nil {
		t.Fatal(err)
	}
	if a := img.NRGBAAt(120, 120).A; a < 250 {
		t.Errorf("the dot's centre: alpha %d, want opaque", a)
	}
	square := `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 2"><path d="M0.51 0.51H1.51V1.51H0.51Z"/></svg>`
	if img, err = rasterSVG([]byte(square), 200); err != nil {
		t.Fatal(err)
	}
	if a, b := img.NRGBAAt(50, 100).A, img.NRGBAAt(51, 100).A; a > 5 || b < 250 {
		t.Errorf("the square's left edge: alpha %d at 50, %d at 51; want it at 51", a, b)
	}
}

// smallShapes are basic shapes in a viewBox of 0 0 1 1 and their areas,
// in that viewBox's units; in 64ths of a unit each is off by 0.4 % to 7 %.
var smallShapes = []struct {
	shape string
	area  float64
}{
	{`<circle cx="0.5" cy="0.5" r="0.3"/>`, math.Pi * 0.3 * 0.3},
	{`<ellipse cx="0.5" cy="0.5" rx="0.33" ry="0.22"/>`, math.Pi * 0.33 * 0.22},
	{`<rect x="0.1" y="0.1" width="0.7" height="0.3"/>`, 0.7 * 0.3},
	// Corners of quarter ellipses (SVG 1.1 §9.2), ry from rx.
	{`<rect x="0.1" y="0.1" width="0.7" height="0.7" rx="0.2"/>`, 0.7*0.7 - (4-math.Pi)*0.2*0.2},
	{`<line x1="0.1" y1="0.5" x2="0.9" y2="0.5" stroke="#000" stroke-width="0.3"/>`, 0.8 * 0.3},
	{`<polygon points="0.1,0.1 0.9,0.1 0.1,0.7"/>`, 0.8 * 0.6 / 2},
	// A polyline is filled as if closed (SVG 1.1 §9.6).
	{`<polyline points="0.1 0.1 0.9 0.1 0.1 0.7"/>`, 0.8 * 0.6 / 2},
	// A ring of a stroke 0.1 wide from a stylesheet, in a translated group.
	{`<style>.ring{stroke:#000;stroke-width:0.1;fill:none}</style><g transform="translate(0.05 0.05)"><circle class="ring" cx="0.45" cy="0.45" r="0.2"/></g>`,
		math.Pi * (0.25*0.25 - 0.15*0.15)},
}

// The basic shapes keep their numbers finer too: each covers, drawn at
// 256 pixels, what its area says, within 0.2 %.
func TestSmallViewBoxBasicShapesKeepTheirArea(t *testing.T) {
	const side = 256
	for _, c := range smallShapes {
		svg := `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1">` + c.shape + `</svg>`
		img, err := rasterSVG([]byte(svg), side)
		if err != nil {
			t.Fatalf("%s: %v", c.shape, err)
		}
		ink := 0.0
		for i := 3; i < len(img.Pix); i += 4 {
			ink += float64(img.Pix[i]) / 255
		}
		want := c.area * side * side
		if off := (ink - want) / want; math.Abs(off) > 0.002 {
			t.Errorf("%s: %.0f pixels of ink, want %.0f (%+.2f %%)", c.shape, ink, want, 100*off)
		}
	}
}
