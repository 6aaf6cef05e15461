package mcp_test

import (
	"encoding/json"
	"strings"
	"testing"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
)

// postMessage posts one JSON-RPC message, as written, to the MCP endpoint
// and returns its reply: a client library would have dropped a key given
// twice before sending it.
func postMessage(t *testing.T, base, version, msg string) (result *mcpgo.CallToolResult, rpcError string) {
	t.Helper()
	// The stateless core's headers repeat the call's method and tool.
	status, body := postRPC(t, base, msg, map[string]string{"Mcp-Protocol-Version": version, "Mcp-Method": "tools/call", "Mcp-Name": "qr_batch"})
	var envelope struct {
		Result json.RawMessage `json:"result"`
		Error  *struct {
			Message string `json:"message"`
		} `json:"error"`
	}
	if err := json.Unmarshal(body, &envelope); err != nil {
		t.Fatalf("HTTP %d, reply %.300s: %v", status, body, err)
	}
	if envelope.Error != nil {
		return nil, envelope.Error.Message
	}
	result, err := mcpgo.ParseCallToolResult(&envelope.Result)
	if err != nil {
		t.Fatalf("result %.300s: %v", envelope.Result, err)
	}
	return result, ""
}

// A key the arguments give twice with different values fails the call as
// a bad argument does, naming its path and both values, with no fix;
// given twice elsewhere in the message, it makes the request invalid. The
// same value twice is accepted, as on HTTP.
func TestDuplicateArgumentKeys(t *testing.T) {
	base := start(t)
	for _, version := range []string{mcpgo.LATEST_LEGACY_PROTOCOL_VERSION, mcpgo.ProtocolVersion20260728} {
		t.Run(version, func(t *testing.T) {
			// The stateless core states its version in the message too.
			meta := ""
			if version == mcpgo.ProtocolVersion20260728 {
				meta = `"_meta":{"` + mcpgo.MetaKeyProtocolVersion + `":"` + version + `","` + mcpgo.MetaKeyClientCapabilities + `":{},"` +
					mcpgo.MetaKeyClientInfo + `":{"name":"qrforge-test","version":"1"}},`
			}
			message := func(params string) string {
				return `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{` + meta + params + `}}`
			}
			call := func(arguments string) string { return message(`"name":"qr_batch","arguments":` + arguments) }
			for _, tt := range []struct{ arguments, field, values string }{
				{`{"style":{"size":300},"style":{"color":"red"},"items":[{"data":"a"}]}`, "style", `({"size":300} and {"color":"red"})`},
				{`{"output":"svg","output":"json","items":[{"data":"a"}]}`, "output", `("svg" and "json")`},
			} {
				res, rpcError := postMessage(t, base, version, call(tt.arguments))
				if res == nil || !res.IsError {
					t.Errorf("%s: JSON-RPC error %q, result %.200s; want a tool error", tt.arguments, rpcError, resultText(res))
					continue
				}
				p := problemOf(t, res)
				if p.Field != tt.field || !strings.Contains(p.Detail, tt.field+" is given twice with different values "+tt.values) || p.Fix != "" || p.FixArguments != nil || p.Status != 400 {
					t.Errorf("%s: problem %+v", tt.arguments, p)
				}
			}

			// Inside an item, as on POST /api/v1/qr/batch, only that item
			// fails.
			res, rpcError := postMessage(t, base, version, call(`{"items":[{"data":"ok"},{"type":"wifi","fields":{"ssid":"A","ssid":"B","password":"abcdefgh1"}}]}`))
			var answer struct {
				Succeeded, Failed int
				Items             []struct {
					Error *struct{ Field, Detail string }
				}
			}
			if res == nil || res.IsError || json.Unmarshal([]byte(texts(res)), &answer) != nil {
				t.Fatalf("a key twice in an item: JSON-RPC error %q, result %.300s", rpcError, resultText(res))
			}
			if answer.Succeeded != 1 || answer.Failed != 1 || len(answer.Items) != 2 || answer.Items[0].Error != nil || answer.Items[1].Error == nil ||
				answer.Items[1].Error.Field != "fields.ssid" || !strings.Contains(answer.Items[1].Error.Detail, `items[1].fields.ssid is given twice with different values ("A" and "B")`) {
				t.Errorf("a key twice in an item: %.500s", texts(res))
			}

			res, rpcError = postMessage(t, base, version, call(`{"output":"url","output":"url","items":[{"data":"a","data":"a"}]}`))
			if res == nil || res.IsError {
				t.Errorf("the same value twice: JSON-RPC error %q, result %.200s", rpcError, resultText(res))
			}

			// An escaped half of a surrogate pair alone stands for no
			// character (RFC 8259 §8.2); a pair is its character.
			res, rpcError = postMessage(t, base, version, call(`{"items":[{"data":"caf\udce9"}]}`))
			if res != nil || !strings.Contains(rpcError, `escapes half of a UTF-16 surrogate pair alone, \udce9`) {
				t.Errorf("a lone surrogate: JSON-RPC error %q, result %.200s", rpcError, resultText(res))
			}
			res, rpcError = postMessage(t, base, version, call(`{"output":"url","items":[{"data":"clef \ud834\udd1e"}]}`))
			if res == nil || res.IsError || !strings.Contains(texts(res), `"succeeded":1`) {
				t.Errorf("an escaped pair: JSON-RPC error %q, result %.300s", rpcError, resultText(res))
			}

			res, rpcError = postMessage(t, base, version, message(`"name":"qr_generate","name":"qr_batch","arguments":{"items":[{"data":"a"}]}`))
			if res != nil || !strings.Contains(rpcError, `params.name is given twice with different values ("qr_generate" and "qr_batch")`) {
				t.Errorf("a tool named twice: JSON-RPC error %q, result %.200s", rpcError, resultText(res))
			}
		})
	}
}

// resultText is a result's text, for messages; "" without one.
func resultText(res *mcpgo.CallToolResult) string {
	if res == nil {
		return ""
	}
	return texts(res)
}
