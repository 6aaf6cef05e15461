package mcp_test

import (
	"fmt"
	"testing"

	"github.com/mark3labs/mcp-go/client"
)

// QR Code Monkey's eye1Color is the top-left eye's ring: fix_arguments
// renamed it eyecolor, which paints all three eyes, ring and centre. It
// now gives eyeframecolor a colour per eye, as HTTP's fix does, and is
// served.
func TestNumberedEyeColourKeepsItsEye(t *testing.T) {
	each(t, func(t *testing.T, base string, c *client.Client) {
		p := fail(t, c, "qr_generate", map[string]any{"data": "x", "eye1Color": "#f00", "eye3Color": "#00f"})
		if got := fmt.Sprint(p.FixArguments["eyeframecolor"]); got != "ff0000,000000,0000ff" || p.FixArguments["eyecolor"] != nil {
			t.Fatalf("fix_arguments %v, want eyeframecolor ff0000,000000,0000ff and no eyecolor", p.FixArguments)
		}
		succeed(t, c, "qr_generate", p.FixArguments, nil)
	})
}

// QR Code Monkey's gradientColor1 and gradientColor2 were each renamed
// gradientcolors, one colour that no gradient takes; gradientType=radial
// was then refused for want of colours. fix_arguments now give both, in
// order, as gradientcolors, the kind kept, and are served.
func TestNumberedGradientColoursAreOneArgument(t *testing.T) {
	each(t, func(t *testing.T, base string, c *client.Client) {
		p := fail(t, c, "qr_generate", map[string]any{"data": "x", "gradientColor1": "#000000", "gradientColor2": "#1a237e", "gradient": "radial"})
		if got := fmt.Sprint(p.FixArguments["gradientcolors"]); got != "000000,1a237e" || p.FixArguments["gradient"] != "radial" {
			t.Fatalf("fix_arguments %v, want gradientcolors 000000,1a237e and gradient radial", p.FixArguments)
		}
		succeed(t, c, "qr_generate", p.FixArguments, nil)
	})
}
