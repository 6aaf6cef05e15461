package render

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"image"
	"image/draw"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/srwiley/oksvg"
	"github.com/srwiley/rasterx"
)

// Payloads for decode tests: a short URL gives a version-2 symbol with one
// alignment pattern; the long text gives version 7, the first with version
// information (ISO/IEC 18004 §7.10) and six alignment patterns.
var testPayloads = []struct {
	name, data string
	minVersion int
}{
	{"url", "https://example.com/hello", 2},
	{"v7", "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna", 7},
}

func encodeT(t testing.TB, data string) *Symbol {
	t.Helper()
	s, err := Encode(data, LevelAuto)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func styled(m ModuleStyle, e EyeStyle, size int) Options {
	o := DefaultOptions()
	o.Module, o.Eye, o.Size = m, e, size
	return o
}

func TestPayloadVersions(t *testing.T) {
	for _, p := range testPayloads {
		if v := encodeT(t, p.data).Version; v < p.minVersion {
			t.Errorf("%s: version %d, want at least %d", p.name, v, p.minVersion)
		}
	}
}

// TestStylesDecodePNG reads back every module style with every eye style,
// at a small size (3 px per module for version 7), the default and a large
// one.
func TestStylesDecodePNG(t *testing.T) {
	sizes := []int{160, 512, 1400}
	if testing.Short() {
		sizes = []int{160}
	}
	for _, p := range testPayloads {
		s := encodeT(t, p.data)
		for _, m := range ModuleStyles {
			for _, e := range EyeStyles {
				for _, size := range sizes {
					t.Run(fmt.Sprintf("%s/%s/%s/%d", p.name, m, e, size), func(t *testing.T) {
						t.Parallel()
						b, err := PNG(s, styled(m, e, size))
						if err != nil {
							t.Fatal(err)
						}
						if got := decodePNG(t, b); got != p.data {
							t.Fatalf("decoded %q", got)
						}
					})
				}
			}
		}
	}
}

// rasterizeSVG paints SVG markup with oksvg, a renderer independent of ours,
// onto a white size×size canvas.
func rasterizeSVG(t testing.TB, b []byte, size int) image.Image {
	t.Helper()
	icon, err := oksvg.ReadIconStream(bytes.NewReader(b), oksvg.IgnoreErrorMode)
	if err != nil {
		t.Fatalf("SVG does not parse: %v", err)
	}
	icon.SetTarget(0, 0, float64(size), float64(size))
	img := image.NewRGBA(image.Rect(0, 0, size, size))
	draw.Draw(img, img.Bounds(), image.White, image.Point{}, draw.Src)
	scanner := rasterx.NewScannerGV(size, size, img, img.Bounds())
	icon.Draw(rasterx.NewDasher(size, size, scanner), 1)
	return img
}

func TestStylesDecodeSVG(t *testing.T) {
	formats := []struct {
		name   string
		render func(*Symbol, Options) ([]byte, error)
	}{{"svg", SVG}, {"tiny", SVGTiny}}
	for _, p := range testPayloads {
		s := encodeT(t, p.data)
		for _, f := range formats {
			for _, m := range ModuleStyles {
				for _, e := range EyeStyles {
					t.Run(fmt.Sprintf("%s/%s/%s/%s", p.name, f.name, m, e), func(t *testing.T) {
						t.Parallel()
						b, err := f.render(s, styled(m, e, 512))
						if err != nil {
							t.Fatal(err)
						}
						if got := decodeImage(t, rasterizeSVG(t, b, 512)); got != p.data {
							t.Fatalf("decoded %q", got)
						}
					})
				}
			}
		}
	}
}

func TestLabelAndFrameDecode(t *testing.T) {
	cases := []struct {
		name  string
		label string
		frame Frame
	}{
		{"label", "Scan <me> & \"go\"", FrameNone},
		{"scanme", "", FrameScanMe},
		{"scanme-label", "Menu", FrameScanMe},
	}
	for _, p := range testPayloads {
		s := encodeT(t, p.data)
		for _, c := range cases {
			for _, m := range []ModuleStyle{ModuleSquare, ModuleOrganic, ModuleDot} {
				t.Run(fmt.Sprintf("%s/%s/%s", p.name, c.name, m), func(t *testing.T) {
					t.Parallel()
					o := styled(m, EyeRounded, 512)
					o.Label, o.Frame = c.label, c.frame
					b, err := PNG(s, o)
					if err != nil {
						t.Fatal(err)
					}
					if got := decodePNG(t, b); got != p.data {
						t.Fatalf("PNG decoded %q", got)
					}
					svg, err := SVG(s, o)
					if err != nil {
						t.Fatal(err)
					}
					if got := decodeImage(t, rasterizeSVG(t, svg, 512)); got != p.data {
						t.Fatalf("SVG decoded %q", got)
					}
				})
			}
		}
	}
}

func TestPNGSize(t *testing.T) {
	s := encodeT(t, testPayloads[1].data)
	for _, size := range []int{126, 160, 333, 512, 1400} { // 126: two pixels a module in the widest frame
		for _, o := range []Options{styled(ModuleSquare, EyeSquare, size), styled(ModuleStar, EyeLeaf, size)} {
			o.Label = "caption"
			for _, frame := range Frames {
				o.Frame = frame
				b, err := PNG(s, o)
				if err != nil {
					t.Fatalf("%d: %v", size, err)
				}
				cfg, _, err := image.DecodeConfig(bytes.NewReader(b))
				if err != nil {
					t.Fatal(err)
				}
				if cfg.Width != size || cfg.Height != size {
					t.Errorf("%s/%s/%s: %d×%d, want %d×%d", o.Module, o.Eye, frame, cfg.Width, cfg.Height, size, size)
				}
			}
		}
	}
}

// TestPlainPNGIsOneBit checks that square modules and eyes, with nothing
// else, give a two-colour 1-bit image, and styled ones an anti-aliased
// 4-bit one.
func TestPlainPNGIsOneBit(t *testing.T) {
	s := encodeT(t, testPayloads[0].data)
	for _, c := range []struct {
		o     Options
		depth byte
	}{
		{styled(ModuleSquare, EyeSquare, 512), 1},
		{styled(ModuleRounded, EyeSquare, 512), 4},
		{styled(ModuleSquare, EyeSquircle, 512), 4},
	} {
		b, err := PNG(s, c.o)
		if err != nil {
			t.Fatal(err)
		}
		// IHDR data follows the 8-byte signature and the chunk's length and
		// name; bit depth is its ninth byte (PNG §11.2.2).
		if depth := b[8+8+8]; depth != c.depth {
			t.Errorf("%s/%s: bit depth %d, want %d", c.o.Module, c.o.Eye, depth, c.depth)
		}
		img, _, err := image.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		pal, ok := img.(*image.Paletted)
		if !ok {
			t.Fatalf("%s/%s: decoded as %T, want *image.Paletted", c.o.Module, c.o.Eye, img)
		}
		if c.depth == 1 && len(pal.Palette) != 2 {
			t.Errorf("plain palette has %d colours, want 2", len(pal.Palette))
		}
	}
}

func TestDeterministic(t *testing.T) {
	s := encodeT(t, testPayloads[1].data)
	for _, m := range ModuleStyles {
		for _, e := range EyeStyles {
			o := styled(m, e, 300)
			o.Label = "same"
			for _, f := range []func(*Symbol, Options) ([]byte, error){PNG, SVG, SVGTiny} {
				a, err := f(s, o)
				if err != nil {
					t.Fatal(err)
				}
				b, _ := f(s, o)
				if !bytes.Equal(a, b) {
					t.Fatalf("%s/%s: two renders differ", m, e)
				}
			}
		}
	}
}

// pathData returns the d attribute of the SVG's one path.
func pathData(t *testing.T, svg string) string {
	t.Helper()
	_, rest, ok := strings.Cut(svg, ` d="`)
	if !ok {
		t.Fatal("no path data")
	}
	d, _, _ := strings.Cut(rest, `"`)
	return d
}

func TestSVGStructure(t *testing.T) {
	s := encodeT(t, testPayloads[1].data)
	for _, m := range ModuleStyles {
		for _, e := range EyeStyles {
			b, err := SVG(s, styled(m, e, 512))
			if err != nil {
				t.Fatal(err)
			}
			svg := string(b)
			if n := strings.Count(svg, "<path"); n != 1 {
				t.Errorf("%s/%s: %d <path elements, want 1", m, e, n)
			}
			if !strings.Contains(svg, ` viewBox="`) {
				t.Errorf("%s/%s: no viewBox", m, e)
			}
			if err := xml.Unmarshal(b, new(struct{})); err != nil {
				t.Errorf("%s/%s: not well-formed XML: %v", m, e, err)
			}
		}
	}
}

func TestSVGTinyProfile(t *testing.T) {
	s := encodeT(t, testPayloads[1].data)
	for _, m := range ModuleStyles {
		for _, e := range EyeStyles {
			o := styled(m, e, 512)
			o.Frame = FrameScanMe
			b, err := SVGTiny(s, o)
			if err != nil {
				t.Fatal(err)
			}
			svg := string(b)
			if !strings.Contains(svg, `version="1.2" baseProfile="tiny"`) {
				t.Errorf("%s/%s: no Tiny 1.2 profile", m, e)
			}
			if strings.Contains(svg, "style") {
				t.Errorf("%s/%s: Tiny has no CSS, found \"style\"", m, e)
			}
			// SVG Tiny 1.2 §8.3: path data has no elliptical arc command.
			if d := pathData(t, svg); strings.ContainsAny(d, "Aa") {
				t.Errorf("%s/%s: arc command in Tiny path data", m, e)
			}
		}
	}
}

func TestLabelEscapedInSVG(t *testing.T) {
	s := encodeT(t, testPayloads[0].data)
	o := DefaultOptions()
	o.Label = `<&">`
	for _, f := range []func(*Symbol, Options) ([]byte, error){SVG, SVGTiny} {
		b, err := f(s, o)
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Contains(b, []byte(`<&">`)) {
			t.Fatal("label written unescaped")
		}
		var doc struct {
			Text string `xml:"text"`
		}
		if err := xml.Unmarshal(b, &doc); err != nil {
			t.Fatalf("not well-formed XML: %v", err)
		}
		if doc.Text != o.Label {
			t.Fatalf("label reads back as %q", doc.Text)
		}
	}
}

func TestParseColor(t *testing.T) {
	type rgba = [4]uint8
	cases := []struct {
		in               string
		allowTransparent bool
		want             rgba
		ok               bool
	}{
		{"f00", false, rgba{255, 0, 0, 255}, true},
		{"#f00", false, rgba{255, 0, 0, 255}, true},
		{"#F00", false, rgba{255, 0, 0, 255}, true},
		{"f008", false, rgba{255, 0, 0, 0x88}, true},
		{"#1a2b3c", false, rgba{0x1a, 0x2b, 0x3c, 255}, true},
		{"1A2B3C", false, rgba{0x1a, 0x2b, 0x3c, 255}, true},
		{"#1a2b3c80", false, rgba{0x1a, 0x2b, 0x3c, 0x80}, true},
		{"255-0-0", false, rgba{255, 0, 0, 255}, true},
		{"0-128-255", false, rgba{0, 128, 255, 255}, true},
		{"navy", false, rgba{0, 0, 0x80, 255}, true},
		{"RebeccaPurple", false, rgba{0x66, 0x33, 0x99, 255}, true},
		{" white ", false, rgba{255, 255, 255, 255}, true},
		{"transparent", true, rgba{255, 255, 255, 0}, true},
		{"transparent", false, rgba{}, false},
		{"", false, rgba{}, false},
		{"#", false, rgba{}, false},
		{"#ff", false, rgba{}, false},
		{"#12345", false, rgba{}, false},
		{"#1234567", false, rgba{}, false},
		{"#ggg", false, rgba{}, false},
		{"256-0-0", false, rgba{}, false},
		{"1-2", false, rgba{}, false},
		{"a-b-c", false, rgba{}, false},
		{"notacolour", false, rgba{}, false},
	}
	for _, c := range cases {
		got, err := ParseColor(c.in, c.allowTransparent)
		if (err == nil) != c.ok {
			t.Errorf("ParseColor(%q, %v): error %v, want ok=%v", c.in, c.allowTransparent, err, c.ok)
			continue
		}
		if c.ok && (rgba{got.R, got.G, got.B, got.A}) != c.want {
			t.Errorf("ParseColor(%q) = %v, want %v", c.in, got, c.want)
		}
	}
}

// TestZbarReadsStyles reads every style with zbar, which is stricter than
// ZXing about function patterns. It runs where zbarimg is installed
// (Debian's zbar-tools) and is skipped elsewhere.
func TestZbarReadsStyles(t *testing.T) {
	zbarimg, err := exec.LookPath("zbarimg")
	if err != nil {
		t.Skip("zbarimg not installed")
	}
	if testing.Short() {
		t.Skip("slow: one zbarimg process per image")
	}
	dir := t.TempDir()
	if d := os.Getenv("QRFORGE_ZBAR_DIR"); d != "" {
		dir = d // keep the images to look at
	}
	for _, p := range testPayloads {
		s := encodeT(t, p.data)
		for _, m := range ModuleStyles {
			for _, e := range EyeStyles {
				for _, size := range []int{160, 512} {
					name := fmt.Sprintf("%s/%s/%s/%d", p.name, m, e, size)
					t.Run(name, func(t *testing.T) {
						t.Parallel()
						b, err := PNG(s, styled(m, e, size))
						if err != nil {
							t.Fatal(err)
						}
						file := filepath.Join(dir, strings.ReplaceAll(name, "/", "_")+".png")
						if err := os.WriteFile(file, b, 0o644); err != nil {
							t.Fatal(err)
						}
						out, err := exec.Command(zbarimg, "--raw", "-q", file).Output()
						if got := strings.TrimSuffix(string(out), "\n"); err != nil || got != p.data {
							t.Fatalf("zbarimg read %q (%v)", got, err)
						}
					})
				}
			}
		}
	}
}
