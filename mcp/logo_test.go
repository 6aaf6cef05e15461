package mcp_test

import (
	"bytes"
	"encoding/base64"
	"image"
	"image/color"
	"image/png"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/client"
)

// qr_generate takes a logo as an icon's name or as a data URI, as the
// API's logo option does, and its image is the GET URL's bytes.
func TestGenerateWithALogo(t *testing.T) {
	img := image.NewNRGBA(image.Rect(0, 0, 48, 32))
	for i := 0; i < len(img.Pix); i += 4 {
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = 30, 90, 200, 255
	}
	img.SetNRGBA(0, 0, color.NRGBA{255, 255, 255, 255})
	var pic bytes.Buffer
	png.Encode(&pic, img)
	uri := "data:image/png;base64," + base64.StdEncoding.EncodeToString(pic.Bytes())
	each(t, func(t *testing.T, base string, c *client.Client) {
		data := "https://example.com/menu?table=7"
		for _, logo := range []string{"chat", uri} {
			var g generated
			res := succeed(t, c, "qr_generate", map[string]any{"data": data, "logo": logo, "logosize": 0.25}, &g)
			body := imageOf(t, res)
			if got := readQR(t, body); got != data {
				t.Errorf("logo %.20s: the image decodes to %q", logo, got)
			}
			if g.EC != "H" {
				t.Errorf("logo %.20s: level %s, want H", logo, g.EC)
			}
			resp, fetched := httpGet(t, g.URL)
			if resp.StatusCode != 200 || !bytes.Equal(fetched, body) {
				t.Errorf("GET %.80s: %d; the tool's image differs", g.URL, resp.StatusCode)
			}
		}
		p := fail(t, c, "qr_generate", map[string]any{"data": data, "logo": "https://example.com/logo.png"})
		if !strings.Contains(p.Detail, "does not fetch") {
			t.Errorf("a logo URL: %s", p.Detail)
		}
	})
}

// A logo URL this instance does not fetch is refused beside the call's
// other mistakes: fix_arguments leave it out and succeed at once.
func TestUnfetchedLogoJoinsTheFirstErrors(t *testing.T) {
	base := start(t)
	c := connect(t, base, eras[0].version)
	res := callTool(t, c, "qr_generate", map[string]any{"data": "x", "gradient": "true", "logo": "https://example.com/logo.png"})
	p := problemOf(t, res)
	if _, kept := p.FixArguments["logo"]; kept || p.FixArguments["data"] != "x" || !strings.Contains(texts(res), "--logo-fetch") {
		t.Fatalf("problem %+v", p)
	}
	succeed(t, c, "qr_generate", p.FixArguments, nil)
}
