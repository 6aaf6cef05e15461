package service

import (
	"slices"
	"strings"

	"github.com/qrforge/qrforge/internal/text"
	"github.com/qrforge/qrforge/render"
)

// readShapes reads the module style and the eyes.
func (p *reading) readShapes() {
	r := p.r
	if v, ok := p.get(optStyle); ok {
		s := render.ModuleStyle(strings.ToLower(v))
		if !slices.Contains(render.ModuleStyles, s) {
			near, says := meantValue(optStyle, v, render.ModuleStyles, render.ModuleSquare)
			p.fail(optStyle.Name, string(near), "style %q is not one of %s; %s", v, text.Join(render.ModuleStyles), says)
		}
		r.Options.Module = s
	}
	r.Canonical.Set(optStyle.Name, string(r.Options.Module))

	eyeGiven := false
	if v, ok := p.get(optEye); ok {
		e, ok := render.ParseEye(v)
		if !ok {
			near, says := meantValue(optEye, v, render.EyeNames(), string(render.EyeSquare))
			p.fail(optEye.Name, near, "eye %q is not one of %s; %s", v, text.Join(render.EyeStyles), says)
			// The eye parts below are judged with the fix.
			e, _ = render.ParseEye(near)
		}
		r.Options.Eye = e
		eyeGiven = true
	}
	r.Canonical.Set(optEye.Name, string(r.Options.Eye))
	parseEyeParts(r, p.get, p.fail, eyeGiven)
}
