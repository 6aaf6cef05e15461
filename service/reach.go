package service

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/qrforge/qrforge/internal/text"
	"github.com/qrforge/qrforge/options"
	"github.com/qrforge/qrforge/render"
)

// unreached refuses each option given a value other than its default that
// changes nothing in the format drawn (options.Option.Reaches): a colour
// in json's module matrix, which holds modules only, or cmyk in a PNG,
// which is RGB. Drawn anyway, the answer would not be what was asked, and
// say nothing of it. With the format given, the fix drops the option;
// with the format left to its default, the option is what the caller
// asked for, and the fix asks for the first format it reaches. Verify
// judges the PNG whatever the format (README "Batch, decode, verify").
func unreached(q query, r *Rendering, target fixTarget) []paramError {
	format, formatGiven := r.Format, r.Given[optFormat.Name]
	_, verify := target.(verifyTarget)
	if verify {
		format = FormatPNG
	}
	if !slices.Contains(Formats, format) {
		return nil // a format off the list is fixed first, and its fix judged
	}
	var errs []paramError
	for _, o := range options.Rendering {
		v, given, _ := q.lookup(o)
		if !given || o.Reaches(string(format)) || isDefault(o, v) {
			continue
		}
		reaches := text.Join(o.Outputs)
		if verify {
			errs = append(errs, paramError{field: o.Name,
				detail: fmt.Sprintf("%s changes only %s, and verify judges the PNG; drop %s", o.Name, reaches, o.Name)})
			continue
		}
		if !formatGiven {
			errs = append(errs, paramError{field: optFormat.Name, fixed: o.Outputs[0],
				detail: fmt.Sprintf("%s changes only %s, and the format is %s, the default; the fix asks for format=%s", o.Name, reaches, format, o.Outputs[0])})
			continue
		}
		what := ""
		if format == FormatJSON {
			what = ", the module matrix, which holds the modules and the quiet zone's width only"
			reaches = "the drawn formats"
		}
		errs = append(errs, paramError{field: o.Name,
			detail: fmt.Sprintf("%s changes nothing in format=%s%s; it changes %s: drop %s, or ask for one of those", o.Name, format, what, reaches, o.Name)})
	}
	// A gradient paints the modules, and the eyes without colours of their
	// own: color is left to colour an icon, a frame, a caption or a kind's
	// emblem, and with none of them it would change nothing.
	if v, given, _ := q.lookup(optColor); given && !isDefault(optColor, v) && r.Options.Gradient != nil && len(r.Options.Gradient.Stops) >= 2 &&
		r.logo == nil && r.Options.Logo == nil && r.Options.Frame == render.FrameNone && r.Options.Label == "" && r.Options.Overlay.Size == 0 {
		errs = append(errs, paramError{field: optColor.Name,
			detail: "color changes nothing beside gradientcolors, which paint the modules; it colours a logo icon, a frame or a label, and there is none: drop color"})
	}
	// A JPEG has no alpha: a transparent ground is drawn white, as with no
	// bg at all (docs/print.md, "Transparency").
	if format == FormatJPEG && r.Given[optBg.Name] && r.Options.Background.A == 0 {
		errs = append(errs, paramError{field: optBg.Name,
			detail: "bg transparent changes nothing in format=jpeg, which has no alpha: its ground is white either way; drop bg, or ask for png, gif or svg, which keep it transparent"})
	}
	return errs
}

// isDefault reports whether v is o's default, as written or as the same
// truth value: given so, o asks for nothing a format could leave out.
func isDefault(o options.Option, v string) bool {
	if o.Default == nil {
		return false
	}
	v = strings.ToLower(strings.TrimPrefix(strings.TrimSpace(v), "#"))
	if b, ok := o.Default.(bool); ok {
		got, err := strconv.ParseBool(v)
		return err == nil && got == b
	}
	return v == strings.ToLower(fmt.Sprint(o.Default))
}
