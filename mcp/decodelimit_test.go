package mcp_test

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/client"
)

// qr_decode holds an image to the 10 MiB its description states, as POST
// /api/v1/decode does: over it, the refusal names the limit; and a text
// longer than any image within it is refused by its length, before a byte
// of it is decoded (its characters, not base64 here, are never read).
func TestDecodeImageLimit(t *testing.T) {
	each(t, func(t *testing.T, base string, c *client.Client) {
		over := append([]byte("\x89PNG\r\n\x1a\n"), bytes.Repeat([]byte{0}, 10<<20)...)
		encoded := base64.StdEncoding.EncodeToString(over)
		for name, image := range map[string]string{
			"base64":            encoded,
			"data URI":          "data:image/png;base64," + encoded,
			"not base64 at all": strings.Repeat("*", 14<<20),
		} {
			p := fail(t, c, "qr_decode", map[string]any{"image": image})
			if p.Status != 413 || !strings.Contains(p.Detail, "10 MiB") || p.FixArguments != nil {
				t.Errorf("%s: %+v, want a 413 naming the 10 MiB limit, no fix_arguments", name, p)
			}
		}
		body, _ := json.Marshal(map[string]string{"image": encoded})
		resp, got := httpPost(t, base+"/api/v1/decode", "application/json", body)
		var api problemDoc
		json.Unmarshal(got, &api)
		if resp.StatusCode != 413 || !strings.Contains(api.Detail, "10 MiB") {
			t.Errorf("POST /api/v1/decode: %d %s, want a 413 naming the 10 MiB limit", resp.StatusCode, got)
		}
	})
}
