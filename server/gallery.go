package server

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"sync"

	"github.com/gin-gonic/gin"
	"github.com/qrforge/qrforge/options"
	"github.com/qrforge/qrforge/service"
	"github.com/qrforge/qrforge/web"
)

// galleryImageSize is the pixel size of the gallery's images, twice their
// tiles' CSS size for sharp high-density screens.
const galleryImageSize = 400

// galleryImage serves the gallery's images: each drawn by the service the
// first time it is asked for and kept, a fixed set that the catalogue
// decides, so that the route is as cheap as a static file and no caller
// can make it hold more.
func (s *Server) galleryImage(g *web.Gallery) gin.HandlerFunc {
	queries := map[string]url.Values{}
	for _, sec := range g.Sections {
		for _, d := range sec.Designs {
			queries[d.ImageName()] = galleryQuery(g, d)
		}
	}
	var drawn sync.Map // image name → *service.Image
	return func(c *gin.Context) {
		name := c.Param("name")
		q, ok := queries[name]
		if !ok {
			s.notFound(c)
			return
		}
		v, ok := drawn.Load(name)
		if !ok {
			img, p := s.svc.Generate(c.Request.Context(), service.Request{Params: q}, "")
			if p != nil {
				writeProblem(c, p)
				return
			}
			v, _ = drawn.LoadOrStore(name, img)
		}
		img := v.(*service.Image)
		h := c.Writer.Header()
		// The name is a hash of the design: a new design is a new name.
		h.Set("Cache-Control", "public, max-age=86400")
		h.Set("ETag", img.ETag)
		if c.GetHeader("If-None-Match") == img.ETag {
			c.Status(http.StatusNotModified)
			return
		}
		c.Data(http.StatusOK, img.ContentType, img.Body)
	}
}

// galleryQuery is the API parameters of a design's image: its own, its
// data (the gallery's unless it has its own) and the image size.
func galleryQuery(g *web.Gallery, d web.GalleryDesign) url.Values {
	q, err := url.ParseQuery(d.Query)
	if err != nil {
		panic("server: gallery design " + d.Name + ": " + err.Error())
	}
	q.Set(options.Data.Name, d.DataOr(g.Data))
	q.Set(options.Size.Name, strconv.Itoa(galleryImageSize))
	return q
}

// galleryScore is a design's scan-robustness score as verify gives it for
// the parameters of its image, at the quick depth (docs/robustness.md): a
// design that does not read at all scores 0. A problem (the service too
// busy) is an error, and the gallery asks again later. The scores are
// measured once for every visitor, so the one whose request starts them
// does not pay for them from its fair-use allowance.
func (s *Server) galleryScore(g *web.Gallery) func(context.Context, web.GalleryDesign) (int, error) {
	return func(ctx context.Context, d web.GalleryDesign) (int, error) {
		ctx = service.WithFare(ctx, service.Fare{})
		q := galleryQuery(g, d)
		q.Set(options.Robustness.Name, "quick")
		v, p := s.svc.Verify(ctx, service.Request{Params: q, ScoreOnly: true})
		if p != nil {
			return 0, errors.New(p.Detail)
		}
		if v.Robustness == nil {
			return 0, nil
		}
		return v.Robustness.Score, nil
	}
}
