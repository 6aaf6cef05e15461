package web

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"net/url"
	"strconv"
)

// GalleryPath is the gallery page's path.
const GalleryPath = "/gallery"

// Gallery is what the gallery page shows: designs, each drawn by the
// generic endpoint from Data and the design's parameters.
type Gallery struct {
	Data     string // the text every design encodes
	Sections []GallerySection
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
	sum := sha256.Sum256([]byte(d.Query))
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

// galleryPage renders the gallery once: it depends only on the catalogue.
func (s *Site) galleryPage() []byte {
	g := s.cfg.Gallery
	v := galleryView{Data: g.Data}
	for _, sec := range g.Sections {
		sv := gallerySectionView{GallerySection: sec}
		for _, d := range sec.Designs {
			t := galleryTileView{GalleryDesign: d, Size: galleryTile,
				Image:  GalleryImages + d.ImageName(),
				API:    d.APIURL(s.cfg.GenericPath, s.cfg.Data.Name, g.Data),
				Editor: d.editorURL(s.cfg.Data.Name, g.Data)}
			if d.Text != d.Name {
				t.Detail = d.Text
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

// Gallery serves the gallery page at GalleryPath, or is nil when Config
// has no gallery.
func (s *Site) Gallery() http.Handler {
	if s.cfg.Gallery == nil {
		return nil
	}
	body := s.galleryPage()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		writePage(w, r, body)
	})
}
