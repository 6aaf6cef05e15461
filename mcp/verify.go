package mcp

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
)

// verifyPath is the verify endpoint (README "Batch, decode, verify").
const verifyPath = "/api/v1/verify"

// verify serves qr_verify as GET /api/v1/verify: data, or kind (type=<kind>
// on the endpoint)
// and its fields, and the options. The service renders the PNG the same
// parameters give on the generation endpoints, decodes it and runs its
// checks (contrast, quiet zone, module size, polarity).
func (t *tools) verify(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	args := req.GetArguments()
	if bad := t.unknownArguments(toolVerify, args, knownNames(t.verifyOptions, "data", kindArgument, legacyKindArgument, "fields"), argumentNames(t.verifyOptions, "data", kindArgument, "fields"), nil); bad != nil {
		return bad, nil
	}
	target, bad := readTarget(args, true, true)
	if bad != nil {
		return t.badArgument(toolVerify, args, bad), nil
	}
	q := &query{}
	if target.kind != nil {
		// On verify, type names the kind (it is not format's alias).
		q.add("type", target.kind.Name())
	}
	q.names = append(q.names, target.query().names...)
	q.values = append(q.values, target.query().values...)
	if bad := readOptions(q, t.verifyOptions, args, "data", kindArgument, legacyKindArgument, "fields"); bad != nil {
		return t.badArgument(toolVerify, args, bad), nil
	}
	resp := t.api.verify(ctx, q)
	if !resp.ok() {
		return t.apiFailure(resp), nil
	}
	return answered(resp, resp.url), nil
}
