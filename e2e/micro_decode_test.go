//go:build e2e

package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// TestDecodeReadsSegnoMicroQR: /api/v1/decode reads Micro QR Codes that
// another encoder made, segno (Debian python3-segno), which pads its
// symbols otherwise than qrforge (segno issue 148): every version and
// level, numeric, alphanumeric, byte and Kanji data, each read exactly and
// named with segno's designator.
func TestDecodeReadsSegnoMicroQR(t *testing.T) {
	type microCase struct {
		Text  string  `json:"text"`
		Error *string `json:"error"`
	}
	level := func(l string) *string { return &l }
	var cases []microCase
	for _, text := range []string{"1", "12345", "HELLO", "Ab1", "0123456789012345", "ABC-123 XYZ", "qrforge micro", "héllo", "点茗", "https://q.ex/a"} {
		for _, l := range []*string{nil, level("L"), level("M"), level("Q")} {
			cases = append(cases, microCase{text, l})
		}
	}
	in, _ := json.Marshal(cases)
	dir := t.TempDir()
	root, err := repoRoot()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("/usr/bin/python3", filepath.Join(root, "e2e", "segno", "micro_png.py"), dir)
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("segno: %v\n%.2000s\ninstall with: apt-get install -y python3-segno (bash .ci/run tools)", err, stderr.String())
	}
	var designators []string
	if err := json.Unmarshal(out, &designators); err != nil || len(designators) != len(cases) {
		t.Fatalf("segno gave %d designators for %d cases: %v", len(designators), len(cases), err)
	}
	read, versions := 0, map[string]bool{}
	for i, c := range cases {
		if designators[i] == "" {
			continue
		}
		png, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("%d.png", i)))
		if err != nil {
			t.Fatal(err)
		}
		got, err := decodeSymbols(png)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 1 || got[0].Text != c.Text || got[0].Symbol != "micro" || got[0].Designator != designators[i] {
			t.Errorf("segno's %s of %q: read %+v", designators[i], c.Text, got)
			continue
		}
		read++
		versions[designators[i][:2]] = true
	}
	if len(versions) != 4 {
		t.Errorf("the sample covers versions %v; want M1 to M4", versions)
	}
	t.Logf("read %d Micro QR Codes of segno's exactly", read)
}

// symbolResult is one code of a /decode answer with its symbol.
type symbolResult struct {
	Text       string `json:"text"`
	Symbol     string `json:"symbol"`
	Designator string `json:"designator"`
}

// decodeSymbols posts a PNG to /api/v1/decode and returns its codes; 422
// (no code found) is none, anything else but 200 an error.
func decodeSymbols(png []byte) ([]symbolResult, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, baseURL+"/api/v1/decode", bytes.NewReader(png))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "image/png")
	resp, err := client.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusUnprocessableEntity {
		return nil, nil
	}
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("POST /api/v1/decode: status %d", resp.StatusCode)
	}
	var out struct {
		Results []symbolResult `json:"results"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		return nil, err
	}
	return out.Results, nil
}
