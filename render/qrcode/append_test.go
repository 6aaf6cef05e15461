package qrcode

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand"
	"os"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/qrcode/decoder"
	"golang.org/x/text/encoding/japanese"
)

// The header of each symbol: mode indicator 0011, the position from 0 and
// the total less one in four bits each, the parity in eight (§8), then the
// part's own segments: "ABC" in three parts is A, B and C, each one
// alphanumeric character (§7.4.4: 0010, a 9-bit count, 6 bits).
func TestAppendHeaderBits(t *testing.T) {
	set, err := FitAppend([]byte("ABC"), M, 0, 3)
	if err != nil {
		t.Fatal(err)
	}
	parity := "01000000" // 'A' ^ 'B' ^ 'C' = 0x41 ^ 0x42 ^ 0x43 = 0x40
	want := []string{
		"0011" + "0000" + "0010" + parity + "0010" + "000000001" + "001010",
		"0011" + "0001" + "0010" + parity + "0010" + "000000001" + "001011",
		"0011" + "0010" + "0010" + parity + "0010" + "000000001" + "001100",
	}
	if set.Parity != 0x40 || len(set.Parts) != 3 {
		t.Fatalf("parity %#x, %d parts; want 0x40 and 3", set.Parity, len(set.Parts))
	}
	for i, p := range set.Parts {
		if got := bitString(p.Plan.bits); got != want[i] {
			t.Errorf("part %d: bits\n%s, want\n%s", i+1, got, want[i])
		}
		if p.Start != i || p.End != i+1 || p.Plan.Version != 1 {
			t.Errorf("part %d: bytes %d..%d version %d, want %d..%d version 1", i+1, p.Start, p.End, p.Plan.Version, i, i+1)
		}
	}
}

// An ECI header follows the structured append header in every symbol of
// the set, ASCII parts included, so that each reads right alone. A part
// that one symbol would write in Kanji mode, which has no header, is
// written as UTF-8 after one too once an earlier part has one: zbar keeps
// ECI 26 in effect into the next symbols of a set, read the Kanji mode's
// Shift JIS bytes as UTF-8 and gave nothing for the whole set.
func TestAppendECIInEverySymbol(t *testing.T) {
	for _, data := range []string{
		strings.Repeat("plain ascii ", 30) + "Grüße",
		"ASCII part one and then 日本語テキスト here",
		"café and then some more words 日本語テキスト日本語テキスト",
	} {
		set, err := FitAppend([]byte(data), L, ECIUTF8, 2)
		if err != nil {
			t.Fatal(err)
		}
		for i, p := range set.Parts {
			if got := bitString(p.Plan.bits)[20:32]; got != "0111"+"00011010" {
				t.Errorf("%.20q part %d: bits 20..32 are %s, want the ECI 26 header 0111 00011010", data, i+1, got)
			}
			r := decodeAppendSymbol(t, mustSymbol(t, p.Plan, L))
			if r.GetText() != data[p.Start:p.End] {
				t.Errorf("%.20q part %d reads %q, want %q", data, i+1, r.GetText(), data[p.Start:p.End])
			}
		}
		if set.Parity != AppendParity([]byte(data)) {
			t.Errorf("%.20q: parity %#x, want %#x, the UTF-8 bytes' (§8.3)", data, set.Parity, AppendParity([]byte(data)))
		}
	}
}

func mustSymbol(t *testing.T, p *Plan, l Level) *Symbol {
	t.Helper()
	s, err := p.Symbol(l)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// segnoSets are sets that segno 1.4.1 made with encode_sequence(data,
// error=level, mask=mask, boost_error=False, symbol_count=3), its modules
// row by row without the quiet zone. segno divides one-mode data into
// parts of equal length; ours are the same here, where every character
// takes the same bits.
type segnoSet struct {
	Data    string `json:"data"`
	Level   string `json:"level"`
	Symbols []struct {
		Version int      `json:"version"`
		Mask    int      `json:"mask"`
		Rows    []string `json:"rows"`
	} `json:"symbols"`
}

func TestAppendMatchesSegno(t *testing.T) {
	raw, err := os.ReadFile("testdata/append_segno.json")
	if err != nil {
		t.Fatal(err)
	}
	var sets []segnoSet
	if err := json.Unmarshal(raw, &sets); err != nil {
		t.Fatal(err)
	}
	for _, want := range sets {
		level := Level(strings.Index("LMQH", want.Level))
		set, err := FitAppend([]byte(want.Data), level, 0, 3)
		if err != nil {
			t.Fatal(err)
		}
		for i, p := range set.Parts {
			w := want.Symbols[i]
			s := build(p.Plan.bits, p.Plan.Version, level, w.Mask)
			if s.Version != w.Version {
				t.Errorf("%q part %d: version %d, segno %d", want.Data, i+1, s.Version, w.Version)
				continue
			}
			if got := strings.Join(symbolRows(s), "\n"); got != strings.Join(w.Rows, "\n") {
				t.Errorf("%q part %d: modules\n%s\nsegno:\n%s", want.Data, i+1, got, strings.Join(w.Rows, "\n"))
			}
		}
	}
}

func symbolRows(s *Symbol) []string {
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

// Every symbol reads with gozxing's decoder, which reports its position,
// total and parity; the parts joined in order are the data, each part
// cut between whole UTF-8 characters; every symbol has the same version,
// and no smaller version holds that many parts.
func TestAppendSetsReadBack(t *testing.T) {
	rng := rand.New(rand.NewSource(8))
	skipped := 0
	pieces := []string{"https://qrforge.example/", "0123456789", "HELLO WORLD ", "Grüße aus Köln · ", "東京都千代田区", "emoji 🎉 ", "lower case text "}
	for round := 0; round < 24; round++ {
		var b strings.Builder
		for b.Len() < 300+rng.Intn(4000) {
			b.WriteString(pieces[rng.Intn(len(pieces))])
		}
		data := []byte(b.String())
		level := Level(rng.Intn(4))
		eci := 0
		if !ascii(data) && rng.Intn(3) > 0 {
			eci = ECIUTF8
		}
		count := 0
		if round%2 == 1 {
			count = 2 + rng.Intn(15)
		}
		set, err := FitAppend(data, level, eci, count)
		var ae *AppendError
		if errors.As(err, &ae) && ae.Needed > count {
			skipped++
			continue // too long for the count asked: TestAppendErrors
		}
		if err != nil {
			t.Fatalf("%d bytes at %s in %d: %v", len(data), level, count, err)
		}
		if count > 0 && len(set.Parts) != count {
			t.Fatalf("%d parts, want %d", len(set.Parts), count)
		}
		var joined []byte
		v := set.Parts[0].Plan.Version
		// §8.3: the parity of the bytes the symbols carry, a Kanji-mode
		// part's as Shift JIS (TestAppendParityOfKanji).
		// The splitter the set took: without Kanji mode when a Kanji-mode
		// part would follow an ECI header (TestAppendECIInEverySymbol).
		limit := count
		if limit == 0 {
			limit = MaxAppendSymbols
		}
		_, kanjiErr := fitAppend(&splitter{data: data, eci: eci}, level, count, limit)
		took := splitter{data: data, eci: eci, noKanji: errors.Is(kanjiErr, errECIBeforeKanji)}
		var parity byte
		for _, p := range set.Parts {
			carried := data[p.Start:p.End]
			if _, inKanji, _ := took.encode(groupOf(v), carried); inKanji {
				carried, _ = japanese.ShiftJIS.NewEncoder().Bytes(carried)
			}
			parity ^= AppendParity(carried)
		}
		for i, p := range set.Parts {
			if p.Plan.Version != v {
				t.Errorf("part %d is version %d, part 1 %d", i+1, p.Plan.Version, v)
			}
			part := data[p.Start:p.End]
			if !utf8.Valid(part) {
				t.Errorf("part %d cuts a UTF-8 character: %q", i+1, part)
			}
			sym, err := p.Plan.Symbol(level)
			if err != nil {
				t.Fatal(err)
			}
			r := decodeAppendSymbol(t, sym)
			if !r.HasStructuredAppend() {
				t.Fatalf("part %d has no structured append header", i+1)
			}
			seq := r.GetStructuredAppendSequenceNumber()
			if seq>>4 != i || seq&0xF != len(set.Parts)-1 || r.GetStructuredAppendParity() != int(parity) {
				t.Errorf("part %d: sequence %#x parity %#x, want position %d of %d, parity %#x", i+1, seq, r.GetStructuredAppendParity(), i, len(set.Parts), parity)
			}
			if r.GetText() != string(part) {
				t.Errorf("part %d reads %q, want %q", i+1, r.GetText(), part)
			}
			joined = append(joined, r.GetText()...)
		}
		if string(joined) != string(data) {
			t.Errorf("joined %d bytes differ from the %d of the data", len(joined), len(data))
		}
		if v > 1 {
			s := took
			if s.greedy(groupOf(v-1), capacity(v-1, level), len(set.Parts)) != nil {
				t.Errorf("%d bytes at %s: version %d, but %d parts fit version %d", len(data), level, v, len(set.Parts), v-1)
			}
		}
		if count == 0 {
			s := took
			if s.greedy(len(groups)-1, capacity(40, level), len(set.Parts)-1) != nil {
				t.Errorf("%d bytes at %s: %d symbols, but %d hold them", len(data), level, len(set.Parts), len(set.Parts)-1)
			}
		}
	}
	if skipped > 4 {
		t.Errorf("%d of 24 sets were too long for their count: the sample tests too little", skipped)
	}
}

func decodeAppendSymbol(t *testing.T, s *Symbol) interface {
	GetText() string
	HasStructuredAppend() bool
	GetStructuredAppendSequenceNumber() int
	GetStructuredAppendParity() int
} {
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
	return r
}

// Kanji text splits into Kanji-mode parts, 13 bits a character, not
// UTF-8 bytes behind an ECI header, 24.
func TestAppendKanjiParts(t *testing.T) {
	data := []byte(strings.Repeat("東京都千代田区丸の内", 150))
	set, err := FitAppend(data, M, ECIUTF8, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(set.Parts) != 2 {
		t.Errorf("1500 Kanji at M take %d symbols; two hold them in Kanji mode", len(set.Parts))
	}
	for i, p := range set.Parts {
		if got := bitString(p.Plan.bits)[20:24]; got != "1000" {
			t.Errorf("part %d starts with mode %s, want Kanji (1000)", i+1, got)
		}
	}
}

func TestAppendErrors(t *testing.T) {
	long := []byte(strings.Repeat("x", 2331*16)) // version 40-L holds 2953 bytes
	cases := []struct {
		name  string
		data  []byte
		level Level
		count int
		want  AppendError
	}{
		{"more parts than characters", []byte("Grüß"), L, 5, AppendError{Count: 5, Characters: 4}},
		{"fewer parts than needed", []byte(strings.Repeat("x", 7000)), L, 2, AppendError{Count: 2, Needed: 3}},
		{"more than 16 symbols", long, H, 0, AppendError{}},
		{"more than 16 symbols for a count", long, H, 16, AppendError{Count: 16}},
	}
	for _, c := range cases {
		_, err := FitAppend(c.data, c.level, 0, c.count)
		var ae *AppendError
		if !errors.As(err, &ae) || *ae != c.want {
			t.Errorf("%s: %v, want %+v", c.name, err, c.want)
		}
	}
	for _, count := range []int{-1, 1, 17} {
		if _, err := FitAppend([]byte("data"), M, 0, count); err == nil {
			t.Errorf("count %d: no error", count)
		}
	}
}

// The most data 16 symbols hold is split in well under a second: the
// scan is one pass a part, not a search over every cut.
func BenchmarkFitAppend(b *testing.B) {
	data := []byte(strings.Repeat("https://qrforge.example/a?b=c&d=e 0123456789 ", 1000))[:16*2900]
	for b.Loop() {
		if _, err := FitAppend(data, L, 0, 0); err != nil {
			b.Fatal(err)
		}
	}
}

// §8.3 takes a Kanji-mode character as its two Shift JIS bytes in the
// parity: a set of Kanji text has the parity of the bytes its symbols
// carry, which a reader joins, not of the UTF-8 it was given as.
func TestAppendParityOfKanji(t *testing.T) {
	data := []byte("日本語のテキスト漢字かな、東京都千代田区丸の内一丁目")
	set, err := FitAppend(data, M, ECIUTF8, 2)
	if err != nil {
		t.Fatal(err)
	}
	sjis, err := japanese.ShiftJIS.NewEncoder().Bytes(data)
	if err != nil {
		t.Fatal(err)
	}
	if want := AppendParity(sjis); set.Parity != want || want == AppendParity(data) {
		t.Errorf("parity %#x, want %#x, the Shift JIS bytes' (UTF-8's is %#x)", set.Parity, want, AppendParity(data))
	}
	for i, p := range set.Parts {
		if got := bitString(p.Plan.bits)[12:20]; got != fmt.Sprintf("%08b", set.Parity) {
			t.Errorf("part %d: parity bits %s, want %08b", i+1, got, set.Parity)
		}
		if got := bitString(p.Plan.bits)[20:24]; got != "1000" {
			t.Errorf("part %d: mode %s after the header, want Kanji mode 1000", i+1, got)
		}
	}
}
