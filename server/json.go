package server

import (
	"bytes"
	"encoding/json"

	"github.com/gin-gonic/gin"
)

// writeJSON answers v as JSON with '&', '<' and '>' as themselves: the
// answers hold URLs (fixes, payloads) that gin's c.JSON would write as
// \u0026. Like c.JSON, and unlike an Encoder, no newline follows.
func writeJSON(c *gin.Context, status int, v any) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic("server: an answer does not encode as JSON: " + err.Error())
	}
	c.Data(status, "application/json; charset=utf-8", bytes.TrimSuffix(buf.Bytes(), []byte("\n")))
}
