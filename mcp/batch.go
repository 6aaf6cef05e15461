package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
)

// maxBatchItems is the largest batch (spec §4.5, §8).
const maxBatchItems = 1000

// batchOutputs are what each item of qr_batch returns besides its URL, and
// the format each one asks the API for ("" keeps the style's format). The
// HTTP batch's zip output has no place in a tool result and is not offered.
var batchOutputs = []struct{ name, format, about string }{
	{"url", "", "the URL only"},
	{"base64", "base64", "a PNG data URI"},
	{"svg", "svg", "SVG markup"},
	{"json", "json", "the module matrix"},
}

// batchItem is one item of qr_batch's answer (decisions, "Batch").
type batchItem struct {
	Index int      `json:"index"`
	ID    string   `json:"id,omitempty"`
	URL   string   `json:"url,omitempty"`
	Data  any      `json:"data,omitempty"`
	Error *problem `json:"error,omitempty"`
}

type batchResult struct {
	Count     int         `json:"count"`
	Succeeded int         `json:"succeeded"`
	Failed    int         `json:"failed"`
	Items     []batchItem `json:"items"`
}

// batch serves qr_batch: each item is one GET of the generic or typed
// endpoint, so each item's URL returns exactly the item's bytes.
//
// It should become one call of POST /api/v1/qr/batch once that endpoint
// exists, so that the tool and the HTTP batch share their limits and item
// rules.
func (t *tools) batch(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	args := req.GetArguments()
	example := map[string]any{"output": "url", "items": []any{
		map[string]any{"data": "https://example.com", "id": "home"},
		map[string]any{"type": "wifi", "fields": map[string]any{"ssid": "Home Network", "password": "correct horse battery"}},
	}}
	for name := range args {
		if name != "output" && name != "style" && name != "items" {
			return t.badArgument(toolBatch, args, &argError{name, name + " is not an argument; arguments are output, style, items", nil}), nil
		}
	}
	output := "url"
	if v, ok := args["output"]; ok {
		output, _ = v.(string)
	}
	format, known := "", false
	for _, o := range batchOutputs {
		if o.name == output {
			format, known = o.format, true
		}
	}
	if !known {
		return t.badArgument(toolBatch, args, &argError{"output", fmt.Sprintf("output %q is not one of url, base64, svg, json", output), withOutput(args, "url")}), nil
	}
	shared, bad := styleArgument(args["style"], "style")
	if bad == nil {
		bad = readOptions(&query{}, t.all, shared)
		if bad != nil {
			bad.fix = withStyle(args, shared, bad.field)
		}
	}
	if bad != nil {
		return t.badArgument(toolBatch, args, bad), nil
	}
	items, ok := args["items"].([]any)
	switch {
	case !ok || len(items) == 0:
		return t.badArgument(toolBatch, args, &argError{"items", "items is a non-empty array of {data} or {type, fields}, each with an optional id and style", example}), nil
	case len(items) > maxBatchItems:
		return failed(t.localProblem(kindPayloadTooLarge, 413, "items",
			fmt.Sprintf("a batch has at most %d items; this one has %d", maxBatchItems, len(items)),
			fmt.Sprintf("split the items into batches of at most %d and call %s once per batch", maxBatchItems, toolBatch)), nil), nil
	}

	result := batchResult{Count: len(items), Items: make([]batchItem, len(items))}
	for i, raw := range items {
		item := t.batchItem(ctx, i, raw, shared, format, output)
		if item.Error != nil {
			result.Failed++
		} else {
			result.Succeeded++
		}
		result.Items[i] = item
	}
	return summary(result), nil
}

// batchItem generates one item; its failure is reported in the item.
func (t *tools) batchItem(ctx context.Context, index int, raw any, shared map[string]any, format, output string) batchItem {
	item := batchItem{Index: index}
	fields, ok := raw.(map[string]any)
	fail := func(bad *argError) batchItem {
		fix := bad.fix
		if fix == nil {
			fix = maps.Clone(fields)
			delete(fix, bad.field)
		}
		p := t.localProblem(kindInvalidParameter, 400, bad.field, fmt.Sprintf("items[%d]: %s", index, bad.detail),
			fmt.Sprintf("items[%d]: %s", index, marshal(fix)))
		item.Error = &p
		return item
	}
	if !ok {
		return fail(&argError{"items", "an item is an object: {data} or {type, fields}", map[string]any{"data": "Hello, world!"}})
	}
	if id, ok := fields["id"].(string); ok {
		item.ID = id
	}
	for name := range fields {
		switch name {
		case "data", "type", "fields", "id", "style":
		default:
			return fail(&argError{name, name + " is not an item member; members are data, type, fields, id, style", nil})
		}
	}
	target, bad := readTarget(fields, true, true)
	if bad != nil {
		return fail(bad)
	}
	own, bad := styleArgument(fields["style"], "style")
	if bad == nil {
		bad = readOptions(&query{}, t.all, own)
		if bad != nil {
			bad.fix = withStyle(fields, own, bad.field)
		}
	}
	if bad != nil {
		return fail(bad)
	}
	// The item's style overrides the shared one key by key (spec §4.5),
	// whichever of an option's names each uses.
	style := t.all.canonical(shared)
	maps.Copy(style, t.all.canonical(own))
	if format != "" {
		style["format"] = format
	}
	q := target.query()
	if bad := readOptions(q, t.all, style); bad != nil {
		// Both styles passed alone; only the output's format can be left.
		return fail(bad)
	}
	resp := t.api.get(ctx, target.path(), q)
	if !resp.ok() {
		p := problemOf(resp)
		p.Detail = fmt.Sprintf("items[%d]: %s", index, p.Detail)
		item.Error = &p
		return item
	}
	item.URL = resp.url
	switch output {
	case "json":
		item.Data = json.RawMessage(resp.body)
	case "base64", "svg":
		item.Data = string(resp.body)
	}
	return item
}

// styleArgument reads a style object; its members are checked as options
// when the query is built.
func styleArgument(v any, name string) (map[string]any, *argError) {
	if v == nil {
		return map[string]any{}, nil
	}
	style, ok := v.(map[string]any)
	if !ok {
		return nil, &argError{name, name + " is an object of rendering options, e.g. {\"size\": 256, \"color\": \"navy\"}", nil}
	}
	return style, nil
}

// withStyle is args with the style member bad removed from its style.
func withStyle(args, style map[string]any, bad string) map[string]any {
	fixed := maps.Clone(style)
	delete(fixed, bad)
	fix := maps.Clone(args)
	fix["style"] = fixed
	return fix
}

func withOutput(args map[string]any, output string) map[string]any {
	fix := maps.Clone(args)
	fix["output"] = output
	return fix
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
