package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/qrforge/qrforge/registry"
	"github.com/qrforge/qrforge/schemas"
)

// kindTemplate is the resource template of a kind's fields schema
// (RFC 6570 level 1), and kindURI one kind's resource.
const kindTemplate = "qrforge://kinds/{name}/schema"

func kindURI(kind string) string { return "qrforge://kinds/" + kind + "/schema" }

// kindOfURI is the kind a schema resource URI names.
func kindOfURI(uri string) (registry.Entry, bool) {
	rest, ok := strings.CutPrefix(uri, "qrforge://kinds/")
	if !ok {
		return nil, false
	}
	name, ok := strings.CutSuffix(rest, "/schema")
	if !ok {
		return nil, false
	}
	return registry.Lookup(name)
}

const schemaMIME = "application/schema+json"

// kindResources serve each kind's JSON Schema, the same bytes as
// schemas/<kind>.json, for clients that read schemas as resources:
// resources/list names each one, resources/templates/list the template.
func kindResources() []server.ServerResource {
	var out []server.ServerResource
	for _, k := range registry.All() {
		uri := kindURI(k.Name())
		body := string(schemas.Kind(k))
		out = append(out, server.ServerResource{
			Resource: mcp.NewResource(uri, k.Name()+" fields",
				mcp.WithResourceTitle(k.Summary()),
				mcp.WithResourceDescription("JSON Schema of the "+k.Name()+" kind's fields for qr_generate_typed ("+k.Standard().String()+")."),
				mcp.WithMIMEType(schemaMIME),
				mcp.WithResourceSize(int64(len(body))),
			),
			Handler: func(ctx context.Context, req mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
				return []mcp.ResourceContents{mcp.TextResourceContents{URI: uri, MIMEType: schemaMIME, Text: body}}, nil
			},
		})
	}
	return out
}

// kindTemplates is the template a client fills with a kind's name.
func kindTemplates() []server.ServerResourceTemplate {
	return []server.ServerResourceTemplate{{
		Template: mcp.NewResourceTemplate(kindTemplate, "kind fields",
			mcp.WithTemplateTitle("A payload kind's fields"),
			mcp.WithTemplateDescription("JSON Schema of a kind's fields for qr_generate_typed; {name} is a kind of qr_list_kinds."),
			mcp.WithTemplateMIMEType(schemaMIME),
		),
		Handler: func(ctx context.Context, req mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
			k, ok := kindOfURI(req.Params.URI)
			if !ok {
				return nil, fmt.Errorf("%s names no kind; kinds are %s", truncate(req.Params.URI, maxNameBytes), strings.Join(registry.Names(), ", "))
			}
			return []mcp.ResourceContents{mcp.TextResourceContents{URI: kindURI(k.Name()), MIMEType: schemaMIME, Text: string(schemas.Kind(k))}}, nil
		},
	}}
}

// kindFacts are what an agent needs to ask the user for a kind: the
// fields it cannot do without and those only the user can give.
func kindFacts(k registry.Entry) (required, identity []string) {
	required, identity = []string{}, []string{}
	for _, f := range k.Fields() {
		if f.Required {
			required = append(required, f.Name)
		}
		if f.Identity {
			identity = append(identity, f.Name)
		}
	}
	return required, identity
}

// listKinds serves qr_list_kinds.
func (t *tools) listKinds(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	args := req.GetArguments()
	if bad := t.unknownArguments(toolListKinds, args, knownNames(nil), nil, map[string]any{}); bad != nil {
		return bad, nil
	}
	type kindInfo struct {
		Name     string   `json:"name"`
		Summary  string   `json:"summary"`
		Standard string   `json:"standard"`
		Required []string `json:"required"`
		Identity []string `json:"identity"`
		Schema   string   `json:"schema"`
	}
	var kinds []kindInfo
	for _, k := range registry.All() {
		required, identity := kindFacts(k)
		kinds = append(kinds, kindInfo{Name: k.Name(), Summary: k.Summary(), Standard: k.Standard().String(),
			Required: required, Identity: identity, Schema: kindURI(k.Name())})
	}
	return summary(map[string]any{"kinds": kinds}), nil
}

// kindSchema serves qr_kind_schema: the resource's schema, and the
// fields to ask the user for. The schema's examples document the format;
// identity lists the fields no example may fill.
func (t *tools) kindSchema(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	args := req.GetArguments()
	names := []string{kindArgument}
	if bad := t.unknownArguments(toolKindSchema, args, knownNames(nil, kindArgument), names, kindUnderOtherName(args)); bad != nil {
		return bad, nil
	}
	value := args[kindArgument]
	name, isText := value.(string)
	if value != nil && !isText {
		return t.badArgument(toolKindSchema, args, kindNotText(value)), nil
	}
	k, ok := registry.Lookup(strings.ToLower(strings.TrimSpace(name)))
	if !ok {
		if name == "" {
			return t.badArgument(toolKindSchema, args, unfixable(kindArgument, "kind is required: one of "+strings.Join(registry.Names(), ", "), textKind)), nil
		}
		detail := fmt.Sprintf("kind %q is not a payload kind; kinds are %s", truncate(name, maxNameBytes), strings.Join(registry.Names(), ", "))
		// A kind's name is no identity: the kind plainly meant (a typo,
		// or a word for it: Wi-Fi, business card) is a safe fix, read as
		// qr_generate_typed reads kind (registry.Meant).
		if meant, ok := registry.Meant(name); ok {
			return t.badArgument(toolKindSchema, args, &argError{field: kindArgument, detail: detail + "; did you mean " + meant + "?",
				fix: map[string]any{kindArgument: meant}, change: "with kind " + meant}), nil
		}
		return t.badArgument(toolKindSchema, args, unfixable(kindArgument, detail+"; none is close to it", textKind)), nil
	}
	required, identity := kindFacts(k)
	var schema map[string]any
	if err := json.Unmarshal(schemas.Kind(k), &schema); err != nil {
		return nil, fmt.Errorf("schema of %s: %w", k.Name(), err)
	}
	return summary(map[string]any{kindArgument: k.Name(), "uri": kindURI(k.Name()), "required": required, "identity": identity, "schema": schema}), nil
}

// textKind is qr_kind_schema's example when no kind is plainly meant: no
// payment kind is offered for a name merely a few letters from it.
var textKind = map[string]any{kindArgument: "text"}

// kindUnderOtherName is qr_kind_schema's fix for a call whose one
// argument, under another name (name, type, schema), names a kind: the
// kind, as written, which the fix's own trial respells (settled). nil
// for any other call.
func kindUnderOtherName(args map[string]any) map[string]any {
	if _, given := args[kindArgument]; given || len(args) != 1 {
		return nil
	}
	for _, v := range args {
		if s, ok := v.(string); ok && namesKind(s) {
			return map[string]any{kindArgument: s}
		}
	}
	return nil
}

// namesKind reports whether s is a kind's name, in any case, or plainly
// meant for one (registry.Meant).
func namesKind(s string) bool {
	if _, ok := registry.Lookup(strings.ToLower(strings.TrimSpace(s))); ok {
		return true
	}
	_, ok := registry.Meant(s)
	return ok
}

// kindNotText is the error for a kind given as a list or an object: a
// list of one name ("kind": ["wifi"]) says which kind, and the fix gives
// it as the string; anything else names none, or several.
func kindNotText(v any) *argError {
	detail := "kind is a kind's name, a string, not " + jsonKind(v)
	if list, ok := v.([]any); ok && len(list) == 1 {
		if s, ok := list[0].(string); ok && namesKind(s) {
			return &argError{field: kindArgument, detail: detail, fix: map[string]any{kindArgument: s}, change: "with kind " + s}
		}
	}
	return unfixable(kindArgument, detail+"; qr_list_kinds lists them", textKind)
}
