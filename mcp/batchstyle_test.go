package mcp_test

import (
	"fmt"
	"testing"

	"github.com/mark3labs/mcp-go/client"
)

// Rendering options beside qr_batch's items, or in an object of another
// name, were unknown arguments that the fix dropped: every code came out
// at the default size and colour. The fix now moves them into style.
func TestBatchOptionsBesideItemsMoveIntoStyle(t *testing.T) {
	each(t, func(t *testing.T, base string, c *client.Client) {
		items := []any{map[string]any{"data": "a"}}
		for _, args := range []map[string]any{
			{"items": items, "size": 512, "color": "navy"},
			{"items": items, "options": map[string]any{"size": 512, "color": "navy"}},
			{"items": items, "style": map[string]any{"color": "navy"}, "size": 512},
		} {
			p := fail(t, c, "qr_batch", args)
			style, _ := p.FixArguments["style"].(map[string]any)
			if fmt.Sprint(style["size"]) != "512" || style["color"] != "navy" || p.FixArguments["size"] != nil || p.FixArguments["options"] != nil {
				t.Errorf("%v: fix_arguments %v, want size and color in style", args, p.FixArguments)
				continue
			}
			var answer struct{ Succeeded, Failed int }
			succeed(t, c, "qr_batch", p.FixArguments, &answer)
			if answer.Succeeded != 1 {
				t.Errorf("%v: the fix answered %+v", args, answer)
			}
		}
		p := fail(t, c, "qr_batch", map[string]any{"items": items, "style": map[string]any{"size": 256}, "size": 512})
		if p.FixArguments != nil {
			t.Errorf("size 512 beside style.size 256: fix_arguments %v, want none", p.FixArguments)
		}
	})
}
