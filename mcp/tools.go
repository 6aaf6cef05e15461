package mcp

import (
	"context"
	"encoding/json"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/qrforge/qrforge/options"
	"github.com/qrforge/qrforge/registry"
)

// The tools of README "For agents and tools".
const (
	toolGenerate      = "qr_generate"
	toolGenerateTyped = "qr_generate_typed"
	toolListKinds     = "qr_list_kinds"
	toolKindSchema    = "qr_kind_schema"
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

// sameOptions tells a tool that takes the rendering options without
// listing them: tools/list is paid for by every session (README "For
// agents and tools"), so the options' schemas appear once, in qr_generate,
// and as the resource optionsURI.
const sameOptions = " Takes qr_generate's options too (size, format, color, style...)."

// sameOptionsButFormat is sameOptions for qr_verify, which always checks
// the PNG and so refuses format.
const sameOptionsButFormat = " Takes qr_generate's options but format (size, color, style...)."

// definitions are the tools with their input and output schemas. Every
// input schema keeps its combinators (anyOf) below the top level: the
// Anthropic Messages API refuses a tool whose input_schema has oneOf, anyOf
// or allOf at the top, and a client that forwards tools/list there would
// lose every tool. Together they stay under toolsListBudget.
func (t *tools) definitions() []server.ServerTool {
	return []server.ServerTool{
		t.tool(toolGenerate, "Generate a QR code",
			"Generate a QR code for a string (URL, text) with design options: PNG, GIF, JPEG as an image, PDF and EPS (size may be a length: 30mm) as a resource, SVG and JSON as text, "+
				"with the API URL of the same bytes. Enum values read in any case. All options: resource qrforge://options/schema.",
			inputSchema(append(object{
				{options.Data.Name, dataSchema("")},
			}, t.all.properties()...), "data"),
			generatedOutput(false), t.generate),
		t.tool(toolGenerateTyped, "Generate a typed QR code",
			"Generate a code whose payload qrforge builds and validates from a kind's fields (Wi-Fi, contacts, payments, events...); qr_kind_schema gives them. "+
				"Identity fields (payee, account, network, secret) come from the user, never from examples."+sameOptions,
			openSchema(object{
				{"kind", map[string]any{"type": "string", "enum": registry.Names(), "description": "The payload kind (qr_list_kinds)."}},
				{"fields", fieldsSchema},
			}, "kind", "fields"),
			generatedOutput(true), t.generateTyped),
		t.tool(toolListKinds, "List payload kinds",
			"The payload kinds of qr_generate_typed: summary, standard, required and identity fields, schema URI.",
			inputSchema(object{}),
			kindsOutput, t.listKinds),
		t.tool(toolKindSchema, "Get a kind's fields schema",
			"A kind's fields as JSON Schema (resource qrforge://kinds/{name}/schema), its required fields and the identity fields the user must give.",
			inputSchema(object{{"kind", map[string]any{"type": "string", "description": "A kind of qr_list_kinds."}}}, "kind"),
			kindSchemaOutput, t.kindSchema),
		t.tool(toolDecode, "Decode a QR code image",
			"Read every QR code in an image (PNG, JPEG, GIF, WebP, SVG), or its Micro QR and rMQR codes, as POST /api/v1/decode: each code's text, corners, kind and fields when recognised.",
			inputSchema(object{
				{"image", map[string]any{"type": "string", "contentEncoding": "base64",
					"description": "The image file in base64, or a data: URI. At most 10 MiB and 40 megapixels."}},
			}, "image"),
			decodeOutput, t.decode),
		t.tool(toolVerify, "Verify that a QR code scans",
			"Render a code as the generate tools would (data, or kind and fields), decode the PNG with ZXing and check it as GET /api/v1/verify does: "+
				"scannable, match, contrast, quiet zone, module size, with fixes."+sameOptionsButFormat,
			openSchema(append(t.targetProperties(), member{options.Robustness.Name, map[string]any{"type": "string", "enum": options.Robustness.Enum,
				"description": "The scan-robustness score's depth: quick (default, 11 decodes), full (43) or off; the answer's fixes carry the score each reaches."}})),
			verifyOutput, t.verify),
		t.tool(toolBatch, "Generate many QR codes",
			"Generate up to 1000 codes, as POST /api/v1/qr/batch: items {data} or {type, fields} (type: the kind), an id, a style of qr_generate's options over the shared one. "+
				"Each result has its URL and, with output base64, svg or json, its data (1 MiB per reply); a bad item fails alone.",
			inputSchema(t.batchProperties(), "items"),
			batchOutput, t.batch),
		t.tool(toolSizeRecommend, "Recommend a print size",
			"The smallest print and pixel size at which a code scans, from data (kind and fields, or version) and the scan distance or print width, "+
				"with the reasoning (10:1 distance rule, 0.4 mm and 4-dot modules), a PNG url and a PDF print_url.",
			inputSchema(t.sizeProperties()),
			sizeOutput, t.sizeRecommend),
	}
}

// tool builds a tool whose input schema is given whole. Every tool only
// reads: it renders or decodes and stores nothing. None reads arguments
// that give a key twice (refuseDuplicateKeys).
func (t *tools) tool(name, title, description string, schema, output json.RawMessage, handler server.ToolHandlerFunc) server.ServerTool {
	checked := func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if refused := t.refusedArguments(ctx); refused != nil {
			return refused, nil
		}
		req.Params.Arguments = givenArguments(req.GetArguments())
		res, err := handler(ctx, req)
		if try := t.fixTrial(name, handler); err == nil && try != nil {
			res = settled(ctx, try, req, res)
		}
		return res, err
	}
	return server.ServerTool{Handler: checked, Tool: mcp.Tool{
		Name:            name,
		Title:           title,
		Description:     description,
		RawInputSchema:  schema,
		RawOutputSchema: output,
		// The title is the tool's own; annotations give only the hints
		// that mean something for a read-only tool (destructive and
		// idempotent are for tools that write).
		Annotations: mcp.ToolAnnotation{
			ReadOnlyHint:  mcp.ToBoolPtr(true),
			OpenWorldHint: mcp.ToBoolPtr(false),
		},
	}}
}

// givenArguments are args without those given as null, which are not
// given, as a null member of an HTTP body is not: clients in strict mode
// send every property of a tool's input schema, null for those unused,
// and qr_verify then read data beside a null kind as both given.
func givenArguments(args map[string]any) map[string]any {
	out := make(map[string]any, len(args))
	for name, v := range args {
		if v != nil {
			out[name] = v
		}
	}
	return out
}

// fixTrial is what settled tries a tool's fixes with: a generation tool
// draws its one code again, qr_size_recommend encodes its one and
// qr_kind_schema looks its kind up; verify, batch and decode, whose call
// is the whole verification, batch or decode again, only read the call
// as the service would before drawing or decoding anything (tryVerify,
// tryBatch, tryDecode). qr_list_kinds takes no arguments: its one fix,
// none, is served.
func (t *tools) fixTrial(name string, handler server.ToolHandlerFunc) server.ToolHandlerFunc {
	switch name {
	case toolGenerate, toolGenerateTyped, toolSizeRecommend, toolKindSchema:
		return handler
	case toolVerify:
		return t.tryVerify
	case toolBatch:
		return t.tryBatch
	case toolDecode:
		return t.tryDecode
	}
	return nil
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

// openSchema is an object schema with the given properties that also
// admits scalar arguments it does not list: the rendering options, which
// the tool checks by name itself (sameOptions).
func openSchema(props object, required ...string) json.RawMessage {
	s := object{{"type", "object"}, {"properties", props}}
	if len(required) > 0 {
		s = append(s, member{"required", required})
	}
	return marshal(append(s, member{"additionalProperties", optionValue}))
}

// optionValue is the schema of an option's value where the options are
// not listed: the query string's scalars.
var optionValue = map[string]any{"type": []string{"string", "number", "boolean"}}

// fieldsSchema is the fields argument of a typed call. Each kind's own
// schema is not inlined: all of them together were most of tools/list
// (63 KB of 74 KB), paid for by every session; qr_kind_schema and the
// resource template kindTemplate serve one kind's on demand.
var fieldsSchema = map[string]any{"type": "object", "additionalProperties": map[string]any{"type": []string{"string", "number", "boolean"}},
	"description": "The kind's fields (qr_kind_schema)."}

// targetProperties are data, or kind and fields, for tools that take
// either.
func (t *tools) targetProperties() object {
	return object{
		{options.Data.Name, dataSchema(" Or kind and fields.")},
		{"kind", map[string]any{"type": "string", "description": "A payload kind (qr_list_kinds), instead of data."}},
		{"fields", fieldsSchema},
	}
}

// batchProperties are qr_batch's arguments (README "Batch, decode, verify", without zip).
func (t *tools) batchProperties() object {
	style := map[string]any{"type": "object", "additionalProperties": optionValue}
	item := map[string]any{
		"type": "object",
		"properties": object{
			{options.Data.Name, options.Data.Schema()},
			{"type", map[string]any{"type": "string", "description": "The kind, with fields."}},
			{"fields", fieldsSchema},
			{"id", map[string]any{"type": "string", "description": "Your label, returned with the result."}},
			{"style", withDescription(style, "Options for this item, over the shared style.")},
		},
		"additionalProperties": false,
	}
	return object{
		{"output", map[string]any{"type": "string", "enum": outputNames(), "default": "url", "description": outputDescription()}},
		{"style", withDescription(style, "qr_generate's options, shared by every item.")},
		{"items", map[string]any{"type": "array", "minItems": 1, "maxItems": maxBatchItems, "items": item}},
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
		member{"version", map[string]any{"type": "integer", "minimum": 1, "maximum": 40, "description": "Symbol version, instead of data or kind."}},
	)
	if ec, ok := t.all.lookup(options.EC.Name); ok {
		props = append(props, member{options.EC.Name, ec.schema})
	}
	if margin, ok := t.all.lookup(options.Margin.Name); ok {
		props = append(props, member{options.Margin.Name, margin.schema})
	}
	return append(props,
		member{"distance_m", map[string]any{"type": "number", "exclusiveMinimum": 0, "maximum": 1000, "description": "Scan distance, metres."}},
		member{"print_mm", map[string]any{"type": "number", "exclusiveMinimum": 0, "description": "Print width available, quiet zone included, mm."}},
		member{options.DPI.Name, printerDPI()},
	)
}

// dataSchema is the catalogue's data option, its description followed by
// what the tool adds.
func dataSchema(more string) map[string]any {
	s := options.Data.Schema()
	s["description"] = options.Data.Description + more
	return s
}

// printerDPI is qr_size_recommend's dpi: the catalogue's option, whose
// range the print URL passes on, with the default a length is drawn at
// (options.DefaultDPI), which the option itself leaves out because a pixel
// size has none: the advice always needs a printer's resolution.
func printerDPI() map[string]any {
	s := options.DPI.Schema()
	s["default"] = options.DefaultDPI
	return s
}
