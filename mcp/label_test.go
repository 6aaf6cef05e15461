package mcp_test

import (
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/client"
)

// On bitcoin, label is BIP21's name for the payee, recipient. Among the
// fields it is refused, and the fix renames it recipient; beside them it
// is the caption option, which the call and its fixes write caption, the
// name bitcoin's calls read as the caption.
func TestLabelOnBitcoin(t *testing.T) {
	each(t, func(t *testing.T, base string, c *client.Client) {
		const address = "BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4"
		p := fail(t, c, "qr_generate_typed", map[string]any{"kind": "bitcoin", "fields": map[string]any{"address": address, "label": "Luke-Jr"}})
		fields, _ := p.FixArguments["fields"].(map[string]any)
		if fields["recipient"] != "Luke-Jr" || fields["label"] != nil || p.FixArguments["label"] != nil {
			t.Fatalf("fix arguments %v, want label renamed recipient in fields", p.FixArguments)
		}
		var g generated
		succeed(t, c, "qr_generate_typed", p.FixArguments, &g)
		if !strings.Contains(g.Payload, "label=Luke-Jr") {
			t.Errorf("payload %q has no label=Luke-Jr", g.Payload)
		}

		caption := map[string]any{"kind": "bitcoin", "fields": map[string]any{"address": address}, "label": "Pay here", "format": "svg"}
		succeed(t, c, "qr_generate_typed", caption, &g)
		if !strings.Contains(g.URL, "caption=Pay") || strings.Contains(g.URL, "label=") || strings.Contains(g.Payload, "label=") {
			t.Errorf("url %s, payload %q: want the caption written caption, and no label in the payload", g.URL, g.Payload)
		}
		caption["size"] = 99999
		p = fail(t, c, "qr_generate_typed", caption)
		if p.FixArguments["caption"] != "Pay here" || p.FixArguments["label"] != nil {
			t.Fatalf("fix arguments %v, want the caption as caption", p.FixArguments)
		}
		succeed(t, c, "qr_generate_typed", p.FixArguments, nil)
	})
}
