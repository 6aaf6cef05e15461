package server

import (
	"bytes"
	"compress/gzip"
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"
)

// A precompressed document is built once at start-up and served as it
// is, or gzip-compressed once for clients that accept it (RFC 9110
// §12.5.3): the OpenAPI document is 904 KB and 61 KB compressed, much of
// what an agent reading it would otherwise fetch.
type precompressed struct {
	contentType string
	plain, gz   []byte
}

func newPrecompressed(contentType string, body []byte) precompressed {
	var b bytes.Buffer
	w, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
	w.Write(body)
	w.Close()
	return precompressed{contentType, body, b.Bytes()}
}

func (p precompressed) serve(c *gin.Context) {
	h := c.Writer.Header()
	h.Set("Cache-Control", "public, max-age=3600")
	h.Set("Vary", "Accept-Encoding")
	body := p.plain
	if acceptsGzip(c.GetHeader("Accept-Encoding")) {
		body = p.gz
		h.Set("Content-Encoding", "gzip")
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	c.Data(http.StatusOK, p.contentType, body)
}

// acceptsGzip reads an Accept-Encoding header (RFC 9110 §12.5.3): gzip,
// or *, named with a weight above 0.
func acceptsGzip(header string) bool {
	for _, part := range strings.Split(header, ",") {
		coding, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		coding = strings.ToLower(strings.TrimSpace(coding))
		if coding != "gzip" && coding != "x-gzip" && coding != "*" {
			continue
		}
		q := 1.0
		for _, p := range strings.Split(params, ";") {
			if k, v, ok := strings.Cut(strings.TrimSpace(p), "="); ok && strings.EqualFold(strings.TrimSpace(k), "q") {
				if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil {
					q = f
				}
			}
		}
		return q > 0
	}
	return false
}
