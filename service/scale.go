package service

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/qrforge/qrforge/render"
)

// Scale sizes the image in pixels a module (segno's and node-qrcode's
// scale, python-qrcode's box_size) instead of pixels a side. How many
// modules the canvas has is known only once the symbol is encoded, so
// the size is set then (encode, encodeSet), and every later step (the
// memory budget, verify, a batch's limits) sees a size as if it had been
// given. Fixes of the size are written as scale (sizeName, sizeValue).

// readScale reads scale, after size: both given is an error whose fix
// keeps size, as node-qrcode's width overrides its scale.
func (p *reading) readScale(sizeGiven bool) {
	r := p.r
	v, ok := p.get(optScale)
	if !ok {
		return
	}
	v = strings.TrimSpace(v)
	number, _ := ownUnit(v, pixelUnits, nil)
	n, err := atoiSaturating(number)
	switch {
	case sizeGiven:
		p.fail(optScale.Name, "", "size and scale both set the image's size (scale in pixels a module); give one: the fix keeps size")
	case err != nil:
		fixed, unread := optScale.Example, noNumber(optScale.Example)
		if n, ok := wholeNumber(number, optScale.Min, optScale.Max); ok {
			fixed, unread = strconv.Itoa(n), ""
		}
		p.fail(optScale.Name, fixed, "scale %q is not a whole number of pixels a module (%d to %d)%s", v, optScale.Min, optScale.Max, unread)
	case n < optScale.Min:
		p.fail(optScale.Name, strconv.Itoa(optScale.Min), "scale %d is below %d pixels a module, the fewest every design reads with on the decoders of docs/decoders.md", n, optScale.Min)
	case n > optScale.Max:
		p.fail(optScale.Name, strconv.Itoa(optScale.Max), "scale %d is above the maximum of %d pixels a module", n, optScale.Max)
	default:
		r.scale = n
		r.Canonical.Del(optSize.Name)
		r.Canonical.Set(optScale.Name, strconv.Itoa(n))
	}
}

// scaleTo sizes the canvas of sym to r.scale pixels a module, at least
// render.MinSize (a smaller image's quiet zone widens, as with size).
// A scale the design cannot read with, or one past render.MaxSize, is
// an error whose fix is the nearest scale that works.
func (s *Service) scaleTo(sym *render.Symbol, r *Rendering, target fixTarget) *Problem {
	if r.scale == 0 {
		return nil
	}
	modules := render.CanvasModules(sym, r.Options)
	r.scaleModules = modules
	if need := render.ModulePixels(r.Options); r.scale < need {
		return s.invalid(r, []paramError{{field: optScale.Name, fixed: strconv.Itoa(need),
			detail: fmt.Sprintf("scale %d is below the %d pixels a module a code with a logo needs to read on the decoders of docs/decoders.md", r.scale, need)}}, target)
	}
	if px := r.scale * modules; px > render.MaxSize {
		fits := render.MaxSize / modules
		return s.invalid(r, []paramError{{field: optScale.Name, fixed: strconv.Itoa(fits),
			detail: fmt.Sprintf("scale %d draws this code's %d modules (quiet zone and frame included) %d pixels wide, above the maximum of %d; scale %d fits", r.scale, modules, px, render.MaxSize, fits)}}, target)
	}
	r.Options.Size = max(r.scale*modules, render.MinSize)
	return nil
}

// sizeName is the option a fix of the image's size sets: scale when the
// caller gave one, else size.
func (r *Rendering) sizeName() string {
	if r.scale > 0 {
		return optScale.Name
	}
	return optSize.Name
}

// sizeShown is the size as the caller gave it, for a problem's detail:
// "size 512", "size 30mm" or "scale 8".
func (r *Rendering) sizeShown() string {
	if r.scale > 0 {
		return fmt.Sprintf("%s %d", optScale.Name, r.scale)
	}
	return fmt.Sprintf("%s %s", optSize.Name, r.Canonical.Get(optSize.Name))
}
