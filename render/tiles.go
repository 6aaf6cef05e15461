package render

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"sync"
	"sync/atomic"

	"github.com/qrforge/qrforge/render/deflate"
)

// Tiled drawing of anti-aliased PNGs. Modules sit on whole pixels, and for
// the styles below what is painted inside a module's cell depends only on
// the cell's 3×3 neighbourhood: every shape stays inside its own cell, and
// an organic fillet lies in the light cell of the 2×2 block that makes it.
// So a cell's pixels come from one of at most 512 tiles per style and
// scale, rasterized once and kept, and an image is the tiles copied into
// place: no path is built or rasterized per image. Eyes are tiles of their
// own. TestTiledMatchesRasterized compares the result with the whole
// drawing rasterized at once.

// tileStyles are the module styles drawn from cell tiles
// (TestTileStylesStayInTheirCells checks that their shapes stay inside
// their cell); the others, whose shapes reach into neighbouring cells, are
// rasterized whole.
var tileStyles = map[ModuleStyle]bool{
	ModuleSquare: true, ModuleRounded: true, ModuleDot: true, ModuleOrganic: true,
	ModuleVerticalBars: true, ModuleHorizontalBars: true,
	ModuleClassy: true, ModuleClassyRounded: true, ModuleSmallDots: true, ModuleGappedSquares: true,
	ModuleHeart: true, ModulePlus: true, ModuleSoft: true,
}

// tiled reports whether an image is drawn from tiles: a tile style without
// a frame or a caption, which are drawn across the whole canvas.
func tiled(l *layout, o *Options) bool {
	return tiledModules(l, o) && l.border == 0 && l.text == ""
}

// tiledModules reports whether the symbol's modules can come from tiles:
// a tile style on a square symbol.
func tiledModules(l *layout, o *Options) bool {
	return tileStyles[o.Module] && !l.rmqr
}

// A tile is a cell's (or an eye's) pixels as packed 4-bit shades, for one
// parity of its first pixel's x: phase 1 starts in a byte's low nibble;
// or, phase widePhase, a byte a pixel for 8-bit rows.
type tile struct {
	rowBytes int
	pix      []byte // rows of rowBytes
	// Per row, the sum of its bytes and of each times its offset: a
	// drawing made of tiles adds them up for the PNG's Adler-32.
	sum, weighted []uint32
	empty         bool
	// Rows outside [top, bottom) are blank: an organic fillet fills one
	// corner of its cell, so most of a fillet tile's rows need no copy.
	top, bottom int
	// Bit r of same (r from 1) is set when row r equals row r-1: a
	// square module's rows are all alike, so a band of modules drawn
	// from such tiles is its first row, copied.
	same []uint64
}

// sameAs reports whether the tile's row r equals row r-1.
func (t *tile) sameAs(r int) bool { return t.same[r>>6]>>(r&63)&1 == 1 }

// A tileSet holds the tiles of one module or eye style at one scale, by
// phase and shape (a cell's 3×3 neighbourhood, or an eye's side<<2 |
// corner). Slots are read without a lock: an image fetches a few hundred
// tiles, and a shared map lookup for each cost a tenth of its drawing.
type tileSet struct {
	tiles [3][512]atomic.Pointer[tile]
}

// widePhase is the phase of tiles for 8-bit rows, which an overlay's
// colours may need.
const widePhase = 2

// tilePhase is the phase of a tile whose first pixel is x, in rows of
// depth bits a pixel.
func tilePhase(x, depth int) uint8 {
	if depth == 8 {
		return widePhase
	}
	return uint8(x & 1)
}

type tileSetKey struct {
	module ModuleStyle
	frame  EyeFrame
	ball   EyeBall
	scale  int
}

// tileCache keeps tile sets across images within a budget; when full it
// is emptied and refilled, which a budget this size makes rare (a 512 px
// style uses a few hundred kilobytes). Images holding a set from before
// keep using it.
var tileCache struct {
	sync.Mutex
	sets  map[tileSetKey]*tileSet
	bytes atomic.Int64
}

const tileCacheBudget = 16 << 20

func tilesOf(k tileSetKey) *tileSet {
	tileCache.Lock()
	defer tileCache.Unlock()
	if tileCache.sets == nil || tileCache.bytes.Load() > tileCacheBudget {
		tileCache.sets = map[tileSetKey]*tileSet{}
		tileCache.bytes.Store(0)
	}
	set := tileCache.sets[k]
	if set == nil {
		set = new(tileSet)
		tileCache.sets[k] = set
	}
	return set
}

// get returns the tile for shape and phase, drawing it on first use.
func (set *tileSet) get(shape uint16, phase uint8, build func() *tile) *tile {
	slot := &set.tiles[phase][shape]
	if t := slot.Load(); t != nil {
		return t
	}
	t := build()
	if slot.CompareAndSwap(nil, t) {
		tileCache.bytes.Add(int64(len(t.pix) + 8*len(t.same) + 64))
		return t
	}
	return slot.Load()
}

// cellTile draws the cell whose 3×3 neighbourhood is shape (bit 3·(dy+1) +
// (dx+1) set when the data module at (dx, dy) is dark; bit 4 is the cell).
func cellTile(set *tileSet, style ModuleStyle, scale int, shape uint16, phase uint8) *tile {
	return set.get(shape, phase, func() *tile {
		dark := func(dx, dy int) bool { return shape>>uint(3*(dy+1)+dx+1)&1 == 1 }
		var p path
		if dark(0, 0) {
			nb := neighbours{
				n: dark(0, -1), e: dark(1, 0), s: dark(0, 1), w: dark(-1, 0),
				ne: dark(1, -1), se: dark(1, 1), sw: dark(-1, 1), nw: dark(-1, -1),
			}
			moduleShapes[style](&p, 0, 0, nb)
		} else if style == ModuleOrganic {
			g := &moduleGrid{n: 3, rows: 3, stride: 5, dark: make([]bool, 25)}
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					g.dark[(dy+2)*5+dx+2] = dark(dx, dy)
				}
			}
			organicFillets(&p, g, -1, -1)
		}
		return rasterTile(p.ops, scale, scale, phase)
	})
}

// eyeTile draws a finder (side 7) or alignment pattern (side 5).
func eyeTile(set *tileSet, eye eyeShape, scale, side, corner int, phase uint8) *tile {
	return set.get(uint16(side<<2|corner), phase, func() *tile {
		var p path
		eye(&p, &p, 0, 0, side, corner)
		return rasterTile(p.ops, side*scale, scale, phase)
	})
}

// rasterTile rasterizes ops (in modules, scale pixels each) on a side×side
// canvas, clipping what lies outside, and packs the shades.
func rasterTile(ops []pathOp, side, scale int, phase uint8) *tile {
	t := &tile{rowBytes: (int(phase) + side + 1) / 2}
	if phase == widePhase {
		t.rowBytes = side
	}
	t.pix = make([]byte, t.rowBytes*side)
	t.sum, t.weighted = make([]uint32, side), make([]uint32, side)
	t.same = make([]uint64, (side+63)/64)
	if len(ops) == 0 {
		t.empty = true
		t.findSameRows(side)
		return t
	}
	sc := rasterScratches.Get().(*rasterScratch)
	defer rasterScratches.Put(sc)
	r := &sc.r
	r.Reset(side, side)
	addPath(r, ops, 0, 0, float32(scale))
	cov := sc.paint()
	t.empty = true
	t.top = side
	for y := 0; y < side; y++ {
		row := t.pix[y*t.rowBytes : (y+1)*t.rowBytes]
		for x, a := range cov.Pix[y*side : (y+1)*side] {
			shade := shadeOf[a]
			if shade == 0 {
				continue
			}
			t.empty = false
			t.top, t.bottom = min(t.top, y), y+1
			if pos := int(phase) + x; phase == widePhase {
				row[x] = shade
			} else if pos&1 == 0 {
				row[pos>>1] |= shade << 4
			} else {
				row[pos>>1] |= shade
			}
		}
	}
	for y := t.top; y < t.bottom; y++ {
		for i, b := range t.pix[y*t.rowBytes : (y+1)*t.rowBytes] {
			t.sum[y] += uint32(b)
			t.weighted[y] += uint32(i) * uint32(b)
		}
	}
	t.findSameRows(side)
	return t
}

// findSameRows sets the bits of same for the tile's side rows.
func (t *tile) findSameRows(side int) {
	for r := 1; r < side; r++ {
		if bytes.Equal(t.pix[r*t.rowBytes:(r+1)*t.rowBytes], t.pix[(r-1)*t.rowBytes:r*t.rowBytes]) {
			t.same[r>>6] |= 1 << (r & 63)
		}
	}
}

// tiledRows fills rows (zeroed, stride bytes each with the filter byte
// first, depth bits a pixel) with the symbol drawn from tiles: eyes
// first, then every cell. Cells inside eyes hold at most an organic
// fillet reaching in from data modules outside, which is added to the
// eye's shades rather than laid over them. It adds each row's sums to
// sums (zeroed, one per row): tiles do not overlap but in eyes, so
// elsewhere a row's sums are its tiles'.
func tiledRows(rows []byte, stride, depth int, sums []deflate.RowSum, s *Symbol, l *layout, o *Options) {
	drawTiles(rows, stride, depth, sums, nil, s, l, o)
}

// drawTiles is tiledRows, and sums may be nil. A pixel row whose every
// tile repeats its row above is not drawn tile by tile but copied from
// the row above; with repeats (one per row, false), such a row is only
// marked there, and left for the caller to fill.
func drawTiles(rows []byte, stride, depth int, sums []deflate.RowSum, repeats []bool, s *Symbol, l *layout, o *Options) {
	n, scale := s.Size, l.scale
	// A band of modules is scale pixel rows. same holds a mask per band:
	// bit r set while every tile in the band repeats its row r-1 in row
	// r; valid has the bits of a band's rows.
	words := (scale + 63) / 64
	height := s.Rows()
	sc := tileScratches.Get().(*tileScratch)
	defer tileScratches.Put(sc)
	same := grow(&sc.same, height*words)
	valid := grow(&sc.valid, words)
	for w := range valid {
		valid[w] = ^uint64(0)
	}
	if r := scale & 63; r != 0 {
		valid[words-1] = 1<<r - 1
	}
	for y := range height {
		copy(same[y*words:], valid)
		same[y*words] &^= 1 // a band's first row is always drawn
	}

	// draw draws rows [from, to) of tile t, placed at pixel row py, its
	// first pixel in byte start of a row.
	draw := func(t *tile, start, py, from, to int, add bool) {
		for y := from; y < to; y++ {
			dst := rows[(py+y)*stride+start : (py+y)*stride+start+t.rowBytes]
			src := t.pix[y*t.rowBytes : (y+1)*t.rowBytes]
			if !add {
				if sums != nil {
					rs := &sums[py+y]
					rs.Sum += uint64(t.sum[y])
					rs.Weighted += uint64(start)*uint64(t.sum[y]) + uint64(t.weighted[y])
				}
				i := 0
				for ; i+8 <= len(src); i += 8 {
					binary.LittleEndian.PutUint64(dst[i:], binary.LittleEndian.Uint64(dst[i:])|binary.LittleEndian.Uint64(src[i:]))
				}
				for ; i < len(src); i++ {
					dst[i] |= src[i]
				}
				continue
			}
			for i, b := range src {
				sum := addShades(dst[i], b, depth)
				if sums != nil {
					grown := uint64(sum) - uint64(dst[i]) // shades only grow
					rs := &sums[py+y]
					rs.Sum += grown
					rs.Weighted += uint64(start+i) * grown
				}
				dst[i] = sum
			}
		}
	}
	// blit draws into the band at pixel row py0 the rows of tile t,
	// placed at (px, py), that the band does not repeat: with skips, the
	// rows whose bit in mask is clear.
	blit := func(t *tile, px, py, py0 int, mask []uint64, skips bool, add bool) {
		start := pixelByte(px, depth)
		lo, hi := max(t.top, py0-py), min(t.bottom, py0+scale-py)
		if !skips {
			draw(t, start, py, lo, hi, add)
			return
		}
		for w, m := range mask {
			for todo := ^m & valid[w]; todo != 0; todo &= todo - 1 {
				if y := py0 + w*64 + bits.TrailingZeros64(todo) - py; y >= lo && y < hi {
					draw(t, start, py, y, y+1, add)
				}
			}
		}
	}
	pixel := func(module, off, code int) int { return off + (code+module)*scale }

	// Eyes: their rows that do not repeat clear the bands' bits now, and
	// each band draws its part of them before its cells.
	eyesAt := sc.eyes[:0]
	addEye := func(t *tile, x, y, side int) {
		for r := 1; r < side*scale; r++ {
			if !t.sameAs(r) {
				b := r % scale
				same[(y+r/scale)*words+b>>6] &^= 1 << (b & 63)
			}
		}
		if !t.empty {
			eyesAt = append(eyesAt, eyeAt{t, pixel(x, l.offX, l.codeX), pixel(y, l.offY, l.codeY), y, side})
		}
	}
	frame, ball := o.EyeParts()
	eyes := tilesOf(tileSetKey{frame: frame, ball: ball, scale: scale})
	eye := o.eyeShape()
	cells := tilesOf(tileSetKey{module: o.Module, scale: scale})
	inEye := grow(&sc.inEye, n*height)
	clear(inEye)
	for i, f := range finderOrigins(s) {
		corner := [3]int{0, 1, 3}[i]
		addEye(eyeTile(eyes, eye, scale, 7, corner, tilePhase(pixel(f[0], l.offX, l.codeX), depth)), f[0], f[1], 7)
	}
	for _, a := range alignmentOrigins(s) {
		for y := a[1]; y < a[1]+5; y++ {
			for x := a[0]; x < a[0]+5; x++ {
				inEye[y*n+x] = true
			}
		}
		if !s.Modules[(a[1]+2)*n+a[0]+2] {
			continue // knocked out under an Overlay: a real one has a dark centre
		}
		addEye(eyeTile(eyes, eye, scale, 5, 0, tilePhase(pixel(a[0], l.offX, l.codeX), depth)), a[0], a[1], 5)
	}

	band := sc.band[:0]
	g := newModuleGrid(s)
	st := g.stride
	for y := 0; y < height; y++ {
		py := pixel(y, l.offY, l.codeY)
		mask := same[y*words : (y+1)*words]
		i := (y+1)*st + 1
		// column is the neighbourhood's column of three at grid index j,
		// as bits 0, 3 and 6; the shape slides one column per cell.
		column := func(j int) uint16 {
			return uint16(b2i(g.dark[j-st])) | uint16(b2i(g.dark[j]))<<3 | uint16(b2i(g.dark[j+st]))<<6
		}
		shape := column(i-1)<<1 | column(i)<<2
		band = band[:0]
		for x := 0; x < n; x, i = x+1, i+1 {
			shape = shape>>1&0b011_011_011 | column(i+1)<<2
			if shape == 0 {
				continue
			}
			px := pixel(x, l.offX, l.codeX)
			phase := tilePhase(px, depth)
			t := cells.tiles[phase][shape].Load()
			if t == nil {
				t = cellTile(cells, o.Module, scale, shape, phase)
			}
			if t.empty {
				continue
			}
			for w := range mask {
				mask[w] &= t.same[w]
			}
			band = append(band, cellAt{t, px, inEye[y*n+x] || inFinder(s, x, y)})
		}
		skips := false
		for _, m := range mask {
			skips = skips || m != 0
		}
		for _, e := range eyesAt {
			if y >= e.y && y < e.y+e.side {
				blit(e.t, e.px, e.py, py, mask, skips, false)
			}
		}
		for _, c := range band {
			blit(c.t, c.px, py, py, mask, skips, c.add)
		}
		// The band's repeated rows, in order: each copies a finished row.
		for w, m := range mask {
			for m != 0 {
				r := py + w*64 + bits.TrailingZeros64(m)
				m &= m - 1
				if repeats != nil {
					repeats[r] = true
					continue
				}
				copy(rows[r*stride:(r+1)*stride], rows[(r-1)*stride:r*stride])
				if sums != nil {
					sums[r] = sums[r-1]
				}
			}
		}
	}
	clear(eyesAt)
	clear(band) // the pooled scratch keeps no tiles alive
	sc.eyes, sc.band = eyesAt[:0], band[:0]
}

// tileScratch is drawTiles' working memory, pooled.
type tileScratch struct {
	same, valid []uint64
	inEye       []bool
	eyes        []eyeAt
	band        []cellAt
}

var tileScratches = sync.Pool{New: func() any { return new(tileScratch) }}

// An eyeAt is an eye's tile placed at pixel (px, py), over the bands y to
// y+side-1.
type eyeAt struct {
	t       *tile
	px, py  int
	y, side int
}

// A cellAt is a cell's tile placed at pixel column px; add when it lies
// in an eye and adds its shades to the eye's.
type cellAt struct {
	t   *tile
	px  int
	add bool
}

// addShades adds the shades of two bytes of depth-bit pixels, each
// pixel's at most the foreground's.
func addShades(a, b byte, depth int) byte {
	if depth == 8 {
		return min(a+b, shadeLevels-1)
	}
	hi := min(a>>4+b>>4, shadeLevels-1)
	lo := min(a&15+b&15, shadeLevels-1)
	return hi<<4 | lo
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
