package qrcode

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// ISO/IEC 23941:2022 Table 6: the data bits and the byte capacity of every
// rMQR size at levels M and H, in version-indicator order.
var rmqrTable6 = [32]struct {
	name           string
	bitsM, bitsH   int
	bytesM, bytesH int
}{
	{"R7x43", 48, 24, 5, 2}, {"R7x59", 96, 56, 11, 6}, {"R7x77", 160, 80, 19, 9}, {"R7x99", 224, 112, 27, 13}, {"R7x139", 352, 192, 42, 22},
	{"R9x43", 96, 56, 11, 6}, {"R9x59", 168, 88, 20, 10}, {"R9x77", 248, 136, 30, 16}, {"R9x99", 336, 176, 40, 20}, {"R9x139", 504, 264, 61, 31},
	{"R11x27", 56, 40, 6, 4}, {"R11x43", 152, 88, 18, 10}, {"R11x59", 248, 120, 30, 14}, {"R11x77", 344, 184, 41, 21}, {"R11x99", 456, 232, 55, 27}, {"R11x139", 672, 336, 82, 40},
	{"R13x27", 96, 56, 11, 6}, {"R13x43", 216, 104, 26, 12}, {"R13x59", 304, 160, 36, 18}, {"R13x77", 424, 232, 51, 27}, {"R13x99", 584, 280, 71, 33}, {"R13x139", 848, 432, 104, 52},
	{"R15x43", 264, 120, 31, 13}, {"R15x59", 384, 208, 46, 24}, {"R15x77", 536, 248, 65, 29}, {"R15x99", 704, 384, 86, 46}, {"R15x139", 1016, 552, 125, 67},
	{"R17x43", 312, 168, 37, 19}, {"R17x59", 448, 224, 54, 26}, {"R17x77", 624, 304, 76, 36}, {"R17x99", 800, 448, 98, 54}, {"R17x139", 1216, 608, 150, 74},
}

func rmqrFits(t *testing.T, data string, size int, l Level) bool {
	t.Helper()
	p, err := PlanRMQR([]byte(data), size, 0)
	if err == ErrTooLong {
		return false
	}
	if err != nil {
		t.Fatal(err)
	}
	return p.Fits(l)
}

func TestRMQRTable6(t *testing.T) {
	for i, c := range rmqrTable6 {
		s := &RMQRSizes[i]
		if s.Designator() != c.name {
			t.Fatalf("size %d is %s, want %s", i, s.Designator(), c.name)
		}
		if got := s.DataCodewords(M) * 8; got != c.bitsM {
			t.Errorf("%s-M: %d data bits, want %d", c.name, got, c.bitsM)
		}
		if got := s.DataCodewords(H) * 8; got != c.bitsH {
			t.Errorf("%s-H: %d data bits, want %d", c.name, got, c.bitsH)
		}
		for _, l := range []struct {
			level Level
			max   int
		}{{M, c.bytesM}, {H, c.bytesH}} {
			if !rmqrFits(t, strings.Repeat("a", l.max), i, l.level) || rmqrFits(t, strings.Repeat("a", l.max+1), i, l.level) {
				t.Errorf("%s-%s does not hold exactly %d bytes", c.name, l.level, l.max)
			}
		}
	}
}

// The largest symbol's capacities in the other modes (Table 6, and Denso
// Wave's rMQR page): R17x139-M holds 361 digits, 219 alphanumerics and 92
// Kanji.
func TestRMQRLargestCapacities(t *testing.T) {
	for _, c := range []struct {
		char string
		max  int
	}{{"7", 361}, {"A", 219}, {"漢", 92}} {
		if !rmqrFits(t, strings.Repeat(c.char, c.max), 31, M) || rmqrFits(t, strings.Repeat(c.char, c.max+1), 31, M) {
			t.Errorf("R17x139-M does not hold exactly %d of %q", c.max, c.char)
		}
	}
}

// Every size's blocks add up to its codewords (Table 7 and Table 8), and
// its data modules to those codewords and fewer than eight remainder bits.
func TestRMQRStructure(t *testing.T) {
	for i := range RMQRSizes {
		s := &RMQRSizes[i]
		for _, l := range []Level{M, H} {
			if got := s.blocks(l).codewords(); got != s.Total {
				t.Errorf("%s-%s: blocks hold %d codewords, want %d", s.Designator(), l, got, s.Total)
			}
		}
		g := rmqrFunctionPatterns(s.Width, s.Height, s.Alignment)
		free := 0
		for _, f := range g.function {
			if !f {
				free++
			}
		}
		if r := free - 8*s.Total; r < 0 || r > 7 {
			t.Errorf("%s: %d data modules for %d codewords", s.Designator(), free, s.Total)
		}
	}
}

// Format information as zint lists it (backend/qr.h), first and last of
// each level, on each side.
func TestRMQRFormatInformation(t *testing.T) {
	for _, c := range []struct {
		size        int
		l           Level
		left, right uint32
	}{
		{0, M, 0x1FAB2, 0x20A7B}, {1, M, 0x1E597, 0x2155E}, {31, M, 0x008E2, 0x3F82B},
		{0, H, 0x3F367, 0x003AE}, {31, H, 0x20137, 0x1F1FE},
	} {
		if got := rmqrFormat(c.size, c.l, false); got != c.left {
			t.Errorf("%s-%s left format %05X, want %05X", RMQRSizes[c.size].Designator(), c.l, got, c.left)
		}
		if got := rmqrFormat(c.size, c.l, true); got != c.right {
			t.Errorf("%s-%s right format %05X, want %05X", RMQRSizes[c.size].Designator(), c.l, got, c.right)
		}
	}
}

// The smallest symbol is the one with the fewest modules: R11x27 (297)
// before R7x43 (301); R9x77 (693) holds 15 bytes at H where R15x43 (645)
// holds 13.
func TestFitRMQRSmallestArea(t *testing.T) {
	for _, c := range []struct {
		data  string
		level Level
		want  string
	}{
		{"ABCDEFG", M, "R11x27"},
		{"123456789012", M, "R11x27"},
		{"abcdefg", M, "R13x27"},
		{strings.Repeat("a", 15), H, "R9x77"},
		{strings.Repeat("a", 150), M, "R17x139"},
	} {
		p, err := FitRMQR([]byte(c.data), c.level, 0, nil)
		if err != nil {
			t.Fatalf("%q: %v", c.data, err)
		}
		if got := RMQRSizes[p.Size].Designator(); got != c.want {
			t.Errorf("%q at %s: %s, want %s", c.data, c.level, got, c.want)
		}
	}
	if _, err := FitRMQR([]byte(strings.Repeat("a", 151)), M, 0, nil); err != ErrTooLong {
		t.Errorf("151 bytes: %v, want ErrTooLong", err)
	}
	if _, err := FitRMQR([]byte(strings.Repeat("a", 100000)), M, 0, nil); err != ErrTooLong {
		t.Errorf("100000 bytes: %v, want ErrTooLong", err)
	}
	if _, err := FitRMQR([]byte("a"), Q, 0, nil); err == nil {
		t.Error("level Q: no error")
	}
}

// testdata/rmqr_zint.json holds one symbol of every size and level, made
// by zxing-cpp 3's writer (zint inside) through e2e/decoders/write.mjs from
// digits, upper-case alphanumerics, lower-case bytes or Kanji, so that both
// encoders take one segment: every module must agree.
func TestRMQRMatchesZint(t *testing.T) {
	b, err := os.ReadFile("testdata/rmqr_zint.json")
	if err != nil {
		t.Fatal(err)
	}
	var golden struct {
		Writer  string
		Symbols []struct {
			Text    string
			EC      string
			Version int
			Rows    []string
		}
	}
	if err := json.Unmarshal(b, &golden); err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, g := range golden.Symbols {
		l := M
		if g.EC == "H" {
			l = H
		}
		p, err := PlanRMQR([]byte(g.Text), g.Version-1, 0)
		if err != nil {
			t.Fatalf("%q: %v", g.Text, err)
		}
		s, err := p.Symbol(l)
		if err != nil {
			t.Fatalf("%q in R%d-%s: %v", g.Text, g.Version, l, err)
		}
		seen[s.Designator()] = true
		var got []string
		for y := 0; y < s.Height; y++ {
			var row strings.Builder
			for x := 0; x < s.Width; x++ {
				row.WriteByte("01"[b2i(s.Modules[y*s.Width+x])])
			}
			got = append(got, row.String())
		}
		if strings.Join(got, "\n") != strings.Join(g.Rows, "\n") {
			t.Errorf("%s %q:\n got\n%s\nwant (%s)\n%s", s.Designator(), g.Text, strings.Join(got, "\n"), golden.Writer, strings.Join(g.Rows, "\n"))
		}
	}
	if len(seen) != 64 {
		t.Errorf("%d of the 64 symbols compared", len(seen))
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
