// go-qrcode
// Copyright 2014 Tom Harwood

package qrcode

// symbol is a 2D array of bits representing a QR Code symbol.
//
// A symbol consists of size*size modules, with each module normally drawn as a
// black or white square. The symbol also has a border of quietZoneSize modules.
//
// A (fictional) size=2, quietZoneSize=1 QR Code looks like:
//
// +----+
// |    |
// | ab |
// | cd |
// |    |
// +----+
//
// For ease of implementation, the functions to set/get bits ignore the border,
// so (0,0)=a, (0,1)=b, (1,0)=c, and (1,1)=d. The entire symbol (including the
// border) is returned by bitmap().
type symbol struct {
	// Value of module (x, y), quiet zone included, at y*size+x. True is set.
	// qrforge: one flat slice instead of a slice per row, so that get and
	// set are one index and the penalty scans run over contiguous memory.
	module []bool

	// True if the module is used (to either true or false).
	// Used to identify unused modules.
	isUsed []bool

	// Combined width/height of the symbol and quiet zones.
	//
	// size = symbolSize + 2*quietZoneSize.
	size int

	// Width/height of the symbol only.
	symbolSize int

	// Width/height of a single quiet zone.
	quietZoneSize int
}

// newSymbol constructs a symbol of size size*size, with a border of
// quietZoneSize.
func newSymbol(size int, quietZoneSize int) *symbol {
	var m symbol

	m.size = size + 2*quietZoneSize
	m.symbolSize = size
	m.quietZoneSize = quietZoneSize

	cells := make([]bool, 2*m.size*m.size)
	m.module, m.isUsed = cells[:m.size*m.size], cells[m.size*m.size:]

	return &m
}

// at is the index of (x, y), which ignore the quiet zone.
func (m *symbol) at(x int, y int) int {
	return (y+m.quietZoneSize)*m.size + x + m.quietZoneSize
}

// get returns the module value at (x, y).
func (m *symbol) get(x int, y int) (v bool) {
	return m.module[m.at(x, y)]
}

// empty returns true if the module at (x, y) has not been set (to either true
// or false).
func (m *symbol) empty(x int, y int) bool {
	return !m.isUsed[m.at(x, y)]
}

// numEmptyModules returns the number of empty modules.
//
// Initially numEmptyModules is symbolSize * symbolSize. After every module has
// been set (to either true or false), the number of empty modules is zero.
func (m *symbol) numEmptyModules() int {
	var count int
	for y := 0; y < m.symbolSize; y++ {
		row := m.isUsed[m.at(0, y):m.at(m.symbolSize, y)]
		for _, used := range row {
			if !used {
				count++
			}
		}
	}

	return count
}

// set sets the module at (x, y) to v.
func (m *symbol) set(x int, y int, v bool) {
	i := m.at(x, y)
	m.module[i] = v
	m.isUsed[i] = true
}

// set2dPattern sets a 2D array of modules, starting at (x, y).
func (m *symbol) set2dPattern(x int, y int, v [][]bool) {
	for j, row := range v {
		for i, value := range row {
			m.set(x+i, y+j, value)
		}
	}
}

// bitmap returns the entire symbol, including the quiet zone.
func (m *symbol) bitmap() [][]bool {
	module := make([][]bool, m.size)

	for i := range module {
		module[i] = m.module[i*m.size : (i+1)*m.size]
	}

	return module
}

// Constants used to weight penalty calculations. Specified by ISO/IEC
// 18004:2006.
const (
	penaltyWeight1 = 3
	penaltyWeight2 = 3
	penaltyWeight3 = 40
	penaltyWeight4 = 10
)

// penaltyScore returns the penalty score of the symbol. The penalty score
// consists of the sum of the four individual penalty types.
func (m *symbol) penaltyScore() int {
	return m.penalty1() + m.penalty2() + m.penalty3() + m.penalty4()
}

// The penalties below compute exactly what upstream's did, one module
// at a time through get; qrforge reads the flat rows and columns directly
// (upstream_test.go checks the symbols are identical).

// penalty1 returns the penalty score for "adjacent modules in row/column with
// same colour".
//
// The numbers of adjacent matching modules and scores are:
// 0-5: score = 0
// 6+ : score = penaltyWeight1 + (numAdjacentModules - 5)
func (m *symbol) penalty1() int {
	penalty := 0
	n, stride := m.symbolSize, m.size
	origin := m.at(0, 0)

	// Columns, then rows: step is the distance between neighbours, next
	// the distance between lines.
	for _, dir := range [2][2]int{{stride, 1}, {1, stride}} {
		step, next := dir[0], dir[1]
		for line := 0; line < n; line++ {
			i := origin + line*next
			lastValue := m.module[i]
			count := 1
			for k := 1; k < n; k++ {
				i += step
				v := m.module[i]
				if v != lastValue {
					count = 1
					lastValue = v
				} else {
					count++
					if count == 6 {
						penalty += penaltyWeight1 + 1
					} else if count > 6 {
						penalty++
					}
				}
			}
		}
	}

	return penalty
}

// penalty2 returns the penalty score for "block of modules in the same colour".
//
// m*n: score = penaltyWeight2 * (m-1) * (n-1).
func (m *symbol) penalty2() int {
	penalty := 0
	n := m.symbolSize

	for y := 1; y < n; y++ {
		above := m.module[m.at(0, y-1):m.at(n, y-1)]
		row := m.module[m.at(0, y):m.at(n, y)]
		for x := 1; x < n; x++ {
			current := row[x]
			if current == row[x-1] && current == above[x] && current == above[x-1] {
				penalty++
			}
		}
	}

	return penalty * penaltyWeight2
}

// penalty3 returns the penalty score for "1:1:3:1:1 ratio
// (dark:light:dark:light:dark) pattern in row/column, preceded or followed by
// light area 4 modules wide".
//
// Existence of the pattern scores penaltyWeight3.
func (m *symbol) penalty3() int {
	penalty := 0
	n, stride := m.symbolSize, m.size
	origin := m.at(0, 0)

	// Rows, then columns.
	for _, dir := range [2][2]int{{1, stride}, {stride, 1}} {
		step, next := dir[0], dir[1]
		for line := 0; line < n; line++ {
			var bitBuffer int16 = 0x00
			i := origin + line*next
			for k := 0; k < n; k, i = k+1, i+step {
				bitBuffer <<= 1
				if m.module[i] {
					bitBuffer |= 1
				}

				switch bitBuffer & 0x7ff {
				// 0b000 0101 1101 or 0b10111010000
				// 0x05d           or 0x5d0
				case 0x05d, 0x5d0:
					penalty += penaltyWeight3
					bitBuffer = 0xFF
				default:
					if k == n-1 && (bitBuffer&0x7f) == 0x5d {
						penalty += penaltyWeight3
						bitBuffer = 0xFF
					}
				}
			}
		}
	}

	return penalty
}

// penalty4 returns the penalty score...
func (m *symbol) penalty4() int {
	numModules := m.symbolSize * m.symbolSize
	numDarkModules := 0

	for y := 0; y < m.symbolSize; y++ {
		for _, v := range m.module[m.at(0, y):m.at(m.symbolSize, y)] {
			if v {
				numDarkModules++
			}
		}
	}

	numDarkModuleDeviation := numModules/2 - numDarkModules
	if numDarkModuleDeviation < 0 {
		numDarkModuleDeviation *= -1
	}

	return penaltyWeight4 * (numDarkModuleDeviation / (numModules / 20))
}
