//go:build e2e

package e2e

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/rand"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/qrforge/qrforge/render/qrcode"
)

// microSymbols are the eight Micro QR symbols (ISO/IEC 18004:2015 Table 7).
var microSymbols = []struct {
	version int
	level   qrcode.Level
}{
	{1, qrcode.Detect}, {2, qrcode.L}, {2, qrcode.M}, {3, qrcode.L}, {3, qrcode.M},
	{4, qrcode.L}, {4, qrcode.M}, {4, qrcode.Q},
}

// microPayloads makes data for version v at level l: digits, upper-case
// alphanumerics, bytes (M3 and M4) and mixes, from one character to the
// most that fits, so that padding, the 4-bit final codeword of M1 and M3
// and full symbols all occur.
func microPayloads(rng *rand.Rand, v int, l qrcode.Level, n int) [][]byte {
	sets := []string{"0123456789", "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"}
	if v >= 3 {
		sets = append(sets, "abcdefghijklmnopqrstuvwxyz0123456789-_.~!#&'()", "ab12CD34ef\xe9\xff\x00/:")
	}
	var out [][]byte
	for len(out) < n {
		set := sets[len(out)%len(sets)]
		var b []byte
		for {
			next := append(append([]byte(nil), b...), set[rng.Intn(len(set))])
			if bits := qrcode.MicroBits(next, v); bits < 0 || bits > qrcode.MicroCapacity(v, l) {
				break
			}
			b = next
			if rng.Intn(6) == 0 {
				break // short payloads too, not only full ones
			}
		}
		if len(b) > 0 {
			out = append(out, b)
		}
	}
	return out
}

type segnoMatrix struct {
	Mask       int      `json:"mask"`
	Designator string   `json:"designator"`
	Rows       []string `json:"rows"`
}

func rowsOf(s *qrcode.MicroSymbol) []string {
	rows := make([]string, s.Size)
	for y := range rows {
		var b strings.Builder
		for x := 0; x < s.Size; x++ {
			if s.Modules[y*s.Size+x] {
				b.WriteByte('1')
			} else {
				b.WriteByte('0')
			}
		}
		rows[y] = b.String()
	}
	return rows
}

// segnoPadsLikeISO reports whether segno 1.4.1 pads data of bits bits in
// version v to capacity as §7.4.10 does (see e2e/segno/micro.py): always
// when the data, terminator and zero bits to the codeword boundary leave
// no room for a pad codeword, and in M2 and M4 also when the terminator
// does not end on a boundary.
func segnoPadsLikeISO(bits, v, capacity int) bool {
	term := [5]int{1: 3, 2: 5, 3: 7, 4: 9}[v]
	n := bits + min(term, capacity-bits)
	if v == 1 || v == 3 {
		return (n+7)/8*8+8 > capacity
	}
	return n == capacity || n%8 != 0
}

// TestMicroQRMatchesSegno encodes a sample of payloads for every Micro QR
// version and level with qrforge's encoder and with segno (Debian
// python3-segno), given the same segments, and compares the module
// matrices: once with the mask each chose (the Micro QR mask evaluation
// of §7.8.3.2 must agree), once with every mask fixed. segno's padding
// follows §7.4.10 in its "padded" matrices, which must equal ours for every
// payload; its unmodified output must equal ours exactly where its
// padding already agrees with the standard and differ where it does not.
func TestMicroQRMatchesSegno(t *testing.T) {
	type caseIn struct {
		Segments [][2]string `json:"segments"`
		Version  string      `json:"version"`
		Error    *string     `json:"error"`
		Mask     *int        `json:"mask"`
	}
	rng := rand.New(rand.NewSource(18004))
	var cases []caseIn
	var ours []*qrcode.MicroSymbol
	var likeISO []bool
	for _, sym := range microSymbols {
		for i, data := range microPayloads(rng, sym.version, sym.level, 40) {
			mask := -1
			if i%2 == 1 {
				mask = i / 2 % 4
			}
			s, err := qrcode.EncodeMicro(data, sym.version, sym.level, mask)
			if err != nil {
				t.Fatalf("M%d-%s %q: %v", sym.version, sym.level, data, err)
			}
			c := caseIn{Version: fmt.Sprintf("M%d", sym.version)}
			if sym.version > 1 {
				e := sym.level.String()
				c.Error = &e
			}
			if mask >= 0 {
				c.Mask = &mask
			}
			for _, seg := range s.Segments {
				c.Segments = append(c.Segments, [2]string{hex.EncodeToString(seg.Data), seg.Mode})
			}
			cases = append(cases, c)
			ours = append(ours, s)
			likeISO = append(likeISO, segnoPadsLikeISO(qrcode.MicroBits(data, sym.version), sym.version, qrcode.MicroCapacity(sym.version, sym.level)))
		}
	}
	in, err := json.Marshal(cases)
	if err != nil {
		t.Fatal(err)
	}
	root, err := repoRoot()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("/usr/bin/python3", filepath.Join(root, "e2e", "segno", "micro.py"))
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("segno: %v\n%.2000s\ninstall with: apt-get install -y python3-segno (bash .ci/run tools)", err, stderr.String())
	}
	var theirs []struct{ Plain, Padded segnoMatrix }
	if err := json.Unmarshal(out, &theirs); err != nil || len(theirs) != len(cases) {
		t.Fatalf("segno gave %d results for %d cases: %v", len(theirs), len(cases), err)
	}
	exact, padded, differ := map[string]int{}, 0, 0
	for i, s := range ours {
		name := fmt.Sprintf("%s %q mask %d", s.Designator(), s.Segments, s.Mask)
		got := strings.Join(rowsOf(s), "\n")
		p := theirs[i].Padded
		if p.Designator != s.Designator() || p.Mask != s.Mask || strings.Join(p.Rows, "\n") != got {
			t.Errorf("%s: segno (padding per §7.4.10) made %s mask %d:\n%s\nqrforge:\n%s", name, p.Designator, p.Mask, strings.Join(p.Rows, "\n"), got)
			continue
		}
		padded++
		same := strings.Join(theirs[i].Plain.Rows, "\n") == got
		switch {
		case likeISO[i] && !same:
			t.Errorf("%s: unmodified segno differs where its padding should agree", name)
		case !likeISO[i] && same:
			t.Errorf("%s: unmodified segno agrees where its padding should not", name)
		case same:
			exact[s.Designator()]++
		default:
			differ++
		}
	}
	for _, sym := range microSymbols {
		d := (&qrcode.MicroSymbol{Version: sym.version, Level: sym.level}).Designator()
		if exact[d] < 5 {
			t.Errorf("%s: only %d matrices equal unmodified segno's; the sample needs at least 5", d, exact[d])
		}
	}
	total := 0
	for _, n := range exact {
		total += n
	}
	t.Logf("%d matrices equal segno's with ISO padding; %d of them equal unmodified segno's (by symbol %v); %d differ only by segno's padding (segno issue 148)", padded, total, exact, differ)
}

// TestMicroQRScansOnZxing asks the server for every Micro QR version and
// level (symbol=micro), as PNG and as SVG rasterized by librsvg, plain,
// with dot, rounded and diamond modules (an eye shape is refused: a Micro QR
// Code keeps square eyes), and reads each image with zxing-cpp 3 (zxing-wasm) and zxing-cpp
// 1.4 (Debian's Python binding), both told to look for Micro QR Codes.
// zbar, jsQR and gozxing read no Micro QR and are not asked.
func TestMicroQRScansOnZxing(t *testing.T) {
	cases := []struct{ data, ec, want string }{
		{"12345", "", "M1"},
		{"1234567890", "L", "M2-L"},
		{"12345678", "M", "M2-M"},
		{"HELLO WORLD 12", "L", "M3-L"},
		{"hello12", "M", "M3-M"},
		{"hello world 123", "L", "M4-L"},
		{"hello world 1", "M", "M4-M"},
		{"hello wor", "Q", "M4-Q"},
	}
	designs := map[string]url.Values{
		"plain": {},
		"dot":   {"style": {"dot"}}, "rounded": {"style": {"rounded"}, "color": {"1f3a93"}},
		"diamond": {"style": {"diamond"}},
	}
	dir := t.TempDir()
	want := map[string]string{}
	for _, c := range cases {
		for name, design := range designs {
			for _, format := range []string{"png", "svg"} {
				q := url.Values{"data": {c.data}, "symbol": {"micro"}, "format": {format}, "size": {"300"}}
				if c.ec != "" {
					q.Set("ec", c.ec)
				}
				for k, v := range design {
					q[k] = v
				}
				resp, body := get(t, "/api/v1/qr", q)
				if resp.StatusCode != 200 {
					t.Fatalf("%v: %d %s", q, resp.StatusCode, body)
				}
				if got := resp.Header.Get("X-QR-Symbol"); got != c.want {
					t.Errorf("%q ec %q: X-QR-Symbol %q, want %s", c.data, c.ec, got, c.want)
				}
				if format == "svg" {
					png, err := rsvgConvert(body, 300)
					if err != nil {
						t.Fatal(err)
					}
					body = png
				}
				file := fmt.Sprintf("%s-%s-%s.png", c.want, name, format)
				if err := os.WriteFile(filepath.Join(dir, file), body, 0o644); err != nil {
					t.Fatal(err)
				}
				want[file] = c.data
			}
		}
	}
	read := map[string]map[string]string{}
	record := func(file, decoder, text string) {
		if read[file] == nil {
			read[file] = map[string]string{}
		}
		read[file][decoder] = text
	}
	for _, d := range []batchDecoder{nodeDecoder(t), pythonDecoder(t)} {
		d.cmd.Env = append(os.Environ(), "ZXING_FORMATS=MicroQRCode")
		if err := batchDecode(t, dir, record, d); err != nil {
			t.Fatal(err)
		}
	}
	for file, data := range want {
		for _, decoder := range []string{decZxingCpp1, "zxing-cpp-3"} {
			if got, ok := read[file][decoder]; !ok || got != data {
				t.Errorf("%s: %s read %q (read: %v), want %q", file, decoder, got, ok, data)
			}
		}
	}
	t.Logf("%d Micro QR images, each read by zxing-cpp 3 and zxing-cpp 1.4", len(want))
}

// TestMicroKanjiReadsAsWritten: Japanese text in a Micro QR Code is
// written in Kanji mode (ISO/IEC 18004:2015 §7.4.6; M3 and M4 have it),
// since the symbol has no ECI header, and zxing-cpp 3 reads it back as the
// same text, at the most Kanji characters each level holds (Table 7) and
// mixed with ASCII.
func TestMicroKanjiReadsAsWritten(t *testing.T) {
	cases := []struct{ data, ec, want string }{
		{"東京", "", "M3-M"},
		{"漢字漢字漢字", "L", "M3-L"},
		{"漢字漢字", "M", "M3-M"},
		{"日本語のテキスト", "M", "M4-M"},
		{"東京タワー", "Q", "M4-Q"},
		{"漢字漢字漢字漢字漢", "L", "M4-L"},
		{"ABC東京123", "", "M3-L"},
	}
	dir := t.TempDir()
	want := map[string]string{}
	for i, c := range cases {
		q := url.Values{"data": {c.data}, "symbol": {"micro"}, "size": {"300"}}
		if c.ec != "" {
			q.Set("ec", c.ec)
		}
		resp, body := get(t, "/api/v1/qr", q)
		if resp.StatusCode != 200 {
			t.Fatalf("%v: %d %s", q, resp.StatusCode, body)
		}
		if got := resp.Header.Get("X-QR-Symbol"); got != c.want {
			t.Errorf("%q ec %q: X-QR-Symbol %q, want %s", c.data, c.ec, got, c.want)
		}
		file := fmt.Sprintf("kanji-%d.png", i)
		if err := os.WriteFile(filepath.Join(dir, file), body, 0o644); err != nil {
			t.Fatal(err)
		}
		want[file] = c.data
	}
	readAsWrittenByZxingCpp3(t, dir, "MicroQRCode", want)
}
