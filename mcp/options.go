package mcp

import (
	"context"
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/qrforge/qrforge/options"
	"github.com/qrforge/qrforge/schemas"
)

// option is one rendering option of README "Options" as a tool takes it,
// from the catalogue (package options): an option added there appears in
// the tools with the same type, bounds, default and description.
type option struct {
	name    string
	aliases []string
	schema  map[string]any // the value's JSON Schema, description included
	list    bool           // a comma-separated list (options.Option.List)
	example string         // a valid value (options.Option.Example)
	// unlisted options are taken, and described in the options resource
	// (optionsURI), but left out of qr_generate's schema, as aliases are.
	unlisted bool
}

// unlistedOptions are taken by the tools but not listed in
// qr_generate's schema: tools/list, paid for by every session, is held
// to toolsListBudget, and the version option (a fixed QR Code version)
// is asked for seldom enough to be found in the options resource.
var unlistedOptions = []string{options.Version.Name}

// renderingOptions are the catalogue's rendering options but those kept
// only for compatibility with other APIs. Tools take canonical names;
// aliases are for URLs copied from other QR APIs, accepted but not
// advertised.
func renderingOptions() []option {
	var opts []option
	for _, o := range options.Rendering {
		if o.Compat != "" {
			continue
		}
		schema := o.Schema()
		schema["description"] = shortDescription(o)
		opts = append(opts, option{name: o.Name, aliases: o.Aliases, schema: schema, list: o.List, example: o.Example,
			unlisted: slices.Contains(unlistedOptions, o.Name)})
	}
	return opts
}

// shortDescription is an option's description as tools/list gives it,
// paid for by every session: its first sentence, and for an option with
// an enum the words before the colon that introduces the values, which
// the enum lists. The whole description is in the options resource
// (optionsURI) and docs/reference.md, with each option's unit and outputs
// (x-unit, x-outputs).
func shortDescription(o options.Option) string {
	s := firstSentence(o.Description)
	if len(o.Enum) > 0 {
		if before, _, found := strings.Cut(s, ": "); found {
			s = before + "."
		}
	}
	return s
}

// optionSet is the options a tool takes, by any of their names.
type optionSet struct {
	list   []option
	byName map[string]*option
}

func newOptionSet(opts []option, exclude ...string) *optionSet {
	s := &optionSet{byName: map[string]*option{}}
	for _, o := range opts {
		if slices.Contains(exclude, o.name) {
			continue
		}
		s.list = append(s.list, o)
	}
	for i := range s.list {
		o := &s.list[i]
		s.byName[o.name] = o
		for _, a := range o.aliases {
			s.byName[a] = o
		}
	}
	return s
}

// properties are the options' JSON Schemas in documentation order.
func (s *optionSet) properties() object {
	var props object
	for _, o := range s.list {
		if !o.unlisted {
			props = append(props, member{o.name, o.schema})
		}
	}
	return props
}

// lookup finds an option by its name or an alias.
func (s *optionSet) lookup(name string) (*option, bool) {
	o, ok := s.byName[strings.ToLower(name)]
	return o, ok
}

// canonical renames options given under an alias to their canonical
// names; it is used on arguments that readOptions accepted.
func (s *optionSet) canonical(args map[string]any) map[string]any {
	out := make(map[string]any, len(args))
	for name, v := range args {
		if o, ok := s.lookup(name); ok {
			name = o.name
		}
		out[name] = v
	}
	return out
}

// names lists the canonical option names.
func (s *optionSet) names() []string {
	out := make([]string, len(s.list))
	for i, o := range s.list {
		out[i] = o.name
	}
	return out
}

// queryValue turns a JSON argument into the query string value the API
// reads: strings as they are, whole numbers without a fraction, booleans
// as true/false. Objects and arrays have no query form.
func queryValue(v any) (string, bool) {
	switch v := v.(type) {
	case string:
		return v, true
	case float64:
		if v == math.Trunc(v) && math.Abs(v) < 1e15 {
			return strconv.FormatInt(int64(v), 10), true
		}
		return strconv.FormatFloat(v, 'f', -1, 64), true
	case json.Number:
		return v.String(), true
	case bool:
		return strconv.FormatBool(v), true
	case int:
		return strconv.Itoa(v), true
	}
	return "", false
}

// jsonKind names the JSON type of a decoded argument, for a message.
func jsonKind(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case []any:
		return "a list"
	case map[string]any:
		return "an object"
	case string:
		return "a string"
	case bool:
		return "true or false"
	}
	return "a number"
}

// withArticles writes JSON type names as a sentence says them: "integer
// or string" as "an integer or a string".
func withArticles(types string) string {
	words := strings.Split(types, " or ")
	for i, w := range words {
		switch w {
		case "integer":
			words[i] = "an integer"
		case "boolean":
			words[i] = "true or false"
		default:
			words[i] = "a " + w
		}
	}
	return strings.Join(words, " or ")
}

// typedValue turns a query value back into the JSON type an option's schema
// declares, for the corrected arguments of a fix.
func (o *option) typedValue(v string) any {
	switch o.typeName() {
	case "integer", "integer or string":
		if n, err := strconv.Atoi(v); err == nil {
			return n
		}
	case "boolean":
		if b, err := strconv.ParseBool(v); err == nil {
			return b
		}
	}
	return v
}

// typeName is the JSON type the option's schema declares: "integer",
// or, for a schema that takes a number or a string (a size of 30mm),
// "integer or string".
func (o *option) typeName() string {
	if t, ok := o.schema["type"].(string); ok {
		return t
	}
	var types []string
	if branches, ok := o.schema["anyOf"].([]map[string]any); ok {
		for _, b := range branches {
			if t, ok := b["type"].(string); ok {
				types = append(types, t)
			}
		}
	}
	return strings.Join(types, " or ")
}

// optionsURI is the resource holding every rendering option's schema with
// its whole description, for the tools that list them in short
// (qr_generate) or not at all (sameOptions).
const optionsURI = "qrforge://options/schema"

// optionsResource serves schemas.Style: the rendering options under their
// canonical names, as the batch schema's style holds them.
func optionsResource() server.ServerResource {
	body, err := json.MarshalIndent(schemas.Style(), "", "  ")
	if err != nil {
		panic("mcp: options schema: " + err.Error())
	}
	text := string(body) + "\n"
	return server.ServerResource{
		Resource: mcp.NewResource(optionsURI, "rendering options",
			mcp.WithResourceTitle("Rendering options"),
			mcp.WithResourceDescription("JSON Schema of every rendering option the generating tools take, with whole descriptions."),
			mcp.WithMIMEType(schemaMIME),
			mcp.WithResourceSize(int64(len(text))),
		),
		Handler: func(ctx context.Context, req mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
			return []mcp.ResourceContents{mcp.TextResourceContents{URI: optionsURI, MIMEType: schemaMIME, Text: text}}, nil
		},
	}
}
