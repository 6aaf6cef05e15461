package analysis

import (
	"hash/maphash"
	"runtime"
	"sync"

	"github.com/qrforge/qrforge/render"
)

// Coverage is the dark area of the symbol drawn with the shapes of o (its
// module style, eye style, eye frame and eye ball; nothing else of o), as a
// fraction of the same symbol drawn with square modules and eyes, both
// black on white at 8 pixels per module. Data modules and the
// three finder patterns are measured apart, since readers use them
// differently (§12: finders by their 1:1:3:1:1 runs, data by module
// centres), and the lower of the two is the coverage: a small symbol's
// large square eyes would otherwise hide thin data modules.
//
// Generation and verify both ask it of every design (service's design
// checks), and a low one again for each safer style they name, so it is
// kept for the symbols and shapes last asked.
func Coverage(sym *render.Symbol, o render.Options) float64 {
	shapes := render.DefaultOptions()
	shapes.Module, shapes.Eye, shapes.EyeFrame, shapes.EyeBall = o.Module, o.Eye, o.EyeFrame, o.EyeBall
	if f, b := shapes.EyeParts(); shapes.Module == render.ModuleSquare && f == render.EyeFrameSquare && b == render.EyeBallSquare {
		return 1
	}
	key := coverageKey{symbol: symbolHash(sym), module: o.Module, eye: o.Eye, frame: o.EyeFrame, ball: o.EyeBall}
	if c, ok := coverages.get(key); ok {
		return c
	}
	sData, sEyes := darkArea(sym, shapes)
	qData, qEyes := squareArea(sym)
	c := 1.0
	if qData != 0 && qEyes != 0 {
		c = min(sData/qData, sEyes/qEyes)
	}
	coverages.add(key, c)
	return c
}

// squareArea is darkArea with square modules and eyes, which fill their
// modules' pixels exactly: counted, not drawn, for a QR Code. A Micro QR
// Code or rMQR is drawn, as its regions are not a QR Code's.
func squareArea(sym *render.Symbol) (data, eyes float64) {
	if sym.Micro || sym.RMQR {
		return darkArea(sym, render.DefaultOptions())
	}
	const px = 8
	n := sym.Size
	var d, e int
	for my := range n {
		for mx := range n {
			if !sym.Modules[my*n+mx] {
				continue
			}
			if (mx < 7 || mx >= n-7) && my < 7 || mx < 7 && my >= n-7 {
				e++
			} else {
				d++
			}
		}
	}
	return float64(d * px * px), float64(e * px * px)
}

type coverageKey struct {
	symbol uint64
	module render.ModuleStyle
	eye    render.EyeStyle
	frame  render.EyeFrame
	ball   render.EyeBall
}

var coverageSeed = maphash.MakeSeed()

// symbolHash tells symbols apart by their modules.
func symbolHash(sym *render.Symbol) uint64 {
	var h maphash.Hash
	h.SetSeed(coverageSeed)
	var head [4]byte
	head[0], head[1], head[2] = byte(sym.Size), byte(sym.Rows()), byte(sym.Version)
	if sym.Micro {
		head[3] |= 1
	}
	if sym.RMQR {
		head[3] |= 2
	}
	h.Write(head[:])
	var b [64]byte
	for i := 0; i < len(sym.Modules); i += 8 * len(b) {
		n := 0
		for j := i; j < min(i+8*len(b), len(sym.Modules)); j += 8 {
			var v byte
			for k := 0; k < 8 && j+k < len(sym.Modules); k++ {
				if sym.Modules[j+k] {
					v |= 1 << k
				}
			}
			b[n] = v
			n++
		}
		h.Write(b[:n])
	}
	return h.Sum64()
}

// coverageMemo keeps the coverages last measured, up to a bound on its
// memory: emptied when full.
type coverageMemo struct {
	mu sync.Mutex
	m  map[coverageKey]float64
}

const coverageMemoSize = 512

var coverages = coverageMemo{m: map[coverageKey]float64{}}

func (c *coverageMemo) get(k coverageKey) (float64, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.m[k]
	return v, ok
}

func (c *coverageMemo) add(k coverageKey, v float64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.m) >= coverageMemoSize {
		clear(c.m)
	}
	c.m[k] = v
}

// coverageSlots bounds the coverage drawings under way to one a core:
// generation measures every styled design, outside the drawing's own
// memory reservation, so the memory these take (a byte a pixel at 8
// pixels a module and as much in pooled rows: 2.1 MB allocated for a
// version 40 symbol) is a constant
// the budget leaves aside (docs/operations.md), whatever the requests.
var coverageSlots = make(chan struct{}, runtime.GOMAXPROCS(0))

// darkArea measures the dark area of the data modules and of the finder
// patterns, in pixels.
func darkArea(sym *render.Symbol, o render.Options) (data, eyes float64) {
	const px = 8
	coverageSlots <- struct{}{}
	defer func() { <-coverageSlots }()
	o.Margin = 0
	o.Size = sym.Size * px // no quiet zone, label or frame
	g, err := render.Darkness(sym, o)
	if err != nil {
		panic("analysis: coverage rendering: " + err.Error())
	}
	n := sym.Size
	var d, e int
	for y := 0; y < g.Rect.Dy(); y++ {
		for x := 0; x < g.Rect.Dx(); x++ {
			dark := int(g.Pix[y*g.Stride+x])
			// A finder pattern is 7×7 modules in three corners (§6.3.3).
			mx, my := x/px, y/px
			if (mx < 7 || mx >= n-7) && my < 7 || mx < 7 && my >= n-7 {
				e += dark
			} else {
				d += dark
			}
		}
	}
	return float64(d) / 255, float64(e) / 255
}
