package deflate

import (
	"math/bits"
	"slices"
)

// huffmanCode is a canonical prefix code (RFC 1951 §3.2.2): a length per
// symbol, and each code bit-reversed, since deflate sends codes most
// significant bit first into a stream written least significant bit first.
type huffmanCode struct {
	lengths []uint8
	codes   []uint16
}

// A leaf is a symbol and how often it occurs, for building codes: the
// count in the high 32 bits and the symbol in the low, so that leaves sort
// as integers, by count and then by symbol.
type leaf uint64

func (l leaf) symbol() int  { return int(uint32(l)) }
func (l leaf) count() int64 { return int64(l >> 32) }

// huffmanBuilder keeps the working memory of code construction.
type huffmanBuilder struct {
	leaves []leaf
	parent []int32 // tree nodes: leaves first, then internal nodes
	depth  []uint16
	weight []int64
}

// build sets code to a length-limited Huffman code for counts: lengths
// of at most maxBits, zero for unused symbols. At least two symbols get a
// code, so that every decoder accepts it (RFC 1951 allows one distance
// code of one bit; not every inflater does).
func (b *huffmanBuilder) build(code *huffmanCode, counts []int32, maxBits int) {
	n := len(counts)
	code.lengths = resize(code.lengths, n)
	code.codes = resize(code.codes, n)
	clear(code.lengths)

	b.leaves = b.leaves[:0]
	for s, c := range counts {
		if c > 0 {
			b.leaves = append(b.leaves, leaf(c)<<32|leaf(s))
		}
	}
	for s := 0; len(b.leaves) < 2; s++ {
		if counts[s] == 0 {
			b.leaves = append(b.leaves, 1<<32|leaf(s))
		}
	}
	slices.Sort(b.leaves)

	// Two-queue Huffman construction over leaves sorted by count: the
	// next node is the lighter of the next leaf and the next internal node.
	m := len(b.leaves)
	b.parent = resize(b.parent, 2*m-1)
	b.weight = resize(b.weight, 2*m-1)
	weight := b.weight
	for i, l := range b.leaves {
		weight[i] = l.count()
	}
	leaf, inner, next := 0, m, m
	pick := func() int {
		if leaf < m && (inner >= next || weight[leaf] <= weight[inner]) {
			leaf++
			return leaf - 1
		}
		inner++
		return inner - 1
	}
	for ; next < 2*m-1; next++ {
		a, c := pick(), pick()
		weight[next] = weight[a] + weight[c]
		b.parent[a], b.parent[c] = int32(next), int32(next)
	}

	// Depths from the root down; internal nodes come after their children.
	b.depth = resize(b.depth, 2*m-1)
	b.depth[2*m-2] = 0
	var perLength [maxSymbols]int // a tree over m leaves is at most m-1 deep
	for i := 2*m - 3; i >= 0; i-- {
		b.depth[i] = b.depth[b.parent[i]] + 1
		if i < m {
			perLength[b.depth[i]]++
		}
	}
	limitLengths(perLength[:], maxBits)

	// The most frequent symbols (the end of leaves) take the shortest codes.
	i := m - 1
	for bits := 1; bits <= maxBits; bits++ {
		for k := 0; k < perLength[bits]; k++ {
			code.lengths[b.leaves[i].symbol()] = uint8(bits)
			i--
		}
	}
	assignCodes(code, maxBits)
}

// limitLengths rewrites a count of codes per length so that none is
// longer than maxBits while the code stays complete: each overlong pair
// of siblings is moved up and takes the place of a shorter leaf, which
// becomes the parent of it and one of the pair (the adjustment of
// ITU-T T.81 Annex K.3, figure K.3).
func limitLengths(perLength []int, maxBits int) {
	for bits := len(perLength) - 1; bits > maxBits; bits-- {
		for perLength[bits] > 0 {
			j := bits - 2
			for perLength[j] == 0 {
				j--
			}
			perLength[bits] -= 2
			perLength[bits-1]++
			perLength[j+1] += 2
			perLength[j]--
		}
	}
}

// assignCodes numbers the codes canonically from their lengths (RFC 1951
// §3.2.2) and stores them bit-reversed.
func assignCodes(code *huffmanCode, maxBits int) {
	var count, next [16]uint16
	for _, l := range code.lengths {
		count[l]++
	}
	count[0] = 0
	c := uint16(0)
	for bits := 1; bits <= maxBits; bits++ {
		c = (c + count[bits-1]) << 1
		next[bits] = c
	}
	for s, l := range code.lengths {
		if l == 0 {
			continue
		}
		code.codes[s] = reverse(next[l], l)
		next[l]++
	}
}

func reverse(c uint16, n uint8) uint16 {
	return bits.Reverse16(c) >> (16 - n)
}

func resize[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}
