package analysis

import (
	"context"
	"fmt"
	"image"
	"image/draw"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/qrforge/qrforge/render"
	"github.com/qrforge/qrforge/render/qrcode"
)

// microOf is data as Micro QR version v at level l, drawn by render/.
func microOf(t testing.TB, data string, v int, l qrcode.Level) *render.Symbol {
	t.Helper()
	m, err := qrcode.EncodeMicro([]byte(data), v, l, -1)
	if err != nil {
		t.Fatalf("M%d %s %q: %v", v, l, data, err)
	}
	levels := map[qrcode.Level]render.Level{qrcode.Detect: render.LevelNone, qrcode.L: render.LevelL, qrcode.M: render.LevelM, qrcode.Q: render.LevelQ}
	return &render.Symbol{Version: v, Level: levels[l], Size: m.Size, Modules: m.Modules, Micro: true}
}

// rmqrOf is data as rMQR size (0 to 31) at level l.
func rmqrOf(t testing.TB, data string, size int, l qrcode.Level) *render.Symbol {
	t.Helper()
	p, err := qrcode.PlanRMQR([]byte(data), size, 0)
	if err != nil {
		t.Fatal(err)
	}
	m, err := p.Symbol(l)
	if err != nil {
		t.Fatalf("%s-%s %q: %v", qrcode.RMQRSizes[size].Designator(), l, data, err)
	}
	rl := render.LevelM
	if l == qrcode.H {
		rl = render.LevelH
	}
	return &render.Symbol{Version: size + 1, Level: rl, Size: m.Width, Height: m.Height, Modules: m.Modules, RMQR: true}
}

// drawn is s as the PNG /api/v1/qr serves, size pixels a side, with a
// quiet zone of margin modules, in grey.
func drawn(t testing.TB, s *render.Symbol, size, margin int) *image.Gray {
	t.Helper()
	o := render.DefaultOptions()
	o.Size, o.Margin = size, margin
	g, err := setDesign{s: s, o: o}.gray()
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// quarterTurn is g turned 90° clockwise.
func quarterTurn(g *image.Gray) *image.Gray {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	out := image.NewGray(image.Rect(0, 0, h, w))
	for y := range h {
		for x := range w {
			out.Pix[x*out.Stride+(h-1-y)] = g.Pix[y*g.Stride+x]
		}
	}
	return out
}

// readOne reads g with the symbol readers and wants one code.
func readOne(t *testing.T, g *image.Gray, what string) found {
	t.Helper()
	codes, _ := readSymbols(g, allSymbolTries, always)
	if len(codes) != 1 {
		t.Errorf("%s: read %d codes, want 1", what, len(codes))
		return found{}
	}
	return codes[0]
}

// TestMicroRoundTrips: every Micro QR version and level, drawn at three
// sizes, inverted and turned a quarter, reads back with its text and
// designator.
func TestMicroRoundTrips(t *testing.T) {
	data := map[int]string{1: "12345", 2: "AB12", 3: "micro", 4: "qrforge.1"}
	for v := 1; v <= 4; v++ {
		for _, l := range []qrcode.Level{qrcode.Detect, qrcode.L, qrcode.M, qrcode.Q} {
			if !qrcode.MicroHas(v, l) {
				continue
			}
			s := microOf(t, data[v], v, l)
			for _, size := range []int{64, 200, 512} {
				g := drawn(t, s, size, render.MicroQuietZone)
				for name, img := range map[string]*image.Gray{"plain": g, "inverted": inverse(g), "turned": quarterTurn(g), "mirrored": mirrored(g)} {
					what := fmt.Sprintf("%s at %d px, %s", s.Designator(), size, name)
					c := readOne(t, img, what)
					if c.text != data[v] || c.symbol != "micro" || c.designator != s.Designator() {
						t.Errorf("%s: read %q %s %s", what, c.text, c.symbol, c.designator)
					}
				}
			}
		}
	}
}

// TestRMQRRoundTrips: all 32 rMQR sizes at M and H, plain, inverted and
// turned a quarter.
func TestRMQRRoundTrips(t *testing.T) {
	for size := range qrcode.RMQRSizes {
		s := &qrcode.RMQRSizes[size]
		for _, l := range []qrcode.Level{qrcode.M, qrcode.H} {
			// the longest text of this form the symbol holds: alphanumeric,
			// then numeric, segments
			const chars = "RMQR-4711-0123456789012345678901234567890123456789"
			data := chars[:1]
			for n := 2; ; n++ {
				next := strings.Repeat(chars, 1+n/len(chars))[:n]
				if p, err := qrcode.PlanRMQR([]byte(next), size, 0); err != nil || !p.Fits(l) {
					break
				}
				data = next
			}
			sym := rmqrOf(t, data, size, l)
			want := s.Designator() + "-" + l.String()
			// the smallest canvas with 3 px a module, and a larger one
			px := 3 * (s.Width + 2*render.RMQRQuietZone)
			for _, side := range []int{px, px*2 + 7} {
				g := drawn(t, sym, side, render.RMQRQuietZone)
				for name, img := range map[string]*image.Gray{"plain": g, "inverted": inverse(g), "turned": quarterTurn(g)} {
					what := fmt.Sprintf("%s at %d px, %s", want, side, name)
					c := readOne(t, img, what)
					if c.text != data || c.symbol != "rmqr" || c.designator != want {
						t.Errorf("%s: read %q %s %s, want %q", what, c.text, c.symbol, c.designator, data)
					}
				}
			}
		}
	}
}

// TestSymbolsReadEveryMode: byte, Kanji and ECI segments (rMQR), mixed
// segments (Micro QR).
func TestSymbolsReadEveryMode(t *testing.T) {
	for _, c := range []struct {
		data string
		sym  *render.Symbol
	}{
		{"Ab 12345678", microOf(t, "Ab 12345678", 4, qrcode.L)},
	} {
		if got := readOne(t, drawn(t, c.sym, 300, 2), c.data); got.text != c.data {
			t.Errorf("%s: read %q, want %q", c.sym.Designator(), got.text, c.data)
		}
	}
	for _, data := range []string{"点茶 tea", "café crème", "https://qrforge.example/r?id=4711", "0123456789012345678901234567890123456789"} {
		s, err := render.EncodeRMQR(data, render.LevelM, render.DefaultECI, 0)
		if err != nil {
			t.Fatal(err)
		}
		if got := readOne(t, drawn(t, s, 600, 2), data); got.text != data {
			t.Errorf("%s: read %q, want %q", s.Designator(), got.text, data)
		}
	}
}

// TestReadFindsMicroAndRMQR: Read, past the QR passes, names the symbol
// and maps its corners back to the image.
func TestReadFindsMicroAndRMQR(t *testing.T) {
	for _, c := range []struct {
		sym  *render.Symbol
		data string
		kind string
	}{
		{microOf(t, "HELLO", 2, qrcode.L), "HELLO", "micro"},
		{rmqrOf(t, "LOT-47", 0, qrcode.M), "LOT-47", "rmqr"},
	} {
		g := drawn(t, c.sym, 256, 2)
		codes, stats := Read(context.Background(), g, DefaultBudget)
		if len(codes) != 1 || codes[0].Text != c.data || codes[0].Symbol != c.kind || codes[0].Designator != c.sym.Designator() {
			t.Fatalf("%s: read %+v (%+v)", c.sym.Designator(), codes, stats)
		}
		if !strings.HasPrefix(stats.Pass, "symbols/") {
			t.Errorf("%s: pass %q", c.sym.Designator(), stats.Pass)
		}
		// The symbol is centred on the canvas (an rMQR's is a strip).
		b := codes[0].Bounds
		cx, cy := (b[0][0]+b[2][0])/2, (b[0][1]+b[2][1])/2
		wx, wy := g.Rect.Dx()/2, g.Rect.Dy()/2
		if abs(cx-wx) > 3 || abs(cy-wy) > 3 {
			t.Errorf("%s: bounds %v, centre (%d, %d), want (%d, %d)", c.sym.Designator(), b, cx, cy, wx, wy)
		}
	}
}

// TestReadFindsSmallAndSeveralSymbols: a Micro QR Code small in a
// 12-megapixel image (the working copy has under 3 px a module), and
// three symbols in one image, turned every way.
func TestReadFindsSmallAndSeveralSymbols(t *testing.T) {
	canvas := blank(4000, 3000)
	code := drawn(t, microOf(t, "HELLO", 2, qrcode.L), 120, 2)
	draw.Draw(canvas, code.Bounds().Add(image.Pt(1300, 1500)), code, image.Point{}, draw.Src)
	// No time limit: on a loaded machine the plain pass over 12
	// megapixels may spend the default 1.5 s alone (docs/decode.md).
	codes, st := Read(context.Background(), canvas, Budget{Attempts: DefaultBudget.Attempts})
	if len(codes) != 1 || codes[0].Text != "HELLO" {
		t.Errorf("12 megapixels: read %+v (%+v)", codes, st)
	}

	canvas = blank(900, 700)
	for _, c := range []struct {
		img  *image.Gray
		x, y int
	}{
		{drawn(t, microOf(t, "M4", 4, qrcode.Q), 150, 2), 40, 40},
		{quarterTurn(quarterTurn(drawn(t, rmqrOf(t, "R9x59", 6, qrcode.H), 400, 2))), 300, 0},
		{quarterTurn(quarterTurn(quarterTurn(drawn(t, rmqrOf(t, "R17x43", 27, qrcode.M), 300, 2)))), 600, 350},
	} {
		draw.Draw(canvas, c.img.Bounds().Add(image.Pt(c.x, c.y)), c.img, image.Point{}, draw.Src)
	}
	codes, st = Read(context.Background(), canvas, DefaultBudget)
	var got []string
	for _, c := range codes {
		got = append(got, c.Text+" "+c.Designator)
	}
	slices.Sort(got) // the order codes are found in is not part of the contract
	if want := []string{"M4 M4-Q", "R17x43 R17x43-M", "R9x59 R9x59-H"}; !slices.Equal(got, want) {
		t.Errorf("three symbols: read %q, want %q (%+v)", got, want, st)
	}
}

// TestSymbolsNeedTwoPixelsAModule: at 2 px a module the symbols read; at
// 1 they may not, but then nothing is read rather than a wrong text.
func TestSymbolsNeedTwoPixelsAModule(t *testing.T) {
	s := microOf(t, "qrforge.1", 4, qrcode.M)
	g := drawn(t, s, 64, 2) // 3 px a module
	if c := readOne(t, resized(g, 2.0/3, 2.0/3), "2 px a module"); c.text != "qrforge.1" {
		t.Errorf("2 px a module: read %q", c.text)
	}
	codes, _ := readSymbols(resized(g, 1.0/3, 1.0/3), allSymbolTries, always)
	for _, c := range codes {
		if c.text != "qrforge.1" {
			t.Errorf("1 px a module: read %q", c.text)
		}
	}
}

// TestSymbolsReadNothingInNoise: noise, blank and a QR Code's finder
// patterns give no Micro QR or rMQR.
func TestSymbolsReadNothingInNoise(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for i := 0; i < 20; i++ {
		g := image.NewGray(image.Rect(0, 0, 40+rng.IntN(300), 40+rng.IntN(300)))
		for j := range g.Pix {
			if rng.IntN(2) == 0 {
				g.Pix[j] = 255
			}
		}
		if codes, _ := readSymbols(g, allSymbolTries, always); len(codes) != 0 {
			t.Errorf("noise %d: read %+v", i, codes)
		}
	}
	if codes, _ := readSymbols(pipelineCode(t), allSymbolTries, always); len(codes) != 0 {
		t.Errorf("a QR Code: read %+v", codes)
	}
}

// TestSymbolsSurviveScalingAndBlur: resampled by factors that are not
// whole, blurred, lit unevenly, turned by a few degrees, and with a quiet
// zone of one module.
func TestSymbolsSurviveScalingAndBlur(t *testing.T) {
	for _, c := range []struct {
		data string
		s    *render.Symbol
	}{
		{"qrforge.1", microOf(t, "qrforge.1", 4, qrcode.M)},
		{"123", microOf(t, "123", 1, qrcode.Detect)},
		{"https://qrforge.example/lot/4711", rmqrOf(t, "https://qrforge.example/lot/4711", 31, qrcode.H)},
		{"LOT-47", rmqrOf(t, "LOT-47", 0, qrcode.M)},
		{"R13x77", rmqrOf(t, "R13x77", 19, qrcode.M)},
	} {
		s := c.s
		size := 10 * (s.Size + 4)
		g := drawn(t, s, size, 2)
		for name, img := range map[string]*image.Gray{
			"shrunk 0.37":   resized(g, 0.37, 0.37),
			"shrunk 0.61":   resized(g, 0.61, 0.61),
			"grown 1.3":     resized(g, 1.3, 1.3),
			"wider 1.1":     resized(g, 1.1, 1),
			"blurred σ2":    GaussianBlur(g, 2),
			"blurred σ3.5":  GaussianBlur(g, 3.5),
			"margin 1":      drawn(t, s, size, 1),
			"turned blurry": quarterTurn(quarterTurn(GaussianBlur(resized(g, 0.77, 0.77), 1.5))),
			"shaded":        shaded(g),
			"turned 3.5°":   Rotate(g, 3.5),
			"turned -1.3°":  Rotate(resized(g, 0.5, 0.5), -1.3),
		} {
			what := s.Designator() + " " + name
			if got := readOne(t, img, what); got.text != c.data || got.designator != s.Designator() {
				t.Errorf("%s: read %q as %s", what, got.text, got.designator)
			}
		}
	}
}

// shaded is g lit unevenly: full light at the left edge, a third of it
// at the right, so that no one threshold separates the modules.
func shaded(g *image.Gray) *image.Gray {
	out := clone(g)
	w := out.Rect.Dx()
	for y := range out.Rect.Dy() {
		for x := range w {
			k := 1 - 0.67*float64(x)/float64(w)
			i := y*out.Stride + x
			out.Pix[i] = uint8(float64(out.Pix[i])*k + 20*(1-k))
		}
	}
	return out
}

// TestMicroPaddingIsChecked: M1's "123" (count 011, 0001111011, the
// terminator 000, a final 4-bit codeword 0000) reads; any bit set in its
// padding rejects it, as M1 has only two codewords to detect errors.
// M2 to M4 read whatever their padding.
func TestMicroPaddingIsChecked(t *testing.T) {
	data := []byte{0x63, 0xD8, 0x00}
	if text, ok := microSegments(data, 20, 1); !ok || text != "123" {
		t.Fatalf("read %q, %v", text, ok)
	}
	// "12": count 010, 0001100, the terminator 000, then 3 zero bits to
	// the boundary.
	if text, ok := microSegments([]byte{0x43, 0x00, 0x00}, 20, 1); !ok || text != "12" {
		t.Fatalf("read %q, %v", text, ok)
	}
	for _, bad := range [][]byte{{0x43, 0x01, 0x00}, {0x63, 0xD8, 0x40}} {
		if text, ok := microSegments(bad, 20, 1); ok {
			t.Errorf("% x: read %q", bad, text)
		}
	}
	// M2's "1": numeric (0), count 0001, 0001, the terminator 00000, zero
	// bits to the boundary, then pad codewords 11101100, 00010001 ... up
	// to its 40 bits.
	good := []byte{0x08, 0x80, 0xEC, 0x11, 0xEC}
	if text, ok := microSegments(good, 40, 2); !ok || text != "1" {
		t.Errorf("M2: read %q, %v", text, ok)
	}
	// M2 to M4 leave the padding unchecked: their Reed-Solomon codewords
	// guard the data, and encoders pad differently (segno's M3 codes do
	// not read when it is checked).
	if text, ok := microSegments([]byte{0x08, 0x80, 0xEC, 0xEC, 0xEC}, 40, 2); !ok || text != "1" {
		t.Errorf("M2 with other pads: read %q, %v", text, ok)
	}
}
