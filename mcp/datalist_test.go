package mcp_test

import (
	"testing"

	"github.com/mark3labs/mcp-go/client"
)

// data given as a list of one string has one reading, that string: the
// fix gives it, and succeeds when sent. A list of two is two codes, for
// qr_batch to make, and gets no fix here.
func TestDataListOfOneIsFixed(t *testing.T) {
	each(t, func(t *testing.T, base string, c *client.Client) {
		for _, tool := range []string{"qr_generate", "qr_verify"} {
			p := fail(t, c, tool, map[string]any{"data": []any{"hello"}, "size": 256})
			if p.FixArguments["data"] != "hello" || p.FixArguments["size"] != 256.0 {
				t.Errorf("%s: fix_arguments %v, want data hello and size 256", tool, p.FixArguments)
				continue
			}
			succeed(t, c, tool, p.FixArguments, nil)
		}
		if p := fail(t, c, "qr_generate", map[string]any{"data": []any{"a", "b"}}); p.FixArguments != nil {
			t.Errorf("two strings got the fix %v", p.FixArguments)
		}
	})
}
