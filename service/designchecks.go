package service

import (
	"fmt"
	"maps"
	"math"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/qrforge/qrforge/analysis"
	"github.com/qrforge/qrforge/render"
)

// designChecks are verify's checks of the drawing itself, measured without
// decoding it: contrast, quiet_zone, module_size, polarity, style_risk and
// decoders. Verify reports them; generation sends each that warns or fails
// as an X-QR-Warning in the same words (designWarnings), so that a design
// verify doubts never comes back from generation without a word. fixURL
// writes a check's fix; generation, which names no call, passes nil, and
// no fix is worked out.
func designChecks(sym *render.Symbol, r *Rendering, fixURL func(url.Values) string) []Check {
	fixing := fixURL != nil
	if !fixing {
		fixURL = func(url.Values) string { return "" }
	}
	o := r.Options
	weakest, ratio := weakestPaint(&o)
	var checks []Check
	contrast := Check{Name: "contrast", Value: math.Round(ratio*100) / 100, Min: contrastPass, Pass: true, Status: StatusPass}
	if o.Background.A < 255 {
		contrast.Message = "bg is not opaque: it is judged against white; on a darker surface the code has less contrast"
	}
	if ratio < contrastPass {
		contrast.Status = StatusWarn
		if ratio < contrastWarn {
			contrast.Status, contrast.Pass = StatusFail, false
		}
		if weakest == o.Foreground {
			fix := contrastFix(o.Foreground, o.Background)
			contrast.Message = fmt.Sprintf("contrast %.2f:1 between color and bg is below %.1f:1 (WCAG 2 relative luminance); darken color to #%s", ratio, contrastPass, fix.Get(optColor.Name))
			if fix.Has(optBg.Name) {
				contrast.Message += " and lighten bg to #" + fix.Get(optBg.Name)
			}
			contrast.Fix = fixURL(fix)
		} else {
			fix := paintsFix(r)
			contrast.Message = fmt.Sprintf("contrast %.2f:1 between #%s, a colour of the modules or eyes, and bg is below %.1f:1 (WCAG 2 relative luminance); the fix darkens %s", ratio, render.HexColor(weakest), contrastPass, strings.Join(slices.Sorted(maps.Keys(fix)), " and "))
			contrast.Fix = fixURL(fix)
		}
	}
	checks = append(checks, contrast)

	// Micro QR Codes (ISO/IEC 18004 §6.3.8) and rMQR codes (ISO/IEC
	// 23941 §6.3.8) need two modules, the least any reader copes with.
	need, standard := quietPass, "ISO/IEC 18004"
	switch {
	case sym.Micro:
		need = render.MicroQuietZone
	case sym.RMQR:
		need, standard = render.RMQRQuietZone, "ISO/IEC 23941"
	}
	quiet := Check{Name: "quiet_zone", Value: o.Margin, Min: need, Pass: true, Status: StatusPass}
	if o.Margin < need {
		quiet.Status = StatusWarn
		if o.Margin < min(quietWarn, need) {
			quiet.Status, quiet.Pass = StatusFail, false
		}
		quiet.Message = fmt.Sprintf("a quiet zone of %d modules is below the %d that %s requires; readers need it to find the code's edge: %s=%d gives it", o.Margin, need, standard, optMargin.Name, need)
		quiet.Fix = fixURL(url.Values{optMargin.Name: {strconv.Itoa(need)}})
	}
	checks = append(checks, quiet)

	module := Check{Name: "module_size", Value: o.Size / canvasModules(sym, o), Min: modulePass, Pass: true, Status: StatusPass}
	if message, size := smallModules(sym, o, r); message != "" {
		module.Status, module.Message = StatusWarn, message
		module.Fix = fixURL(url.Values{r.sizeName(): {size}})
	}
	checks = append(checks, module)

	polarity := Check{Name: "polarity", Value: "dark-on-light", Min: "dark-on-light", Pass: true, Status: StatusPass}
	if analysis.Inverted(o.Foreground, o.Background) {
		polarity.Value, polarity.Pass, polarity.Status = "light-on-dark", false, StatusFail
		polarity.Message = "light modules on a dark background are reflectance-reversed (ISO/IEC 18004 §6.2); many scanners do not read them. Swap color and bg"
		polarity.Fix = fixURL(swapColors(o))
	}
	checks = append(checks, polarity)

	cov := analysis.Coverage(sym, o)
	style := Check{Name: "style_risk", Value: math.Round(cov*100) / 100, Min: coveragePass, Pass: true, Status: StatusPass}
	if cov < coveragePass {
		style.Status = StatusWarn
		fix := saferStyle(sym, o)
		style.Message = fmt.Sprintf("style %s with %s covers %.0f%% of the dark area square modules do; below %.0f%% readers miss modules more often. Try %s",
			o.Module, eyesOf(o), cov*100, coveragePass*100, describeShapes(fix))
		style.Fix = fixURL(fix)
	}
	checks = append(checks, style)
	checks = append(checks, decodersCheck(o, fixURL, func() url.Values {
		if fixing {
			return allCorrections(sym, o, r)
		}
		// Every correction at once redraws the style's coverage: work
		// for a fix generation does not give.
		return nil
	}))
	return checks
}

// designField is the option a design check's warning is on, for a page
// that shows it beside its control.
func designField(c Check, r *Rendering) string {
	switch c.Name {
	case "quiet_zone":
		return optMargin.Name
	case "module_size":
		return r.sizeName()
	case "style_risk":
		return optStyle.Name
	case "decoders":
		if analysis.EyesClash(r.Options) {
			return optBall.Name
		}
	}
	return optColor.Name
}

// designWarnings are the design checks that warn or fail, as generation's
// warnings: each under its check's name and in its words.
func designWarnings(sym *render.Symbol, r *Rendering) []Warning {
	var out []Warning
	for _, c := range designChecks(sym, r, nil) {
		if c.Status != StatusPass {
			out = append(out, Warning{Code: c.Name, Field: designField(c, r), Detail: c.Message})
		}
	}
	return out
}
