package mcp_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/client"
)

// Options nested in an object, as qr_batch's style and other QR libraries
// write them, were dropped by the fix with the object ("options" is not
// an argument; style is a string, not an object): the code came out
// black and at the default size. The fix now sets them beside the other
// arguments, and is tried; one given both ways with two values has none.
func TestNestedOptionsAreMovedBeside(t *testing.T) {
	each(t, func(t *testing.T, base string, c *client.Client) {
		for _, tc := range []struct {
			tool string
			args map[string]any
			want map[string]any
		}{
			{"qr_generate", map[string]any{"data": "hi", "options": map[string]any{"size": 512, "color": "red"}}, map[string]any{"size": 512, "color": "red"}},
			{"qr_generate", map[string]any{"data": "hi", "style": map[string]any{"color": "ff0000", "style": "dot"}}, map[string]any{"color": "ff0000", "style": "dot"}},
			{"qr_generate_typed", map[string]any{"kind": "text", "fields": map[string]any{"text": "hi"}, "settings": map[string]any{"ec": "Q"}}, map[string]any{"ec": "Q"}},
			{"qr_verify", map[string]any{"data": "hi", "robustness": "off", "options": map[string]any{"margin": 0, "tpl": "corners"}}, map[string]any{"margin": 1, "tpl": "corners", "robustness": "off"}},
		} {
			p := fail(t, c, tc.tool, tc.args)
			for name, v := range tc.want {
				if fmt.Sprint(p.FixArguments[name]) != fmt.Sprint(v) {
					t.Errorf("%s %v: fix_arguments %v, want %s %v", tc.tool, tc.args, p.FixArguments, name, v)
				}
			}
			if _, kept := p.FixArguments["options"]; kept || !strings.Contains(p.Detail, "object of options") {
				t.Errorf("%s %v: fix_arguments %v, detail %q", tc.tool, tc.args, p.FixArguments, p.Detail)
			}
			succeed(t, c, tc.tool, p.FixArguments, nil)
		}
		p := fail(t, c, "qr_generate", map[string]any{"data": "hi", "size": 256, "options": map[string]any{"size": 512}})
		if p.FixArguments != nil {
			t.Errorf("size 256 beside options.size 512: fix_arguments %v, want none", p.FixArguments)
		}
	})
}
