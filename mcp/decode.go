package mcp

import (
	"context"
	"maps"
	"net/http"
	"strconv"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/qrforge/qrforge/internal/imagetext"
	"github.com/qrforge/qrforge/service"
)

// decodePath is the decode endpoint (README "Batch, decode, verify").
const decodePath = "/api/v1/decode"

// decode serves qr_decode: the image, out of its base64, is read as POST
// /api/v1/decode reads an uploaded file, within the same limits, and
// answers the same results or problem.
func (t *tools) decode(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	data, bad := t.decodeImage(req.GetArguments())
	if bad != nil {
		return bad, nil
	}
	resp := t.api.decode(ctx, data)
	if !resp.ok() {
		return t.apiFailure(resp), nil
	}
	return answered(resp, resp.url), nil
}

// tryDecode answers as decode would refuse the call, but decodes no pixel
// (service.CheckDecode): settled tries decode's fixes with it, as
// decoding an upload of megapixels again only to try a fix would be the
// whole decode. An image the service refuses is the caller's to replace,
// so its fix is told in words.
func (t *tools) tryDecode(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	data, bad := t.decodeImage(req.GetArguments())
	if bad != nil {
		return bad, nil
	}
	if p := t.api.svc.CheckDecode(data, "image"); p != nil {
		p.Fix = toolDecode + " " + imageInWords
		return failed(*p, nil), nil
	}
	return &mcp.CallToolResult{}, nil // would be read
}

// imageRefusal says why decode would refuse v as its image before reading
// any code (base64, then service.CheckDecode), "" when it would read it.
func (t *tools) imageRefusal(v any) string {
	s, _ := v.(string)
	data, tooLarge, err := t.api.svc.ImageText(s)
	if tooLarge != nil {
		return tooLarge.Detail
	}
	if err != nil {
		return "image is not base64: " + err.Error()
	}
	if p := t.api.svc.CheckDecode(data, "image"); p != nil {
		return p.Detail
	}
	return ""
}

// decodeImage is the image file args hold, or the tool error that refuses
// them before the service is asked.
func (t *tools) decodeImage(args map[string]any) ([]byte, *mcp.CallToolResult) {
	given := args
	if v, ok := args["image"]; ok && (v == nil || v == "") {
		// An empty image beside another argument holding one (file) is
		// no image: the fix moves that one in, as when image is left out.
		given = maps.Clone(args)
		delete(given, "image")
	}
	if u := findUnknown(given, knownNames(nil, "image")); u.count > 0 {
		bad := t.unknownArgumentError(given, u, []string{"image"}, nil)
		_, hasImage := given["image"]
		switch {
		case hasImage:
			// The fix is the call without the unknown names, the image
			// as sent (told in words when it is too long to repeat).
		case u.count == 1 && isImage(given[u.first[0]]):
			// An image under another name (file, data) was meant as
			// image: the fix moves it there as given.
			bad.fix = map[string]any{"image": given[u.first[0]]}
			bad.change = "with " + strconv.Quote(truncate(u.first[0], maxNameBytes)) + " as image"
		default:
			bad.words = imageInWords
		}
		if image, kept := bad.fix["image"]; kept && len(marshal(bad.fix)) > maxFixBytes {
			// Told in words, the fix has no fix_arguments for settled to
			// try: the image it keeps is checked here, as tryDecode would.
			if refusal := t.imageRefusal(image); refusal != "" {
				bad.detail += "; mending it leaves " + refusal + ", which only what the fix asks for mends"
				bad.fix, bad.words = nil, imageInWords
			}
		}
		return nil, t.badArgument(toolDecode, args, bad)
	}
	v := args["image"]
	s, isText := v.(string)
	if v != nil && !isText {
		return nil, t.badArgument(toolDecode, args, imageNotText(v))
	}
	if s == "" {
		return nil, t.badArgument(toolDecode, args, &argError{field: "image", detail: "image is required: the image file (PNG, JPEG, GIF, WebP or SVG) in base64", words: imageInWords})
	}
	data, tooLarge, err := t.api.svc.ImageText(s)
	if tooLarge != nil {
		return nil, failed(t.localProblem(service.KindPayloadTooLarge, "image", tooLarge.Detail, toolDecode+" "+smallerImageInWords), nil)
	}
	if err != nil {
		return nil, t.badArgument(toolDecode, args, &argError{field: "image", detail: "image is not base64: " + err.Error(), words: imageInWords})
	}
	return data, nil
}

// imageNotText is the error for an image given as an object or a list
// rather than as the file's text: the one image it holds, as MCP's image
// content does ({"type":"image","data":"iVBOR...","mimeType":"image/png"}),
// is what was meant, and the fix gives it as image; holding none, or
// several, the fix is told in words.
func imageNotText(v any) *argError {
	detail := "image is the image file in base64 or a data: URI, a string, not " + jsonKind(v)
	var found []any
	var members []any
	switch v := v.(type) {
	case map[string]any:
		for _, m := range v {
			members = append(members, m)
		}
	case []any:
		members = v
	}
	for _, m := range members {
		if isImage(m) {
			found = append(found, m)
		}
	}
	if len(found) != 1 {
		return &argError{field: "image", detail: detail, words: imageInWords}
	}
	return &argError{field: "image", detail: detail + "; the fix gives the image it holds as image",
		fix: map[string]any{"image": found[0]}, change: "with the image it holds as image"}
}

// imageInWords is qr_decode's fix when the caller sent no image: it can
// only say what image takes, as a placeholder in its place would be sent
// as the image.
const imageInWords = "with image: the image file (PNG, JPEG, GIF, WebP or SVG) in base64, or a data:image/png;base64,... URI"

// smallerImageInWords is qr_decode's fix for an image over its limit: only
// the caller can scale or crop it.
const smallerImageInWords = "with image: the image scaled down or cropped to the code, in base64 or a data:image/png;base64,... URI"

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
