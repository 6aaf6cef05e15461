package analysis

import (
	"strings"
	"testing"

	"github.com/qrforge/qrforge/render"
)

// Square modules and eyes fill their modules' pixels exactly, so counting
// dark modules gives the area drawing them does, for every version's
// layout (finders, alignment patterns, version information).
func TestSquareAreaIsCountedAsDrawn(t *testing.T) {
	for _, n := range []int{1, 40, 120, 400, 1200} {
		sym, err := render.Encode(strings.Repeat("q", n), render.LevelM)
		if err != nil {
			t.Fatal(err)
		}
		dData, dEyes := darkArea(sym, render.DefaultOptions())
		cData, cEyes := squareArea(sym)
		if dData != cData || dEyes != cEyes {
			t.Errorf("version %d: drawn %v and %v, counted %v and %v", sym.Version, dData, dEyes, cData, cEyes)
		}
	}
}

// A kept coverage is the symbol's own: another symbol, or the same with
// other shapes, is measured.
func TestCoverageIsKeptPerSymbolAndShapes(t *testing.T) {
	a, _ := render.Encode("https://example.com/a", render.LevelM)
	b, _ := render.Encode("https://example.com/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", render.LevelH)
	o := render.DefaultOptions()
	o.Module = render.ModuleDot
	ca, cb := Coverage(a, o), Coverage(b, o)
	if ca == cb {
		t.Errorf("two symbols of different versions cover the same %v", ca)
	}
	o.Module = render.ModuleRounded
	if cr := Coverage(a, o); cr == ca {
		t.Errorf("rounded modules cover what dots do: %v", cr)
	}
	sData, sEyes := darkArea(a, o)
	qData, qEyes := darkArea(a, render.DefaultOptions())
	if want := min(sData/qData, sEyes/qEyes); Coverage(a, o) != want {
		t.Errorf("kept coverage %v, drawn %v", Coverage(a, o), want)
	}
}
