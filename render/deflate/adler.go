package deflate

import "encoding/binary"

// Adler-32 (RFC 1950 §8.2), accumulated row by row: a row's own sums are
// computed once and a repeated row reuses them, so repeated rows cost
// nothing here either.

const adlerModulus = 65521

// rowSums are the Adler-32 sums of a run of bytes on its own, modulo
// adlerModulus: a, the sum of its bytes, and b, the sum of each byte
// times its distance from the end (the last byte counts once).
type rowSums struct{ a, b uint32 }

// then returns the sums of x followed by y, n bytes long.
func (x rowSums) then(y rowSums, n int) rowSums {
	return rowSums{
		a: uint32((uint64(x.a) + uint64(y.a)) % adlerModulus),
		b: uint32((uint64(x.b) + uint64(n%adlerModulus)*uint64(x.a) + uint64(y.b)) % adlerModulus),
	}
}

// checksum is the Adler-32 of bytes, n long, with sums s: the checksum
// starts its first sum at 1, which adds n to the second.
func (s rowSums) checksum(n int) uint32 {
	s1 := (uint64(s.a) + 1) % adlerModulus
	s2 := (uint64(s.b) + uint64(n%adlerModulus)) % adlerModulus
	return uint32(s2<<16 | s1)
}

// sumsOf computes the sums of row eight bytes at a time. In a word, byte
// k (k = 0 first) adds 8-k times itself to b; the even and the odd bytes
// are spread into 16-bit lanes, and one multiplication each weighs and
// adds them up into the top lane, no lane exceeding 16 bits on the way.
func sumsOf(row []byte) rowSums {
	const (
		lanes       = 0x00FF00FF00FF00FF
		ones        = 0x0001000100010001
		evenWeights = 2 | 4<<16 | 6<<32 | 8<<48 // for bytes 6, 4, 2, 0
		oddWeights  = 1 | 3<<16 | 5<<32 | 7<<48 // for bytes 7, 5, 3, 1
		chunk       = 1 << 16                   // keeps a and b well within 64 bits
	)
	var s rowSums
	for len(row) > 0 {
		part := row[:min(len(row), chunk)]
		row = row[len(part):]
		n := len(part)
		var a, b uint64
		// Two words at a time: the first word's bytes weigh 8 more each
		// than they would alone, which is 8 times their sum.
		for len(part) >= 16 {
			w1 := binary.LittleEndian.Uint64(part)
			w2 := binary.LittleEndian.Uint64(part[8:])
			even1, odd1 := w1&lanes, w1>>8&lanes
			even2, odd2 := w2&lanes, w2>>8&lanes
			sum1 := (even1 + odd1) * ones >> 48
			sum2 := (even2 + odd2) * ones >> 48
			b += 16*a + 8*sum1 + (even1*evenWeights)>>48 + (odd1*oddWeights)>>48 + (even2*evenWeights)>>48 + (odd2*oddWeights)>>48
			a += sum1 + sum2
			part = part[16:]
		}
		for len(part) >= 8 {
			w := binary.LittleEndian.Uint64(part)
			even, odd := w&lanes, w>>8&lanes
			b += 8*a + (even*evenWeights)>>48 + (odd*oddWeights)>>48
			a += (even + odd) * ones >> 48
			part = part[8:]
		}
		for _, x := range part {
			a += uint64(x)
			b += a
		}
		s = s.then(rowSums{uint32(a % adlerModulus), uint32(b % adlerModulus)}, n)
	}
	return s
}
