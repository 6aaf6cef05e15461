package qrcode

// misdecodeProtection is p of ISO/IEC 18004:2015 Table 9: codewords of the
// smallest symbols' error correction kept back to detect a misdecode
// rather than to correct errors. Every other version and level has p = 0.
func misdecodeProtection(version int, level Level) int {
	switch {
	case version == 1 && level == L:
		return 3
	case version == 1 && level == M, version == 2 && level == L:
		return 2
	case version == 1, version == 3 && level == L:
		return 1
	}
	return 0
}

// Damage is how much of each Reed–Solomon block a set of modules can
// spoil: Touched[b] codewords of block b have at least one of the modules,
// and the block corrects at most Correctable[b] codeword errors.
type Damage struct {
	Touched, Correctable []int
}

// Load is the largest share of a block's correction capacity that the
// touched codewords take, 0 when none is touched; above 1 a decoder may
// fail even if nothing else is wrong.
func (d Damage) Load() float64 {
	worst := 0.0
	for b, n := range d.Touched {
		worst = max(worst, float64(n)/float64(d.Correctable[b]))
	}
	return worst
}

// BlockDamage counts, for each block of a version's symbol at level, the
// codewords that have a module where spoiled reports true, counting every
// such codeword as an error however many of its eight modules are spoiled
// and whether or not they keep their colour. A block of e error-correction
// codewords corrects t errors where 2t ≤ e − p (ISO/IEC 18004:2015 §7.5.1
// and Table 9; §6.5.1 and Table 13 of the 2006 edition). Remainder bits
// belong to no codeword and function patterns carry none.
func BlockDamage(version int, level Level, spoiled func(x, y int) bool) Damage {
	t := templateFor(version)
	blocks := blockCount[level][version]
	ecLen := eccPerBlock[level][version]
	total := totalCodewords(version)
	blockOf := codewordBlocks(version, level)
	d := Damage{Touched: make([]int, blocks), Correctable: make([]int, blocks)}
	for b := range d.Correctable {
		d.Correctable[b] = (ecLen - misdecodeProtection(version, level)) / 2
	}
	for cw := 0; cw < total; cw++ {
		for bit := 0; bit < 8; bit++ {
			i := int(t.order[cw*8+bit])
			if spoiled(i%t.size, i/t.size) {
				d.Touched[blockOf[cw]]++
				break
			}
		}
	}
	return d
}

// codewordBlocks is the block of each codeword in placement order, as
// interleave lays them out (§7.6): the data codewords a column of blocks
// at a time, the long blocks' last one after the short blocks end, then
// the error-correction codewords likewise.
func codewordBlocks(version int, level Level) []int {
	blocks := blockCount[level][version]
	ecLen := eccPerBlock[level][version]
	total := totalCodewords(version)
	short := blocks - total%blocks
	shortData := total/blocks - ecLen
	blockOf := make([]int, 0, total)
	for i := 0; i <= shortData; i++ {
		for b := 0; b < blocks; b++ {
			if i < shortData || b >= short {
				blockOf = append(blockOf, b)
			}
		}
	}
	for i := 0; i < ecLen; i++ {
		for b := 0; b < blocks; b++ {
			blockOf = append(blockOf, b)
		}
	}
	return blockOf
}

// IsFunction reports whether the module at (x, y) of a version's symbol
// belongs to a function pattern or to format or version information, which
// carry no codewords.
func IsFunction(version, x, y int) bool {
	t := templateFor(version)
	return t.function[y*t.size+x]
}
