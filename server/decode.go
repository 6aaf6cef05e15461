package server

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	_ "image/gif"  // decode reads GIF
	_ "image/jpeg" // decode reads JPEG
	_ "image/png"  // decode reads PNG
	"io"
	"mime"
	"net/http"
	"runtime"
	"slices"
	"strings"

	"github.com/gin-gonic/gin"
	"github.com/qrforge/qrforge/analysis"
	_ "golang.org/x/image/webp" // decode reads WebP (lossy and lossless)
)

// Limits of POST /api/v1/decode. A compressed image can declare far more
// pixels than its bytes suggest (a "decompression bomb": a few kilobytes of
// PNG can claim 100000×100000 pixels, 40 GB of RGBA), so dimensions are
// checked from the header before any pixel is decoded.
const (
	maxImageBytes  = 10 << 20 // the default; Config.MaxUpload changes it
	maxImagePixels = 40_000_000
	maxImageSide   = 10_000
)

// imageTypes are the media types decode reads, in documentation order.
var imageTypes = []string{"image/png", "image/jpeg", "image/gif", "image/webp"}

// decodeSlots bounds how many images are decoded at once: a 40-megapixel
// image takes about 200 MB while it is read, so requests beyond the
// processors available wait their turn instead of adding up.
var decodeSlots = make(chan struct{}, max(2, runtime.GOMAXPROCS(0)))

// handleDecode documents POST /api/v1/decode and returns its handler.
func (s *Server) handleDecode() gin.HandlerFunc {
	s.documentDecode()
	return s.decode
}

// DecodeResult is one code found in an image (analysis.Code).
type DecodeResult = analysis.Code

// decode serves POST /api/v1/decode: every QR code in an uploaded image.
func (s *Server) decode(c *gin.Context) {
	body, field, p := s.readImageBody(c)
	if p != nil {
		writeProblem(c, p)
		return
	}
	select {
	case decodeSlots <- struct{}{}:
		defer func() { <-decodeSlots }()
	case <-c.Request.Context().Done():
		return
	}
	img, p := s.decodeImage(body, field)
	if p != nil {
		writeProblem(c, p)
		return
	}
	results := analysis.Scan(img)
	if len(results) == 0 {
		writeProblem(c, s.problem(KindNoCodeFound, http.StatusUnprocessableEntity,
			fmt.Sprintf("the %dx%d image decoded, but no QR code was found in it. Crop to the code and its quiet zone, make sure it is in focus and evenly lit, and at least 2 pixels per module; the fix decodes a code qrforge made, to show what reads", img.Bounds().Dx(), img.Bounds().Dy()),
			field, s.decodeSampleFix()))
		return
	}
	c.Header("Cache-Control", "no-store")
	c.JSON(http.StatusOK, gin.H{"results": results})
}

// readImageBody reads the image from a raw body or from the first file of
// a multipart form, within the upload limit. field names where it came from,
// for problems.
func (s *Server) readImageBody(c *gin.Context) ([]byte, string, *Problem) {
	field := "body"
	tooLarge := func(n int64) *Problem {
		detail := fmt.Sprintf("the image is larger than %s; send a smaller image (a QR code needs no more than a few hundred pixels a side)", sizeText(s.maxUpload))
		if n > 0 {
			detail = fmt.Sprintf("the request body is %d bytes; at most %s are read. Send a smaller image (a QR code needs no more than a few hundred pixels a side)", n, sizeText(s.maxUpload))
		}
		return s.problem(KindPayloadTooLarge, http.StatusRequestEntityTooLarge, detail, field, s.decodeCurl("image/png", "smaller.png"))
	}
	contentType := c.GetHeader("Content-Type")
	mediaType, _, err := mime.ParseMediaType(contentType)
	switch {
	case contentType == "":
		mediaType = "application/octet-stream"
	case err != nil:
		mediaType = strings.ToLower(strings.TrimSpace(contentType))
	}
	isMultipart := mediaType == "multipart/form-data"
	if !isMultipart && mediaType != "application/octet-stream" && !slices.Contains(imageTypes, mediaType) {
		return nil, field, s.problem(KindUnsupportedMediaType, http.StatusUnsupportedMediaType,
			fmt.Sprintf("Content-Type %s is not read here; send the image bytes as %s (or application/octet-stream), or a multipart/form-data upload with a file field", truncate(contentType, 100), strings.Join(imageTypes, ", ")),
			"Content-Type", s.decodeCurl("image/png", "code.png")+"  # or image/jpeg, image/gif, image/webp; or -F 'file=@code.png'")
	}
	// Multipart framing adds a little to the file it carries.
	limit := s.maxUpload
	if isMultipart {
		limit += 64 << 10
	}
	if n := c.Request.ContentLength; n > limit {
		return nil, field, tooLarge(n)
	}
	r := http.MaxBytesReader(c.Writer, c.Request.Body, limit)
	if isMultipart {
		field = "file"
		body, p := s.readMultipartImage(c, r)
		return body, field, p
	}
	body, err := io.ReadAll(r)
	if err != nil {
		var maxErr *http.MaxBytesError
		if errors.As(err, &maxErr) {
			return nil, field, tooLarge(0)
		}
		return nil, field, s.problem(KindInvalidParameter, http.StatusBadRequest, "the request body could not be read: "+err.Error(), field, s.decodeCurl("image/png", "code.png"))
	}
	if len(body) == 0 {
		return nil, field, s.problem(KindInvalidParameter, http.StatusBadRequest, "the request body is empty; send the image bytes", field, s.decodeCurl("image/png", "code.png"))
	}
	return body, field, nil
}

// readMultipartImage returns the first file of a multipart/form-data body,
// whatever its field name.
func (s *Server) readMultipartImage(c *gin.Context, body io.ReadCloser) ([]byte, *Problem) {
	c.Request.Body = body
	mr, err := c.Request.MultipartReader()
	if err != nil {
		return nil, s.problem(KindInvalidParameter, http.StatusBadRequest,
			"the multipart/form-data body cannot be read ("+err.Error()+"); let the client write the boundary", "file", s.decodeFormCurl())
	}
	for {
		part, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, s.multipartError(err)
		}
		if part.FileName() == "" {
			io.Copy(io.Discard, part)
			continue
		}
		b, err := io.ReadAll(io.LimitReader(part, s.maxUpload+1))
		if err != nil {
			return nil, s.multipartError(err)
		}
		if int64(len(b)) > s.maxUpload {
			return nil, s.problem(KindPayloadTooLarge, http.StatusRequestEntityTooLarge,
				fmt.Sprintf("the file %q is larger than %s; send a smaller image", truncate(part.FileName(), 100), sizeText(s.maxUpload)), "file", s.decodeFormCurl())
		}
		if len(b) == 0 {
			return nil, s.problem(KindInvalidParameter, http.StatusBadRequest,
				fmt.Sprintf("the file %q is empty", truncate(part.FileName(), 100)), "file", s.decodeFormCurl())
		}
		return b, nil
	}
	return nil, s.problem(KindInvalidParameter, http.StatusBadRequest,
		"the multipart/form-data body has no file; upload the image as a file field", "file", s.decodeFormCurl())
}

func (s *Server) multipartError(err error) *Problem {
	var maxErr *http.MaxBytesError
	if errors.As(err, &maxErr) {
		return s.problem(KindPayloadTooLarge, http.StatusRequestEntityTooLarge,
			fmt.Sprintf("the upload is larger than %s; send a smaller image", sizeText(s.maxUpload)), "file", s.decodeFormCurl())
	}
	return s.problem(KindInvalidParameter, http.StatusBadRequest,
		"the multipart/form-data body is malformed: "+err.Error(), "file", s.decodeFormCurl())
}

// decodeImage checks the declared dimensions, then decodes the pixels.
func (s *Server) decodeImage(b []byte, field string) (image.Image, *Problem) {
	notImage := func(detail string) *Problem {
		return s.problem(KindInvalidParameter, http.StatusBadRequest, detail, field, s.decodeCurl("image/png", "code.png"))
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(b))
	if errors.Is(err, image.ErrFormat) {
		return nil, notImage(fmt.Sprintf("the %d bytes sent are not a PNG, JPEG, GIF or WebP image", len(b)))
	}
	if err != nil {
		return nil, notImage("the image header cannot be read: " + err.Error())
	}
	if cfg.Width > maxImageSide || cfg.Height > maxImageSide || cfg.Width*cfg.Height > maxImagePixels {
		return nil, s.problem(KindPayloadTooLarge, http.StatusRequestEntityTooLarge,
			fmt.Sprintf("the %s declares %dx%d pixels; at most %d pixels a side and %d megapixels are decoded. A small compressed file can declare a huge image (a decompression bomb), so sizes are checked before decoding. Scale the image down: a QR code reads well at a few hundred pixels a side",
				format, cfg.Width, cfg.Height, maxImageSide, maxImagePixels/1_000_000),
			field, s.decodeCurl("image/"+format, "smaller."+format))
	}
	img, _, err := image.Decode(bytes.NewReader(b))
	if err != nil {
		return nil, notImage(fmt.Sprintf("the %s image is damaged: %v", format, err))
	}
	return img, nil
}

// decodeCurl is a runnable upload of a file of the given type.
func (s *Server) decodeCurl(mediaType, file string) string {
	return "curl -X POST '" + s.baseURL + "/api/v1/decode' -H 'Content-Type: " + mediaType + "' --data-binary @" + file
}

func (s *Server) decodeFormCurl() string {
	return "curl -X POST '" + s.baseURL + "/api/v1/decode' -F 'file=@code.png'"
}

// decodeSampleFix makes a code and decodes it: a call that shows what a
// readable image looks like.
func (s *Server) decodeSampleFix() string {
	return "curl -s '" + s.baseURL + "/api/v1/qr?data=Hello' | " + s.decodeCurl("image/png", "-")
}

// documentDecode adds POST /api/v1/decode to the OpenAPI document and the
// llms texts.
func (s *Server) documentDecode() {
	binary := func(mediaType string) obj {
		return obj{"schema": obj{"type": "string", "contentMediaType": mediaType}}
	}
	content := obj{}
	for _, t := range imageTypes {
		content[t] = binary(t)
	}
	content["application/octet-stream"] = binary("application/octet-stream")
	content["multipart/form-data"] = obj{"schema": obj{
		"type":        "object",
		"description": "The first file part is read, whatever its field name.",
		"properties":  obj{"file": obj{"type": "string", "contentMediaType": "image/*"}},
	}}
	s.extraOperations["/api/v1/decode"] = obj{"post": obj{
		"operationId": "decode_qr",
		"summary":     "Decode every QR code in an image",
		"description": fmt.Sprintf("Send the image bytes (PNG, JPEG, GIF or WebP) as the body with their content type, or a multipart/form-data upload (the first file is read). At most %s, %d pixels a side and %d megapixels; dimensions are checked from the header before decoding, so decompression bombs are refused. Codes are found upright or turned, dark on light or inverted. Each result has its text, its corners (clockwise from the corner by its top-left finder pattern, in image pixels), and the kind and fields when a payload kind recognises the text.",
			sizeText(s.maxUpload), maxImageSide, maxImagePixels/1_000_000),
		"tags":        []string{"decode"},
		"requestBody": obj{"required": true, "content": content},
		"responses": obj{
			"200": obj{"description": "The codes found, top to bottom, left to right.", "content": obj{"application/json": obj{"schema": obj{
				"type":     "object",
				"required": []string{"results"},
				"properties": obj{"results": obj{"type": "array", "minItems": 1, "items": obj{
					"type":     "object",
					"required": []string{"text", "bounds"},
					"properties": obj{
						"text":   obj{"type": "string"},
						"bounds": obj{"type": "array", "minItems": 4, "maxItems": 4, "items": obj{"type": "array", "prefixItems": []any{obj{"type": "integer"}, obj{"type": "integer"}}, "minItems": 2, "maxItems": 2}},
						"kind":   obj{"type": "string", "description": "The payload kind that recognises the text (a specific kind before url and text)."},
						"fields": obj{"type": "object", "additionalProperties": obj{"type": "string"}},
					},
				}}},
			}}}},
			"400": problemResponse("The body is not an image, or the form has no file."),
			"413": problemResponse("The body, or the image's declared dimensions, are too large."),
			"415": problemResponse("The content type is not an image type read here."),
			"422": problemResponse("The image decoded, but it holds no readable QR code."),
		},
	}}
	s.addDocs(
		fmt.Sprintf("[Decode](%s/api/v1/decode): `POST /api/v1/decode` with an image body (PNG, JPEG, GIF, WebP) or a multipart file; returns every code's text, corners, kind and fields", s.baseURL),
		"## Decode\n\n"+
			fmt.Sprintf("`POST %s/api/v1/decode` with the image bytes as the body and their content type (image/png, image/jpeg, image/gif, image/webp, or application/octet-stream), or multipart/form-data whose first file is the image. Example: `%s`.\n\n", s.baseURL, s.decodeCurl("image/png", "code.png"))+
			"- 200: `{\"results\":[{\"text\",\"bounds\":[[x,y],...],\"kind\",\"fields\"}]}`: every code found, top to bottom then left to right. `bounds` are the symbol's four corners in image pixels, clockwise from the corner by its top-left finder pattern (so they turn with the code). `kind` and `fields` are given when a payload kind recognises the text; specific kinds come before the generic url and text, and among several the first by name.\n"+
			"- Codes are found upright or turned, dark on light or light on dark (inverted), and several in one image; low-contrast codes get a second, global-threshold pass.\n"+
			fmt.Sprintf("- Limits: %s of body; at most %d pixels a side and %d megapixels, checked from the image header before any pixel is decoded (a small file can declare a huge image: a decompression bomb). Over them: 413.\n", sizeText(s.maxUpload), maxImageSide, maxImagePixels/1_000_000)+
			"- Errors: 400 not an image (or no file in the form); 413 too large; 415 another content type; 422 `no-code-found` when the image holds no readable code, whose fix decodes a code qrforge made.",
	)
}

// problemResponse documents a problem-document response.
func problemResponse(description string) obj {
	return obj{"description": description, "content": obj{"application/problem+json": obj{"schema": obj{"$ref": "#/components/schemas/Problem"}}}}
}
