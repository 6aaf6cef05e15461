//go:build e2e

package e2e

import (
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"testing"
)

// The gs1 kind's element form is a GS1 QR Code: zxing-cpp 1.4 and 3 report
// the symbology identifier ]Q3 (ISO/IEC 18004:2015 Annex F: FNC1 in first
// position) and every decoder reads the element string, group separators
// included (GS1 General Specifications §7.8.5.2).
func TestGS1ElementStringOnFiveDecoders(t *testing.T) {
	cases := []struct {
		query url.Values
		want  string
	}{
		{url.Values{"gtin": {"09506000134352"}}, "0109506000134352"},
		{url.Values{"gtin": {"9506000134352"}, "expiry": {"271231"}, "batch": {"LOT-ABC"}}, "01095060001343521727123110LOT-ABC"},
		{url.Values{"gtin": {"09520123456788"}, "batch": {"ABC1"}, "serial": {"SN%2/7"}, "expiry": {"180426"}}, "01095201234567881718042610ABC1\x1d21SN%2/7"},
	}
	dir := t.TempDir()
	images := map[string][]byte{}
	for i, c := range cases {
		c.query.Set("form", "element")
		c.query.Set("size", "400")
		_, body := mustGet(t, "/api/v1/gs1", c.query, "image/png")
		file := fmt.Sprintf("gs1-%d.png", i)
		if err := os.WriteFile(filepath.Join(dir, file), body, 0o644); err != nil {
			t.Fatal(err)
		}
		images[file] = body
	}
	t.Setenv("ZXING_SYMBOLOGY", "1")
	results := readWithFiveDecoders(t, dir, images)
	for i, c := range cases {
		file := fmt.Sprintf("gs1-%d.png", i)
		for _, d := range matrixDecoders {
			if got, ok := results[file][d]; !ok || got != c.want {
				t.Errorf("%q: %s reads %q (read: %v)", c.want, d, got, ok)
			}
		}
		for _, d := range []string{decZxingCpp1, decZxingCpp3} {
			if got := results[file][d+" symbology"]; got != "]Q3" {
				t.Errorf("%q: %s reports symbology %q, want ]Q3", c.want, d, got)
			}
		}
	}
}
