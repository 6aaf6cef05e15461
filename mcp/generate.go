package mcp

import (
	"context"
	"maps"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/qrforge/qrforge/options"
	"github.com/qrforge/qrforge/service"
)

// generate serves qr_generate: data and the options, as GET /api/v1/qr.
func (t *tools) generate(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	args := req.GetArguments()
	dataNames := append([]string{options.Data.Name}, options.Data.Aliases...)
	if bad := t.nestedOptions(toolGenerate, args, t.all); bad != nil {
		return bad, nil
	}
	if bad := t.unknownArguments(toolGenerate, args, knownNames(t.all, dataNames...), argumentNames(t.all, "data"), nil); bad != nil {
		return bad, nil
	}
	withData, readFrom := dataUnderItsName(args)
	target, bad := readTarget(withData, true, false)
	if bad != nil {
		return t.badArgument(toolGenerate, args, bad), nil
	}
	q := target.query()
	// data's other names go to the API as given, which refuses one whose
	// value differs, as GET /api/v1/qr?data=a&text=b is refused.
	for _, name := range options.Data.Aliases {
		if v, given := args[name]; given && name != readFrom {
			s, _ := queryValue(v)
			q.add(name, s)
		}
	}
	if bad := readOptions(q, t.all, nil, args, dataNames...); bad != nil {
		return t.badArgument(toolGenerate, args, bad), nil
	}
	resp := t.api.generate(ctx, target, q)
	if !resp.ok() {
		return t.apiFailure(resp), nil
	}
	return generated(resp, nil), nil
}

// dataUnderItsName is args with data under its own name, and the name it
// was read from: GET /api/v1/qr reads data under the names other QR APIs
// use (text, url, content), and so does qr_generate, unadvertised, as it
// reads the options' aliases.
func dataUnderItsName(args map[string]any) (map[string]any, string) {
	if _, given := args[options.Data.Name]; given {
		return args, options.Data.Name
	}
	for _, alias := range options.Data.Aliases {
		if v, given := args[alias]; given {
			out := maps.Clone(args)
			delete(out, alias)
			out[options.Data.Name] = v
			return out, alias
		}
	}
	return args, ""
}

// generateTyped serves qr_generate_typed: the kind's fields and the
// options, as GET /api/v1/<type>. The result also carries the exact
// payload, as GET /api/v1/<type>/payload gives it.
func (t *tools) generateTyped(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	args := req.GetArguments()
	known := knownNames(t.all, kindArgument, legacyKindArgument, "fields")
	if bad := t.strayFields(toolGenerateTyped, args, known); bad != nil {
		return bad, nil
	}
	if bad := t.nestedOptions(toolGenerateTyped, args, t.all); bad != nil {
		return bad, nil
	}
	if bad := t.unknownArguments(toolGenerateTyped, args, known, argumentNames(t.all, kindArgument, "fields"), nil); bad != nil {
		return bad, nil
	}
	target, bad := readTarget(args, false, true)
	if bad != nil {
		return t.badArgument(toolGenerateTyped, args, bad), nil
	}
	q := target.query()
	if bad := readOptions(q, t.all, target.kind, args, kindArgument, legacyKindArgument, "fields"); bad != nil {
		return t.badArgument(toolGenerateTyped, args, bad), nil
	}
	resp := t.api.generate(ctx, target, q)
	if !resp.ok() {
		return t.apiFailure(resp), nil
	}
	extra := map[string]any{kindArgument: target.kind.Name()}
	if payload, ok := t.payload(ctx, target); ok {
		extra["payload"] = payload
	}
	return generated(resp, extra), nil
}

// payload is the exact string a typed target encodes.
func (t *tools) payload(ctx context.Context, target *target) (string, bool) {
	if target.kind == nil {
		return target.data, true
	}
	p, problem := t.api.svc.Payload(service.Request{Kind: target.kindName(), Params: target.query().params()})
	if problem != nil {
		return "", false
	}
	return p.Payload, true
}

// badArgument is the tool error for an argument the tool cannot use. When
// the error carries no corrected arguments, the fix is the same call without
// the offending argument.
func (t *tools) badArgument(tool string, args map[string]any, bad *argError) *mcp.CallToolResult {
	if bad.noFix {
		p := t.localProblem(service.KindInvalidParameter, bad.field, bad.detail, "")
		if bad.example != nil {
			p.Example = call(tool, bad.example)
		}
		return failed(p, nil)
	}
	if bad.words != "" {
		return failed(t.localProblem(service.KindInvalidParameter, bad.field, bad.detail, tool+" "+bad.words), nil)
	}
	fix, change := bad.fix, bad.change
	if fix == nil {
		fix = maps.Clone(args)
		delete(fix, bad.field)
		change = "without " + bad.field
	}
	text, fixArguments := boundedFix(tool, fix, change)
	return failed(t.localProblem(service.KindInvalidParameter, bad.field, bad.detail, text), fixArguments)
}
