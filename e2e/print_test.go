//go:build e2e

package e2e

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	_ "image/gif"
	_ "image/jpeg"
	"image/png"
	"math"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// printCell is one image of the print matrix: a format, a look and the
// options that make it.
type printCell struct {
	name, format string
	kv           []string
	// kind, when set, draws that kind's documented example instead of
	// matrixPayload.
	kind string
	// dpi is what pdftoppm or Ghostscript rasterizes a page at, 0 for
	// GIF and JPEG, which the decoders read as they are.
	dpi int
	// points is the page's side a PDF or EPS must have, 0 to not check.
	points float64
}

// printMatrix is every print format in five styles, in black and in the
// brand palette, plus what only print has: a transparent GIF, CMYK inks,
// a frame's outlined text, a length of 20 mm drawn at 300 dpi, and a
// Swiss cross drawn as vector layers.
func printMatrix() []printCell {
	looks := [][2]string{{"square", "square"}, {"rounded", "rounded"}, {"dot", "squircle"}, {"organic", "leaf"}, {"star", "octagon"}}
	var cells []printCell
	for _, format := range []string{"gif", "jpeg", "pdf", "eps"} {
		for _, look := range looks {
			for _, col := range matrixColours {
				kv := []string{"format", format, "style", look[0], "eye", look[1], "size", "300"}
				if col.fg != "" {
					kv = append(kv, "color", col.fg, "bg", col.bg)
				}
				c := printCell{name: fmt.Sprintf("%s-%s-%s-%s", format, look[0], look[1], col.name), format: format, kv: kv}
				if format == "pdf" || format == "eps" {
					c.dpi, c.points = 150, 300 // a point a pixel
				}
				cells = append(cells, c)
			}
		}
	}
	return append(cells,
		printCell{name: "gif-rounded-transparent", format: "gif", kv: []string{"format", "gif", "style", "rounded", "bg", "transparent", "size", "300"}},
		printCell{name: "jpeg-small", format: "jpeg", kv: []string{"format", "jpeg", "size", "20mm", "dpi", "150"}},
		printCell{name: "pdf-cmyk-scanme", format: "pdf", kv: []string{"format", "pdf", "cmyk", "true", "tpl", "scanme", "style", "rounded", "size", "40mm"}, dpi: 300, points: 40 / 25.4 * 72},
		printCell{name: "eps-cmyk-label", format: "eps", kv: []string{"format", "eps", "cmyk", "true", "label", "Table 12", "size", "1.5in"}, dpi: 300, points: 108},
		printCell{name: "pdf-20mm", format: "pdf", kv: []string{"format", "pdf", "size", "20mm"}, dpi: 300, points: 20 / 25.4 * 72},
		printCell{name: "eps-20mm-dot", format: "eps", kv: []string{"format", "eps", "size", "20mm", "style", "dot"}, dpi: 300, points: 20 / 25.4 * 72},
		// The smallest lengths at 300 dpi, 2 dots a module: Ghostscript
		// paints every dot a fill touches, so modules a fraction of a dot
		// wide each grew by one and jsQR or zbar missed them; on whole
		// dots none grows (docs/print.md).
		printCell{name: "eps-7mm", format: "eps", kv: []string{"format", "eps", "size", "7mm"}, dpi: 300, points: 7 / 25.4 * 72},
		printCell{name: "eps-8mm", format: "eps", kv: []string{"format", "eps", "size", "8mm"}, dpi: 300, points: 8 / 25.4 * 72},
		printCell{name: "eps-9mm", format: "eps", kv: []string{"format", "eps", "size", "9mm"}, dpi: 300, points: 9 / 25.4 * 72},
		printCell{name: "pdf-translucent", format: "pdf", kv: []string{"format", "pdf", "color", "1a237ecc", "bg", "transparent", "size", "300"}, dpi: 150, points: 300},
		printCell{name: "pdf-swissqr", format: "pdf", kind: "swissqr", kv: []string{"format", "pdf", "size", "46mm"}, dpi: 300, points: 46 / 25.4 * 72},
		printCell{name: "eps-swissqr", format: "eps", kind: "swissqr", kv: []string{"format", "eps", "size", "46mm"}, dpi: 300, points: 46 / 25.4 * 72},
		// Designs (docs/colours.md): gradients as PDF and PostScript
		// shadings, eye colours, a frame in a colour of its own; GIF and
		// JPEG from the truecolour drawing.
		printCell{name: "pdf-linear-eyes", format: "pdf", kv: []string{"format", "pdf", "size", "40mm", "style", "rounded", "gradient", "linear", "gradientcolors", "1a237e,c2185b@60,00695c", "eyecolor", "b71c1c"}, dpi: 300, points: 40 / 25.4 * 72},
		printCell{name: "pdf-radial-cmyk-bubble", format: "pdf", kv: []string{"format", "pdf", "size", "40mm", "cmyk", "true", "gradient", "radial", "gradientcolors", "000000,6a1b9a", "tpl", "bubble", "framecolor", "e63946"}, dpi: 300, points: 40 / 25.4 * 72},
		printCell{name: "eps-linear-eyes", format: "eps", kv: []string{"format", "eps", "size", "40mm", "style", "dot", "eye", "rounded", "gradientcolors", "0d47a1,2e7d32", "eyeframecolor", "4a148c"}, dpi: 300, points: 40 / 25.4 * 72},
		printCell{name: "eps-radial-cmyk", format: "eps", kv: []string{"format", "eps", "size", "40mm", "cmyk", "true", "gradient", "radial", "gradientcolors", "000000,00695c@40,6a1b9a", "tpl", "box", "framecolor", "00695c"}, dpi: 300, points: 40 / 25.4 * 72},
		// Logos: an icon on a plate, and a picture (a data URI) drawn as
		// a PDF image XObject and a PostScript image.
		printCell{name: "pdf-logo-icon-cmyk", format: "pdf", kv: []string{"format", "pdf", "size", "40mm", "cmyk", "true", "logo", "wifi", "logobg", "fff3e0", "logoplate", "rounded"}, dpi: 300, points: 40 / 25.4 * 72},
		printCell{name: "pdf-logo-picture-gradient", format: "pdf", kv: []string{"format", "pdf", "size", "40mm", "logo", printLogoURI, "gradientcolors", "1a237e,880e4f"}, dpi: 300, points: 40 / 25.4 * 72},
		// Over a transparent background the picture keeps its own
		// transparency, as a soft mask.
		printCell{name: "pdf-logo-picture-transparent", format: "pdf", kv: []string{"format", "pdf", "size", "40mm", "logo", printLogoURI, "bg", "transparent"}, dpi: 300, points: 40 / 25.4 * 72},
		printCell{name: "eps-logo-picture-cmyk", format: "eps", kv: []string{"format", "eps", "size", "40mm", "cmyk", "true", "logo", printLogoURI, "logobg", "ffffff"}, dpi: 300, points: 40 / 25.4 * 72},
		printCell{name: "gif-logo-icon", format: "gif", kv: []string{"format", "gif", "size", "300", "logo", "heart", "eyecolor", "880e4f"}},
		printCell{name: "jpeg-logo-picture", format: "jpeg", kv: []string{"format", "jpeg", "size", "300", "logo", printLogoURI}},
		printCell{name: "gif-gradient-eyes", format: "gif", kv: []string{"format", "gif", "size", "300", "style", "rounded", "gradient", "radial", "gradientcolors", "1a237e,880e4f", "eyeballcolor", "00695c"}},
		printCell{name: "jpeg-gradient-frame", format: "jpeg", kv: []string{"format", "jpeg", "size", "300", "gradientcolors", "1a237e,880e4f", "tpl", "banner-above", "framecolor", "00695c"}},
	)
}

// TestPrintFormatsScanOnFiveDecoders renders GIF, JPEG, PDF and EPS and
// reads each with the five decoders of the matrix: GIF and JPEG as the
// server sent them (zbar through ImageMagick, the others after Go's own
// decoders turn them into PNG), PDF rasterized by Poppler's pdftoppm and
// EPS by Ghostscript, each of which must also accept the file without a
// complaint and find the page size asked for.
func TestPrintFormatsScanOnFiveDecoders(t *testing.T) {
	dir, originals := t.TempDir(), t.TempDir()
	cells := printMatrix()
	// want[name] is what each cell's code must read as.
	want := map[string]string{}
	for _, c := range cells {
		want[c.name] = matrixPayload
		if c.kind != "" {
			path, q := kindExample(t, c.kind)
			_, body := mustGet(t, path+"/payload", q, "application/json")
			var p struct{ Payload string }
			if err := json.Unmarshal(body, &p); err != nil {
				t.Fatal(err)
			}
			want[c.name] = p.Payload
		}
	}
	// pngs[name] is what the decoders read; zbarFile[name] the file zbar
	// reads, the original for GIF and JPEG.
	pngs, zbarFile := map[string][]byte{}, map[string]string{}
	var mu sync.Mutex
	var errs []string
	parallel(cells, 2, func(c printCell) {
		png, file, err := fetchPrintCell(t, c, dir, originals)
		mu.Lock()
		defer mu.Unlock()
		if err != nil {
			errs = append(errs, fmt.Sprintf("%s: %v", c.name, err))
			return
		}
		pngs[c.name], zbarFile[c.name] = png, file
	})
	if len(errs) > 0 {
		t.Fatalf("rendering the print matrix:\n%s", strings.Join(errs, "\n"))
	}

	results := map[string]map[string]string{}
	record := func(file, decoder, text string) {
		mu.Lock()
		defer mu.Unlock()
		name := strings.TrimSuffix(file, ".png")
		if results[name] == nil {
			results[name] = map[string]string{}
		}
		results[name][decoder] = text
	}
	for _, c := range cells {
		if text, ok := gozxingDecode(pngs[c.name]); ok {
			record(c.name, decGozxing, text)
		}
		if text, ok := zbarDecodeFile(zbarFile[c.name]); ok {
			record(c.name, decZbar, text)
		}
	}
	for _, d := range []batchDecoder{pythonDecoder(t), nodeDecoder(t)} {
		if err := batchDecode(t, dir, record, d); err != nil {
			t.Fatal(err)
		}
	}

	misses := map[string]int{}
	for _, c := range cells {
		var missed []string
		for _, d := range matrixDecoders {
			got, ok := results[c.name][d]
			switch {
			case !ok:
				missed = append(missed, d+": no symbol found")
			case got != want[c.name]:
				missed = append(missed, fmt.Sprintf("%s: decoded %q", d, got))
			default:
				continue
			}
			misses[d]++
		}
		if len(missed) > 0 {
			t.Errorf("%s (%s): %s%s", c.name, strings.Join(c.kv, " "), strings.Join(missed, "; "), keepFailure(t, pngs[c.name], c.name+".png"))
		}
	}
	var summary []string
	for _, d := range matrixDecoders {
		summary = append(summary, fmt.Sprintf("%s %d/%d", d, len(cells)-misses[d], len(cells)))
	}
	t.Logf("read: %s", strings.Join(summary, ", "))
}

// fetchPrintCell gets a cell's file from the server and returns the PNG
// the decoders read, written to dir as <name>.png, and the file zbar
// reads.
func fetchPrintCell(t *testing.T, c printCell, dir, originals string) ([]byte, string, error) {
	path, q := "/api/v1/qr", qrQuery(matrixPayload, c.kv...)
	if c.kind != "" {
		path, q = kindExample(t, c.kind)
		for i := 0; i+1 < len(c.kv); i += 2 {
			q.Set(c.kv[i], c.kv[i+1])
		}
	}
	resp, body := get(t, path, q)
	if resp.StatusCode != 200 {
		return nil, "", fmt.Errorf("GET %s?%s: %d %.300s", path, q.Encode(), resp.StatusCode, body)
	}
	want := map[string]string{"gif": "image/gif", "jpeg": "image/jpeg", "pdf": "application/pdf", "eps": "application/postscript"}[c.format]
	if ct := resp.Header.Get("Content-Type"); ct != want {
		return nil, "", fmt.Errorf("Content-Type %q, want %s", ct, want)
	}
	ext := map[string]string{"gif": "gif", "jpeg": "jpg", "pdf": "pdf", "eps": "eps"}[c.format]
	original := filepath.Join(originals, c.name+"."+ext)
	if err := os.WriteFile(original, body, 0o644); err != nil {
		return nil, "", err
	}
	out := filepath.Join(dir, c.name+".png")
	var img []byte
	var err error
	switch c.format {
	case "gif", "jpeg":
		img, err = reencodePNG(body)
	case "pdf":
		img, err = pdfToPNG(original, c)
	case "eps":
		img, err = epsToPNG(original, c)
	}
	if err != nil {
		return nil, "", err
	}
	if err := os.WriteFile(out, img, 0o644); err != nil {
		return nil, "", err
	}
	if c.format == "gif" || c.format == "jpeg" {
		return img, original, nil
	}
	return img, out, nil
}

// kindExample is a kind's path and its documented example's fields, as
// GET /api/v1/kinds/<kind> gives them.
func kindExample(t *testing.T, name string) (string, url.Values) {
	_, body := mustGet(t, "/api/v1/kinds/"+name, nil, "application/json")
	var k struct {
		Path    string            `json:"path"`
		Example map[string]string `json:"example"`
	}
	if err := json.Unmarshal(body, &k); err != nil || k.Path == "" {
		t.Fatalf("kind %s: %v: %.200s", name, err, body)
	}
	q := url.Values{}
	for field, v := range k.Example {
		q.Set(field, v)
	}
	return k.Path, q
}

// opaque reports whether every pixel of the image b is opaque; an image
// that cannot be decoded is left to the decoders to refuse.
func opaque(b []byte) bool {
	img, _, err := image.Decode(bytes.NewReader(b))
	if err != nil {
		return true
	}
	o, ok := img.(interface{ Opaque() bool })
	return !ok || o.Opaque()
}

// reencodePNG decodes a GIF or JPEG with Go's decoders, independent of
// the encoders that wrote it, and writes the pixels as a PNG, composited
// over white paper as a transparent GIF is seen: image/gif gives its
// transparent pixels no colour, which decoders ignoring alpha read as
// black.
func reencodePNG(b []byte) ([]byte, error) {
	img, _, err := image.Decode(bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	paper := image.NewRGBA(img.Bounds())
	draw.Draw(paper, paper.Rect, image.White, image.Point{}, draw.Src)
	draw.Draw(paper, paper.Rect, img, img.Bounds().Min, draw.Over)
	var buf bytes.Buffer
	err = png.Encode(&buf, paper)
	return buf.Bytes(), err
}

var pdfPageSize = regexp.MustCompile(`(?m)^Page size:\s+([\d.]+) x ([\d.]+) pts`)

// pdfToPNG checks the page size with pdfinfo and rasterizes the page with
// pdftoppm; either writing anything to stderr (Poppler reports syntax
// errors there and carries on) is a failure.
func pdfToPNG(file string, c printCell) ([]byte, error) {
	info, stderr, err := run("pdfinfo", file)
	if err != nil || stderr != "" {
		return nil, fmt.Errorf("pdfinfo: %v: %s", err, stderr)
	}
	m := pdfPageSize.FindStringSubmatch(info)
	if m == nil {
		return nil, fmt.Errorf("pdfinfo gives no page size:\n%s", info)
	}
	w, _ := strconv.ParseFloat(m[1], 64)
	h, _ := strconv.ParseFloat(m[2], 64)
	if math.Abs(w-c.points) > 0.01 || math.Abs(h-c.points) > 0.01 {
		return nil, fmt.Errorf("page %g x %g points, want %.2f", w, h, c.points)
	}
	prefix := strings.TrimSuffix(file, ".pdf")
	if _, stderr, err := run("pdftoppm", "-r", strconv.Itoa(c.dpi), "-png", "-singlefile", file, prefix); err != nil || stderr != "" {
		return nil, fmt.Errorf("pdftoppm: %v: %s", err, stderr)
	}
	return checkRaster(prefix+".png", c)
}

// epsToPNG rasterizes an EPS with Ghostscript, cropped to its bounding box
// (-dEPSCrop), with -dSAFER and nothing on stderr.
func epsToPNG(file string, c printCell) ([]byte, error) {
	out := strings.TrimSuffix(file, ".eps") + ".png"
	if _, stderr, err := run("gs", "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-dEPSCrop", "-sDEVICE=png16m",
		"-r"+strconv.Itoa(c.dpi), "-sOutputFile="+out, file); err != nil || stderr != "" {
		return nil, fmt.Errorf("gs: %v: %s", err, stderr)
	}
	return checkRaster(out, c)
}

// checkRaster reads a rasterized page and checks that it is the page's
// side at the dpi it was rasterized at, within the pixel Poppler and
// Ghostscript may round to.
func checkRaster(file string, c printCell) ([]byte, error) {
	b, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	cfg, err := png.DecodeConfig(bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	want := c.points / 72 * float64(c.dpi)
	if math.Abs(float64(cfg.Width)-want) > 1 || math.Abs(float64(cfg.Height)-want) > 1 {
		return nil, fmt.Errorf("rasterized %dx%d at %d dpi, want %.1f a side", cfg.Width, cfg.Height, c.dpi, want)
	}
	return b, nil
}

func run(name string, args ...string) (stdout, stderr string, err error) {
	cmd := exec.Command(name, args...)
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err = cmd.Run()
	return o.String(), e.String(), err
}

// printLogoURI is a small picture as a data URI: a red square in its
// top-left quarter on white, so that a flipped image shows.
var printLogoURI = func() string {
	m := image.NewNRGBA(image.Rect(0, 0, 64, 64))
	draw.Draw(m, m.Rect, image.White, image.Point{}, draw.Src)
	draw.Draw(m, image.Rect(0, 0, 32, 32), image.NewUniform(color.NRGBA{0xe6, 0x39, 0x46, 255}), image.Point{}, draw.Src)
	var b bytes.Buffer
	png.Encode(&b, m)
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(b.Bytes())
}()
