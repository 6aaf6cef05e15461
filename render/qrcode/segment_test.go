package qrcode

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/qrcode/decoder"
)

// bruteForce is the fewest bits of any assignment of modes to the units,
// each run of one mode making one segment: the exhaustive answer the
// dynamic programme must match.
func bruteForce(f *fields, units []unit) int {
	best := -1
	assign := make([]mode, len(units))
	var walk func(i int)
	walk = func(i int) {
		if i == len(units) {
			total := 0
			for s := 0; s < len(units); {
				e := s
				for e < len(units) && assign[e] == assign[s] {
					e++
				}
				total += f.indicatorBits + f.countBits[assign[s]] + dataBits(assign[s], units[s:e])
				s = e
			}
			if best < 0 || total < best {
				best = total
			}
			return
		}
		for m := numeric; m < modeCount; m++ {
			if units[i].modes&(1<<m) != 0 {
				assign[i] = m
				walk(i + 1)
			}
		}
	}
	walk(0)
	return best
}

func dataBits(m mode, units []unit) int {
	n := len(units)
	switch m {
	case numeric:
		return 10*(n/3) + []int{0, 4, 7}[n%3]
	case alphanumeric:
		return 11*(n/2) + 6*(n%2)
	case kanji:
		return 13 * n
	}
	bits := 0
	for _, u := range units {
		bits += 8 * len(u.bytes)
	}
	return bits
}

// The segmentation is the shortest there is: on short strings of digits,
// alphanumerics, other bytes and Kanji it matches an exhaustive search in
// every version group, and the bits written are as many as it counted.
func TestSegmentationIsOptimal(t *testing.T) {
	rng := rand.New(rand.NewSource(22))
	alphabets := []string{"0123456789", "ABCXYZ $%*+-./:", "abcxyz?&=", "漢字点茗"}
	for trial := 0; trial < 400; trial++ {
		var data []byte
		for n := 1 + rng.Intn(10); n > 0; n-- {
			a := []rune(alphabets[rng.Intn(len(alphabets))])
			for run := 1 + rng.Intn(4); run > 0; run-- {
				data = utf8.AppendRune(data, a[rng.Intn(len(a))])
			}
			if utf8.RuneCount(data) > 8 {
				break
			}
		}
		units, ok := kanjiUnits(data)
		if !ok {
			units = byteUnits(data)
		}
		for g := range groups {
			f := &groups[g].fields
			segs, total, err := f.segment(units)
			if err != nil {
				t.Fatalf("%q: %v", data, err)
			}
			if want := bruteForce(f, units); total != want {
				t.Fatalf("%q, versions %d-%d: %d bits, exhaustive search %d (%v)", data, groups[g].first, groups[g].last, total, want, segs)
			}
			var bits BitStream
			f.write(&bits, units, segs)
			if bits.Len() != total {
				t.Fatalf("%q: wrote %d bits, counted %d", data, bits.Len(), total)
			}
		}
	}
}

// ISO/IEC 18004:2015 §7.4.6's example: "点茗" is Shift JIS 935F E4AA, the
// values 0D9F and 1AAA, in Kanji mode with a count of 2 in 8 bits.
func TestKanjiExample(t *testing.T) {
	p, err := FitECI([]byte("点茗"), M, ECIUTF8)
	if err != nil {
		t.Fatal(err)
	}
	want := "1000" + "00000010" + "0110110011111" + "1101010101010"
	if got := bitString(p.bits); got != want {
		t.Errorf("bits\n got %s\nwant %s", got, want)
	}
}

func bitString(b *BitStream) string {
	var s []byte
	for i := 0; i < b.Len(); i++ {
		s = append(s, '0'+b.bytes[i/8]>>(7-i%8)&1)
	}
	return string(s)
}

// Text with a character Kanji mode cannot hold keeps UTF-8 and its ECI
// header: "é" is not Shift JIS, and a half-width katakana is a single
// Shift JIS byte, outside Kanji mode.
func TestKanjiOnlyForKanjiText(t *testing.T) {
	for _, s := range []string{"café 東京", "ｶﾀｶﾅ 東京", "東京\xff"} {
		if _, ok := kanjiUnits([]byte(s)); ok {
			t.Errorf("%q taken for Kanji mode", s)
		}
	}
	if _, ok := kanjiUnits([]byte("plain ASCII")); ok {
		t.Error("ASCII text taken for Kanji mode: it gains nothing")
	}
	p, err := FitECI([]byte("café 東京"), M, ECIUTF8)
	if err != nil {
		t.Fatal(err)
	}
	if got := bitString(p.bits)[:12]; got != "0111"+"00011010" {
		t.Errorf("header %s, want ECI 26", got)
	}
	// Another ECI keeps the bytes as they are.
	if p, _ := FitECI([]byte("東京"), M, 20); bitString(p.bits)[:12] != "0111"+"00010100" {
		t.Error("ECI 20 data was re-encoded")
	}
}

// decodeSymbol reads a symbol's modules with gozxing's decoder, a port of
// ZXing's, which follows the standard independently of this encoder.
func decodeSymbol(t testing.TB, s *Symbol) string {
	t.Helper()
	m, err := gozxing.NewSquareBitMatrix(s.Size)
	if err != nil {
		t.Fatal(err)
	}
	for i, dark := range s.Modules {
		if dark {
			m.Set(i%s.Size, i/s.Size)
		}
	}
	r, err := decoder.NewDecoder().DecodeWithoutHint(m)
	if err != nil {
		t.Fatalf("gozxing cannot read version %d-%s: %v", s.Version, s.Level, err)
	}
	return r.GetText()
}

// Mixed data of every mode reads back as written, at every level.
func TestMixedModesDecode(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	for _, s := range []string{"点茗", "会議室A-301 予約 2025年10月18日 14:00", "東京 Tokyo 100-0005"} {
		for level := L; level <= H; level++ {
			sym, err := Encode([]byte(s), level)
			if err != nil {
				t.Fatal(err)
			}
			if got := decodeSymbol(t, sym); got != s {
				t.Errorf("%s: read %q, want %q", level, got, s)
			}
		}
	}
	for i := 0; i < 40; i++ {
		data := []byte(strings.ToValidUTF8(string(randomData(rng, 1+rng.Intn(300))), "é"))
		level := Level(rng.Intn(4))
		p, err := FitECI(data, level, eciFor(data))
		if err != nil {
			t.Fatal(err)
		}
		sym, err := p.Symbol(level)
		if err != nil {
			t.Fatal(err)
		}
		if got := decodeSymbol(t, sym); got != string(data) {
			t.Fatalf("%s: read %q, want %q", level, got, data)
		}
	}
}

// eciFor is the header the render package writes: UTF-8's for data with a
// byte outside ASCII (docs/eci.md).
func eciFor(data []byte) int {
	for _, b := range data {
		if b >= utf8.RuneSelf {
			return ECIUTF8
		}
	}
	return 0
}

func (s segment) String() string {
	return fmt.Sprintf("%s[%d:%d]", []string{"N", "A", "B", "K"}[s.mode], s.start, s.end)
}
