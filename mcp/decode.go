package mcp

import (
	"context"
	"encoding/base64"
	"errors"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
)

// decodePath is the decode endpoint (README "Batch, decode, verify").
const decodePath = "/api/v1/decode"

// decode serves qr_decode: the image, out of its base64, is read as POST
// /api/v1/decode reads an uploaded file, within the same limits, and
// answers the same results or problem.
func (t *tools) decode(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	args := req.GetArguments()
	fix := map[string]any{"image": "<base64 of the image file, or a data:image/png;base64,... URI>"}
	// The fix never repeats the image, which may be 10 MiB.
	if bad := t.unknownArguments(toolDecode, args, knownNames(nil, "image"), []string{"image"}, fix); bad != nil {
		return bad, nil
	}
	s, _ := args["image"].(string)
	if s == "" {
		return t.badArgument(toolDecode, args, &argError{field: "image", detail: "image is required: the image file (PNG, JPEG, GIF or WebP) in base64", fix: fix}), nil
	}
	data, err := decodeBase64(s)
	if err != nil {
		return t.badArgument(toolDecode, args, &argError{field: "image", detail: "image is not base64: " + err.Error(), fix: fix}), nil
	}
	resp := t.api.decode(ctx, data)
	if !resp.ok() {
		return t.apiFailure(resp), nil
	}
	return answered(resp, resp.url), nil
}

// decodeBase64 reads standard or URL-safe base64, padded or not, or a data
// URI, ignoring line breaks.
func decodeBase64(s string) ([]byte, error) {
	if rest, ok := strings.CutPrefix(s, "data:"); ok {
		_, payload, found := strings.Cut(rest, ",")
		if !found {
			return nil, errors.New("a data URI has a comma before its data")
		}
		s = payload
	}
	s = strings.Map(func(r rune) rune {
		if r == '\n' || r == '\r' || r == ' ' || r == '\t' {
			return -1
		}
		return r
	}, s)
	s = strings.TrimRight(s, "=")
	if strings.ContainsAny(s, "-_") {
		return base64.RawURLEncoding.DecodeString(s)
	}
	return base64.RawStdEncoding.DecodeString(s)
}
