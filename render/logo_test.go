package render

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/makiuchi-d/gozxing"
	zxingqr "github.com/makiuchi-d/gozxing/qrcode"
	"github.com/qrforge/qrforge/render/qrcode"
)

// logoSizes are the sizes the editor offers (options.LogoSize.Offered).
var logoSizes = []float64{0.1, 0.15, 0.2, 0.25, 0.3}

const logoPayload = "https://qrforge.example/menu/table-12?lang=en"

// testPicture is a raster logo: an orange square with a dark diagonal
// band, on a transparent background at its corners. (Rings of dark and
// light, a target, would look like a finder pattern to a decoder:
// docs/logos.md.)
func testPicture(w, h int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			u, v := (float64(x)+0.5)/float64(w), (float64(y)+0.5)/float64(h)
			if math.Hypot(u-0.5, v-0.5) > 0.68 {
				continue // the corners stay transparent
			}
			c := color.NRGBA{240, 140, 30, 255}
			if d := u - v; d > -0.15 && d < 0.15 {
				c = color.NRGBA{90, 30, 10, 255}
			}
			img.SetNRGBA(x, y, c)
		}
	}
	return img
}

// The rule of docs/logos.md: a logo fits when its cleared square starts
// past the function patterns and takes at most MaxLogoLoad of every
// block's correction capacity. EncodeWithLogo gives the smallest version
// from the data's own that fits and has no alignment pattern at the centre.
func TestEncodeWithLogoFollowsTheRule(t *testing.T) {
	for _, level := range Levels {
		for _, size := range logoSizes {
			sym, err := EncodeWithLogo(logoPayload, level, DefaultECI, size, 1, 0)
			if err != nil {
				var le *LogoError
				if !errorAs(err, &le) {
					t.Fatalf("%s %g: %v", level, size, err)
				}
				if le.Largest >= size {
					t.Errorf("%s %g refused, but the largest that fits is %g", level, size, le.Largest)
				}
				if le.Largest > 0 {
					if _, err := EncodeWithLogo(logoPayload, level, DefaultECI, le.Largest, 1, 0); err != nil {
						t.Errorf("%s: the largest that fits, %g, does not: %v", level, le.Largest, err)
					}
				}
				continue
			}
			if sym.Level != level {
				t.Errorf("%s %g: drawn at %s", level, size, sym.Level)
			}
			lo, _ := logoClearance(sym.Size, size, 1)
			if lo < firstFreeModule {
				t.Errorf("%s %g v%d: cleared square starts at module %d", level, size, sym.Version, lo)
			}
			if load := LogoLoad(sym.Version, level, size, 1); load > MaxLogoLoad {
				t.Errorf("%s %g v%d: load %.2f", level, size, sym.Version, load)
			}
			if CentreAligned(sym.Version) {
				t.Errorf("%s %g: v%d has an alignment pattern under the logo", level, size, sym.Version)
			}
			plain, _ := EncodeECI(logoPayload, level, DefaultECI)
			for v := plain.Version; v < sym.Version; v++ {
				if LogoFits(v, level, size, 1) {
					t.Errorf("%s %g: v%d drawn, but v%d fits", level, size, sym.Version, v)
				}
			}
		}
	}
	// Without a level the logo asks for the most redundant one.
	sym, err := EncodeWithLogo("hello", LevelAuto, DefaultECI, DefaultLogoSize, DefaultLogoPadding, 0)
	if err != nil || sym.Level != LevelH {
		t.Fatalf("auto level with a logo: %v %v", sym, err)
	}
	// Every offered size fits at H, growing the symbol as needed.
	for _, size := range logoSizes {
		if _, err := EncodeWithLogo("hello", LevelH, DefaultECI, size, DefaultLogoPadding, 0); err != nil {
			t.Errorf("logosize %g at H: %v", size, err)
		}
	}
	// A logo hides no alignment pattern at the centre: data of versions 7
	// to 12 grows to 14, and up to version 13 no size fits.
	long := logoPayload + "&section=terrace&seats=4&note=window"
	if plain, _ := EncodeECI(long, LevelH, DefaultECI); !CentreAligned(plain.Version) || plain.Version > 12 {
		t.Fatalf("the long payload is version %d at H: want 7 to 12", plain.Version)
	}
	if sym, err := EncodeWithLogo(long, LevelH, DefaultECI, 0.15, 1, 0); err != nil || sym.Version != 14 {
		t.Errorf("up to version 40: %v, %v; want version 14", sym, err)
	}
	if _, err := EncodeWithLogo(long, LevelH, DefaultECI, 0.05, 1, 13); err == nil {
		t.Error("a logo up to version 13 was accepted over the centre alignment pattern")
	} else if le := err.(*LogoError); le.Largest != 0 || le.FitsAt != LevelAuto {
		t.Errorf("LogoError %+v: want no size and no level that fits", le)
	}
	if _, err := EncodeWithLogo("hello", LevelL, DefaultECI, 0.25, 1, 13); err == nil {
		t.Error("a logo of 0.25 at level L up to version 13 was accepted")
	} else if le := err.(*LogoError); le.FitsAt != LevelH || le.Largest == 0 || le.Largest >= 0.25 {
		// Up to version 13, Q holds 0.25 only over a centre pattern.
		t.Errorf("LogoError %+v: want level H, the first that holds it, and a smaller size", le)
	}
}

// tryDecodePNG and tryDecode read a code with gozxing, as decodePNG does,
// without stopping the test: they run on worker goroutines.
func tryDecodePNG(b []byte) (string, error) {
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		return "", err
	}
	return tryDecode(img)
}

func tryDecode(img image.Image) (string, error) {
	bmp, err := gozxing.NewBinaryBitmapFromImage(img)
	if err != nil {
		return "", err
	}
	res, err := zxingqr.NewQRCodeReader().Decode(bmp, map[gozxing.DecodeHintType]any{gozxing.DecodeHintType_TRY_HARDER: true})
	if err != nil {
		return "", err
	}
	return res.GetText(), nil
}

func errorAs(err error, target **LogoError) bool {
	le, ok := err.(*LogoError)
	*target = le
	return ok
}

// BlockDamage counts what the decoder would have to correct: every
// codeword that has a module in the spoiled area. Spoiling exactly a
// block's correctable number of codewords (inverting their modules) still
// decodes; the counts of the whole symbol are its codewords.
func TestBlockDamageMatchesDecoding(t *testing.T) {
	for _, level := range Levels {
		sym, err := EncodeWithLogo(logoPayload, level, DefaultECI, 0.15, 1, 0)
		if err != nil {
			t.Fatal(err)
		}
		all := qrcode.BlockDamage(sym.Version, level.code(), func(x, y int) bool { return true })
		total := 0
		for _, n := range all.Touched {
			total += n
		}
		if want := (17 + 4*sym.Version) * (17 + 4*sym.Version); total*8 > want || total == 0 {
			t.Fatalf("%s: %d codewords in all blocks", level, total)
		}
		// Invert the cleared square of the largest logo that fits: at most
		// half of any block's capacity, so gozxing must still read it.
		lo, hi := logoClearance(sym.Size, 0.15, 1)
		spoiled := *sym
		spoiled.Modules = append([]bool(nil), sym.Modules...)
		for y := lo; y < hi; y++ {
			for x := lo; x < hi; x++ {
				if !qrcode.IsFunction(sym.Version, x, y) {
					spoiled.Modules[y*sym.Size+x] = !sym.Modules[y*sym.Size+x]
				}
			}
		}
		o := DefaultOptions()
		o.Size = 400
		b, err := PNG(&spoiled, o)
		if err != nil {
			t.Fatal(err)
		}
		if got := decodePNG(t, b); got != logoPayload {
			t.Fatalf("%s v%d: read %q", level, sym.Version, got)
		}
	}
}

// Every built-in icon and a raster picture, at every offered size and
// every level where the rule lets it fit, read back in PNG and in SVG.
func TestLogosDecodeAtEverySizeAndLevel(t *testing.T) {
	type cell struct {
		name  string
		level Level
		size  float64
	}
	var cells []cell
	names := append(append([]string{}, IconNames...), "picture")
	for _, name := range names {
		for _, level := range Levels {
			for _, size := range logoSizes {
				cells = append(cells, cell{name, level, size})
			}
		}
	}
	picture := testPicture(300, 200)
	var mu sync.Mutex
	fitted := map[Level]int{}
	work := make(chan cell)
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for c := range work {
				lg := &Logo{Size: c.size, Padding: 1, Plate: color.NRGBA{255, 255, 255, 255}, Rounded: true}
				if c.name == "picture" {
					lg.Image = picture
				} else {
					lg.Icon, _ = IconNamed(c.name)
				}
				sym, err := EncodeWithLogo(logoPayload, c.level, DefaultECI, c.size, 1, 0)
				if err != nil {
					continue // too large for the level: TestEncodeWithLogoFollowsTheRule
				}
				mu.Lock()
				fitted[c.level]++
				mu.Unlock()
				o := DefaultOptions()
				o.Logo = lg
				// 4 px a module up to version 17, as verify asks; the
				// smallest size past that.
				o.Size = max(400, MinCanvasSize(sym, o))
				b, err := PNG(sym, o)
				if err != nil {
					t.Errorf("%+v: %v", c, err)
					continue
				}
				if got, err := tryDecodePNG(b); got != logoPayload {
					t.Errorf("%+v v%d PNG: read %q (%v)", c, sym.Version, got, err)
				}
				svg, err := SVG(sym, o)
				if err != nil {
					t.Errorf("%+v: %v", c, err)
					continue
				}
				// oksvg draws no <image>: the picture's square reads as
				// the cleared modules the decoder sees under it.
				if got, err := tryDecode(rasterizeSVG(t, svg, 400)); got != logoPayload {
					t.Errorf("%+v v%d SVG: read %q (%v)", c, sym.Version, got, err)
				}
			}
		}()
	}
	for _, c := range cells {
		work <- c
	}
	close(work)
	wg.Wait()
	// H and Q hold every offered size; L the smaller ones.
	if fitted[LevelH] != len(names)*len(logoSizes) || fitted[LevelQ] != len(names)*len(logoSizes) || fitted[LevelL] < len(names)*2 {
		t.Errorf("sizes drawn per level: %v", fitted)
	}
}

// The cleared square is whole modules: with a transparent picture, every
// pixel of the modules the box and its padding reach is background, and
// every module outside keeps its colour.
func TestLogoClearsWholeModules(t *testing.T) {
	sym, err := EncodeWithLogo(logoPayload, LevelH, DefaultECI, 0.23, 2, 0)
	if err != nil {
		t.Fatal(err)
	}
	o := DefaultOptions()
	o.Size = 500
	o.Logo = &Logo{Size: 0.23, Padding: 2, Image: image.NewNRGBA(image.Rect(0, 0, 10, 10))}
	b, err := PNG(sym, o)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	l, _ := newLayout(sym, &o)
	lo, hi := logoClearance(sym.Size, 0.23, 2)
	// The box and its padding reach exactly modules lo to hi-1.
	box := 0.23 * float64(sym.Size)
	if edge := float64(sym.Size)/2 - box/2 - 2; edge < float64(lo) || edge >= float64(lo+1) {
		t.Fatalf("cleared from module %d, the padding starts at %.2f", lo, edge)
	}
	cleared := o.Logo.knockOut(sym)
	for my := 0; my < sym.Size; my++ {
		for mx := 0; mx < sym.Size; mx++ {
			in := mx >= lo && mx < hi && my >= lo && my < hi
			x := l.offX + (l.codeX+mx)*l.scale + l.scale/2
			y := l.offY + (l.codeY+my)*l.scale + l.scale/2
			r, _, _, _ := img.At(x, y).RGBA()
			dark := r < 0x8000
			switch {
			case in && dark:
				t.Fatalf("module (%d, %d) under the logo is dark", mx, my)
			case !in && dark != cleared.Modules[my*sym.Size+mx]:
				t.Fatalf("module (%d, %d) outside the logo changed", mx, my)
			case !in && !inAlignmentCleared(sym, cleared, mx, my) && cleared.Modules[my*sym.Size+mx] != sym.Modules[my*sym.Size+mx]:
				t.Fatalf("module (%d, %d) outside the logo was cleared", mx, my)
			}
		}
	}
}

// inAlignmentCleared reports whether (x, y) belongs to an alignment
// pattern that the logo reaches, which is cleared whole.
func inAlignmentCleared(s, cleared *Symbol, x, y int) bool {
	for _, a := range alignmentOrigins(s) {
		if x >= a[0] && x < a[0]+5 && y >= a[1] && y < a[1]+5 && !cleared.Modules[(a[1]+2)*s.Size+a[0]+2] {
			return true
		}
	}
	return false
}

// A logo's drawing is the same bytes every time, PNG and SVG; the SVG
// carries icons as paths and a picture as a PNG it encodes itself.
func TestLogoOutputIsDeterministicAndSelfContained(t *testing.T) {
	sym, err := EncodeWithLogo(logoPayload, LevelAuto, DefaultECI, 0.25, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	wifi, _ := IconNamed("wifi")
	for _, lg := range []*Logo{
		{Size: 0.25, Padding: 1, Icon: wifi, Plate: color.NRGBA{255, 240, 200, 255}},
		{Size: 0.25, Padding: 1, Image: testPicture(640, 480)},
	} {
		o := DefaultOptions()
		o.Logo = lg
		for _, draw := range []func(*Symbol, Options) ([]byte, error){PNG, SVG, SVGTiny} {
			a, _ := draw(sym, o)
			b, _ := draw(sym, o)
			if !bytes.Equal(a, b) {
				t.Fatal("two drawings differ")
			}
		}
		svg, _ := SVG(sym, o)
		if lg.Icon != nil {
			if bytes.Contains(svg, []byte("<image")) || !bytes.Contains(svg, []byte(`fill="#000000" d="M`)) {
				t.Error("an icon is not drawn as a path")
			}
			continue
		}
		m := regexp.MustCompile(`<image x="[0-9.]+" y="[0-9.]+" width="([0-9.]+)" height="([0-9.]+)" xlink:href="data:image/png;base64,([^"]+)"/>`).FindSubmatch(svg)
		if m == nil || !bytes.Contains(svg, []byte(`xmlns:xlink="http://www.w3.org/1999/xlink"`)) {
			t.Fatalf("no image element in:\n%.600s", svg)
		}
		pngBytes, err := base64.StdEncoding.DecodeString(string(m[3]))
		if err != nil {
			t.Fatal(err)
		}
		pic, err := png.Decode(bytes.NewReader(pngBytes))
		if err != nil {
			t.Fatalf("embedded picture: %v", err)
		}
		// 512 px a side, the box 0.25 of the symbol: the picture is
		// encoded at the box's pixels, its 4:3 ratio kept.
		w, h := pic.Bounds().Dx(), pic.Bounds().Dy()
		if math.Abs(float64(w)/float64(h)-4.0/3) > 0.05 || w > 130 || w < 80 {
			t.Errorf("embedded picture is %dx%d", w, h)
		}
		if fmt.Sprint(m[1]) == fmt.Sprint(m[2]) {
			t.Errorf("image element is square (%s × %s), the picture is not", m[1], m[2])
		}
	}
}

// Icons are closed outlines wound for the non-zero rule: holes cut, and
// each glyph fills a fair part of its square without leaving it.
func TestIconsAreWellFormed(t *testing.T) {
	seen := map[*Icon]bool{}
	for _, name := range append(IconNames, IconAliases()...) {
		ic, ok := IconNamed(strings.ToUpper(name))
		if !ok {
			t.Fatalf("%s is not an icon", name)
		}
		seen[ic] = true
	}
	if len(seen) != len(IconNames) {
		t.Fatalf("%d distinct icons for %d names", len(seen), len(IconNames))
	}
	for _, name := range IconNames {
		ic, _ := IconNamed(name)
		sc := rasterScratches.Get().(*rasterScratch)
		sc.r.Reset(96, 96)
		addPath(&sc.r, ic.ops, 0, 0, 96)
		mask := sc.paint()
		inked, edge := 0, 0
		for y := 0; y < 96; y++ {
			for x := 0; x < 96; x++ {
				if mask.Pix[y*96+x] > 128 {
					inked++
					if x < 2 || y < 2 || x > 93 || y > 93 {
						edge++
					}
				}
			}
		}
		rasterScratches.Put(sc)
		if share := float64(inked) / (96 * 96); share < 0.15 || share > 0.75 || edge > 0 {
			t.Errorf("%s covers %.0f%% of its square, %d pixels on its edge", name, 100*share, edge)
		}
	}
	// A hole is cut: the middle of the phone's screen is empty.
	phone, _ := IconNamed("phone")
	sc := rasterScratches.Get().(*rasterScratch)
	defer rasterScratches.Put(sc)
	sc.r.Reset(48, 48)
	addPath(&sc.r, phone.ops, 0, 0, 48)
	if sc.paint().Pix[21*48+24] != 0 {
		t.Error("the phone's screen is filled: a hole is wound the wrong way")
	}
}

// The JSON matrix names the square cleared for a logo, and every module
// in it is light.
func TestJSONNamesTheLogoSquare(t *testing.T) {
	wifi, _ := IconNamed("wifi")
	lg := &Logo{Size: DefaultLogoSize, Padding: DefaultLogoPadding, Icon: wifi}
	s, err := EncodeWithLogo("https://example.com/menu", LevelH, DefaultECI, lg.Size, lg.Padding, 0)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Size   int
		Matrix [][]int
		Logo   *struct{ X, Y, Size int }
	}
	if err := json.Unmarshal(JSONWithLogo(s, 4, lg), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Logo == nil || doc.Logo.Size < 3 || doc.Logo.X+doc.Logo.Size > doc.Size || doc.Logo.X != doc.Logo.Y {
		t.Fatalf("logo square %+v in a symbol of %d", doc.Logo, doc.Size)
	}
	for y := doc.Logo.Y; y < doc.Logo.Y+doc.Logo.Size; y++ {
		for x := doc.Logo.X; x < doc.Logo.X+doc.Logo.Size; x++ {
			if doc.Matrix[y][x] != 0 {
				t.Fatalf("module %d,%d in the logo square is dark", x, y)
			}
		}
	}
	var plain map[string]any
	if err := json.Unmarshal(JSONWithLogo(s, 4, nil), &plain); err != nil || plain["logo"] != nil {
		t.Errorf("without a logo: %v %v", err, plain["logo"])
	}
}
