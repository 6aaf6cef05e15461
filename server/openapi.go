package server

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/invopop/jsonschema"
	"github.com/qrforge/qrforge/options"
	"github.com/qrforge/qrforge/registry"
	"github.com/qrforge/qrforge/service"
)

// obj is a JSON object under construction; encoding/json sorts its keys, so
// the document is deterministic.
type obj = map[string]any

// optionDoc is the OpenAPI description of one rendering option.
type optionDoc struct {
	opt    options.Option
	schema obj
	desc   string
}

// optionDocs documents every rendering option, aliases included, in the
// canonical order, from the catalogue. The compatibility options are
// documented but marked as such.
func optionDocs() []optionDoc {
	docs := make([]optionDoc, len(options.Rendering))
	for i, o := range options.Rendering {
		docs[i] = optionDoc{o, obj(o.Schema()), o.Doc()}
	}
	return docs
}

// Each rendering option is described once, under components, and every
// operation and body refers to it (OpenAPI 3.1 §4.8.7, §4.8.23): written
// out in each of 110 paths, the options made the document 5.9 MB.

// optionSchemaRef and optionParamRef refer to an option's schema, as a
// body member, and to its query parameter.
func optionSchemaRef(name string) obj { return obj{"$ref": "#/components/schemas/option." + name} }
func optionParamRef(name string) obj  { return obj{"$ref": "#/components/parameters/" + name} }

// optionProperties are the rendering options as the members of a body,
// each referring to its catalogue schema; those kept for another API only
// are left out, as from the JSON Schemas.
func optionProperties() obj {
	props := obj{}
	for _, d := range optionDocs() {
		if d.opt.Compat == "" {
			props[d.opt.Name] = optionSchemaRef(d.opt.Name)
		}
	}
	return props
}

// optionSchemas are the schemas optionProperties refers to, each with its
// description.
func optionSchemas() obj {
	schemas := obj{}
	for _, d := range optionDocs() {
		if d.opt.Compat != "" {
			continue
		}
		p := obj{"description": d.desc}
		for k, v := range d.schema {
			p[k] = v
		}
		schemas["option."+d.opt.Name] = p
	}
	return schemas
}

func stringsOf[T ~string](vs []T) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = string(v)
	}
	return out
}

// queryParam documents one query parameter with its aliases, listed both in
// the description and as the x-aliases extension.
func queryParam(name string, aliases []string, schema obj, desc string, required bool, example any) obj {
	if len(aliases) > 0 {
		desc += " Aliases: " + strings.Join(aliases, ", ") + "."
	}
	p := obj{"name": name, "in": "query", "required": required, "schema": schema, "description": desc}
	if len(aliases) > 0 {
		p["x-aliases"] = aliases
	}
	if example != nil && example != "" {
		p["example"] = example
	}
	return p
}

// compatibilityOptions are accepted so that Google chart API calls, and
// sizes written as the QR libraries write them (scale), work unchanged;
// they are marked x-compatibility so that clients that build calls from
// the document (the MCP tools) can leave them out.
var compatibilityOptions = func() (out []options.Option) {
	for _, o := range options.Rendering {
		if o.Compat != "" {
			out = append(out, o)
		}
	}
	return out
}()

// renderingParams refers to every rendering option's query parameter.
func renderingParams() []any { return kindRenderingParams(nil) }

// kindRenderingParams is renderingParams on kind k's endpoint (nil: the
// generic ones): an option whose name is one of k's fields (epc's
// version) is the parameter named as k's calls write it (qrversion).
func kindRenderingParams(k registry.Entry) []any {
	var out []any
	for _, d := range optionDocs() {
		if p, ok := renamedOptionParam(k, d); ok {
			out = append(out, p)
			continue
		}
		out = append(out, optionParamRef(d.opt.Name))
	}
	return out
}

// renamedOptionParam documents option d on k's endpoint under the name
// k's calls write it, when a field of k has its own name; ok is false
// otherwise.
func renamedOptionParam(k registry.Entry, d optionDoc) (obj, bool) {
	if k == nil || !k.HasField(d.opt.Name) {
		return nil, false
	}
	name := service.OptionName(k.Name(), d.opt.Name)
	var aliases []string
	for _, a := range d.opt.Aliases {
		if a != name && !k.HasField(a) {
			aliases = append(aliases, a)
		}
	}
	desc := d.desc + fmt.Sprintf(" On %s, %s is the payload's field, and this option is written %s.", k.Name(), d.opt.Name, name)
	return queryParam(name, aliases, optionSchemaRef(d.opt.Name), desc, false, nil), true
}

// payloadParams are /payload's options: it takes the generation call as
// it is, so every rendering option is checked there and changes nothing
// in the text (README "Typed payloads"); format also takes text.
func payloadParams(k registry.Entry) []any {
	var out []any
	for _, d := range optionDocs() {
		if p, ok := renamedOptionParam(k, d); ok {
			out = append(out, p)
			continue
		}
		if d.opt.Name != options.Format.Name {
			out = append(out, optionParamRef(d.opt.Name))
			continue
		}
		p := queryParam(d.opt.Name, d.opt.Aliases, obj{"type": "string", "enum": append([]string{"text"}, d.opt.Enum...)},
			"text answers the bare payload as text/plain, as an Accept that prefers text/plain does; JSON otherwise. Another format, as the generation call names it, is checked as there and answers JSON.",
			false, nil)
		out = append(out, p)
	}
	return out
}

// renderingParamDefs are the query parameters renderingParams refers to.
func renderingParamDefs() obj {
	out := obj{}
	for _, d := range optionDocs() {
		p := queryParam(d.opt.Name, d.opt.Aliases, d.schema, d.desc, false, nil)
		// The unit and the formats an option changes have no JSON Schema
		// keyword; OpenAPI 3.1 §4.9 lets a parameter carry them as x-
		// extensions.
		if d.opt.Unit != "" {
			p["x-unit"] = d.opt.Unit
		}
		p["x-outputs"] = d.opt.Outputs
		if d.opt.Compat != "" {
			p["x-compatibility"] = d.opt.Compat
		}
		out[d.opt.Name] = p
	}
	return out
}

// extensionList names the path form's extensions: `.eps`, `.gif`, ...
func extensionList() string {
	exts := options.Extensions()
	for i, e := range exts {
		exts[i] = "`." + e + "`"
	}
	return strings.Join(exts, ", ")
}

// imageResponses are the responses of every generation operation, each
// referring to its description under components.
func imageResponses() obj {
	out := obj{}
	for code, name := range imageResponseNames {
		out[code] = obj{"$ref": "#/components/responses/" + name}
	}
	return out
}

// imageResponseNames names under components each response of
// imageResponseDefs, by status.
var imageResponseNames = map[string]string{"200": "Image", "304": "NotModified", "400": "InvalidParameter", "503": "Overloaded"}

// namedResponses are imageResponseDefs by their names under components.
func namedResponses() obj {
	out := obj{}
	for code, r := range imageResponseDefs() {
		out[imageResponseNames[code]] = r
	}
	return out
}

// imageResponseDefs are the responses imageResponses refers to.
func imageResponseDefs() obj {
	problem := obj{"application/problem+json": obj{"schema": obj{"$ref": "#/components/schemas/Problem"}}}
	return obj{
		"200": obj{
			"description": "The QR code in the requested format. Cacheable for a year; the same request always gives the same bytes.",
			"headers": obj{
				"X-QR-Version":  obj{"description": "Symbol version: 1-40 for a QR Code, 1-4 for Micro QR M1-M4, 1-32 for rMQR R7x43-R17x139 (in the order of ISO/IEC 23941 Table 9).", "schema": obj{"type": "integer"}},
				"X-QR-EC":       obj{"description": "Error-correction level used; none for Micro QR M1, which only detects errors.", "schema": obj{"type": "string", "enum": []string{"L", "M", "Q", "H", "none"}}},
				"X-QR-Symbol":   obj{"description": "The symbol made, named as ISO/IEC 18004 and ISO/IEC 23941 do: 3-M for a QR Code of version 3 at level M, M2-L for a Micro QR Code, R13x77-M for an rMQR code 13 modules high and 77 wide.", "schema": obj{"type": "string"}},
				"X-QR-Symbols":  obj{"description": "With append: how many symbols the structured append set has (1 when one symbol holds the data and append=auto); each is of the version, level and symbol the other headers give.", "schema": obj{"type": "integer", "minimum": 1, "maximum": 16}},
				"X-QR-Warning":  obj{"description": "Why the code, drawn as asked, may not scan or be read as meant: every check of the drawing that verify warns of or fails for the same call (contrast, quiet_zone, module_size, polarity, style_risk, decoders), after its name and in verify's words (quiet_zone: a quiet zone of 2 modules is below ...); after payload:, a kind's warning on its fields, data written in a kind's form that the kind refuses, or a payment code past its expiry at the time of the request; after caption:, a caption too small. Warnings are joined with \"; \". In ASCII: § is written section, other characters outside ASCII as \\u and the code point. Absent when there is no such doubt; verify measures the code.", "schema": obj{"type": "string"}},
				"ETag":          obj{"description": "Strong validator; send it in If-None-Match.", "schema": obj{"type": "string"}},
				"Cache-Control": obj{"description": "public, max-age=31536000, immutable", "schema": obj{"type": "string"}},
			},
			"content": obj{
				"image/png":              obj{"schema": obj{"type": "string", "contentMediaType": "image/png"}},
				"image/svg+xml":          obj{"schema": obj{"type": "string"}},
				"application/json":       obj{"schema": obj{"oneOf": []any{obj{"$ref": "#/components/schemas/Matrix"}, obj{"$ref": "#/components/schemas/AppendSet"}}}},
				"application/zip":        obj{"schema": obj{"type": "string", "contentMediaType": "application/zip", "description": "With append and appendlayout=zip: one file a symbol, part-1-of-3.png and so on."}},
				"text/plain":             obj{"schema": obj{"type": "string", "pattern": "^data:image/png;base64,"}},
				"image/gif":              obj{"schema": obj{"type": "string", "contentMediaType": "image/gif"}},
				"image/jpeg":             obj{"schema": obj{"type": "string", "contentMediaType": "image/jpeg"}},
				"application/pdf":        obj{"schema": obj{"type": "string", "contentMediaType": "application/pdf"}},
				"application/postscript": obj{"schema": obj{"type": "string", "contentMediaType": "application/postscript"}},
			},
		},
		"304": obj{"description": "Not modified (If-None-Match matched the ETag)."},
		"400": obj{"description": "A parameter is invalid or the data does not fit; `fix` is the corrected call.", "content": problem},
		"503": overloadedDef(),
	}
}

// overloadedResponse refers to overloadedDef.
func overloadedResponse() obj { return obj{"$ref": "#/components/responses/Overloaded"} }

// overloadedDef documents the 503 of work that found no memory in time
// (docs/operations.md, "Memory budget and admission").
func overloadedDef() obj {
	return obj{
		"description": "The instance's memory budget is in use by other requests; retry after Retry-After seconds.",
		"headers":     obj{"Retry-After": obj{"description": "Seconds to wait.", "schema": obj{"type": "integer"}}},
		"content":     obj{"application/problem+json": obj{"schema": obj{"$ref": "#/components/schemas/Problem"}}},
	}
}

// OpenAPI builds the OpenAPI 3.1 document from the option tables and the
// registry. It is built once, at start-up.
func (s *Server) OpenAPI() obj {
	paths := obj{}
	dataParam := queryParam(options.Data.Name, options.Data.Aliases, options.Data.Schema(), options.Data.Description, true, options.Data.Example)
	paths["/api/v1/qr"] = obj{"get": obj{
		"operationId": "generate_qr",
		"summary":     "Generate a QR code from a string",
		"description": "Returns the QR code of `data` in the requested format and style. HEAD gives the headers alone.",
		"tags":        []string{"generate"},
		"parameters":  append([]any{dataParam}, renderingParams()...),
		"responses":   imageResponses(),
	}}
	paths["/q/{file}"] = obj{"get": obj{
		"operationId": "generate_qr_path",
		"summary":     "Shortest form: the path is the data",
		"description": "`/q/<data>.<ext>`, the extension one of " + extensionList() + "; no extension means PNG. Only the last extension is removed. Works inside a Markdown image tag.",
		"tags":        []string{"generate"},
		"parameters": append([]any{obj{"name": "file", "in": "path", "required": true, "schema": obj{"type": "string"},
			"description": "Percent-encoded data followed by an extension: " + extensionList() + ".", "example": "hello%20world.png"}}, renderingParams()...),
		"responses": imageResponses(),
	}}
	for _, k := range registry.All() {
		params := kindParams(k)
		paths[k.Path()] = obj{"get": obj{
			"operationId": k.OperationID(),
			"summary":     k.Summary(),
			"description": k.Summary() + ". Payload follows " + k.Standard().String() + ". Fields are validated; a bad field gives 400 with a fix.",
			"tags":        []string{"kinds"},
			"parameters":  append(params, kindRenderingParams(k)...),
			"responses":   imageResponses(),
		}}
		paths[k.Path()+"/payload"] = obj{"get": obj{
			"operationId": "payload_" + strings.TrimPrefix(k.OperationID(), "generate_"),
			"summary":     "The exact " + k.Name() + " payload string, without rendering",
			"tags":        []string{"kinds"},
			"parameters":  append(slices.Clip(params), payloadParams(k)...),
			"responses": obj{
				"200": obj{"description": "The payload: JSON, or the bare string as text/plain for format=text or Accept: text/plain.", "content": obj{
					"application/json": obj{"schema": obj{"$ref": "#/components/schemas/Payload"}},
					"text/plain":       obj{"schema": obj{"type": "string"}},
				}},
				"400": obj{"description": "A field is invalid.", "content": obj{"application/problem+json": obj{"schema": obj{"$ref": "#/components/schemas/Problem"}}}},
			},
		}}
	}
	paths["/api/v1/kinds"] = obj{"get": obj{
		"operationId": "list_kinds",
		"summary":     "List every payload kind with its fields",
		"tags":        []string{"kinds"},
		"responses":   obj{"200": obj{"description": "The kinds.", "content": obj{"application/json": obj{"schema": obj{"$ref": "#/components/schemas/KindList"}}}}},
	}}
	paths["/api/v1/kinds/{kind}"] = obj{"get": obj{
		"operationId": "describe_kind",
		"summary":     "One payload kind with its JSON Schema",
		"tags":        []string{"kinds"},
		"parameters": []any{obj{"name": "kind", "in": "path", "required": true,
			"schema": obj{"type": "string", "enum": registry.Names()}, "example": "wifi"}},
		"responses": obj{
			"200": obj{"description": "The kind, with the JSON Schema of its fields.", "content": obj{"application/json": obj{"schema": obj{"$ref": "#/components/schemas/Kind"}}}},
			"404": obj{"description": "No such kind.", "content": obj{"application/problem+json": obj{"schema": obj{"$ref": "#/components/schemas/Problem"}}}},
		},
	}}
	for path, ops := range s.extraOperations {
		// Another method of a path already described joins it.
		if have, ok := paths[path].(obj); ok {
			for method, op := range ops {
				have[method] = op
			}
			continue
		}
		paths[path] = ops
	}

	return obj{
		"openapi": "3.1.0",
		"info": obj{
			"title":       "qrforge",
			"version":     "1.0.0",
			"summary":     "Keyless QR code API: PNG, SVG, SVG Tiny, GIF, JPEG, PDF, EPS, JSON matrix and data URI, with 30+ validated payload kinds.",
			"description": "No signup, no keys, nothing stored. Generation is deterministic and cacheable for a year. Every 4xx is a problem document whose `fix` is a corrected, runnable call. Parameter aliases (x-aliases) are part of the contract.",
			"license":     obj{"name": "MIT", "identifier": "MIT"},
		},
		"servers": []any{obj{"url": s.baseURL}},
		"paths":   paths,
		"components": obj{"parameters": renderingParamDefs(), "responses": namedResponses(), "schemas": withOptionSchemas(obj{
			"Problem": obj{
				"type":     "object",
				"required": []string{"type", "title", "status", "detail"},
				"properties": obj{
					"type":     obj{"type": "string", "format": "uri"},
					"title":    obj{"type": "string"},
					"status":   obj{"type": "integer"},
					"detail":   obj{"type": "string"},
					"field":    obj{"type": "string", "description": "The offending parameter."},
					"fix":      obj{"type": "string", "description": "A corrected, runnable call made only from the caller's own values, mechanically corrected. Absent when a value only the caller can give (a payee, an account, a network, a secret) is missing or wrong."},
					"example":  obj{"type": "string", "description": "When there is no fix: the kind's documented example call. Its payee, account or network is an example's, never the caller's."},
					"instance": obj{"type": "string"},
					"hint":     obj{"type": "string", "description": "Another way to what the caller wants than the fix: data too long for one symbol names structured append (append=auto), with the call."},
					"errors": obj{"type": "array", "items": obj{"type": "object", "properties": obj{
						"field": obj{"type": "string"}, "detail": obj{"type": "string"}}}},
				},
			},
			"Matrix": obj{
				"type":     "object",
				"required": []string{"symbol", "designator", "version", "ec", "size", "margin", "matrix"},
				"properties": obj{
					"symbol":     obj{"type": "string", "enum": []string{"qr", "micro", "rmqr"}, "description": "A QR Code, a Micro QR Code or an rMQR code."},
					"designator": obj{"type": "string", "description": "The symbol as its standard names it, as X-QR-Symbol: 3-M, M1, M2-L, R13x27-M."},
					"version":    obj{"type": "integer", "minimum": 1, "maximum": 40, "description": "1 to 40 for a QR Code; 1 to 4 (M1 to M4) for a Micro QR Code; for an rMQR code its size's place in ISO/IEC 23941 Table 1 (1 is R7x43, 32 R17x139): designator names it."},
					"ec":         obj{"type": "string", "enum": []string{"L", "M", "Q", "H", "none"}},
					"size":       obj{"type": "integer", "description": "Modules per side without the quiet zone; an rMQR code's width."},
					"width":      obj{"type": "integer", "description": "An rMQR code's modules per row (27 to 139); absent for square symbols."},
					"height":     obj{"type": "integer", "description": "An rMQR code's rows (7 to 17); absent for square symbols."},
					"margin":     obj{"type": "integer", "description": "Quiet zone in modules."},
					"matrix":     obj{"type": "array", "items": obj{"type": "array", "items": obj{"type": "integer", "enum": []int{0, 1}}}, "description": "Rows top first; 1 is dark."},
					"logo": obj{"type": "object", "required": []string{"x", "y", "size"}, "description": "With a logo: the square of modules cleared for it, its top-left module and side, in the matrix's modules (docs/logos.md).",
						"properties": obj{"x": obj{"type": "integer"}, "y": obj{"type": "integer"}, "size": obj{"type": "integer"}}},
				},
			},
			"AppendSet": appendSetSchema(),
			"Payload": obj{
				"type":       "object",
				"required":   []string{"kind", "payload"},
				"properties": obj{"kind": obj{"type": "string"}, "payload": obj{"type": "string"}, "warning": obj{"type": "string", "description": "What the payload may still lose, though its standard allows it (an EPC payee name's characters that SEPA banks do not convert), or a payment code past its expiry (a Lightning invoice, a KHQR); absent when nothing. Generation's X-QR-Warning carries it too, with its warnings of the drawing."}},
			},
			"Kind": kindSchema(),
			"KindList": obj{
				"type":     "object",
				"required": []string{"count", "kinds"},
				"properties": obj{
					"count": obj{"type": "integer"},
					"kinds": obj{"type": "array", "items": obj{"$ref": "#/components/schemas/Kind"}},
				},
			},
		})},
	}
}

// withOptionSchemas is schemas with the options' own added.
func withOptionSchemas(schemas obj) obj {
	for name, s := range optionSchemas() {
		schemas[name] = s
	}
	return schemas
}

// reflectSchema is the JSON Schema of a response type, reflected from the
// Go type the handler encodes so that the two cannot drift.
func reflectSchema(v any) obj {
	r := jsonschema.Reflector{DoNotReference: true, ExpandedStruct: true}
	b, err := json.Marshal(r.Reflect(v))
	if err != nil {
		panic("server: schema of " + fmt.Sprintf("%T", v) + ": " + err.Error())
	}
	var s obj
	json.Unmarshal(b, &s)
	delete(s, "$schema")
	delete(s, "$id")
	return s
}

// kindSchema is a kind as /api/v1/kinds lists it and /api/v1/kinds/{kind}
// describes it.
func kindSchema() obj {
	s := reflectSchema(kindSummary{})
	if props, ok := s["properties"].(obj); ok {
		props["schema"] = obj{"type": "object", "description": "JSON Schema (draft 2020-12) of the kind's fields; in GET /api/v1/kinds/{kind} only."}
	}
	return s
}

// kindParams documents a kind's fields as query parameters, with schema
// keywords taken from its JSON Schema.
func kindParams(k registry.Entry) []any {
	schema, _ := json.Marshal(k.Schema())
	var props struct {
		Properties map[string]obj `json:"properties"`
	}
	json.Unmarshal(schema, &props)
	var out []any
	for _, f := range k.Fields() {
		sch := props.Properties[f.Name]
		delete(sch, "examples")
		delete(sch, "description")
		if sch == nil {
			sch = obj{"type": "string"}
		}
		out = append(out, queryParam(f.Name, nil, sch, f.Description, f.Required, f.Example))
	}
	return out
}

// appendSetSchema is the answer of append with appendlayout=json
// (service.SetDocument).
func appendSetSchema() obj {
	return obj{
		"type":        "object",
		"description": "A structured append set (ISO/IEC 18004:2015 §8), with append and appendlayout=json.",
		"required":    []string{"symbols", "structured_append", "parts"},
		"properties": obj{
			"symbols":           obj{"type": "integer", "minimum": 1, "maximum": 16},
			"structured_append": obj{"type": "boolean", "description": "Whether the symbols carry structured append headers; false for one symbol that holds the data (append=auto)."},
			"parity":            obj{"type": "integer", "minimum": 0, "maximum": 255, "description": "The set's parity data: the exclusive or of every byte the set carries, a Kanji-mode character as its Shift JIS bytes (§8.3)."},
			"parts": obj{"type": "array", "items": obj{
				"type":     "object",
				"required": []string{"part", "of", "symbol", "text", "image"},
				"properties": obj{
					"part":   obj{"type": "integer", "minimum": 1, "description": "The symbol's place in the set, from 1."},
					"of":     obj{"type": "integer"},
					"parity": obj{"type": "integer"},
					"symbol": obj{"type": "string", "description": "As X-QR-Symbol: 12-M."},
					"text":   obj{"type": "string", "description": "The symbol's share of the data; the parts in order are the data."},
					"image":  obj{"type": "string", "description": "The symbol in the format asked for, as a data URI."},
				},
			}},
		},
	}
}
