package schemas

import (
	"encoding/json"
	"strconv"

	"github.com/invopop/jsonschema"
	"github.com/qrforge/qrforge/registry"
	"github.com/qrforge/qrforge/render"
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

// formats and maxLabel repeat the API's format list and caption limit
// (server/options.go), which package server does not export; a server test
// compares this style object with the OpenAPI document's options.
var formats = []any{"png", "svg", "svg-tiny", "json", "base64"}

const maxLabel = 64

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
		"items", &jsonschema.Schema{Type: "array", MinItems: uint64p(1), MaxItems: uint64p(MaxBatchItems), Items: &jsonschema.Schema{Ref: "#/$defs/item"},
			Description: "The codes to generate, at most " + strconv.Itoa(MaxBatchItems) + "; one bad item fails alone."},
	)
}

// Style is the object of rendering options (README "Options") under their
// canonical names.
func Style() *jsonschema.Schema {
	return withProps(&jsonschema.Schema{
		Type:                 "object",
		Description:          "Rendering options (see the README, Options), under their canonical names.",
		AdditionalProperties: jsonschema.FalseSchema,
	},
		"size", &jsonschema.Schema{Type: "integer", Minimum: num(render.MinSize), Maximum: num(render.MaxSize), Default: render.DefaultSize,
			Description: "Output width and height in pixels."},
		"format", &jsonschema.Schema{Type: "string", Enum: formats, Default: "png",
			Description: "Output format; a batch's output overrides it for base64, svg and json."},
		"color", &jsonschema.Schema{Type: "string", Default: "000000", Description: "Foreground colour: hex (3, 4, 6 or 8 digits, # optional) or a CSS colour name."},
		"bg", &jsonschema.Schema{Type: "string", Default: "ffffff", Description: "Background colour, as color, or transparent."},
		"style", &jsonschema.Schema{Type: "string", Enum: anys(render.ModuleStyles), Default: string(render.ModuleSquare), Description: "Module shape."},
		"eye", &jsonschema.Schema{Type: "string", Enum: anys(render.EyeStyles), Default: string(render.EyeSquare), Description: "Finder-eye shape."},
		"ec", &jsonschema.Schema{Type: "string", Enum: levels(), Description: "Error-correction level; chosen automatically when absent."},
		"margin", &jsonschema.Schema{Type: "integer", Minimum: num(0), Maximum: num(render.MaxMargin), Default: render.DefaultMargin,
			Description: "Quiet zone in modules."},
		"label", &jsonschema.Schema{Type: "string", MaxLength: uint64p(maxLabel), Description: "Caption under the code."},
		"tpl", &jsonschema.Schema{Type: "string", Enum: anys(render.Frames), Default: string(render.FrameNone), Description: "Frame template."},
		"eci", &jsonschema.Schema{Type: "string", Enum: anys(render.ECIs), Default: string(render.DefaultECI), Description: "utf8 marks non-ASCII data as UTF-8 (ECI 26); none leaves readers to guess."},
	)
}

// withProps sets s's properties, in order, from name, schema pairs.
func withProps(s *jsonschema.Schema, pairs ...any) *jsonschema.Schema {
	s.Properties = jsonschema.NewProperties()
	for i := 0; i+1 < len(pairs); i += 2 {
		s.Properties.Set(pairs[i].(string), pairs[i+1].(*jsonschema.Schema))
	}
	return s
}

func anys[T ~string](vs []T) []any {
	out := make([]any, len(vs))
	for i, v := range vs {
		out[i] = string(v)
	}
	return out
}

func levels() []any {
	out := make([]any, len(render.Levels))
	for i, l := range render.Levels {
		out[i] = l.String()
	}
	return out
}

func num(n int) json.Number { return json.Number(strconv.Itoa(n)) }

func uint64p(n uint64) *uint64 { return &n }
