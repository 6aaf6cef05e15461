package server

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"
	"github.com/qrforge/qrforge/analysis"
	"github.com/qrforge/qrforge/internal/text"
	"github.com/qrforge/qrforge/service"
)

// handleDecode documents POST /api/v1/decode and returns its handler.
func (s *Server) handleDecode() gin.HandlerFunc {
	s.documentDecode()
	return s.decode
}

// decode serves POST /api/v1/decode: every QR code in an uploaded image.
func (s *Server) decode(c *gin.Context) {
	if p := s.svc.DecodeQuery(c.Request.URL.RawQuery); p != nil {
		writeProblem(c, p)
		return
	}
	body, field, release, p := s.readImageBody(c, imageForm{fix: s.svc.DecodeFormCurl()})
	if p != nil {
		writeProblem(c, p)
		return
	}
	defer release()
	results, p := s.svc.Decode(c.Request.Context(), body, field)
	if p != nil {
		writeProblem(c, p) // aborts when the request was cancelled
		return
	}
	c.Header("Cache-Control", "no-store")
	answer := gin.H{"results": results}
	if sets := service.Sets(results); len(sets) > 0 {
		answer["sets"] = sets
	}
	writeJSON(c, http.StatusOK, answer)
}

// imageForm says what a multipart upload of an image may hold besides
// its one file, and the call that sends the image alone.
type imageForm struct {
	// known reports whether a text field is one the endpoint's API
	// defines and that changes nothing here (goQR's MAX_FILE_SIZE); nil
	// for none.
	known func(name, value string) bool
	fix   string
}

// readImageBody reads the image from a raw body or from the one file of
// a multipart form, within the upload limit. field names where it came from,
// for problems. The body's bytes are reserved from the service's memory
// budget before it is read; release gives them back.
func (s *Server) readImageBody(c *gin.Context, form imageForm) (body []byte, field string, release func(), p *Problem) {
	body, field, release, p = s.readReservedImage(c, form)
	if p != nil && release != nil {
		release()
	}
	return body, field, release, p
}

func (s *Server) readReservedImage(c *gin.Context, form imageForm) ([]byte, string, func(), *Problem) {
	field := "body"
	tooLarge := func(n int64) *Problem {
		detail := fmt.Sprintf("the image is larger than %s; send a smaller image (a QR code needs no more than a few hundred pixels a side)", service.SizeText(s.svc.MaxUpload))
		if n > 0 {
			detail = fmt.Sprintf("the request body is %d bytes; at most %s are read. Send a smaller image (a QR code needs no more than a few hundred pixels a side)", n, service.SizeText(s.svc.MaxUpload))
		}
		return s.problem(service.KindPayloadTooLarge, http.StatusRequestEntityTooLarge, detail, field, s.svc.DecodeCurl("image/png", "smaller.png"))
	}
	contentType := c.GetHeader("Content-Type")
	mediaType, _, err := mime.ParseMediaType(contentType)
	switch {
	case contentType == "":
		mediaType = "application/octet-stream"
	case err != nil:
		mediaType = strings.ToLower(strings.TrimSpace(contentType))
	}
	if read, ok := imageTypeAliases[mediaType]; ok {
		mediaType = read
	}
	isMultipart := mediaType == "multipart/form-data"
	isJSON := mediaType == "application/json"
	if !isMultipart && !isJSON && mediaType != "application/octet-stream" && !slices.Contains(service.ImageTypes, mediaType) {
		return nil, field, nil, s.problem(service.KindUnsupportedMediaType, http.StatusUnsupportedMediaType,
			fmt.Sprintf("Content-Type %s is not read here; send the image bytes as %s (or application/octet-stream), a multipart/form-data upload with a file field, or application/json {\"image\": \"<base64 or data URI>\"}", text.Truncate(contentType, 100), strings.Join(service.ImageTypes, ", ")),
			"Content-Type", s.svc.DecodeCurl("image/png", "code.png")+"  # or image/jpeg, image/gif, image/webp, image/svg+xml; or -F 'file=@code.png'")
	}
	// Multipart framing adds a little to the file it carries, base64 a
	// third.
	limit := s.svc.MaxUpload
	switch {
	case isMultipart:
		limit += 64 << 10
	case isJSON:
		limit = s.svc.MaxImageJSON()
	}
	n := c.Request.ContentLength
	if n > limit {
		return nil, field, nil, tooLarge(n)
	}
	if n < 0 {
		n = limit // chunked: as much as may come
	}
	reserve := n
	if isJSON || isMultipart {
		// The file out of its base64 is held beside the body, or beside
		// a form's text field that holds it.
		reserve += n * 3 / 4
	}
	release, p := s.svc.ReserveUpload(c.Request.Context(), reserve)
	if p != nil {
		return nil, field, nil, p
	}
	r := http.MaxBytesReader(c.Writer, c.Request.Body, limit)
	if isMultipart {
		field = "file"
		body, p := s.readMultipartImage(c, r, n, form)
		return body, field, release, p
	}
	body, err := readBody(r, n)
	if err != nil {
		var maxErr *http.MaxBytesError
		if errors.As(err, &maxErr) {
			return nil, field, release, tooLarge(0)
		}
		return nil, field, release, s.problem(service.KindInvalidParameter, http.StatusBadRequest, "the request body could not be read: "+err.Error(), field, s.svc.DecodeCurl("image/png", "code.png"))
	}
	if len(body) == 0 {
		return nil, field, release, s.problem(service.KindInvalidParameter, http.StatusBadRequest, "the request body is empty; send the image bytes", field, s.svc.DecodeCurl("image/png", "code.png"))
	}
	if isJSON {
		field = "image"
		body, p := s.svc.ImageJSON(body)
		return body, field, release, p
	}
	return body, field, release, nil
}

// imageTypeAliases are the names clients write for types decode reads,
// which name them alone: image/jpg from the .jpg extension, image/pjpeg
// and image/x-png as older browsers label uploads, image/svg. The
// registered names are image/jpeg (RFC 2046 §4.2), image/png (RFC 2083)
// and image/svg+xml (SVG 1.1 Appendix P); the bytes are sniffed whatever
// the type says, so a name with one reading is read, not refused.
var imageTypeAliases = map[string]string{
	"image/jpg":   "image/jpeg",
	"image/pjpeg": "image/jpeg",
	"image/x-png": "image/png",
	"image/svg":   "image/svg+xml",
}

// readMultipartImage returns the one file of a multipart/form-data body,
// whatever its field name; a form with any other part is refused, but the
// text fields form.known names. reserved is what the body's bytes were
// reserved as: the file is read into one buffer of that size at most,
// which never grows, as the file is no larger than the body.
func (s *Server) readMultipartImage(c *gin.Context, body io.ReadCloser, reserved int64, form imageForm) ([]byte, *Problem) {
	c.Request.Body = body
	mr, err := c.Request.MultipartReader()
	if err != nil {
		return nil, s.problem(service.KindInvalidParameter, http.StatusBadRequest,
			"the multipart/form-data body cannot be read ("+err.Error()+"); let the client write the boundary", "file", s.svc.DecodeFormCurl())
	}
	var image []byte
	var others []string // the first few parts besides the image, quoted
	extra := 0          // and how many there are
	other := func(name string, first bool) {
		quoted := strconv.Quote(text.Truncate(name, 64))
		switch extra++; {
		case first:
			others = append([]string{quoted}, others[:min(len(others), 4)]...)
		case len(others) < 5:
			others = append(others, quoted)
		}
	}
	// fieldImage is an image held by a text field, and fieldName its
	// name: the image when the form has no file.
	var fieldImage []byte
	fieldName := ""
	for {
		part, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, s.multipartError(err)
		}
		if part.FileName() == "" || image != nil {
			// Read, to find the parts after it, but not kept: one image
			// is read, and no other field but those the API defines.
			value, err := io.ReadAll(io.LimitReader(part, 256))
			if err == nil && part.FileName() == "" && fieldImage == nil && image == nil && service.MayHoldImage(value) {
				// A text field holding the image file, its bytes or
				// its base64 (curl -F 'image=<code.png'): read whole,
				// within what the body reserved, as a file is.
				value, err = readRest(value, part, min(reserved, s.svc.MaxImageJSON()))
				if err == nil {
					if file, tooLarge, ok := s.svc.ImageInField(value); tooLarge != nil {
						return nil, tooLarge
					} else if ok {
						fieldImage, fieldName = file, part.FormName()
						continue
					}
				}
			}
			if err == nil {
				_, err = io.Copy(io.Discard, part)
			}
			if err != nil {
				return nil, s.multipartError(err)
			}
			if part.FileName() == "" && form.known != nil && form.known(part.FormName(), string(value[:min(len(value), 256)])) {
				continue
			}
			other(cmp.Or(part.FormName(), part.FileName()), false)
			continue
		}
		most := min(reserved, s.svc.MaxUpload+1)
		b, err := readBody(io.LimitReader(part, most), most)
		if err != nil {
			return nil, s.multipartError(err)
		}
		if int64(len(b)) > s.svc.MaxUpload {
			return nil, s.problem(service.KindPayloadTooLarge, http.StatusRequestEntityTooLarge,
				fmt.Sprintf("the file %q is larger than %s; send a smaller image", text.Truncate(part.FileName(), 100), service.SizeText(s.svc.MaxUpload)), "file", s.svc.DecodeFormCurl())
		}
		if len(b) == 0 {
			return nil, s.problem(service.KindInvalidParameter, http.StatusBadRequest,
				fmt.Sprintf("the file %q is empty", text.Truncate(part.FileName(), 100)), "file", s.svc.DecodeFormCurl())
		}
		image = b
	}
	switch {
	case fieldImage != nil && image == nil:
		image = fieldImage
	case fieldImage != nil:
		// A file and a field holding an image: the field's would not be
		// read.
		other(fieldName, true)
	}
	switch {
	case image == nil:
		return nil, s.problem(service.KindInvalidParameter, http.StatusBadRequest,
			"the multipart/form-data body has no file; upload the image as a file field", "file", s.svc.DecodeFormCurl())
	case extra > 0:
		list := strings.Join(others, ", ")
		if extra > len(others) {
			list += fmt.Sprintf(" and %d more parts", extra-len(others))
		}
		// A second image or an option in the form would be left out
		// without a word, as a query parameter would (README "Batch,
		// decode, verify").
		return nil, s.problem(service.KindInvalidParameter, http.StatusBadRequest,
			fmt.Sprintf("%s reads one image, the form's file, and no option; the form also holds %s, which would be ignored: send the image alone, one call an image", c.Request.URL.Path, list),
			strings.Trim(others[0], `"`), form.fix)
	}
	return image, nil
}

// readRest reads the rest of r after prefix, its start, into one buffer
// of most bytes at most, which never grows.
func readRest(prefix []byte, r io.Reader, most int64) ([]byte, error) {
	buf := make([]byte, len(prefix), max(most, int64(len(prefix)))+1)
	copy(buf, prefix)
	for {
		if len(buf) == cap(buf) {
			return buf, nil // over most: the caller's limits refuse it
		}
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return buf, err
		}
	}
}

func (s *Server) multipartError(err error) *Problem {
	var maxErr *http.MaxBytesError
	if errors.As(err, &maxErr) {
		return s.problem(service.KindPayloadTooLarge, http.StatusRequestEntityTooLarge,
			fmt.Sprintf("the upload is larger than %s; send a smaller image", service.SizeText(s.svc.MaxUpload)), "file", s.svc.DecodeFormCurl())
	}
	return s.problem(service.KindInvalidParameter, http.StatusBadRequest,
		"the multipart/form-data body is malformed: "+err.Error(), "file", s.svc.DecodeFormCurl())
}

// documentDecode adds POST /api/v1/decode to the OpenAPI document and the
// llms texts.
func (s *Server) documentDecode() {
	binary := func(mediaType string) obj {
		return obj{"schema": obj{"type": "string", "contentMediaType": mediaType}}
	}
	content := obj{}
	for _, t := range service.ImageTypes {
		content[t] = binary(t)
	}
	content["application/octet-stream"] = binary("application/octet-stream")
	content["multipart/form-data"] = obj{"schema": obj{
		"type":        "object",
		"description": "One file part, read whatever its field name, or one text field holding the file (its bytes, base64 or a data: URI); a form with any other part (a text field, a second file) is a 400.",
		"properties":  obj{"file": obj{"type": "string", "contentMediaType": "image/*"}},
	}}
	content["application/json"] = obj{"schema": obj{
		"type":                 "object",
		"required":             []string{"image"},
		"additionalProperties": false,
		"properties":           obj{"image": obj{"type": "string", "description": "The image file in base64 (standard or URL-safe, padded or not) or a data: URI; an SVG may be its markup."}},
	}}
	s.extraOperations["/api/v1/decode"] = obj{"post": obj{
		"operationId": "decode_qr",
		"summary":     "Decode every QR code in an image",
		"description": fmt.Sprintf("Send the image bytes (PNG, JPEG, GIF, WebP or SVG) as the body with their content type, a multipart/form-data upload of one file, or a JSON object {\"image\": \"<base64 or data URI>\"}. At most %s of image, %d pixels a side and %d megapixels; dimensions are checked from the header before decoding, so decompression bombs are refused. Codes are found upright or turned, dark on light or inverted. QR Codes are read, and, when an image holds none, Micro QR Codes (M1 to M4) and rMQR codes (all 32 sizes), upright, turned by quarter turns (within 4°) or mirrored, without perspective. Each result has its text, its corners (clockwise from the corner by its top-left finder pattern, in image pixels), and the kind and fields when a payload kind recognises the text, with rebuild and not_kept saying what the fields leave out.",
			service.SizeText(s.svc.MaxUpload), service.MaxImageSide, service.MaxImagePixels/1_000_000),
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
						"text":       obj{"type": "string"},
						"bounds":     obj{"type": "array", "minItems": 4, "maxItems": 4, "items": obj{"type": "array", "prefixItems": []any{obj{"type": "integer"}, obj{"type": "integer"}}, "minItems": 2, "maxItems": 2}},
						"kind":       obj{"type": "string", "description": "The payload kind that recognises the text (a specific kind before url and text)."},
						"fields":     obj{"type": "object", "additionalProperties": obj{"type": "string"}},
						"rebuild":    obj{"type": "string", "enum": []string{analysis.RebuildExact, analysis.RebuildCanonical, analysis.RebuildPartial}, "description": "With kind: the fields build text again byte for byte (exact), the same data in qrforge's spelling (canonical), or only in part (partial: not_kept lists what they leave out)."},
						"warning":    obj{"type": "string", "description": "The text is written in a kind's form which that kind refuses (geo:52.5,200, an EPC payment whose IBAN fails its check digits), with the kind's first error: a scanner may read it otherwise or refuse it. kind is then text or url. Or the payment code is past its expires at the time of the request."},
						"expires":    obj{"type": "string", "format": "date-time", "description": "With kind, when the payment code stops being payable: a Lightning invoice's timestamp plus its expiry (BOLT #11 x, 3600 s when absent), an offer's offer_absolute_expiry (BOLT #12), a KHQR's expiry time. Absent for a code that does not expire."},
						"not_kept":   obj{"type": "array", "items": obj{"type": "string"}, "description": "With rebuild partial: the parts of text, as written, that no field carries (a parameter such as sign=..., a MECARD or Wi-Fi key, a vCard line), in their order."},
						"symbol":     obj{"type": "string", "enum": []string{"micro", "rmqr"}, "description": "Present for a Micro QR Code (ISO/IEC 18004:2015) or an rMQR code (ISO/IEC 23941:2022); absent for a QR Code."},
						"designator": obj{"type": "string", "description": "With symbol: the symbol's name in its standard, M1, M2-L to M4-Q, or R7x43-M to R17x139-H."},
						"gs1":        obj{"type": "boolean", "description": "True for a GS1 QR Code: its data starts with FNC1 in first position (ISO/IEC 18004:2015 §7.4.8.2, symbology identifier ]Q3); absent otherwise. The gs1 kind's element form names only such a code."},
						"append": obj{"type": "object", "description": "The symbol's place in a structured append set (ISO/IEC 18004:2015 §8); text is then its own part.", "required": []string{"part", "of", "parity"},
							"properties": obj{"part": obj{"type": "integer", "minimum": 1, "maximum": 16}, "of": obj{"type": "integer", "minimum": 1, "maximum": 16}, "parity": obj{"type": "integer", "minimum": 0, "maximum": 255}}},
					},
				}},
					"sets": obj{"type": "array", "description": "Present when some results belong to structured append sets: each set, its parts in order, joined when every part was read.", "items": obj{
						"type":     "object",
						"required": []string{"of", "parity", "parts", "complete", "detail"},
						"properties": obj{
							"of":     obj{"type": "integer"},
							"parity": obj{"type": "integer"},
							"parts": obj{"type": "array", "items": obj{"type": "object", "required": []string{"part", "result", "text"}, "properties": obj{
								"part": obj{"type": "integer"}, "result": obj{"type": "integer", "description": "The part's index in results."}, "text": obj{"type": "string"}}}},
							"complete":       obj{"type": "boolean"},
							"missing":        obj{"type": "array", "items": obj{"type": "integer"}, "description": "The part numbers not read."},
							"parity_matches": obj{"type": "boolean", "description": "For a complete set: whether the parity data equals the exclusive or of the bytes the parts carry (§8.3; Kanji as Shift JIS)."},
							"text":           obj{"type": "string", "description": "The parts' texts joined in order, when the set is complete."},
							"detail":         obj{"type": "string"},
						},
					}},
				},
			}}}},
			"400": problemResponse("The body is not an image, or the form has no file."),
			"413": problemResponse("The body, or the image's declared dimensions, are too large, or decoding it would take more memory than one request may: `detail` says how far to scale it down."),
			"503": overloadedResponse(),
			"415": problemResponse("The content type is not an image type read here."),
			"422": problemResponse("The image decoded, but it holds no readable QR code."),
		},
	}}
	s.addDocs(
		fmt.Sprintf("[Decode](%s/api/v1/decode): `POST /api/v1/decode` with an image body (PNG, JPEG, GIF, WebP, SVG) or a multipart file; returns every code's text, corners, kind and fields", s.baseURL),
		"## Decode\n\n"+
			fmt.Sprintf("`POST %s/api/v1/decode` with the image bytes as the body and their content type (image/png, image/jpeg, image/gif, image/webp, image/svg+xml, or application/octet-stream), or multipart/form-data whose one file is the image. Example: `%s`.\n\n", s.baseURL, s.svc.DecodeCurl("image/png", "code.png"))+
			"- 200: `{\"results\":[{\"text\",\"bounds\":[[x,y],...],\"kind\",\"fields\"}]}`: every code found, top to bottom then left to right. `bounds` are the symbol's four corners in image pixels, clockwise from the corner by its top-left finder pattern (so they turn with the code). `kind` and `fields` are given when a payload kind recognises the text; specific kinds come before the generic emvqr, url and text; among several, one whose fields build the text again exactly, then canonically, then in part, then the first by name. `rebuild` says which (`exact`, `canonical`, `partial`); `not_kept` lists the parts of the text, as written, that no field carries (a UPI `sign=...`, a vCard `X-...` line). `gs1` is true for a GS1 QR Code (FNC1 in first position, ]Q3): the gs1 kind's element form names only such a code, the same digits without FNC1 being text.\n"+
			"- Codes are found upright or turned, dark on light or light on dark (inverted), and several in one image; low-contrast codes get a second, global-threshold pass.\n"+
			"- Structured append (ISO/IEC 18004:2015 §8): a symbol of a set has `append`: `{\"part\",\"of\",\"parity\"}` and its own part as `text`; the answer then has `sets`, each with its parts in order, `complete`, `missing`, `parity_matches` and, when complete, the joined `text` (docs/reference.md).\n"+
			fmt.Sprintf("- Limits: %s of body; at most %d pixels a side and %d megapixels, checked from the image header before any pixel is decoded (a small file can declare a huge image: a decompression bomb). Over them: 413.\n", service.SizeText(s.svc.MaxUpload), service.MaxImageSide, service.MaxImagePixels/1_000_000)+
			"- Errors: 400 not an image (or no file in the form); 413 too large; 415 another content type; 422 `no-code-found` when the image holds no readable code, whose fix decodes a code qrforge made.",
	)
}

// problemResponse documents a problem-document response.
func problemResponse(description string) obj {
	return obj{"description": description, "content": obj{"application/problem+json": obj{"schema": obj{"$ref": "#/components/schemas/Problem"}}}}
}
