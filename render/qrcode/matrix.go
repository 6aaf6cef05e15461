package qrcode

import "sync"

// template is everything about a version's matrix that does not depend on
// the data: the function patterns, the order in which codeword bits fill
// the remaining modules, and which of those modules each mask inverts.
type template struct {
	size     int
	base     []byte     // function patterns drawn, 1 = dark; data modules 0
	function []bool     // modules that carry no codeword bits
	order    []int32    // data modules in placement order (§7.7.3)
	flips    [8][]int32 // data modules each mask pattern inverts (§7.8.2)
}

var templates [41]struct {
	once sync.Once
	t    *template
}

// templateFor builds a version's template once and shares it.
func templateFor(version int) *template {
	e := &templates[version]
	e.once.Do(func() { e.t = newTemplate(version) })
	return e.t
}

func newTemplate(version int) *template {
	size := 4*version + 17
	t := &template{size: size, base: make([]byte, size*size), function: make([]bool, size*size)}
	set := func(x, y int, dark bool) {
		i := y*size + x
		t.function[i] = true
		if dark {
			t.base[i] = 1
		} else {
			t.base[i] = 0
		}
	}

	// Timing patterns (§6.3.5), drawn first so finders overwrite them.
	for i := 0; i < size; i++ {
		set(6, i, i%2 == 0)
		set(i, 6, i%2 == 0)
	}
	// Finder patterns and their separators (§6.3.3, §6.3.4).
	for _, c := range [][2]int{{3, 3}, {size - 4, 3}, {3, size - 4}} {
		for dy := -4; dy <= 4; dy++ {
			for dx := -4; dx <= 4; dx++ {
				x, y := c[0]+dx, c[1]+dy
				if x < 0 || y < 0 || x >= size || y >= size {
					continue
				}
				d := max(abs(dx), abs(dy))
				set(x, y, d != 2 && d != 4)
			}
		}
	}
	// Alignment patterns (§6.3.6), except where they would meet a finder.
	pos := AlignmentCentres(version)
	last := len(pos) - 1
	for i, cy := range pos {
		for j, cx := range pos {
			if (i == 0 && j == 0) || (i == 0 && j == last) || (i == last && j == 0) {
				continue
			}
			for dy := -2; dy <= 2; dy++ {
				for dx := -2; dx <= 2; dx++ {
					set(cx+dx, cy+dy, max(abs(dx), abs(dy)) != 1)
				}
			}
		}
	}
	// Format information areas and the dark module (§7.9.1), reserved here
	// and written per mask.
	for i := 0; i < 9; i++ {
		if i != 6 { // the timing patterns cross here
			set(8, i, false)
			set(i, 8, false)
		}
	}
	for i := 0; i < 8; i++ {
		set(size-1-i, 8, false)
		set(8, size-1-i, false)
	}
	set(8, size-8, true)
	// Version information (§7.10): BCH(18,6) with generator 0x1F25.
	if version >= 7 {
		rem := version
		for i := 0; i < 12; i++ {
			rem = rem<<1 ^ (rem>>11)*0x1F25
		}
		bits := version<<12 | rem
		for i := 0; i < 18; i++ {
			dark := bits>>uint(i)&1 == 1
			a, b := size-11+i%3, i/3
			set(a, b, dark)
			set(b, a, dark)
		}
	}

	// Codeword placement: two-module columns from the right, upwards and
	// downwards in turn, skipping the vertical timing pattern.
	for right := size - 1; right >= 1; right -= 2 {
		if right == 6 {
			right = 5
		}
		upward := (right+1)&2 == 0
		for v := 0; v < size; v++ {
			y := v
			if upward {
				y = size - 1 - v
			}
			for x := right; x >= right-1; x-- {
				if i := y*size + x; !t.function[i] {
					t.order = append(t.order, int32(i))
				}
			}
		}
	}

	for m := range t.flips {
		for _, i := range t.order {
			if maskInverts(m, int(i)%size, int(i)/size) {
				t.flips[m] = append(t.flips[m], i)
			}
		}
	}
	return t
}

// AlignmentCentres lists the row and column centres of the alignment
// patterns (Annex E): 6, then evenly spaced steps back from size−7.
func AlignmentCentres(version int) []int {
	if version < 2 {
		return nil
	}
	n := version/7 + 2
	step := 26
	if version != 32 {
		step = (version*4 + n*2 + 1) / (n*2 - 2) * 2
	}
	pos := make([]int, n)
	pos[0] = 6
	for i, p := n-1, 4*version+10; i >= 1; i, p = i-1, p-step {
		pos[i] = p
	}
	return pos
}

// maskInverts is the mask pattern condition of Table 10 for the module at
// column x, row y.
func maskInverts(mask, x, y int) bool {
	switch mask {
	case 0:
		return (x+y)%2 == 0
	case 1:
		return y%2 == 0
	case 2:
		return x%3 == 0
	case 3:
		return (x+y)%3 == 0
	case 4:
		return (x/3+y/2)%2 == 0
	case 5:
		return x*y%2+x*y%3 == 0
	case 6:
		return (x*y%2+x*y%3)%2 == 0
	default:
		return ((x+y)%2+x*y%3)%2 == 0
	}
}

// formatIndicator is the two-bit level indicator of Table 12.
var formatIndicator = [4]int{L: 0b01, M: 0b00, Q: 0b11, H: 0b10}

// applyMask writes into dst the base matrix with the mask applied to its
// data modules and the matching format information (§7.9.1): BCH(15,5)
// with generator 0x537, XORed with 0x5412.
func (t *template) applyMask(dst, base []byte, mask int, level Level) {
	copy(dst, base)
	for _, i := range t.flips[mask] {
		dst[i] ^= 1
	}
	data := formatIndicator[level]<<3 | mask
	rem := data
	for i := 0; i < 10; i++ {
		rem = rem<<1 ^ (rem>>9)*0x537
	}
	bits := (data<<10 | rem) ^ 0x5412
	size := t.size
	put := func(x, y, bit int) { dst[y*size+x] = byte(bits >> uint(bit) & 1) }
	for i := 0; i <= 5; i++ {
		put(8, i, i)
	}
	put(8, 7, 6)
	put(8, 8, 7)
	put(7, 8, 8)
	for i := 9; i < 15; i++ {
		put(14-i, 8, i)
	}
	for i := 0; i < 8; i++ {
		put(size-1-i, 8, i)
	}
	for i := 8; i < 15; i++ {
		put(8, size-15+i, i)
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
