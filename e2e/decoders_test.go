//go:build e2e

package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"image"
	_ "image/png"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/qrcode"
	"github.com/qrforge/qrforge/analysis"
	"github.com/qrforge/qrforge/render"
)

// The decoders every style must satisfy. They differ where styled codes
// break: zbar matches finder and alignment patterns module by module;
// ZXing and its ports look for 1:1:3:1:1 runs along rows, columns and a
// diagonal (ISO/IEC 18004 §12); jsQR, the reader of many web pages,
// samples a perspective grid from the finders' centres.
const (
	decGozxing   = "gozxing"     // ZXing's Go port, in process
	decZbar      = "zbar"        // zbarimg, Debian zbar-tools
	decZxingCpp1 = "zxing-cpp-1" // zxing-cpp 1.4, Debian python3-zxing-cpp
	decZxingCpp3 = "zxing-cpp-3" // zxing-cpp 3, npm zxing-wasm
	decJsQR      = "jsqr"        // jsQR, npm jsqr
)

var matrixDecoders = []string{decGozxing, decZbar, decZxingCpp1, decZxingCpp3, decJsQR}

// matrixPayload is a realistic link: 45 bytes need version 4 at level M,
// with an alignment pattern, where version 1 has none.
const matrixPayload = "https://qrforge.example/menu/table-12?lang=en"

// matrixShortPayload gives version 1, whose finder patterns are the
// largest part of the symbol.
const matrixShortPayload = "qrforge"

// matrixUTF8Payload is non-ASCII text, which qrforge marks as UTF-8 with
// ECI 26 (docs/eci.md); every decoder must read it back byte for byte.
const matrixUTF8Payload = "Grüße aus Köln · 東京"

// matrixSizes are a small avatar, a web default and a print size.
// QRFORGE_MATRIX_SIZES (comma-separated pixels) replaces them for a sweep;
// docs/decoders.md records one.
func matrixSizes(t *testing.T) []int {
	env := os.Getenv("QRFORGE_MATRIX_SIZES")
	if env == "" {
		return []int{200, 300, 1000}
	}
	var sizes []int
	for _, f := range strings.Split(env, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil {
			t.Fatalf("QRFORGE_MATRIX_SIZES: %q is not a number of pixels", f)
		}
		sizes = append(sizes, n)
	}
	return sizes
}

// matrixColours are the default and a brand palette: indigo on warm white,
// a contrast ratio of about 14:1 (WCAG 2.2 §1.4.3).
var matrixColours = []struct{ name, fg, bg string }{
	{"default", "", ""},
	{"brand", "1a237e", "fff8e1"},
}

// matrixPaints are gradients and eye colours (docs/colours.md), the
// darkest stop and the lightest kept near 4.5:1 against the background,
// verify's passing contrast: a linear gradient at an angle, a radial one
// through three stops, eyes coloured one by one over a gradient, and
// coloured rings and centres over plain modules.
var matrixPaints = []struct{ name, query string }{
	{"linear", "gradient=linear&gradientcolors=1a237e,c2185b&gradientangle=45"},
	{"radial", "gradient=radial&gradientcolors=000000,00695c@40,6a1b9a&bg=fff8e1"},
	{"eyes-gradient", "gradientcolors=0d47a1,2e7d32&eyecolor=b71c1c,4a148c,e65100"},
	{"eyes", "eyeframecolor=00695c&eyeballcolor=c2185b"},
}

// paintStyles are the style and eye pairs the paints are drawn with: the
// plainest, and the three whose shapes leave the least dark area.
var paintStyles = []styleCombo{{style: "square", eye: "square"}, {style: "rounded", eye: "rounded"}, {style: "dot", eye: "squircle"}, {style: "organic", eye: "leaf"}}

// frameColours are a frame and text colour of their own, over the brand
// palette: coral red with a pale yellow banner text (WCAG 2.2 §1.4.3
// large-text contrast above 3:1), and indigo plain captions, which have
// no frame to colour.
var frameColours = map[bool][]string{
	true:  {"framecolor", "e63946", "textcolor", "fff176"},
	false: {"textcolor", "1a237e"},
}

// decoderCell is one image of the matrix; frame, when set, is a tpl value
// ("none" draws a plain caption).
type decoderCell struct {
	styleCombo
	colours, format, payload string
	size                     int
	// scale, when set, sizes the image in pixels a module instead of size.
	scale int
	tpl   string // a frame template, when set ("none" draws a plain caption)
	extra string // further query parameters, URL-encoded
	// allowed names the decoders that may miss the cell, each with why:
	// verify warned about the design, or the miss is measured and
	// recorded (TestMixedDesignsScanOnFiveDecoders).
	allowed map[string]string
	// fixed, when set, is the query of the fix of a problem document
	// the cell's own query was answered with; the cell draws it instead.
	fixed string
}

func (c decoderCell) String() string {
	s := fmt.Sprintf("%s size=%d colours=%s format=%s payload=%q", c.styleCombo, c.size, c.colours, c.format, c.payload)
	if c.scale > 0 {
		s = fmt.Sprintf("%s scale=%d colours=%s format=%s payload=%q", c.styleCombo, c.scale, c.colours, c.format, c.payload)
	}
	if c.tpl != "" {
		s += " tpl=" + c.tpl
	}
	if c.extra != "" {
		s += " " + c.shortExtra()
	}
	return s
}

// query is the request that draws the cell.
func (c decoderCell) query() url.Values {
	if c.fixed != "" {
		q, _ := url.ParseQuery(c.fixed)
		q.Set("format", c.format)
		return q
	}
	sizing := []string{"size", strconv.Itoa(c.size)}
	if c.scale > 0 {
		sizing = []string{"scale", strconv.Itoa(c.scale)}
	}
	q := qrQuery(c.payload, append(append(c.params(), sizing...), "format", c.format)...)
	for _, col := range matrixColours {
		if col.name == c.colours && col.fg != "" {
			q.Set("color", col.fg)
			q.Set("bg", col.bg)
		}
	}
	// "frame-" and a paint: the frame colours over that paint.
	paint := strings.TrimPrefix(c.colours, "frame-")
	for _, p := range matrixPaints {
		if p.name == c.colours || p.name == paint {
			extra, _ := url.ParseQuery(p.query)
			for k, v := range extra {
				q[k] = v
			}
		}
	}
	extra, _ := url.ParseQuery(c.extra)
	for k, v := range extra {
		q[k] = v
	}
	if c.tpl == "" {
		return q
	}
	q.Set("tpl", c.tpl)
	if c.tpl == "none" {
		q.Set("label", "Table 12 · Menü")
	}
	if c.colours == "frame" || paint != c.colours {
		q.Set("color", "1a237e")
		q.Set("bg", "fff8e1")
		banner := c.tpl == "banner-below" || c.tpl == "banner-above" || c.tpl == "bubble"
		kv := frameColours[banner]
		for i := 0; i < len(kv); i += 2 {
			q.Set(kv[i], kv[i+1])
		}
		if banner && q.Has("gradientcolors") {
			// The gradient paints the modules and the frame its own
			// colour, the text has its own: color would paint nothing,
			// and is refused.
			q.Del("color")
		}
	}
	return q
}

// file names the cell's PNG; the decoders' JSON is keyed by it.
func (c decoderCell) file() string {
	p := "url"
	switch c.payload {
	case matrixShortPayload:
		p = "short"
	case matrixUTF8Payload:
		p = "utf8"
	case longPayload:
		p = "long"
	}
	name := fmt.Sprintf("%s-%s-%s-%s-%d-%s-%s-%s", c.style, c.eye, c.frame, c.ball, c.size, c.colours, c.format, p)
	if c.tpl != "" {
		name = "tpl-" + c.tpl + "-" + name
	}
	if c.scale > 0 {
		name += fmt.Sprintf("-scale-%d", c.scale)
	}
	if c.extra != "" {
		name += "-" + c.shortExtra()
	}
	return sanitize(name) + ".png"
}

// shortExtra is extra with a data URI named by its hash, short enough for
// a file name and a log line.
func (c decoderCell) shortExtra() string {
	q, _ := url.ParseQuery(c.extra)
	for k, vs := range q {
		for i, v := range vs {
			if strings.HasPrefix(v, "data:") {
				h := fnv.New32a()
				h.Write([]byte(v))
				vs[i] = fmt.Sprintf("data-%08x", h.Sum32())
			}
		}
		q[k] = vs
	}
	return q.Encode()
}

func decoderMatrix(sizes []int) []decoderCell {
	var cells []decoderCell
	for _, se := range styleMatrix() {
		for _, size := range sizes {
			for _, col := range matrixColours {
				cells = append(cells, decoderCell{styleCombo: se, colours: col.name, format: "png", payload: matrixPayload, size: size})
			}
			// Version 1 has no alignment pattern: zbar then fits lines to
			// the finders' outer edges, which eye shapes bend.
			cells = append(cells, decoderCell{styleCombo: se, colours: "default", format: "png", payload: matrixShortPayload, size: size})
		}
		// SVG through librsvg, and UTF-8 text behind an ECI header.
		cells = append(cells,
			decoderCell{styleCombo: se, colours: "default", format: "svg", payload: matrixPayload, size: 300},
			decoderCell{styleCombo: se, colours: "default", format: "png", payload: matrixUTF8Payload, size: 300})
	}
	for _, se := range paintStyles {
		for _, p := range matrixPaints {
			for _, size := range sizes {
				cells = append(cells, decoderCell{styleCombo: se, colours: p.name, format: "png", payload: matrixPayload, size: size})
			}
			cells = append(cells, decoderCell{styleCombo: se, colours: p.name, format: "svg", payload: matrixPayload, size: 300})
		}
	}
	return cells
}

// TestEveryStyleAndEyeScansOnFiveDecoders renders every module style with
// every eye style and reads each image with five independent decoders; each
// must return the exact payload.
func TestEveryStyleAndEyeScansOnFiveDecoders(t *testing.T) {
	scanOnFiveDecoders(t, decoderMatrix(matrixSizes(t)))
}

// TestScaledCodesScanOnFiveDecoders: scale sizes an image in pixels a
// module, down to the fewest each design reads with (render.ModulePixels):
// every module style at 2 and 3 pixels a module, on version 1 and on a
// URL's version 4, and a logo at 3 and 4 pixels a module on the long
// payload's larger version. Each reads on all five decoders, but for a
// style that covers so little of a module that verify's style_risk warns
// about it: zxing-cpp 3 misses four of them on version 1 at 2 pixels a
// module (docs/decoders.md, "Pixels a module"), and their misses are
// counted as the mixed sweep counts them.
func TestScaledCodesScanOnFiveDecoders(t *testing.T) {
	var cells []decoderCell
	for _, style := range render.ModuleStyles {
		for _, scale := range []int{2, 3} {
			for _, payload := range []string{matrixShortPayload, matrixPayload} {
				cells = append(cells, decoderCell{
					styleCombo: styleCombo{style: string(style), eye: string(render.EyeSquare)},
					colours:    "default", format: "png", payload: payload, scale: scale,
				})
			}
		}
	}
	for _, scale := range []int{3, 4} {
		for _, style := range []render.ModuleStyle{render.ModuleSquare, render.ModuleRounded, render.ModuleDot} {
			cells = append(cells, decoderCell{
				styleCombo: styleCombo{style: string(style), eye: string(render.EyeSquare)},
				colours:    "default", format: "png", payload: longPayload, scale: scale, extra: "logo=wifi",
			})
		}
	}
	warned := 0
	for i := range cells {
		w, fixed, err := verifyWarnings(cells[i].query())
		if err != nil || fixed != "" {
			t.Fatalf("%s: verify: %v, or refused with the fix %s", cells[i], err, fixed)
		}
		if strings.Contains(w, "style_risk") {
			warned++
			cells[i].allowed = map[string]string{}
			for _, d := range matrixDecoders {
				cells[i].allowed[d] = "verify warns: " + w
			}
		}
	}
	if warned > len(cells)/2 {
		t.Fatalf("verify warns of the style of %d of %d cells: too few must read", warned, len(cells))
	}
	scanOnFiveDecoders(t, cells)
}

// TestEyePairsUnderACaptionOnVersion1: a version 1 code is mostly its
// three eyes, and a caption's letters are finder candidates that outrank
// an eye whose diagonals are out of proportion in jsQR. Every frame and
// ball pair the server draws reads under one, as PNG and as SVG
// (docs/decoders.md, "Eye frames and eye balls").
func TestEyePairsUnderACaptionOnVersion1(t *testing.T) {
	var cells []decoderCell
	for _, f := range render.EyeFrames {
		for _, b := range render.EyeBalls {
			o := render.DefaultOptions()
			o.EyeFrame, o.EyeBall = f, b
			if analysis.EyesClash(o) {
				continue
			}
			for _, size := range []int{300, 450, 600, 800} {
				for _, format := range []string{"png", "svg"} {
					cells = append(cells, decoderCell{
						styleCombo: styleCombo{style: string(render.ModuleSquare), eye: string(render.EyeSquare), frame: string(f), ball: string(b)},
						colours:    "default", format: format, payload: "qrforge", size: size,
						extra: "label=Scan+for+the+menu",
					})
				}
			}
		}
	}
	if len(cells) < 100 {
		t.Fatalf("%d cells: the pairs drawn are fewer than the table says", len(cells))
	}
	scanOnFiveDecoders(t, cells)
}

// scanOnFiveDecoders fetches every cell's image and reads it with the five
// decoders; each must return the exact payload, but for misses that
// analysis.Risks names for the cell's design (measuredMisses), which are
// counted and logged.
func scanOnFiveDecoders(t *testing.T, cells []decoderCell) {
	dir := t.TempDir()
	images := fetchMatrix(t, dir, cells)

	// results[file][decoder] is the decoded text; a missing entry is a miss.
	results := readWithFiveDecoders(t, dir, images)

	failures, known := map[string]int{}, map[string]int{}
	knownBy := map[string]map[string]int{} // design -> decoder -> misses
	for _, c := range cells {
		var missed []string
		expected := c.measuredMisses()
		for _, d := range matrixDecoders {
			got, ok := results[c.file()][d]
			switch {
			case !ok:
				missed = append(missed, d+": no symbol found")
			case got != c.payload:
				missed = append(missed, fmt.Sprintf("%s: decoded %q", d, got))
			default:
				continue
			}
			failures[d]++
			if design, ok := expected[d]; ok {
				// A miss analysis.Risks names: verify warns about it.
				missed = missed[:len(missed)-1]
				known[d]++
				if knownBy[design] == nil {
					knownBy[design] = map[string]int{}
				}
				knownBy[design][d]++
			}
		}
		if len(missed) > 0 {
			t.Errorf("%s: %s%s", c, strings.Join(missed, "; "), keepFailure(t, images[c.file()], c.file()))
		}
	}
	var summary []string
	for _, d := range matrixDecoders {
		s := fmt.Sprintf("%s %d/%d", d, len(cells)-failures[d], len(cells))
		if known[d] > 0 {
			s += fmt.Sprintf(" (%d misses measured before)", known[d])
		}
		summary = append(summary, s)
	}
	t.Logf("read: %s", strings.Join(summary, ", "))
	designs := make([]string, 0, len(knownBy))
	for design := range knownBy {
		designs = append(designs, design)
	}
	sort.Strings(designs)
	for _, design := range designs {
		t.Logf("measured risk %s: missed by %v", design, knownBy[design])
	}
}

// decoderNames maps the decoder names of analysis.Risks to the matrix's.
var decoderNames = map[string]string{
	"gozxing": decGozxing, "zbar 0.23": decZbar, "zxing-cpp 1.4": decZxingCpp1,
	"zxing-cpp 3": decZxingCpp3, "jsQR 1.4": decJsQR,
}

// measuredMisses are the decoders analysis.Risks names for the cell's
// design, each with the design: misses the verify endpoint warns about,
// which a sweep of every pair (QRFORGE_MATRIX_PAIRS=all) counts rather than
// fails. The default matrix holds no such cell. A cell's allowed misses
// are added.
func (c decoderCell) measuredMisses() map[string]string {
	o := render.DefaultOptions()
	o.Module, o.Eye = render.ModuleStyle(c.style), render.EyeStyle(c.eye)
	o.EyeFrame, o.EyeBall = render.EyeFrame(c.frame), render.EyeBall(c.ball)
	out := map[string]string{}
	for d, why := range c.allowed {
		out[d] = why
	}
	for _, r := range analysis.Risks(o) {
		for _, d := range r.Decoders {
			out[decoderNames[d]] = r.Design
		}
	}
	return out
}

// frameMatrix is every frame template, and a plain caption, in PNG and in
// SVG at every size, in the default colours on square modules and in
// colours of its own on rounded ones.
func frameMatrix(sizes []int) []decoderCell {
	var cells []decoderCell
	for _, f := range render.Frames {
		for _, size := range sizes {
			for _, format := range []string{"png", "svg"} {
				cells = append(cells,
					decoderCell{styleCombo: styleCombo{style: "square", eye: "square"}, colours: "default", format: format, payload: matrixPayload, size: size, tpl: string(f)},
					decoderCell{styleCombo: styleCombo{style: "rounded", eye: "rounded"}, colours: "frame", format: format, payload: matrixPayload, size: size, tpl: string(f)})
			}
			// A frame around a design of many colours: its own PNG path.
			cells = append(cells, decoderCell{styleCombo: styleCombo{style: "rounded", eye: "rounded"}, colours: "frame-eyes-gradient", format: "png", payload: matrixPayload, size: size, tpl: string(f)})
		}
	}
	return cells
}

// TestEveryFrameScansOnFiveDecoders: a frame around the code, with its
// text, stays out of every decoder's way.
func TestEveryFrameScansOnFiveDecoders(t *testing.T) {
	scanOnFiveDecoders(t, frameMatrix(matrixSizes(t)))
}

// fetchMatrix gets every cell's image from the server and writes it to dir
// under the cell's file name; SVG is rasterised by librsvg first, GIF and
// JPEG, and images with transparent pixels, are turned into PNG over
// white.
func fetchMatrix(t *testing.T, dir string, cells []decoderCell) map[string][]byte {
	t.Helper()
	images := map[string][]byte{}
	var mu sync.Mutex
	var errs []string
	parallel(cells, 4, func(c decoderCell) {
		q := c.query()
		resp, body := get(t, "/api/v1/qr", q)
		img := body
		var err error
		switch {
		case resp.StatusCode != 200:
			err = fmt.Errorf("GET /api/v1/qr?%s: status %d: %.300s", q.Encode(), resp.StatusCode, body)
		case c.format == "svg":
			img, err = rsvgConvert(body, c.size)
		case c.format == "gif" || c.format == "jpeg":
			img, err = reencodePNG(body)
		}
		if err == nil && !opaque(img) {
			// A transparent code is seen on the page under it: white.
			// Asked as bg=transparent, or in hex with alpha 00.
			img, err = reencodePNG(img)
		}
		if err == nil {
			err = os.WriteFile(filepath.Join(dir, c.file()), img, 0o644)
		}
		mu.Lock()
		defer mu.Unlock()
		if err != nil {
			errs = append(errs, fmt.Sprintf("%s: %v", c, err))
			return
		}
		images[c.file()] = img
	})
	if len(errs) > 0 {
		t.Fatalf("fetching the matrix:\n%s", strings.Join(errs, "\n"))
	}
	return images
}

// readWithFiveDecoders reads every PNG of dir (images holds their bytes)
// with the five decoders: results[file][decoder] is the text read, a
// missing entry a miss. A decoder that cannot run fails the test.
func readWithFiveDecoders(t *testing.T, dir string, images map[string][]byte) map[string]map[string]string {
	results := map[string]map[string]string{}
	var mu sync.Mutex
	record := func(file, decoder, text string) {
		mu.Lock()
		defer mu.Unlock()
		if results[file] == nil {
			results[file] = map[string]string{}
		}
		results[file][decoder] = text
	}
	var wg sync.WaitGroup
	wg.Add(3)
	go func() {
		defer wg.Done()
		for file, img := range images {
			if text, ok := gozxingDecode(img); ok {
				record(file, decGozxing, text)
			}
		}
	}()
	go func() {
		defer wg.Done()
		files := make([]string, 0, len(images))
		for file := range images {
			files = append(files, file)
		}
		parallel(files, 2, func(file string) {
			if text, ok := zbarDecodeFile(filepath.Join(dir, file)); ok {
				record(file, decZbar, text)
			}
		})
	}()
	batchErrs := make([]error, 2)
	go func() {
		defer wg.Done()
		batchErrs[0] = batchDecode(t, dir, record, pythonDecoder(t))
		batchErrs[1] = batchDecode(t, dir, record, nodeDecoder(t))
	}()
	wg.Wait()
	for _, err := range batchErrs {
		if err != nil {
			t.Fatal(err)
		}
	}
	return results
}

// parallel calls f for every cell on n goroutines.
func parallel[T any](cells []T, n int, f func(T)) {
	work := make(chan T)
	var wg sync.WaitGroup
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for c := range work {
				f(c)
			}
		}()
	}
	for _, c := range cells {
		work <- c
	}
	close(work)
	wg.Wait()
}

func rsvgConvert(svg []byte, width int) ([]byte, error) {
	cmd := exec.Command("rsvg-convert", "-w", strconv.Itoa(width))
	cmd.Stdin = bytes.NewReader(svg)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("rsvg-convert: %v: %.300s", err, stderr.String())
	}
	return stdout.Bytes(), nil
}

// gozxingDecode reads a PNG with gozxing as qrforge's own decode endpoint
// does, trying harder.
func gozxingDecode(png []byte) (string, bool) {
	img, _, err := image.Decode(bytes.NewReader(png))
	if err != nil {
		return "", false
	}
	bmp, err := gozxing.NewBinaryBitmapFromImage(img)
	if err != nil {
		return "", false
	}
	hints := map[gozxing.DecodeHintType]any{gozxing.DecodeHintType_TRY_HARDER: true}
	res, err := qrcode.NewQRCodeReader().Decode(bmp, hints)
	if err != nil {
		return "", false
	}
	return res.GetText(), true
}

// zbarDecodeFile is zbarDecode for a file already on disk; see there for
// -Sbinary.
func zbarDecodeFile(file string) (string, bool) {
	out, err := exec.Command("zbarimg", "--raw", "-q", "-Sbinary", file).Output()
	return string(out), err == nil
}

// A batchDecoder is one process that reads a whole directory of PNGs and
// prints JSON: {"decoders": {name: version}, "results": {file: {name:
// text or null}}}.
type batchDecoder struct {
	cmd   *exec.Cmd
	setup string // how to install it, for the failure message
}

func decodersDir(t *testing.T) string {
	t.Helper()
	root, err := repoRoot()
	if err != nil {
		t.Fatal(err)
	}
	return filepath.Join(root, "e2e", "decoders")
}

// pythonDecoder runs Debian's interpreter, not the first python3 in PATH
// (pyenv or a virtualenv), because python3-zxing-cpp installs into it.
func pythonDecoder(t *testing.T) batchDecoder {
	dir := decodersDir(t)
	return batchDecoder{
		cmd:   exec.Command("/usr/bin/python3", filepath.Join(dir, "decode.py")),
		setup: "apt-get install -y python3-zxing-cpp python3-pil (bash .ci/run tools)",
	}
}

func nodeDecoder(t *testing.T) batchDecoder {
	dir := decodersDir(t)
	cmd := exec.Command("node", filepath.Join(dir, "decode.mjs"))
	cmd.Dir = dir
	return batchDecoder{
		cmd:   cmd,
		setup: "cd e2e/decoders && npm ci (bash .ci/run e2e does it)",
	}
}

// batchDecode runs d over dir and records what it read. A decoder that
// cannot run is an error, never a skip: a matrix without it looks green.
func batchDecode(t *testing.T, dir string, record func(file, decoder, text string), d batchDecoder) error {
	d.cmd.Args = append(d.cmd.Args, dir)
	var stdout, stderr bytes.Buffer
	d.cmd.Stdout, d.cmd.Stderr = &stdout, &stderr
	if err := d.cmd.Run(); err != nil {
		return fmt.Errorf("%s: %v\n%.2000s\ninstall with: %s", strings.Join(d.cmd.Args, " "), err, stderr.String(), d.setup)
	}
	var out struct {
		Decoders map[string]string             `json:"decoders"`
		Results  map[string]map[string]*string `json:"results"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &out); err != nil {
		return fmt.Errorf("%s: output is not the documented JSON: %v: %.300s", d.cmd.Args[1], err, stdout.String())
	}
	names := make([]string, 0, len(out.Decoders))
	for name := range out.Decoders {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		t.Logf("decoder %s: %s", name, out.Decoders[name])
	}
	for file, row := range out.Results {
		for decoder, text := range row {
			if text != nil {
				record(file, decoder, *text)
			}
		}
	}
	return nil
}

// TestNonASCIIReadsAsWritten reads non-ASCII codes as text, not bytes:
// without an ECI header zbar guesses Shift_JIS for UTF-8 it does not
// recognise ("café" becomes "caf矇"), so qrforge writes ECI 26 by default
// (docs/eci.md). The default must read back exactly on zbar and gozxing;
// what eci=none gives is logged, the measurement behind the default.
func TestNonASCIIReadsAsWritten(t *testing.T) {
	dir := t.TempDir()
	for i, text := range []string{"Grüße aus Köln", "café", "東京タワー", "naïve résumé 2€", "Привет, мир"} {
		for _, eci := range []string{"", "none"} {
			q := qrQuery(text, "size", "400")
			if eci != "" {
				q.Set("eci", eci)
			}
			resp, body := get(t, "/api/v1/qr", q)
			if resp.StatusCode != 200 {
				t.Fatalf("%s: %d %s", q.Encode(), resp.StatusCode, body)
			}
			file := filepath.Join(dir, fmt.Sprintf("%d%s.png", i, eci))
			if err := os.WriteFile(file, body, 0o644); err != nil {
				t.Fatal(err)
			}
			out, err := exec.Command("zbarimg", "--raw", "-q", file).Output()
			zbar := strings.TrimSuffix(string(out), "\n")
			gz, _ := gozxingDecode(body)
			if eci == "none" {
				t.Logf("eci=none %q: zbar reads %q, gozxing %q", text, zbar, gz)
				continue
			}
			if err != nil || zbar != text {
				t.Errorf("%q with ECI 26: zbar reads %q (%v)", text, zbar, err)
			}
			if gz != text {
				t.Errorf("%q with ECI 26: gozxing reads %q", text, gz)
			}
		}
	}
}
