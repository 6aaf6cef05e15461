package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"net/http"
	"slices"
	"strconv"
	"strings"
)

// option is one rendering option of README "Options" as the API's own OpenAPI
// document describes it. The tools take their option properties from there,
// so an option added to the API appears in the tools with the same type,
// bounds, default and description, and package mcp keeps no option table.
type option struct {
	name    string
	aliases []string
	schema  map[string]any // the value's JSON Schema, description included
}

// generateOperation is the operationId whose parameters are the rendering
// options (README "Make a code", generate_qr).
const generateOperation = "generate_qr"

// renderingOptions reads the rendering options from /api/openapi.json:
// every query parameter of generate_qr except data and the options kept
// only for compatibility with other APIs (x-compatibility).
func (a *api) renderingOptions(ctx context.Context) ([]option, error) {
	resp := a.get(ctx, "/api/openapi.json", nil)
	if resp.status != http.StatusOK {
		return nil, fmt.Errorf("GET /api/openapi.json answered %d", resp.status)
	}
	var doc struct {
		Paths map[string]map[string]struct {
			OperationID string `json:"operationId"`
			Parameters  []struct {
				Name          string         `json:"name"`
				In            string         `json:"in"`
				Description   string         `json:"description"`
				Schema        map[string]any `json:"schema"`
				Aliases       []string       `json:"x-aliases"`
				Compatibility string         `json:"x-compatibility"`
			} `json:"parameters"`
		} `json:"paths"`
	}
	if err := json.Unmarshal(resp.body, &doc); err != nil {
		return nil, fmt.Errorf("/api/openapi.json: %w", err)
	}
	for _, item := range doc.Paths {
		for _, op := range item {
			if op.OperationID != generateOperation {
				continue
			}
			var opts []option
			for _, p := range op.Parameters {
				if p.In != "query" || p.Name == "data" || p.Compatibility != "" {
					continue
				}
				schema := maps.Clone(p.Schema)
				// Tools take canonical names; aliases are for URLs copied
				// from other QR APIs, and are accepted but not advertised.
				desc, _, _ := strings.Cut(p.Description, " Aliases: ")
				schema["description"] = desc
				opts = append(opts, option{name: p.Name, aliases: p.Aliases, schema: schema})
			}
			if len(opts) == 0 {
				return nil, fmt.Errorf("operation %s has no rendering options", generateOperation)
			}
			return opts, nil
		}
	}
	return nil, fmt.Errorf("/api/openapi.json has no operation %s", generateOperation)
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
		props = append(props, member{o.name, o.schema})
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

// typedValue turns a query value back into the JSON type an option's schema
// declares, for the corrected arguments of a fix.
func (o *option) typedValue(v string) any {
	if o.schema["type"] == "integer" {
		if n, err := strconv.Atoi(v); err == nil {
			return n
		}
	}
	return v
}
