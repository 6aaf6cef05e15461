package mcp_test

import (
	"testing"

	"github.com/mark3labs/mcp-go/client"
)

// qr_generate given its text under a word people use for it ("message")
// and no data: the fix gives it as data, and succeeds when sent.
func TestTextUnderAnotherWordIsData(t *testing.T) {
	each(t, func(t *testing.T, base string, c *client.Client) {
		p := fail(t, c, "qr_generate", map[string]any{"message": "hello", "size": 256})
		if p.FixArguments["data"] != "hello" || p.FixArguments["size"] != 256.0 || p.FixArguments["message"] != nil {
			t.Fatalf("fix_arguments %v, want data hello and size 256", p.FixArguments)
		}
		succeed(t, c, "qr_generate", p.FixArguments, nil)
		if p := fail(t, c, "qr_generate", map[string]any{"message": "a", "link": "b"}); p.FixArguments != nil {
			t.Errorf("two words got the fix %v", p.FixArguments)
		}
	})
}
