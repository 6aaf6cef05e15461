//go:build e2e

package e2e

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
)

// Our square-style PNG must be no larger than libqrencode's for the same
// symbol: same version, level M, 4-module quiet zone and module pixel size.
// qrencode's own PNG writer is the bar a QR service's PNG should clear.
func TestPNGNoLargerThanQrencode(t *testing.T) {
	payloads := []string{
		"https://example.com/",
		"https://github.com/qrforge/qrforge/issues/42",
		"WIFI:T:WPA;S:home;P:correct horse battery staple;;",
		shortPayload,
		longPayload,
	}
	modulePixels := []int{3, 4, 10}
	for i, data := range payloads {
		for _, n := range modulePixels {
			t.Run(fmt.Sprintf("payload%d/px=%d", i, n), func(t *testing.T) {
				t.Parallel()
				ref := filepath.Join(t.TempDir(), "qrencode.png")
				cmd := exec.Command("qrencode", "-s", strconv.Itoa(n), "-m", "4", "-l", "M", "-o", ref, "--", data)
				if out, err := cmd.CombinedOutput(); err != nil {
					t.Fatalf("qrencode: %v\n%s", err, out)
				}
				refPNG, err := os.ReadFile(ref)
				if err != nil {
					t.Fatal(err)
				}
				width, _ := pngSize(t, refPNG)
				modules := width/n - 8
				refVersion := (modules - 17) / 4
				if width%n != 0 || (modules-17)%4 != 0 || refVersion < 1 {
					t.Fatalf("qrencode PNG is %d px wide, not a symbol at %d px per module with a 4-module margin", width, n)
				}

				// size = N*(modules+8): the same scale, so no quiet-zone padding.
				q := qrQuery(data, "size", strconv.Itoa(width), "ec", "M", "margin", "4",
					"style", "square", "eye", "square", "format", "png")
				resp, ours := mustGet(t, "/api/v1/qr", q, "image/png")
				if v := resp.Header.Get("X-QR-Version"); v != strconv.Itoa(refVersion) {
					t.Fatalf("our version %s differs from qrencode's %d: the byte comparison would not be like for like", v, refVersion)
				}
				if w, h := pngSize(t, ours); w != width || h != width {
					t.Fatalf("our PNG is %dx%d, want %dx%d", w, h, width, width)
				}
				assertDecodes(t, ours, "ours.png", data)

				t.Logf("version %d, %d px/module, %dx%d px: qrforge %d bytes, qrencode %d bytes (%+.1f%%)",
					refVersion, n, width, width, len(ours), len(refPNG),
					100*float64(len(ours)-len(refPNG))/float64(len(refPNG)))
				if len(ours) > len(refPNG) {
					t.Errorf("our PNG is %d bytes, qrencode's %d: ours must be no larger", len(ours), len(refPNG))
				}
			})
		}
	}
}
