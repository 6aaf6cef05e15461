package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/qrforge/qrforge/options"
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

// batch serves qr_batch: the arguments are a body of POST
// /api/v1/qr/batch, so the tool has the endpoint's item rules, limits and
// answer: each item's URL (which returns that item's bytes) and data, or a
// problem for that item alone.
func (t *tools) batch(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	args := req.GetArguments()
	if output, ok := args["output"].(string); ok && !slices.ContainsFunc(batchOutputs, func(o struct{ name, about string }) bool {
		return strings.EqualFold(o.name, strings.TrimSpace(output))
	}) {
		fix := map[string]any{}
		for k, v := range args {
			fix[k] = v
		}
		fix["output"] = "url"
		return t.badArgument(toolBatch, args, &argError{field: "output", detail: fmt.Sprintf("output %q is not one of %s (zip is for the HTTP endpoint)", output, strings.Join(outputNames(), ", ")), fix: fix}), nil
	}
	resp := t.api.batch(ctx, marshal(args))
	if !resp.ok() {
		return t.apiFailure(resp), nil
	}
	var answer map[string]any
	if err := json.Unmarshal(resp.body, &answer); err != nil {
		return nil, fmt.Errorf("batch answer: %w", err)
	}
	// The endpoint gives an item its URL or its data; a tool result gives
	// both, so that inline data can still be linked to.
	inputs, _ := args["items"].([]any)
	items, _ := answer["items"].([]any)
	for i, raw := range items {
		item, ok := raw.(map[string]any)
		if !ok || item["url"] != nil || item["error"] != nil || i >= len(inputs) {
			continue
		}
		if u, ok := t.itemURL(args, inputs[i]); ok {
			item["url"] = u
		}
	}
	answer["url"] = "POST " + t.api.base + batchPath
	return summary(answer), nil
}

// itemURL is the GET call that returns a batch item's code: its data or
// fields, the shared style overridden key by key by its own, and the
// output's format unless the style names one.
func (t *tools) itemURL(args map[string]any, input any) (string, bool) {
	item, ok := input.(map[string]any)
	if !ok {
		return "", false
	}
	target, bad := readTarget(item, true, true)
	if bad != nil {
		return "", false
	}
	shared, _ := args["style"].(map[string]any)
	own, _ := item["style"].(map[string]any)
	style := t.all.canonical(shared)
	maps.Copy(style, t.all.canonical(own))
	if _, picked := style[options.Format.Name]; !picked {
		output, _ := args["output"].(string)
		style[options.Format.Name] = strings.ToLower(strings.TrimSpace(output))
	}
	q := target.query()
	if readOptions(q, t.all, style) != nil {
		return "", false
	}
	return t.api.base + target.path() + "?" + q.encode(), true
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
