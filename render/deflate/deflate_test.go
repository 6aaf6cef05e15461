package deflate

import (
	"bytes"
	"compress/zlib"
	"hash/adler32"
	"io"
	"math/rand/v2"
	"testing"
)

// inflate decompresses with the standard library's zlib reader, which
// checks the header and the Adler-32 trailer.
func inflate(t testing.TB, z []byte) []byte {
	t.Helper()
	r, err := zlib.NewReader(bytes.NewReader(z))
	if err != nil {
		t.Fatalf("zlib header: %v", err)
	}
	out, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("inflate: %v", err)
	}
	return out
}

func roundTrip(t testing.TB, e *Encoder, data []byte, stride int, cells ...int) []byte {
	t.Helper()
	z := e.Zlib(nil, data, stride, cells, nil)
	if got := inflate(t, z); !bytes.Equal(got, data) {
		t.Fatalf("stride %d, %d bytes: inflated %d bytes that differ from the input", stride, len(data), len(got))
	}
	return z
}

func TestRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	random := func(n, alphabet int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(rng.IntN(alphabet))
		}
		return b
	}
	// rowsOf repeats each of a few random rows several times over, as a
	// QR code's module rows are.
	rowsOf := func(stride, rows, distinct int) []byte {
		pool := make([][]byte, distinct)
		for i := range pool {
			pool[i] = random(stride, 16)
		}
		var b []byte
		for range rows {
			b = append(b, pool[rng.IntN(distinct)]...)
		}
		return b
	}
	cases := []struct {
		name   string
		data   []byte
		stride int
		cells  []int
	}{
		{"empty", nil, 10, nil},
		{"one byte", []byte{7}, 1, nil},
		{"two-byte rows", bytes.Repeat([]byte{1, 2}, 50), 2, nil},
		{"one-byte rows", bytes.Repeat([]byte{9}, 1000), 1, nil},
		{"zeros", make([]byte, 100000), 257, nil},
		{"random bytes", random(70000, 256), 257, nil},
		{"random shades", random(70000, 16), 65, nil},
		{"repeated rows", rowsOf(257, 512, 20), 257, nil},
		{"rows longer than a reference", rowsOf(1025, 300, 8), 1025, nil},
		{"repeated rows ending too short for a reference", rowsOf(259, 200, 3), 259, nil},
		{"rows beyond the window", rowsOf(20000, 10, 3), 20000, nil},
		{"short last row", append(rowsOf(100, 30, 4), 1, 2, 3), 100, nil},
		{"stride out of range", random(500, 4), 0, nil},
		{"many blocks", random(3*maxBlockTokens, 256), 300, nil},
		{"cells", rowsOf(257, 512, 20), 257, []int{1, 9, 16, 24, 31, 39}},
		{"cells unsorted, repeated and out of range", rowsOf(100, 60, 5), 100, []int{50, 3, 3, 99, 100, 4000, -1}},
		{"cells of one byte", random(5000, 4), 50, []int{0, 1, 2, 3, 4, 5, 6, 7}},
	}
	e := new(Encoder)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { roundTrip(t, e, c.data, c.stride, c.cells...) })
	}
}

// TestRepeatedRowsCostOneReference checks the point of the package: a
// run of rows equal to the one before adds about one back-reference per
// row (a distance of 257 takes 7 extra bits, RFC 1951 §3.2.5), not a
// compressed copy.
func TestRepeatedRowsCostOneReference(t *testing.T) {
	row := make([]byte, 257)
	for i := range row {
		row[i] = byte(i * 7 % 16)
	}
	e := new(Encoder)
	one := len(roundTrip(t, e, row, len(row)))
	many := len(roundTrip(t, e, bytes.Repeat(row, 500), len(row)))
	if many-one > 2*500 {
		t.Errorf("500 copies of a row take %d bytes, one takes %d: more than 2 bytes per repeated row", many, one)
	}
}

func TestCodeLengthsAreLimited(t *testing.T) {
	// Fibonacci counts make the deepest Huffman trees.
	counts := make([]int32, 30)
	a, b := int32(1), int32(1)
	for i := range counts {
		counts[i] = a
		a, b = b, a+b
	}
	var code huffmanCode
	var builder huffmanBuilder
	for _, limit := range []int{7, 15} {
		builder.build(&code, counts, limit)
		kraft := 0.0
		for s, l := range code.lengths {
			if l == 0 || int(l) > limit {
				t.Fatalf("limit %d: symbol %d has length %d", limit, s, l)
			}
			kraft += 1 / float64(uint(1)<<l)
		}
		if kraft != 1 {
			t.Errorf("limit %d: Kraft sum %v, want a complete code (1)", limit, kraft)
		}
	}
}

func FuzzZlib(f *testing.F) {
	f.Add([]byte("hello hello hello hello"), 5, []byte{0, 2})
	f.Add(bytes.Repeat([]byte{0, 0xff, 0x0f}, 400), 12, []byte{1, 4, 8})
	f.Add([]byte{}, 0, []byte{})
	e := new(Encoder)
	f.Fuzz(func(t *testing.T, data []byte, stride int, cellBytes []byte) {
		cells := make([]int, len(cellBytes))
		for i, c := range cellBytes {
			cells[i] = int(c)
		}
		// The stride's upper bits choose the pixel's bytes, 1 to 4.
		e.Pixel = 1 + stride>>12&3
		roundTrip(t, e, data, stride, cells...)
	})
}

func TestAdlerMatchesStandardLibrary(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{0, 1, 7, 8, 9, 257, 5552, 5553, 70000, 1 << 17} {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(rng.IntN(256))
		}
		if n == 1<<17 {
			for i := range b {
				b[i] = 0xff // the largest sums
			}
		}
		// Whole, and as two parts joined.
		half := n / 2
		joined := sumsOf(b[:half]).then(sumsOf(b[half:]), n-half)
		want := adler32.Checksum(b)
		if got := sumsOf(b).checksum(n); got != want {
			t.Errorf("%d bytes: %08x, want %08x", n, got, want)
		}
		if got := joined.checksum(n); got != want {
			t.Errorf("%d bytes in two parts: %08x, want %08x", n, got, want)
		}
	}
}

// TestGivenSums: sums a drawing supplies give the stream computed sums
// give; sums of the wrong count are ignored.
func TestGivenSums(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	data := make([]byte, 257*40+100)
	for i := range data {
		data[i] = byte(rng.IntN(256))
	}
	const stride = 257
	var sums []RowSum
	for start := 0; start < len(data); start += stride {
		var s RowSum
		for j, b := range data[start:min(start+stride, len(data))] {
			s.Sum += uint64(b)
			s.Weighted += uint64(j) * uint64(b)
		}
		sums = append(sums, s)
	}
	e := new(Encoder)
	want := e.Zlib(nil, data, stride, nil, nil)
	if got := e.Zlib(nil, data, stride, nil, sums); !bytes.Equal(got, want) {
		t.Errorf("with given sums the stream differs")
	}
	if got := e.Zlib(nil, data, stride, nil, sums[1:]); !bytes.Equal(got, want) {
		t.Errorf("with too few sums the stream differs")
	}
	sums[3].Sum++
	if got := e.Zlib(nil, data, stride, nil, sums); bytes.Equal(got, want) {
		t.Errorf("a wrong sum left the checksum unchanged")
	}
}

// A cell of one byte value that no earlier cell has, as a gradient's
// modules are, is a literal and a run: a row of 32 such cells of 16
// bytes takes a few bytes a cell, not sixteen literals.
func TestCellsOfOneColourAreRuns(t *testing.T) {
	row := make([]byte, 1+32*16)
	cells := []int{1}
	for c := 0; c < 32; c++ {
		for i := 0; i < 16; i++ {
			row[1+c*16+i] = byte(40 + c*5)
		}
		cells = append(cells, 1+(c+1)*16)
	}
	z := roundTrip(t, new(Encoder), row, len(row), cells...)
	if len(z) > 32*5 {
		t.Errorf("32 one-colour cells take %d bytes, want at most %d", len(z), 32*5)
	}
}

// In truecolour a cell of one colour repeats its first pixel: told the
// pixel's bytes, the encoder codes each of 32 cells of five RGB pixels in
// colours no earlier cell has as three literals and a copy.
func TestCellsOfOneColourAreRunsOfPixels(t *testing.T) {
	const pixels = 5
	row := make([]byte, 1+32*pixels*3)
	cells := []int{1}
	for c := 0; c < 32; c++ {
		for i := 0; i < pixels; i++ {
			copy(row[1+(c*pixels+i)*3:], []byte{byte(40 + c*5), byte(200 - c*3), byte(7 * c)})
		}
		cells = append(cells, 1+(c+1)*pixels*3)
	}
	e := new(Encoder)
	bytewise := len(roundTrip(t, e, row, len(row), cells...))
	e.Pixel = 3
	z := roundTrip(t, e, row, len(row), cells...)
	if len(z) > 32*6 || len(z) >= bytewise {
		t.Errorf("32 one-colour cells take %d bytes (%d without pixels), want at most %d", len(z), bytewise, 32*6)
	}
}

// Rows marked as repeats are coded as the comparison would code them: the
// stream is the same, and it decodes to the data.
func TestMarkedRepeats(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	const stride = 301
	var data []byte
	var repeats []bool
	for r := 0; r < 60; r++ {
		if r > 0 && rng.IntN(3) > 0 {
			data = append(data, data[len(data)-stride:]...)
			repeats = append(repeats, rng.IntN(4) > 0) // not every repeat is marked
			continue
		}
		for range stride {
			data = append(data, byte(rng.IntN(4)))
		}
		repeats = append(repeats, false)
	}
	cells := []int{1, 11, 21, 31, 41}
	e := new(Encoder)
	want := e.Zlib(nil, data, stride, cells, nil)
	e.Repeats = repeats
	got := roundTrip(t, e, data, stride, cells...)
	if !bytes.Equal(got, want) {
		t.Errorf("with marked repeats the stream differs")
	}
	e.Repeats = repeats[1:]
	if got := e.Zlib(nil, data, stride, cells, nil); !bytes.Equal(got, want) {
		t.Errorf("with too few flags the stream differs")
	}
}
