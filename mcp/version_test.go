package mcp_test

import (
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/client"
)

// The tools take version (and its aliases) though qr_generate's schema
// leaves it out; on epc, whose payload has a version field, the field is
// fields.version and the option the argument version.
func TestToolsTakeVersion(t *testing.T) {
	each(t, func(t *testing.T, base string, c *client.Client) {
		for _, name := range []string{"version", "typenumber"} {
			var g generated
			succeed(t, c, "qr_generate", map[string]any{"data": "hi", name: 7}, &g)
			if g.Version != 7 || !strings.Contains(g.URL, name+"=7") {
				t.Errorf("%s=7: version %d, url %s", name, g.Version, g.URL)
			}
		}
		var g generated
		succeed(t, c, "qr_generate_typed", map[string]any{"kind": "epc", "version": 10, "fields": map[string]any{
			"name": "Wikimedia", "iban": "DE33100205000001194700", "bic": "BFSWDE33BER", "amount": "1.23", "version": "002"}}, &g)
		if g.Version != 10 || !strings.HasPrefix(g.Payload, "BCD\n002\n") || !strings.Contains(g.URL, "qrversion=10") {
			t.Errorf("epc: version %d, payload %q, url %s", g.Version, g.Payload, g.URL)
		}
		res := callTool(t, c, "qr_generate", map[string]any{"data": strings.Repeat("abcdefghij", 10), "version": 3})
		if !res.IsError || !strings.Contains(texts(res), "version") {
			t.Errorf("version 3 for 100 bytes: %s", texts(res))
		}
	})
}

// epc allows versions up to 13 (EPC069-12): the fix's arguments give
// the option 13, as epc writes it (qrversion), and keep the field.
func TestToolsVersionFixKeepsTheField(t *testing.T) {
	each(t, func(t *testing.T, base string, c *client.Client) {
		res := callTool(t, c, "qr_generate_typed", map[string]any{"kind": "epc", "version": 20, "fields": map[string]any{
			"name": "Wikimedia", "iban": "DE33100205000001194700", "bic": "BFSWDE33BER", "amount": "1.23", "version": "002"}})
		got := texts(res)
		if !res.IsError || !strings.Contains(got, `"qrversion":13`) || !strings.Contains(got, `"version":"002"`) {
			t.Errorf("epc version 20: %s", got)
		}
	})
}
