package mcp

import (
	"context"
	"maps"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/qrforge/qrforge/service"
)

// generate serves qr_generate: data and the options, as GET /api/v1/qr.
func (t *tools) generate(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	args := req.GetArguments()
	if bad := t.unknownArguments(toolGenerate, args, knownNames(t.all, "data"), argumentNames(t.all, "data"), nil); bad != nil {
		return bad, nil
	}
	target, bad := readTarget(args, true, false)
	if bad != nil {
		return t.badArgument(toolGenerate, args, bad), nil
	}
	q := target.query()
	if bad := readOptions(q, t.all, args, "data"); bad != nil {
		return t.badArgument(toolGenerate, args, bad), nil
	}
	resp := t.api.generate(ctx, target, q)
	if !resp.ok() {
		return t.apiFailure(resp), nil
	}
	return generated(resp, nil), nil
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
	if bad := t.unknownArguments(toolGenerateTyped, args, known, argumentNames(t.all, kindArgument, "fields"), nil); bad != nil {
		return bad, nil
	}
	target, bad := readTarget(args, false, true)
	if bad != nil {
		return t.badArgument(toolGenerateTyped, args, bad), nil
	}
	q := target.query()
	if bad := readOptions(q, t.all, args, kindArgument, legacyKindArgument, "fields"); bad != nil {
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
	fix, change := bad.fix, bad.change
	if fix == nil {
		fix = maps.Clone(args)
		delete(fix, bad.field)
		change = "without " + bad.field
	}
	text, fixArguments := boundedFix(tool, fix, change)
	return failed(t.localProblem(service.KindInvalidParameter, bad.field, bad.detail, text), fixArguments)
}
