package web

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"net/url"
	"runtime"
	"strconv"
	"sync"
)

// GalleryPath is the gallery page's path.
const GalleryPath = "/gallery"

// Gallery is what the gallery page shows: designs, each drawn by the
// generic endpoint from Data and the design's parameters.
type Gallery struct {
	Data     string // the text every design encodes
	Sections []GallerySection
	// Score measures a design's scan-robustness score, 0 to 100, as
	// verify gives it for the parameters of its image (docs/robustness.md);
	// an error (the service was too busy) leaves the tile without one
	// until a later request. Nil: the tiles show no score.
	Score func(ctx context.Context, d GalleryDesign) (int, error)
}

// GallerySection is one design option's values, or a set of examples.
type GallerySection struct {
	ID      string // the section's anchor
	Title   string
	Hint    string
	Designs []GalleryDesign
}

// GalleryDesign is one tile.
type GalleryDesign struct {
	Name    string // the caption, e.g. style=dot
	Query   string // the parameters that draw it, URL-encoded, without the data
	Text    string // the same parameters as a reader reads them
	Default bool   // the option's value when it is absent
	// Data is the text the design encodes when it is not the gallery's
	// (a Micro QR Code holds at most 15 bytes); "" for the gallery's.
	Data string
}

// DataOr is the text d encodes: its own, else the gallery's.
func (d GalleryDesign) DataOr(gallery string) string {
	if d.Data != "" {
		return d.Data
	}
	return gallery
}

// Tiles are shown at galleryTile CSS pixels from images of twice as many,
// sharp on high-density screens.
const (
	galleryTile  = 200
	galleryImage = 2 * galleryTile
)

type galleryView struct {
	Sections []gallerySectionView
	Data     string
	Count    int
	Scored   bool // the tiles carry scan-robustness scores
}

type gallerySectionView struct {
	GallerySection
	Tiles []galleryTileView
}

type galleryTileView struct {
	GalleryDesign
	Image  string // its image, under GalleryImages
	API    string // the API call that draws it
	Editor string // the editor, prefilled
	Detail string // the parameters, when the caption does not say them all
	Size   int
	Score  int // its scan-robustness score, when Scored
	Scored bool
	Verify string // the verify call that gives the score; "" without one
}

// GalleryImages is where the gallery's images are served: a fixed set,
// drawn once and kept, so that a page of many tiles costs a visitor no
// more of the rate limit than the page's other files.
const GalleryImages = GalleryPath + "/images/"

// APIURL is the API call that draws d at the gallery's size: the generic
// endpoint at apiPath with data as its text parameter.
func (d GalleryDesign) APIURL(apiPath, dataParam, data string) string {
	return apiPath + "?" + joinQuery(url.QueryEscape(dataParam)+"="+url.QueryEscape(data), d.Query, "size="+strconv.Itoa(galleryImage))
}

// ImageName is the file under GalleryImages that holds d's image: a hash
// of its parameters, so that a changed design gets a new name and the
// image can be cached for long.
func (d GalleryDesign) ImageName() string {
	key := d.Query
	if d.Data != "" {
		key += "\x00" + d.Data
	}
	sum := sha256.Sum256([]byte(key))
	return hex.EncodeToString(sum[:8]) + ".png"
}

// editorURL opens the generic editor with d's parameters: the editor reads
// the API's names.
func (d GalleryDesign) editorURL(dataParam, data string) string {
	return "/?" + joinQuery(url.QueryEscape(dataParam)+"="+url.QueryEscape(data), d.Query)
}

func joinQuery(parts ...string) string {
	var b bytes.Buffer
	for _, p := range parts {
		if p == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('&')
		}
		b.WriteString(p)
	}
	return b.String()
}

// galleryPage renders the gallery with the scores known, by image name.
func (s *Site) galleryPage(scores map[string]int) []byte {
	g := s.cfg.Gallery
	v := galleryView{Data: g.Data, Scored: g.Score != nil}
	for _, sec := range g.Sections {
		sv := gallerySectionView{GallerySection: sec}
		for _, d := range sec.Designs {
			data := d.DataOr(g.Data)
			t := galleryTileView{GalleryDesign: d, Size: galleryTile,
				Image:  GalleryImages + d.ImageName(),
				API:    d.APIURL(s.cfg.GenericPath, s.cfg.Data.Name, data),
				Editor: d.editorURL(s.cfg.Data.Name, data)}
			if d.Text != d.Name {
				t.Detail = d.Text
			}
			t.Score, t.Scored = scores[d.ImageName()]
			if s.cfg.VerifyPath != "" {
				t.Verify = d.APIURL(s.cfg.VerifyPath, s.cfg.Data.Name, data)
			}
			sv.Tiles = append(sv.Tiles, t)
			v.Count++
		}
		v.Sections = append(v.Sections, sv)
	}
	var buf bytes.Buffer
	if err := pageTemplates().ExecuteTemplate(&buf, "gallery", v); err != nil {
		panic("web: render " + GalleryPath + ": " + err.Error())
	}
	return buf.Bytes()
}

// galleryScores are the tiles' scores, measured once, at the first request
// for the page rather than when the server starts: a server that nobody
// asks for its gallery never pays for them. Measuring every tile is a
// verify call each (README "Gallery" says how long the page took), so the
// first visitor waits and every later one gets the page kept.
type galleryScores struct {
	mu     sync.Mutex // one request measures; others wait for its page
	scores map[string]int
	page   []byte // kept once every tile has its score
}

// Gallery serves the gallery page at GalleryPath, or is nil when Config
// has no gallery.
func (s *Site) Gallery() http.Handler {
	g := s.cfg.Gallery
	if g == nil {
		return nil
	}
	if g.Score == nil {
		body := s.galleryPage(nil)
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			writePage(w, r, body)
		})
	}
	gs := &galleryScores{scores: map[string]int{}}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		writePage(w, r, s.scoredGallery(r.Context(), gs))
	})
}

// scoredGallery measures the tiles not yet scored and renders the page;
// the page is kept once none is missing. The measuring outlives the
// request that started it: its results serve every later one.
func (s *Site) scoredGallery(ctx context.Context, gs *galleryScores) []byte {
	gs.mu.Lock()
	defer gs.mu.Unlock()
	if gs.page != nil {
		return gs.page
	}
	var todo []GalleryDesign
	queued := map[string]bool{}
	for _, sec := range s.cfg.Gallery.Sections {
		for _, d := range sec.Designs {
			name := d.ImageName()
			if _, ok := gs.scores[name]; !ok && !queued[name] {
				queued[name] = true
				todo = append(todo, d)
			}
		}
	}
	ctx = context.WithoutCancel(ctx)
	var mu sync.Mutex
	var wg sync.WaitGroup
	next := make(chan GalleryDesign)
	// Verify spreads one score's decodes over the cores already; a worker
	// a core keeps them busy between the drawings.
	for range min(runtime.GOMAXPROCS(0), len(todo)) {
		wg.Go(func() {
			for d := range next {
				score, err := s.cfg.Gallery.Score(ctx, d)
				if err != nil {
					continue
				}
				mu.Lock()
				gs.scores[d.ImageName()] = score
				mu.Unlock()
			}
		})
	}
	for _, d := range todo {
		next <- d
	}
	close(next)
	wg.Wait()
	missing := false
	for name := range queued {
		_, ok := gs.scores[name]
		missing = missing || !ok
	}
	page := s.galleryPage(gs.scores)
	if !missing {
		gs.page = page
	}
	return page
}
