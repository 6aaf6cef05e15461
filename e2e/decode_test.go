//go:build e2e

package e2e

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/qrforge/qrforge/analysis"
	"github.com/qrforge/qrforge/render"
)

// Payloads carry characters that break naive encoders: a space, '&', '?',
// '/', and a non-ASCII letter that must survive as UTF-8 bytes.
const (
	shortPayload = "https://example.com/?q=qrforge e2e & ü"
	// longPayload needs at least version 7 at level M (more than 106 bytes).
	longPayload = "https://example.com/menu?table=12&lang=de&note=Grüße aus Köln, " +
		"qrforge e2e: a longer payload so that the symbol reaches version 7 or more & ü"
	minLongVersion = 7
)

// pngSizes span a small avatar, the default-ish size and a print size.
var pngSizes = []int{160, 512, 1400}

// svgRasterWidth is the width librsvg renders SVG output at before decoding.
const svgRasterWidth = 600

var payloads = []struct{ name, data string }{
	{"short", shortPayload},
	{"long", longPayload},
}

// A styleCombo is a module style and an eye style, with the eye frame and
// ball that replace the eye style's parts when set.
type styleCombo struct{ style, eye, frame, ball string }

// params are the combo's query parameters, as key-value pairs.
func (c styleCombo) params() []string {
	kv := []string{"style", c.style, "eye", c.eye}
	if c.frame != "" {
		kv = append(kv, "eyeframe", c.frame)
	}
	if c.ball != "" {
		kv = append(kv, "eyeball", c.ball)
	}
	return kv
}

// octagon reports whether the combo's eyes have an octagon frame or ball.
func (c styleCombo) octagon() bool {
	f, b := c.frame, c.ball
	if f == "" {
		f = c.eye
	}
	if b == "" {
		b = c.eye
	}
	return f == "octagon" || b == "octagon"
}

// fitOctagon is q, and its size, as the service draws octagon eyes: q
// itself when it answers, else its 400's fix, which must name three pixels
// a module and a larger size.
func fitOctagon(t *testing.T, q url.Values, size int) (url.Values, int) {
	t.Helper()
	resp, body := get(t, "/api/v1/qr", q)
	if resp.StatusCode == http.StatusOK {
		return q, size
	}
	var p struct{ Field, Detail, Fix string }
	if err := json.Unmarshal(body, &p); err != nil || p.Field != "size" || !strings.Contains(p.Detail, "at least 3 pixels per module") {
		t.Fatalf("octagon eyes at %d px: %d %.300s", size, resp.StatusCode, body)
	}
	u, err := url.Parse(p.Fix)
	if err != nil {
		t.Fatal(err)
	}
	fixed, _ := strconv.Atoi(u.Query().Get("size"))
	if fixed <= size {
		t.Fatalf("octagon eyes at %d px: the fix's size is %d", size, fixed)
	}
	return u.Query(), fixed
}

func (c styleCombo) String() string {
	kv := c.params()
	var parts []string
	for i := 0; i < len(kv); i += 2 {
		parts = append(parts, kv[i]+"="+kv[i+1])
	}
	return strings.Join(parts, " ")
}

// styleMatrix lists every module style × eye style the renderer offers,
// then every eye frame and every eye ball, each with the square ball or
// frame, or where decoders were measured to miss that pair
// (analysis.EyesClash) with the frame's own ball or the first frame that
// reads, and a few other pairs; it comes from render's own lists so a new
// style is tested the day it lands. QRFORGE_MATRIX_MATCH, a regular
// expression, keeps only the combos whose String matches it.
func styleMatrix() []styleCombo {
	var combos []styleCombo
	for _, s := range render.ModuleStyles {
		for _, e := range render.EyeStyles {
			combos = append(combos, styleCombo{style: string(s), eye: string(e)})
		}
	}
	seen := map[[2]string]bool{}
	for _, e := range render.EyeStyles {
		seen[[2]string{string(e), string(e)}] = true
	}
	clash := func(f render.EyeFrame, b render.EyeBall) bool {
		o := render.DefaultOptions()
		o.EyeFrame, o.EyeBall = f, b
		return analysis.EyesClash(o)
	}
	pair := func(f render.EyeFrame, b render.EyeBall) {
		if clash(f, b) || seen[[2]string{string(f), string(b)}] {
			return
		}
		seen[[2]string{string(f), string(b)}] = true
		combos = append(combos, styleCombo{style: string(render.ModuleSquare), eye: string(render.EyeSquare), frame: string(f), ball: string(b)})
	}
	for _, f := range render.EyeFrames {
		if clash(f, render.EyeBallSquare) {
			pair(f, analysis.MatchingBall(f))
		} else {
			pair(f, render.EyeBallSquare)
		}
	}
	for _, b := range render.EyeBalls {
		for _, f := range render.EyeFrames {
			if !clash(f, b) {
				pair(f, b)
				break
			}
		}
	}
	for _, p := range []struct {
		f render.EyeFrame
		b render.EyeBall
	}{
		{render.EyeFrameCut, render.EyeBallDot}, {render.EyeFrameExtraRounded, render.EyeBallSquircle},
		{render.EyeFrameSquircle, render.EyeBallCut}, {render.EyeFramePointed, render.EyeBallPointed},
		{render.EyeFramePetal, render.EyeBallPetal}, {render.EyeFrameLeaf, render.EyeBallPointed},
		{render.EyeFrameRounded, render.EyeBallPetal}, {render.EyeFrameOctagon, render.EyeBallCut},
	} {
		pair(p.f, p.b)
	}
	// Module styles of their own with parts of the eye replaced.
	combos = append(combos,
		styleCombo{style: string(render.ModuleClassy), eye: string(render.EyeSquircle), ball: string(render.EyeBallPointed)},
		styleCombo{style: string(render.ModuleHeart), eye: string(render.EyeRounded), ball: string(render.EyeBallSquircle)},
		styleCombo{style: string(render.ModuleSmallDots), eye: string(render.EyeSquare), frame: string(render.EyeFrameCut), ball: string(render.EyeBallDot)})
	// QRFORGE_MATRIX_PAIRS=all adds every module style with every frame
	// and ball the server draws, for the sweep behind analysis's clash
	// tables: a refused pair is measured by a build whose eyeClash returns
	// nil (docs/decoders.md).
	if os.Getenv("QRFORGE_MATRIX_PAIRS") == "all" {
		for _, s := range render.ModuleStyles {
			for _, f := range render.EyeFrames {
				for _, b := range render.EyeBalls {
					o := render.DefaultOptions()
					o.Module, o.EyeFrame, o.EyeBall = s, f, b
					if !analysis.EyesClash(o) {
						combos = append(combos, styleCombo{style: string(s), eye: string(render.EyeSquare), frame: string(f), ball: string(b)})
					}
				}
			}
		}
	}
	if expr := os.Getenv("QRFORGE_MATRIX_MATCH"); expr != "" {
		re := regexp.MustCompile(expr)
		kept := combos[:0]
		for _, c := range combos {
			if re.MatchString(c.String()) {
				kept = append(kept, c)
			}
		}
		combos = kept
	}
	return combos
}

func qrQuery(data string, kv ...string) url.Values {
	q := url.Values{"data": {data}}
	for i := 0; i+1 < len(kv); i += 2 {
		q.Set(kv[i], kv[i+1])
	}
	return q
}

func checkVersion(t *testing.T, resp *http.Response, payloadName string) {
	t.Helper()
	v, err := strconv.Atoi(resp.Header.Get("X-QR-Version"))
	if err != nil || v < 1 || v > 40 {
		t.Fatalf("X-QR-Version %q is not a version 1..40", resp.Header.Get("X-QR-Version"))
	}
	if payloadName == "long" && v < minLongVersion {
		t.Fatalf("long payload gave version %d, want at least %d; lengthen longPayload", v, minLongVersion)
	}
}

func TestPNGDecodesForEveryStyleEyeAndSize(t *testing.T) {
	for _, p := range payloads {
		for _, c := range styleMatrix() {
			for _, size := range pngSizes {
				name := fmt.Sprintf("%s/%s/size=%d", p.name, strings.ReplaceAll(c.String(), " ", "/"), size)
				t.Run(name, func(t *testing.T) {
					t.Parallel()
					q := qrQuery(p.data, append(c.params(), "size", strconv.Itoa(size), "format", "png")...)
					if c.octagon() {
						// Octagon eyes need three pixels a module
						// (render.ModulePixels): a size with two is a 400
						// whose fix is the smallest that draws, which must
						// read.
						q, size = fitOctagon(t, q, size)
					}
					resp, img := mustGet(t, "/api/v1/qr", q, "image/png")
					checkVersion(t, resp, p.name)
					if w, h := pngSize(t, img); w != size || h != size {
						t.Fatalf("PNG is %dx%d, want %dx%d", w, h, size, size)
					}
					assertDecodes(t, img, "code.png", p.data)
				})
			}
		}
	}
}

func TestSVGDecodesForEveryStyleAndEye(t *testing.T) {
	formats := []struct{ format, marker string }{
		{"svg", "<svg"},
		// Spec decision: SVG Tiny 1.2 declares itself so.
		{"svg-tiny", `baseProfile="tiny"`},
	}
	for _, f := range formats {
		for _, p := range payloads {
			for _, c := range styleMatrix() {
				name := fmt.Sprintf("%s/%s/%s", f.format, p.name, strings.ReplaceAll(c.String(), " ", "/"))
				t.Run(name, func(t *testing.T) {
					t.Parallel()
					q := qrQuery(p.data, append(c.params(), "format", f.format)...)
					resp, svg := mustGet(t, "/api/v1/qr", q, "image/svg+xml")
					checkVersion(t, resp, p.name)
					if !bytes.Contains(svg, []byte(f.marker)) {
						t.Fatalf("%s output lacks %s", f.format, f.marker)
					}
					assertDecodes(t, rasterizeSVG(t, svg, svgRasterWidth), "code.png", p.data)
				})
			}
		}
	}
}

// Captions and frames add text and shapes around the symbol; the code must
// still decode, and the caption must not be read as part of it.
func TestLabelAndTemplateDecode(t *testing.T) {
	variants := []struct {
		name string
		kv   []string
	}{
		{"label", []string{"label", "Our menu & drinks ü"}},
		{"tpl=scanme", []string{"tpl", "scanme"}},
		{"tpl=scanme+label", []string{"tpl", "scanme", "label", "Table 12 <b>"}},
		{"label+font=mono", []string{"label", "SSID: cafe-5G", "font", "mono"}},
		{"tpl=box+font=regular", []string{"tpl", "box", "label", "Grüße", "font", "regular"}},
	}
	for _, f := range render.Frames[1:] {
		variants = append(variants,
			struct {
				name string
				kv   []string
			}{"tpl=" + string(f), []string{"tpl", string(f), "label", "Меню & <b>"}},
			struct {
				name string
				kv   []string
			}{"tpl=" + string(f) + "+colours", []string{"tpl", string(f), "color", "1a237e", "framecolor", "2a9d8f", "textcolor", "000000"}})
	}
	looks := [][2]string{{"square", "square"}, {"rounded", "circle"}, {"dot", "leaf"}}
	for _, v := range variants {
		for _, look := range looks {
			for _, format := range []string{"png", "svg", "svg-tiny"} {
				name := fmt.Sprintf("%s/style=%s/eye=%s/%s", v.name, look[0], look[1], format)
				t.Run(name, func(t *testing.T) {
					t.Parallel()
					kv := append([]string{"style", look[0], "eye", look[1], "format", format}, v.kv...)
					q := qrQuery(shortPayload, kv...)
					if format == "png" {
						_, img := mustGet(t, "/api/v1/qr", q, "image/png")
						assertDecodes(t, img, "code.png", shortPayload)
						return
					}
					_, svg := mustGet(t, "/api/v1/qr", q, "image/svg+xml")
					if bytes.Contains(svg, []byte("<b>")) {
						t.Fatalf("label text is not escaped in %s output", format)
					}
					assertDecodes(t, rasterizeSVG(t, svg, svgRasterWidth), "code.png", shortPayload)
				})
			}
		}
	}
}

// jsonMatrix is the format=json body (README "Options").
type jsonMatrix struct {
	Version int     `json:"version"`
	EC      string  `json:"ec"`
	Size    int     `json:"size"`
	Margin  int     `json:"margin"`
	Matrix  [][]int `json:"matrix"`
}

func TestJSONMatrixDecodesWhenDrawn(t *testing.T) {
	for _, p := range payloads {
		t.Run(p.name, func(t *testing.T) {
			t.Parallel()
			resp, body := mustGet(t, "/api/v1/qr", qrQuery(p.data, "format", "json"), "application/json")
			var m jsonMatrix
			if err := json.Unmarshal(body, &m); err != nil {
				t.Fatalf("format=json body is not the documented object: %v", err)
			}
			if m.Size != 17+4*m.Version {
				t.Fatalf("size %d does not match version %d (want %d)", m.Size, m.Version, 17+4*m.Version)
			}
			if len(m.Matrix) != m.Size {
				t.Fatalf("matrix has %d rows, want %d", len(m.Matrix), m.Size)
			}
			if got := resp.Header.Get("X-QR-Version"); got != strconv.Itoa(m.Version) {
				t.Fatalf("X-QR-Version %q disagrees with body version %d", got, m.Version)
			}
			if got := resp.Header.Get("X-QR-EC"); got != m.EC {
				t.Fatalf("X-QR-EC %q disagrees with body ec %q", got, m.EC)
			}
			checkVersion(t, resp, p.name)
			assertDecodes(t, matrixPNG(t, m.Matrix, 6, 4), "matrix.png", p.data)
		})
	}
}

func TestBase64DataURIDecodes(t *testing.T) {
	for _, p := range payloads {
		t.Run(p.name, func(t *testing.T) {
			t.Parallel()
			_, body := mustGet(t, "/api/v1/qr", qrQuery(p.data, "format", "base64", "style", "rounded"), "text/plain")
			const prefix = "data:image/png;base64,"
			s := strings.TrimSpace(string(body))
			if !strings.HasPrefix(s, prefix) {
				t.Fatalf("body does not start with %q: %.80s", prefix, s)
			}
			img, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(s, prefix))
			if err != nil {
				t.Fatalf("data URI payload is not base64: %v", err)
			}
			assertDecodes(t, img, "code.png", p.data)
		})
	}
}

// The path form /q/<data>.<ext> takes the data from the escaped path.
func TestPathFormDecodes(t *testing.T) {
	escaped := url.PathEscape(shortPayload)
	cases := []struct {
		ext, contentType string
	}{
		{".png", "image/png"},
		{"", "image/png"},
		{".svg", "image/svg+xml"},
		{".json", "application/json"},
	}
	for _, c := range cases {
		name := "ext=" + c.ext
		if c.ext == "" {
			name = "no-ext"
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			style := url.Values{"style": {"dot"}}
			if c.ext == ".json" {
				style = nil // a module matrix draws no style, and refuses one
			}
			_, body := mustGet(t, "/q/"+escaped+c.ext, style, c.contentType)
			var img []byte
			switch c.contentType {
			case "image/png":
				img = body
			case "image/svg+xml":
				img = rasterizeSVG(t, body, svgRasterWidth)
			default:
				var m jsonMatrix
				if err := json.Unmarshal(body, &m); err != nil {
					t.Fatal(err)
				}
				img = matrixPNG(t, m.Matrix, 6, 4)
			}
			assertDecodes(t, img, "code.png", shortPayload)
		})
	}
}

// Every generation response is cacheable and readable cross-origin, and a
// revalidation with the ETag is answered 304.
func TestGenerationHeaders(t *testing.T) {
	q := qrQuery(shortPayload, "size", "300")
	resp, _ := mustGet(t, "/api/v1/qr", q, "image/png")
	for header, want := range map[string]string{
		"Access-Control-Allow-Origin": "*",
		"X-QR-EC":                     "",
		"X-QR-Version":                "",
		"ETag":                        "",
	} {
		got := resp.Header.Get(header)
		if got == "" || want != "" && got != want {
			t.Errorf("%s = %q, want %q", header, got, want)
		}
	}
	if cc := resp.Header.Get("Cache-Control"); !strings.Contains(cc, "immutable") {
		t.Errorf("Cache-Control %q is not immutable", cc)
	}
	etag := resp.Header.Get("ETag")
	if strings.HasPrefix(etag, "W/") {
		t.Errorf("ETag %s is weak, want strong", etag)
	}

	req, _ := http.NewRequest(http.MethodGet, baseURL+"/api/v1/qr?"+q.Encode(), nil)
	req.Header.Set("If-None-Match", etag)
	again, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	again.Body.Close()
	if again.StatusCode != http.StatusNotModified {
		t.Errorf("If-None-Match with the ETag: status %d, want 304", again.StatusCode)
	}
}
