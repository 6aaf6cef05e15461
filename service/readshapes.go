package service

import (
	"slices"
	"strings"

	"github.com/qrforge/qrforge/analysis"
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
	get := p.get
	if v, ok := p.get(optEye); ok {
		e, ok := render.ParseEye(v)
		switch parts := eyePartsNamed(v); {
		case ok:
			eyeGiven = true
		case parts != nil:
			// A frame or ball name is not a preset: the fix names the
			// parts, which the checks below judge, and leaves eye out.
			var implied []string
			for _, o := range []option{optFrame, optBall} {
				if _, given, _ := p.q.lookup(o); given {
					delete(parts, o.Name)
				} else {
					implied = append(implied, o.Name+"="+parts[o.Name])
				}
			}
			says := "the fix leaves eye out, as eyeframe and eyeball are given"
			if len(implied) > 0 {
				says = "the fix gives " + strings.Join(implied, " and ") + " instead"
			}
			p.fail(optEye.Name, "", "eye %q is not one of %s; %s names an eye frame or ball, not a preset: %s", v, text.Join(render.EyeStyles), v, says)
			e = render.EyeSquare
			get = func(o option) (string, bool) {
				if given, ok := p.get(o); ok {
					return given, ok
				}
				implied, ok := parts[o.Name]
				if ok {
					r.Given[o.Name] = true
				}
				return implied, ok
			}
		default:
			near, says := meantValue(optEye, v, render.EyeNames(), string(render.EyeSquare))
			p.fail(optEye.Name, near, "eye %q is not one of %s; %s", v, text.Join(render.EyeStyles), says)
			// The eye parts below are judged with the fix.
			e, _ = render.ParseEye(near)
			eyeGiven = true
		}
		r.Options.Eye = e
	}
	r.Canonical.Set(optEye.Name, string(r.Options.Eye))
	parseEyeParts(r, get, p.fail, eyeGiven)
}

// eyePartsNamed is the eyeframe and eyeball meant by an eye value that
// names a frame or a ball but no eye style (eye=petal), nil for any other:
// the part named, and its partner that every decoder reads it with.
func eyePartsNamed(v string) map[string]string {
	f, isFrame := render.ParseEyeFrame(v)
	b, isBall := render.ParseEyeBall(v)
	switch {
	case isFrame && isBall && !analysis.EyesClash(render.Options{EyeFrame: f, EyeBall: b}):
	case isFrame:
		b = analysis.MatchingBall(f)
	case isBall:
		f = analysis.MatchingFrame(b)
	default:
		return nil
	}
	return map[string]string{optFrame.Name: string(f), optBall.Name: string(b)}
}

// parseEyeParts reads eyeframe and eyeball, which replace the eye style's
// parts. A part not named comes from eye when eye is given, and is
// otherwise the named part's partner that every decoder reads with it
// (eyeframe=rounded alone draws the rounded ball). A frame and a ball that
// a decoder was measured to miss together are refused, not drawn: every
// code qrforge makes reads on the decoders of docs/decoders.md. The
// canonical form names a part only where it differs from the eye style's,
// so that eye=leaf and eye=leaf&eyeframe=leaf share a cache entry.
// refuseEyeShapes refuses an eye shape given for a Micro QR or rMQR code,
// whose finder is drawn square whatever eye asks: zxing-cpp reads neither
// with other eyes (docs/decoders.md), so the shape would change nothing.
func refuseEyeShapes(r *Rendering, fail func(field, fixed, format string, args ...any)) {
	symbol := "a Micro QR Code"
	if r.Symbol == render.SymbolRMQR {
		symbol = "an rMQR code"
	}
	for _, part := range []struct {
		o      option
		square bool
	}{
		{optEye, r.Options.Eye == render.EyeSquare},
		{optFrame, r.Options.EyeFrame == "" || r.Options.EyeFrame == render.EyeFrameSquare},
		{optBall, r.Options.EyeBall == "" || r.Options.EyeBall == render.EyeBallSquare},
	} {
		if r.Given[part.o.Name] && !part.square {
			fail(part.o.Name, "", "%s draws its finder square whatever %s asks, as zxing-cpp reads none with other eyes; drop %s, or use symbol=qr", symbol, part.o.Name, part.o.Name)
		}
	}
}

// refuseOtherEyesColours refuses colours for the top-right and
// bottom-left eyes of a Micro QR or rMQR code, which has only the
// top-left finder (ISO/IEC 18004 §6.3.3, ISO/IEC 23941 §6.3.3): they
// would colour nothing. The fix keeps the one eye's colour.
func refuseOtherEyesColours(r *Rendering, fail func(field, fixed, format string, args ...any)) {
	for _, o := range []option{optEyeColor, optEyeFrameColor, optEyeBallColor} {
		v := r.Canonical.Get(o.Name)
		first, _, three := strings.Cut(v, ",")
		if three {
			fail(o.Name, first, "%s gives colours for three eyes, and symbol=%s has one finder pattern, at the top left: the other two colours would colour nothing; the fix keeps the first", o.Name, r.Symbol)
		}
	}
}

func parseEyeParts(r *Rendering, get func(option) (string, bool), fail func(field, fixed, format string, args ...any), eyeGiven bool) {
	frameValue, frameGiven := get(optFrame)
	ballValue, ballGiven := get(optBall)
	if frameGiven {
		f, known := render.ParseEyeFrame(frameValue)
		if !known {
			near, says := meantValue(optFrame, frameValue, render.EyeFrameNames(), string(render.EyeFrameSquare))
			fail(optFrame.Name, near, "eyeframe %q is not one of %s; %s", frameValue, text.Join(render.EyeFrames), says)
			// The checks below judge the fix, so that it reads too.
			f, _ = render.ParseEyeFrame(near)
		}
		r.Options.EyeFrame = f
	}
	if ballGiven {
		b, known := render.ParseEyeBall(ballValue)
		if !known {
			near, says := meantValue(optBall, ballValue, render.EyeBallNames(), string(render.EyeBallSquare))
			fail(optBall.Name, near, "eyeball %q is not one of %s; %s", ballValue, text.Join(render.EyeBalls), says)
			b, _ = render.ParseEyeBall(near)
		}
		r.Options.EyeBall = b
	}
	switch {
	case frameGiven && !ballGiven && !eyeGiven && analysis.EyesClash(r.Options):
		r.Options.EyeBall = analysis.MatchingBall(r.Options.EyeFrame)
	case ballGiven && !frameGiven && !eyeGiven && analysis.EyesClash(r.Options):
		r.Options.EyeFrame = analysis.MatchingFrame(r.Options.EyeBall)
	}
	f, b := r.Options.EyeParts()
	if f != render.EyeFrame(r.Options.Eye) {
		r.Canonical.Set(optFrame.Name, string(f))
	}
	if b != render.EyeBall(r.Options.Eye) {
		r.Canonical.Set(optBall.Name, string(b))
	}
	if missed := analysis.EyeClashDecoders(r.Options); missed != nil {
		// The fix keeps the frame and gives it its own ball.
		ball := analysis.MatchingBall(f)
		fail(optBall.Name, string(ball), "eyeframe=%s with eyeball=%s is missed by %s (docs/decoders.md); eyeball=%s reads on every decoder",
			f, b, strings.Join(missed, ", "), ball)
	}
}
