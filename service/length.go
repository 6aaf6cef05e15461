package service

import (
	"fmt"
	"math"
	"strconv"

	"github.com/qrforge/qrforge/render"
)

// sizeValue is a parsed size: pixels, or a length of print in a unit.
type sizeValue struct {
	px     int
	length float64 // in unit
	unit   string  // "mm", "cm" or "in"; "" for pixels
}

// lengthUnit is a unit of length the size option takes.
type lengthUnit struct {
	name     string
	inches   float64 // one unit, in inches
	decimals int     // of a fix's value: about a printer dot at most dpi
	example  string  // a usual print size, for a fix
}

var lengthUnits = []lengthUnit{
	{"mm", 1 / render.MMPerInch, 1, "30mm"},
	{"cm", 10 / render.MMPerInch, 2, "3cm"},
	{"in", 1, 2, "1.2in"},
}

func unitNamed(name string) lengthUnit {
	for _, u := range lengthUnits {
		if u.name == name {
			return u
		}
	}
	panic("service: no length unit " + name)
}

// setLength sets a size given as a length at dpi (render.DefaultDPI when
// 0): the pixels it spans, the printed side in points and the resolution.
// Pixels outside the size option's range are an error whose fix is the
// nearest length that fits, in the caller's unit.
func (r *Rendering) setLength(size sizeValue, dpi int) []paramError {
	if dpi == 0 {
		dpi = render.DefaultDPI
	}
	u := unitNamed(size.unit)
	inches := size.length * u.inches
	px := math.Round(inches * float64(dpi))
	shown := strconv.FormatFloat(size.length, 'f', -1, 64) + u.name
	if px < render.MinSize || px > render.MaxSize {
		bound, word, alt := render.MinSize, "below the minimum", math.Ceil(render.MinSize/inches)
		if px > render.MaxSize {
			bound, word, alt = render.MaxSize, "above the maximum", math.Floor(render.MaxSize/inches)
		}
		detail := fmt.Sprintf("size %s at %d dpi is %.0f pixels, %s of %d", shown, dpi, px, word, bound)
		switch {
		case px < render.MinSize:
			// The code's modules may need more than the minimum: the fix
			// is the smallest length that draws them (fixDraws). What dpi
			// would keep the length is known only once the code is, so
			// none is offered here.
			detail += fmt.Sprintf("; the fix is the smallest length that draws this code at %d dpi", dpi)
		default:
			detail += fmt.Sprintf("; at %d dpi a length up to %s fits", dpi, lengthFor(render.MaxSize, dpi, u, false))
			if alt >= render.MinDPI {
				detail += fmt.Sprintf(", or keep %s with dpi=%.0f", shown, alt)
			}
		}
		return []paramError{{field: optSize.Name, fixed: lengthFor(bound, dpi, u, px < render.MinSize), detail: detail}}
	}
	r.Options.Size = int(px)
	r.Options.Print.DPI = dpi
	r.Options.Print.Points = inches * render.PointsPerInch
	r.Canonical.Set(optSize.Name, shown)
	return nil
}

// lengthFor is px pixels at dpi as a length in unit u with the unit's
// decimals: the nearest that spans at least px pixels when up, at most px
// otherwise.
func lengthFor(px, dpi int, u lengthUnit, up bool) string {
	scale := math.Pow10(u.decimals)
	v := math.Round(float64(px) / float64(dpi) / u.inches * scale)
	step := 1.0
	if !up {
		step = -1
	}
	// Lengths round to whole pixels: step until the bound holds.
	for {
		got := math.Round(v / scale * u.inches * float64(dpi))
		if up && got >= float64(px) || !up && got <= float64(px) {
			break
		}
		v += step
	}
	return strconv.FormatFloat(v/scale, 'f', -1, 64) + u.name
}

// sizeValue is px pixels as the size option's value in the caller's
// unit, for a fix: a length at the request's dpi rounded up (at least px)
// or down, the pixels a module of a scale (the option sizeName names),
// or the pixels themselves.
func (r *Rendering) sizeValue(px int, up bool) string {
	if r.scale > 0 && r.scaleModules > 0 {
		n := px / r.scaleModules
		if up && n*r.scaleModules < px {
			n++
		}
		return strconv.Itoa(max(n, optScale.Min))
	}
	if r.sizeUnit == "" {
		return strconv.Itoa(px)
	}
	return lengthFor(px, r.Options.Print.DPI, unitNamed(r.sizeUnit), up)
}

// Print guides ask a printed module for at least 0.4 mm, which phone
// cameras resolve at close range, and at least 4 printer dots, which
// DENSO WAVE recommends for stable reading (docs/print.md, "How small can
// it be printed?").
const (
	minPrintModuleMM   = 0.4
	minPrintModuleDots = 4
)

// printCheckOf says why a code given a dpi may not scan once printed, or
// is "": its modules are smaller than print guides ask, whether its size
// is a length or pixels printed at that dpi (size=99&dpi=600 prints what
// size=4.2mm&dpi=600 does), with the length, in the caller's unit, that
// prints them as print guides ask. The drawing is right; the print is
// what may fail. It is r drawn with o, which verify's combined fix may
// have given a wider margin; module_size reports it (smallModules).
func printCheckOf(sym *render.Symbol, o render.Options, r *Rendering) (warning, length string) {
	dpi := o.Print.DPI
	if dpi == 0 {
		return "", ""
	}
	modules := render.CanvasModules(sym, o)
	dots := o.Size / modules // whole dots a module (render/vector.go)
	mm := float64(dots) / float64(dpi) * render.MMPerInch
	if dots >= minPrintModuleDots && mm >= minPrintModuleMM {
		return "", ""
	}
	need := max(minPrintModuleDots, int(math.Ceil(minPrintModuleMM/render.MMPerInch*float64(dpi))))
	length = r.sizeValue(min(modules*need, render.MaxSize), true)
	return fmt.Sprintf("modules print %.2f mm wide (%d dots at %d dpi), smaller than print guides ask (at least %.1f mm and %d printer dots, docs/print.md): %s=%s prints them at %d dots",
		mm, dots, dpi, minPrintModuleMM, minPrintModuleDots, optSize.Name, length, need), length
}
