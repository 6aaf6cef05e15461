package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"mime"
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"
	"github.com/qrforge/qrforge/internal/text"
	"github.com/qrforge/qrforge/options"
	"github.com/qrforge/qrforge/registry"
	"github.com/qrforge/qrforge/service"
)

// handleBatch documents POST /api/v1/qr/batch and returns its handler.
func (s *Server) handleBatch() gin.HandlerFunc {
	s.documentBatch()
	return s.batch
}

// batch serves POST /api/v1/qr/batch.
func (s *Server) batch(c *gin.Context) {
	body, release, p := s.readBatchBody(c)
	if p != nil {
		writeProblem(c, p)
		return
	}
	defer release()
	if p := s.svc.BatchQuery(c.Request.URL.RawQuery, body); p != nil {
		writeProblem(c, p)
		return
	}
	run, p := s.svc.Batch(c.Request.Context(), body)
	if p != nil {
		writeProblem(c, p)
		return
	}
	defer run.Close()
	h := c.Writer.Header()
	h.Set("Cache-Control", "no-store")
	if run.Zip() {
		h.Set("Content-Type", "application/zip")
		h.Set("Content-Disposition", `attachment; filename="qrcodes.zip"`)
		h.Set("X-Batch-Count", strconv.Itoa(run.Count()))
	} else {
		h.Set("Content-Type", "application/json; charset=utf-8")
	}
	c.Status(http.StatusOK)
	if err := run.Write(c.Writer); err != nil {
		// The run stopped before its last item: the client went away,
		// or the server is shutting down and cancelled the request. The
		// answer is streamed (chunked), so ending it normally would hand
		// the client a truncated archive or document that looks
		// complete; aborting closes the connection without the final
		// chunk, which every HTTP client reports as an error.
		panic(http.ErrAbortHandler)
	}
}

// readBatchBody reads the body of a batch, which must be JSON within the
// size limit. Twice its bytes are reserved from the memory budget, as the
// items are held parsed beside it until the batch ends; release gives
// them back.
func (s *Server) readBatchBody(c *gin.Context) ([]byte, func(), *Problem) {
	example := s.svc.BatchCurl(service.ExampleBatch)
	mediaType, _, err := mime.ParseMediaType(c.GetHeader("Content-Type"))
	if err != nil || mediaType != "application/json" {
		got := c.GetHeader("Content-Type")
		if got == "" {
			got = "none"
		}
		// The fix sends the caller's own body, unread here, with the
		// type: the example batch would render items they did not write
		// (README "Errors").
		p := s.problem(service.KindUnsupportedMediaType, http.StatusUnsupportedMediaType,
			"the body must be JSON sent with Content-Type: application/json (got "+text.Truncate(got, 100)+")",
			"Content-Type", s.svc.BatchFileCurl("your body, as you sent it"))
		p.Example = example
		return nil, nil, p
	}
	tooLarge := fmt.Sprintf("the body is larger than %s, the most a batch reads; split its items into several requests, each under %s", service.SizeText(s.svc.MaxBody), service.SizeText(s.svc.MaxBody))
	n := c.Request.ContentLength
	if n > s.svc.MaxBody {
		return nil, nil, s.problem(service.KindPayloadTooLarge, http.StatusRequestEntityTooLarge, tooLarge, "", s.svc.SplitBodyFix(n))
	}
	if n < 0 {
		n = s.svc.MaxBody // chunked: as much as may come
	}
	release, p := s.svc.ReserveUpload(c.Request.Context(), 2*n)
	if p != nil {
		return nil, nil, p
	}
	body, err := readBody(http.MaxBytesReader(c.Writer, c.Request.Body, s.svc.MaxBody), n)
	if err != nil {
		release()
		var maxErr *http.MaxBytesError
		if errors.As(err, &maxErr) {
			return nil, nil, s.problem(service.KindPayloadTooLarge, http.StatusRequestEntityTooLarge, tooLarge, "", s.svc.SplitBodyFix(0))
		}
		return nil, nil, s.problem(service.KindInvalidParameter, http.StatusBadRequest, "the body could not be read: "+err.Error(), "", example)
	}
	return body, release, nil
}

// styleSchema is a style object: rendering options under their names,
// each with the catalogue's schema, or under an alias.
func styleSchema() obj {
	var aliases []string
	for _, d := range optionDocs() {
		if d.opt.Compat == "" {
			aliases = append(aliases, d.opt.Aliases...)
		}
	}
	return obj{
		"type":                 "object",
		"description":          "Rendering options as in the query string, under their names or an alias (" + strings.Join(aliases, ", ") + "); a number may also be given as a string.",
		"properties":           optionProperties(),
		"additionalProperties": obj{"type": []string{"string", "number", "boolean"}},
		"example":              obj{"size": 256, "color": "navy", "style": "rounded"},
	}
}

// documentBatch adds POST /api/v1/qr/batch to the OpenAPI document and the
// llms texts.
func (s *Server) documentBatch() {
	scalarType := obj{"type": []string{"string", "number"}}
	plain := obj{
		"type":                 "object",
		"title":                "Plain item",
		"required":             []string{"data"},
		"additionalProperties": false,
		"properties":           obj{"data": obj{"type": []string{"string", "number"}, "description": "The exact string to encode."}, "id": scalarType, "style": styleSchema()},
	}
	typed := obj{
		"type":                 "object",
		"title":                "Typed item",
		"required":             []string{"type"},
		"additionalProperties": false,
		"properties": obj{
			"type":   obj{"type": "string", "enum": registry.Names(), "description": "A payload kind; its fields are listed at /api/v1/kinds/<kind>."},
			"fields": obj{"type": "object", "additionalProperties": obj{"type": []string{"string", "number", "boolean"}}},
			"id":     scalarType,
			"style":  styleSchema(),
		},
	}
	item := obj{
		"type":     "object",
		"required": []string{"index"},
		"properties": obj{
			"index":   obj{"type": "integer"},
			"id":      obj{"type": "string", "description": "The item's id, when it has one."},
			"url":     obj{"type": "string", "format": "uri", "description": "output url: the GET call that returns this item's code."},
			"data":    obj{"description": "output base64: a PNG data URI; svg: SVG markup; json: the module matrix object.", "oneOf": []any{obj{"type": "string"}, obj{"$ref": "#/components/schemas/Matrix"}}},
			"warning": obj{"type": "string", "description": "For an item whose data the answer carries: what its URL sends as X-QR-Warning, the reasons the code may not scan or be read as meant."},
			"verify":  verificationSchema(),
			"error":   obj{"$ref": "#/components/schemas/Problem"},
		},
	}
	rb := options.Robustness
	verify := obj{"type": "string", "enum": rb.Enum, "default": "off",
		"description": "Verify each item as GET /api/v1/verify does, scoring robustness at this depth (quick, full; off verifies nothing): each item of the JSON answer gains `verify`, without the robustness fixes, which verify measures. Not with output zip."}
	s.extraOperations["/api/v1/qr/batch"] = obj{"post": obj{
		"operationId": "generate_batch",
		"summary":     fmt.Sprintf("Generate up to %d QR codes in one request", s.svc.MaxBatchItems),
		"description": fmt.Sprintf("A JSON body with `output`, a shared `style` and `items`, each plain (`data`) or typed (`type` and `fields`), with an optional `id` and its own `style` overriding the shared one key by key. Outputs: url (default; each item's GET URL, which gives the same bytes), base64 (PNG data URIs, at most %d px), svg, json (matrices), zip (a streamed archive with one file per item named after its id or index, and errors.json for items that failed). `style.format` picks the format of url and zip items. `verify` (quick or full) adds to each item of a JSON answer what GET /api/v1/verify answers for it, robustness score included at that depth. One bad item fails alone with a problem document. At most %d items and %s.",
			service.MaxInlineSize, s.svc.MaxBatchItems, service.SizeText(s.svc.MaxBody)),
		"tags": []string{"generate"},
		"requestBody": obj{"required": true, "content": obj{"application/json": obj{
			"schema": obj{
				"type":                 "object",
				"required":             []string{"items"},
				"additionalProperties": false,
				"properties": obj{
					"output": obj{"type": "string", "enum": service.BatchOutputs, "default": service.OutputURL},
					"style":  styleSchema(),
					"verify": verify,
					"items":  obj{"type": "array", "minItems": 1, "maxItems": s.svc.MaxBatchItems, "items": obj{"oneOf": []any{plain, typed}}},
				},
			},
			"example": json.RawMessage(service.ExampleBatch),
		}}},
		"responses": obj{
			"200": obj{"description": "Every item, in order. The JSON answer is streamed, so `succeeded` and `failed` follow `items`.", "content": obj{
				"application/json": obj{"schema": obj{
					"type":     "object",
					"required": []string{"count", "items", "succeeded", "failed"},
					"properties": obj{
						"count":     obj{"type": "integer"},
						"items":     obj{"type": "array", "items": item},
						"succeeded": obj{"type": "integer"},
						"failed":    obj{"type": "integer"},
					},
				}},
				"application/zip": obj{"schema": obj{"type": "string", "contentMediaType": "application/zip"}},
			}},
			"400": problemResponse("The body is not JSON, has an unknown key, or its shared style is invalid; `fix` is a corrected curl call."),
			"413": problemResponse(fmt.Sprintf("More than %d items, or a body over %s; split the items into several requests.", s.svc.MaxBatchItems, service.SizeText(s.svc.MaxBody))),
			"415": problemResponse("The body is not sent as application/json."),
			"503": overloadedResponse(),
		},
	}}
	s.addDocs(
		fmt.Sprintf("[Batch](%s/api/v1/qr/batch): `POST /api/v1/qr/batch` with JSON `{output, style, items}`, up to %d items; outputs url, base64, svg, json, zip", s.baseURL, s.svc.MaxBatchItems),
		"## Batch\n\n"+
			fmt.Sprintf("`POST %s/api/v1/qr/batch` with `Content-Type: application/json` and a body `{\"output\": ..., \"style\": {...}, \"items\": [...]}` of at most %d items and %s. Example: `%s`.\n\n", s.baseURL, s.svc.MaxBatchItems, service.SizeText(s.svc.MaxBody), s.svc.BatchCurl(service.ExampleBatch))+
			"- Items are plain `{\"data\", \"id\"?, \"style\"?}` or typed `{\"type\": <kind>, \"fields\": {...}, \"id\"?, \"style\"?}`. `style` holds rendering options under their query names or aliases, with string or number values; an item's style overrides the shared one key by key.\n"+
			fmt.Sprintf("- `output`: `url` (default): each item's absolute GET URL, which returns the same bytes; `base64`: PNG data URIs (size at most %d; use url or zip for larger); `svg`: SVG markup (`style.format` svg-tiny for SVG Tiny); `json`: the module matrix object; `zip`: `application/zip`, streamed, one file per item named `<id or index>.<ext>` (ids reduced to A-Z a-z 0-9 . _ -, at most 64 characters, made unique with -2, -3), and `errors.json` listing failed items. `style.format` picks the format of url and zip items.\n", service.MaxInlineSize)+
			"- `verify`: `quick` or `full` adds `verify` to each item of a JSON answer: what `GET /api/v1/verify` answers for the item's parameters, its robustness score at that depth, without the robustness fixes (each is a score of its own; the checks' fixes are verify calls that measure them). `off`, or no member, verifies nothing; output zip refuses it. Each verify is admitted like a verify call; one that does not fit fails its item.\n"+
			"- Answer (not zip), 200: `{\"count\":N,\"items\":[{\"index\",\"id\"?,\"url\"|\"data\"|\"error\",\"warning\"?,\"verify\"?}],\"succeeded\":k,\"failed\":f}`, items in order; `warning`, on an item whose data the answer carries, is what its URL sends as X-QR-Warning. It is streamed as items render, which is why the counts come last. A bad item fails alone: its `error` is a problem document whose fix is the corrected GET call. An item giving a key twice with different values fails alone too, without a fix: its `field` is the key's path in the item (`fields.ssid`) and the detail names it in the body (`items[0].fields.ssid`) with both values.\n"+
			fmt.Sprintf("- Errors of the request as a whole: 415 without application/json; 400 for a body that is not JSON (detail gives the byte offset, line and column), an unknown key, an invalid shared style, or a verify that is not quick, full or off or comes with output zip; 413 for more than %d items (split them into batches of %d) or a body over %s. Fixes are curl calls. A key given twice with different values outside the items (output, style, items, verify, a key of style) is a 400 without a fix, only an example: which value is meant is the caller's to say. So is an output no typo or word names (data is base64's data URIs), and a style.format the output cannot carry. A rendering option beside items (format, size) is moved into style by the fix, its value kept.", s.svc.MaxBatchItems, s.svc.MaxBatchItems, service.SizeText(s.svc.MaxBody)),
	)
}
