package mcp

import (
	"context"
	"strconv"

	"github.com/mark3labs/mcp-go/mcp"
)

// verification is qr_verify's answer: a subset of the shape decisions,
// "Verify" gives GET /api/v1/verify.
type verification struct {
	Scannable bool   `json:"scannable"`
	Decoded   string `json:"decoded"`
	Matches   bool   `json:"matches"`
	Version   int    `json:"version"`
	EC        string `json:"ec"`
	Payload   string `json:"payload"`
	URL       string `json:"url"`
}

// verify serves qr_verify: it renders the PNG through the API exactly as
// qr_generate would and reads it back with gozxing.
//
// Once GET /api/v1/verify exists, this should call it in-process instead,
// so the tool reports the same checks (contrast, quiet zone, module size)
// as the HTTP endpoint.
func (t *tools) verify(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	args := req.GetArguments()
	target, bad := readTarget(args, true, true)
	if bad != nil {
		return t.badArgument(toolVerify, args, bad), nil
	}
	q := target.query()
	if bad := readOptions(q, t.verifyOptions, args, "data", "type", "fields"); bad != nil {
		return t.badArgument(toolVerify, args, bad), nil
	}
	resp := t.api.get(ctx, target.path(), q)
	if !resp.ok() {
		return t.apiFailure(resp), nil
	}
	v := verification{URL: resp.url, EC: resp.header.Get("X-QR-EC")}
	v.Version, _ = strconv.Atoi(resp.header.Get("X-QR-Version"))
	v.Payload, _ = t.payload(ctx, target)
	if codes, err := decodeImage(resp.body); err == nil {
		v.Scannable = true
		v.Decoded = codes[0].Text
		v.Matches = v.Decoded == v.Payload
	}
	return summary(v), nil
}
