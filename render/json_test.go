package render

import (
	"encoding/json"
	"testing"
)

// The JSON matrix says which symbol it is: a version number alone does not
// tell M1 (11 modules) from QR version 1 (21), and an rMQR's is an index
// into ISO/IEC 23941 Table 1 that names no size.
func TestJSONNamesTheSymbol(t *testing.T) {
	for _, c := range []struct {
		data          string
		level         Level
		t             SymbolType
		symbol        SymbolType
		designator    string
		width, height int
	}{
		{"1", LevelAuto, SymbolMicro, SymbolMicro, "M1", 11, 11},
		{"HELLO", LevelL, SymbolMicro, SymbolMicro, "M2-L", 13, 13},
		{"1", LevelH, SymbolQR, SymbolQR, "1-H", 21, 21},
		{"LOT-4711", LevelM, SymbolRMQR, SymbolRMQR, "R11x27-M", 27, 11},
	} {
		s, err := EncodeSymbol(c.data, c.level, DefaultECI, c.t)
		if err != nil {
			t.Fatal(err)
		}
		var got struct {
			Symbol     SymbolType `json:"symbol"`
			Designator string     `json:"designator"`
			Size       int        `json:"size"`
			Width      int        `json:"width"`
			Height     int        `json:"height"`
			Matrix     [][]int    `json:"matrix"`
		}
		if err := json.Unmarshal(JSON(s, 2), &got); err != nil {
			t.Fatal(err)
		}
		if got.Symbol != c.symbol || got.Designator != c.designator {
			t.Errorf("%s: symbol %q, designator %q; want %q, %q", c.designator, got.Symbol, got.Designator, c.symbol, c.designator)
		}
		if len(got.Matrix) != c.height || len(got.Matrix[0]) != c.width || got.Size != c.width {
			t.Errorf("%s: matrix %d rows of %d, size %d; want %d of %d", c.designator, len(got.Matrix), len(got.Matrix[0]), got.Size, c.height, c.width)
		}
		if c.symbol == SymbolRMQR && (got.Width != c.width || got.Height != c.height) {
			t.Errorf("%s: width %d, height %d", c.designator, got.Width, got.Height)
		}
	}
}
