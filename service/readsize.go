package service

import (
	"strconv"
	"strings"

	"github.com/qrforge/qrforge/render"
)

// readSize reads dpi and size, a number of pixels or a length.
func (p *reading) readSize() {
	r := p.r
	// A bad dpi is read as its fix, so that a length is checked at the
	// resolution the fix asks for.
	dpiValue, dpiGiven := p.get(optDPI)
	dpi := 0
	if dpiGiven {
		n, err := atoiSaturating(strings.TrimSpace(dpiValue))
		switch {
		case err != nil:
			p.fail(optDPI.Name, optDPI.Example, "dpi %q is not a whole number of dots per inch (%d to %d)", dpiValue, render.MinDPI, render.MaxDPI)
			dpi = render.DefaultDPI
		case n < render.MinDPI || n > render.MaxDPI:
			dpi = min(max(n, render.MinDPI), render.MaxDPI)
			p.fail(optDPI.Name, strconv.Itoa(dpi), "dpi %d is outside %d to %d dots per inch", n, render.MinDPI, render.MaxDPI)
		default:
			dpi = n
		}
	}
	if v, ok := p.get(optSize); ok {
		size, fixed, err := parseSize(v)
		switch {
		case err != nil:
			p.fail(optSize.Name, fixed, "%s", err)
		case size.unit != "":
			r.sizeUnit = size.unit
			p.errs = append(p.errs, r.setLength(size, dpi)...)
		case size.px < render.MinSize:
			p.fail(optSize.Name, strconv.Itoa(render.MinSize), "size %s is below the minimum of %d pixels", strings.TrimSpace(v), render.MinSize)
		case size.px > render.MaxSize:
			p.fail(optSize.Name, strconv.Itoa(render.MaxSize), "size %s is above the maximum of %d pixels", strings.TrimSpace(v), render.MaxSize)
		default:
			r.Options.Size = size.px
		}
	}
	if r.sizeUnit == "" {
		r.Canonical.Set(optSize.Name, strconv.Itoa(r.Options.Size))
	}
	if dpi > 0 {
		r.Options.Print.DPI = dpi
	}
	if r.Options.Print.DPI > 0 {
		r.Canonical.Set(optDPI.Name, strconv.Itoa(r.Options.Print.DPI))
	}
}
