//go:build e2e

package e2e

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMissedDesignsAreWarned draws the three designs a decoder was
// measured to miss (docs/decoders.md, "Warnings of the design") across the
// sizes it missed them at. Generation answered them without a word while
// verify warned; now X-QR-Warning carries every check verify warns of,
// under its name and in its words, and every image a decoder misses was
// sent with a warning. What the named decoder read is logged: the
// warning, not the miss, is what the service promises.
func TestMissedDesignsAreWarned(t *testing.T) {
	designs := []struct {
		name, path, query string
		sizes             []int
		decoder           string
	}{
		{"heart modules, rounded eyes, heart logo, margin 2", "/api/v1/qr",
			"data=qrforge&style=heart&eye=rounded&color=1b5e20&logo=heart&logosize=0.3&margin=2", []int{396, 408, 420}, decZxingCpp3},
		{"small dots, user logo, banner above, margin 2", "/api/v1/qr",
			"data=" + url.QueryEscape(matrixPayload) + "&style=small-dots&logo=user&logosize=0.3&tpl=banner-above&margin=2", []int{364, 400, 434}, decZbar},
		{"squircle eyes, user logo, version 14 vCard", "/api/v1/vcard",
			"fn=John&ln=Doe&org=Example%2C+Inc.&title=Engineer&phone=%2B15550100&email=john%40example.com&url=https%3A%2F%2Fexample.com&eye=squircle&logo=user", []int{282, 300, 322}, decZbar},
	}
	dir := t.TempDir()
	images := map[string][]byte{}
	warnings := map[string]string{}
	for i, d := range designs {
		for _, size := range d.sizes {
			q := d.query + fmt.Sprintf("&size=%d", size)
			resp, body := get(t, d.path, mustQuery(t, q))
			if resp.StatusCode != http.StatusOK {
				t.Fatalf("%s?%s: status %d: %.300s", d.path, q, resp.StatusCode, body)
			}
			header := resp.Header.Get("X-QR-Warning")
			verify := q + "&robustness=off"
			if d.path == "/api/v1/vcard" {
				verify += "&type=vcard"
			}
			status, vbody, err := getBody(baseURL + "/api/v1/verify?" + verify)
			if err != nil || status != http.StatusOK {
				t.Fatalf("verify?%s: %d %v %.300s", verify, status, err, vbody)
			}
			var v struct {
				Checks []struct{ Name, Status, Message string }
			}
			if err := json.Unmarshal(vbody, &v); err != nil {
				t.Fatal(err)
			}
			doubts := 0
			for _, c := range v.Checks {
				if c.Status == "pass" || c.Name == "decode" || c.Name == "payload" {
					continue
				}
				doubts++
				if want := c.Name + ": " + strings.ReplaceAll(c.Message, "§", "section"); !strings.Contains(header, want) {
					t.Errorf("%s at %d px: X-QR-Warning %q lacks verify's %q", d.name, size, header, want)
				}
			}
			if doubts == 0 {
				t.Errorf("%s at %d px: verify no longer doubts the design; the test's designs need measuring again", d.name, size)
			}
			file := fmt.Sprintf("d%d-%d.png", i, size)
			if err := os.WriteFile(filepath.Join(dir, file), body, 0o644); err != nil {
				t.Fatal(err)
			}
			images[file], warnings[file] = body, header
		}
	}
	results := readWithFiveDecoders(t, dir, images)
	for i, d := range designs {
		missed := 0
		for _, size := range d.sizes {
			file := fmt.Sprintf("d%d-%d.png", i, size)
			for _, dec := range matrixDecoders {
				if _, ok := results[file][dec]; !ok && warnings[file] == "" {
					t.Errorf("%s at %d px: %s misses it and it was sent without a warning", d.name, size, dec)
				}
			}
			if _, ok := results[file][d.decoder]; !ok {
				missed++
			}
		}
		t.Logf("%s: %s missed %d of %d sizes, each sent with a warning", d.name, d.decoder, missed, len(d.sizes))
	}
}

func mustQuery(t *testing.T, q string) url.Values {
	t.Helper()
	v, err := url.ParseQuery(q)
	if err != nil {
		t.Fatal(err)
	}
	return v
}
