package mcp_test

import (
	"testing"

	"github.com/mark3labs/mcp-go/client"
)

// A colour given as its red, green and blue ([255,0,0], {"r":255,...})
// was dropped by the fix ("color is a string, not a list"), which drew
// the code black: the fix now writes the colour they name as hex.
func TestColourAsChannelsIsFixedToItsHex(t *testing.T) {
	each(t, func(t *testing.T, base string, c *client.Client) {
		for _, v := range []any{[]any{255, 0, 0}, map[string]any{"r": 255, "g": 0, "b": 0}} {
			p := fail(t, c, "qr_generate", map[string]any{"data": "hi", "bg": v, "color": "000080"})
			if p.FixArguments["bg"] != "ff0000" || p.FixArguments["color"] != "000080" {
				t.Errorf("bg %v: fix_arguments %v, want bg ff0000 and color as given", v, p.FixArguments)
			}
			succeed(t, c, "qr_generate", p.FixArguments, nil)
		}
		if p := fail(t, c, "qr_generate", map[string]any{"data": "hi", "color": []any{300, 0, 0}}); p.FixArguments["color"] != nil {
			t.Errorf("color [300,0,0]: fix_arguments %v, want color dropped: 300 is no channel", p.FixArguments)
		}
	})
}
