package analysis

import (
	"context"
	"fmt"
	"image"
	"math"
	"math/rand/v2"
	"runtime"
	"sort"
	"strconv"
	"sync"
)

// The robustness score puts a rendered code through a fixed, seeded grid
// of the degradations in degrade.go and decodes each result in-process
// (docs/robustness.md). The score is the share of the grid that still
// reads as the exact payload, 0 to 100; each condition reports how far it
// held and, in plain words, where it broke.

// Depth is how much of the grid runs: every level, or the middle one of
// each condition.
type Depth string

const (
	Full  Depth = "full"
	Quick Depth = "quick"
)

// workModulePx is the module size, in pixels, the grid works at: the
// rendered image is resampled to it first, so a score costs the same at
// 256 px as at 4096 and every condition is sized in modules.
const workModulePx = 6

// Camera model for the distance condition: a phone's scanning preview of
// 1080 pixels across a 60° field of view sees 2·tan(30°)·300 mm / 1080 =
// 0.32 mm a pixel at 30 cm, in proportion to distance.
const mmPerPixelAt30cm = 0.32

// DefaultPrintMM is the printed width the distance condition assumes when
// the caller gives none: a code on a business card or a flyer.
const DefaultPrintMM = 25

// Centimetres writes mm in centimetres to the millimetre: a length's
// share of the page is rarely a round number.
func Centimetres(mm float64) string {
	return strconv.FormatFloat(math.Round(mm)/10, 'f', -1, 64)
}

// Scene is what the grid needs to know of a rendered code.
type Scene struct {
	// ModulePx is the rendered image's pixels a module.
	ModulePx float64
	// Modules is the symbol's side in modules, quiet zone excluded.
	Modules int
	// PrintMM is the code's printed width in millimetres, quiet zone
	// excluded; 0 is DefaultPrintMM.
	PrintMM float64
	// Symbols says the code is a Micro QR Code or an rMQR, which the
	// grid reads with qrforge's own reader (symbols.go) as ZXing's
	// reads neither.
	Symbols bool
}

// condition is one degradation at increasing severity.
type condition struct {
	name   string
	levels []float64
	apply  func(g *image.Gray, v float64, rng *rand.Rand, sc scene) *image.Gray
	// limit says in plain words where the code stops reading: at the
	// first level that failed.
	limit func(v float64, sc scene) string
}

// scene is a Scene at the working resolution, with the code's box.
type scene struct {
	Scene
	code image.Rectangle
}

func (sc scene) printMM() float64 {
	if sc.PrintMM > 0 {
		return sc.PrintMM
	}
	return DefaultPrintMM
}

// grid is the conditions, mildest level first. Levels follow published
// thresholds where there are some (docs/robustness.md): sensor noise
// around 40 % and 80 %, blur radii around 2 and 6 pixels at 6 pixels a
// module, viewing angles around 40° and 60°.
var grid = []condition{
	{
		name: "distance", levels: []float64{20, 30, 45, 60}, // cm
		apply: func(g *image.Gray, cm float64, _ *rand.Rand, sc scene) *image.Gray {
			px := sc.printMM() / float64(sc.Modules) / (mmPerPixelAt30cm * cm / 30)
			return Resample(g, math.Min(1, px/workModulePx))
		},
		limit: func(cm float64, sc scene) string {
			return fmt.Sprintf("fails when scanned from %g cm or farther, printed %s cm wide", cm, Centimetres(sc.printMM()))
		},
	},
	{
		name: "focus", levels: []float64{0.3, 0.45, 0.6, 0.75}, // sigma, modules
		apply: func(g *image.Gray, s float64, _ *rand.Rand, _ scene) *image.Gray {
			return GaussianBlur(g, s*workModulePx)
		},
		limit: func(s float64, _ scene) string {
			return fmt.Sprintf("fails when out of focus by %g of a module", s)
		},
	},
	{
		name: "motion", levels: []float64{1, 1.5, 2, 3}, // modules
		apply: func(g *image.Gray, m float64, rng *rand.Rand, _ scene) *image.Gray {
			return MotionBlur(g, m*workModulePx, rng.Float64()*180)
		},
		limit: func(m float64, _ scene) string {
			return fmt.Sprintf("fails when the phone moves %g modules during the shot", m)
		},
	},
	{
		name: "tilt", levels: []float64{30, 40, 50, 60}, // degrees
		apply: func(g *image.Gray, deg float64, _ *rand.Rand, _ scene) *image.Gray {
			return Tilt(g, deg)
		},
		limit: func(deg float64, _ scene) string { return fmt.Sprintf("fails past %g° of tilt", deg) },
	},
	{
		name: "rotation", levels: []float64{10, 30, 45}, // degrees
		apply: func(g *image.Gray, deg float64, _ *rand.Rand, _ scene) *image.Gray {
			return Rotate(g, deg)
		},
		limit: func(deg float64, _ scene) string { return fmt.Sprintf("fails when turned %g°", deg) },
	},
	{
		name: "compression", levels: []float64{40, 20, 10, 5}, // JPEG quality
		apply: func(g *image.Gray, q float64, _ *rand.Rand, _ scene) *image.Gray {
			return JPEG(g, int(q))
		},
		limit: func(q float64, _ scene) string {
			return fmt.Sprintf("fails when sent as a JPEG of quality %g", q)
		},
	},
	{
		name: "noise", levels: []float64{0.1, 0.2, 0.4, 0.8}, // sigma, share of the range
		apply: func(g *image.Gray, s float64, rng *rand.Rand, _ scene) *image.Gray {
			return Noise(g, s, rng)
		},
		limit: func(s float64, _ scene) string {
			return fmt.Sprintf("fails under sensor noise of %g %% (a dim room)", s*100)
		},
	},
	{
		name: "shadow", levels: []float64{0.6, 0.4, 0.25, 0.15}, // light left on the dark side
		apply: func(g *image.Gray, f float64, rng *rand.Rand, _ scene) *image.Gray {
			return Lighting(g, f, rng.Float64()*360)
		},
		limit: func(f float64, _ scene) string {
			return fmt.Sprintf("fails when a shadow leaves one side %g %% of the light", f*100)
		},
	},
	{
		name: "glare", levels: []float64{0.5, 0.7, 0.85, 0.95}, // strength at the spot's centre
		apply: func(g *image.Gray, s float64, rng *rand.Rand, sc scene) *image.Gray {
			c := sc.code
			x := float64(c.Min.X) + rng.Float64()*float64(c.Dx())
			y := float64(c.Min.Y) + rng.Float64()*float64(c.Dy())
			return Glare(g, x, y, 0.2*float64(c.Dx()), s)
		},
		limit: func(s float64, _ scene) string {
			return fmt.Sprintf("fails under a glare spot of %g %% on glossy print", s*100)
		},
	},
	{
		name: "occlusion", levels: []float64{0.04, 0.08, 0.12, 0.16}, // share of the code covered
		apply: func(g *image.Gray, share float64, rng *rand.Rand, sc scene) *image.Gray {
			c := sc.code
			side := int(math.Round(math.Sqrt(share) * float64(c.Dx())))
			x := c.Min.X + rng.IntN(max(1, c.Dx()-side))
			y := c.Min.Y + rng.IntN(max(1, c.Dy()-side))
			return Occlude(g, image.Rect(x, y, x+side, y+side), 96)
		},
		limit: func(share float64, _ scene) string {
			return fmt.Sprintf("fails when a thumb or sticker covers %g %% of it", share*100)
		},
	},
	{
		name: "fade", levels: []float64{0.5, 0.35, 0.25, 0.15}, // contrast left
		apply: func(g *image.Gray, c float64, _ *rand.Rand, _ scene) *image.Gray {
			return Fade(g, c)
		},
		limit: func(c float64, _ scene) string {
			return fmt.Sprintf("fails when the print fades to %g %% contrast", c*100)
		},
	},
}

// seed makes the grid's randomness the same on every run and machine.
const seed = 0x7172666f726765 // "qrforge"

// ConditionResult is how one condition went.
type ConditionResult struct {
	Name string `json:"name"`
	// Levels are each level tried, mildest first, and whether it read.
	Levels []LevelResult `json:"levels"`
	Passed int           `json:"passed"`
	// Limit is where the code stopped reading, in plain words; empty when
	// every level read.
	Limit string `json:"limit,omitempty"`
}

// LevelResult is one image of the grid.
type LevelResult struct {
	Value float64 `json:"value"`
	Read  bool    `json:"read"`
}

// Report is a robustness score.
type Report struct {
	Score      int               `json:"score"`
	Depth      Depth             `json:"depth"`
	Conditions []ConditionResult `json:"conditions"`
	// Weakest are the limits of the conditions that held least, weakest
	// first, at most three.
	Weakest []string `json:"weakest,omitempty"`
}

// ConditionNames are the grid's conditions, in the order a report lists them.
func ConditionNames() []string {
	out := make([]string, len(grid))
	for i, c := range grid {
		out[i] = c.name
	}
	return out
}

// GridSize is the number of images a score of depth decodes.
func GridSize(d Depth) int {
	if d == Quick {
		return len(grid)
	}
	n := 0
	for _, c := range grid {
		n += len(c.levels)
	}
	return n
}

// GridPixels is how many pixels a score of depth d decodes for an image
// of bounds b drawn as s says: GridSize(d) images, each b scaled as
// prepare scales it to workModulePx a module. An image that does not
// read is tried twice more, widened, which this leaves out: it is the
// score's least work, known before any of it is done.
func GridPixels(b image.Rectangle, s Scene, d Depth) int64 {
	k := 1.0
	switch {
	case s.ModulePx <= 0 || s.ModulePx == workModulePx:
	case s.ModulePx < workModulePx:
		k = workModulePx / math.Floor(max(1, s.ModulePx))
	default:
		k = workModulePx / s.ModulePx
	}
	w, h := math.Round(float64(b.Dx())*k), math.Round(float64(b.Dy())*k)
	return int64(GridSize(d)) * int64(max(1, w)) * int64(max(1, h))
}

// GridBytes is the most memory a score of depth d of an image of bounds b
// drawn as s says holds at once: the image at workModulePx a module, and
// for each decoding worker its degraded copy, the decoder's planes and a
// widened retry. Measured live on a version-40 code (1,110 pixels a side
// at 6 a module): about 9, 15 and 19 MB with one, two and four workers.
func GridBytes(b image.Rectangle, s Scene, d Depth) int64 {
	px := GridPixels(b, s, d) / int64(GridSize(d))
	return px * (gridBytesPerPixel + int64(gridWorkers(d))*workerBytesPerPixel)
}

// What a score holds a pixel of its working image: the image itself, and
// for each worker (GridBytes).
const (
	gridBytesPerPixel   = 4
	workerBytesPerPixel = 5
)

// gridWorkers is how many images a score of depth d decodes at once.
func gridWorkers(d Depth) int { return min(runtime.GOMAXPROCS(0), GridSize(d)) }

// Robustness scores img, which must read as want, under the grid. It
// stops once ctx is done, between the grid's decodes, with every worker
// returned, and gives ctx's error and no report: a score is whole or not
// at all, as the same parameters give the same answer (README).
func Robustness(ctx context.Context, img image.Image, want string, s Scene, d Depth) (Report, error) {
	if err := ctx.Err(); err != nil {
		return Report{}, err
	}
	g, sc, ok := prepare(img, want, s)
	if err := ctx.Err(); err != nil {
		return Report{}, err
	}
	if !ok {
		// Unread before any degradation: nothing to measure.
		return Report{Score: 0, Depth: d, Weakest: []string{"does not read even as rendered"}}, nil
	}
	type job struct{ c, l, level int }
	var jobs []job
	results := make([]ConditionResult, len(grid))
	for i, c := range grid {
		results[i].Name = c.name
		for _, l := range levelsOf(c, d) {
			results[i].Levels = append(results[i].Levels, LevelResult{Value: c.levels[l]})
			jobs = append(jobs, job{i, len(results[i].Levels) - 1, l})
		}
	}
	var wg sync.WaitGroup
	next := make(chan job)
	for range gridWorkers(d) {
		wg.Go(func() {
			for j := range next {
				if ctx.Err() != nil {
					continue
				}
				results[j.c].Levels[j.l].Read = reads(ctx, degraded(g, sc, j.c, j.level), want, sc.Symbols)
			}
		})
	}
feed:
	for _, j := range jobs {
		select {
		case next <- j:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	// A read cut short is a false failure: the report is dropped whole.
	if err := ctx.Err(); err != nil {
		return Report{}, err
	}

	passed := 0
	for i := range results {
		r := &results[i]
		for _, lv := range r.Levels {
			if lv.Read {
				r.Passed++
				continue
			}
			if r.Limit == "" {
				r.Limit = grid[i].limit(lv.Value, sc)
			}
		}
		passed += r.Passed
	}
	rep := Report{Score: int(math.Round(100 * float64(passed) / float64(len(jobs)))), Depth: d, Conditions: results}
	weak := make([]ConditionResult, 0, len(results))
	for _, r := range results {
		if r.Limit != "" {
			weak = append(weak, r)
		}
	}
	sort.SliceStable(weak, func(a, b int) bool {
		return float64(weak[a].Passed)/float64(len(weak[a].Levels)) < float64(weak[b].Passed)/float64(len(weak[b].Levels))
	})
	for _, r := range weak[:min(3, len(weak))] {
		rep.Weakest = append(rep.Weakest, r.Limit)
	}
	return rep, nil
}

// GridImage is one image of the grid, as the score decodes it.
type GridImage struct {
	Condition string
	Value     float64
	Image     *image.Gray
}

// Grid is every image a score of depth d decodes, in the report's order,
// for decoders other than the score's own to read (the calibration in
// e2e); false when img does not read as want.
func Grid(img image.Image, want string, s Scene, d Depth) ([]GridImage, bool) {
	g, sc, ok := prepare(img, want, s)
	if !ok {
		return nil, false
	}
	var out []GridImage
	for i, c := range grid {
		for _, l := range levelsOf(c, d) {
			out = append(out, GridImage{Condition: c.name, Value: c.levels[l], Image: degraded(g, sc, i, l)})
		}
	}
	return out, true
}

// prepare turns img grey at the working module size and finds the code.
func prepare(img image.Image, want string, s Scene) (*image.Gray, scene, bool) {
	g := grayOf(img)
	switch {
	case s.ModulePx <= 0 || s.ModulePx == workModulePx:
	case s.ModulePx < workModulePx:
		// Enlarged, a module of whole pixels stays whole: its pixels
		// are the floor of ModulePx, the rest of the size quiet zone.
		g = Enlarge(g, workModulePx/math.Floor(s.ModulePx))
	default:
		g = Resample(g, workModulePx/s.ModulePx)
	}
	box, ok := codeBox(g, want, s.Symbols)
	return g, scene{Scene: s, code: box}, ok
}

// levelsOf are the indices of c's levels a score of depth d tries.
func levelsOf(c condition, d Depth) []int {
	if d == Quick {
		return []int{len(c.levels) / 2}
	}
	out := make([]int, len(c.levels))
	for i := range out {
		out[i] = i
	}
	return out
}

// degraded is g under condition c at its level l. Each image has its own
// random stream, keyed by condition and level: an image is the same in a
// quick score as in a full one, whatever order workers take them in.
func degraded(g *image.Gray, sc scene, c, l int) *image.Gray {
	rng := rand.New(rand.NewPCG(seed, uint64(c)<<8|uint64(l)))
	return grid[c].apply(g, grid[c].levels[l], rng, sc)
}

// codeBox is where the symbol reading as want lies in g: the box around
// the corners the decoder found, which a frame or caption need not centre.
func codeBox(g *image.Gray, want string, symbols bool) (image.Rectangle, bool) {
	for _, f := range readFound(g, symbols) {
		if f.text != want {
			continue
		}
		x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
		for _, c := range f.corners {
			x0, y0 = math.Min(x0, c[0]), math.Min(y0, c[1])
			x1, y1 = math.Max(x1, c[0]), math.Max(y1, c[1])
		}
		return image.Rect(int(x0), int(y0), int(math.Ceil(x1)), int(math.Ceil(y1))).Intersect(g.Rect), true
	}
	return image.Rectangle{}, false
}

// widenings are the looks a grid image also gets when it does not read
// as it is: stretched across by each factor. A code seen at an angle is
// narrowed across by the angle's cosine (the tilt condition). zxing-cpp
// and zbar still find its finder patterns at 50° and 60°; ZXing's Go
// port, whose finder cross-check wants a pattern about as wide as it is
// high, loses them past about 45°, so without these looks the score
// parted from the decoders it is calibrated against on every tilted
// image (docs/robustness.md, "Calibration"). 1.6 and 2.2 square the
// modules again near 50° and 60°, as the decode pipeline's widened
// passes do.
var widenings = []float64{1.6, 2.2}

// reads reports whether a code in g decodes to want exactly, as it is or
// widened; false, unfinished, once ctx is done.
func reads(ctx context.Context, g *image.Gray, want string, symbols bool) bool {
	if readsAs(g, want, symbols) {
		return true
	}
	for _, k := range widenings {
		if ctx.Err() != nil {
			return false
		}
		if readsAs(anisotropic(g, k, 1), want, symbols) {
			return true
		}
	}
	return false
}

// testHookGridDecode, when set by a test, is called after each decode of
// a grid image.
var testHookGridDecode func()

func readsAs(g *image.Gray, want string, symbols bool) bool {
	if testHookGridDecode != nil {
		defer testHookGridDecode()
	}
	for _, f := range readFound(g, symbols) {
		if f.text == want {
			return true
		}
	}
	return false
}

// readFound reads g with ZXing's QR Code reader, or for Micro QR Codes
// and rMQRs with every threshold of symbols.go.
func readFound(g *image.Gray, symbols bool) []found {
	if !symbols {
		return readCodes(luminance(g))
	}
	codes, _ := readSymbols(g, allSymbolTries, always)
	return codes
}
