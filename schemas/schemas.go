package schemas

import (
	"encoding/json"
	"strconv"

	"github.com/invopop/jsonschema"
	"github.com/qrforge/qrforge/options"
	"github.com/qrforge/qrforge/registry"
)

// BaseID is where the schemas are published; each file's $id is BaseID
// followed by its name, as the registry writes the kinds' $id.
const BaseID = "https://qrforge.dev/schemas/"

// MaxBatchItems is the largest batch (README "Batch, decode, verify"; docs/operations.md).
const MaxBatchItems = 1000

// Files returns every schema file, name to content, for the kinds
// registered now: <kind>.json for each kind, and batch.json.
func Files() map[string][]byte {
	files := map[string][]byte{"batch.json": encode(Batch())}
	for _, k := range registry.All() {
		files[k.Name()+".json"] = Kind(k)
	}
	return files
}

// Kind is a kind's fields schema as the file schemas/<kind>.json holds it,
// and as /api/v1/kinds/<kind> and the MCP resource serve it.
func Kind(k registry.Entry) []byte { return encode(k.Schema()) }

// encode writes indented JSON with a final newline, as gofmt'd files end.
func encode(s *jsonschema.Schema) []byte {
	b, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		panic("schemas: " + err.Error())
	}
	return append(b, '\n')
}

// batchOutputs are the values of the batch body's output member
// (README "Batch, decode, verify").
var batchOutputs = []any{"url", "base64", "svg", "json", "zip"}

// Batch is the schema of the batch request body (README "Batch, decode, verify"): shared
// rendering options, and at most 1000 items that are each either data or a
// kind with its fields. A typed item's fields are checked against that
// kind's own schema file, by $ref.
func Batch() *jsonschema.Schema {
	kinds := registry.Names()
	kindEnum := make([]any, len(kinds))
	for i, n := range kinds {
		kindEnum[i] = n
	}

	item := withProps(&jsonschema.Schema{
		Type:        "object",
		Description: "One code: `data` (plain), or `type` and `fields` (typed); optional `id` and `style`.",
		OneOf: []*jsonschema.Schema{
			{Title: "plain", Required: []string{"data"}, Not: &jsonschema.Schema{AnyOf: []*jsonschema.Schema{{Required: []string{"type"}}, {Required: []string{"fields"}}}}},
			{Title: "typed", Required: []string{"type", "fields"}, Not: &jsonschema.Schema{Required: []string{"data"}}},
		},
		AdditionalProperties: jsonschema.FalseSchema,
	},
		"data", &jsonschema.Schema{Type: "string", MinLength: uint64p(1), Description: "The exact string to encode (plain item)."},
		"type", &jsonschema.Schema{Type: "string", Enum: kindEnum, Description: "A payload kind (typed item); its fields go in `fields`."},
		"fields", &jsonschema.Schema{Type: "object", AdditionalProperties: &jsonschema.Schema{Type: "string"},
			Description: "The kind's fields, all strings; the kind's schema is <type>.json beside this file."},
		"id", &jsonschema.Schema{Type: "string", Description: "The caller's label for the item; it names the item's file in a zip."},
		"style", &jsonschema.Schema{Ref: "#/$defs/style", Description: "Rendering options for this item only; they override the shared style key by key."},
	)
	for _, name := range kinds {
		item.AllOf = append(item.AllOf, &jsonschema.Schema{
			If:   withProps(&jsonschema.Schema{Required: []string{"type"}}, "type", &jsonschema.Schema{Const: name}),
			Then: withProps(&jsonschema.Schema{}, "fields", &jsonschema.Schema{Ref: name + ".json"}),
		})
	}

	return withProps(&jsonschema.Schema{
		Version:              "https://json-schema.org/draft/2020-12/schema",
		ID:                   jsonschema.ID(BaseID + "batch.json"),
		Title:                "batch",
		Description:          "Request body of POST /api/v1/qr/batch (see the README, Batch, decode, verify).",
		Type:                 "object",
		Required:             []string{"items"},
		AdditionalProperties: jsonschema.FalseSchema,
		Definitions: jsonschema.Definitions{
			"style": Style(),
			"item":  item,
		},
	},
		"output", &jsonschema.Schema{Type: "string", Enum: batchOutputs, Default: "url",
			Description: "What each item returns: url (absolute GET URL giving the same bytes), base64 (PNG data URI), svg, json (module matrix), or zip (one file per item)."},
		"style", &jsonschema.Schema{Ref: "#/$defs/style", Description: "Rendering options shared by every item."},
		"verify", &jsonschema.Schema{Type: "string", Enum: enumOf(options.Robustness.Enum), Default: "off",
			Description: "Verify each item as GET /api/v1/verify does, scoring robustness at this depth (robustness's values; off verifies nothing): each item of a JSON answer gains verify. Not with output zip."},
		"items", &jsonschema.Schema{Type: "array", MinItems: uint64p(1), MaxItems: uint64p(MaxBatchItems), Items: &jsonschema.Schema{Ref: "#/$defs/item"},
			Description: "The codes to generate, at most " + strconv.Itoa(MaxBatchItems) + "; one bad item fails alone."},
	)
}

// Style is the object of rendering options (README "Options") under their
// canonical names, from the catalogue; the compatibility options (the
// Google chart API's, scale) are left out.
func Style() *jsonschema.Schema {
	var pairs []any
	for _, o := range options.Rendering {
		if o.Compat != "" {
			continue
		}
		pairs = append(pairs, o.Name, optionSchema(o))
	}
	return withProps(&jsonschema.Schema{
		Type:                 "object",
		Description:          "Rendering options (see the README, Options), under their canonical names.",
		AdditionalProperties: jsonschema.FalseSchema,
	}, pairs...)
}

// optionSchema is o.Schema() as a jsonschema.Schema.
func optionSchema(o options.Option) *jsonschema.Schema {
	s := &jsonschema.Schema{Type: o.Type, Description: o.Doc(), Default: o.Default,
		// JSON Schema 2020-12 §6.5 lets unknown keywords annotate: the
		// unit and the formats the option changes, as OpenAPI's x-unit
		// and x-outputs.
		Extras: map[string]any{"x-outputs": o.Outputs}}
	if o.Unit != "" {
		s.Extras["x-unit"] = o.Unit
	}
	for _, v := range o.Enum {
		s.Enum = append(s.Enum, v)
	}
	for _, v := range o.Steps {
		s.Enum = append(s.Enum, v)
	}
	if o.Max > 0 {
		s.Minimum, s.Maximum = num(o.Min), num(o.Max)
	}
	if o.Type == "number" {
		s.Minimum = json.Number(strconv.FormatFloat(o.Range[0], 'f', -1, 64))
		s.Maximum = json.Number(strconv.FormatFloat(o.Range[1], 'f', -1, 64))
	}
	if o.MaxLength > 0 {
		s.MaxLength = uint64p(uint64(o.MaxLength))
	}
	if o.Pattern != "" {
		// The number, or a string of the pattern, as o.Schema() gives it.
		number := &jsonschema.Schema{Type: o.Type, Minimum: s.Minimum, Maximum: s.Maximum}
		s.Type, s.Minimum, s.Maximum = "", "", ""
		s.AnyOf = []*jsonschema.Schema{number, {Type: "string", Pattern: o.Pattern}}
	}
	return s
}

// withProps sets s's properties, in order, from name, schema pairs.
func withProps(s *jsonschema.Schema, pairs ...any) *jsonschema.Schema {
	s.Properties = jsonschema.NewProperties()
	for i := 0; i+1 < len(pairs); i += 2 {
		s.Properties.Set(pairs[i].(string), pairs[i+1].(*jsonschema.Schema))
	}
	return s
}

func num(n int) json.Number { return json.Number(strconv.Itoa(n)) }

func uint64p(n uint64) *uint64 { return &n }

// enumOf is a list of values as a schema's enum.
func enumOf(vs []string) []any {
	out := make([]any, len(vs))
	for i, v := range vs {
		out[i] = v
	}
	return out
}
