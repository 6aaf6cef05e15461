package mcp

import (
	"fmt"
	"maps"
	"slices"
	"strconv"

	"github.com/mark3labs/mcp-go/mcp"
)

// targetArguments name what a code holds, never an object of options.
var targetArguments = []string{"data", kindArgument, legacyKindArgument, "fields"}

// nestedOptions refuses rendering options given inside an object
// ({"options":{"size":512}}, {"style":{"color":"red"}}, as qr_batch's
// style and other QR libraries nest them) rather than beside the tool's
// other arguments, with the fix that sets them there: dropped with the
// object, the size or colour asked for would be lost. An option also
// given beside it with another value has no fix: which one is meant is
// the caller's to say. nil when no argument is such an object.
func (t *tools) nestedOptions(tool string, args map[string]any, opts *optionSet) *mcp.CallToolResult {
	for _, name := range slices.Sorted(maps.Keys(args)) {
		inner, isObject := args[name].(map[string]any)
		if !isObject || slices.Contains(targetArguments, name) || !slices.ContainsFunc(slices.Collect(maps.Keys(inner)), func(k string) bool { _, ok := opts.lookup(k); return ok }) {
			continue
		}
		fix := maps.Clone(args)
		delete(fix, name)
		moved := slices.Sorted(maps.Keys(inner))
		for _, k := range moved {
			if v, given := fix[k]; given && fmt.Sprint(v) != fmt.Sprint(inner[k]) {
				example := maps.Clone(genericExample)
				if o, ok := opts.lookup(k); ok {
					example[o.name] = o.example
				}
				return t.badArgument(tool, args, unfixable(truncate(name, maxNameBytes), fmt.Sprintf("%s.%s and %s are given with different values; give it once, beside the other arguments, keeping the value you mean", truncate(name, maxNameBytes), truncate(k, maxNameBytes), truncate(k, maxNameBytes)), example))
			}
			fix[k] = inner[k]
		}
		listed := findUnknown(inner, func(string) bool { return false }).list()
		detail := fmt.Sprintf("%s is an object of options (%s); this tool takes each option beside its other arguments, as qr_generate lists them, and the fix moves them there", strconv.Quote(truncate(name, maxNameBytes)), listed)
		return t.badArgument(tool, args, &argError{field: truncate(name, maxNameBytes), detail: detail, fix: fix, change: "with the options in " + strconv.Quote(truncate(name, maxNameBytes)) + " beside the others"})
	}
	return nil
}
