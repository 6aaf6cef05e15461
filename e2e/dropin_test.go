//go:build e2e

package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDropinsScanOnFiveDecoders fetches one documented call of each API
// that qrforge answers in its place, with only the host changed
// (docs/migrating.md), and reads it with the five decoders.
func TestDropinsScanOnFiveDecoders(t *testing.T) {
	calls := []struct{ file, target, data string }{
		// https://goqr.me/api/doc/create-qr-code/ §2.0: goQR's defaults,
		// a 1-pixel margin and no quiet zone of modules.
		{"goqr.png", "/v1/create-qr-code/?data=HelloWorld!&size=100x100", "HelloWorld!"},
		// https://developers.google.com/chart/infographics/docs/qr_codes
		{"google.png", "/chart?chs=150x150&cht=qr&chl=Hello%20world&choe=UTF-8", "Hello world"},
		// https://quickchart.io/documentation/qr-codes/
		{"quickchart.png", "/qr?text=Here's%20my%20text", "Here's my text"},
	}
	dir := t.TempDir()
	images := map[string][]byte{}
	for _, c := range calls {
		resp, body := do(t, "GET", baseURL+c.target)
		if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "image/png" {
			t.Fatalf("GET %s: status %d, %s: %.300s", c.target, resp.StatusCode, resp.Header.Get("Content-Type"), body)
		}
		if err := os.WriteFile(filepath.Join(dir, c.file), body, 0o644); err != nil {
			t.Fatal(err)
		}
		images[c.file] = body
	}
	results := readWithFiveDecoders(t, dir, images)
	for _, c := range calls {
		var missed []string
		for _, d := range matrixDecoders {
			if got, ok := results[c.file][d]; !ok || got != c.data {
				missed = append(missed, d+": "+strings.TrimSpace(got))
			}
		}
		if len(missed) > 0 {
			t.Errorf("%s: %s%s", c.target, strings.Join(missed, "; "), keepFailure(t, images[c.file], c.file))
		}
	}
}
