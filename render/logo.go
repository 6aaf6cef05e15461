package render

import (
	"image"
	"image/color"
	"math"
	"sync"

	"github.com/qrforge/qrforge/render/qrcode"
)

// Logo is a picture centred on the symbol: a built-in icon or a raster
// image. The modules under its box and a border of padding are cleared
// whole, so that no module is half covered, and the picture is drawn over
// them. Clearing modules takes codewords away, which error correction must
// restore: a logo belongs only where LogoFits says the symbol can spare
// them (docs/logos.md).
type Logo struct {
	// Size is the side of the logo's box as a fraction of the symbol's
	// side, quiet zone excluded.
	Size float64
	// Padding is the clear space around the box, in modules.
	Padding int
	// Plate, when not zero, fills the cleared modules; otherwise they
	// show the background.
	Plate color.NRGBA
	// Rounded rounds the plate's corners.
	Rounded bool
	// Icon is a built-in glyph, drawn in Ink, or the foreground colour
	// when Ink is zero.
	Icon *Icon
	Ink  color.NRGBA
	// Image is a raster picture, scaled into the box with its aspect
	// ratio kept. It must not change once drawn: its scaled copies are
	// kept by its address (scaledLogo).
	Image *image.NRGBA
}

// Bounds of Logo.Size and Logo.Padding.
const (
	MinLogoSize        = 0.05
	MaxLogoSize        = 0.3
	DefaultLogoSize    = 0.2
	MaxLogoPadding     = 4
	DefaultLogoPadding = 1
)

// MaxLogoLoad is the largest share of any Reed–Solomon block's correction
// capacity that a logo may take (qrcode.Damage.Load): half, so that the
// other half still corrects print defects, glare and a shaky camera.
const MaxLogoLoad = 0.5

// firstFreeModule is the first row and column that is neither a finder
// pattern, its separator, a timing pattern nor format information (rows
// and columns 0 to 8, ISO/IEC 18004:2015 §6.3.3 to §6.3.5, §7.9.1). A
// centred box that starts there also misses the version information
// (§7.10), which lies in columns or rows 0 to 5.
const firstFreeModule = 9

func (lg *Logo) active() bool {
	return lg != nil && lg.Size > 0 && (lg.Icon != nil || lg.Image != nil)
}

// logoClearance is the range [lo, hi) of module rows and columns cleared
// for a logo of size and padding on a symbol of n modules: every module
// the box and its padding reach, even in part. The range is centred, as
// the box is, so hi = n − lo.
func logoClearance(n int, size float64, padding int) (lo, hi int) {
	half := size*float64(n)/2 + float64(padding)
	// A hair of slack: 0.2 × 25 is not quite 5 in floating point.
	lo = int(math.Floor(float64(n)/2 - half + 1e-9))
	return lo, n - lo
}

// logoLoads memoises LogoLoad by version, level and cleared range.
var logoLoads sync.Map // logoLoadKey → float64

type logoLoadKey struct {
	version, lo int
	level       Level
}

// LogoLoad is the share of the worst block's correction capacity that
// clearing the modules under a logo of size and padding takes on a symbol
// of version at level (qrcode.BlockDamage); +Inf when the cleared square
// would reach a finder, timing or format pattern.
func LogoLoad(version int, level Level, size float64, padding int) float64 {
	n := 17 + 4*version
	lo, hi := logoClearance(n, size, padding)
	if lo < firstFreeModule {
		return math.Inf(1)
	}
	key := logoLoadKey{version, lo, level}
	if v, ok := logoLoads.Load(key); ok {
		return v.(float64)
	}
	in := func(x, y int) bool { return x >= lo && x < hi && y >= lo && y < hi }
	load := qrcode.BlockDamage(version, level.code(), in).Load()
	logoLoads.Store(key, load)
	return load
}

// LogoFits reports whether a logo of size and padding leaves a symbol of
// version at level readable with a margin: its cleared modules take at
// most MaxLogoLoad of any block's correction capacity, and it hides no
// alignment pattern at the symbol's centre, which zbar would take the
// logo's own features for (centre.go).
func LogoFits(version int, level Level, size float64, padding int) bool {
	return !CentreAligned(version) && LogoLoad(version, level, size, padding) <= MaxLogoLoad
}

// LargestLogo is the largest logo size, in hundredths, that fits a symbol
// of some version from first to last at level with padding; 0 when none
// does.
func LargestLogo(first, last int, level Level, padding int) float64 {
	for c := int(math.Round(MaxLogoSize * 100)); c >= int(math.Round(MinLogoSize*100)); c-- {
		size := float64(c) / 100
		for v := first; v <= last; v++ {
			if LogoFits(v, level, size, padding) {
				return size
			}
		}
	}
	return 0
}

// LogoError says that a logo does not fit: no version of the symbol from
// the data's own up to the largest allowed has room for it at the level.
type LogoError struct {
	Level Level
	Size  float64
	// Largest is the largest size that fits at Level (0: none), and
	// FitsAt a more redundant level where Size fits (LevelAuto: none).
	Largest float64
	FitsAt  Level
}

func (e *LogoError) Error() string {
	return "the logo is too large for the symbol's error correction"
}

// EncodeWithLogo builds the symbol for data with room for a logo of size
// and padding: at level, or with LevelAuto at the most redundant level
// that holds the data; and at the smallest version, from the one the data
// needs up to maxVersion (0: 40), at which the logo fits (LogoFits). A
// symbol larger than the data needs has smaller modules but keeps the
// logo readable. Too much data is a *TooLongError, no room a *LogoError.
func EncodeWithLogo(data string, level Level, eci ECI, size float64, padding, maxVersion int) (*Symbol, error) {
	if data == "" {
		return nil, ErrEmpty
	}
	if maxVersion <= 0 || maxVersion > 40 {
		maxVersion = 40
	}
	n := eci.number(data)
	levels := []Level{level}
	if level == LevelAuto {
		levels = []Level{LevelH, LevelQ, LevelM, LevelL}
	}
	var plan *qrcode.Plan
	for _, l := range levels {
		p, err := qrcode.FitECI([]byte(data), l.code(), n)
		if err == nil && p.Version <= maxVersion {
			plan, level = p, l
			break
		}
	}
	if plan == nil {
		// Auto tried every level: the data is too long even at L.
		return nil, tooLong(data, levels[len(levels)-1], n)
	}
	for v := plan.Version; v <= maxVersion; v++ {
		if !LogoFits(v, level, size, padding) {
			continue
		}
		if v != plan.Version {
			var err error
			if plan, err = qrcode.FitFrom([]byte(data), level.code(), n, v); err != nil {
				return nil, err
			}
		}
		q, err := plan.Symbol(level.code())
		if err != nil {
			return nil, err
		}
		return fromQR(q, level), nil
	}
	e := &LogoError{Level: level, Size: size, Largest: LargestLogo(plan.Version, maxVersion, level, padding), FitsAt: LevelAuto}
	for _, l := range Levels[level.rank()+1:] {
		p, err := qrcode.FitECI([]byte(data), l.code(), n)
		if err != nil || p.Version > maxVersion {
			break
		}
		for v := p.Version; v <= maxVersion; v++ {
			if LogoFits(v, l, size, padding) {
				e.FitsAt = l
				return nil, e
			}
		}
	}
	return nil, e
}

// knockOut returns s with the modules under the logo and its padding made
// light, and every alignment pattern that reaches into them: a pattern is
// drawn whole or not at all (newDrawing leaves out one whose centre is
// light), and carries no codewords.
func (lg *Logo) knockOut(s *Symbol) *Symbol {
	if !lg.active() {
		return s
	}
	lo, hi := logoClearance(s.Size, lg.Size, lg.Padding)
	out := *s
	out.Modules = append([]bool(nil), s.Modules...)
	for y := max(lo, 0); y < min(hi, s.Rows()); y++ { // an rMQR is lower than wide
		clear(out.Modules[y*s.Size+lo : y*s.Size+hi])
	}
	for _, a := range alignmentOrigins(s) {
		if a[0] < hi && a[0]+5 > lo && a[1] < hi && a[1]+5 > lo {
			for y := a[1]; y < a[1]+5; y++ {
				clear(out.Modules[y*s.Size+a[0] : y*s.Size+a[0]+5])
			}
		}
	}
	return &out
}

// LogoKnockOut is s with the modules under lg cleared, as the drawing
// shows it: the matrix a caller draws its own logo over.
func LogoKnockOut(s *Symbol, lg *Logo) *Symbol { return lg.knockOut(s) }

// logoBox is the logo's box in canvas modules: its top-left corner and
// side.
func (lg *Logo) logoBox(l *layout) (x, y, side float64) {
	side = lg.Size * float64(l.n)
	return float64(l.codeX) + (float64(l.n)-side)/2, float64(l.codeY) + (float64(l.n)-side)/2, side
}

// platePath is the plate over the cleared modules, in canvas modules, or
// nil without a plate.
func (lg *Logo) platePath(l *layout) *path {
	if lg.Plate == (color.NRGBA{}) {
		return nil
	}
	lo, hi := logoClearance(l.n, lg.Size, lg.Padding)
	side := float64(hi - lo)
	r := 0.0
	if lg.Rounded {
		r = min(side/5, 2)
	}
	p := &path{}
	p.roundRect(float64(l.codeX+lo), float64(l.codeY+lo), side, side, [4]float64{r, r, r, r}, false)
	return p
}

// iconPath is the icon's glyph in canvas modules.
func (lg *Logo) iconPath(l *layout) *path {
	x, y, side := lg.logoBox(l)
	p := &path{ops: make([]pathOp, len(lg.Icon.ops))}
	for i, op := range lg.Icon.ops {
		p.ops[i].kind = op.kind
		for j, pt := range op.pts {
			p.ops[i].pts[j] = [2]float64{x + pt[0]*side, y + pt[1]*side}
		}
	}
	return p
}

// ink is the icon's colour.
func (lg *Logo) ink(o *Options) color.NRGBA {
	if lg.Ink != (color.NRGBA{}) {
		return lg.Ink
	}
	return o.Foreground
}

// imageRect is where the raster picture goes within the box of side
// pixels at (x, y): as large as the box allows with the picture's aspect
// ratio, centred, in whole pixels.
func (lg *Logo) imageRect(x, y, side float64) image.Rectangle {
	w, h := float64(lg.Image.Rect.Dx()), float64(lg.Image.Rect.Dy())
	k := side / max(w, h)
	dw, dh := max(1, math.Round(w*k)), max(1, math.Round(h*k))
	x0 := math.Round(x + (side-dw)/2)
	y0 := math.Round(y + (side-dh)/2)
	return image.Rect(int(x0), int(y0), int(x0+dw), int(y0+dh))
}
