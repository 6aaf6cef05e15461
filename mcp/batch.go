package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/qrforge/qrforge/options"
	"github.com/qrforge/qrforge/service"
)

// batchPath is the batch endpoint (README "Batch, decode, verify").
const batchPath = "/api/v1/qr/batch"

// batchOutputs are the outputs qr_batch offers: the batch endpoint's, but
// zip, an archive that has no place in a tool result.
var batchOutputs = []struct{ name, about string }{
	{"url", "the URL only"},
	{"base64", "a PNG data URI"},
	{"svg", "SVG markup"},
	{"json", "the module matrix"},
}

// maxBatchItems is the batch endpoint's default limit (README "Batch, decode, verify"; docs/operations.md),
// for the schema; the endpoint enforces its configured one.
const maxBatchItems = 1000

// maxInlineBytes bounds the item data one qr_batch reply carries
// (README "For agents and tools"): items carry their data, in order,
// while it fits, and past it their URL only, which returns the same
// bytes. A reply then stays small whatever the batch: besides that data
// it holds each item's URL, id and problem, about the size of the
// request.
const maxInlineBytes = 1 << 20

// batchItem is an item of qr_batch's answer: the endpoint's, with its URL
// always and its data while the reply has room for it.
type batchItem struct {
	Index int     `json:"index"`
	ID    *string `json:"id,omitempty"`
	URL   string  `json:"url,omitempty"`
	Data  any     `json:"data,omitempty"`
	// Warning is what the item's URL sends as X-QR-Warning, for an item
	// whose data the reply carries.
	Warning string   `json:"warning,omitempty"`
	Error   *problem `json:"error,omitempty"`
}

// batchAnswer is qr_batch's answer: the endpoint's counts and items, the
// call that gives them, and how many items carry their data.
type batchAnswer struct {
	Count     int         `json:"count"`
	Succeeded int         `json:"succeeded"`
	Failed    int         `json:"failed"`
	URL       string      `json:"url"`
	Inline    int         `json:"inline"`
	Note      string      `json:"note,omitempty"`
	Items     []batchItem `json:"items"`
}

// batch serves qr_batch: the arguments are a body of POST
// /api/v1/qr/batch, so the tool has the endpoint's item rules, limits and
// answer: each item's URL (which returns that item's bytes) and, with
// output base64, svg or json, its data while the reply has room for it
// (maxInlineBytes), or a problem for that item alone.
func (t *tools) batch(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	body, bad := t.batchBody(req.GetArguments(), sentBatch(ctx))
	if bad != nil {
		return bad, nil
	}
	run, p := t.api.svc.Batch(ctx, body)
	if p != nil {
		return t.batchFailure(p, p.FixBody()), nil
	}
	defer run.Close()
	answer := batchAnswer{Count: run.Count(), URL: "POST " + t.api.base + batchPath, Items: make([]batchItem, 0, run.Count())}
	inline, full := 0, -1 // bytes of data carried; the first item past maxInlineBytes
	err := run.Each(func(it service.BatchItem) error {
		item := batchItem{Index: it.Index, ID: it.ID, URL: it.URL}
		switch {
		case it.Problem != nil:
			p := bounded(*it.Problem)
			item.Error = &p
			answer.Failed++
		case it.Body == nil:
			answer.Succeeded++
		case full < 0 && inline+len(it.Body) <= maxInlineBytes:
			inline += len(it.Body)
			item.Data, item.Warning = itemData(it), it.Warning
			answer.Succeeded++
			answer.Inline++
		default:
			if full < 0 {
				// No later item is carried: the rest are linked, not
				// rendered.
				full = it.Index
				run.LinkFrom(it.Index + 1)
			}
			answer.Succeeded++
		}
		answer.Items = append(answer.Items, item)
		return nil
	})
	if err != nil {
		return failed(t.localProblem(service.KindInternal, "", "the batch stopped: "+err.Error(), ""), nil), nil
	}
	if full >= 0 {
		answer.Note = fmt.Sprintf("items from index %d on carry their URL only: a reply carries at most %s of item data; GET an item's URL for its bytes, or call qr_batch with fewer items",
			full, service.SizeText(maxInlineBytes))
	}
	return large(answer, batchText(answer)), nil
}

// batchArgumentNames are qr_batch's arguments, the members of a body of
// POST /api/v1/qr/batch that it takes.
var batchArgumentNames = []string{"output", "style", "items"}

// batchBody is the batch body args make, or the tool error that refuses
// them before the service is asked; sent, when given, is the body as
// sent, whose item giving a key twice then fails alone.
func (t *tools) batchBody(args map[string]any, sent json.RawMessage) ([]byte, *mcp.CallToolResult) {
	if bad := t.optionsBesideItems(args); bad != nil {
		return nil, bad
	}
	if bad := t.unknownArguments(toolBatch, args, knownNames(nil, batchArgumentNames...), batchArgumentNames, nil); bad != nil {
		return nil, bad
	}
	if output, ok := args["output"].(string); ok && !slices.ContainsFunc(batchOutputs, func(o struct{ name, about string }) bool {
		return strings.EqualFold(o.name, strings.TrimSpace(output))
	}) {
		detail := fmt.Sprintf("output %q is not one of %s (zip is for the HTTP endpoint)", truncate(output, maxNameBytes), strings.Join(outputNames(), ", "))
		meant, ok := service.MeantOutput(output)
		if !ok || !slices.Contains(outputNames(), meant) {
			// url would answer links where data, or an archive, was
			// asked for: which output is meant is the caller's to say.
			return nil, t.badArgument(toolBatch, args, unfixable("output", detail, map[string]any{"output": "url", "items": []any{map[string]any{"data": options.Data.Example}}}))
		}
		fix := maps.Clone(args)
		fix["output"] = meant
		return nil, t.badArgument(toolBatch, args, &argError{field: "output", change: "with output " + meant,
			detail: detail + "; did you mean " + meant + "?", fix: fix})
	}
	body := marshal(args)
	if sent != nil {
		body = sent // an item gives a key twice: that item fails
	}
	if int64(len(body)) > t.api.svc.MaxBody {
		return nil, failed(t.localProblem(service.KindPayloadTooLarge, "items",
			fmt.Sprintf("the batch is %d bytes as a body of POST %s, larger than %s; send at most %d items per call", len(body), batchPath, service.SizeText(t.api.svc.MaxBody), t.api.svc.MaxBatchItems),
			"qr_batch several times, with part of the items each time"), nil)
	}
	return body, nil
}

// tryBatch answers as batch would refuse the call, reading the body as
// the batch does but rendering nothing (service.CheckBatch): settled
// tries batch's fixes with it, as re-running one would be the whole
// batch again. A bad item is not found: it fails alone, in an answer,
// with its own fix. The service's fix, a body, is restated as qr_batch's
// arguments.
func (t *tools) tryBatch(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	body, bad := t.batchBody(req.GetArguments(), nil)
	if bad != nil {
		return bad, nil
	}
	p, fixed := t.api.svc.CheckBatch(ctx, body)
	if p == nil {
		return &mcp.CallToolResult{}, nil // would be answered
	}
	return t.batchFailure(p, fixed), nil
}

// batchFailure is the batch endpoint's refusal with its fix, a body (a
// curl command on HTTP), restated as qr_batch's arguments, which an agent
// sends through the tool.
func (t *tools) batchFailure(p *service.Problem, fixed json.RawMessage) *mcp.CallToolResult {
	args := bodyArguments(fixed)
	if args == nil {
		return t.apiFailure(&response{problem: p})
	}
	restated := *p
	restated.Fix, args = boundedFix(toolBatch, args, "")
	return failed(restated, args)
}

// bodyArguments reads a batch body back into qr_batch's arguments,
// numbers as written; nil when it is no object, or has a member the tool
// does not take.
func bodyArguments(body json.RawMessage) map[string]any {
	d := json.NewDecoder(bytes.NewReader(body))
	d.UseNumber()
	var args map[string]any
	if d.Decode(&args) != nil || args == nil {
		return nil
	}
	for name := range args {
		if !slices.Contains(batchArgumentNames, name) {
			return nil
		}
	}
	return args
}

// itemData is a rendered item's data as the batch endpoint gives it: the
// module matrix as JSON, every other format as a string.
func itemData(it service.BatchItem) any {
	if it.Format == service.FormatJSON {
		return json.RawMessage(bytes.TrimSpace(it.Body))
	}
	return string(it.Body)
}

// batchText is the text of a batch answer too large to repeat as text.
func batchText(a batchAnswer) string {
	s := fmt.Sprintf("%d items: %d succeeded, %d failed; %d carry their data inline.", a.Count, a.Succeeded, a.Failed, a.Inline)
	if a.Note != "" {
		s += " The " + a.Note + "."
	}
	return s + " Every item, with its URL, its data or its problem, is in the structured content."
}

// outputNames lists qr_batch's outputs for its schema.
func outputNames() []string {
	names := make([]string, len(batchOutputs))
	for i, o := range batchOutputs {
		names[i] = o.name
	}
	return names
}

func outputDescription() string {
	parts := make([]string, len(batchOutputs))
	for i, o := range batchOutputs {
		parts[i] = o.name + " (" + o.about + ")"
	}
	return "What each item returns besides its URL: " + strings.Join(parts, ", ") + "."
}
