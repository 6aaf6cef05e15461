package mcp

import (
	"fmt"
	"maps"
	"slices"
	"strconv"

	"github.com/mark3labs/mcp-go/mcp"
)

// optionsBesideItems refuses rendering options given beside qr_batch's
// items ({"size":512,"items":[...]}), or in an object of another name
// ({"options":{"size":512}}), rather than in its shared style, with the
// fix that moves them into style: dropped as unknown arguments, the size
// or colour every code was asked for would be lost. An option the style
// already gives another value has no fix: which one is meant is the
// caller's to say. nil when there are none, or style is not an object
// (the service says so).
func (t *tools) optionsBesideItems(args map[string]any) *mcp.CallToolResult {
	style, isObject := args["style"].(map[string]any)
	if _, given := args["style"]; given && !isObject {
		return nil
	}
	moved := map[string]any{}
	var from []string
	for _, name := range slices.Sorted(maps.Keys(args)) {
		if slices.Contains(batchArgumentNames, name) || name == legacyKindArgument {
			// type, format's alias elsewhere, names an item's kind here.
			continue
		}
		if _, option := t.all.lookup(name); option {
			moved[name] = args[name]
			from = append(from, name)
			continue
		}
		inner, isObject := args[name].(map[string]any)
		if isObject && slices.ContainsFunc(slices.Collect(maps.Keys(inner)), func(k string) bool { _, ok := t.all.lookup(k); return ok }) {
			for k, v := range inner {
				moved[k] = v
			}
			from = append(from, name)
		}
	}
	if len(from) == 0 {
		return nil
	}
	fixStyle := maps.Clone(style)
	if fixStyle == nil {
		fixStyle = map[string]any{}
	}
	for _, k := range slices.Sorted(maps.Keys(moved)) {
		if v, given := fixStyle[k]; given && fmt.Sprint(v) != fmt.Sprint(moved[k]) {
			return t.badArgument(toolBatch, args, unfixable(truncate(k, maxNameBytes), fmt.Sprintf("%s is given in style and beside it with different values; give it once, in style, keeping the value you mean", strconv.Quote(truncate(k, maxNameBytes))), batchExample))
		}
		fixStyle[k] = moved[k]
	}
	fix := maps.Clone(args)
	for _, name := range from {
		delete(fix, name)
	}
	fix["style"] = fixStyle
	names := make(map[string]any, len(from))
	for _, n := range from {
		names[n] = nil
	}
	list := findUnknown(names, func(string) bool { return false }).list()
	detail := fmt.Sprintf("%s: qr_batch takes rendering options in style, shared by every item ({\"style\":{\"size\":256},\"items\":[...]}), not beside items; the fix moves them there", list)
	return t.badArgument(toolBatch, args, &argError{field: truncate(from[0], maxNameBytes), detail: detail, fix: fix, change: "with " + list + " moved into style"})
}

// batchExample is a batch of qr_batch's own, no caller's.
var batchExample = map[string]any{"output": "url", "style": map[string]any{"size": 256}, "items": []any{map[string]any{"data": "Hello, world!"}}}
