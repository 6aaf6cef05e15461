package analysis

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"math/rand/v2"

	"github.com/qrforge/qrforge/render"
)

// The decode benchmark set (docs/decode.md, BENCHMARKS.md): images of
// codes as phones and scanners meet them, generated from a seed so that
// every machine measures the same images and none need be committed. Most
// are the robustness grid (robustness.go) over varied designs; the rest
// are compositions: a code small in a large textured photo, on a gradient
// or a texture, light on dark, seen in a mirror.

// SetImage is one image of the decode benchmark set.
type SetImage struct {
	Name string
	// Want is the payload the image holds; a read of anything else is a
	// wrong payload.
	Want  string
	Image *image.Gray
}

// setSeed makes the set the same on every run and machine.
const setSeed = 0x6465636f6465 // "decode"

var setPayloads = []string{
	"qrforge",
	"https://qrforge.example/menu/table-12?lang=en",
	"WIFI:T:WPA;S:Cafe Rosa;P:espresso-doppio-42;;",
	"https://example.com/a/rather/longer/path/to/a/page?campaign=winter&src=flyer",
	"BEGIN:VCARD\nVERSION:3.0\nN:Rosa;Ana\nTEL:+34600111222\nEND:VCARD",
}

// setDesign is a seeded design: a payload drawn with a style, eyes, ink
// and error correction level.
type setDesign struct {
	data string
	s    *render.Symbol
	o    render.Options
}

func newSetDesign(rng *rand.Rand) (setDesign, error) {
	inks := []color.NRGBA{{0, 0, 0, 255}, {0x1d, 0x35, 0x57, 255}, {0x2e, 0x7d, 0x32, 255}, {0x55, 0x55, 0x55, 255}, {0x6a, 0x1b, 0x9a, 255}}
	levels := []render.Level{render.LevelL, render.LevelM, render.LevelQ, render.LevelH}
	d := setDesign{data: setPayloads[rng.IntN(len(setPayloads))], o: render.DefaultOptions()}
	d.o.Size = []int{300, 400, 512}[rng.IntN(3)]
	d.o.Module = render.ModuleStyles[rng.IntN(len(render.ModuleStyles))]
	d.o.Eye = render.EyeStyles[rng.IntN(len(render.EyeStyles))]
	d.o.Foreground = inks[rng.IntN(len(inks))]
	d.o.Margin = []int{2, 4}[rng.IntN(2)]
	var err error
	d.s, err = render.Encode(d.data, levels[rng.IntN(len(levels))])
	return d, err
}

// gray is the design drawn, in grey.
func (d setDesign) gray() (*image.Gray, error) {
	b, err := render.PNG(d.s, d.o)
	if err != nil {
		return nil, err
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	return grayOf(img), nil
}

// DecodeSet is the decode benchmark set: the full robustness grid of
// designs seeded designs (43 images each), then 6 compositions of each of
// designs further designs. DecodeSet(7) has 343 images.
func DecodeSet(designs int) ([]SetImage, error) {
	rng := rand.New(rand.NewPCG(setSeed, 1))
	var out []SetImage
	for i := 0; len(out) < 43*designs && i < 4*designs; i++ {
		d, err := newSetDesign(rng)
		if err != nil {
			return nil, err
		}
		g, err := d.gray()
		if err != nil {
			return nil, err
		}
		sc := Scene{ModulePx: float64(d.o.Size) / float64(render.CanvasModules(d.s, d.o)), Modules: d.s.Size}
		grid, ok := Grid(g, d.data, sc, Full)
		if !ok {
			continue // a design that does not read as drawn measures nothing
		}
		for _, gi := range grid {
			out = append(out, SetImage{Name: fmt.Sprintf("grid%02d-%s-%g", i, gi.Condition, gi.Value), Want: d.data, Image: gi.Image})
		}
	}
	for i := range designs {
		d, err := newSetDesign(rng)
		if err != nil {
			return nil, err
		}
		g, err := d.gray()
		if err != nil {
			return nil, err
		}
		for j, c := range compositions {
			crng := rand.New(rand.NewPCG(setSeed, uint64(i)<<8|uint64(j)))
			out = append(out, SetImage{Name: fmt.Sprintf("scene%02d-%s", i, c.name), Want: d.data, Image: c.compose(g, d, crng)})
		}
	}
	return out, nil
}

// compositions are real-world-like scenes around a drawn code.
var compositions = []struct {
	name    string
	compose func(g *image.Gray, d setDesign, rng *rand.Rand) *image.Gray
}{
	{"small-in-photo", func(g *image.Gray, d setDesign, rng *rand.Rand) *image.Gray {
		// A poster seen across a room: 1.5 to 3 pixels a module in a
		// 1200×900 frame of clutter, then a phone's JPEG.
		px := 1.5 + 1.5*rng.Float64()
		code := Resample(g, px*float64(render.CanvasModules(d.s, d.o))/float64(g.Rect.Dx()))
		bg := clutter(1200, 900, rng)
		paste(bg, code, rng)
		return JPEG(Noise(bg, 0.03, rng), 70)
	}},
	{"gradient", func(g *image.Gray, d setDesign, rng *rand.Rand) *image.Gray {
		// Printed on a gradient card: the paper runs from white to mid grey.
		lo := 0.45 + 0.25*rng.Float64()
		return onGround(g, func(x, y float64) float64 { return 1 - (1-lo)*x }, rng)
	}},
	{"texture", func(g *image.Gray, d setDesign, rng *rand.Rand) *image.Gray {
		// Printed on a grained material (wood, kraft paper).
		f1, f2 := 20+20*rng.Float64(), 3+4*rng.Float64()
		return onGround(g, func(x, y float64) float64 {
			return 0.8 + 0.1*math.Sin(f1*y+f2*math.Sin(9*x)) + 0.05*math.Sin(61*x*y)
		}, rng)
	}},
	{"dark-ground", func(g *image.Gray, d setDesign, rng *rand.Rand) *image.Gray {
		// Light modules on a dark ground (ISO/IEC 18004 §6.2, reflectance
		// reversal), slightly blurred.
		inv := clone(g)
		for i, v := range inv.Pix {
			inv.Pix[i] = 255 - v
		}
		return GaussianBlur(inv, 0.6+0.8*rng.Float64())
	}},
	{"mirror", func(g *image.Gray, d setDesign, rng *rand.Rand) *image.Gray {
		// Through glass from behind, or a selfie camera: left and right
		// swapped (ISO/IEC 18004 §6.2 allows mirror imaging).
		m := clone(g)
		w := m.Rect.Dx()
		for y := range m.Rect.Dy() {
			row := m.Pix[y*m.Stride : y*m.Stride+w]
			for x := range w / 2 {
				row[x], row[w-1-x] = row[w-1-x], row[x]
			}
		}
		return Rotate(m, 20*rng.Float64())
	}},
	{"dim-blurred", func(g *image.Gray, d setDesign, rng *rand.Rand) *image.Gray {
		// A dim room: faded, out of focus, noisy, in a larger frame.
		mod := float64(g.Rect.Dx()) / float64(render.CanvasModules(d.s, d.o))
		f := Fade(g, 0.3+0.15*rng.Float64())
		f = Lighting(f, 0.5, 360*rng.Float64())
		return Noise(GaussianBlur(f, (0.35+0.2*rng.Float64())*mod), 0.06, rng)
	}},
}

// clutter is a w×h grey scene: a mottled ground with random boxes and
// lines, the things around a poster.
func clutter(w, h int, rng *rand.Rand) *image.Gray {
	g := image.NewGray(image.Rect(0, 0, w, h))
	f1, f2 := 0.01+0.02*rng.Float64(), 0.01+0.02*rng.Float64()
	for y := range h {
		for x := range w {
			g.Pix[y*g.Stride+x] = clampByte(140 + 50*math.Sin(f1*float64(x))*math.Cos(f2*float64(y)))
		}
	}
	for range 25 {
		x, y := rng.IntN(w), rng.IntN(h)
		r := image.Rect(x, y, x+10+rng.IntN(w/4), y+3+rng.IntN(h/5))
		g = Occlude(g, r, uint8(rng.IntN(256)))
	}
	return g
}

// paste puts code into bg at a random place that holds it whole.
func paste(bg, code *image.Gray, rng *rand.Rand) {
	cw, ch := code.Rect.Dx(), code.Rect.Dy()
	x0 := rng.IntN(max(1, bg.Rect.Dx()-cw))
	y0 := rng.IntN(max(1, bg.Rect.Dy()-ch))
	for y := range min(ch, bg.Rect.Dy()-y0) {
		copy(bg.Pix[(y0+y)*bg.Stride+x0:], code.Pix[y*code.Stride:y*code.Stride+min(cw, bg.Rect.Dx()-x0)])
	}
}

// onGround prints g on a ground whose reflectance, 0 to 1, varies over
// the page (x and y run 0 to 1): ink multiplies the paper's light, and
// the photo is a phone's JPEG.
func onGround(g *image.Gray, ground func(x, y float64) float64, rng *rand.Rand) *image.Gray {
	out := clone(g)
	w, h := float64(g.Rect.Dx()), float64(g.Rect.Dy())
	for y := range g.Rect.Dy() {
		for x := range g.Rect.Dx() {
			i := y*out.Stride + x
			out.Pix[i] = clampByte(float64(out.Pix[i]) * ground(float64(x)/w, float64(y)/h))
		}
	}
	return JPEG(Noise(out, 0.02, rng), 80)
}
