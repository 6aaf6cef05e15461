package mcp_test

import (
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/client"
	mcpgo "github.com/mark3labs/mcp-go/mcp"
)

// TestArgumentsAreReadAsTheAPIReadsThem: a tool's arguments that are not
// an object, or hold a number past float64, are refused in words, not
// taken as no arguments or answered in the decoder's Go type names; so is
// a number a float64 holds only rounded (a 21-digit reference would be
// written 123456789012345680000); a
// value of the wrong JSON type is named as JSON names it; type=svg is
// format's alias, as in the API's query.
func TestArgumentsAreReadAsTheAPIReadsThem(t *testing.T) {
	base := start(t)
	for _, c := range []struct{ tool, args, says string }{
		{"qr_generate", `[1,2]`, "must be an object of named arguments"},
		{"qr_generate", `"data=x"`, "must be an object of named arguments"},
		{"qr_generate", `{"data":"x","size":1e400}`, "params.arguments.size is 1e400, a number out of range"},
		{"qr_generate_typed", `{"kind":"upi","fields":{"pa":"shop@upi","pn":"Shop","tr":123456789012345678901}}`, `params.arguments.fields.tr is 123456789012345678901, a number a JSON reader holds only as 123456789012345680000: give it as a string, "123456789012345678901"`},
	} {
		msg := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"` + c.tool + `","arguments":` + c.args + `}}`
		_, rpcError := postMessage(t, base, mcpgo.LATEST_LEGACY_PROTOCOL_VERSION, msg)
		if !strings.Contains(rpcError, c.says) || strings.Contains(rpcError, "Go struct") {
			t.Errorf("arguments %s: error %q, want one saying %q", c.args, rpcError, c.says)
		}
	}
	each(t, func(t *testing.T, base string, c *client.Client) {
		for arg, says := range map[string]string{"size": "size is an integer or a string, not a list", "label": "label is a string, not an object"} {
			value := map[string]any{"size": []any{1}, "label": map[string]any{"a": 1}}[arg]
			p := fail(t, c, "qr_generate", map[string]any{"data": "x", arg: value})
			if !strings.Contains(p.Detail, says) {
				t.Errorf("%s: %q, want %q", arg, p.Detail, says)
			}
		}
		res := callTool(t, c, "qr_generate", map[string]any{"data": "x", "type": "svg"})
		if res.IsError || !strings.Contains(texts(res), "<svg") && !strings.Contains(string(res.RawStructuredContent), "svg") {
			t.Errorf("type=svg: %s", texts(res))
		}
	})
}
