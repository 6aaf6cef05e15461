package service

import (
	"fmt"
	"image/color"
	"math"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/qrforge/qrforge/analysis"
	"github.com/qrforge/qrforge/internal/text"
	"github.com/qrforge/qrforge/options"
	"github.com/qrforge/qrforge/render"
)

var (
	optGradient       = options.Gradient
	optGradientColors = options.GradientColors
	optGradientAngle  = options.GradientAngle
	optEyeColor       = options.EyeColor
	optEyeFrameColor  = options.EyeFrameColor
	optEyeBallColor   = options.EyeBallColor
)

// directionAngles are the angles that words for a linear gradient's
// direction mean, as gradientangle takes them (CSS linear-gradient: 90
// runs left to right, 180 top to bottom, 135 corner to corner).
var directionAngles = map[string]int{"horizontal": 90, "vertical": 180, "diagonal": 135}

// parsePaints reads the gradient and the eye colours into r.Options; bg
// must be parsed already, since every paint is judged against it.
func parsePaints(r *Rendering, get func(option) (string, bool), fail func(field, fixed, format string, args ...any)) {
	kindValue, kindGiven := get(optGradient)
	colorsValue, colorsGiven := get(optGradientColors)
	angleValue, angleGiven := get(optGradientAngle)

	kind := render.GradientNone
	if kindGiven {
		kind = render.GradientKind(strings.ToLower(strings.TrimSpace(kindValue)))
		if _, _, err := parseStops(kindValue, render.HexColor(r.Options.Foreground)); err == nil && !colorsGiven && !slices.Contains(render.GradientKinds, kind) {
			// The colours written under gradient (gradient=red,blue): the
			// fix moves them to gradientcolors, as the caller's own.
			fail(optGradient.Name, string(render.GradientLinear), "gradient %q lists colours: gradient names the kind, linear or radial, and gradientcolors the colours; the fix draws them linear", kindValue)
			fail(optGradientColors.Name, strings.TrimSpace(kindValue), "the colours given under gradient go in gradientcolors")
			kind, colorsValue, colorsGiven = render.GradientLinear, kindValue, true
		} else if !slices.Contains(render.GradientKinds, kind) {
			near, says := meantValue(optGradient, kindValue, render.GradientKinds[1:], render.GradientLinear)
			fail(optGradient.Name, string(near), "gradient %q is not one of %s; %s (gradientangle turns a linear gradient)", kindValue, text.Join(render.GradientKinds), says)
			kind = near
			if a, ok := directionAngles[strings.ToLower(strings.TrimSpace(kindValue))]; ok && !angleGiven && a != options.DefaultGradientAngle {
				fail(optGradientAngle.Name, strconv.Itoa(a), "gradient=%s is a direction: a linear gradient at gradientangle=%d", kindValue, a)
			}
		}
	} else if colorsGiven {
		kind = render.GradientLinear
	}
	switch {
	case kind == render.GradientNone && colorsGiven:
		fail(optGradientColors.Name, "", "gradientcolors is given with gradient=none, which paints no gradient; drop gradientcolors, or choose gradient=linear or radial")
	case kind != render.GradientNone && !colorsGiven:
		// Colours of the fix's choosing would be none the caller wrote
		// (README "Errors"): the fix takes gradient's default instead.
		fail(optGradient.Name, "", "gradient=%s needs gradientcolors: %d to %d colours, comma-separated; give them, or the fix drops gradient (its default, none)", kind, options.MinStops, options.MaxStops)
	}
	g := &render.Gradient{Kind: kind, Angle: options.DefaultGradientAngle}
	if angleGiven {
		a, err := atoiSaturating(strings.TrimSpace(angleValue))
		switch {
		case kind == render.GradientRadial:
			fail(optGradientAngle.Name, "", "gradientangle turns a linear gradient; a radial one has none: drop it")
		case err != nil || a < optGradientAngle.Min || a > optGradientAngle.Max:
			// An angle wraps whole turns, as a CSS <angle> in
			// linear-gradient does (400deg points as 40deg): the fix wraps
			// it into 0 to 360 and rounds a fraction; only what is no
			// number takes the default.
			fixed, says := strconv.Itoa(options.DefaultGradientAngle), "nothing in it is an angle, and the fix gives the default"
			if f, ok := cssAngle(angleValue); err == nil || ok {
				if err == nil {
					f = float64(a)
				}
				fixed, says = strconv.Itoa(int(math.Mod(math.Mod(math.Round(f), 360)+360, 360))), "the fix gives the same direction within them"
			}
			fail(optGradientAngle.Name, fixed, "gradientangle %q is not a whole number of degrees from %d to %d; %s", angleValue, optGradientAngle.Min, optGradientAngle.Max, says)
		default:
			g.Angle = float64(a)
		}
	}
	if colorsGiven && kind != render.GradientNone {
		stops, fixed, err := parseStops(colorsValue, render.HexColor(r.Options.Foreground))
		switch {
		case err != nil && fixed == "":
			// One colour, or none the caller wrote, is no gradient: a
			// second one would be made up. The fix takes gradient's
			// default, none.
			fail(optGradientColors.Name, "", "%s", err)
			if kindGiven {
				fail(optGradient.Name, "", "gradient=%s has no gradientcolors to draw; the fix drops it with them", kindValue)
			}
		case err != nil:
			fail(optGradientColors.Name, darkenStops(fixed, r.Options.Background), "%s", err)
		}
		g.Stops = stops
	}
	if kind != render.GradientNone {
		r.Options.Gradient = g
		r.Canonical.Set(optGradient.Name, string(kind))
		r.Canonical.Set(optGradientColors.Name, formatStops(g.Stops))
		if kind == render.GradientLinear {
			r.Canonical.Set(optGradientAngle.Name, strconv.Itoa(int(g.Angle)))
		}
	}

	var givenParts []string
	for _, part := range []struct {
		o             option
		frame, centre bool
	}{{optEyeColor, true, true}, {optEyeFrameColor, true, false}, {optEyeBallColor, false, true}} {
		v, ok := get(part.o)
		if !ok {
			continue
		}
		givenParts = append(givenParts, part.o.Name)
		cs, err := parseEyeColors(v)
		if err != nil {
			fixed, says := eyeColoursFix(v, render.HexColor(r.Options.Foreground))
			fail(part.o.Name, fixed, "%s; %s", err, says)
			continue
		}
		for i, c := range cs {
			if part.frame {
				r.Options.EyeColors[i].Frame = c
			}
			if part.centre {
				r.Options.EyeColors[i].Centre = c
			}
		}
		r.Canonical.Set(part.o.Name, formatColors(cs[:]))
	}
	// eyeframecolor and eyeballcolor each colour their part of all three
	// eyes (one colour or three): beside both, eyecolor would change
	// nothing, and no option is accepted to be ignored.
	if len(givenParts) == 3 {
		fail(optEyeColor.Name, "", "eyecolor changes nothing beside eyeframecolor and eyeballcolor, which colour the rings and the centres of all three eyes; drop eyecolor, or one of them")
	}
}

// checkPaints refuses a gradient or eye colour that a scanner cannot tell
// from the background (below contrastWarn, verify's failing level) or
// that is lighter than it, reflectance-reversed (ISO/IEC 18004 §6.2); the
// fix darkens just the weak colours. The plain color keeps verify's
// warning, as it always had.
func checkPaints(r *Rendering, fail func(field, fixed, format string, args ...any)) {
	weakPaints(r, contrastWarn, fail)
}

// weakPaints reports each of the gradient and eye colour options that has
// a colour below the contrast ratio least against bg, or lighter than bg,
// with the option's value darkened to pass.
func weakPaints(r *Rendering, least float64, fail func(field, fixed, format string, args ...any)) {
	o := &r.Options
	contrastWarn := least
	bg := o.Background
	weak := func(c color.NRGBA) bool {
		return analysis.ContrastRatio(c, bg) < least || analysis.Inverted(c, bg)
	}
	if (o.Gradient != nil || o.EyeColors != [3]render.EyeColors{}) && weak(color.NRGBA{0, 0, 0, 255}) {
		// Not even black stands out: the ground must lighten, and the
		// paints are then judged against it.
		fail(optBg.Name, render.HexColor(analysis.White), "bg #%s is too dark for dark modules: even black has contrast below %.1f:1 against it", render.HexColor(bg), least)
		bg = analysis.White
		// The plain colour is only warned about on its own, but a fix
		// must give a code that reads: white modules on the white ground
		// would not.
		if fg := o.Foreground; o.Gradient == nil && weak(fg) {
			fail(optColor.Name, render.HexColor(colorFix(fg, bg)), "color #%s would have contrast %.2f:1 against bg #%s: the same hue dark enough", render.HexColor(fg), analysis.ContrastRatio(fg, bg), render.HexColor(bg))
		}
	}
	if g := o.Gradient; g != nil && len(g.Stops) >= 2 {
		if c, ok := weakestOf(gradientColours(g), bg, weak); ok {
			fixed := *g
			fixed.Stops = slices.Clone(g.Stops)
			for i, st := range fixed.Stops {
				fixed.Stops[i].Color = darkenFor(st.Color, bg)
			}
			fail(optGradientColors.Name, formatStops(fixed.Stops), "the gradient has a colour, #%s, with contrast %.2f:1 against bg, below %.1f:1 (WCAG 2 relative luminance) or lighter than bg; scanners need dark modules on a light ground", render.HexColor(c), analysis.ContrastRatio(c, bg), contrastWarn)
		}
	}
	for _, part := range []option{optEyeColor, optEyeFrameColor, optEyeBallColor} {
		v := r.Canonical.Get(part.Name)
		if v == "" {
			continue
		}
		cs, _ := parseEyeColors(v)
		for i, c := range cs {
			if weak(c) {
				for j := range cs {
					cs[j] = darkenFor(cs[j], bg)
				}
				fail(part.Name, formatColors(cs[:]), "%s #%s (eye %d) has contrast %.2f:1 against bg, below %.1f:1, or is lighter than bg", part.Name, render.HexColor(c), i+1, analysis.ContrastRatio(c, bg), contrastWarn)
				break
			}
		}
	}
}

// gradientColours are the colours a gradient's contrast is judged on: 64
// along it, evenly spaced, for its darkest and lightest points can lie
// between its stops, and each stop's own, which a narrow band can hide
// between two of the 64.
func gradientColours(g *render.Gradient) []color.NRGBA {
	cs := g.Samples(64)
	for _, st := range g.Stops {
		cs = append(cs, g.At(st.Offset))
	}
	return cs
}

// weakestOf is the colour of cs, among those weak reports, with the least
// contrast against bg; false when weak reports none.
func weakestOf(cs []color.NRGBA, bg color.NRGBA, weak func(color.NRGBA) bool) (color.NRGBA, bool) {
	var weakest color.NRGBA
	least, found := 0.0, false
	for _, c := range cs {
		if !weak(c) {
			continue
		}
		if r := analysis.ContrastRatio(c, bg); !found || r < least {
			weakest, least, found = c, r, true
		}
	}
	return weakest, found
}

// colorFix is a foreground that stands out against bg: c made opaque and
// darkened, keeping its hue (darkenFor).
func colorFix(c, bg color.NRGBA) color.NRGBA {
	c.A = 255
	return darkenFor(c, bg)
}

// darkenStops is a gradient's colours, as gradientcolors gives them,
// each darkened to stand out against bg (darkenFor).
func darkenStops(v string, bg color.NRGBA) string {
	stops, _, err := parseStops(v, "")
	if err != nil {
		return v
	}
	for i := range stops {
		stops[i].Color = darkenFor(stops[i].Color, bg)
	}
	return formatStops(stops)
}

// darkenFor darkens c, keeping its hue, until it reaches contrastPass
// against bg, or black.
func darkenFor(c, bg color.NRGBA) color.NRGBA {
	for k := 1.0; k > 0.04; k -= 0.05 {
		d := color.NRGBA{uint8(float64(c.R) * k), uint8(float64(c.G) * k), uint8(float64(c.B) * k), 255}
		if analysis.ContrastRatio(d, bg) >= contrastPass && !analysis.Inverted(d, bg) {
			return d
		}
	}
	return color.NRGBA{0, 0, 0, 255}
}

// parseStops reads a gradient's colours, each optionally placed with
// @<percent>. Unplaced stops take offsets as CSS Images 3 §3.4.3 gives
// them: the first 0, the last 100 %, and the ones between spread evenly
// between their placed neighbours. When v is not a gradient, fixed is the
// caller's list corrected (README "Errors"): a colour that is not one is
// the colour meant (meantColour), or def when nothing is close; a place
// that is not one is left out; of more than MaxStops colours the first are
// kept. fixed is "" when that leaves fewer than MinStops colours, or none
// of the caller's: the fix would have to make a gradient up.
func parseStops(v, def string) (stops []render.Stop, fixed string, err error) {
	parts := splitColours(v)
	placed := make([]bool, len(parts))
	fail := func(e error) {
		if err == nil {
			err = e
		}
	}
	var good []string // the colours as the fix gives them, placed
	var bare []string // the same without their places
	own := 0          // colours of good the caller wrote
	for i, p := range parts {
		c, at, hasAt := strings.Cut(strings.TrimSpace(p), "@")
		hex, ok := "", true
		col, cerr := render.ParseColor(c, false)
		if cerr == nil {
			hex = render.HexColor(col)
		} else {
			var says string
			hex, says, ok = colourMeant(c, false)
			if !ok {
				hex, says = def, fmt.Sprintf("nothing is close, and the fix takes %s, color", def)
			}
			fail(fmt.Errorf("gradientcolors: colour %d, %q: %v; %s", i+1, c, cerr, says))
		}
		if i < options.MaxStops && hex != "" {
			if ok {
				own++
			}
			bare = append(bare, hex)
		}
		st := render.Stop{Color: col}
		if hasAt {
			pct, perr := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(at), "%"), 64)
			if perr != nil || pct < 0 || pct > 100 {
				fail(fmt.Errorf("gradientcolors: %q places colour %d at %q, not a percentage from 0 to 100; the fix leaves the place out", v, i+1, at))
				hasAt = false
			} else {
				st.Offset, placed[i] = pct/100, true
			}
		}
		if i < options.MaxStops && hex != "" {
			if hasAt {
				hex += "@" + strings.TrimSpace(at)
			}
			good = append(good, hex)
		}
		if cerr == nil {
			stops = append(stops, st)
		}
	}
	switch {
	case len(parts) < options.MinStops:
		return nil, "", fmt.Errorf("gradientcolors has %d colour; a gradient takes %d to %d, and a second would be made up: the fix drops the gradient (for one colour, give it as color)", len(parts), options.MinStops, options.MaxStops)
	case own == 0:
		return nil, "", fmt.Errorf("%v; no colour of gradientcolors is one, and the fix drops the gradient", err)
	case len(parts) > options.MaxStops:
		fail(fmt.Errorf("gradientcolors has %d colours; a gradient takes %d to %d, and the fix keeps the first %d", len(parts), options.MinStops, options.MaxStops, options.MaxStops))
	}
	if err != nil {
		return nil, strings.Join(good, ","), err
	}
	if !placed[0] {
		stops[0].Offset, placed[0] = 0, true
	}
	if last := len(stops) - 1; !placed[last] {
		stops[last].Offset, placed[last] = 1, true
	}
	for i := 1; i < len(stops); i++ {
		if !placed[i] {
			j := i
			for !placed[j] {
				j++
			}
			a, b := stops[i-1].Offset, stops[j].Offset
			for k := i; k < j; k++ {
				stops[k].Offset = a + (b-a)*float64(k-i+1)/float64(j-i+1)
			}
			i = j
		}
		if stops[i].Offset < stops[i-1].Offset {
			return nil, strings.Join(bare, ","), fmt.Errorf("gradientcolors: the colours' places must not go backwards (%q); the fix leaves the places out, spreading the colours evenly", v)
		}
	}
	return stops, "", nil
}

// formatStops is the canonical form of a gradient's colours: each hex
// colour at its percentage.
func formatStops(stops []render.Stop) string {
	parts := make([]string, len(stops))
	for i, st := range stops {
		parts[i] = render.HexColor(st.Color) + "@" + strconv.FormatFloat(st.Offset*100, 'f', -1, 64)
	}
	return strings.Join(parts, ",")
}

// parseEyeColors reads one colour for the three eyes or three, one each
// (top-left, top-right, bottom-left).
func parseEyeColors(v string) (cs [3]color.NRGBA, err error) {
	parts := splitColours(v)
	if len(parts) != 1 && len(parts) != 3 {
		return cs, fmt.Errorf("%q has %d colours; give one for the three eyes or three, top-left, top-right and bottom-left", v, len(parts))
	}
	for i := range cs {
		p := parts[min(i, len(parts)-1)]
		c, err := render.ParseColor(strings.TrimSpace(p), false)
		if err != nil {
			return cs, fmt.Errorf("%q: %v", p, err)
		}
		cs[i] = c
	}
	return cs, nil
}

// eyeColoursFix is an eye colour option's value v corrected, and the
// clause that says how (README "Errors"): of two colours the first is
// kept, of more than three the first three; a colour that is not one is
// the colour meant (meantColour), or def when nothing is close.
func eyeColoursFix(v, def string) (string, string) {
	parts := splitColours(v)
	var says []string
	switch {
	case len(parts) == 2:
		parts, says = parts[:1], append(says, "the fix keeps the first colour, for the three eyes")
	case len(parts) > 3:
		parts, says = parts[:3], append(says, "the fix keeps the first three")
	}
	fixed := make([]string, len(parts))
	for i, p := range parts {
		if c, err := render.ParseColor(strings.TrimSpace(p), false); err == nil {
			fixed[i] = render.HexColor(c)
			continue
		}
		hex, clause := meantColour(p, false, def, "color, which the eyes take by default")
		fixed[i] = hex
		says = append(says, fmt.Sprintf("for %q, %s", strings.TrimSpace(p), clause))
	}
	return strings.Join(fixed, ","), strings.Join(says, "; ")
}

// formatColors is the canonical form of the eyes' colours: one when they
// are equal, else three.
func formatColors(cs []color.NRGBA) string {
	if cs[0] == cs[1] && cs[1] == cs[2] {
		return render.HexColor(cs[0])
	}
	return render.HexColor(cs[0]) + "," + render.HexColor(cs[1]) + "," + render.HexColor(cs[2])
}

// paintsFix is the fix of verify's contrast check for the paints apart
// from color: the gradient's and eyes' colours darkened as needed.
func paintsFix(r *Rendering) url.Values {
	set := url.Values{}
	weakPaints(r, contrastPass, func(field, fixed, _ string, _ ...any) { set.Set(field, fixed) })
	return set
}

// weakestPaint is the colour the modules or eyes are painted in that has
// the least contrast against bg, and that contrast: the foreground, or
// with a gradient the gradient's weakest point, or an eye colour.
func weakestPaint(o *render.Options) (color.NRGBA, float64) {
	paints := []color.NRGBA{o.Foreground}
	if o.Gradient != nil && len(o.Gradient.Stops) >= 2 {
		paints = gradientColours(o.Gradient)
	}
	for _, e := range o.EyeColors {
		for _, c := range []color.NRGBA{e.Frame, e.Centre} {
			if c != (color.NRGBA{}) {
				paints = append(paints, c)
			}
		}
	}
	weakest, _ := weakestOf(paints, o.Background, func(color.NRGBA) bool { return true })
	return weakest, analysis.ContrastRatio(weakest, o.Background)
}

// angleUnits are CSS's angle units in degrees (CSS Values 4 §7.1: a
// turn is 360deg, a grad 0.9deg, a rad 180/π deg), and the degree sign.
var angleUnits = []struct {
	unit    string
	degrees float64
}{{"deg", 1}, {"°", 1}, {"turn", 360}, {"grad", 0.9}, {"rad", 180 / math.Pi}}

// cssAngle reads an angle as CSS writes it, a number with or without a
// unit (90deg, 0.25turn), in degrees.
func cssAngle(v string) (float64, bool) {
	v = strings.ToLower(strings.TrimSpace(v))
	scale := 1.0
	for _, u := range angleUnits {
		if n, ok := strings.CutSuffix(v, u.unit); ok {
			v, scale = strings.TrimSpace(n), u.degrees
			break
		}
	}
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, false
	}
	return f * scale, true
}
