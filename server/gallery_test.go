package server_test

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/qrforge/qrforge/options"
	"github.com/qrforge/qrforge/server"
)

// galleryTile is one tile of /gallery as a browser sees it.
type galleryTile struct {
	section, caption, image, editor, api string
	width, height                        string
	lazy                                 bool
	score, verify                        string // the score line's number, and the Verify link
	scoreLine                            string // the score line's text
}

// readGallery fetches /gallery and returns its sections' IDs and tiles.
func readGallery(t *testing.T) (sections []string, tiles []galleryTile) {
	t.Helper()
	rec := get(t, "/gallery")
	if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "text/html; charset=utf-8" {
		t.Fatalf("GET /gallery: %d %s", rec.Code, rec.Header().Get("Content-Type"))
	}
	root, err := html.Parse(rec.Body)
	if err != nil {
		t.Fatal(err)
	}
	var walk func(n *html.Node, section string, tile *galleryTile)
	walk = func(n *html.Node, section string, tile *galleryTile) {
		if n.Type == html.ElementNode {
			switch {
			case n.Data == "section":
				section = attrOf(n, "id")
				sections = append(sections, section)
			case n.Data == "li" && attrOf(n, "class") == "design":
				tiles = append(tiles, galleryTile{section: section})
				tile = &tiles[len(tiles)-1]
			case tile != nil && n.Data == "img":
				tile.image, tile.width, tile.height = attrOf(n, "src"), attrOf(n, "width"), attrOf(n, "height")
				tile.lazy = attrOf(n, "loading") == "lazy"
			case tile != nil && n.Data == "a" && attrOf(n, "class") == "design-image":
				tile.editor = attrOf(n, "href")
			case tile != nil && n.Data == "a" && textOf(n) == "API URL":
				tile.api = attrOf(n, "href")
			case tile != nil && n.Data == "a" && textOf(n) == "Verify":
				tile.verify = attrOf(n, "href")
			case tile != nil && n.Data == "strong" && attrOf(n.Parent.Parent, "class") == "design-score":
				tile.score = textOf(n)
			case tile != nil && n.Data == "p" && attrOf(n, "class") == "design-score":
				tile.scoreLine = textOf(n)
			case tile != nil && n.Data == "code" && tile.caption == "":
				tile.caption = textOf(n)
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c, section, tile)
		}
	}
	walk(root, "", nil)
	return sections, tiles
}

func attrOf(n *html.Node, name string) string {
	for _, a := range n.Attr {
		if a.Key == name {
			return a.Val
		}
	}
	return ""
}

func textOf(n *html.Node) string {
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return strings.TrimSpace(b.String())
}

// TestGalleryShowsEveryDesignChoice: /gallery has a section for every
// option of the catalogue the editor offers as shapes or a list of values,
// with a tile for each value, in the order options.Gallery lists them.
// The catalogue is walked here, not the gallery's own list, so that a new
// style, eye shape or frame cannot be left out of both.
func TestGalleryShowsEveryDesignChoice(t *testing.T) {
	sections, tiles := readGallery(t)
	captions := map[string][]string{}
	for _, tile := range tiles {
		captions[tile.section] = append(captions[tile.section], tile.caption)
	}
	for _, o := range options.Rendering {
		if len(o.Enum) == 0 || (o.Control != "shape" && o.Control != "choice") {
			continue
		}
		if why := options.NotInGallery[o.Name]; why != "" {
			t.Logf("%s is not in the gallery: %s", o.Name, why)
			continue
		}
		if !slices.Contains(sections, o.Name) {
			t.Errorf("no section for %s", o.Name)
			continue
		}
		for _, v := range o.Enum {
			if !slices.Contains(captions[o.Name], o.Name+"="+v) {
				t.Errorf("section %s has no tile %s=%s: %v", o.Name, o.Name, v, captions[o.Name])
			}
		}
	}
	var want []string
	for _, s := range options.Gallery() {
		for _, d := range s.Designs {
			want = append(want, s.ID+": "+d.Name)
		}
	}
	var got []string
	for _, tile := range tiles {
		got = append(got, tile.section+": "+tile.caption)
	}
	if !slices.Equal(got, want) {
		t.Errorf("tiles\n%s\nwant options.Gallery's\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, id := range []string{"colours", options.GalleryRecipes} {
		if !slices.Contains(sections, id) {
			t.Errorf("no section %s", id)
		}
	}
	if body := get(t, "/").Body.String(); !strings.Contains(body, `<a href="/gallery">Gallery</a>`) {
		t.Error("the home page's navigation does not link to /gallery")
	}
}

// galleryDesigns are options.Gallery's designs by section and caption.
func galleryDesigns() map[string]options.Design {
	out := map[string]options.Design{}
	for _, s := range options.Gallery() {
		for _, d := range s.Designs {
			out[s.ID+"/"+d.Name] = d
		}
	}
	return out
}

// readGalleryCode reads the code in a gallery image or preview: with
// gozxing, or for a Micro QR Code or an rMQR, which gozxing does not read,
// by comparing its modules, pixel by pixel at their centres, with the
// matrix the same API call gives as format=json; e2e's
// TestMicroQRScansOnZxing and TestRMQRScansOnZxing read those matrices
// with zxing-cpp. It returns the text read, or the data the matrix holds.
func readGalleryCode(t *testing.T, d options.Design, api *url.URL, body []byte) string {
	t.Helper()
	if sym := d.Query(); !strings.Contains(sym, "symbol=micro") && !strings.Contains(sym, "symbol=rmqr") {
		return decodeQR(t, body)
	}
	q := api.Query()
	q.Set("format", "json")
	for name := range q {
		// A drawn option, such as size, is refused in a module matrix.
		if o, ok := options.Named(name); ok && !o.Reaches("json") {
			q.Del(name)
		}
	}
	rec := get(t, api.Path+"?"+q.Encode())
	var m struct {
		Size, Width, Height, Margin int
		Matrix                      [][]int
	}
	if rec.Code != http.StatusOK || json.Unmarshal(rec.Body.Bytes(), &m) != nil || len(m.Matrix) == 0 {
		t.Fatalf("GET %s as json: %d %s", short(api.String()), rec.Code, rec.Body.String())
	}
	img := pngImage(t, body)
	cols, rows := len(m.Matrix[0]), len(m.Matrix)
	w, h := cols+2*m.Margin, rows+2*m.Margin
	dx, dy := img.Bounds().Dx(), img.Bounds().Dy()
	scale := dx / w
	// A strip as wide as size, exactly as tall as its modules at whole
	// pixels (render's canvasHeight); a Micro QR Code, whose matrix has
	// no height, is square.
	want := dx
	if m.Height > 0 {
		want = scale * h
	}
	if dy != want {
		t.Errorf("%s: %d×%d px, want %d×%d for %d×%d modules", d.Name, dx, dy, dx, want, w, h)
	}
	offX, offY := (dx-scale*w)/2, (dy-scale*h)/2
	for y := -m.Margin; y < rows+m.Margin; y++ {
		for x := -m.Margin; x < cols+m.Margin; x++ {
			want := y >= 0 && x >= 0 && y < rows && x < cols && m.Matrix[y][x] == 1
			r, _, _, _ := img.At(offX+(x+m.Margin)*scale+scale/2, offY+(y+m.Margin)*scale+scale/2).RGBA()
			if dark := r < 0x8000; dark != want {
				t.Fatalf("%s: module (%d, %d) drawn dark=%v, the matrix says %v", d.Name, x, y, dark, want)
			}
		}
	}
	return q.Get("data")
}

// TestGalleryImagesScan fetches every image of /gallery and reads it back
// with gozxing (readGalleryCode): each is a PNG of the width the page
// gives it room for, and decodes to exactly the text in its data
// parameter, the gallery's unless the design has its own. Each tile's
// editor link opens the editor with the design's options, and its preview
// scans too.
func TestGalleryImagesScan(t *testing.T) {
	_, tiles := readGallery(t)
	if len(tiles) < 20 {
		t.Fatalf("the gallery has %d tiles", len(tiles))
	}
	designs := galleryDesigns()
	for _, tile := range tiles {
		design := designs[tile.section+"/"+tile.caption]
		data := cmp.Or(design.Data, options.GalleryData)
		t.Run(tile.section+"/"+tile.caption, func(t *testing.T) {
			if !tile.lazy || tile.width == "" || tile.width != tile.height {
				t.Errorf("img is not lazy and square-sized: loading lazy %v, %sx%s", tile.lazy, tile.width, tile.height)
			}
			if !strings.HasPrefix(tile.image, "/gallery/images/") {
				t.Errorf("image %q is not under /gallery/images/", tile.image)
			}
			u, err := url.Parse(tile.api)
			if err != nil || u.Path != "/api/v1/qr" {
				t.Fatalf("API link %q is not a call of /api/v1/qr", tile.api)
			}
			q := u.Query()
			if q.Get("data") != data {
				t.Errorf("image encodes %q, want %q", q.Get("data"), data)
			}
			if name, value, isOption := strings.Cut(tile.caption, "="); isOption && tile.section != "colours" && q.Get(name) != value {
				t.Errorf("caption %s, but the image has %s=%q", tile.caption, name, q.Get(name))
			}
			rec := get(t, tile.image)
			if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "image/png" {
				t.Fatalf("GET %s: %d %s %s", short(tile.image), rec.Code, rec.Header().Get("Content-Type"), rec.Body.String())
			}
			img := pngImage(t, rec.Body.Bytes())
			if w := img.Bounds().Dx(); fmt.Sprint(w/2) != tile.width {
				t.Errorf("image is %d px wide for a tile of %s CSS px; want twice as many", w, tile.width)
			}
			if got := readGalleryCode(t, design, u, rec.Body.Bytes()); got != data {
				t.Errorf("decoded %q, want %q", got, data)
			}
			// The image is the API call's, byte for byte.
			if api := get(t, tile.api); api.Code != http.StatusOK || !bytes.Equal(api.Body.Bytes(), rec.Body.Bytes()) {
				t.Errorf("GET %s: %d, and its bytes differ from the gallery image's", short(tile.api), api.Code)
			}

			// The editor opens with the design's values set, and its
			// preview draws them.
			e, err := url.Parse(tile.editor)
			if err != nil || e.Path != "/" || e.Query().Get("data") != data {
				t.Fatalf("editor link %q does not open / with the gallery's data", tile.editor)
			}
			page := get(t, tile.editor)
			if page.Code != http.StatusOK {
				t.Fatalf("GET %s: %d", tile.editor, page.Code)
			}
			root, err := html.Parse(page.Body)
			if err != nil {
				t.Fatal(err)
			}
			preview := findByID(root, "preview-img")
			if preview == nil || strings.Contains(attrOf(findByID(root, "preview"), "class"), "is-error") {
				t.Fatalf("the editor at %s shows no preview", tile.editor)
			}
			p, _ := url.Parse(attrOf(preview, "src"))
			for name, vs := range q {
				if name == "size" || name == "data" {
					continue
				}
				o, _ := options.Named(name)
				if got := p.Query().Get(name); got != vs[0] && !(got == "" && fmt.Sprint(o.Default) == vs[0]) {
					t.Errorf("the editor's preview has %s=%q, the tile %q", name, got, vs[0])
				}
			}
			rec = get(t, p.String())
			if rec.Code != http.StatusOK {
				t.Fatalf("the editor's preview %s: %d %s", p, rec.Code, rec.Body.String())
			}
			if got := readGalleryCode(t, design, p, rec.Body.Bytes()); got != data {
				t.Errorf("the editor's preview decoded %q", got)
			}
		})
	}
}

func findByID(n *html.Node, id string) *html.Node {
	if n.Type == html.ElementNode && attrOf(n, "id") == id {
		return n
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if found := findByID(c, id); found != nil {
			return found
		}
	}
	return nil
}

// TestGalleryIsAPlainPage: the gallery revalidates with its ETag like the
// editor pages, carries their security headers and stylesheet, and needs no
// script.
func TestGalleryIsAPlainPage(t *testing.T) {
	rec := get(t, "/gallery")
	root, err := html.Parse(strings.NewReader(rec.Body.String()))
	if err != nil {
		t.Fatal(err)
	}
	var scripts, sheets []string
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		switch {
		case n.Type == html.ElementNode && n.Data == "script":
			scripts = append(scripts, attrOf(n, "src"))
		case n.Type == html.ElementNode && n.Data == "link" && attrOf(n, "rel") == "stylesheet":
			sheets = append(sheets, attrOf(n, "href"))
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(root)
	if len(scripts) > 0 {
		t.Errorf("the gallery has scripts %q", scripts)
	}
	if len(sheets) != 1 || !strings.Contains(get(t, "/").Body.String(), `<link rel="stylesheet" href="`+sheets[0]+`">`) {
		t.Errorf("the gallery's stylesheets %q are not the editor's", sheets)
	}
	h := rec.Header()
	if h.Get("Cache-Control") != "no-cache" || h.Get("ETag") == "" || h.Get("Content-Security-Policy") == "" {
		t.Fatalf("headers %v", h)
	}
	if again := get(t, "/gallery", "If-None-Match", h.Get("ETag")); again.Code != http.StatusNotModified || again.Body.Len() != 0 {
		t.Errorf("If-None-Match with the ETag: %d, %d bytes", again.Code, again.Body.Len())
	}
	if head := do(t, http.MethodHead, "/gallery"); head.Code != http.StatusOK {
		t.Errorf("HEAD /gallery: %d", head.Code)
	}
}

// The gallery's images cost a visitor a static file's share of the rate
// limit: with the deployment's limit (deploy/deployment.yaml, 20 a second,
// a burst of 40) a visitor loads the page and every image at once, where
// as many generation calls would be refused past the 40th.
func TestGalleryImagesFitTheRateLimit(t *testing.T) {
	h := server.New(server.Config{BaseURL: base, RateLimit: 20, RateBurst: 40})
	_, tiles := readGallery(t)
	if len(tiles) <= 40 {
		t.Fatalf("the gallery has only %d tiles: the test needs more than the burst", len(tiles))
	}
	for _, tile := range tiles {
		if rec := fetch(t, h, base+tile.image); rec.Code != http.StatusOK {
			t.Fatalf("GET %s: %d after some of %d images", tile.image, rec.Code, len(tiles))
		}
	}
	if rec := fetch(t, h, base+"/gallery/images/0000000000000000.png"); rec.Code != http.StatusNotFound {
		t.Errorf("an unknown gallery image answers %d", rec.Code)
	}
}

// TestGalleryTilesShowTheirVerifyScore: every tile shows a scan score from
// 0 to 100, the one GET /api/v1/verify gives for the parameters of its
// image (docs/robustness.md), and links that verify call; Micro QR Codes
// and rMQRs too, which verify reads with qrforge's own reader.
func TestGalleryTilesShowTheirVerifyScore(t *testing.T) {
	_, tiles := readGallery(t)
	symbols := 0
	for _, tile := range tiles {
		if tile.section == options.GallerySymbols {
			symbols++
		}
		api, err := url.Parse(tile.api)
		if err != nil {
			t.Fatal(err)
		}
		if want := "/api/v1/verify?" + api.RawQuery; tile.verify != want {
			t.Errorf("%s: Verify links %q, want %q: the image's own parameters", tile.caption, tile.verify, want)
			continue
		}
		var v struct {
			Robustness *struct {
				Score int `json:"score"`
			} `json:"robustness"`
		}
		rec := get(t, tile.verify)
		if rec.Code != http.StatusOK {
			t.Fatalf("GET %s: %d %s", tile.verify, rec.Code, rec.Body.String())
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &v); err != nil || v.Robustness == nil {
			t.Fatalf("GET %s: no robustness section (%v): %s", tile.verify, err, rec.Body.String())
		}
		score, err := strconv.Atoi(tile.score)
		if err != nil || score < 0 || score > 100 {
			t.Errorf("%s: score %q, want 0 to 100", tile.caption, tile.score)
			continue
		}
		if score != v.Robustness.Score {
			t.Errorf("%s: the tile shows %d, verify gives %d", tile.caption, score, v.Robustness.Score)
		}
	}
	if symbols == 0 {
		t.Error("no tile of the symbols section")
	}
}

// TestGalleryStripsAreNotStretched: an rMQR tile's image is a strip, and
// the stylesheet fits every tile's image into its square box keeping its
// proportions (object-fit: contain), so the strip sits in the grid's rows
// as drawn.
func TestGalleryStripsAreNotStretched(t *testing.T) {
	_, tiles := readGallery(t)
	strips := 0
	for _, tile := range tiles {
		u, _ := url.Parse(tile.api)
		if u == nil || u.Query().Get("symbol") != "rmqr" {
			continue
		}
		img := pngImage(t, get(t, tile.image).Body.Bytes())
		if b := img.Bounds(); b.Dy()*2 > b.Dx() {
			t.Errorf("%s: %d×%d px is no strip", tile.caption, b.Dx(), b.Dy())
		}
		strips++
	}
	if strips == 0 {
		t.Fatal("the gallery has no rMQR tile")
	}
	root, err := html.Parse(get(t, "/gallery").Body)
	if err != nil {
		t.Fatal(err)
	}
	var sheet string
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && n.Data == "link" && attrOf(n, "rel") == "stylesheet" {
			sheet = attrOf(n, "href")
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(root)
	css := get(t, sheet).Body.String()
	i := strings.Index(css, ".design-image img {")
	if i < 0 {
		t.Fatalf("%s has no rule for the tiles' images", sheet)
	}
	if rule := css[i : i+strings.Index(css[i:], "}")]; !strings.Contains(rule, "object-fit: contain") {
		t.Errorf("the tiles' images are not fitted keeping their proportions: %s", rule)
	}
}
