package service

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"runtime"
	"slices"
	"strings"

	"github.com/qrforge/qrforge/internal/jsonkeys"
	"github.com/qrforge/qrforge/internal/text"
	"github.com/qrforge/qrforge/options"
	"github.com/qrforge/qrforge/registry"
)

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
	// warning is what X-QR-Warning would say of a rendered item.
	warning string
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
	res = s.batchItem(ctx, i, req)
	if !req.checking {
		// A trial of the batch's style settles it as a whole, round by
		// round (tryBatchStyle); each item's own fix is not given.
		res.problem = s.settle(ctx, res.problem)
	}
	return res
}

// batchItem validates and renders one item through the same preparation
// as the GET endpoints, so an item and its URL give the same bytes.
func (s *Service) batchItem(ctx context.Context, i int, req *batchRequest) batchResult {
	res := batchResult{index: i, format: req.format}
	item, stray, p := s.readItem(i, req.items[i])
	if item != nil {
		res.id = item.id
	}
	if p != nil {
		if item != nil && item.meant != "" {
			s.retypedFix(ctx, req, i, item.meant, p)
		}
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
		target = s.kindTarget(Request{}, item.kind, item.kind.Path())
		verifyAs = verifyTarget{kind: item.kind.Name(), lead: FieldNames(item.kind)}
		spellOptions(item.kind.Name(), values)
		var unknown []paramError
		words := registry.FieldWords(item.kind)
		for _, name := range sortedKeys(item.fields) {
			if _, fieldWord := words[strings.ToLower(name)]; fieldWord || typeOfField(item.kind, name, item.fields[name]) || !item.kind.HasField(name) && !isOptionName(strings.ToLower(name)) {
				// prepareKind reports it, with a did-you-mean and a
				// fix that renames it.
				values.Set(name, item.fields[name])
				continue
			}
			if !item.kind.HasField(name) {
				// A rendering option among the fields is the item's style,
				// unless the item's style gives it already.
				if o, _ := options.Named(strings.ToLower(name)); !styleGives(item.style, o.Name) {
					// As the item's style would, it overrides the shared
					// one under any of the option's names.
					for k := range values {
						if shared, ok := options.Named(strings.ToLower(k)); ok && shared.Name == o.Name {
							delete(values, k)
						}
					}
					values.Set(strings.ToLower(name), item.fields[name])
					unknown = append(unknown, paramError{field: name, keep: true,
						detail: fmt.Sprintf("%q is a rendering option, not a field of %s: it goes in the item's style, and the fix moves it there", text.Truncate(name, 64), item.kind.Name())})
					continue
				}
				// keep: the fix has the style's own value, which dropping
				// this name would drop too.
				unknown = append(unknown, paramError{field: name, keep: true,
					detail: fmt.Sprintf("%s has no field %q; its fields are %s, and the item's style gives %s already: the fix drops this one", item.kind.Name(), text.Truncate(name, 64), strings.Join(FieldNames(item.kind), ", "), text.Truncate(name, 64))})
				continue
			}
			values.Set(name, item.fields[name])
		}
		q := newQuery(values)
		r, p = s.prepareKind(item.kind, q, append(logoParamErrors(q), stray...), target, "")
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
		r, p = s.prepareGeneric(q, append(logoParamErrors(q), stray...), target, "")
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
	if res.problem = s.inlineTooLarge(req, r, target); res.problem != nil {
		return res
	}
	if req.checking {
		res.problem = s.check(ctx, r, target)
		if res.problem == nil && r.scale > 0 {
			res.problem = s.inlineTooLarge(req, r, target)
		}
		return res
	}
	if req.linked(i) {
		// The URL is checked, not fetched: the symbol must encode and fit
		// the size; rendering is left to whoever follows it.
		p := s.check(ctx, r, target)
		res.problem = p
		if p == nil {
			res.url = target.url(s.baseURL, r.fixValues())
			if link := strings.TrimPrefix(res.url, s.baseURL); len(link) > MaxURILength {
				// A link the API would refuse is no answer: a text
				// SVG logo grows by half once percent-encoded.
				path, _, _ := strings.Cut(link, "?")
				res.url, res.problem = "", s.Problem(KindURITooLong, fmt.Sprintf(
					"the item's URL would be %d bytes, and the API reads at most %s: output zip, svg or base64 answers with the item itself, and POST %s takes its parameters as a form",
					len(link), SizeText(MaxURILength), path), "", "")
				res.problem.Example = s.BatchCurl(ExampleBatch)
				return res
			}
			res.verify, res.problem = s.verifyBatchItem(ctx, req, r, verifyAs)
		}
		return res
	}
	out, p := s.produce(ctx, r, target)
	if p == nil && r.scale > 0 {
		// A scale's size is known once the symbol is.
		p = s.inlineTooLarge(req, r, target)
	}
	if p != nil {
		res.problem = p
		return res
	}
	res.body = out.Body
	if out.Symbol != nil {
		res.warning = joinWarnings(slices.Concat(r.expired, imageWarnings(out.Symbol, r)))
	}
	res.link = func() string { return target.url(s.baseURL, r.fixValues()) }
	res.verify, res.problem = s.verifyBatchItem(ctx, req, r, verifyAs)
	return res
}

// retypedFix makes p's fix item i under the kind meant, written as any
// item's fix is, its GET call with the item's style and the output's
// format; none when that item has no fix either (a network's name
// missing, README "Errors").
func (s *Service) retypedFix(ctx context.Context, req *batchRequest, i int, meant string, p *Problem) {
	var members map[string]json.RawMessage
	if json.Unmarshal(req.items[i], &members) != nil {
		return
	}
	if _, given := members["type"]; !given {
		for k := range members {
			if itemKeyWords[strings.ToLower(k)] == "type" {
				delete(members, k)
			}
		}
	}
	members["type"], _ = json.Marshal(meant)
	raw, err := json.Marshal(members)
	if err != nil {
		return
	}
	// One item, checked and linked rather than rendered: its URL is the
	// fix.
	one := &batchRequest{output: req.output, style: req.style, format: req.format, items: []json.RawMessage{raw}}
	one.linkFrom.Store(1)
	res := s.batchItem(ctx, 0, one)
	if res.problem != nil {
		p.Fix, p.fixed, p.fixAt = res.problem.Fix, res.problem.fixed, res.problem.fixAt
		return
	}
	p.Fix, p.fixed = res.itemURL(), nil
}

// styleGives reports whether an item's style gives the option called
// name, under any of its names.
func styleGives(style url.Values, name string) bool {
	for k := range style {
		if o, ok := options.Named(strings.ToLower(k)); ok && o.Name == name {
			return true
		}
	}
	return false
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
	// meant is the kind an unknown type most likely names, for the fix.
	meant string
	// listed refuses the List options the style gives as lists, read
	// joined (listError).
	listed []paramError
}

// readItem parses item i: plain {data, id, style} or typed
// {type, fields, id, style}. Members that are no item's keys are moved
// where they were meant, or dropped (strayItemKeys); stray says so, for
// the item's problem. A bare string is the item's data, which the fix
// says. An item of another wrong shape has no fix: the caller's intent is
// not plain, and a fix that made example codes instead would answer 200
// with someone else's data. Its example is a batch that works.
// Nor has an item giving a key twice with different values, at any depth:
// which value is meant is the caller's to say.
func (s *Service) readItem(i int, raw json.RawMessage) (item *batchItemInput, stray []paramError, p *Problem) {
	shape := func(field, detail string) *Problem {
		p := s.Problem(KindInvalidParameter, detail, field, "")
		p.Example = s.BatchCurl(ExampleBatch)
		return p
	}
	var members map[string]json.RawMessage
	var bare []paramError
	if _, _, err := scalar(raw); err == nil && bytes.HasPrefix(bytes.TrimSpace(raw), []byte(`"`)) {
		// "https://example.com" has one reading: the data of a plain
		// item, which the fix makes it.
		members = map[string]json.RawMessage{"data": raw}
		bare = append(bare, paramError{field: "data", keep: true, detail: "an item is an object, {\"data\": ...}, not a bare string; the fix makes the string the item's data"})
	} else if err := json.Unmarshal(raw, &members); err != nil || members == nil {
		return nil, nil, shape("", "an item must be an object: {\"data\": ...} or {\"type\": ..., \"fields\": {...}}, with optional id and style")
	}
	if dup := jsonkeys.FirstDuplicate(raw); dup != nil {
		return nil, nil, shape(dup.Path, dup.Detail(fmt.Sprintf("items[%d].%s", i, dup.Path)))
	}
	item = &batchItemInput{}
	if v, set, err := scalar(members["id"]); err != nil {
		return nil, nil, shape("id", "id "+err.Error())
	} else if set {
		item.id = &v
	}
	stray = append(bare, strayItemKeys(members)...)
	// A near miss in the item's style is renamed there, as beside data.
	if raw, ok := members["style"]; ok {
		var style map[string]json.RawMessage
		if json.Unmarshal(raw, &style) == nil && style != nil {
			if renamed := renameStyleKeys(style); len(renamed) > 0 {
				members["style"], _ = json.Marshal(style)
				for _, e := range renamed {
					stray = append(stray, paramError{field: "style." + e.field, keep: true, detail: "style: " + e.detail})
				}
			}
		}
	}
	item, p = s.readItemMembers(item, members, shape)
	if item != nil {
		stray = append(stray, item.listed...)
	}
	return item, stray, p
}

// readItemMembers reads an item's data, style, type and fields.
func (s *Service) readItemMembers(item *batchItemInput, members map[string]json.RawMessage, shape func(field, detail string) *Problem) (*batchItemInput, *Problem) {
	if v, set, err := scalar(members["data"]); err != nil {
		return item, shape("data", "data "+err.Error())
	} else if set {
		item.data = &v
	}
	if raw, ok := members["style"]; ok && string(raw) != "null" {
		style, listed, err := readStyle(raw)
		if err != nil {
			return item, shape("style."+err.field, "style: "+err.detail)
		}
		item.style = style
		for _, name := range listed {
			e := listError(name)
			e.field, e.detail = "style."+e.field, "style: "+e.detail
			item.listed = append(item.listed, e)
		}
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
			item.meant = near
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

// inlineTooLarge refuses an image too large to inline as base64, with
// the item's URL as the fix.
func (s *Service) inlineTooLarge(req *batchRequest, r *Rendering, target fixTarget) *Problem {
	if req.output != outputBase64 || r.Options.Size <= MaxInlineSize {
		return nil
	}
	return s.Problem(KindInvalidParameter,
		fmt.Sprintf("size %d is above %d, the largest size inlined as base64; use output url or zip for larger codes (the fix is this item's URL), or a smaller %s", r.Options.Size, MaxInlineSize, r.sizeName()),
		r.sizeName(), target.url(s.baseURL, withValue(r.fixValues(), optFormat.Name, string(FormatPNG))))
}
