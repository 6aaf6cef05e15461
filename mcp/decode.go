package mcp

import (
	"context"
	"net/http"
	"strconv"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/qrforge/qrforge/internal/imagetext"
)

// decodePath is the decode endpoint (README "Batch, decode, verify").
const decodePath = "/api/v1/decode"

// decode serves qr_decode: the image, out of its base64, is read as POST
// /api/v1/decode reads an uploaded file, within the same limits, and
// answers the same results or problem.
func (t *tools) decode(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	args := req.GetArguments()
	if u := findUnknown(args, knownNames(nil, "image")); u.count > 0 {
		bad := t.unknownArgumentError(args, u, []string{"image"}, nil)
		_, hasImage := args["image"]
		switch {
		case hasImage:
			// The fix is the call without the unknown names, the image
			// as sent (told in words when it is too long to repeat).
		case u.count == 1 && isImage(args[u.first[0]]):
			// An image under another name (file, data) was meant as
			// image: the fix moves it there as given.
			bad.fix = map[string]any{"image": args[u.first[0]]}
			bad.change = "with " + strconv.Quote(truncate(u.first[0], maxNameBytes)) + " as image"
		default:
			bad.words = imageInWords
		}
		return t.badArgument(toolDecode, args, bad), nil
	}
	s, _ := args["image"].(string)
	if s == "" {
		return t.badArgument(toolDecode, args, &argError{field: "image", detail: "image is required: the image file (PNG, JPEG, GIF, WebP or SVG) in base64", words: imageInWords}), nil
	}
	data, err := imagetext.Bytes(s)
	if err != nil {
		return t.badArgument(toolDecode, args, &argError{field: "image", detail: "image is not base64: " + err.Error(), words: imageInWords}), nil
	}
	resp := t.api.decode(ctx, data)
	if !resp.ok() {
		return t.apiFailure(resp), nil
	}
	return answered(resp, resp.url), nil
}

// imageInWords is qr_decode's fix when the caller sent no image: it can
// only say what image takes, as a placeholder in its place would be sent
// as the image.
const imageInWords = "with image: the image file (PNG, JPEG, GIF, WebP or SVG) in base64, or a data:image/png;base64,... URI"

// isImage reports whether v is an image file in base64 or a data: URI:
// its bytes begin as an image's do (http.DetectContentType).
func isImage(v any) bool {
	s, ok := v.(string)
	if !ok {
		return false
	}
	b, err := imagetext.Bytes(s)
	return err == nil && strings.HasPrefix(http.DetectContentType(b), "image/")
}
