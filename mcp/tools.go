package mcp

import (
	"encoding/json"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/qrforge/qrforge/options"
	"github.com/qrforge/qrforge/registry"
)

// The six tools of README "For agents and tools".
const (
	toolGenerate      = "qr_generate"
	toolGenerateTyped = "qr_generate_typed"
	toolDecode        = "qr_decode"
	toolVerify        = "qr_verify"
	toolBatch         = "qr_batch"
	toolSizeRecommend = "qr_size_recommend"
)

// tools holds what the tool handlers share.
type tools struct {
	api *api
	// all are the rendering options; verifyOptions leave out format, as
	// verification always reads the PNG.
	all, verifyOptions *optionSet
	// minPixels and maxPixels are the size option's bounds.
	minPixels, maxPixels int
}

func newTools(a *api, opts []option) (*tools, error) {
	t := &tools{api: a, all: newOptionSet(opts), verifyOptions: newOptionSet(opts, options.Format.Name),
		minPixels: options.Size.Min, maxPixels: options.Size.Max}
	return t, nil
}

// definitions are the tools with their input schemas. Every schema keeps
// its combinators (anyOf) below the top level: the Anthropic Messages API
// refuses a tool whose input_schema has oneOf, anyOf or allOf at the top,
// and a client that forwards tools/list there would lose every tool.
func (t *tools) definitions() []server.ServerTool {
	return []server.ServerTool{
		t.tool(toolGenerate, "Generate a QR code",
			"Generate a QR code for a string (URL, text, anything) with design options. PNG, GIF and JPEG come back as an image, PDF and EPS (print; size may be a length such as 30mm) as an embedded resource, SVG and JSON as text; "+
				"every result also gives the API URL that returns the same bytes, for embedding or sharing.",
			inputSchema(append(object{
				{"data", map[string]any{"type": "string", "minLength": 1, "description": "The exact string to encode (UTF-8)."}},
			}, t.all.properties()...), "data"),
			t.generate),
		t.tool(toolGenerateTyped, "Generate a typed QR code",
			"Generate a QR code whose payload qrforge builds and validates from typed fields: Wi-Fi, contact cards, payments, calendar events and more. "+
				"`type` names the kind; `fields` follows the branch of fields.anyOf titled with that kind (each kind's schema is also the resource qrforge://kinds/<kind>/schema). "+
				"A bad field fails with the standard's rule and a corrected call. The result carries the exact payload and the API URL.",
			inputSchema(append(object{
				{"type", map[string]any{"type": "string", "enum": registry.Names(), "description": "The payload kind."}},
				{"fields", t.kindFields()},
			}, t.all.properties()...), "type", "fields"),
			t.generateTyped),
		t.tool(toolDecode, "Decode a QR code image",
			"Read every QR code in an image (PNG, JPEG, GIF or WebP, base64), as POST /api/v1/decode does. Each result has the text, the corner points, and, when a payload kind recognises it, the kind and its fields.",
			inputSchema(object{
				{"image", map[string]any{"type": "string", "contentEncoding": "base64",
					"description": "The image file in base64 (standard or URL-safe), or a data: URI. At most 10 MiB and 40 megapixels."}},
			}, "image"),
			t.decode),
		t.tool(toolVerify, "Verify that a QR code scans",
			"Render a code exactly as qr_generate or qr_generate_typed would (give data, or type and fields), read the PNG back with a ZXing decoder and check it, as GET /api/v1/verify does: "+
				"whether it scans, what it decodes to and whether that matches the payload, the symbol version and error-correction level, the contrast ratio, and checks of quiet zone, module size and polarity, each with a fix. "+
				"Use it to check that colours and styles still scan.",
			inputSchema(append(t.targetProperties(), t.verifyOptions.properties()...)),
			t.verify),
		t.tool(toolBatch, "Generate many QR codes",
			"Generate up to 1000 codes in one call. Each item is {data} or {type, fields}, with an optional id and style; the shared style applies to every item and an item's style overrides it key by key. "+
				"Each result has the item's API URL and, with output base64, svg or json, the data, up to 1 MiB of data per reply: items past it carry their URL only, which returns the same bytes (`inline` counts the items with data, `note` says where they stop). "+
				"An answer over 64 KiB of JSON is in the structured content only, with a one-line summary as text. One bad item fails alone, with a problem document. The arguments are the body of POST /api/v1/qr/batch.",
			inputSchema(t.batchProperties(), "items"),
			t.batch),
		t.tool(toolSizeRecommend, "Recommend a print size",
			"Recommend the smallest printed size and the pixel size at which a code scans reliably, from the data (or the symbol version) and the scan distance or the print width available, "+
				"and explain the reasoning and the rules used (the 10:1 distance rule, a 0.4 mm and 4-dot minimum module). "+
				"With data or type and fields, url draws the PNG and print_url the same code as a PDF page of the recommended width.",
			inputSchema(t.sizeProperties()),
			t.sizeRecommend),
	}
}

// tool builds a tool whose input schema is given whole. Every tool only
// reads: it renders or decodes and stores nothing.
func (t *tools) tool(name, title, description string, schema json.RawMessage, handler server.ToolHandlerFunc) server.ServerTool {
	return server.ServerTool{Handler: handler, Tool: mcp.Tool{
		Name:           name,
		Title:          title,
		Description:    description,
		RawInputSchema: schema,
		Annotations: mcp.ToolAnnotation{
			Title:           title,
			ReadOnlyHint:    mcp.ToBoolPtr(true),
			DestructiveHint: mcp.ToBoolPtr(false),
			IdempotentHint:  mcp.ToBoolPtr(true),
			OpenWorldHint:   mcp.ToBoolPtr(false),
		},
	}}
}

// inputSchema is an object schema with the given properties.
func inputSchema(props object, required ...string) json.RawMessage {
	s := object{{"type", "object"}, {"properties", props}}
	if len(required) > 0 {
		s = append(s, member{"required", required})
	}
	s = append(s, member{"additionalProperties", false})
	return marshal(s)
}

// kindFields is the fields argument of qr_generate_typed: one branch per
// registered kind, titled with the kind's name and holding the kind's
// JSON Schema from the registry, so tools/list alone tells a client every
// kind's fields. Branches are anyOf, not oneOf: two kinds can share a field
// shape (a number and a message), and `type` picks the branch.
func (t *tools) kindFields() map[string]any {
	var branches []any
	for _, k := range registry.All() {
		branches = append(branches, kindBranch(k))
	}
	return map[string]any{
		"type":        "object",
		"description": "The kind's fields, all strings: the anyOf branch titled with `type`.",
		"anyOf":       branches,
	}
}

// kindBranch is a kind's JSON Schema for embedding: without $schema and
// $id, which belong to the standalone document (the resource).
func kindBranch(k registry.Entry) map[string]any {
	var s map[string]any
	if err := json.Unmarshal(marshal(k.Schema()), &s); err != nil {
		panic("mcp: schema of " + k.Name() + ": " + err.Error())
	}
	delete(s, "$schema")
	delete(s, "$id")
	s["title"] = k.Name()
	return s
}

// targetProperties are data, or type and fields, for tools that take
// either.
func (t *tools) targetProperties() object {
	return object{
		{"data", map[string]any{"type": "string", "minLength": 1, "description": "The exact string to encode; or give type and fields instead."}},
		{"type", map[string]any{"type": "string", "enum": registry.Names(), "description": "A payload kind, instead of data; see qr_generate_typed."}},
		{"fields", map[string]any{"type": "object", "additionalProperties": map[string]any{"type": "string"},
			"description": "The kind's fields (with type); each kind's schema is in qr_generate_typed and the resource qrforge://kinds/<kind>/schema."}},
	}
}

// batchProperties are qr_batch's arguments (README "Batch, decode, verify", without zip).
func (t *tools) batchProperties() object {
	style := map[string]any{"type": "object", "properties": t.all.properties(), "additionalProperties": false}
	item := map[string]any{
		"type": "object",
		"properties": append(t.targetProperties(),
			member{"id", map[string]any{"type": "string", "description": "Your label for the item, returned with its result."}},
			member{"style", withDescription(style, "Rendering options for this item; they override the shared style key by key.")},
		),
		"anyOf":                []any{map[string]any{"required": []string{"data"}}, map[string]any{"required": []string{"type", "fields"}}},
		"additionalProperties": false,
	}
	return object{
		{"output", map[string]any{"type": "string", "enum": outputNames(), "default": "url", "description": outputDescription()}},
		{"style", withDescription(style, "Rendering options shared by every item.")},
		{"items", map[string]any{"type": "array", "minItems": 1, "maxItems": maxBatchItems, "items": item,
			"description": "The codes to generate, at most 1000."}},
	}
}

func withDescription(schema map[string]any, description string) map[string]any {
	out := map[string]any{"description": description}
	for k, v := range schema {
		out[k] = v
	}
	return out
}

// sizeProperties are qr_size_recommend's arguments.
func (t *tools) sizeProperties() object {
	props := t.targetProperties()
	props = append(props,
		member{"version", map[string]any{"type": "integer", "minimum": 1, "maximum": 40, "description": "The symbol version (1-40), instead of data or type and fields."}},
	)
	if ec, ok := t.all.lookup(options.EC.Name); ok {
		props = append(props, member{options.EC.Name, ec.schema})
	}
	if margin, ok := t.all.lookup(options.Margin.Name); ok {
		props = append(props, member{options.Margin.Name, margin.schema})
	}
	return append(props,
		member{"distance_m", map[string]any{"type": "number", "exclusiveMinimum": 0, "maximum": 1000, "description": "How far away people scan the code, in metres."}},
		member{"print_mm", map[string]any{"type": "number", "exclusiveMinimum": 0, "description": "The printed width available for the code, quiet zone included, in millimetres."}},
		member{"dpi", map[string]any{"type": "integer", "minimum": 72, "maximum": 4800, "default": defaultDPI, "description": "Printer resolution in dots per inch."}},
	)
}
