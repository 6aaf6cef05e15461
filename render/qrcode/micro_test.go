package qrcode

import (
	"bytes"
	"strings"
	"testing"
)

// ISO/IEC 18004:2015 Annex I: "01234567" as Micro QR M2-L, one numeric
// segment: its five data codewords and five error-correction codewords.
func TestMicroAnnexIExample(t *testing.T) {
	v, err := FitMicro([]byte("01234567"), L)
	if err != nil || v != 2 {
		t.Fatalf("FitMicro = M%d, %v; want M2", v, err)
	}
	segs, _ := microSegments([]byte("01234567"), 2)
	got := microCodewords(microBits([]byte("01234567"), segs, 2), 2, MicroCapacity(2, L))
	want := []byte{0x40, 0x18, 0xAC, 0xC3, 0x00, 0x86, 0x0D, 0x22, 0xAE, 0x30}
	if !bytes.Equal(got, want) {
		t.Errorf("codewords\n got % X\nwant % X", got, want)
	}
}

// Table 7's numeric, alphanumeric, byte and Kanji capacities of every
// Micro QR symbol: the longest data of each kind fits, one character more
// does not. Kanji characters (M3 and M4 only) are counted as characters,
// each 13 bits in Kanji mode (§7.4.6).
func TestMicroCapacityTable7(t *testing.T) {
	for _, c := range []struct {
		v                            int
		l                            Level
		numeric, alnum, bytes, kanji int
	}{
		{1, Detect, 5, 0, 0, 0},
		{2, L, 10, 6, 0, 0}, {2, M, 8, 5, 0, 0},
		{3, L, 23, 14, 9, 6}, {3, M, 18, 11, 7, 4},
		{4, L, 35, 21, 15, 9}, {4, M, 30, 18, 13, 8}, {4, Q, 21, 13, 9, 5},
	} {
		for _, k := range []struct {
			char string
			max  int
		}{{"7", c.numeric}, {"A", c.alnum}, {"a", c.bytes}, {"漢", c.kanji}} {
			fits := func(n int) bool {
				if n == 0 {
					return true
				}
				b := MicroBits([]byte(strings.Repeat(k.char, n)), c.v)
				return b >= 0 && b <= MicroCapacity(c.v, c.l)
			}
			if !fits(k.max) || fits(k.max+1) {
				t.Errorf("M%d-%s holds %d of %q, want exactly %d", c.v, c.l, k.max, k.char, k.max)
			}
		}
	}
}

func TestMicroSmallestSymbol(t *testing.T) {
	for _, c := range []struct {
		data  string
		level Level
		want  int
	}{
		{"12345", Detect, 1},
		{"123456", Detect, 2},
		{"12345", L, 2}, // M1 corrects nothing, so a level asks for M2 at least
		{"HELLO", M, 2},
		{"hello", L, 3},
		{"hello", Q, 4},
		{"https://a.bc", L, 4},
	} {
		v, err := FitMicro([]byte(c.data), c.level)
		if err != nil || v != c.want {
			t.Errorf("FitMicro(%q, %s) = M%d, %v; want M%d", c.data, c.level, v, err, c.want)
		}
	}
	if _, err := FitMicro([]byte("1234567890123456789012345678901234567"), L); err != ErrTooLong {
		t.Errorf("37 digits: %v, want ErrTooLong", err)
	}
	if _, err := FitMicro([]byte("1"), H); err != ErrNoMicroLevel {
		t.Errorf("level H: %v, want ErrNoMicroLevel", err)
	}
}

// Mixed data is split where that saves bits: 4 letters then 9 digits
// takes M3-L as two segments and would not fit as one byte segment.
func TestMicroSegmentsMixed(t *testing.T) {
	s, err := EncodeMicro([]byte("ab123456789"), 3, L, -1)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Segments) != 2 || s.Segments[0].Mode != "byte" || s.Segments[1].Mode != "numeric" {
		t.Errorf("segments %+v, want byte then numeric", s.Segments)
	}
}

// Japanese text is written in Kanji mode, the Shift JIS values of §7.4.6
// (漢 is 0x8ABF, 字 0x8E9A), with its ASCII in the other modes: a Micro
// QR Code has no ECI header (§7.4.2.1), and Kanji mode names its
// character set by itself. M3's mode indicator for Kanji is 11 and its
// count field 3 bits (Table 2, Table 3).
func TestMicroKanjiMode(t *testing.T) {
	s, err := EncodeMicro([]byte("漢字"), 3, L, -1)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Segments) != 1 || s.Segments[0].Mode != "kanji" || string(s.Segments[0].Data) != "漢字" {
		t.Fatalf("segments %+v, want one kanji segment", s.Segments)
	}
	plan, bits := microPlan([]byte("漢字"), 3)
	got := plan.bits([]byte("漢字"), 3)
	// 11, 010, then (0x8ABF-0x8140) = 0x097F → 0x09*0xC0+0x7F = 0x73F and
	// (0x8E9A-0x8140) = 0x0D5A → 0x0D*0xC0+0x5A = 0xA1A, 13 bits each.
	want := &BitStream{}
	want.append(0b11, 2)
	want.append(2, 3)
	want.append(0x73F, 13)
	want.append(0xA1A, 13)
	if bits != want.len || got.len != want.len || !bytes.Equal(got.bytes, want.bytes) {
		t.Errorf("bits %d % X, want %d % X", got.len, got.bytes, want.len, want.bytes)
	}
	m, err := EncodeMicro([]byte("AB漢字"), 3, L, -1)
	if err != nil || len(m.Segments) != 2 || m.Segments[0].Mode != "alphanumeric" || string(m.Segments[1].Data) != "漢字" {
		t.Errorf("AB漢字: %+v, %v; want alphanumeric AB then Kanji 漢字", m, err)
	}
	if _, err := FitMicro([]byte("é"), L); err != nil {
		t.Errorf("é: %v; bytes outside Kanji mode are still written as bytes", err)
	}
}

// The format information of Table C.1 for symbol numbers and masks, and
// the symbol's fixed patterns.
func TestMicroPatterns(t *testing.T) {
	// Annex C, Table C.1 (Micro QR column): symbol 0, mask 0 is 100010001000101.
	if f := microFormat(1, Detect, 0); f != 0x4445 {
		t.Errorf("format M1 mask 0 = %015b", f)
	}
	for v := 1; v <= 4; v++ {
		l := L
		if v == 1 {
			l = Detect
		}
		s, err := EncodeMicro([]byte("1"), v, l, -1)
		if err != nil {
			t.Fatal(err)
		}
		n := s.Size
		if n != 2*v+9 {
			t.Fatalf("M%d is %d wide", v, n)
		}
		for i := 8; i < n; i++ {
			if s.Modules[i] != (i%2 == 0) || s.Modules[i*n] != (i%2 == 0) {
				t.Errorf("M%d timing broken at %d", v, i)
			}
		}
		for i := 0; i < 7; i++ {
			if !s.Modules[i] || !s.Modules[6*n+i] || s.Modules[7*n+i] || s.Modules[i*n+7] {
				t.Errorf("M%d finder or separator broken at %d", v, i)
			}
		}
	}
}
