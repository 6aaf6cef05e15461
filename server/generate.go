package server

import (
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"
	"github.com/qrforge/qrforge/internal/fetch"
	"github.com/qrforge/qrforge/service"
)

// generateQR serves GET /api/v1/qr (operation generate_qr).
func (s *Server) generateQR(c *gin.Context) {
	s.serveImage(c, service.Request{Query: c.Request.URL.RawQuery})
}

// generatePath serves the shortest form, /q/<data>.<ext> (.png, .svg,
// .pdf, ...), with options in the query string.
func (s *Server) generatePath(c *gin.Context) {
	s.serveImage(c, service.Request{Short: true, Path: c.Param("data"), Query: c.Request.URL.RawQuery})
}

// serveImage answers a generation request: the image, 304 when the
// caller's copy is current, or the problem.
func (s *Server) serveImage(c *gin.Context, req service.Request) {
	img, p := s.svc.Generate(c.Request.Context(), req, c.GetHeader("If-None-Match"))
	if p != nil {
		writeProblem(c, p)
		return
	}
	writeImage(c, img)
}

// writeImage answers with a generated image, or 304 when the caller's copy
// is current.
func writeImage(c *gin.Context, img *service.Image) {
	h := c.Writer.Header()
	h.Set("X-QR-Version", strconv.Itoa(img.Version))
	h.Set("X-QR-EC", img.Level)
	h.Set("X-QR-Symbol", img.Symbol)
	setSymbols(h, img)
	if img.Warning != "" {
		h.Set("X-QR-Warning", warningHeader(img.Warning))
	}
	if img.Fetched {
		// The logo's URL may serve another file tomorrow: as long as
		// qrforge keeps the fetched file, then revalidate (RFC 9111 §5.2.2.1).
		h.Set("Cache-Control", "public, max-age="+strconv.Itoa(int(fetch.TTL.Seconds())))
	} else {
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
	}
	h.Set("ETag", img.ETag)
	if img.NotModified {
		c.Status(http.StatusNotModified)
		c.Abort()
		return
	}
	h.Set("Content-Length", strconv.Itoa(len(img.Body)))
	if c.Request.Method == http.MethodHead {
		// GET's headers, no body: net/http would drop it, but not every
		// ResponseWriter a handler is mounted on does.
		h.Set("Content-Type", img.ContentType)
		c.Status(http.StatusOK)
		return
	}
	c.Data(http.StatusOK, img.ContentType, img.Body)
}

// setSymbols names the count of a structured append set's symbols, when
// the request asked for one (append).
func setSymbols(h http.Header, img *service.Image) {
	if img.Symbols > 0 {
		h.Set("X-QR-Symbols", strconv.Itoa(img.Symbols))
	}
}
