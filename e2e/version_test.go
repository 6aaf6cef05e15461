//go:build e2e

package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// A fixed version (version=v) is drawn exactly, 17 + 4v modules a side
// (ISO/IEC 18004:2015 §5.3.1), the level raised to the highest that holds
// the data there; at 4 pixels a module every one from the smallest to the
// largest reads back as written on all five decoders.
func TestFixedVersionsScanOnFiveDecoders(t *testing.T) {
	const data = "https://qr.test/v"
	dir := t.TempDir()
	images := map[string][]byte{}
	versions := []int{1, 7, 20, 40}
	for _, v := range versions {
		side := 4 * (17 + 4*v + 2*4) // 4 px a module, quiet zone included
		resp, body := mustGet(t, "/api/v1/qr", qrQuery(data, "version", strconv.Itoa(v), "size", strconv.Itoa(side)), "image/png")
		if got := resp.Header.Get("X-QR-Version"); got != strconv.Itoa(v) {
			t.Fatalf("version=%d: X-QR-Version %q", v, got)
		}
		if w, h := pngSize(t, body); w != side || h != side {
			t.Fatalf("version=%d: %dx%d, want %d", v, w, h, side)
		}
		file := fmt.Sprintf("version%d.png", v)
		if err := os.WriteFile(filepath.Join(dir, file), body, 0o644); err != nil {
			t.Fatal(err)
		}
		images[file] = body
	}
	results := readWithFiveDecoders(t, dir, images)
	for _, v := range versions {
		file := fmt.Sprintf("version%d.png", v)
		for _, d := range matrixDecoders {
			if got, ok := results[file][d]; !ok || got != data {
				t.Errorf("version %d: %s reads %q (read: %v)", v, d, got, ok)
			}
		}
	}
}
