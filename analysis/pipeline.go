package analysis

import (
	"context"
	"image"
	"math"
	"time"

	"github.com/makiuchi-d/gozxing"
)

// Read is the decode pipeline of POST /api/v1/decode (docs/decode.md).
// It runs Scan's cheap passes first and stops at the first pass that
// reads a code; only an image nothing has read yet goes on, through
// contrast stretching, local thresholds of two window sizes, a scale
// pyramid (large photos halved, small codes doubled) and an unsharp
// mask, each on the image and on its inverse, until a pass reads a code
// or the budget is spent. Every code it returns passed the Reed-Solomon
// decoding of ISO/IEC 18004 §7.5 in ZXing's decoder, which also retries
// each symbol mirrored (§6.2 allows mirror imaging), so a harder pass
// finds more codes but never a different payload than the symbol holds.
//
// Memory stays within Scan's and ReadExtraBytes: the passes after the
// first work on a copy of at most ReadWorkPixels and hold one view
// derived from it at a time.
func Read(ctx context.Context, img image.Image, b Budget) ([]Code, ReadStats) {
	start := time.Now()
	p := &pipeline{ctx: ctx, budget: b, start: start, g: grayOf(img)}
	found := p.run()
	p.stats.Elapsed = time.Since(start)
	return describe(dedupe(found), img.Bounds()), p.stats
}

// Budget bounds one Read: it stops before an attempt past either limit.
type Budget struct {
	// Attempts is the number of decoder runs, one binarized image each.
	Attempts int
	Time     time.Duration
}

// DefaultBudget is what /decode spends on one image. The 40 attempts of
// every pass fit in it for the benchmark set's images (BENCHMARKS.md,
// "Decode"); in a large image with no code the time limit stops the
// search first.
var DefaultBudget = Budget{Attempts: 48, Time: 1500 * time.Millisecond}

// ReadStats says how a Read went.
type ReadStats struct {
	// Attempts is how many decoder runs it made.
	Attempts int
	// Pass names the pass that read the codes; empty when none did.
	Pass    string
	Elapsed time.Duration
	// OutOfBudget is set when the budget ran out before every pass ran.
	OutOfBudget bool
}

// ReadWorkPixels caps the image the passes after the first work on: a
// larger one is scaled down to it first (a code that fills a fraction of
// a 40-megapixel photo still has pixels to spare), and a view enlarged
// from a smaller one stays within it. It bounds both the memory and the
// time of each pass, whatever the upload.
const ReadWorkPixels = 2_000_000

// ReadExtraBytes is what Read holds beyond Scan (ScanBytesPerPixel of
// the image): the working image, one view derived from it, the view's
// inverse or its blur, and ZXing's planes of the view, each at most
// ReadWorkPixels bytes (pipeline_test.go measures it).
const ReadExtraBytes = 5 * ReadWorkPixels

type pipeline struct {
	ctx    context.Context
	budget Budget
	start  time.Time
	g      *image.Gray
	// work is g within ReadWorkPixels.
	work  *image.Gray
	stats ReadStats
}

// binarizer names a way of turning grey into black and white.
type binarizer int

const (
	// hybrid is ZXing's local-block binarizer.
	hybrid binarizer = iota
	// global is ZXing's global-histogram binarizer: one threshold, which
	// keeps faded mid-grey modules whole.
	global
	// localFine and localCoarse threshold each pixel against the mean of
	// a window around it, of about 1/40 and 1/12 of the view's shorter
	// side: the fine one follows shadows and glare, the coarse one keeps
	// the inside of a blurred finder pattern dark.
	localFine
	localCoarse
)

var binarizerNames = map[binarizer]string{hybrid: "hybrid", global: "global", localFine: "local-fine", localCoarse: "local-coarse"}

// pass is one derived view of the image and the binarizers tried on it,
// each on the view and on its inverse.
type pass struct {
	name string
	// view derives the grey image from the source; nil when the pass does
	// not apply (a pyramid level of an image already at that scale).
	view func(g *image.Gray) *image.Gray
	bins []binarizer
}

// passes are in the order they were measured to pay off on the decode
// benchmark set (BENCHMARKS.md): cheapest and likeliest first.
var passes = []pass{
	{name: "plain", view: func(g *image.Gray) *image.Gray { return g }, bins: []binarizer{hybrid, global}},
	{name: "stretched", view: stretched, bins: []binarizer{localFine, localCoarse, global}},
	{name: "halved", view: halved, bins: []binarizer{hybrid, localCoarse}},
	{name: "doubled", view: doubled, bins: []binarizer{hybrid, localFine}},
	{name: "widened", view: func(g *image.Gray) *image.Gray { return anisotropic(g, 1.6, 1) }, bins: []binarizer{hybrid, localFine}},
	{name: "heightened", view: func(g *image.Gray) *image.Gray { return anisotropic(g, 1, 1.6) }, bins: []binarizer{hybrid, localFine}},
	{name: "widened-more", view: func(g *image.Gray) *image.Gray { return anisotropic(g, 2.2, 1) }, bins: []binarizer{hybrid, localFine}},
	{name: "heightened-more", view: func(g *image.Gray) *image.Gray { return anisotropic(g, 1, 2.2) }, bins: []binarizer{hybrid, localFine}},
	{name: "sharpened", view: sharpened, bins: []binarizer{hybrid, localFine, global}},
}

func (p *pipeline) run() []found {
	for i, ps := range passes {
		if i == 1 {
			p.work = p.g
			if px := p.g.Rect.Dx() * p.g.Rect.Dy(); px > ReadWorkPixels {
				p.work = Resample(p.g, math.Sqrt(ReadWorkPixels/float64(px)))
			}
			// No QR Code read plainly: a Micro QR Code or an rMQR, which
			// ZXing cannot read, is looked for before the harder passes
			// spend the budget. It costs one attempt.
			if codes := p.symbols(quickSymbolTries); codes != nil || p.stats.OutOfBudget {
				return codes
			}
		}
		src := p.g
		if p.work != nil {
			src = p.work
		}
		v := ps.view(src)
		if v == nil {
			continue
		}
		lum := luminance(v)
		for _, bk := range ps.bins {
			for _, inverted := range []bool{false, true} {
				if p.spent() {
					p.stats.OutOfBudget = true
					return nil
				}
				p.stats.Attempts++
				if codes := decodeBitmap(binarized(v, lum, bk, inverted)); len(codes) > 0 {
					p.stats.Pass = ps.name + "/" + binarizerNames[bk]
					if inverted {
						p.stats.Pass += "/inverted"
					}
					return inImage(codes, v, p.g)
				}
			}
		}
	}
	return p.symbols(thoroughSymbolTries)
}

// symbols reads Micro QR Codes and rMQRs (symbols.go) on the working
// image within the same budget, one attempt a binarized image.
func (p *pipeline) symbols(tries []symbolTry) []found {
	v := p.work
	codes, pass := readSymbols(v, tries, func() bool {
		if p.spent() {
			p.stats.OutOfBudget = true
			return false
		}
		p.stats.Attempts++
		return true
	})
	if len(codes) == 0 {
		return nil
	}
	p.stats.Pass = pass
	return inImage(codes, v, p.g)
}

// inImage maps codes found in view v back to the pixels of g, of which v
// is a scaled copy.
func inImage(codes []found, v, g *image.Gray) []found {
	kx := float64(g.Rect.Dx()) / float64(v.Rect.Dx())
	ky := float64(g.Rect.Dy()) / float64(v.Rect.Dy())
	for i := range codes {
		for j, c := range codes[i].corners {
			codes[i].corners[j] = [2]float64{c[0] * kx, c[1] * ky}
		}
	}
	return codes
}

// spent reports whether the next attempt would pass the budget or the
// caller gave up.
func (p *pipeline) spent() bool {
	if p.ctx.Err() != nil {
		return true
	}
	if p.budget.Attempts > 0 && p.stats.Attempts >= p.budget.Attempts {
		return true
	}
	return p.budget.Time > 0 && time.Since(p.start) >= p.budget.Time
}

// binarized is v in black and white by bk; inverted swaps dark and light
// (light modules on a dark ground, ISO/IEC 18004 §6.2).
func binarized(v *image.Gray, src gozxing.LuminanceSource, bk binarizer, inverted bool) *gozxing.BinaryBitmap {
	var b gozxing.Binarizer
	switch bk {
	case hybrid, global:
		if inverted {
			src = gozxing.NewInvertedLuminanceSource(src)
		}
		if bk == hybrid {
			b = gozxing.NewHybridBinarizer(src)
		} else {
			b = gozxing.NewGlobalHistgramBinarizer(src)
		}
	default:
		side := min(v.Rect.Dx(), v.Rect.Dy())
		div := 40
		if bk == localCoarse {
			div = 12
		}
		b = &fixedBinarizer{src: src, m: localThreshold(v, max(3, side/div), inverted)}
	}
	bmp, err := gozxing.NewBinaryBitmap(b)
	if err != nil {
		return nil
	}
	return bmp
}

// decodeBitmap finds and decodes every code in bmp.
func decodeBitmap(bmp *gozxing.BinaryBitmap) []found {
	if bmp == nil {
		return nil
	}
	return readEvery(bmp, map[gozxing.DecodeHintType]any{gozxing.DecodeHintType_TRY_HARDER: true})
}

// localThreshold marks a pixel dark when it is darker than the mean of
// the (2r+1)² window around it by more than a small margin, so that the
// sensor noise of a flat area does not turn into specks. Column sums
// slide down the image, so it holds one row of sums, not an integral
// image.
func localThreshold(g *image.Gray, r int, inverted bool) *gozxing.BitMatrix {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	m, _ := gozxing.NewBitMatrix(w, h)
	cols := make([]int32, w)
	rows := make([]int32, w) // column counts of rows in the window
	at := func(x, y int) int32 { return int32(g.Pix[y*g.Stride+x]) }
	for y := 0; y <= min(r, h-1); y++ {
		for x := range w {
			cols[x] += at(x, y)
			rows[x]++
		}
	}
	for y := range h {
		if y > 0 {
			if add := y + r; add < h {
				for x := range w {
					cols[x] += at(x, add)
					rows[x]++
				}
			}
			if drop := y - r - 1; drop >= 0 {
				for x := range w {
					cols[x] -= at(x, drop)
					rows[x]--
				}
			}
		}
		var sum, n int32
		for x := 0; x <= min(r, w-1); x++ {
			sum += cols[x]
			n += rows[x]
		}
		for x := range w {
			if x > 0 {
				if add := x + r; add < w {
					sum += cols[add]
					n += rows[add]
				}
				if drop := x - r - 1; drop >= 0 {
					sum -= cols[drop]
					n -= rows[drop]
				}
			}
			v := at(x, y) * n
			const margin = 4 // grey levels
			dark := v < sum-margin*n
			if inverted {
				dark = v > sum+margin*n
			}
			if dark {
				m.Set(x, y)
			}
		}
	}
	return m
}

// fixedBinarizer hands ZXing a matrix binarized beforehand.
type fixedBinarizer struct {
	src gozxing.LuminanceSource
	m   *gozxing.BitMatrix
}

func (b *fixedBinarizer) GetLuminanceSource() gozxing.LuminanceSource { return b.src }
func (b *fixedBinarizer) GetBlackMatrix() (*gozxing.BitMatrix, error) { return b.m, nil }
func (b *fixedBinarizer) GetWidth() int                               { return b.m.GetWidth() }
func (b *fixedBinarizer) GetHeight() int                              { return b.m.GetHeight() }
func (b *fixedBinarizer) GetBlackRow(y int, row *gozxing.BitArray) (*gozxing.BitArray, error) {
	return b.m.GetRow(y, row), nil
}

// CreateBinarizer is for ZXing's crop and rotate, which the QR readers
// do not use: the same matrix serves.
func (b *fixedBinarizer) CreateBinarizer(src gozxing.LuminanceSource) gozxing.Binarizer {
	return &fixedBinarizer{src: src, m: b.m}
}

// stretched maps the 1st to the 99th percentile of g's grey onto the full
// range: a faded print or a dim photo gets its contrast back before a
// fixed margin is applied.
func stretched(g *image.Gray) *image.Gray {
	var hist [256]int
	for y := range g.Rect.Dy() {
		for _, v := range g.Pix[y*g.Stride : y*g.Stride+g.Rect.Dx()] {
			hist[v]++
		}
	}
	n := g.Rect.Dx() * g.Rect.Dy()
	lo, hi := percentile(&hist, n/100), percentile(&hist, n-n/100-1)
	if hi-lo < 2 {
		return nil // flat: nothing to stretch
	}
	var lut [256]uint8
	for i := range lut {
		lut[i] = clampByte(float64(i-lo) * 255 / float64(hi-lo))
	}
	out := image.NewGray(image.Rect(0, 0, g.Rect.Dx(), g.Rect.Dy()))
	for y := range g.Rect.Dy() {
		row := g.Pix[y*g.Stride:]
		for x := range g.Rect.Dx() {
			out.Pix[y*out.Stride+x] = lut[row[x]]
		}
	}
	return out
}

// percentile is the grey level below which k of the histogram's pixels lie.
func percentile(hist *[256]int, k int) int {
	seen := 0
	for v, c := range hist {
		seen += c
		if seen > k {
			return v
		}
	}
	return 255
}

// halved is g at half size, each pixel the mean of four: a phone photo
// is often far larger than the code needs, and averaging quiets noise.
func halved(g *image.Gray) *image.Gray {
	if min(g.Rect.Dx(), g.Rect.Dy()) < 400 {
		return nil
	}
	return Resample(g, 0.5)
}

// doubled is g at twice its size, bilinear: ZXing's finder search needs
// a few pixels a module, which a code small in a photo does not have.
func doubled(g *image.Gray) *image.Gray {
	k := math.Min(2, math.Sqrt(ReadWorkPixels/float64(g.Rect.Dx()*g.Rect.Dy())))
	if k < 1.4 {
		return nil
	}
	return resized(g, k, k)
}

// anisotropic stretches g by kx across and ky down, or, when that would
// pass ReadWorkPixels, shrinks the other axis instead. A code tilted
// away about a vertical axis is narrowed by the angle's cosine, and
// ZXing's finder search wants a pattern's horizontal and vertical runs
// within 40 % of each other (ISO/IEC 18004 §12 step 1 checks 1:1:3:1:1
// along both): stretching back to square modules lets it find the
// finders, and its perspective grid sampler (§12 step 4 onwards) does
// the rest. This is the rectification of a tilt about either axis.
func anisotropic(g *image.Gray, kx, ky float64) *image.Gray {
	if float64(g.Rect.Dx()*g.Rect.Dy())*kx*ky > ReadWorkPixels {
		kx, ky = kx/(kx*ky), ky/(kx*ky)
	}
	return resized(g, kx, ky)
}

// resized is g scaled by kx across and ky down, bilinear; shrinking by
// more than half would alias, so larger reductions go through Resample.
func resized(g *image.Gray, kx, ky float64) *image.Gray {
	ow, oh := max(1, int(float64(g.Rect.Dx())*kx)), max(1, int(float64(g.Rect.Dy())*ky))
	out := image.NewGray(image.Rect(0, 0, ow, oh))
	for y := range oh {
		sy := (float64(y)+0.5)/ky - 0.5
		for x := range ow {
			out.Pix[y*out.Stride+x] = clampByte(bilinear(g, (float64(x)+0.5)/kx-0.5, sy))
		}
	}
	return out
}

// sharpened is an unsharp mask of g: the image plus its difference from
// a blur of about a module at a few pixels a module, which restores the
// edges a lens out of focus softened.
func sharpened(g *image.Gray) *image.Gray {
	const sigma, amount = 2.0, 1.5
	blur := GaussianBlur(g, sigma)
	for y := range g.Rect.Dy() {
		row := g.Pix[y*g.Stride:]
		for x := range g.Rect.Dx() {
			i := y*blur.Stride + x
			v := float64(row[x])
			blur.Pix[i] = clampByte(v + amount*(v-float64(blur.Pix[i])))
		}
	}
	return blur
}
