package qrcode

// Penalty weights N1 to N4 of ISO/IEC 18004:2015 §7.8.3.1.
const (
	n1 = 3
	n2 = 3
	n3 = 40
	n4 = 10
)

// penalty scores a masked symbol; the mask with the lowest score wins, the
// lower mask number on a tie, unless it leaves a false finder
// (falsefinder.go). The four rules are those of §7.8.3.1, scored
// the way skip2/go-qrcode scores them, which departs from the text in three
// details: a run of exactly five modules costs nothing (six cost N1+1, each
// one more 1), a finder-like pattern found in a line hides any other for
// the next few modules, and the dark share counts in whole 5 % steps of
// integer halves. Scoring alike keeps every symbol byte for byte what
// qrforge served before it had its own encoder, so cached responses and
// ETags stay valid; the scoring by the letter of the text picks, for
// example, mask 5 for "ethereum:0xde709f2102306220921060314715629080e2fb77"
// at 3-M, which ZXing's detector then fails to find (kinds TestEthereum).
func penalty(m, transposed []byte, size int) int {
	p := 0
	for i := 0; i < size*size; i += size {
		p += linePenalty(m[i:i+size]) + linePenalty(transposed[i:i+size])
	}
	// Rule 2: each 2×2 block of one colour. Modules are 0 or 1, so the
	// arithmetic below counts without branching on random data.
	dark, blocks := 0, 0
	for _, v := range m[:size] {
		dark += int(v)
	}
	for y := 1; y < size; y++ {
		above, row := m[(y-1)*size:y*size], m[y*size:(y+1)*size]
		dark += int(row[0])
		for x := 1; x < len(row) && x < len(above); x++ {
			v := row[x]
			dark += int(v)
			blocks += int(1 ^ ((v ^ row[x-1]) | (v ^ above[x]) | (v ^ above[x-1])))
		}
	}
	p += n2 * blocks
	// Rule 4: the dark share's distance from half, in 5 % steps.
	total := size * size
	return p + n4*(abs(total/2-dark)/(total/20))
}

// runCost is what rule 1 adds for the module that makes a run n long.
var runCost = [8]int{6: n1 + 1, 7: 1}

// linePenalty scores one row or column by rules 1 and 3.
//
// Rule 1: a run of one colour costs N1+1 when it reaches six modules and
// one more for each after.
//
// Rule 3: 1:1:3:1:1 (dark-light-dark×3-light-dark) with four light modules
// before or after, the space beyond the edges counting as light. The last
// eleven modules sit in a window; after a match the window is refilled with
// dark, which masks overlapping matches.
func linePenalty(line []byte) int {
	const (
		lightBefore = 0b000_0101_1101
		lightAfter  = 0b101_1101_0000
		pattern     = 0b101_1101
	)
	p, run, window := 0, 0, 0
	prev := int(line[0])
	for _, b := range line {
		v := int(b)
		same := -(1 ^ (v ^ prev)) // all ones when v continues the run
		run = run&same + 1
		p += runCost[min(run, 7)]
		prev = v
		window = (window<<1 | v) & 0x7FF
		if window == lightBefore || window == lightAfter {
			p += n3
			window = 0xFF
		}
	}
	if window&0x7F == pattern { // the pattern ends at the edge
		p += n3
	}
	return p
}
