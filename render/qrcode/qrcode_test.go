package qrcode

import (
	"bytes"
	"fmt"
	"math/rand"
	"slices"
	"testing"
	"unicode/utf8"

	skip2 "github.com/skip2/go-qrcode"
)

// ISO/IEC 18004:2015 Annex I: "01234567" as version 1-M, one numeric
// segment, its data codewords and its ten error-correction codewords.
func TestAnnexIExample(t *testing.T) {
	p, err := Fit([]byte("01234567"), M)
	if err != nil || p.Version != 1 {
		t.Fatalf("Fit = %+v, %v; want version 1", p, err)
	}
	got := interleave(finish(p.bits, p.Version, M), p.Version, M)
	want := []byte{
		0x10, 0x20, 0x0C, 0x56, 0x61, 0x80, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11,
		0xA5, 0x24, 0xD4, 0xC1, 0xED, 0x36, 0xC7, 0x87, 0x2C, 0x55,
	}
	if !bytes.Equal(got, want) {
		t.Errorf("codewords\n got % X\nwant % X", got, want)
	}
}

// A plan made at M raises its level only where the same version has room.
func TestPlanLevels(t *testing.T) {
	p, err := Fit([]byte("HELLO WORLD"), M) // 1-M; 1-Q holds 16 alphanumerics, 1-H 10
	if err != nil || p.Version != 1 {
		t.Fatalf("Fit = %+v, %v", p, err)
	}
	if !p.Fits(Q) || p.Fits(H) {
		t.Errorf("Fits(Q) = %v, Fits(H) = %v; want true, false", p.Fits(Q), p.Fits(H))
	}
	if _, err := p.Symbol(H); err != ErrTooLong {
		t.Errorf("Symbol(H) error %v, want ErrTooLong", err)
	}
	s, err := p.Symbol(Q)
	if err != nil || s.Version != 1 || s.Level != Q {
		t.Errorf("Symbol(Q) = %+v, %v", s, err)
	}
}

// Table 7's capacities at the edges: the longest byte-mode data that fits
// versions 1 and 40 at each level, and one byte more that does not.
func TestCapacityTable7(t *testing.T) {
	for _, c := range []struct {
		level   Level
		version int
		bytes   int
	}{
		{L, 1, 17}, {M, 1, 14}, {Q, 1, 11}, {H, 1, 7},
		{L, 40, 2953}, {M, 40, 2331}, {Q, 40, 1663}, {H, 40, 1273},
	} {
		fits := bytes.Repeat([]byte("a"), c.bytes)
		if p, err := Fit(fits, c.level); err != nil || p.Version != c.version {
			t.Errorf("%d bytes at %s: %+v, %v; want version %d", c.bytes, c.level, p, err, c.version)
		}
		over := append(fits, 'a')
		p, err := Fit(over, c.level)
		if c.version == 40 && err != ErrTooLong {
			t.Errorf("%d bytes at %s: %+v, %v; want ErrTooLong", len(over), c.level, p, err)
		} else if c.version == 1 && (err != nil || p.Version != 2) {
			t.Errorf("%d bytes at %s: %+v, %v; want version 2", len(over), c.level, p, err)
		}
	}
}

// The 15-bit format information for level M and mask 5 is 100000011001110
// (Annex C, Table C.1).
func TestFormatInformation(t *testing.T) {
	tpl := templateFor(1)
	dst := make([]byte, len(tpl.base))
	tpl.applyMask(dst, tpl.base, 5, M)
	got := 0
	// The copy beside the top-left finder, bit 14 first: row 8 left to right.
	for x, bit := range []int{0, 1, 2, 3, 4, 5, 7} {
		got |= int(dst[8*tpl.size+bit]) << (14 - x)
	}
	got |= int(dst[8*tpl.size+8]) << 7
	for i, y := range []int{7, 5, 4, 3, 2, 1, 0} {
		got |= int(dst[y*tpl.size+8]) << (6 - i)
	}
	if want := 0b100000011001110; got != want {
		t.Errorf("format bits %015b, want %015b", got, want)
	}
}

// skip2/go-qrcode is an independent encoder with the same mask scoring;
// for data of one mode both write one segment and must give the same
// symbol, module for module. This checks padding, Reed–Solomon,
// interleaving, function patterns, placement, format and version
// information and mask selection at every version and level. (On mixed
// data skip2 merges segments greedily and can need a larger version:
// TestNoLargerThanSkip2.)
func TestMatchesSkip2(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	// Alphabets whose characters have one cheapest mode: digits, upper
	// case letters and symbols without digits, lower case letters.
	alphabets := []string{"0123456789", "ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:", "abcdefghijklmnopqrstuvwxyz?&=é"}
	for version := 1; version <= 40; version++ {
		for level := L; level <= H; level++ {
			a := alphabets[(version+int(level))%3]
			// Enough data to need about this version.
			n := max(1, dataCodewords(version, level)-3)
			if a == alphabets[0] {
				n = n * 8 * 3 / 10
			} else if a == alphabets[1] {
				n = n * 8 * 2 / 11
			}
			data := make([]byte, n)
			for i := range data {
				data[i] = a[rng.Intn(len(a))]
			}
			checkAgainstSkip2(t, data, level)
		}
	}
}

// On mixed data the optimal segmentation never needs a larger version than
// skip2's greedy merge, and the symbol reads back as written.
func TestNoLargerThanSkip2(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	smaller := 0
	for version := 1; version <= 40; version += 3 {
		for level := L; level <= H; level++ {
			data := randomData(rng, max(1, dataCodewords(version, level)-3))
			if noLargerThanSkip2(t, data, level) {
				smaller++
			}
		}
	}
	t.Logf("%d of %d random mixed payloads take a smaller version than skip2's", smaller, 14*4)
}

func noLargerThanSkip2(t *testing.T, data []byte, level Level) (smaller bool) {
	t.Helper()
	ref, refErr := skip2.New(string(data), skip2Levels[level])
	got, err := Encode(data, level)
	if err != nil {
		if refErr == nil {
			t.Fatalf("%d bytes at %s: %v; skip2 made version %d", len(data), level, err, ref.VersionNumber)
		}
		return false
	}
	if refErr == nil && got.Version > ref.VersionNumber {
		t.Fatalf("%q at %s: version %d, skip2 %d", data, level, got.Version, ref.VersionNumber)
	}
	if text := decodeSymbol(t, got); text != string(data) && utf8.Valid(data) {
		t.Fatalf("%q at %s: read %q", data, level, text)
	}
	return refErr == nil && got.Version < ref.VersionNumber
}

func randomData(rng *rand.Rand, n int) []byte {
	alphabets := []string{"0123456789", "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:", "abcdefghijklmnopqrstuvwxyz?&=é"}
	data := make([]byte, 0, n)
	for len(data) < n {
		a := alphabets[rng.Intn(len(alphabets))]
		for run := 1 + rng.Intn(20); run > 0 && len(data) < n; run-- {
			data = append(data, a[rng.Intn(len(a))])
		}
	}
	return data
}

var skip2Levels = [4]skip2.RecoveryLevel{L: skip2.Low, M: skip2.Medium, Q: skip2.High, H: skip2.Highest}

func checkAgainstSkip2(t *testing.T, data []byte, level Level) {
	t.Helper()
	ref, refErr := skip2.New(string(data), skip2Levels[level])
	got, err := Encode(data, level)
	if (refErr != nil) != (err != nil) {
		t.Fatalf("%d bytes at %s: skip2 error %v, ours %v", len(data), level, refErr, err)
	}
	if err != nil {
		return
	}
	if got.Version != ref.VersionNumber {
		t.Fatalf("%d bytes at %s: version %d, skip2 %d", len(data), level, got.Version, ref.VersionNumber)
	}
	ref.DisableBorder = true
	if want := flatten(ref.Bitmap()); !slices.Equal(got.Modules, want) {
		for mask := 0; mask < 8; mask++ {
			s, _ := EncodeMask(data, level, mask)
			if !slices.Equal(s.Modules, want) {
				continue
			}
			// Only a false finder under skip2's mask may part the two
			// (falsefinder.go).
			if !hasFalseFinder(darkBytes(s), s.Size) || hasFalseFinder(darkBytes(got), got.Size) {
				t.Fatalf("%d bytes at %s, version %d: mask %d, skip2 chose %d", len(data), level, got.Version, got.Mask, mask)
			}
			return
		}
		t.Fatalf("%d bytes at %s, version %d: no mask gives skip2's symbol", len(data), level, got.Version)
	}
}

// darkBytes is s's modules as 1 (dark) and 0.
func darkBytes(s *Symbol) []byte {
	m := make([]byte, len(s.Modules))
	for i, dark := range s.Modules {
		if dark {
			m[i] = 1
		}
	}
	return m
}

func flatten(rows [][]bool) []bool {
	var out []bool
	for _, r := range rows {
		out = append(out, r...)
	}
	return out
}

func TestLinePenalty(t *testing.T) {
	for _, c := range []struct {
		line []byte
		want int
	}{
		{[]byte{0, 1, 0, 1, 0, 1}, 0},
		{[]byte{1, 1, 1, 1, 1, 0}, 0},
		{[]byte{1, 1, 1, 1, 1, 1, 0}, n1 + 1},
		{[]byte{1, 1, 1, 1, 1, 1, 1, 1}, n1 + 3},
		{[]byte{0, 0, 1, 0, 0, 0, 0, 1, 0, 1, 1, 1, 0, 1, 1}, n3},    // light before
		{[]byte{1, 1, 0, 1, 1, 1, 0, 1, 0, 0, 0, 0, 1}, n3},          // light after
		{[]byte{1, 0, 1, 1, 1, 0, 1}, n3},                            // the edges count as light
		{[]byte{1, 1, 0, 1, 1, 1, 0, 1, 1, 0, 1, 0, 1, 0, 1, 1}, 0},  // dark on both sides
		{[]byte{0, 0, 0, 0, 1, 0, 1, 1, 1, 0, 1, 0, 0, 0, 0, 0}, n3}, // both sides, counted once
	} {
		if got := linePenalty(c.line); got != c.want {
			t.Errorf("linePenalty(%v) = %d, want %d", c.line, got, c.want)
		}
	}
}

// TestAlignmentCentres checks rows of ISO/IEC 18004 Annex E, Table E.1.
func TestAlignmentCentres(t *testing.T) {
	cases := []struct {
		version int
		want    []int
	}{
		{1, nil},
		{2, []int{6, 18}},
		{6, []int{6, 34}},
		{7, []int{6, 22, 38}},
		{14, []int{6, 26, 46, 66}},
		{15, []int{6, 26, 48, 70}},
		{21, []int{6, 28, 50, 72, 94}},
		{32, []int{6, 34, 60, 86, 112, 138}},
		{36, []int{6, 24, 50, 76, 102, 128, 154}},
		{39, []int{6, 26, 54, 82, 110, 138, 166}},
		{40, []int{6, 30, 58, 86, 114, 142, 170}},
	}
	for _, c := range cases {
		if got := AlignmentCentres(c.version); fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("version %d: %v, want %v", c.version, got, c.want)
		}
	}
}

func FuzzEncode(f *testing.F) {
	for _, s := range []string{"https://example.com/", "01234567", "HELLO WORLD", "a1B2", "\x00\xff"} {
		f.Add([]byte(s), byte(1))
	}
	f.Fuzz(func(t *testing.T, data []byte, level byte) {
		if len(data) == 0 || len(data) > 3000 {
			return
		}
		noLargerThanSkip2(t, data, Level(level%4))
	})
}

// An ECI header is mode indicator 0111 and, for assignments up to 127, one
// codeword 0bbbbbbb (ISO/IEC 18004:2015 §7.4.2.2, Table 4), before the
// data's own mode indicator: "é" in UTF-8 (ECI 26) is 0111 00011010, then
// byte mode 0100, count 00000010, C3 A9.
func TestECIHeader(t *testing.T) {
	p, err := FitECI([]byte("é"), M, ECIUTF8)
	if err != nil {
		t.Fatal(err)
	}
	want := "0111" + "00011010" + "0100" + "00000010" + "11000011" + "10101001"
	var got string
	for i := 0; i < p.bits.Len(); i++ {
		got += fmt.Sprint(p.bits.bytes[i/8] >> (7 - i%8) & 1)
	}
	if got != want {
		t.Errorf("bits\n got %s\nwant %s", got, want)
	}
	plain, _ := Fit([]byte("é"), M)
	if p.bits.Len() != plain.bits.Len()+12 {
		t.Errorf("the header costs %d bits, want 12", p.bits.Len()-plain.bits.Len())
	}
	if _, err := FitECI([]byte("é"), M, 128); err == nil {
		t.Error("ECI 128 accepted; it needs a two-codeword designator this encoder does not write")
	}
}

// SafeBytes bytes of the least dense data, with an ECI header, still fit
// version 40 (Table 7: 2956 data codewords at L, 1276 at H).
func TestSafeBytesFit(t *testing.T) {
	for _, l := range []Level{L, M, Q, H} {
		data := bytes.Repeat([]byte{0xff}, SafeBytes(l))
		if _, err := FitECI(data, l, ECIUTF8); err != nil {
			t.Errorf("level %v: %d bytes with ECI do not fit: %v", l, len(data), err)
		}
	}
	for v := 1; v <= 40; v++ {
		data := bytes.Repeat([]byte{0xff}, SafeBytesAt(v, M))
		if p, err := FitECI(data, M, ECIUTF8); err != nil || p.Version > v {
			t.Errorf("version %d-M: %d bytes with ECI need %+v, %v", v, len(data), p, err)
		}
	}
	if SafeBytes(L) != 2952 {
		t.Errorf("SafeBytes(L) = %d, want 2952", SafeBytes(L))
	}
}
