package mcp

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/qrforge/qrforge/options"
)

// verifyPath is the verify endpoint (README "Batch, decode, verify").
const verifyPath = "/api/v1/verify"

// verify serves qr_verify as GET /api/v1/verify: data, or kind (type=<kind>
// on the endpoint)
// and its fields, and the options. The service renders the PNG the same
// parameters give on the generation endpoints, decodes it and runs its
// checks (contrast, quiet zone, module size, polarity).
func (t *tools) verify(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	q, bad := t.verifyQuery(req.GetArguments())
	if bad != nil {
		return bad, nil
	}
	resp := t.api.verify(ctx, q)
	if !resp.ok() {
		return t.apiFailure(resp), nil
	}
	return answered(resp, resp.url), nil
}

// tryVerify answers as verify would refuse the call, but draws, decodes
// and scores nothing (service.CheckVerify): settled tries verify's fixes
// with it, as re-running one would be the whole verification again.
func (t *tools) tryVerify(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	q, bad := t.verifyQuery(req.GetArguments())
	if bad != nil {
		return bad, nil
	}
	if p := t.api.checkVerify(ctx, q); p != nil {
		return t.apiFailure(&response{problem: p}), nil
	}
	return &mcp.CallToolResult{}, nil // would be answered
}

// verifyQuery is the verify call args make, or the tool error that
// refuses them before the service is asked.
func (t *tools) verifyQuery(args map[string]any) (*query, *mcp.CallToolResult) {
	robustness := options.Robustness.Name
	known := knownNames(t.verifyOptions, "data", kindArgument, legacyKindArgument, "fields", robustness)
	if bad := t.strayFields(toolVerify, args, known); bad != nil {
		return nil, bad
	}
	if bad := t.nestedOptions(toolVerify, args, t.verifyOptions); bad != nil {
		return nil, bad
	}
	if bad := t.unknownArguments(toolVerify, args, known, argumentNames(t.verifyOptions, "data", kindArgument, "fields", robustness), nil); bad != nil {
		return nil, bad
	}
	target, bad := readTarget(args, true, true)
	if bad != nil {
		return nil, t.badArgument(toolVerify, args, bad)
	}
	q := &query{}
	if target.kind != nil {
		// On verify, type names the kind (it is not format's alias).
		q.add("type", target.kind.Name())
	}
	q.names = append(q.names, target.query().names...)
	q.values = append(q.values, target.query().values...)
	if bad := readOptions(q, t.verifyOptions, target.kind, args, "data", kindArgument, legacyKindArgument, "fields", robustness); bad != nil {
		return nil, t.badArgument(toolVerify, args, bad)
	}
	if v, ok := args[robustness]; ok {
		// The service judges the value, as on GET /api/v1/verify.
		q.add(robustness, fmt.Sprint(v))
	}
	return q, nil
}
