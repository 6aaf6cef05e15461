package web_test

import (
	"context"
	"errors"
	"maps"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"golang.org/x/net/html"

	"github.com/qrforge/qrforge/web"
)

// scoredGallery is a gallery of three designs whose scorer counts its
// calls; the design named "busy" fails the first time, as a verify refused
// under load does.
type scoredGallery struct {
	mu    sync.Mutex
	calls map[string]int
}

func (g *scoredGallery) score(_ context.Context, d web.GalleryDesign) (int, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.calls[d.Name]++
	if d.Name == "busy" && g.calls[d.Name] == 1 {
		return 0, errors.New("overloaded")
	}
	return map[string]int{"plain": 64, "dots": 27, "busy": 45}[d.Name], nil
}

func (g *scoredGallery) site() http.Handler {
	gallery := &web.Gallery{Data: "hello", Score: g.score, Sections: []web.GallerySection{{ID: "style", Title: "Style", Designs: []web.GalleryDesign{
		{Name: "plain", Query: "style=square", Text: "style=square"},
		{Name: "dots", Query: "color=aaaaaa&style=small-dots", Text: "color=aaaaaa&style=small-dots"},
		{Name: "busy", Query: "style=dot", Text: "style=dot"},
	}}}}
	return web.New(web.Config{BaseURL: base, GenericPath: "/api/v1/qr", VerifyPath: "/api/v1/verify",
		Data: web.Option{Name: "data"}, Gallery: gallery}).Gallery()
}

// tileScores reads each tile's caption and the score line under it.
func tileScores(t *testing.T, h http.Handler) (scores map[string]string, verify map[string]string) {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, web.GalleryPath, nil))
	if rec.Code != http.StatusOK {
		t.Fatalf("GET %s: %d", web.GalleryPath, rec.Code)
	}
	root, err := html.Parse(rec.Body)
	if err != nil {
		t.Fatal(err)
	}
	d := &doc{t: t, root: root}
	scores, verify = map[string]string{}, map[string]string{}
	for _, li := range d.all(func(n *html.Node) bool { c, _ := attr(n, "class"); return n.Data == "li" && c == "design" }) {
		tile := &doc{t: t, root: li}
		name := text(tile.all(func(n *html.Node) bool { return n.Data == "code" })[0])
		for _, p := range tile.all(func(n *html.Node) bool { c, _ := attr(n, "class"); return n.Data == "p" && c == "design-score" }) {
			scores[name] = strings.Join(strings.Fields(text(p)), " ")
		}
		for _, a := range tile.all(func(n *html.Node) bool { return n.Data == "a" && text(n) == "Verify" }) {
			verify[name], _ = attr(a, "href")
		}
	}
	return scores, verify
}

// TestGalleryScoresAreMeasuredOnceAndKept: each tile shows the score its
// scorer gives, with the verify call that measures it; the scores are
// measured once, by the first of several requests that arrive together,
// and a tile the scorer failed is asked for again by the next request and
// then kept.
func TestGalleryScoresAreMeasuredOnceAndKept(t *testing.T) {
	g := &scoredGallery{calls: map[string]int{}}
	h := g.site()
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, web.GalleryPath, nil))
		})
	}
	wg.Wait()
	// The busy one fails once and is asked again by the second request;
	// the third and fourth get the page kept.
	if g.calls["plain"] != 1 || g.calls["dots"] != 1 || g.calls["busy"] != 2 {
		t.Fatalf("calls %v after four requests at once, want plain 1, dots 1, busy 2", g.calls)
	}
	scores, verify := tileScores(t, h)
	want := map[string]string{"plain": "Scan score 64 / 100", "dots": "Scan score 27 / 100", "busy": "Scan score 45 / 100"}
	for name, w := range want {
		if scores[name] != w {
			t.Errorf("tile %s: %q, want %q", name, scores[name], w)
		}
	}
	if v := verify["dots"]; v != "/api/v1/verify?data=hello&color=aaaaaa&style=small-dots&size=400" {
		t.Errorf("tile dots verifies with %q", v)
	}
	before := maps.Clone(g.calls)
	tileScores(t, h)
	if !maps.Equal(before, g.calls) {
		t.Errorf("a request after every tile was scored measured again: calls %v, were %v", g.calls, before)
	}
}

// TestGalleryShowsAScoreItCouldNotMeasure: a tile the scorer failed says
// so, rather than showing a number it does not have.
func TestGalleryShowsAScoreItCouldNotMeasure(t *testing.T) {
	g := &scoredGallery{calls: map[string]int{}}
	scores, _ := tileScores(t, g.site())
	if s := scores["busy"]; !strings.HasPrefix(s, "No scan score") {
		t.Errorf("the tile whose score failed shows %q", s)
	}
	if s := scores["plain"]; s != "Scan score 64 / 100" {
		t.Errorf("tile plain: %q", s)
	}
}

// TestGalleryDesignWithItsOwnData: a design with data of its own (a
// Micro QR Code, which holds less than the gallery's text) is scored like
// any other, and its data goes into its API and editor links and its
// image's name.
func TestGalleryDesignWithItsOwnData(t *testing.T) {
	calls := map[string]int{}
	var mu sync.Mutex
	score := func(_ context.Context, d web.GalleryDesign) (int, error) {
		mu.Lock()
		defer mu.Unlock()
		calls[d.Name]++
		return 80, nil
	}
	micro := web.GalleryDesign{Name: "symbol=micro", Query: "symbol=micro", Text: "symbol=micro", Data: "SHORT"}
	plain := web.GalleryDesign{Name: "plain", Query: "symbol=micro", Text: "symbol=micro"}
	gallery := &web.Gallery{Data: "hello", Score: score, Sections: []web.GallerySection{{ID: "symbols", Title: "Symbols", Designs: []web.GalleryDesign{micro, plain}}}}
	h := web.New(web.Config{BaseURL: base, GenericPath: "/api/v1/qr", VerifyPath: "/api/v1/verify",
		Data: web.Option{Name: "data"}, Gallery: gallery}).Gallery()
	scores, verify := tileScores(t, h)
	if calls["symbol=micro"] != 1 || calls["plain"] != 1 {
		t.Errorf("scorer calls %v: want one for each design", calls)
	}
	if s := scores["symbol=micro"]; s != "Scan score 80 / 100" {
		t.Errorf("tile symbol=micro: %q", s)
	}
	if v := verify["symbol=micro"]; !strings.Contains(v, "data=SHORT") {
		t.Errorf("tile symbol=micro links verify %q, not of its own data", v)
	}
	tileScores(t, h)
	if calls["plain"] != 1 || calls["symbol=micro"] != 1 {
		t.Errorf("the page was measured again: calls %v", calls)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, web.GalleryPath, nil))
	page := rec.Body.String()
	for _, want := range []string{`href="/api/v1/qr?data=SHORT&amp;symbol=micro&amp;size=400"`, `href="/?data=SHORT&amp;symbol=micro"`, `data=SHORT</p>`} {
		if !strings.Contains(page, want) {
			t.Errorf("the page has no %s", want)
		}
	}
	if micro.ImageName() == plain.ImageName() {
		t.Error("two designs of one query and different data share an image name")
	}
}
