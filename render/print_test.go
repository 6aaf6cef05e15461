package render

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"io"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

const printPayload = "https://qrforge.example/menu/table-12?lang=en"

// printVariants are the drawings GIF, JPEG, PDF and EPS are checked on:
// each path of the drawing (tiles, the rasterized whole, text, emblem)
// and each kind of colour (opaque, translucent, transparent).
var printVariants = []struct {
	name string
	set  func(*Options)
}{
	{"square", func(*Options) {}},
	{"dot-squircle", func(o *Options) { o.Module, o.Eye = ModuleDot, EyeSquircle }},
	{"organic-leaf-brand", func(o *Options) {
		o.Module, o.Eye = ModuleOrganic, EyeLeaf
		o.Foreground, o.Background = color.NRGBA{0x1a, 0x23, 0x7e, 255}, color.NRGBA{0xff, 0xf8, 0xe1, 255}
	}},
	{"label", func(o *Options) { o.Label = "Scan for the menu" }},
	{"scanme", func(o *Options) { o.Frame, o.Module = FrameScanMe, ModuleRounded }},
	{"emblem", func(o *Options) { o.Overlay = testEmblem(0.2) }},
	{"transparent", func(o *Options) { o.Background.A, o.Module = 0, ModuleDot }},
	{"translucent", func(o *Options) { o.Foreground = color.NRGBA{0, 0, 0xff, 0xc0}; o.Module = ModuleRounded }},
}

func printSymbol(t testing.TB) *Symbol {
	t.Helper()
	s, err := Encode(printPayload, LevelAuto)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// GIF and JPEG read back as the payload, and show the PNG's pixels: GIF
// exactly where the PNG is opaque (GIF has no partial alpha), JPEG within
// what its compression changes.
func TestGIFAndJPEGShowThePNGsPixels(t *testing.T) {
	s := printSymbol(t)
	for _, v := range printVariants {
		t.Run(v.name, func(t *testing.T) {
			o := DefaultOptions()
			o.Size = 300
			v.set(&o)
			p, err := PNG(s, o)
			if err != nil {
				t.Fatal(err)
			}
			want, err := png.Decode(bytes.NewReader(p))
			if err != nil {
				t.Fatal(err)
			}
			g, err := GIF(s, o)
			if err != nil {
				t.Fatal(err)
			}
			gi, err := gif.Decode(bytes.NewReader(g))
			if err != nil {
				t.Fatalf("GIF does not decode: %v", err)
			}
			if got := decodeImage(t, gi); got != printPayload {
				t.Errorf("GIF decodes as %q", got)
			}
			j, err := JPEG(s, o)
			if err != nil {
				t.Fatal(err)
			}
			ji, err := jpeg.Decode(bytes.NewReader(j))
			if err != nil {
				t.Fatalf("JPEG does not decode: %v", err)
			}
			if got := decodeImage(t, ji); got != printPayload {
				t.Errorf("JPEG decodes as %q", got)
			}
			if gi.Bounds() != want.Bounds() || ji.Bounds() != want.Bounds() {
				t.Fatalf("GIF %v and JPEG %v, PNG %v", gi.Bounds(), ji.Bounds(), want.Bounds())
			}
			var gifDiff, jpegDiff int
			var jpegSum float64
			for y := 0; y < o.Size; y++ {
				for x := 0; x < o.Size; x++ {
					w := color.NRGBAModel.Convert(want.At(x, y)).(color.NRGBA)
					gc := color.NRGBAModel.Convert(gi.At(x, y)).(color.NRGBA)
					switch {
					case w.A >= 128 && (gc.A != 255 || gc.R != w.R || gc.G != w.G || gc.B != w.B):
						gifDiff++
					case w.A < 128 && gc.A != 0:
						gifDiff++
					}
					// JPEG is the PNG over white.
					d := lumaDistance(over(w, white), color.NRGBAModel.Convert(ji.At(x, y)).(color.NRGBA))
					jpegSum += float64(d)
					if d > 64 {
						jpegDiff++
					}
				}
			}
			if gifDiff > 0 {
				t.Errorf("%d GIF pixels differ from the PNG's", gifDiff)
			}
			if mean := jpegSum / float64(o.Size*o.Size); mean > 4 || jpegDiff > o.Size*o.Size/1000 {
				t.Errorf("JPEG pixels differ from the PNG's by %.1f levels on average, %d by more than 64", mean, jpegDiff)
			}
		})
	}
}

func lumaDistance(a, b color.NRGBA) int {
	la := (299*int(a.R) + 587*int(a.G) + 114*int(a.B)) / 1000
	lb := (299*int(b.R) + 587*int(b.G) + 114*int(b.B)) / 1000
	return max(la-lb, lb-la)
}

// At the smallest module, two pixels, JPEG's ringing at the code's edges
// stays far from the midpoint that decoders threshold at: no wholly dark
// or light pixel moves by more than 32 of 255 levels, for grey and for
// colour (whose chroma JPEG halves).
func TestJPEGQualityKeepsEdges(t *testing.T) {
	s := printSymbol(t)
	for _, v := range printVariants[:3] {
		o := DefaultOptions()
		o.Size = 2 * (s.Size + 2*o.Margin)
		v.set(&o)
		p, _ := PNG(s, o)
		want, _ := png.Decode(bytes.NewReader(p))
		j, err := JPEG(s, o)
		if err != nil {
			t.Fatal(err)
		}
		got, err := jpeg.Decode(bytes.NewReader(j))
		if err != nil {
			t.Fatal(err)
		}
		worst := 0
		for y := 0; y < o.Size; y++ {
			for x := 0; x < o.Size; x++ {
				w := color.NRGBAModel.Convert(want.At(x, y)).(color.NRGBA)
				if w != o.Foreground && w != o.Background {
					continue // an anti-aliased edge
				}
				worst = max(worst, lumaDistance(w, color.NRGBAModel.Convert(got.At(x, y)).(color.NRGBA)))
			}
		}
		if worst > 32 {
			t.Errorf("%s at 2 px a module: a pixel moved %d levels", v.name, worst)
		}
		t.Logf("%s at 2 px a module, quality %d: at most %d levels, %d bytes", v.name, JPEGQuality, worst, len(j))
	}
}

// With a resolution, PNG carries pHYs right after IHDR with the pixels
// per metre (ISO/IEC 15948 §11.3.5.3), and still decodes; without one it
// has none. JPEG's JFIF header carries the dots per inch.
func TestImagesRecordTheirResolution(t *testing.T) {
	s := printSymbol(t)
	for _, dpi := range []int{0, 72, 300, 600, 2400} {
		o := DefaultOptions()
		o.Print.DPI = dpi
		for _, plain := range []bool{true, false} {
			if !plain {
				o.Module = ModuleDot
			}
			b, err := PNG(s, o)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := png.Decode(bytes.NewReader(b)); err != nil {
				t.Fatalf("dpi %d: the PNG does not decode: %v", dpi, err)
			}
			chunks := pngChunks(t, b)
			i := slicesIndex(chunks, "pHYs")
			switch {
			case dpi == 0 && i >= 0:
				t.Errorf("no dpi, but a pHYs chunk")
			case dpi > 0 && i != 1:
				t.Errorf("dpi %d: chunks %v, want pHYs after IHDR", dpi, names(chunks))
			case dpi > 0:
				data := chunks[i].data
				ppm := int(math.Round(float64(dpi) / 0.0254))
				if len(data) != 9 || int(binary.BigEndian.Uint32(data)) != ppm || int(binary.BigEndian.Uint32(data[4:])) != ppm || data[8] != 1 {
					t.Errorf("dpi %d: pHYs %v, want %d pixels a metre both ways, unit 1", dpi, data, ppm)
				}
			}
		}
		j, err := JPEG(s, o)
		if err != nil {
			t.Fatal(err)
		}
		// SOI, then APP0 "JFIF\0" version 1.02, units, densities.
		if !bytes.HasPrefix(j, []byte{0xFF, 0xD8, 0xFF, 0xE0, 0, 16, 'J', 'F', 'I', 'F', 0, 1, 2}) {
			t.Fatalf("dpi %d: JPEG starts % x, want a JFIF APP0", dpi, j[:16])
		}
		units, x, y := j[13], binary.BigEndian.Uint16(j[14:]), binary.BigEndian.Uint16(j[16:])
		if dpi > 0 && (units != 1 || int(x) != dpi || int(y) != dpi) || dpi == 0 && (units != 0 || x != 1 || y != 1) {
			t.Errorf("dpi %d: JFIF units %d density %dx%d", dpi, units, x, y)
		}
		if _, err := jpeg.Decode(bytes.NewReader(j)); err != nil {
			t.Errorf("dpi %d: the JPEG does not decode: %v", dpi, err)
		}
	}
}

type pngChunk struct {
	name string
	data []byte
}

// pngChunks splits a PNG into its chunks, checking each CRC.
func pngChunks(t *testing.T, b []byte) []pngChunk {
	t.Helper()
	var out []pngChunk
	for p := 8; p < len(b); {
		n := int(binary.BigEndian.Uint32(b[p:]))
		c := pngChunk{string(b[p+4 : p+8]), b[p+8 : p+8+n]}
		if got := appendChunk(nil, c.name, c.data); !bytes.Equal(got, b[p:p+12+n]) {
			t.Fatalf("chunk %s: bad CRC", c.name)
		}
		out = append(out, c)
		p += 12 + n
	}
	return out
}

func slicesIndex(chunks []pngChunk, name string) int {
	for i, c := range chunks {
		if c.name == name {
			return i
		}
	}
	return -1
}

func names(chunks []pngChunk) []string {
	var out []string
	for _, c := range chunks {
		out = append(out, c.name)
	}
	return out
}

// pdfFile is what checkPDF reads from a PDF.
type pdfFile struct {
	mediaBox [4]float64
	content  string // the page's content stream, inflated
	objects  map[int]string
}

// checkPDF parses the file structure of PDF 32000-1 §7.5: the header,
// every cross-reference entry pointing at its object, startxref at the
// table, the trailer's Size and Root; and returns the page's MediaBox and
// its inflated content stream.
func checkPDF(t *testing.T, b []byte) pdfFile {
	t.Helper()
	s := string(b)
	if !strings.HasPrefix(s, "%PDF-1.4\n") || !strings.HasSuffix(s, "%%EOF\n") {
		t.Fatalf("PDF header or end missing")
	}
	m := regexp.MustCompile(`startxref\n(\d+)\n%%EOF\n$`).FindStringSubmatch(s)
	if m == nil {
		t.Fatalf("no startxref")
	}
	xref, _ := strconv.Atoi(m[1])
	if !strings.HasPrefix(s[xref:], "xref\n0 ") {
		t.Fatalf("startxref %d does not point at the xref table", xref)
	}
	lines := strings.SplitAfter(s[xref:], "\n")
	count, _ := strconv.Atoi(strings.Fields(lines[1])[1])
	if lines[2] != "0000000000 65535 f \n" {
		t.Errorf("first xref entry %q", lines[2])
	}
	f := pdfFile{objects: map[int]string{}}
	for i := 1; i < count; i++ {
		entry := lines[2+i]
		if len(entry) != 20 || !strings.HasSuffix(entry, " 00000 n \n") {
			t.Fatalf("xref entry %d %q is not 20 bytes in use", i, entry)
		}
		off, _ := strconv.Atoi(entry[:10])
		head := fmt.Sprintf("%d 0 obj\n", i)
		if !strings.HasPrefix(s[off:], head) {
			t.Fatalf("xref entry %d points at %q", i, s[off:min(len(s), off+20)])
		}
		end := strings.Index(s[off:], "\nendobj\n")
		f.objects[i] = s[off+len(head) : off+end]
	}
	trailer := lines[2+count:]
	if trailer[0] != "trailer\n" || !strings.Contains(trailer[1], fmt.Sprintf("/Size %d ", count)) || !strings.Contains(trailer[1], "/Root 1 0 R") {
		t.Errorf("trailer %q", strings.Join(trailer, ""))
	}
	if !strings.Contains(f.objects[1], "/Type /Catalog /Pages 2 0 R") || !strings.Contains(f.objects[2], "/Kids [3 0 R] /Count 1") {
		t.Errorf("catalogue %q, pages %q", f.objects[1], f.objects[2])
	}
	box := regexp.MustCompile(`/MediaBox \[([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+)\]`).FindStringSubmatch(f.objects[3])
	if box == nil {
		t.Fatalf("page %q has no MediaBox", f.objects[3])
	}
	for i := range f.mediaBox {
		f.mediaBox[i], _ = strconv.ParseFloat(box[i+1], 64)
	}
	stream := f.objects[4]
	length := regexp.MustCompile(`^<< /Length (\d+) /Filter /FlateDecode >>\nstream\n`).FindStringSubmatch(stream)
	if length == nil {
		t.Fatalf("content stream dictionary %q", stream[:min(len(stream), 60)])
	}
	n, _ := strconv.Atoi(length[1])
	data := stream[len(length[0]):]
	if len(data) != n+len("\nendstream") || !strings.HasSuffix(data, "\nendstream") {
		t.Fatalf("stream /Length %d, but %d bytes lie before endstream", n, len(data)-len("\nendstream"))
	}
	z, err := zlib.NewReader(strings.NewReader(data[:n]))
	if err != nil {
		t.Fatal(err)
	}
	content, err := io.ReadAll(z)
	if err != nil {
		t.Fatalf("content stream does not inflate: %v", err)
	}
	f.content = string(content)
	return f
}

// contentOperators checks that a page's content is numbers and names
// followed by the operators vectorPage writes, each with its count of
// operands, q and Q balanced; it returns how often each appears.
func contentOperators(t *testing.T, content string) map[string]int {
	t.Helper()
	operands := map[string]int{"q": 0, "Q": 0, "cm": 6, "gs": 1, "rg": 3, "k": 4, "re": 4, "m": 2, "l": 2, "c": 6, "h": 0, "f": 0}
	seen := map[string]int{}
	stack, depth := 0, 0
	number := regexp.MustCompile(`^-?(\d+\.?\d*|\.\d+)$`)
	for _, tok := range strings.Fields(content) {
		switch {
		case number.MatchString(tok), strings.HasPrefix(tok, "/"):
			stack++
			continue
		}
		want, ok := operands[tok]
		if !ok {
			t.Fatalf("unknown operator %q", tok)
		}
		if stack != want {
			t.Fatalf("%s with %d operands, want %d", tok, stack, want)
		}
		stack = 0
		seen[tok]++
		switch tok {
		case "q":
			depth++
		case "Q":
			depth--
		}
		if depth < 0 {
			t.Fatalf("Q without q")
		}
	}
	if stack != 0 || depth != 0 {
		t.Fatalf("%d operands left over, %d q unbalanced", stack, depth)
	}
	return seen
}

// Every variant's PDF is a well-formed file whose page is the size asked
// for, painted with the operators vectorPage writes; the same request
// gives the same bytes.
func TestPDFIsWellFormed(t *testing.T) {
	s := printSymbol(t)
	for _, v := range printVariants {
		t.Run(v.name, func(t *testing.T) {
			o := DefaultOptions()
			v.set(&o)
			b, err := PDF(s, o)
			if err != nil {
				t.Fatal(err)
			}
			again, _ := PDF(s, o)
			if !bytes.Equal(b, again) {
				t.Errorf("two PDFs of one request differ")
			}
			f := checkPDF(t, b)
			if f.mediaBox != [4]float64{0, 0, 512, 512} {
				t.Errorf("MediaBox %v, want 512 points, a point a pixel", f.mediaBox)
			}
			ops := contentOperators(t, f.content)
			wantFills := 1 + len(o.Overlay.Layers)
			if o.Background.A != 0 {
				wantFills++
			}
			if o.Label != "" || o.Frame != FrameNone {
				wantFills++
			}
			if ops["f"] != wantFills || ops["rg"] != wantFills || ops["k"] != 0 {
				t.Errorf("%d fills in %d colours, want %d in RGB: %v", ops["f"], ops["rg"], wantFills, ops)
			}
			if (ops["gs"] > 0) != (o.Foreground.A != 255) || (ops["gs"] > 0) != strings.Contains(f.objects[3], "/ExtGState << /a0 << /ca 0.7529 >>") {
				t.Errorf("translucent foreground %v: %d gs, page %q", o.Foreground, ops["gs"], f.objects[3])
			}
		})
	}
}

// A printed size is the page's size exactly: 30 mm is 30/25.4*72 points,
// and a pixel size at a resolution is that many dots.
func TestPDFPageIsThePrintedSize(t *testing.T) {
	s := printSymbol(t)
	for _, tt := range []struct {
		name   string
		print  Print
		size   int
		points float64
	}{
		{"30mm", Print{DPI: 300, Points: 30 / MMPerInch * 72}, 354, 85.0394},
		{"1.2in at 600 dpi", Print{DPI: 600, Points: 1.2 * 72}, 720, 86.4},
		{"600 px at 300 dpi", Print{DPI: 300}, 600, 144},
		{"512 px", Print{}, 512, 512},
	} {
		o := DefaultOptions()
		o.Size, o.Print = tt.size, tt.print
		for name, encode := range map[string]func(*Symbol, Options) ([]byte, error){"pdf": PDF, "eps": EPS} {
			b, err := encode(s, o)
			if err != nil {
				t.Fatal(err)
			}
			var box [4]float64
			if name == "pdf" {
				box = checkPDF(t, b).mediaBox
			} else {
				box = checkEPS(t, b)
			}
			if box != [4]float64{0, 0, tt.points, tt.points} {
				t.Errorf("%s %s: box %v, want %g points", tt.name, name, box, tt.points)
			}
		}
	}
}

// checkEPS checks the EPSF 3.0 header and trailer and the content's
// operators, and returns the HiResBoundingBox; the BoundingBox must be
// it rounded outwards to whole points.
func checkEPS(t *testing.T, b []byte) [4]float64 {
	t.Helper()
	s := string(b)
	if !strings.HasPrefix(s, "%!PS-Adobe-3.0 EPSF-3.0\n") || !strings.HasSuffix(s, "showpage\n%%Trailer\n%%EOF\n") {
		t.Fatalf("EPS header or trailer missing")
	}
	hi := regexp.MustCompile(`(?m)^%%HiResBoundingBox: ([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+)$`).FindStringSubmatch(s)
	lo := regexp.MustCompile(`(?m)^%%BoundingBox: (-?\d+) (-?\d+) (-?\d+) (-?\d+)$`).FindStringSubmatch(s)
	if hi == nil || lo == nil {
		t.Fatalf("EPS without its bounding boxes")
	}
	var box [4]float64
	for i := range box {
		box[i], _ = strconv.ParseFloat(hi[i+1], 64)
		whole, _ := strconv.Atoi(lo[i+1])
		if i < 2 && float64(whole) != math.Floor(box[i]) || i >= 2 && float64(whole) != math.Ceil(box[i]) {
			t.Errorf("BoundingBox %v does not round HiResBoundingBox %v outwards", lo[1:], hi[1:])
		}
	}
	if strings.Count(s, "%%EndComments\n") != 1 || strings.Count(s, "%%BeginProlog\n") != 1 || strings.Count(s, "%%EndProlog\n") != 1 {
		t.Errorf("EPS comment sections")
	}
	body := s[strings.Index(s, "%%Page: 1 1\nsave\n")+len("%%Page: 1 1\nsave\n") : strings.LastIndex(s, "end\nrestore\n")]
	contentOperators(t, body)
	return box
}

// EPS paints what PDF paints, with translucent colours composited, as
// PostScript has no transparency.
func TestEPSIsWellFormed(t *testing.T) {
	s := printSymbol(t)
	for _, v := range printVariants {
		o := DefaultOptions()
		v.set(&o)
		b, err := EPS(s, o)
		if err != nil {
			t.Fatal(err)
		}
		checkEPS(t, b)
		if strings.Contains(string(b), " gs\n") {
			t.Errorf("%s: EPS sets a graphics state for alpha", v.name)
		}
		if v.name == "translucent" && !strings.Contains(string(b), "0.2471 0.2471 1 rg\n") {
			t.Errorf("translucent blue is not composited over white")
		}
	}
}

// cmyk writes every colour with k: black as pure K, white as no ink.
func TestCMYKIsPureBlack(t *testing.T) {
	s := printSymbol(t)
	o := DefaultOptions()
	o.Print.CMYK = true
	o.Label = "Menu"
	b, err := PDF(s, o)
	if err != nil {
		t.Fatal(err)
	}
	f := checkPDF(t, b)
	ops := contentOperators(t, f.content)
	if ops["rg"] != 0 || ops["k"] != 3 {
		t.Errorf("operators %v, want three k and no rg", ops)
	}
	if !strings.Contains(f.content, "0 0 0 1 k\n") || !strings.Contains(f.content, "0 0 0 0 k\n") {
		t.Errorf("black is not 0 0 0 1 k or white 0 0 0 0 k:\n%.300s", f.content)
	}
	e, _ := EPS(s, o)
	if !strings.Contains(string(e), "0 0 0 1 k\n") {
		t.Errorf("EPS black is not 0 0 0 1 k")
	}
}

// cmykOf is PDF 32000-1 §10.3.4's conversion, which §10.3.5 undoes:
// (R, G, B) = 1 - min(1, (C, M, Y) + K).
func TestCMYKConversionRoundTrips(t *testing.T) {
	for _, c := range []color.NRGBA{{0, 0, 0, 255}, {255, 255, 255, 255}, {128, 128, 128, 255}, {0x1a, 0x23, 0x7e, 255}, {255, 0, 0, 255}, {220, 0, 0, 255}} {
		ink := cmykOf(c)
		for i, v := range ink {
			if v < -1e-12 || v > 1+1e-12 {
				t.Errorf("%v: ink %d is %g", c, i, v)
			}
		}
		if c.R == c.G && c.G == c.B && (ink[0] != 0 || ink[1] != 0 || ink[2] != 0) {
			t.Errorf("grey %v is not K alone: %v", c, ink)
		}
		for i, want := range []uint8{c.R, c.G, c.B} {
			if got := math.Round(255 * (1 - min(1, ink[i]+ink[3]))); got != float64(want) {
				t.Errorf("%v: inks %v give back channel %d = %g", c, ink, i, got)
			}
		}
	}
}

// The caption's outlines lie where PNG draws its text: rasterized at the
// PNG's scale, they cover nearly the same pixels as drawCaption.
func TestCaptionOutlineMatchesTheRasterText(t *testing.T) {
	s := printSymbol(t)
	for _, text := range []string{"Scan for the menu", "AVAWAY Tîtle 123", "日本"} {
		o := DefaultOptions()
		o.Size, o.Label = 600, text
		l, err := newLayout(s, &o)
		if err != nil {
			t.Fatal(err)
		}
		d := newDrawing(s, l, &o)
		c := d.text
		d.release()
		raster := image.NewAlpha(image.Rect(0, 0, o.Size, o.Size))
		drawCaption(raster, c, l)
		sc := rasterScratches.Get().(*rasterScratch)
		sc.r.Reset(o.Size, o.Size)
		addPath(&sc.r, captionOutline(c).ops, float32(l.offX), float32(l.offY), float32(l.scale))
		outline := sc.paint()
		both, either := 0, 0
		for i, a := range raster.Pix {
			r, v := a >= 128, outline.Pix[i] >= 128
			if r && v {
				both++
			}
			if r || v {
				either++
			}
		}
		rasterScratches.Put(sc)
		if either == 0 || float64(both)/float64(either) < 0.9 {
			t.Errorf("%q: outline and raster text share %d of %d pixels", text, both, either)
		}
	}
}

// vectorFills paints the dark path in the foreground, then the emblem's
// layers in their colours, then the caption.
func TestVectorFillsListTheDrawing(t *testing.T) {
	s := printSymbol(t)
	o := DefaultOptions()
	o.Foreground = color.NRGBA{0x1a, 0x23, 0x7e, 255}
	o.Overlay = testEmblem(0.2)
	o.Frame = FrameScanMe
	s = o.Overlay.knockOut(s)
	l, _ := newLayout(s, &o)
	d := newDrawing(s, l, &o)
	defer d.release()
	fills := vectorFills(d, &o)
	want := []color.NRGBA{o.Foreground}
	for _, layer := range o.Overlay.Layers {
		want = append(want, layer.Color)
	}
	want = append(want, o.Background) // the banner's text
	if len(fills) != len(want) {
		t.Fatalf("%d fills, want %d", len(fills), len(want))
	}
	for i, f := range fills {
		if f.color != want[i] || len(f.ops) == 0 {
			t.Errorf("fill %d: %v with %d ops, want %v", i, f.color, len(f.ops), want[i])
		}
	}
	if &fills[0].ops[0] != &d.dark.ops[0] {
		t.Errorf("the first fill is not the dark path")
	}
}
