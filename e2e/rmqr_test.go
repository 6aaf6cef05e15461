//go:build e2e

package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/draw"
	"math/rand"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/qrforge/qrforge/render/qrcode"
)

// rmqrLevels are the two levels of rMQR (ISO/IEC 23941:2022 §6.5.1).
var rmqrLevels = []qrcode.Level{qrcode.M, qrcode.H}

// rmqrCharsets are character sets that each make one segment in both
// encoders: digits, upper-case alphanumerics without digits, lower-case
// bytes and Kanji.
var rmqrCharsets = []string{"0123456789", "ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:", "abcdefghijklmnopqrstuvwxyz", "漢字東京日本語"}

// rmqrPayload is random text of set that fills size at level to about
// fill (0 to 1) of what it holds, at least one character.
func rmqrPayload(rng *rand.Rand, set string, size int, l qrcode.Level, fill float64) string {
	chars := []rune(set)
	var best string
	for n := 1; n <= 400; n++ {
		var b strings.Builder
		for i := 0; i < n; i++ {
			b.WriteRune(chars[rng.Intn(len(chars))])
		}
		p, err := qrcode.PlanRMQR([]byte(b.String()), size, 0)
		if err != nil || !p.Fits(l) {
			break
		}
		best = b.String()
		if float64(p.Bits()) >= fill*float64(qrcode.RMQRSizes[size].DataCodewords(l)*8) {
			break
		}
	}
	return best
}

// rmqrRows is the symbol's matrix as rows of 0 and 1.
func rmqrRows(s *qrcode.RMQRSymbol) []string {
	rows := make([]string, s.Height)
	for y := range rows {
		var b strings.Builder
		for x := 0; x < s.Width; x++ {
			b.WriteByte("01"[b2i(s.Modules[y*s.Width+x])])
		}
		rows[y] = b.String()
	}
	return rows
}

// TestRMQRMatchesZxingWriter encodes payloads of every charset at several
// fills for each of the 32 sizes at M and H with qrforge's encoder and
// with zxing-cpp 3's writer (zxing-wasm, zint inside; e2e/decoders/
// write.mjs), at the same size, and compares the matrices module by
// module: rMQR has one data mask, so the matrices must be equal.
func TestRMQRMatchesZxingWriter(t *testing.T) {
	type caseIn struct {
		Text    string `json:"text"`
		EC      string `json:"ec"`
		Version int    `json:"version"`
	}
	rng := rand.New(rand.NewSource(23941))
	var cases []caseIn
	var ours []*qrcode.RMQRSymbol
	for size := range qrcode.RMQRSizes {
		for _, l := range rmqrLevels {
			for _, set := range rmqrCharsets {
				for _, fill := range []float64{0.3, 1} {
					text := rmqrPayload(rng, set, size, l, fill)
					if text == "" {
						continue // a Kanji character is more than R7x43-H holds
					}
					p, err := qrcode.PlanRMQR([]byte(text), size, 0)
					if err != nil {
						t.Fatal(err)
					}
					s, err := p.Symbol(l)
					if err != nil {
						t.Fatalf("%q: %v", text, err)
					}
					cases = append(cases, caseIn{Text: text, EC: l.String(), Version: size + 1})
					ours = append(ours, s)
				}
			}
		}
	}
	in, err := json.Marshal(cases)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("node", filepath.Join(decodersDir(t), "write.mjs"))
	cmd.Dir = decodersDir(t)
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("write.mjs: %v\n%.2000s\ninstall with: cd e2e/decoders && npm ci", err, stderr.String())
	}
	var theirs struct {
		Writer  string
		Results []struct {
			Rows  []string
			Error string
		}
	}
	if err := json.Unmarshal(out, &theirs); err != nil || len(theirs.Results) != len(cases) {
		t.Fatalf("write.mjs gave %d results for %d cases: %v", len(theirs.Results), len(cases), err)
	}
	equal := map[string]int{}
	for i, s := range ours {
		r := theirs.Results[i]
		if r.Error != "" {
			t.Errorf("%s %q: %s could not write it: %s", s.Designator(), cases[i].Text, theirs.Writer, r.Error)
			continue
		}
		if got, want := strings.Join(rmqrRows(s), "\n"), strings.Join(r.Rows, "\n"); got != want {
			t.Errorf("%s %q:\nqrforge\n%s\n%s\n%s", s.Designator(), cases[i].Text, got, theirs.Writer, want)
			continue
		}
		equal[s.Designator()]++
	}
	for size := range qrcode.RMQRSizes {
		for _, l := range rmqrLevels {
			d := qrcode.RMQRSizes[size].Designator() + "-" + l.String()
			if equal[d] < 3 {
				t.Errorf("%s: %d matrices equal %s's; the sample needs at least 3", d, equal[d], theirs.Writer)
			}
		}
	}
	t.Logf("%d matrices compared with %s's, equal by symbol: %v", len(cases), theirs.Writer, equal)
}

// rmqrServicePayload is data for which the service, asked for rmqrheight
// of size's height at level l, draws exactly size: the narrowest of that
// height that holds it (ISO/IEC 23941 sizes grow in capacity with width).
func rmqrServicePayload(rng *rand.Rand, size int, l qrcode.Level, set string) string {
	h := qrcode.RMQRSizes[size].Height
	sameHeight := func(s qrcode.RMQRSize) bool { return s.Height == h }
	text := rmqrPayload(rng, set, size, l, 1)
	if p, err := qrcode.FitRMQR([]byte(text), l, 0, sameHeight); err != nil || p.Size != size {
		return ""
	}
	return text
}

// TestRMQRScansOnZxing asks the server for every rMQR size at M and H
// (symbol=rmqr, rmqrheight, ec), as a 600 px PNG with square, dot,
// rounded or diamond modules, a gradient, or a finder in colours of its
// own, a quarter of them as SVG in the same designs, rasterized by
// librsvg at its size, and reads each with zxing-cpp 3 (zxing-wasm), told to look for
// rMQR codes: every one must read back exactly. zxing-cpp 1.4 (Debian),
// jsQR and zbar read no rMQR (they predate it or know only QR Codes): the
// test asserts that they read none, so that the day one does, the
// documentation can say so.
func TestRMQRScansOnZxing(t *testing.T) {
	rng := rand.New(rand.NewSource(2022))
	designs := []url.Values{
		{},
		{"style": {"dot"}},
		{"style": {"rounded"}, "color": {"1f3a93"}},
		{"style": {"diamond"}}, // an eye shape is refused: rMQR keeps square eyes
		{"gradient": {"linear"}, "gradientcolors": {"1a237e,880e4f"}},
		{"style": {"diamond"}, "eyeframecolor": {"b71c1c"}, "eyeballcolor": {"1a237e"}},
	}
	dir := t.TempDir()
	want := map[string]string{}
	for size := range qrcode.RMQRSizes {
		for li, l := range rmqrLevels {
			d := qrcode.RMQRSizes[size].Designator() + "-" + l.String()
			var data string
			for k := range rmqrCharsets[:3] {
				if data = rmqrServicePayload(rng, size, l, rmqrCharsets[(size+li+k)%3]); data != "" {
					break
				}
			}
			if data == "" {
				t.Fatalf("%s: no payload of digits, letters or bytes makes it the narrowest of its height", d)
			}
			q := url.Values{"data": {data}, "symbol": {"rmqr"}, "ec": {l.String()},
				"rmqrheight": {strconv.Itoa(qrcode.RMQRSizes[size].Height)}, "size": {"600"}}
			format := "png"
			if (size+li)%4 == 3 {
				format = "svg"
			}
			q.Set("format", format)
			for k, v := range designs[(size*2+li)%len(designs)] {
				q[k] = v
			}
			resp, body := get(t, "/api/v1/qr", q)
			if resp.StatusCode != 200 {
				t.Fatalf("%v: %d %s", q, resp.StatusCode, body)
			}
			if got := resp.Header.Get("X-QR-Symbol"); got != d {
				t.Errorf("%q at %s: X-QR-Symbol %q, want %s", data, l, got, d)
			}
			if format == "svg" {
				// At its own size an SVG's modules are the PNG's whole
				// pixels (docs/decoders.md, "rMQR in vector formats").
				png, err := rsvgConvert(body, 600)
				if err != nil {
					t.Fatal(err)
				}
				body = png
			}
			file := fmt.Sprintf("%s-%s.png", d, format)
			if err := os.WriteFile(filepath.Join(dir, file), body, 0o644); err != nil {
				t.Fatal(err)
			}
			want[file] = data
		}
	}
	read := readRMQRs(t, dir)
	for file, data := range want {
		if got, ok := read[file][decZxingCpp3]; !ok || got != data {
			t.Errorf("%s: zxing-cpp 3 read %q (read: %v), want %q", file, got, ok, data)
		}
		for _, decoder := range []string{decZxingCpp1, decJsQR} {
			if got, ok := read[file][decoder]; ok {
				t.Errorf("%s: %s read %q; it was documented to read no rMQR", file, decoder, got)
			}
		}
		if text, ok := zbarDecodeFile(filepath.Join(dir, file)); ok {
			t.Errorf("%s: zbar read %q; it was documented to read no rMQR", file, text)
		}
	}
	t.Logf("%d rMQR images (32 sizes × M and H), each read by zxing-cpp 3; zxing-cpp 1.4, jsQR and zbar read none", len(want))
}

// readRMQRs reads every PNG in dir with zxing-cpp 3 (zxing-wasm), told
// to look for rMQR codes, and with zxing-cpp 1.4 and jsQR: what each read
// of each file, by decoder.
func readRMQRs(t *testing.T, dir string) map[string]map[string]string {
	t.Helper()
	read := map[string]map[string]string{}
	record := func(file, decoder, text string) {
		if read[file] == nil {
			read[file] = map[string]string{}
		}
		read[file][decoder] = text
	}
	node := nodeDecoder(t)
	node.cmd.Env = append(os.Environ(), "ZXING_FORMATS=rMQRCode")
	if err := batchDecode(t, dir, record, node); err != nil {
		t.Fatal(err)
	}
	// zxing-cpp 1.4's binding has no rMQR format to ask for: it looks for
	// QR and Micro QR Codes, the nearest it knows.
	py := pythonDecoder(t)
	py.cmd.Env = append(os.Environ(), "ZXING_FORMATS=QRCode,MicroQRCode")
	if err := batchDecode(t, dir, record, py); err != nil {
		t.Fatal(err)
	}
	return read
}

// TestRMQRTextReadsAsWritten: non-ASCII text in an rMQR code, written as
// UTF-8 bytes after an ECI header or, for Japanese, in Kanji mode (as in a
// QR Code, docs/eci.md), reads back as the same text on zxing-cpp 3.
func TestRMQRTextReadsAsWritten(t *testing.T) {
	dir := t.TempDir()
	want := map[string]string{}
	for i, text := range []string{"café", "Grüße aus Köln", "東京タワー", "naïve résumé 2€", "Привет"} {
		resp, body := get(t, "/api/v1/qr", url.Values{"data": {text}, "symbol": {"rmqr"}, "size": {"600"}})
		if resp.StatusCode != 200 {
			t.Fatalf("%q: %d %s", text, resp.StatusCode, body)
		}
		file := fmt.Sprintf("text-%d.png", i)
		if err := os.WriteFile(filepath.Join(dir, file), body, 0o644); err != nil {
			t.Fatal(err)
		}
		want[file] = text
	}
	readAsWrittenByZxingCpp3(t, dir, "rMQRCode", want)
}

// readAsWrittenByZxingCpp3 reads every file of want in dir with zxing-cpp
// 3 (zxing-wasm) as the given formats only, and fails for each whose text
// is not the one it was written with.
func readAsWrittenByZxingCpp3(t *testing.T, dir, formats string, want map[string]string) {
	t.Helper()
	read := map[string]string{}
	node := nodeDecoder(t)
	node.cmd.Env = append(os.Environ(), "ZXING_FORMATS="+formats)
	node.cmd.Args = append(node.cmd.Args, "--text")
	if err := batchDecode(t, dir, func(file, decoder, text string) {
		if decoder == decZxingCpp3 {
			read[file] = text
		}
	}, node); err != nil {
		t.Fatal(err)
	}
	for file, text := range want {
		if read[file] != text {
			t.Errorf("%s: zxing-cpp 3 read %q, want %q", file, read[file], text)
		}
	}
}

// rmqrVectorMisses are the rMQRs, at M, and sizes that zxing-cpp 3 missed
// as SVG rasterized by librsvg at their size, or as PDF by pdftoppm at
// 72 dpi, a pixel a point, while it read their PNGs (2026-12-02, 302
// calls of each format at 200 to 800 px; docs/decoders.md, "rMQR in
// vector formats"): 2.1 to 7.8 px a module, most of them 7 and 9 modules
// high.
var rmqrVectorMisses = map[string][]int{
	"R7x59":   {200, 300},
	"R9x59":   {200, 300, 350},
	"R11x59":  {200},
	"R17x59":  {350},
	"R9x77":   {250, 300, 400, 450, 500},
	"R11x77":  {250},
	"R13x77":  {250},
	"R7x99":   {250, 300, 350, 400, 450, 500, 600, 800},
	"R9x99":   {250, 300, 350, 400, 450, 500, 600, 800},
	"R13x99":  {250},
	"R7x139":  {300, 450, 700, 800},
	"R9x139":  {300, 350, 450, 700, 800},
	"R11x139": {450},
	"R13x139": {350, 450},
	"R15x139": {800},
}

// TestRMQRVectorsReadAtTheirSize asks for each of rmqrVectorMisses as SVG,
// PDF and EPS and rasterizes it at its own size, as a page or a print
// shop would: the SVG by librsvg at size px, the PDF by pdftoppm and the
// EPS by Ghostscript at 72 dpi. Each must be the PNG's strip, size wide
// and as tall, its modules the PNG's whole pixels (the SVG and EPS the
// PNG pixel for pixel; Poppler adds a faint fringe to edges), and read
// back exactly on zxing-cpp 3. zxing-cpp 1.4 reads no rMQR, as
// documented.
func TestRMQRVectorsReadAtTheirSize(t *testing.T) {
	const alphanumeric = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	index := map[string]int{}
	for i := range qrcode.RMQRSizes {
		index[qrcode.RMQRSizes[i].Designator()] = i
	}
	rng := rand.New(rand.NewSource(23941))
	dir, work := t.TempDir(), t.TempDir()
	want := map[string]string{}
	for d, sizes := range rmqrVectorMisses {
		i, ok := index[d]
		if !ok {
			t.Fatalf("%s is no rMQR size", d)
		}
		data := rmqrServicePayload(rng, i, qrcode.M, alphanumeric)
		if data == "" {
			t.Fatalf("%s: no alphanumeric payload makes it the narrowest of its height", d)
		}
		for _, size := range sizes {
			q := url.Values{"data": {data}, "symbol": {"rmqr"}, "ec": {"M"},
				"rmqrheight": {strconv.Itoa(qrcode.RMQRSizes[i].Height)}, "size": {strconv.Itoa(size)}}
			images := map[string][]byte{}
			for _, format := range []string{"png", "svg", "pdf", "eps"} {
				q.Set("format", format)
				resp, body := get(t, "/api/v1/qr", q)
				if resp.StatusCode != 200 {
					t.Fatalf("%v: %d %s", q, resp.StatusCode, body)
				}
				if got := resp.Header.Get("X-QR-Symbol"); got != d+"-M" {
					t.Fatalf("%q at %d px: X-QR-Symbol %q, want %s-M", data, size, got, d)
				}
				img, err := rasterizeAtSize(work, fmt.Sprintf("%s-%d", d, size), format, body, size)
				if err != nil {
					t.Fatalf("%s at %d px as %s: %v", d, size, format, err)
				}
				images[format] = img
			}
			png, err := decodeGray(images["png"])
			if err != nil {
				t.Fatal(err)
			}
			for _, format := range []string{"svg", "pdf", "eps"} {
				name := fmt.Sprintf("%s-%d-%s", d, size, format)
				m, err := decodeGray(images[format])
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				if m.Rect != png.Rect {
					t.Errorf("%s: rasterized at its size it is %v, the PNG %v", name, m.Rect.Size(), png.Rect.Size())
				} else if format != "pdf" && !bytes.Equal(m.Pix, png.Pix) {
					t.Errorf("%s: rasterized at its size it is not the PNG pixel for pixel", name)
				}
				file := name + ".png"
				if err := os.WriteFile(filepath.Join(dir, file), images[format], 0o644); err != nil {
					t.Fatal(err)
				}
				want[file] = data
			}
		}
	}
	read := readRMQRs(t, dir)
	readBy := map[string]int{}
	for file, data := range want {
		format := file[strings.LastIndexByte(file, '-')+1 : len(file)-len(".png")]
		if got, ok := read[file][decZxingCpp3]; !ok || got != data {
			t.Errorf("%s: zxing-cpp 3 read %q (read: %v), want %q", file, got, ok, data)
		} else {
			readBy[format]++
		}
		if got, ok := read[file][decZxingCpp1]; ok {
			t.Errorf("%s: zxing-cpp 1.4 read %q; it was documented to read no rMQR", file, got)
		}
	}
	t.Logf("%d images, read exactly by zxing-cpp 3: %v of %d each; zxing-cpp 1.4 read none", len(want), readBy, len(want)/3)
}

// rasterizeAtSize turns an image of format into a PNG at its own size:
// SVG through librsvg at size px wide, PDF through pdftoppm and EPS
// through Ghostscript at 72 dpi, a pixel a point; a PNG is itself. Work
// is a directory for the files the tools read and write.
func rasterizeAtSize(work, name, format string, body []byte, size int) ([]byte, error) {
	switch format {
	case "png":
		return body, nil
	case "svg":
		return rsvgConvert(body, size)
	}
	in := filepath.Join(work, name+"."+format)
	out := filepath.Join(work, name+"-"+format)
	if err := os.WriteFile(in, body, 0o644); err != nil {
		return nil, err
	}
	var stderr string
	var err error
	if format == "pdf" {
		_, stderr, err = run("pdftoppm", "-r", "72", "-png", "-singlefile", in, out)
	} else {
		_, stderr, err = run("gs", "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-dEPSCrop", "-sDEVICE=png16m", "-r72", "-sOutputFile="+out+".png", in)
	}
	if err != nil || stderr != "" {
		return nil, fmt.Errorf("%v: %s", err, stderr)
	}
	return os.ReadFile(out + ".png")
}

// decodeGray is a PNG as 8-bit grey, to compare pixels across encoders
// that write RGB, RGBA or grey.
func decodeGray(b []byte) (*image.Gray, error) {
	img, _, err := image.Decode(bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	g := image.NewGray(img.Bounds())
	draw.Draw(g, g.Rect, img, img.Bounds().Min, draw.Src)
	return g, nil
}
