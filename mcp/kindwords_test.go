package mcp_test

import (
	"testing"

	"github.com/mark3labs/mcp-go/client"
)

// A kind named with words any kind's code is called by ("wifi network",
// "whatsapp chat") is that kind: the fix names it, keeps the fields as
// sent, and succeeds when sent.
func TestKindWithGenericWordsIsFixed(t *testing.T) {
	each(t, func(t *testing.T, base string, c *client.Client) {
		for kind, fields := range map[string]map[string]any{
			"wifi network":  {"ssid": "Home", "password": "correct horse"},
			"WiFi-QR":       {"ssid": "Home", "password": "correct horse"},
			"whatsapp chat": {"number": "+14155552671"},
			"url link":      {"url": "https://example.com"},
			"vcard contact": {"name": "Ada Lovelace", "phone": "+442071234567"},
		} {
			p := fail(t, c, "qr_generate_typed", map[string]any{"kind": kind, "fields": fields})
			if p.FixArguments == nil {
				t.Errorf("%s: no fix_arguments: %+v", kind, p)
				continue
			}
			succeed(t, c, "qr_generate_typed", p.FixArguments, nil)
		}
		if p := fail(t, c, "qr_generate_typed", map[string]any{"kind": "phone contact", "fields": map[string]any{"phone": "+442071234567"}}); p.FixArguments != nil {
			t.Errorf("phone contact names phone and vcard, and got the fix %v", p.FixArguments)
		}
	})
}
