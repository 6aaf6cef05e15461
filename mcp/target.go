package mcp

import (
	"fmt"
	"github.com/qrforge/qrforge/internal/editdistance"
	"maps"
	"slices"
	"strings"

	"github.com/qrforge/qrforge/registry"
)

// target is what a call encodes: data, or a kind with its fields.
type target struct {
	data   string
	kind   registry.Entry
	fields map[string]string
}

// path is the generation endpoint of the target.
func (t *target) path() string {
	if t.kind != nil {
		return t.kind.Path()
	}
	return genericPath
}

// query starts the target's query string: data, or the kind's fields in
// declaration order, as the API writes its own example calls.
func (t *target) query() *query {
	q := &query{}
	if t.kind == nil {
		q.add("data", t.data)
		return q
	}
	for _, f := range t.kind.Fields() {
		if v, ok := t.fields[f.Name]; ok {
			q.add(f.Name, v)
		}
	}
	return q
}

// argError is an argument a tool cannot use, with the arguments that fix
// it.
type argError struct {
	field  string
	detail string
	fix    map[string]any
}

// readTarget reads data, or type and fields, from a tool's arguments.
// example fills the fix when no better one is known.
func readTarget(args map[string]any, allowData, allowTyped bool) (*target, *argError) {
	dataArg, hasData := args["data"]
	typeArg, hasType := args["type"]
	fieldsArg, hasFields := args["fields"]
	genericFix := map[string]any{"data": "Hello, world!"}
	switch {
	case allowData && hasData && (hasType || hasFields):
		return nil, &argError{"data", "give either data or type and fields, not both", genericFix}
	case allowData && hasData:
		s, ok := dataArg.(string)
		if !ok || s == "" {
			return nil, &argError{"data", "data is the text to encode, a non-empty string", genericFix}
		}
		return &target{data: s}, nil
	case !allowTyped && !hasData:
		return nil, &argError{"data", "data is required: the text to encode", genericFix}
	}

	name, _ := typeArg.(string)
	kind, ok := registry.Lookup(strings.ToLower(name))
	if !hasType || !ok {
		near := nearestKind(name)
		fix := map[string]any{"type": near.Name(), "fields": anyMap(near.Example())}
		detail := fmt.Sprintf("type %q is not a payload kind; kinds are %s", name, strings.Join(registry.Names(), ", "))
		if !hasType {
			detail = "type is required: one of " + strings.Join(registry.Names(), ", ")
			if allowData {
				detail = "give data, or type (one of " + strings.Join(registry.Names(), ", ") + ") and fields"
			}
		}
		return nil, &argError{"type", detail, fix}
	}
	exampleFix := map[string]any{"type": kind.Name(), "fields": anyMap(kind.Example())}
	raw, isObject := fieldsArg.(map[string]any)
	if hasFields && !isObject {
		return nil, &argError{"fields", "fields is an object of " + kind.Name() + "'s fields: " + fieldList(kind), exampleFix}
	}
	t := &target{kind: kind, fields: map[string]string{}}
	for name, v := range raw {
		if !kind.HasField(name) {
			return nil, &argError{name, fmt.Sprintf("%s has no field %q; its fields are %s", kind.Name(), name, fieldList(kind)), exampleFix}
		}
		s, ok := queryValue(v)
		if !ok {
			return nil, &argError{name, fmt.Sprintf("%s is a string, not %T", name, v), exampleFix}
		}
		t.fields[name] = s
	}
	return t, nil
}

// readOptions appends the rendering options among args (any name the API
// accepts) to q, in documentation order. Arguments that are neither options
// nor in known are errors.
func readOptions(q *query, opts *optionSet, args map[string]any, known ...string) *argError {
	given := map[string][]string{} // canonical name → names used
	for _, name := range slices.Sorted(maps.Keys(args)) {
		if slices.Contains(known, name) {
			continue
		}
		o, ok := opts.lookup(name)
		if !ok {
			return &argError{name, fmt.Sprintf("%s is not an argument; arguments are %s", name, strings.Join(append(slices.Clone(known), opts.names()...), ", ")), nil}
		}
		given[o.name] = append(given[o.name], name)
	}
	for _, o := range opts.list {
		for _, name := range given[o.name] {
			v, ok := queryValue(args[name])
			if !ok {
				return &argError{name, fmt.Sprintf("%s is a %v, not %T", name, o.schema["type"], args[name]), nil}
			}
			// Passed under the name the caller used: the API resolves
			// aliases and reports conflicting values itself.
			q.add(name, v)
		}
	}
	return nil
}

// nearestKind is the registered kind whose name is closest to name.
func nearestKind(name string) registry.Entry {
	all := registry.All()
	best, bestDist := all[0], -1
	for _, k := range all {
		if d := editDistance(strings.ToLower(name), k.Name()); bestDist < 0 || d < bestDist {
			best, bestDist = k, d
		}
	}
	return best
}

func fieldList(k registry.Entry) string {
	names := make([]string, 0, len(k.Fields()))
	for _, f := range k.Fields() {
		names = append(names, f.Name)
	}
	return strings.Join(names, ", ")
}

func anyMap(m map[string]string) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// editDistance is the Levenshtein distance of two short names.
func editDistance(a, b string) int { return editdistance.Levenshtein(a, b) }
