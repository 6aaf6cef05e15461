package server

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/qrforge/qrforge/registry"
)

// Default limits of POST /api/v1/qr/batch (README "Batch, decode, verify"; docs/operations.md); Config.MaxBody
// and Config.MaxBatchItems change them.
const (
	maxBatchBody  = 4 << 20
	maxBatchItems = 1000
	// maxInlineSize bounds base64 items: their PNG bytes travel inside
	// the JSON answer, and grow with the square of the size. Larger codes
	// come as URLs or in a zip. SVG and JSON bodies do not grow with size.
	maxInlineSize = 1024
)

// Batch outputs (README "Batch, decode, verify").
const (
	outputURL    = "url"
	outputBase64 = "base64"
	outputSVG    = "svg"
	outputJSON   = "json"
	outputZip    = "zip"
)

var batchOutputs = []string{outputURL, outputBase64, outputSVG, outputJSON, outputZip}

// outputFormats are the formats each output can carry; the first is the
// default when the style names none.
var outputFormats = map[string][]Format{
	outputURL:    Formats,
	outputZip:    Formats,
	outputBase64: {FormatBase64, FormatPNG},
	outputSVG:    {FormatSVG, FormatSVGTiny},
	outputJSON:   {FormatJSON},
}

// batchKeys are the members of the request body (README "Batch, decode, verify") and of an item.
var (
	batchKeys = []string{"output", "style", "items"}
	itemKeys  = []string{"data", "id", "type", "fields", "style"}
)

// zipEpoch stamps every zip entry: a fixed time keeps the archive the same
// bytes for the same request. 1980-01-01 is the first MS-DOS date.
var zipEpoch = time.Date(1980, 1, 1, 0, 0, 0, 0, time.UTC)

// handleBatch documents POST /api/v1/qr/batch and returns its handler.
func (s *Server) handleBatch() gin.HandlerFunc {
	s.documentBatch()
	return s.batch
}

// batchRequest is a validated request body.
type batchRequest struct {
	output string
	style  url.Values // canonical option names
	format Format     // of items whose style names none
	items  []json.RawMessage
}

// batch serves POST /api/v1/qr/batch.
func (s *Server) batch(c *gin.Context) {
	req, p := s.readBatch(c)
	if p != nil {
		writeProblem(c, p)
		return
	}
	s.metrics.observeBatch(len(req.items))
	ctx, cancel := context.WithCancel(c.Request.Context())
	defer cancel()
	stream := s.renderBatch(ctx, req)
	if req.output == outputZip {
		s.writeZip(ctx, c, req, stream, cancel)
	} else {
		s.writeBatchJSON(ctx, c, req, stream, cancel)
	}
}

// readBatch reads and checks the request body. Anything wrong with the
// body as a whole is one problem; a bad item fails alone, later.
func (s *Server) readBatch(c *gin.Context) (*batchRequest, *Problem) {
	example := s.batchCurl(exampleBatch)
	mediaType, _, err := mime.ParseMediaType(c.GetHeader("Content-Type"))
	if err != nil || mediaType != "application/json" {
		got := c.GetHeader("Content-Type")
		if got == "" {
			got = "none"
		}
		return nil, s.problem(KindUnsupportedMediaType, http.StatusUnsupportedMediaType,
			"the body must be JSON sent with Content-Type: application/json (got "+truncate(got, 100)+")",
			"Content-Type", example)
	}
	tooLarge := fmt.Sprintf("the body is larger than %s; send at most %d items per request, in several requests", sizeText(s.maxBody), s.maxBatchItems)
	if c.Request.ContentLength > s.maxBody {
		return nil, s.problem(KindPayloadTooLarge, http.StatusRequestEntityTooLarge, tooLarge, "", s.splitFix(0))
	}
	body, err := io.ReadAll(http.MaxBytesReader(c.Writer, c.Request.Body, s.maxBody))
	if err != nil {
		var maxErr *http.MaxBytesError
		if errors.As(err, &maxErr) {
			return nil, s.problem(KindPayloadTooLarge, http.StatusRequestEntityTooLarge, tooLarge, "", s.splitFix(0))
		}
		return nil, s.problem(KindInvalidParameter, http.StatusBadRequest, "the body could not be read: "+err.Error(), "", example)
	}
	if len(bytes.TrimSpace(body)) == 0 {
		return nil, s.problem(KindInvalidParameter, http.StatusBadRequest,
			"the body is empty; send {\"output\": ..., \"style\": {...}, \"items\": [...]}", "", example)
	}

	var top map[string]json.RawMessage
	if err := json.Unmarshal(body, &top); err != nil {
		return nil, s.problem(KindInvalidParameter, http.StatusBadRequest, jsonErrorDetail(body, err), "", example)
	}
	if top == nil {
		return nil, s.problem(KindInvalidParameter, http.StatusBadRequest, "the body is null; send a JSON object with items", "", example)
	}
	var unknown []string
	for _, k := range sortedKeys(top) {
		if !slices.Contains(batchKeys, k) {
			unknown = append(unknown, k)
		}
	}
	if len(unknown) > 0 {
		corrected := map[string]json.RawMessage{}
		for _, k := range batchKeys {
			if v, ok := top[k]; ok {
				corrected[k] = v
			}
		}
		return nil, s.problem(KindInvalidParameter, http.StatusBadRequest,
			fmt.Sprintf("unknown key %s in the body (did you mean %s?); the body has output, style and items", quoteAll(unknown), nearest(strings.ToLower(unknown[0]), batchKeys, "items")),
			unknown[0], s.correctedBatchCurl(corrected, len(body)))
	}

	req := &batchRequest{output: outputURL, style: url.Values{}}
	if raw, ok := top["output"]; ok && string(raw) != "null" {
		if err := json.Unmarshal(raw, &req.output); err != nil {
			return nil, s.problem(KindInvalidParameter, http.StatusBadRequest,
				"output must be a string, one of "+strings.Join(batchOutputs, ", "), "output", s.correctedBatchCurl(withKey(top, "output", `"url"`), len(body)))
		}
		req.output = strings.ToLower(strings.TrimSpace(req.output))
		if !slices.Contains(batchOutputs, req.output) {
			near := nearest(req.output, batchOutputs, outputURL)
			return nil, s.problem(KindInvalidParameter, http.StatusBadRequest,
				fmt.Sprintf("output %q is not one of %s; did you mean %s?", truncate(req.output, 64), strings.Join(batchOutputs, ", "), near),
				"output", s.correctedBatchCurl(withKey(top, "output", strconv.Quote(near)), len(body)))
		}
	}
	if raw, ok := top["style"]; ok && string(raw) != "null" {
		style, err := readStyle(raw)
		if err != nil {
			return nil, s.problem(KindInvalidParameter, http.StatusBadRequest, "style: "+err.detail, "style."+err.field,
				s.correctedBatchCurl(withKey(top, "style", "{}"), len(body)))
		}
		req.style = style
	}
	// The shared style is checked once, so that one mistake is one problem
	// rather than the same problem on every item.
	r, errs := parseRendering(newQuery(req.style), false)
	if len(errs) > 0 {
		fixed := applyFixes(r.fixValues(), errs)
		e := errs[0]
		return nil, s.problem(KindInvalidParameter, http.StatusBadRequest, "style: "+e.detail, "style."+e.field,
			s.correctedBatchCurl(withKey(top, "style", styleJSON(fixed)), len(body)))
	}
	if r.Given[optFormat.Name] && !slices.Contains(outputFormats[req.output], r.Format) {
		fixed := r.fixValues()
		fixed.Del(optFormat.Name)
		return nil, s.problem(KindInvalidParameter, http.StatusBadRequest,
			fmt.Sprintf("style.format %s does not fit output %s, which carries %s; drop style.format or change output", r.Format, req.output, joinValues(outputFormats[req.output])),
			"style.format", s.correctedBatchCurl(withKey(top, "style", styleJSON(fixed)), len(body)))
	}
	req.format = outputFormats[req.output][0]

	raw, ok := top["items"]
	if !ok || string(raw) == "null" {
		return nil, s.problem(KindInvalidParameter, http.StatusBadRequest, "items is required: an array of {data} or {type, fields} objects", "items", example)
	}
	if err := json.Unmarshal(raw, &req.items); err != nil {
		return nil, s.problem(KindInvalidParameter, http.StatusBadRequest, "items must be an array of {data} or {type, fields} objects", "items", example)
	}
	if len(req.items) == 0 {
		return nil, s.problem(KindInvalidParameter, http.StatusBadRequest, fmt.Sprintf("items is empty; give from 1 to %d items", s.maxBatchItems), "items", example)
	}
	if len(req.items) > s.maxBatchItems {
		return nil, s.problem(KindPayloadTooLarge, http.StatusRequestEntityTooLarge,
			fmt.Sprintf("items has %d entries; at most %d are rendered per request, so split them into %d requests", len(req.items), s.maxBatchItems, (len(req.items)+s.maxBatchItems-1)/s.maxBatchItems),
			"items", s.splitFix(len(req.items)))
	}
	return req, nil
}

// styleError is a bad key or value in a style object.
type styleError struct{ field, detail string }

// readStyle reads a style object: rendering options under the names and
// aliases of the query string, with string or number values.
func readStyle(raw json.RawMessage) (url.Values, *styleError) {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(raw, &members); err != nil {
		return nil, &styleError{"", "must be an object of rendering options, such as {\"size\": 256, \"color\": \"navy\"}"}
	}
	style := url.Values{}
	for _, key := range sortedKeys(members) {
		name := canonicalName(key, false)
		if !isRenderOption(name) {
			hint := ""
			if canonicalName(key, true) == optData.Name {
				hint = "; data goes in the item, not in its style"
			}
			return nil, &styleError{key, fmt.Sprintf("%q is not a rendering option (did you mean %s?)%s", truncate(key, 64), nearestOption(name), hint)}
		}
		v, set, err := scalar(members[key])
		if err != nil {
			return nil, &styleError{key, fmt.Sprintf("%s %s", key, err)}
		}
		if set {
			// Aliases of one option stay side by side, so that two
			// different values are reported as a conflict, as in a query.
			style[name] = append(style[name], v)
		}
	}
	return style, nil
}

func isRenderOption(name string) bool {
	for _, o := range renderOptions {
		if o.Name == name {
			return true
		}
	}
	return false
}

func nearestOption(name string) string {
	names := make([]string, len(renderOptions))
	for i, o := range renderOptions {
		names[i] = o.Name
	}
	return nearest(name, names, optSize.Name)
}

// scalar reads a JSON string, number or boolean as the string a query
// parameter would carry; a number keeps its literal text ("12.50"). null
// is absent.
func scalar(raw json.RawMessage) (string, bool, error) {
	t := bytes.TrimSpace(raw)
	switch {
	case len(t) == 0 || string(t) == "null":
		return "", false, nil
	case t[0] == '"':
		var s string
		if err := json.Unmarshal(t, &s); err != nil {
			return "", false, errors.New("is not a valid JSON string")
		}
		return s, true, nil
	case string(t) == "true" || string(t) == "false":
		return string(t), true, nil
	case t[0] == '-' || '0' <= t[0] && t[0] <= '9':
		return string(t), true, nil
	}
	return "", false, errors.New("must be a string or a number")
}

// batchResult is one item, rendered or failed.
type batchResult struct {
	index   int
	id      *string
	url     string
	body    []byte
	format  Format
	problem *Problem
}

// batchStream hands out results in item order while workers render ahead.
type batchStream struct {
	results []chan batchResult
	window  chan struct{}
}

// next waits for item i's result; false when the request is cancelled.
func (b *batchStream) next(ctx context.Context, i int) (batchResult, bool) {
	select {
	case r := <-b.results[i]:
		<-b.window
		return r, true
	case <-ctx.Done():
		return batchResult{}, false
	}
}

// renderBatch renders the items on a pool of runtime.GOMAXPROCS(0)
// workers. At most twice as many items as workers are rendered ahead of
// the one being written, so memory stays bounded however many items there
// are and however slowly the client reads. Cancelling ctx stops the pool.
func (s *Server) renderBatch(ctx context.Context, req *batchRequest) *batchStream {
	n := len(req.items)
	workers := min(runtime.GOMAXPROCS(0), n)
	b := &batchStream{results: make([]chan batchResult, n), window: make(chan struct{}, 2*workers)}
	for i := range b.results {
		b.results[i] = make(chan batchResult, 1)
	}
	jobs := make(chan int)
	go func() {
		defer close(jobs)
		for i := range n {
			select {
			case b.window <- struct{}{}:
			case <-ctx.Done():
				return
			}
			select {
			case jobs <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	for range workers {
		go func() {
			for i := range jobs {
				b.results[i] <- s.safeBatchItem(i, req)
			}
		}()
	}
	return b
}

// safeBatchItem renders one item; a panic fails that item alone, since
// it happens outside the request's goroutine, where recoverProblem cannot
// see it.
func (s *Server) safeBatchItem(i int, req *batchRequest) (res batchResult) {
	defer func() {
		if v := recover(); v != nil {
			s.log.Error("panic rendering batch item", "index", i, "panic", v)
			res = batchResult{index: i, problem: s.problem(KindInternal, http.StatusInternalServerError,
				"qrforge failed to render this item", "", "")}
		}
	}()
	return s.batchItem(i, req)
}

// batchItem validates and renders one item through the same preparation
// as the GET endpoints, so an item and its URL give the same bytes.
func (s *Server) batchItem(i int, req *batchRequest) batchResult {
	res := batchResult{index: i, format: req.format}
	item, p := s.readItem(req.items[i])
	if item != nil {
		res.id = item.id
	}
	if p != nil {
		res.problem = p
		return res
	}
	values := url.Values{}
	for k, v := range req.style {
		values[k] = v
	}
	// The item's style overrides the shared one key by key (README "Batch, decode, verify").
	for k, v := range item.style {
		values[k] = v
	}
	// The output decides the format unless the style picks one the output
	// carries; a PNG stays out of URLs, as it is the default.
	if _, picked := values[optFormat.Name]; !picked && req.format != FormatPNG {
		values.Set(optFormat.Name, string(req.format))
	}

	var r *Rendering
	var target fixTarget
	if item.kind != nil {
		target = s.apiTarget(item.kind.Path(), fieldNames(item.kind)...)
		var unknown []paramError
		for _, name := range sortedKeys(item.fields) {
			if !item.kind.HasField(name) && !isOptionName(strings.ToLower(name)) {
				// prepareKind reports it, with a did-you-mean and a
				// fix that renames it.
				values.Set(name, item.fields[name])
				continue
			}
			if !item.kind.HasField(name) {
				unknown = append(unknown, paramError{field: name,
					detail: fmt.Sprintf("%s has no field %q; its fields are %s", item.kind.Name(), truncate(name, 64), strings.Join(fieldNames(item.kind), ", "))})
				continue
			}
			values.Set(name, item.fields[name])
		}
		r, p = s.prepareKind(item.kind, newQuery(values), nil, target)
		if p == nil && len(unknown) > 0 {
			// A misspelt field would silently drop a value from the
			// payload; the fix is the call without it.
			p = s.invalid(r, unknown, target)
		}
	} else {
		target = s.apiTarget("/api/v1/qr")
		if item.data != nil {
			values.Set(optData.Name, *item.data)
		}
		r, p = s.prepareGeneric(newQuery(values), nil, target, "")
	}
	if p != nil {
		res.problem = p
		return res
	}
	if !slices.Contains(outputFormats[req.output], r.Format) {
		res.problem = s.invalid(r, []paramError{{field: optFormat.Name, fixed: string(outputFormats[req.output][0]),
			detail: fmt.Sprintf("format %s does not fit output %s, which carries %s", r.Format, req.output, joinValues(outputFormats[req.output]))}}, target)
		return res
	}
	if req.output == outputBase64 && r.Format == FormatPNG {
		r.Format = FormatBase64
		r.Canonical.Set(optFormat.Name, string(FormatBase64))
	}
	res.format = r.Format
	if req.output == outputBase64 && r.Options.Size > maxInlineSize {
		res.problem = s.problem(KindInvalidParameter, http.StatusBadRequest,
			fmt.Sprintf("size %d is above %d, the largest size inlined as base64; use output url or zip for larger codes (the fix is this item's URL), or a smaller size", r.Options.Size, maxInlineSize),
			"size", target.url(s.baseURL, withValue(r.fixValues(), "format", string(FormatPNG))))
		return res
	}
	if req.output == outputURL {
		// The URL is checked, not fetched: the symbol must encode and fit
		// the size; rendering is left to whoever follows it.
		sym, p := s.encode(r, target)
		if p == nil && canvasModules(sym, r.Options) > r.Options.Size {
			_, p = s.renderSymbol(sym, r, target)
		}
		res.problem = p
		if p == nil {
			res.url = target.url(s.baseURL, r.fixValues())
		}
		return res
	}
	out, p := s.produce(r, target)
	if p != nil {
		res.problem = p
		return res
	}
	res.body = out.Body
	return res
}

func withValue(v url.Values, name, value string) url.Values {
	v.Set(name, value)
	return v
}

// batchItemInput is one parsed item.
type batchItemInput struct {
	id     *string
	data   *string
	kind   registry.Entry
	fields map[string]string
	style  url.Values
}

// readItem parses an item: plain {data, id, style} or typed
// {type, fields, id, style}.
func (s *Server) readItem(raw json.RawMessage) (*batchItemInput, *Problem) {
	shape := func(field, detail string) *Problem {
		return s.problem(KindInvalidParameter, http.StatusBadRequest, detail, field, s.batchCurl(exampleBatch))
	}
	var members map[string]json.RawMessage
	if err := json.Unmarshal(raw, &members); err != nil || members == nil {
		return nil, shape("", "an item must be an object: {\"data\": ...} or {\"type\": ..., \"fields\": {...}}, with optional id and style")
	}
	item := &batchItemInput{}
	if v, set, err := scalar(members["id"]); err != nil {
		return nil, shape("id", "id "+err.Error())
	} else if set {
		item.id = &v
	}
	for _, k := range sortedKeys(members) {
		if !slices.Contains(itemKeys, k) {
			return item, shape(k, fmt.Sprintf("unknown key %q in an item (did you mean %s?); an item has data, id, type, fields and style", truncate(k, 64), nearest(strings.ToLower(k), itemKeys, "data")))
		}
	}
	if v, set, err := scalar(members["data"]); err != nil {
		return item, shape("data", "data "+err.Error())
	} else if set {
		item.data = &v
	}
	if raw, ok := members["style"]; ok && string(raw) != "null" {
		style, err := readStyle(raw)
		if err != nil {
			return item, shape("style."+err.field, "style: "+err.detail)
		}
		item.style = style
	}
	kindName, typed, err := scalar(members["type"])
	if err != nil {
		return item, shape("type", "type "+err.Error())
	}
	_, hasFields := members["fields"]
	switch {
	case typed && item.data != nil:
		return item, shape("data", "an item has either data or type and fields, not both")
	case !typed && hasFields:
		return item, shape("type", "fields need a type naming their kind, such as {\"type\": \"wifi\", \"fields\": {...}}")
	case !typed:
		return item, nil
	}
	k, ok := registry.Lookup(strings.ToLower(kindName))
	if !ok {
		names := registry.Names()
		near := nearest(strings.ToLower(kindName), names, "text")
		fix := s.baseURL + "/api/v1/kinds"
		if nk, ok := registry.Lookup(near); ok {
			fix = s.ExampleURL(nk)
		}
		return item, s.problem(KindInvalidParameter, http.StatusBadRequest,
			fmt.Sprintf("type %q is not a kind; kinds are %s", truncate(kindName, 64), strings.Join(names, ", ")), "type", fix)
	}
	item.kind = k
	item.fields = map[string]string{}
	if raw, ok := members["fields"]; ok && string(raw) != "null" {
		var fields map[string]json.RawMessage
		if err := json.Unmarshal(raw, &fields); err != nil {
			return item, shape("fields", "fields must be an object of "+k.Name()+"'s fields")
		}
		for name, raw := range fields {
			v, set, err := scalar(raw)
			if err != nil {
				return item, shape("fields."+name, name+" "+err.Error())
			}
			if set {
				item.fields[name] = v
			}
		}
	}
	return item, nil
}

// batchItemJSON is an item of the non-zip answer.
type batchItemJSON struct {
	Index int             `json:"index"`
	ID    *string         `json:"id,omitempty"`
	URL   string          `json:"url,omitempty"`
	Data  json.RawMessage `json:"data,omitempty"`
	Error *Problem        `json:"error,omitempty"`
}

// writeBatchJSON streams {"count":N,"items":[...],"succeeded":k,
// "failed":f}: the counts come last because items are written as they are
// rendered.
func (s *Server) writeBatchJSON(ctx context.Context, c *gin.Context, req *batchRequest, stream *batchStream, cancel context.CancelFunc) {
	h := c.Writer.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	c.Status(http.StatusOK)
	w := c.Writer
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	fmt.Fprintf(&buf, `{"count":%d,"items":[`, len(req.items))
	succeeded := 0
	for i := range req.items {
		res, ok := stream.next(ctx, i)
		if !ok {
			return
		}
		item := batchItemJSON{Index: res.index, ID: res.id, URL: res.url, Error: res.problem}
		if res.problem == nil {
			succeeded++
			switch res.format {
			case FormatJSON:
				item.Data = bytes.TrimSpace(res.body)
			default:
				item.Data, _ = json.Marshal(string(res.body))
			}
		}
		if i > 0 {
			buf.WriteByte(',')
		}
		enc.Encode(item)
		buf.Truncate(buf.Len() - 1) // Encode's newline
		if _, err := w.Write(buf.Bytes()); err != nil {
			cancel()
			return
		}
		buf.Reset()
	}
	fmt.Fprintf(&buf, `],"succeeded":%d,"failed":%d}`+"\n", succeeded, len(req.items)-succeeded)
	w.Write(buf.Bytes())
}

// zipError is an entry of errors.json in a zip answer.
type zipError struct {
	Index int      `json:"index"`
	ID    *string  `json:"id,omitempty"`
	File  string   `json:"file"`
	Error *Problem `json:"error"`
}

// writeZip streams an archive with one file per item, named after its id
// (made safe) or its index, and errors.json listing the items that failed.
func (s *Server) writeZip(ctx context.Context, c *gin.Context, req *batchRequest, stream *batchStream, cancel context.CancelFunc) {
	h := c.Writer.Header()
	h.Set("Content-Type", "application/zip")
	h.Set("Content-Disposition", `attachment; filename="qrcodes.zip"`)
	h.Set("Cache-Control", "no-store")
	h.Set("X-Batch-Count", strconv.Itoa(len(req.items)))
	c.Status(http.StatusOK)
	zw := zip.NewWriter(c.Writer)
	names := newZipNames()
	var failed []zipError
	for i := range req.items {
		res, ok := stream.next(ctx, i)
		if !ok {
			return
		}
		name := names.name(res.id, i, formatExtension(res.format))
		if res.problem != nil {
			failed = append(failed, zipError{i, res.id, name, res.problem})
			continue
		}
		if err := addZipFile(zw, name, res.body, res.format != FormatPNG); err != nil {
			cancel()
			return
		}
	}
	if len(failed) > 0 {
		body, _ := json.MarshalIndent(failed, "", "  ")
		if err := addZipFile(zw, zipErrorsName, body, true); err != nil {
			cancel()
			return
		}
	}
	zw.Close()
}

const zipErrorsName = "errors.json"

func addZipFile(zw *zip.Writer, name string, body []byte, compress bool) error {
	// PNG is deflated already; storing it saves time for nothing lost.
	method := zip.Store
	if compress {
		method = zip.Deflate
	}
	f, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: method, Modified: zipEpoch})
	if err != nil {
		return err
	}
	_, err = f.Write(body)
	return err
}

func formatExtension(f Format) string {
	switch f {
	case FormatSVG, FormatSVGTiny:
		return "svg"
	case FormatJSON:
		return "json"
	case FormatBase64:
		return "txt"
	}
	return "png"
}

// zipNames gives each entry a safe, unique name.
type zipNames map[string]bool

func newZipNames() zipNames { return zipNames{zipErrorsName: true} }

// maxZipStem bounds the part of a name taken from an id.
const maxZipStem = 64

// name is "<id>.<ext>" with the id reduced to [A-Za-z0-9._-] (no leading
// dot, at most 64 characters), or "<index>.<ext>" without an id; a name
// already given gets "-2", "-3", ... before the extension.
func (z zipNames) name(id *string, index int, ext string) string {
	stem := ""
	if id != nil {
		stem = safeStem(*id)
	}
	if stem == "" {
		stem = strconv.Itoa(index)
	}
	name := stem + "." + ext
	for n := 2; z[name]; n++ {
		name = stem + "-" + strconv.Itoa(n) + "." + ext
	}
	z[name] = true
	return name
}

func safeStem(id string) string {
	var b strings.Builder
	for _, r := range id {
		if b.Len() >= maxZipStem {
			break
		}
		switch {
		case 'a' <= r && r <= 'z', 'A' <= r && r <= 'Z', '0' <= r && r <= '9', r == '-', r == '_':
			b.WriteRune(r)
		case r == '.':
			if b.Len() > 0 {
				b.WriteRune(r)
			}
		default:
			b.WriteByte('_')
		}
	}
	return strings.TrimRight(b.String(), ".")
}

// exampleBatch is a body that works, for fixes.
const exampleBatch = `{"output":"url","style":{"size":256},"items":[{"id":"home","data":"https://example.com"},{"id":"hello","data":"Hello, world!"}]}`

// batchCurl is a runnable call of the batch endpoint with body.
func (s *Server) batchCurl(body string) string {
	return "curl -X POST '" + s.baseURL + "/api/v1/qr/batch' -H 'Content-Type: application/json' -d " + shellQuote(body)
}

// correctedBatchCurl is the caller's body, corrected, as a call; a body too
// long to read in a fix is sent from a file instead.
func (s *Server) correctedBatchCurl(top map[string]json.RawMessage, size int) string {
	body, err := json.Marshal(top)
	if err != nil || size > 2048 || len(body) > 2048 {
		return "curl -X POST '" + s.baseURL + "/api/v1/qr/batch' -H 'Content-Type: application/json' --data-binary @batch.json  # batch.json: your body with the correction above"
	}
	return s.batchCurl(string(body))
}

// splitFix tells how to send more than the most items a batch takes.
func (s *Server) splitFix(n int) string {
	count := "the items"
	if n > 0 {
		count = strconv.Itoa(n) + " items"
	}
	return "curl -X POST '" + s.baseURL + "/api/v1/qr/batch' -H 'Content-Type: application/json' --data-binary @part1.json  # split " +
		count + fmt.Sprintf(" into batches of at most %d (items 0-%d in part1.json, %d-%d in part2.json, ...)", s.maxBatchItems, s.maxBatchItems-1, s.maxBatchItems, 2*s.maxBatchItems-1)
}

func withKey(top map[string]json.RawMessage, key, value string) map[string]json.RawMessage {
	out := map[string]json.RawMessage{}
	for k, v := range top {
		out[k] = v
	}
	out[key] = json.RawMessage(value)
	return out
}

// styleJSON writes canonical options back as a style object.
func styleJSON(v url.Values) string {
	m := map[string]string{}
	for k := range v {
		m[k] = v.Get(k)
	}
	b, _ := json.Marshal(m)
	return string(b)
}

// shellQuote quotes s for a POSIX shell.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

func quoteAll(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = strconv.Quote(truncate(n, 64))
	}
	return strings.Join(q, ", ")
}

// jsonErrorDetail says where a body stops being JSON: byte offset, line
// and column.
func jsonErrorDetail(body []byte, err error) string {
	var syntax *json.SyntaxError
	var typeErr *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syntax) && syntax.Offset >= int64(len(body)):
		return fmt.Sprintf("the body is not valid JSON: it ends early, after byte %d; close every string, array and object", len(body))
	case errors.As(err, &syntax):
		// Offset counts the bytes read, the offending one included.
		at := syntax.Offset - 1
		line, col := lineColumn(body, at)
		return fmt.Sprintf("the body is not valid JSON: %s at byte %d (line %d, column %d)", strings.TrimPrefix(syntax.Error(), "json: "), at, line, col)
	case errors.As(err, &typeErr):
		return fmt.Sprintf("the body must be a JSON object {\"output\", \"style\", \"items\"}, not a JSON %s", typeErr.Value)
	}
	return "the body is not valid JSON: " + err.Error()
}

// lineColumn turns a 0-based byte offset into a 1-based line and column.
func lineColumn(body []byte, offset int64) (int, int) {
	offset = min(max(offset, 0), int64(len(body)))
	before := body[:offset]
	line := bytes.Count(before, []byte("\n")) + 1
	col := int(offset) - bytes.LastIndexByte(before, '\n')
	return line, col
}

// styleSchema is a style object: rendering options by name or alias, with
// string or number values.
func styleSchema() obj {
	props := obj{}
	var aliases []string
	for _, d := range optionDocs() {
		props[d.opt.Name] = obj{"type": []string{"string", "number"}, "description": d.desc}
		aliases = append(aliases, d.opt.Aliases...)
	}
	return obj{
		"type":                 "object",
		"description":          "Rendering options as in the query string, by name or alias (" + strings.Join(aliases, ", ") + "); values are strings or numbers.",
		"properties":           props,
		"additionalProperties": obj{"type": []string{"string", "number"}},
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
			"index": obj{"type": "integer"},
			"id":    obj{"type": "string", "description": "The item's id, when it has one."},
			"url":   obj{"type": "string", "format": "uri", "description": "output url: the GET call that returns this item's code."},
			"data":  obj{"description": "output base64: a PNG data URI; svg: SVG markup; json: the module matrix object.", "oneOf": []any{obj{"type": "string"}, obj{"$ref": "#/components/schemas/Matrix"}}},
			"error": obj{"$ref": "#/components/schemas/Problem"},
		},
	}
	s.extraOperations["/api/v1/qr/batch"] = obj{"post": obj{
		"operationId": "generate_batch",
		"summary":     fmt.Sprintf("Generate up to %d QR codes in one request", s.maxBatchItems),
		"description": fmt.Sprintf("A JSON body with `output`, a shared `style` and `items`, each plain (`data`) or typed (`type` and `fields`), with an optional `id` and its own `style` overriding the shared one key by key. Outputs: url (default; each item's GET URL, which gives the same bytes), base64 (PNG data URIs, at most %d px), svg, json (matrices), zip (a streamed archive with one file per item named after its id or index, and errors.json for items that failed). `style.format` picks the format of url and zip items. One bad item fails alone with a problem document. At most %d items and %s.",
			maxInlineSize, s.maxBatchItems, sizeText(s.maxBody)),
		"tags": []string{"generate"},
		"requestBody": obj{"required": true, "content": obj{"application/json": obj{
			"schema": obj{
				"type":                 "object",
				"required":             []string{"items"},
				"additionalProperties": false,
				"properties": obj{
					"output": obj{"type": "string", "enum": batchOutputs, "default": outputURL},
					"style":  styleSchema(),
					"items":  obj{"type": "array", "minItems": 1, "maxItems": s.maxBatchItems, "items": obj{"oneOf": []any{plain, typed}}},
				},
			},
			"example": json.RawMessage(exampleBatch),
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
			"413": problemResponse(fmt.Sprintf("More than %d items, or a body over %s; split the items into several requests.", s.maxBatchItems, sizeText(s.maxBody))),
			"415": problemResponse("The body is not sent as application/json."),
		},
	}}
	s.addDocs(
		fmt.Sprintf("[Batch](%s/api/v1/qr/batch): `POST /api/v1/qr/batch` with JSON `{output, style, items}`, up to %d items; outputs url, base64, svg, json, zip", s.baseURL, s.maxBatchItems),
		"## Batch\n\n"+
			fmt.Sprintf("`POST %s/api/v1/qr/batch` with `Content-Type: application/json` and a body `{\"output\": ..., \"style\": {...}, \"items\": [...]}` of at most %d items and %s. Example: `%s`.\n\n", s.baseURL, s.maxBatchItems, sizeText(s.maxBody), s.batchCurl(exampleBatch))+
			"- Items are plain `{\"data\", \"id\"?, \"style\"?}` or typed `{\"type\": <kind>, \"fields\": {...}, \"id\"?, \"style\"?}`. `style` holds rendering options under their query names or aliases, with string or number values; an item's style overrides the shared one key by key.\n"+
			fmt.Sprintf("- `output`: `url` (default): each item's absolute GET URL, which returns the same bytes; `base64`: PNG data URIs (size at most %d; use url or zip for larger); `svg`: SVG markup (`style.format` svg-tiny for SVG Tiny); `json`: the module matrix object; `zip`: `application/zip`, streamed, one file per item named `<id or index>.<ext>` (ids reduced to A-Z a-z 0-9 . _ -, at most 64 characters, made unique with -2, -3), and `errors.json` listing failed items. `style.format` picks the format of url and zip items.\n", maxInlineSize)+
			"- Answer (not zip), 200: `{\"count\":N,\"items\":[{\"index\",\"id\"?,\"url\"|\"data\"|\"error\"}],\"succeeded\":k,\"failed\":f}`, items in order. It is streamed as items render, which is why the counts come last. A bad item fails alone: its `error` is a problem document whose fix is the corrected GET call.\n"+
			fmt.Sprintf("- Errors of the request as a whole: 415 without application/json; 400 for a body that is not JSON (detail gives the byte offset, line and column), an unknown key, or an invalid shared style; 413 for more than %d items (split them into batches of %d) or a body over %s. Fixes are curl calls.", s.maxBatchItems, s.maxBatchItems, sizeText(s.maxBody)),
	)
}
