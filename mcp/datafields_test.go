package mcp_test

import (
	"testing"

	"github.com/mark3labs/mcp-go/client"
)

// A kind's fields sent as an object under data ({"kind": "wifi", "data":
// {"ssid": ...}}), as other QR APIs nest a typed payload, have one
// reading: they are the fields. The fix gives them under fields and
// succeeds when sent; beside fields of its own, data keeps no fix.
func TestKindFieldsUnderDataAreFields(t *testing.T) {
	each(t, func(t *testing.T, base string, c *client.Client) {
		wifi := map[string]any{"ssid": "Cafe", "password": "secret123"}
		for _, tool := range []string{"qr_generate_typed", "qr_verify"} {
			p := fail(t, c, tool, map[string]any{"kind": "wifi", "data": wifi})
			if p.FixArguments == nil || p.FixArguments["data"] != nil {
				t.Errorf("%s: fix_arguments %v, want the fields under fields", tool, p.FixArguments)
				continue
			}
			succeed(t, c, tool, p.FixArguments, nil)
		}
		if p := fail(t, c, "qr_generate_typed", map[string]any{"kind": "wifi", "data": wifi, "fields": map[string]any{"ssid": "Other"}}); p.FixArguments != nil {
			t.Errorf("data beside fields: fix %v", p.FixArguments)
		}
	})
}
