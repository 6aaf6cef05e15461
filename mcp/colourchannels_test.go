package mcp_test

import (
	"encoding/json"
	"net/url"
	"strings"
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

// backgroundColor and foreground_color, as other QR APIs and libraries
// name the colours, were unknown arguments, and the fix dropped them: the
// code came out black on white. They are bg and color now, under any
// separator (background_color is renamed by the fix).
func TestColourNamesOfOtherAPIsAreKept(t *testing.T) {
	each(t, func(t *testing.T, base string, c *client.Client) {
		for name, option := range map[string]string{"backgroundColor": "bg", "background_color": "bg", "foregroundColor": "color", "foreground_color": "color"} {
			args := map[string]any{"data": "hi", name: "#000080"}
			if option == "bg" {
				args[name] = "#ffff00"
			}
			res := callTool(t, c, "qr_generate", args)
			if res.IsError {
				p := problemOf(t, res)
				if p.FixArguments[option] != args[name] {
					t.Errorf("%s: fix_arguments %v, want %s %v", name, p.FixArguments, option, args[name])
				}
				continue
			}
			var out struct{ URL string }
			if err := json.Unmarshal(res.RawStructuredContent, &out); err != nil || !strings.Contains(out.URL, "="+url.QueryEscape(args[name].(string))) {
				t.Errorf("%s: answered %s, want the colour kept", name, res.RawStructuredContent)
			}
		}
	})
}
