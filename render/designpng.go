package render

import (
	"bytes"
	"encoding/binary"
	"image/color"
	"math"

	"github.com/qrforge/qrforge/render/deflate"
)

// A design in more than two colours (a gradient, eyes in colours of their
// own, an icon over the centre) is drawn here as an 8-bit paletted PNG
// when its colours fit in 256 entries (with a picture logo, widened to
// truecolour: picturepng.go), and in truecolour otherwise (truecolor.go).
// The drawing's shades come from the styled path's tiles (raster.go,
// tiles.go) and each shaded pixel takes its module's ink: the
// gradient at the module's centre, or its eye's ring or centre colour. A
// module's pixel rows then repeat as in a two-colour drawing, and
// render/deflate deflates them as fast, where truecolour rows that change
// on every pixel take many times as long (BENCHMARKS.md, "Designs").

// gradientInks is how many of the gradient's colours fully covered pixels
// choose from: a module's colour is at most half a step (0.4 % of the
// gradient's span) from the gradient at its centre. Eye, plate and icon
// colours take entries first; with fewer than minGradientInks left the
// design is drawn in truecolour.
const (
	gradientInks    = 128
	minGradientInks = 64
)

// minGradientRamps is the fewest anti-aliasing ramps a gradient may share
// between its inks: fewer, and an edge pixel's colour strays visibly.
const minGradientRamps = 6

// A ramp is the partial shades 1 to shadeLevels-2 of over laid on under:
// an edge pixel takes the ramp nearest its ink.
type ramp struct{ under, over color.NRGBA }

// designPalette maps a pixel's ink and shade to its palette index.
type designPalette struct {
	colors []color.NRGBA
	// lut[ink][shade] is the index of ink at shade; shade 0 is background.
	lut [][shadeLevels]uint8
}

// add appends ink with its ramp over under and returns the ink's number.
func (p *designPalette) add(ink color.NRGBA, r int) int {
	var row [shadeLevels]uint8
	row[shadeLevels-1] = uint8(len(p.colors))
	p.colors = append(p.colors, ink)
	for k := 1; k < shadeLevels-1; k++ {
		row[k] = uint8(r + k - 1)
	}
	p.lut = append(p.lut, row)
	return len(p.lut) - 1
}

// addRamp appends the partial shades of r and returns the first's index.
func (p *designPalette) addRamp(r ramp) int {
	first := len(p.colors)
	for k := 1; k < shadeLevels-1; k++ {
		p.colors = append(p.colors, overAt(r.under, r.over, uint32(k*255/(shadeLevels-1))))
	}
	return first
}

// overAt is src at coverage cov (0 to 255) laid over dst, source-over in
// colours that are not premultiplied, as composite does.
func overAt(dst, src color.NRGBA, cov uint32) color.NRGBA {
	sa := cov * uint32(src.A) / 255
	da := uint32(dst.A) * (255 - sa) / 255
	oa := sa + da
	if oa == 0 {
		return color.NRGBA{}
	}
	mix := func(s, d uint8) uint8 { return uint8((uint32(s)*sa + uint32(d)*da + oa/2) / oa) }
	return color.NRGBA{mix(src.R, dst.R), mix(src.G, dst.G), mix(src.B, dst.B), uint8(oa)}
}

// designInks are a design's inks: the modules' (the gradient's steps or
// the foreground), each eye's ring and centre, the logo's plate and icon.
type designInks struct {
	pal      designPalette
	gradient []int // ink of each gradient step; nil for a solid foreground
	solid    int   // the foreground's ink without a gradient
	eyes     [3][2]int
	plate    int // ink of the plate, -1 without one
	icon     int // ink of the icon, -1 without one
	frame    int // ink of a frame, -1 without one (framedesign.go)
	text     int // ink of a caption over its ground, -1 without one
}

// palettedDesign lays out the palette of a design drawn in paletted
// form, or reports false when it must be drawn in truecolour: an
// overlay, a frame or caption around modules not drawn from tiles, a
// frame in the gradient, or more colours than 256 entries hold with
// enough anti-aliasing ramps. A picture logo takes no entry: it is laid
// over the indices widened to truecolour (picturepng.go).
func palettedDesign(l *layout, o *Options) (*designInks, bool) {
	framed := l.border != 0 || l.text != ""
	if o.Overlay.active() || framed && !framedPalette(l, o) {
		return nil, false
	}
	lg := o.Logo
	bg := o.Background
	d := &designInks{plate: -1, icon: -1, frame: -1, text: -1}
	d.pal.colors = append(d.pal.colors, bg)
	if framed {
		d.addFrameInks(l, o)
	}

	// Colours with ramps of their own: eye colours, the plate and the icon.
	own := map[color.NRGBA]int{}
	ownInk := func(c, under color.NRGBA) int {
		if i, ok := own[c]; ok {
			return i
		}
		i := d.pal.add(c, d.pal.addRamp(ramp{under, c}))
		own[c] = i
		return i
	}
	for i, e := range o.EyeColors {
		d.eyes[i] = [2]int{-1, -1}
		if e.Frame != (color.NRGBA{}) {
			d.eyes[i][0] = ownInk(e.Frame, bg)
		}
		if e.Centre != (color.NRGBA{}) {
			d.eyes[i][1] = ownInk(e.Centre, bg)
		}
	}
	if lg.active() {
		under := bg
		if lg.Plate != (color.NRGBA{}) {
			d.plate = d.pal.add(lg.Plate, d.pal.addRamp(ramp{bg, lg.Plate}))
			under = lg.Plate
		}
		if lg.Icon != nil {
			ink := lg.ink(o)
			d.icon = d.pal.add(ink, d.pal.addRamp(ramp{under, ink}))
		}
	}
	if !o.Gradient.active() {
		d.solid = ownInk(o.Foreground, bg)
		return d, len(d.pal.colors) <= 256
	}
	steps := min(gradientInks, 256-len(d.pal.colors)-minGradientRamps*(shadeLevels-2))
	if steps < minGradientInks {
		return nil, false
	}
	ramps := (256 - len(d.pal.colors) - steps) / (shadeLevels - 2)
	firsts := make([]int, ramps)
	for j := range firsts {
		firsts[j] = d.pal.addRamp(ramp{bg, o.Gradient.At(float64(j) / float64(ramps-1))})
	}
	d.gradient = make([]int, steps)
	for i := range d.gradient {
		t := float64(i) / float64(steps-1)
		d.gradient[i] = d.pal.add(o.Gradient.At(t), firsts[int(math.Round(t*float64(ramps-1)))])
	}
	return d, true
}

// designPNG draws a design of more than two colours as an 8-bit paletted
// PNG, or reports false when its colours need truecolour.
func designPNG(s *Symbol, o Options) ([]byte, bool, error) {
	s = o.Logo.knockOut(s)
	l, err := newLayout(s, &o)
	if err != nil {
		return nil, true, err
	}
	inks, ok := palettedDesign(l, &o)
	if !ok {
		return nil, false, nil
	}
	sc := pngScratches.Get().(*pngScratch)
	defer pngScratches.Put(sc)
	rows, repeats := designRows(sc, s, l, &o, inks)
	if o.Logo.active() && o.Logo.Icon == nil {
		return picturePNG(sc, rows, repeats, l, &o, inks.pal.colors), true, nil
	}
	sc.cells = cellStarts(sc.cells[:0], l, 8)
	// The rows drawn as copies are coded as copies, uncompared.
	sc.shaded.Repeats = repeats
	defer func() { sc.shaded.Repeats = nil }()
	return encodePNG(sc, l.pxW, l.pxH, 8, inks.pal.colors, rows), true, nil
}

// designRows draws a design's rows of palette indices into sc, and flags
// the rows that equal the row above. Without a frame, it leaves the rows'
// sums in sc.sums, for deflate's Adler-32.
func designRows(sc *pngScratch, s *Symbol, l *layout, o *Options, inks *designInks) (rows []byte, repeats []bool) {
	stride := rowStride(l.pxW, 8)
	rows = sc.rowBuffer(stride * l.pxH)
	sc.sums = sc.sums[:0] // tiles' sums would be of shades, not indices
	repeats = sc.repeatBuffer(l.pxH)
	if tiled(l, o) || inks.framed() {
		drawTiles(rows, stride, 8, nil, repeats, s, l, o)
	} else {
		rasterRows(rows, stride, 8, s, l, o)
	}
	// A frame is laid over rows and compared whole: it leaves no sums.
	var sums []deflate.RowSum
	if !inks.framed() {
		sums = grow(&sc.sums, l.pxH) // inkRows sets every row's
	}
	inkRows(rows, stride, repeats, sums, s, l, o, inks)
	if o.Logo.active() {
		drawLogoIndexed(rows, stride, repeats, sums, l, o, inks)
	}
	if inks.framed() {
		drawFrameIndexed(rows, stride, repeats, l, o, inks)
	}
	return rows, repeats
}

// inkRows turns each pixel's shade into the palette index of its ink at
// that shade. A pixel's ink is its module's, so it changes only from one
// band of modules to the next (and, in an eye in colours of its own, where
// the centre begins): a pixel row whose shades equal the row above's, with
// the same inks, copies its indices. A row marked in repeats has the
// shades of the row above but was not drawn (drawTiles); on return,
// repeats marks the rows whose indices equal the row above's. With sums,
// it sets each row's: a copied row's are the row above's, and a row that
// changes some words of the row above changes its sums by theirs.
func inkRows(rows []byte, stride int, repeats []bool, sums []deflate.RowSum, s *Symbol, l *layout, o *Options, d *designInks) {
	n, symbolRows := s.Size, s.Rows()
	moduleInks := d.moduleInks(s, l, o)
	ink := make([]uint8, l.pxW) // the ink of each pixel of the row
	prev := make([]byte, stride-1)
	lut := new(inkTable)
	for i, r := range d.pal.lut {
		copy(lut[i*shadeLevels:], r[:])
	}
	var sum deflate.RowSum // the row's, when sums are kept
	key, prevKey := -1, -2
	for py := 0; py < l.pxH; py++ {
		row := rows[py*stride+1 : (py+1)*stride]
		// Shapes keep to their cells, but a rasterized style may reach a
		// pixel into the quiet zone: the nearest module row's ink.
		my := min(max(floorDiv(py-l.offY, l.scale)-l.codeY, 0), symbolRows-1)
		inner := d.eyeCentreRow(s, my, py, l)
		if k := 2*my + b2i(inner); k != key {
			key = k
			d.inkRow(ink, moduleInks[my*n:(my+1)*n], s, my, inner, l)
		}
		if sums != nil && py > 0 {
			sum = sums[py-1]
		}
		if repeats[py] && key == prevKey {
			copy(row, rows[(py-1)*stride+1:py*stride])
		} else if key == prevKey {
			above := rows[(py-1)*stride+1 : py*stride]
			if bytes.Equal(row, prev) {
				copy(row, above)
				repeats[py] = true
			} else {
				sum = inkChangedWords(row, above, prev, ink, lut, sum, sums != nil)
			}
		} else {
			if repeats[py] {
				repeats[py] = false // the same shades in other inks
				copy(row, prev)
			} else {
				copy(prev, row)
			}
			prevKey = key
			sum = inkRow(row, ink, lut, sums != nil)
		}
		if sums != nil {
			sums[py] = sum
		}
	}
}

// An inkTable holds at ink<<4 | shade the palette index of ink at shade:
// one lookup a pixel, whose index needs no bounds check.
type inkTable [256 * shadeLevels]uint8

func (t *inkTable) index(ink, shade uint8) uint8 {
	return t[(int(ink)<<4|int(shade))&(len(t)-1)]
}

// inkChangedWords inks a row whose pixels have the inks of the row above,
// whose shades were prev and whose indices are above: where eight shades
// are the same, so are their indices. It returns sum, the row above's
// sums, changed by the words that change, when withSums.
func inkChangedWords(row, above, prev, ink []uint8, lut *inkTable, sum deflate.RowSum, withSums bool) deflate.RowSum {
	above, prev, ink = above[:len(row)], prev[:len(row)], ink[:len(row)]
	x := 0
	for ; x+8 <= len(row); x += 8 {
		w := binary.LittleEndian.Uint64(row[x:])
		was := binary.LittleEndian.Uint64(above[x:])
		if w == binary.LittleEndian.Uint64(prev[x:]) {
			binary.LittleEndian.PutUint64(row[x:], was)
			continue
		}
		binary.LittleEndian.PutUint64(prev[x:], w)
		for i := x; i < x+8; i++ {
			row[i] = lut.index(ink[i], row[i])
		}
		if withSums {
			sum = addWordChange(sum, was, binary.LittleEndian.Uint64(row[x:]), 1+x)
		}
	}
	for ; x < len(row); x++ {
		if row[x] == prev[x] {
			row[x] = above[x]
			continue
		}
		prev[x] = row[x]
		row[x] = lut.index(ink[x], row[x])
		if withSums {
			sum = addByteChange(sum, above[x], row[x], 1+x)
		}
	}
	return sum
}

// inkRow inks a row of shades whole and returns its sums, when withSums.
func inkRow(row, ink []uint8, lut *inkTable, withSums bool) deflate.RowSum {
	ink = ink[:len(row)]
	var sum deflate.RowSum
	x := 0
	for ; x+8 <= len(row); x += 8 {
		if binary.LittleEndian.Uint64(row[x:]) == 0 {
			continue // light modules: the background, index 0
		}
		for i := x; i < x+8; i++ {
			row[i] = lut.index(ink[i], row[i])
		}
		if withSums {
			sum = addWordChange(sum, 0, binary.LittleEndian.Uint64(row[x:]), 1+x)
		}
	}
	for ; x < len(row); x++ {
		row[x] = lut.index(ink[x], row[x])
		if withSums {
			sum = addByteChange(sum, 0, row[x], 1+x)
		}
	}
	return sum
}

// addWordChange returns s with the eight bytes at offset off of its row
// changed from was to is. The sums wrap below zero and back: only the
// row's total counts.
func addWordChange(s deflate.RowSum, was, is uint64, off int) deflate.RowSum {
	wasSum, wasWeighted := wordSums(was)
	isSum, isWeighted := wordSums(is)
	s.Sum += isSum - wasSum
	s.Weighted += uint64(off)*(isSum-wasSum) + isWeighted - wasWeighted
	return s
}

// addByteChange is addWordChange for one byte.
func addByteChange(s deflate.RowSum, was, is uint8, off int) deflate.RowSum {
	s.Sum += uint64(is) - uint64(was)
	s.Weighted += uint64(off) * (uint64(is) - uint64(was))
	return s
}

// wordSums is the sum of w's eight bytes (first byte lowest) and of each
// times its place in w, 0 to 7. The even and odd bytes are spread into
// 16-bit lanes, and one multiplication each weighs and adds them up in
// the top lane, as deflate's Adler-32 does.
func wordSums(w uint64) (sum, weighted uint64) {
	const (
		lanes       = 0x00FF00FF00FF00FF
		ones        = 0x0001000100010001
		evenWeights = 6 | 4<<16 | 2<<32         // for bytes 6, 4, 2 (and 0, which weighs 0)
		oddWeights  = 7 | 5<<16 | 3<<32 | 1<<48 // for bytes 7, 5, 3, 1
	)
	even, odd := w&lanes, w>>8&lanes
	sum = (even + odd) * ones >> 48
	weighted = (even*evenWeights)>>48 + (odd*oddWeights)>>48
	return sum, weighted
}

// moduleInks is the ink of every module: the gradient's step at its
// centre, or the foreground.
func (d *designInks) moduleInks(s *Symbol, l *layout, o *Options) []uint8 {
	n, rows := s.Size, s.Rows()
	out := make([]uint8, n*rows)
	if d.gradient == nil {
		for i := range out {
			out[i] = uint8(d.solid)
		}
		return out
	}
	gl := newGradientLine(o.Gradient, float64(l.codeX), float64(l.codeY), float64(l.n))
	last := float64(len(d.gradient) - 1)
	if gl.radial {
		for y := 0; y < rows; y++ {
			for x := 0; x < n; x++ {
				t := gl.t(float64(l.codeX+x)+0.5, float64(l.codeY+y)+0.5)
				out[y*n+x] = uint8(d.gradient[int(math.Round(t*last))])
			}
		}
		return out
	}
	// A linear gradient's t is a column's term plus a row's, each the
	// same product gradientLine.t takes: computed once per column.
	across := make([]float64, n)
	for x := range across {
		across[x] = (float64(l.codeX+x) + 0.5 - gl.x0) * gl.dx
	}
	for y := 0; y < rows; y++ {
		down := (float64(l.codeY+y) + 0.5 - gl.y0) * gl.dy
		for x, a := range across {
			t := min(max(a+down, 0), 1)
			out[y*n+x] = uint8(d.gradient[int(math.Round(t*last))])
		}
	}
	return out
}

// eyeCentreRow reports whether pixel row py, in module row my, crosses
// the centre of an eye in colours of its own: it is nearer the eye's
// centre row than the middle of the light ring, 2 modules. The shapes
// keep to the finder's 1:1:3:1:1, so the ring's shape stays outside that
// square and the centre's inside it.
func (d *designInks) eyeCentreRow(s *Symbol, my, py int, l *layout) bool {
	for i, f := range finderOrigins(s) {
		e := d.eyes[i]
		if (e[0] < 0 && e[1] < 0) || my < f[1] || my >= f[1]+7 {
			continue
		}
		// In half pixels: the eye's centre row, the pixel row's centre.
		cy := 2*(l.offY+(l.codeY+f[1])*l.scale) + 7*l.scale
		return abs(2*py+1-cy) < 4*l.scale
	}
	return false
}

// inkRow fills ink, each pixel's ink along a pixel row in module row my:
// its module's, and in an eye in colours of its own, the ring's colour, or
// within the centre's square on a row where inner, the centre's.
func (d *designInks) inkRow(ink, modules []uint8, s *Symbol, my int, inner bool, l *layout) {
	n := s.Size
	x := 0
	for mx := 0; mx < n; mx++ {
		end := min(l.offX+(l.codeX+mx+1)*l.scale, len(ink))
		if mx == n-1 {
			end = len(ink)
		}
		if end > x {
			fill(ink[x:end], modules[mx])
			x = end
		}
	}
	for i, f := range finderOrigins(s) {
		e := d.eyes[i]
		if (e[0] < 0 && e[1] < 0) || my < f[1] || my >= f[1]+7 {
			continue
		}
		x0 := l.offX + (l.codeX+f[0])*l.scale
		cx := 2*x0 + 7*l.scale // in half pixels
		for x := x0; x < x0+7*l.scale && x < len(ink); x++ {
			part := 0
			if inner && abs(2*x+1-cx) < 4*l.scale {
				part = 1
			}
			if e[part] >= 0 {
				ink[x] = uint8(e[part])
			}
		}
	}
}

// fill sets every byte of b to c, eight at a time.
func fill(b []byte, c byte) {
	v := uint64(c) * 0x0101010101010101
	i := 0
	for ; i+8 <= len(b); i += 8 {
		binary.LittleEndian.PutUint64(b[i:], v)
	}
	for ; i < len(b); i++ {
		b[i] = c
	}
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// drawLogoIndexed paints the plate and the icon into indexed rows over the
// modules the logo cleared: a pixel takes the plate or the icon where its
// coverage is the larger. The rows it paints, and the row below each, no
// longer repeat the row above in repeats.
func drawLogoIndexed(rows []byte, stride int, repeats []bool, sums []deflate.RowSum, l *layout, o *Options, d *designInks) {
	paint := func(m *logoMask, ink int) {
		if m == nil || m.box.Empty() {
			return
		}
		box, lut := m.box, &d.pal.lut[ink]
		for y := box.Min.Y; y <= box.Max.Y && y < len(repeats); y++ {
			repeats[y] = false
		}
		for y := box.Min.Y; y < box.Max.Y; y++ {
			shades := m.shades[(y-box.Min.Y)*box.Dx() : (y-box.Min.Y+1)*box.Dx()]
			row := rows[y*stride+1+box.Min.X : y*stride+1+box.Max.X]
			for x, sh := range shades {
				if sh == 0 {
					continue
				}
				is := lut[sh&(shadeLevels-1)]
				if sums != nil {
					sums[y] = addByteChange(sums[y], row[x], is, 1+box.Min.X+x)
				}
				row[x] = is
			}
		}
	}
	// A logo is drawn on square canvases only (an rMQR takes none).
	paint(logoMaskOf(o.Logo, l, l.pxW, true), d.plate)
	if d.icon >= 0 {
		paint(logoMaskOf(o.Logo, l, l.pxW, false), d.icon)
	}
}

// floorDiv is a divided by b rounded down, for b > 0.
func floorDiv(a, b int) int {
	q := a / b
	if a%b != 0 && a < 0 {
		q--
	}
	return q
}
