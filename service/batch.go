package service

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/qrforge/qrforge/analysis"
	"github.com/qrforge/qrforge/internal/editdistance"
	"github.com/qrforge/qrforge/internal/text"
	"github.com/qrforge/qrforge/options"
	"github.com/qrforge/qrforge/registry"
)

// Default limits of POST /api/v1/qr/batch (README "Batch, decode, verify"; docs/operations.md); Config.MaxBody
// and Config.MaxBatchItems change them.
const (
	maxBatchBody  = 4 << 20
	maxBatchItems = 1000
	// MaxInlineSize bounds base64 items: their PNG bytes travel inside
	// the JSON answer, and grow with the square of the size. Larger codes
	// come as URLs or in a zip. SVG and JSON bodies do not grow with size.
	MaxInlineSize = 1024
)

// Batch outputs (README "Batch, decode, verify").
const (
	OutputURL    = "url"
	outputBase64 = "base64"
	outputSVG    = "svg"
	outputJSON   = "json"
	outputZip    = "zip"
)

var BatchOutputs = []string{OutputURL, outputBase64, outputSVG, outputJSON, outputZip}

// outputFormats are the formats each output can carry; the first is the
// default when the style names none.
var outputFormats = map[string][]Format{
	OutputURL:    Formats,
	outputZip:    Formats,
	outputBase64: {FormatBase64, FormatPNG},
	outputSVG:    {FormatSVG, FormatSVGTiny},
	outputJSON:   {FormatJSON},
}

// batchKeys are the members of the request body (README "Batch, decode, verify") and of an item.
var (
	batchKeys = []string{"output", "style", "items", "verify"}
	itemKeys  = []string{"data", "id", "type", "fields", "style"}
)

// zipEpoch stamps every zip entry: a fixed time keeps the archive the same
// bytes for the same request. 1980-01-01 is the first MS-DOS date.
var zipEpoch = time.Date(1980, 1, 1, 0, 0, 0, 0, time.UTC)

// batchRequest is a validated request body.
type batchRequest struct {
	output string
	style  url.Values // canonical option names
	format Format     // of items whose style names none
	items  []json.RawMessage
	// verify is how deep each item's verify scores robustness; verifying
	// is set when the body asks for a verify of each item.
	verify    analysis.Depth
	verifying bool
	// linkFrom, set by BatchRun.LinkFrom, is one more than the first
	// index whose items are linked rather than rendered; 0 links none.
	linkFrom atomic.Int64
}

// linked says whether item i is checked and linked, as output url does,
// rather than rendered.
func (r *batchRequest) linked(i int) bool {
	from := r.linkFrom.Load()
	return r.output == OutputURL || from > 0 && int64(i) >= from-1
}

// BatchRun is an accepted batch: its items render on a pool of workers,
// ahead of the writer but never far ahead (renderBatch).
type BatchRun struct {
	req    *batchRequest
	stream *batchStream
	ctx    context.Context
	cancel context.CancelFunc
}

// Batch checks a batch body (POST /api/v1/qr/batch) and starts rendering
// its items. Anything wrong with the body as a whole is one problem; a bad
// item fails alone, in its place in the answer. Close the run when done.
func (s *Service) Batch(ctx context.Context, body []byte) (*BatchRun, *Problem) {
	req, p := s.readBatch(body)
	if p != nil {
		return nil, p
	}
	s.observe.Batched(len(req.items))
	ctx, cancel := context.WithCancel(ctx)
	return &BatchRun{req: req, stream: s.renderBatch(ctx, req), ctx: ctx, cancel: cancel}, nil
}

// Zip says whether the answer is a zip archive rather than JSON.
func (b *BatchRun) Zip() bool { return b.req.output == outputZip }

// Count is the number of items.
func (b *BatchRun) Count() int { return len(b.req.items) }

// Close stops the workers; items not yet written are dropped.
func (b *BatchRun) Close() { b.cancel() }

// BatchItem is one item of an answer as Each hands it out.
type BatchItem struct {
	Index int
	ID    *string
	// URL is the GET call that returns the item's bytes; "" when the
	// item failed.
	URL string
	// Format and Body are the rendered item; Body is nil when the item
	// failed or was linked rather than rendered (LinkFrom).
	Format  Format
	Body    []byte
	Problem *Problem
	// Verify is the item's verify answer when the body asked for one.
	Verify *Verification
}

// Each hands f the items in item order as they finish, for callers that
// write their own answer. An error from f stops the run and is returned.
func (b *BatchRun) Each(f func(BatchItem) error) error {
	for i := range b.Count() {
		res, ok := b.stream.next(b.ctx, i)
		if !ok {
			return b.ctx.Err()
		}
		item := BatchItem{Index: res.index, ID: res.id, URL: res.itemURL(), Format: res.format, Body: res.body, Problem: res.problem, Verify: res.verify}
		if err := f(item); err != nil {
			b.cancel()
			return err
		}
	}
	return nil
}

// LinkFrom makes the items from index i on that no worker has started
// come back checked and linked, as output url gives them, rather than
// rendered: a caller that will not carry their bytes spares the work.
func (b *BatchRun) LinkFrom(i int) {
	b.req.linkFrom.CompareAndSwap(0, int64(max(i, 0))+1)
}

// Write streams the answer to w as items finish, in item order: the
// JSON document or the zip archive. A failed write stops the run.
func (b *BatchRun) Write(w io.Writer) error {
	var err error
	if b.Zip() {
		err = b.writeZip(w)
	} else {
		err = b.writeJSON(w)
	}
	if err != nil {
		b.cancel()
	}
	return err
}

// readBatch checks the body. Anything wrong with the body as a whole is
// one problem; a bad item fails alone, later.
func (s *Service) readBatch(body []byte) (*batchRequest, *Problem) {
	example := s.BatchCurl(ExampleBatch)
	if len(bytes.TrimSpace(body)) == 0 {
		return nil, s.Problem(KindInvalidParameter,
			"the body is empty; send {\"output\": ..., \"style\": {...}, \"items\": [...]}", "", example)
	}

	var top map[string]json.RawMessage
	if err := json.Unmarshal(body, &top); err != nil {
		return nil, s.Problem(KindInvalidParameter, jsonErrorDetail(body, err), "", example)
	}
	if top == nil {
		return nil, s.Problem(KindInvalidParameter, "the body is null; send a JSON object with items", "", example)
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
		return nil, s.Problem(KindInvalidParameter,
			fmt.Sprintf("unknown key %s in the body (did you mean %s?); the body has output, style, items and verify", quoteAll(unknown), editdistance.Nearest(strings.ToLower(unknown[0]), batchKeys, "items")),
			unknown[0], s.correctedBatchCurl(corrected, len(body)))
	}

	req := &batchRequest{output: OutputURL, style: url.Values{}}
	if raw, ok := top["output"]; ok && string(raw) != "null" {
		if err := json.Unmarshal(raw, &req.output); err != nil {
			return nil, s.Problem(KindInvalidParameter,
				"output must be a string, one of "+strings.Join(BatchOutputs, ", "), "output", s.correctedBatchCurl(withKey(top, "output", `"url"`), len(body)))
		}
		req.output = strings.ToLower(strings.TrimSpace(req.output))
		if !slices.Contains(BatchOutputs, req.output) {
			near := editdistance.Nearest(req.output, BatchOutputs, OutputURL)
			return nil, s.Problem(KindInvalidParameter,
				fmt.Sprintf("output %q is not one of %s; did you mean %s?", text.Truncate(req.output, 64), strings.Join(BatchOutputs, ", "), near),
				"output", s.correctedBatchCurl(withKey(top, "output", strconv.Quote(near)), len(body)))
		}
	}
	if raw, ok := top["style"]; ok && string(raw) != "null" {
		style, err := readStyle(raw)
		if err != nil {
			return nil, s.Problem(KindInvalidParameter, "style: "+err.detail, "style."+err.field,
				s.correctedBatchCurl(withKey(top, "style", "{}"), len(body)))
		}
		req.style = style
	}
	// The shared style is checked once, so that one mistake is one problem
	// rather than the same problem on every item.
	styleQuery := newQuery(req.style)
	tooLong := logoParamErrors(styleQuery)
	r, errs := parseRendering(styleQuery, false)
	errs = append(tooLong, errs...)
	if len(errs) > 0 {
		fixed := applyFixes(r.fixValues(), errs)
		e := errs[0]
		return nil, s.Problem(KindInvalidParameter, "style: "+e.detail, "style."+e.field,
			s.correctedBatchCurl(withKey(top, "style", styleJSON(fixed)), len(body)))
	}
	if r.Given[optFormat.Name] && !slices.Contains(outputFormats[req.output], r.Format) {
		fixed := r.fixValues()
		fixed.Del(optFormat.Name)
		return nil, s.Problem(KindInvalidParameter,
			fmt.Sprintf("style.format %s does not fit output %s, which carries %s; drop style.format or change output", r.Format, req.output, text.Join(outputFormats[req.output])),
			"style.format", s.correctedBatchCurl(withKey(top, "style", styleJSON(fixed)), len(body)))
	}
	// A shared option that no format of the output draws would change
	// nothing in any item (a colour in json matrices).
	carried := outputFormats[req.output]
	if r.Given[optFormat.Name] {
		carried = []Format{r.Format}
	}
	var undrawn []string
	fixed := r.fixValues()
	for _, o := range renderOptions {
		v, given, _ := styleQuery.lookup(o)
		if given && !isDefault(o, v) && !slices.ContainsFunc(carried, func(f Format) bool { return o.Reaches(string(f)) }) {
			undrawn = append(undrawn, "style."+o.Name)
			fixed.Del(o.Name)
		}
	}
	if len(undrawn) > 0 {
		return nil, s.Problem(KindInvalidParameter,
			fmt.Sprintf("%s change nothing in %s, which does not draw them; drop them, or change output", strings.Join(undrawn, ", "), text.Join(carried)),
			undrawn[0], s.correctedBatchCurl(withKey(top, "style", styleJSON(fixed)), len(body)))
	}
	req.format = outputFormats[req.output][0]
	if raw, ok := top["verify"]; ok && string(raw) != "null" {
		if p := s.readBatchVerify(req, raw, top, len(body)); p != nil {
			return nil, p
		}
	}

	raw, ok := top["items"]
	if !ok || string(raw) == "null" {
		return nil, s.Problem(KindInvalidParameter, "items is required: an array of {data} or {type, fields} objects", "items", example)
	}
	if err := json.Unmarshal(raw, &req.items); err != nil {
		return nil, s.Problem(KindInvalidParameter, "items must be an array of {data} or {type, fields} objects", "items", example)
	}
	if len(req.items) == 0 {
		return nil, s.Problem(KindInvalidParameter, fmt.Sprintf("items is empty; give from 1 to %d items", s.MaxBatchItems), "items", example)
	}
	if len(req.items) > s.MaxBatchItems {
		return nil, s.Problem(KindPayloadTooLarge,
			fmt.Sprintf("items has %d entries; at most %d are rendered per request, so split them into %d requests", len(req.items), s.MaxBatchItems, (len(req.items)+s.MaxBatchItems-1)/s.MaxBatchItems),
			"items", s.SplitFix(len(req.items)))
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
			return nil, &styleError{key, fmt.Sprintf("%q is not a rendering option (did you mean %s?)%s", text.Truncate(key, 64), nearestOption(name), hint)}
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
	return editdistance.Nearest(name, names, optSize.Name)
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
	index int
	id    *string
	url   string
	// link writes the URL of an item that carries its data, for callers
	// that want both (Each): most answers carry one or the other, and
	// writing every URL would cost a rendered item a third more.
	link    func() string
	body    []byte
	format  Format
	problem *Problem
	// verify is the item's verify answer, when the body asks for one.
	verify *Verification
}

// itemURL is the result's URL, written now if it was left for later.
func (r *batchResult) itemURL() string {
	if r.url == "" && r.link != nil {
		return r.link()
	}
	return r.url
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
func (s *Service) renderBatch(ctx context.Context, req *batchRequest) *batchStream {
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
				b.results[i] <- s.safeBatchItem(ctx, i, req)
			}
		}()
	}
	return b
}

// safeBatchItem renders one item; a panic fails that item alone, since
// it happens outside the request's goroutine, where recoverProblem cannot
// see it.
func (s *Service) safeBatchItem(ctx context.Context, i int, req *batchRequest) (res batchResult) {
	defer func() {
		if v := recover(); v != nil {
			s.log.Error("panic rendering batch item", "index", i, "panic", v)
			res = batchResult{index: i, problem: s.Problem(KindInternal,
				"qrforge failed to render this item", "", "")}
		}
	}()
	return s.batchItem(ctx, i, req)
}

// batchItem validates and renders one item through the same preparation
// as the GET endpoints, so an item and its URL give the same bytes.
func (s *Service) batchItem(ctx context.Context, i int, req *batchRequest) batchResult {
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
	// A shared option that needs what this item lacks is left out; the
	// item's own style is judged as a call's.
	dropUnmet(values, func(name string) bool {
		_, shared := req.style[name]
		_, own := item.style[name]
		return shared && !own
	})
	// The output decides the format unless the style picks one the output
	// carries; a PNG stays out of URLs, as it is the default.
	if _, picked := values[optFormat.Name]; !picked && req.format != FormatPNG {
		values.Set(optFormat.Name, string(req.format))
	}
	// So is a shared option that changes nothing in the item's format (a
	// colour in a json matrix).
	format, known := options.FormatNamed(values.Get(optFormat.Name))
	if !known {
		format = string(FormatPNG)
	}
	for name := range req.style {
		if _, own := item.style[name]; !own {
			if o, ok := options.Named(name); ok && !o.Reaches(format) {
				delete(values, name)
			}
		}
	}

	var r *Rendering
	var target fixTarget
	var verifyAs verifyTarget
	if item.kind != nil {
		target = s.apiTarget(item.kind.Path(), FieldNames(item.kind)...)
		verifyAs = verifyTarget{kind: item.kind.Name(), lead: FieldNames(item.kind)}
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
					detail: fmt.Sprintf("%s has no field %q; its fields are %s", item.kind.Name(), text.Truncate(name, 64), strings.Join(FieldNames(item.kind), ", "))})
				continue
			}
			values.Set(name, item.fields[name])
		}
		q := newQuery(values)
		r, p = s.prepareKind(item.kind, q, logoParamErrors(q), target)
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
		q := newQuery(values)
		r, p = s.prepareGeneric(q, logoParamErrors(q), target, "")
	}
	if p == nil {
		p = s.resolveLogo(ctx, r, target)
	}
	if p != nil {
		res.problem = p
		return res
	}
	if !slices.Contains(outputFormats[req.output], r.Format) {
		res.problem = s.invalid(r, []paramError{{field: optFormat.Name, fixed: string(outputFormats[req.output][0]),
			detail: fmt.Sprintf("format %s does not fit output %s, which carries %s", r.Format, req.output, text.Join(outputFormats[req.output]))}}, target)
		return res
	}
	if r.set.asked && r.set.layout != layoutRow && !req.linked(i) {
		// An item is one file; its own URL answers a zip or a document.
		res.problem = s.invalid(r, []paramError{{field: optAppendLayout.Name, fixed: layoutRow,
			detail: fmt.Sprintf("appendlayout=%s answers several symbols, and a batch item is one file: appendlayout=row draws the set as one image, or output url links to the %s", r.set.layout, r.set.layout)}}, target)
		return res
	}
	if req.output == outputBase64 && r.Format == FormatPNG {
		r.Format = FormatBase64
		r.Canonical.Set(optFormat.Name, string(FormatBase64))
	}
	res.format = r.Format
	if req.output == outputBase64 && r.Options.Size > MaxInlineSize {
		res.problem = s.Problem(KindInvalidParameter,
			fmt.Sprintf("size %d is above %d, the largest size inlined as base64; use output url or zip for larger codes (the fix is this item's URL), or a smaller size", r.Options.Size, MaxInlineSize),
			optSize.Name, target.url(s.baseURL, withValue(r.fixValues(), optFormat.Name, string(FormatPNG))))
		return res
	}
	if req.linked(i) {
		// The URL is checked, not fetched: the symbol must encode and fit
		// the size; rendering is left to whoever follows it.
		p := s.check(ctx, r, target)
		res.problem = p
		if p == nil {
			res.url = target.url(s.baseURL, r.fixValues())
			res.verify, res.problem = s.verifyBatchItem(ctx, req, r, verifyAs)
		}
		return res
	}
	out, p := s.produce(ctx, r, target)
	if p != nil {
		res.problem = p
		return res
	}
	res.body = out.Body
	res.link = func() string { return target.url(s.baseURL, r.fixValues()) }
	res.verify, res.problem = s.verifyBatchItem(ctx, req, r, verifyAs)
	return res
}

// verifyBatchItem verifies a rendered item when the body asks for it.
func (s *Service) verifyBatchItem(ctx context.Context, req *batchRequest, r *Rendering, target verifyTarget) (*Verification, *Problem) {
	if !req.verifying {
		return nil, nil
	}
	return s.verifyItem(ctx, r, req.verify, target)
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
func (s *Service) readItem(raw json.RawMessage) (*batchItemInput, *Problem) {
	shape := func(field, detail string) *Problem {
		return s.Problem(KindInvalidParameter, detail, field, s.BatchCurl(ExampleBatch))
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
			return item, shape(k, fmt.Sprintf("unknown key %q in an item (did you mean %s?); an item has data, id, type, fields and style", text.Truncate(k, 64), editdistance.Nearest(strings.ToLower(k), itemKeys, "data")))
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
		// The fix is the caller's own fields under the kind meant; the
		// kind's documented example is only an example, as its payee or
		// network is not the caller's (README, "Errors").
		names := registry.Names()
		detail := fmt.Sprintf("type %q is not a kind; kinds are %s", text.Truncate(kindName, 64), strings.Join(names, ", "))
		fix, example := "", s.baseURL+"/api/v1/kinds"
		if near, ok := registry.Meant(kindName); ok {
			nk, _ := registry.Lookup(near)
			detail += "; did you mean " + near + "?"
			fix, example = s.baseURL+nk.Path()+"?"+encodeCanonical(ownFields(members["fields"]), FieldNames(nk)...), s.ExampleURL(nk)
		}
		p := s.Problem(KindInvalidParameter, detail, "type", fix)
		p.Example = example
		return item, p
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
	// Verify is what GET /api/v1/verify answers for the item, with the
	// body's verify depth (README "Batch, decode, verify").
	Verify *Verification `json:"verify,omitempty"`
	Error  *Problem      `json:"error,omitempty"`
}

// writeJSON streams {"count":N,"items":[...],"succeeded":k,"failed":f}:
// the counts come last because items are written as they are rendered.
func (b *BatchRun) writeJSON(w io.Writer) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	fmt.Fprintf(&buf, `{"count":%d,"items":[`, b.Count())
	succeeded := 0
	for i := range b.Count() {
		res, ok := b.stream.next(b.ctx, i)
		if !ok {
			return b.ctx.Err()
		}
		// An item carries its URL or its data (README "Batch, decode, verify").
		item := batchItemJSON{Index: res.index, ID: res.id, Verify: res.verify, Error: res.problem}
		if res.body == nil {
			item.URL = res.url
		}
		if res.problem == nil {
			succeeded++
		}
		if res.problem == nil && res.body != nil {
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
			return err
		}
		buf.Reset()
	}
	fmt.Fprintf(&buf, `],"succeeded":%d,"failed":%d}`+"\n", succeeded, b.Count()-succeeded)
	_, err := w.Write(buf.Bytes())
	return err
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
func (b *BatchRun) writeZip(w io.Writer) error {
	zw := zip.NewWriter(w)
	names := newZipNames()
	var failed []zipError
	for i := range b.Count() {
		res, ok := b.stream.next(b.ctx, i)
		if !ok {
			return b.ctx.Err()
		}
		name := names.name(res.id, i, options.Extension(string(res.format)))
		if res.problem != nil {
			failed = append(failed, zipError{i, res.id, name, res.problem})
			continue
		}
		if err := addZipFile(zw, name, res.body, textual(res.format)); err != nil {
			return err
		}
	}
	if len(failed) > 0 {
		body, _ := json.MarshalIndent(failed, "", "  ")
		if err := addZipFile(zw, zipErrorsName, body, true); err != nil {
			return err
		}
	}
	return zw.Close()
}

const zipErrorsName = "errors.json"

// textual reports whether a format's files are text, which a zip
// deflates; PNG, GIF, JPEG and PDF are compressed already.
func textual(f Format) bool {
	switch f {
	case FormatSVG, FormatSVGTiny, FormatJSON, FormatBase64, FormatEPS:
		return true
	}
	return false
}

func addZipFile(zw *zip.Writer, name string, body []byte, compress bool) error {
	// Compressed images gain nothing from deflate; storing them saves time.
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

// ExampleBatch is a body that works, for fixes.
const ExampleBatch = `{"output":"url","style":{"size":256},"items":[{"id":"home","data":"https://example.com"},{"id":"hello","data":"Hello, world!"}]}`

// BatchCurl is a runnable call of the batch endpoint with body.
func (s *Service) BatchCurl(body string) string {
	return "curl -X POST '" + s.baseURL + "/api/v1/qr/batch' -H 'Content-Type: application/json' -d " + shellQuote(body)
}

// correctedBatchCurl is the caller's body, corrected, as a call; a body too
// long to read in a fix is sent from a file instead.
func (s *Service) correctedBatchCurl(top map[string]json.RawMessage, size int) string {
	body, err := json.Marshal(top)
	if err != nil || size > 2048 || len(body) > 2048 {
		return "curl -X POST '" + s.baseURL + "/api/v1/qr/batch' -H 'Content-Type: application/json' --data-binary @batch.json  # batch.json: your body with the correction above"
	}
	return s.BatchCurl(string(body))
}

// SplitFix tells how to send more than the most items a batch takes.
func (s *Service) SplitFix(n int) string {
	count := "the items"
	if n > 0 {
		count = strconv.Itoa(n) + " items"
	}
	return "curl -X POST '" + s.baseURL + "/api/v1/qr/batch' -H 'Content-Type: application/json' --data-binary @part1.json  # split " +
		count + fmt.Sprintf(" into batches of at most %d (items 0-%d in part1.json, %d-%d in part2.json, ...)", s.MaxBatchItems, s.MaxBatchItems-1, s.MaxBatchItems, 2*s.MaxBatchItems-1)
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
		q[i] = strconv.Quote(text.Truncate(n, 64))
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

// ownFields are an item's fields as query values, those that are scalars,
// for a fix that keeps them under another kind.
func ownFields(raw json.RawMessage) url.Values {
	own := url.Values{}
	var fields map[string]json.RawMessage
	if json.Unmarshal(raw, &fields) != nil {
		return own
	}
	for name, v := range fields {
		if value, set, err := scalar(v); err == nil && set {
			own.Set(name, value)
		}
	}
	return own
}
