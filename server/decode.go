package server

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	_ "image/gif"  // decode reads GIF
	_ "image/jpeg" // decode reads JPEG
	_ "image/png"  // decode reads PNG
	"io"
	"math"
	"mime"
	"net/http"
	"runtime"
	"slices"
	"sort"
	"strings"

	"github.com/gin-gonic/gin"
	"github.com/makiuchi-d/gozxing"
	multiqr "github.com/makiuchi-d/gozxing/multi/qrcode"
	"github.com/qrforge/qrforge/registry"
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

// DecodeResult is one QR code found in an image.
type DecodeResult struct {
	Text string `json:"text"`
	// Bounds are the symbol's corners in image pixels, clockwise from the
	// corner beside its top-left finder pattern as the code reads.
	Bounds [][2]int          `json:"bounds"`
	Kind   string            `json:"kind,omitempty"`
	Fields map[string]string `json:"fields,omitempty"`
}

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
	results := scanImage(img)
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

// scanImage finds every QR code in img with ZXing's multi-code reader,
// on the image and on its inverse (light modules on a dark ground, which
// ISO/IEC 18004 §6.2 calls reflectance reversal). ZXing's finder-pattern
// search is rotation-invariant, so turned codes need no extra pass. When
// the local-threshold binarizer finds nothing, a global-histogram one is
// tried: it reads low-contrast codes (mid-grey on white) that local
// thresholds break up.
func scanImage(img image.Image) []DecodeResult {
	src := luminance(grayOf(img))
	var codes []found
	for _, s := range []gozxing.LuminanceSource{src, gozxing.NewInvertedLuminanceSource(src)} {
		codes = append(codes, readCodes(s)...)
	}
	return describe(dedupe(codes), img.Bounds())
}

// found is a code with its corners in image pixels.
type found struct {
	text    string
	corners [4][2]float64
}

// readCodes runs the binarizers in turn until one finds a code.
func readCodes(src gozxing.LuminanceSource) []found {
	hints := map[gozxing.DecodeHintType]any{gozxing.DecodeHintType_TRY_HARDER: true}
	reader := multiqr.NewQRCodeMultiReader()
	for _, binarizer := range []gozxing.Binarizer{gozxing.NewHybridBinarizer(src), gozxing.NewGlobalHistgramBinarizer(src)} {
		bmp, err := gozxing.NewBinaryBitmap(binarizer)
		if err != nil {
			continue
		}
		results, err := reader.DecodeMultiple(bmp, hints)
		if err != nil || len(results) == 0 {
			continue
		}
		var out []found
		for _, r := range results {
			if corners, ok := symbolCorners(r.GetResultPoints()); ok {
				out = append(out, found{r.GetText(), corners})
			}
		}
		return out
	}
	return nil
}

// symbolCorners turns ZXing's result points, the centres of the
// bottom-left, top-left and top-right finder patterns, into the symbol's
// four corners. Each finder's centre lies 3.5 modules in from the corner
// (ISO/IEC 18004 §6.3.3: a 7×7 pattern); the fourth corner completes the
// parallelogram, which is exact without perspective.
func symbolCorners(points []gozxing.ResultPoint) ([4][2]float64, bool) {
	if len(points) < 3 {
		return [4][2]float64{}, false
	}
	bl, tl, tr := pt(points[0]), pt(points[1]), pt(points[2])
	module := 0.0
	for _, p := range points[:3] {
		if f, ok := p.(interface{ GetEstimatedModuleSize() float64 }); ok {
			module += f.GetEstimatedModuleSize() / 3
		}
	}
	u, v := unit(sub(tr, tl)), unit(sub(bl, tl))
	d := 3.5 * module
	cTL := add(tl, scale(add(u, v), -d))
	cTR := add(tr, scale(sub(u, v), d))
	cBL := add(bl, scale(sub(v, u), d))
	cBR := sub(add(cTR, cBL), cTL)
	return [4][2]float64{cTL, cTR, cBR, cBL}, true
}

func pt(p gozxing.ResultPoint) [2]float64 { return [2]float64{p.GetX(), p.GetY()} }
func add(a, b [2]float64) [2]float64      { return [2]float64{a[0] + b[0], a[1] + b[1]} }
func sub(a, b [2]float64) [2]float64      { return [2]float64{a[0] - b[0], a[1] - b[1]} }
func scale(a [2]float64, k float64) [2]float64 {
	return [2]float64{a[0] * k, a[1] * k}
}
func unit(a [2]float64) [2]float64 {
	n := math.Hypot(a[0], a[1])
	if n == 0 {
		return a
	}
	return scale(a, 1/n)
}

// dedupe drops a code seen twice (by two passes, or twice by the multi
// detector): same text, centres closer than half the code's side.
func dedupe(codes []found) []found {
	var out []found
	for _, c := range codes {
		dup := false
		for _, o := range out {
			if o.text == c.text && dist(centre(o), centre(c)) < dist(o.corners[0], o.corners[1])/2 {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, c)
		}
	}
	return out
}

func centre(f found) [2]float64 {
	var c [2]float64
	for _, p := range f.corners {
		c = add(c, scale(p, 0.25))
	}
	return c
}

func dist(a, b [2]float64) float64 { return math.Hypot(a[0]-b[0], a[1]-b[1]) }

// describe orders codes top to bottom, then left to right, and names their
// kinds.
func describe(codes []found, bounds image.Rectangle) []DecodeResult {
	sort.SliceStable(codes, func(i, j int) bool {
		ci, cj := centre(codes[i]), centre(codes[j])
		if math.Abs(ci[1]-cj[1]) > dist(codes[i].corners[0], codes[i].corners[3])/2 {
			return ci[1] < cj[1]
		}
		return ci[0] < cj[0]
	})
	out := make([]DecodeResult, len(codes))
	for i, c := range codes {
		r := DecodeResult{Text: c.text, Bounds: make([][2]int, 4)}
		for j, p := range c.corners {
			r.Bounds[j] = [2]int{
				min(max(int(math.Round(p[0])), bounds.Min.X), bounds.Max.X),
				min(max(int(math.Round(p[1])), bounds.Min.Y), bounds.Max.Y),
			}
		}
		r.Kind, r.Fields = recognise(c.text)
		out[i] = r
	}
	return out
}

// genericKinds recognise almost any payload; a decoded payload is named by
// one of them only when no other kind recognises it, and url before text.
var genericKinds = []string{"url", "text"}

// recognise names the kind of a payload: the first specific kind by name
// that parses it, else the first generic one.
func recognise(payload string) (string, map[string]string) {
	generic := map[string]map[string]string{}
	for _, k := range registry.All() {
		fields, ok := k.Recognise(payload)
		if !ok {
			continue
		}
		if slices.Contains(genericKinds, k.Name()) {
			generic[k.Name()] = fields
			continue
		}
		return k.Name(), fields
	}
	for _, name := range genericKinds {
		if fields, ok := generic[name]; ok {
			return name, fields
		}
	}
	return "", nil
}

// grayOf converts img to 8-bit luma (ITU-R BT.601, as color.GrayModel),
// compositing transparency onto white: a transparent background shows
// the paper it is printed on. Common image types take a fast path.
func grayOf(img image.Image) *image.Gray {
	b := img.Bounds()
	g := image.NewGray(image.Rect(0, 0, b.Dx(), b.Dy()))
	switch m := img.(type) {
	case *image.YCbCr:
		// JPEG: the Y plane is the luma.
		for y := 0; y < b.Dy(); y++ {
			copy(g.Pix[y*g.Stride:y*g.Stride+b.Dx()], m.Y[m.YOffset(b.Min.X, b.Min.Y+y):])
		}
		return g
	case *image.Gray:
		for y := 0; y < b.Dy(); y++ {
			copy(g.Pix[y*g.Stride:y*g.Stride+b.Dx()], m.Pix[m.PixOffset(b.Min.X, b.Min.Y+y):])
		}
		return g
	case *image.Paletted:
		lut := make([]uint8, 256)
		for i, c := range m.Palette {
			lut[i] = lumaOnWhite(c)
		}
		for y := 0; y < b.Dy(); y++ {
			row := m.Pix[m.PixOffset(b.Min.X, b.Min.Y+y):]
			for x := 0; x < b.Dx(); x++ {
				g.Pix[y*g.Stride+x] = lut[row[x]]
			}
		}
		return g
	case *image.NRGBA:
		for y := 0; y < b.Dy(); y++ {
			row := m.Pix[m.PixOffset(b.Min.X, b.Min.Y+y):]
			for x := 0; x < b.Dx(); x++ {
				p := row[4*x : 4*x+4]
				g.Pix[y*g.Stride+x] = lumaOnWhite(color.NRGBA{p[0], p[1], p[2], p[3]})
			}
		}
		return g
	}
	for y := 0; y < b.Dy(); y++ {
		for x := 0; x < b.Dx(); x++ {
			g.Pix[y*g.Stride+x] = lumaOnWhite(img.At(b.Min.X+x, b.Min.Y+y))
		}
	}
	return g
}

// lumaOnWhite is the luma of c composited onto white.
func lumaOnWhite(c color.Color) uint8 {
	r, gr, b, a := c.RGBA() // premultiplied, 16 bits
	white := 0xffff - a
	r, gr, b = r+white, gr+white, b+white
	y := (19595*r + 38470*gr + 7471*b + 1<<15) >> 24
	return uint8(y)
}

// luminance wraps gray pixels for gozxing without copying them: a planar
// YUV source reads only its Y plane.
func luminance(g *image.Gray) gozxing.LuminanceSource {
	w, h := g.Bounds().Dx(), g.Bounds().Dy()
	src, err := gozxing.NewPlanarYUVLuminanceSource(g.Pix, g.Stride, h, 0, 0, w, h, false)
	if err != nil {
		panic(err) // the rectangle is the image's own
	}
	return src
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
