//go:build e2e

package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// Kanji text is written in Kanji mode with no ECI header (ISO/IEC
// 18004:2015 §7.4.6: Kanji mode always means Shift JIS, and ASCII reads
// the same in every character set; docs/eci.md). Every decoder of the
// matrix must read it back as the same text. The decoders are asked for
// text here (readTextWithFiveDecoders): the matrix reads the symbol's bytes
// as UTF-8, and a Kanji segment's bytes are Shift JIS.
func TestKanjiReadsOnFiveDecoders(t *testing.T) {
	payloads := []string{
		"東京都千代田区丸の内一丁目",
		"会議室A-301 予約 2025年10月18日 14:00",
		"東京タワー",
		"点茗",
	}
	dir := t.TempDir()
	images := map[string][]byte{}
	for i, text := range payloads {
		_, body := mustGet(t, "/api/v1/qr", qrQuery(text, "size", "400", "format", "png"), "image/png")
		file := fmt.Sprintf("kanji%d.png", i)
		if err := os.WriteFile(filepath.Join(dir, file), body, 0o644); err != nil {
			t.Fatal(err)
		}
		images[file] = body
	}
	results := readTextWithFiveDecoders(t, dir, images)
	for i, text := range payloads {
		file := fmt.Sprintf("kanji%d.png", i)
		for _, d := range matrixDecoders {
			if got, ok := results[file][d]; !ok || got != text {
				t.Errorf("%q: %s reads %q (read: %v)", text, d, got, ok)
			}
		}
	}
}

type corpusPayload struct {
	Name string `json:"name"`
	Data string `json:"data"`
}

// The corpus of render/qrcode/testdata at level M: qrforge's version is
// never larger than segno's (Debian python3-segno) or libqrencode's
// (qrencode), and every code reads back as text with zbar. The table and sums are
// logged for BENCHMARKS.md.
func TestCorpusNoLargerThanSegnoAndQrencode(t *testing.T) {
	b, err := os.ReadFile("../render/qrcode/testdata/corpus.json")
	if err != nil {
		t.Fatal(err)
	}
	var corpus []corpusPayload
	if err := json.Unmarshal(b, &corpus); err != nil {
		t.Fatal(err)
	}
	segno := segnoVersions(t, b)
	var sums [3]int
	var modules [3]int
	for i, p := range corpus {
		resp, body := mustGet(t, "/api/v1/qr", qrQuery(p.Data, "ec", "M", "size", "600", "format", "png"), "image/png")
		ours, err := strconv.Atoi(resp.Header.Get("X-QR-Version"))
		if err != nil {
			t.Fatal(err)
		}
		file := filepath.Join(t.TempDir(), p.Name+".png")
		if err := os.WriteFile(file, body, 0o644); err != nil {
			t.Fatal(err)
		}
		if got, err := zbarText(file); err != nil || got != p.Data {
			t.Errorf("%s: zbar reads %q (%v)", p.Name, got, err)
		}
		qre := qrencodeVersion(t, p.Data)
		if ours > segno[i] || ours > qre {
			t.Errorf("%s: qrforge version %d, segno %d, libqrencode %d", p.Name, ours, segno[i], qre)
		}
		t.Logf("%-13s qrforge %2d  segno %2d  libqrencode %2d", p.Name, ours, segno[i], qre)
		for j, v := range []int{ours, segno[i], qre} {
			sums[j] += v
			modules[j] += (17 + 4*v) * (17 + 4*v)
		}
	}
	t.Logf("%d payloads, versions summed: qrforge %d, segno %d, libqrencode %d; modules: %d, %d, %d",
		len(corpus), sums[0], sums[1], sums[2], modules[0], modules[1], modules[2])
	if sums[0] >= sums[1] || sums[0] >= sums[2] {
		t.Errorf("the corpus is not smaller than both peers': %v", sums)
	}
}

// segnoVersions asks segno for each payload's version at level M, as
// segno.make chooses it (its own segmentation, Kanji and Latin-1 included).
func segnoVersions(t *testing.T, corpus []byte) []int {
	t.Helper()
	script := `import json, sys, segno
for p in json.load(sys.stdin):
    print(segno.make(p["data"], error="m", micro=False, boost_error=False).version)`
	cmd := exec.Command("/usr/bin/python3", "-c", script)
	cmd.Stdin = strings.NewReader(string(corpus))
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("segno: %v (install Debian python3-segno)", err)
	}
	var versions []int
	for _, f := range strings.Fields(string(out)) {
		v, err := strconv.Atoi(f)
		if err != nil {
			t.Fatalf("segno printed %q", f)
		}
		versions = append(versions, v)
	}
	return versions
}

// qrencodeVersion is libqrencode's version for data at level M: its ASCII
// output has one line per module row.
func qrencodeVersion(t *testing.T, data string) int {
	t.Helper()
	cmd := exec.Command("qrencode", "-l", "M", "-t", "ASCII", "-m", "0", "-o", "-")
	cmd.Stdin = strings.NewReader(data)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("qrencode: %v", err)
	}
	rows := strings.Count(strings.TrimRight(string(out), "\n"), "\n") + 1
	if (rows-17)%4 != 0 {
		t.Fatalf("qrencode drew %d rows, not a QR Code symbol", rows)
	}
	return (rows - 17) / 4
}

// zbarText is zbar's reading as text, converted from the symbol's
// character sets to UTF-8 (no -Sbinary).
func zbarText(file string) (string, error) {
	out, err := exec.Command("zbarimg", "--raw", "-q", file).Output()
	return strings.TrimSuffix(string(out), "\n"), err
}

// readTextWithFiveDecoders is readWithFiveDecoders reading text, each
// decoder converting the symbol's character sets itself.
func readTextWithFiveDecoders(t *testing.T, dir string, images map[string][]byte) map[string]map[string]string {
	t.Helper()
	results := map[string]map[string]string{}
	record := func(file, decoder, text string) {
		if results[file] == nil {
			results[file] = map[string]string{}
		}
		results[file][decoder] = text
	}
	for file, img := range images {
		if text, ok := gozxingDecode(img); ok {
			record(file, decGozxing, text)
		}
		if text, err := zbarText(filepath.Join(dir, file)); err == nil {
			record(file, decZbar, text)
		}
	}
	for _, d := range []batchDecoder{pythonDecoder(t), nodeDecoder(t)} {
		d.cmd.Args = append(d.cmd.Args, "--text")
		if err := batchDecode(t, dir, record, d); err != nil {
			t.Fatal(err)
		}
	}
	return results
}
