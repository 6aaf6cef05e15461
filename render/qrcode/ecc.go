package qrcode

// Error-correction codewords per block and number of blocks, by level and
// version (ISO/IEC 18004:2015 Table 9). Index 0 is unused.
var (
	eccPerBlock = [4][41]int{
		{0, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28, 28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30},
		{0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28},
		{0, 13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30, 28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30},
		{0, 17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28, 30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30},
	}
	blockCount = [4][41]int{
		{0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25},
		{0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49},
		{0, 1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20, 23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68},
		{0, 1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25, 25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81},
	}
)

// rawModules is the number of modules left for codewords and remainder
// bits once the function patterns and format and version information are
// drawn (Table 1, "data modules except").
func rawModules(version int) int {
	n := (16*version+128)*version + 64
	if version >= 2 {
		align := version/7 + 2
		n -= (25*align-10)*align - 55
		if version >= 7 {
			n -= 36
		}
	}
	return n
}

func totalCodewords(version int) int { return rawModules(version) / 8 }

func dataCodewords(version int, level Level) int {
	return totalCodewords(version) - eccPerBlock[level][version]*blockCount[level][version]
}

// GF(2⁸) with the field polynomial x⁸+x⁴+x³+x²+1 (§7.5.2).
var gfExp, gfLog = func() (exp [512]byte, log [256]byte) {
	x := 1
	for i := 0; i < 255; i++ {
		exp[i], exp[i+255] = byte(x), byte(x)
		log[x] = byte(i)
		x <<= 1
		if x&0x100 != 0 {
			x ^= 0x11D
		}
	}
	return exp, log
}()

// generatorLogs[n] holds the logarithms of the coefficients of the degree-n
// generator polynomial ∏(x − αⁱ), i < n, highest power first and without
// its leading 1 (Annex A).
var generatorLogs = func() (g [31][]byte) {
	for n := range g {
		if n < 7 {
			continue
		}
		coef := make([]byte, n)
		coef[n-1] = 1
		root := byte(1)
		for i := 0; i < n; i++ {
			for j := 0; j < n; j++ {
				coef[j] = gfMul(coef[j], root)
				if j+1 < n {
					coef[j] ^= coef[j+1]
				}
			}
			root = gfMul(root, 2)
		}
		g[n] = make([]byte, n)
		for j, c := range coef {
			g[n][j] = gfLog[c]
		}
	}
	return g
}()

func gfMul(a, b byte) byte {
	if a == 0 || b == 0 {
		return 0
	}
	return gfExp[int(gfLog[a])+int(gfLog[b])]
}

// remainder writes into ecc the Reed–Solomon codewords of data: the
// remainder of data·xⁿ divided by the generator polynomial.
func remainder(data, ecc []byte) {
	gen := generatorLogs[len(ecc)]
	clear(ecc)
	for _, d := range data {
		factor := d ^ ecc[0]
		copy(ecc, ecc[1:])
		ecc[len(ecc)-1] = 0
		if factor == 0 {
			continue
		}
		f := int(gfLog[factor])
		for i, g := range gen {
			ecc[i] ^= gfExp[int(g)+f]
		}
	}
}

// interleave splits the data codewords into blocks, the shorter blocks
// first, adds each block's error correction and interleaves the codewords
// (§7.6).
func interleave(data []byte, version int, level Level) []byte {
	blocks := blockCount[level][version]
	ecLen := eccPerBlock[level][version]
	total := totalCodewords(version)
	short := blocks - total%blocks
	shortData := total/blocks - ecLen

	ecc := make([]byte, blocks*ecLen)
	starts := make([]int, blocks+1)
	for b := 0; b < blocks; b++ {
		n := shortData
		if b >= short {
			n++
		}
		starts[b+1] = starts[b] + n
		remainder(data[starts[b]:starts[b+1]], ecc[b*ecLen:(b+1)*ecLen])
	}

	out := make([]byte, 0, total)
	for i := 0; i <= shortData; i++ {
		for b := 0; b < blocks; b++ {
			if starts[b]+i < starts[b+1] {
				out = append(out, data[starts[b]+i])
			}
		}
	}
	for i := 0; i < ecLen; i++ {
		for b := 0; b < blocks; b++ {
			out = append(out, ecc[b*ecLen+i])
		}
	}
	return out
}
