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

// unreached refuses each option given that would change nothing in the
// format drawn: the answer would not be what was asked, and would say
// nothing of it. Verify judges the PNG whatever the format (README "Batch,
// decode, verify").
func unreached(q query, r *Rendering, target fixTarget) []paramError {
	format := r.Format
	_, verify := target.(verifyTarget)
	if verify {
		format = FormatPNG
	}
	if !slices.Contains(Formats, format) {
		return nil // a format off the list is fixed first, and its fix judged
	}
	errs := undrawnOptions(q, format, r.Given[optFormat.Name], verify)
	if p := colourUnderGradient(q, r); p != nil {
		errs = append(errs, *p)
	}
	// GIF records no resolution: dpi sets only a length's pixels there.
	if format == FormatGIF && r.Given[optDPI.Name] && r.sizeUnit == "" {
		errs = append(errs, paramError{field: optDPI.Name,
			detail: "dpi changes nothing in a GIF whose size is in pixels: GIF records no resolution; give size as a length (size=30mm) for dpi to set its pixels, or drop dpi"})
	}
	if verify && r.Given[optFormat.Name] && r.Format != FormatPNG {
		errs = append(errs, paramError{field: optFormat.Name,
			detail: fmt.Sprintf("verify reads the PNG these options draw, whatever the format: format=%s changes nothing here; every format is drawn from the same modules and options, so the verdict holds for format=%s too; drop format", r.Format, r.Format)})
	}
	// GIF has one transparent colour and no partial alpha: over a
	// transparent ground a colour less than half opaque is drawn as that
	// transparent colour, and the code vanishes (render/gif.go).
	if fg := r.Options.Foreground; format == FormatGIF && r.Options.Background.A == 0 && r.Options.Gradient == nil && fg.A < 128 {
		opaque := fg
		opaque.A = 255
		errs = append(errs, paramError{field: optColor.Name, fixed: render.HexColor(opaque),
			detail: fmt.Sprintf("color #%s is less than half opaque, and format=gif has no partial transparency: over bg transparent its modules would be drawn transparent, and the code would vanish; the fix makes the colour opaque (png and svg keep translucent colours)", render.HexColor(fg))})
	}
	// A JPEG has no alpha: a transparent ground is drawn white, as with no
	// bg at all (docs/print.md, "Transparency").
	if format == FormatJPEG && r.Given[optBg.Name] && r.Options.Background.A == 0 {
		errs = append(errs, paramError{field: optBg.Name,
			detail: "bg transparent changes nothing in format=jpeg, which has no alpha: its ground is white either way; drop bg, or ask for png, gif, svg or pdf, which keep it transparent"})
	}
	return errs
}

// undrawnOptions refuses each option given a value other than its default
// in a format it does not reach (options.Option.Reaches): a colour in
// json's module matrix, which holds modules only, or cmyk in a PNG, which
// is RGB. With the format given, the fix drops the option; with the format
// left to its default, the option is what the caller asked for, and the
// fix asks for the first format it reaches.
func undrawnOptions(q query, format Format, formatGiven, verify bool) []paramError {
	var errs []paramError
	for _, o := range options.Rendering {
		if !q.asks(o) || o.Reaches(string(format)) {
			continue
		}
		reaches := text.Join(o.Outputs)
		switch {
		case verify:
			errs = append(errs, paramError{field: o.Name,
				detail: fmt.Sprintf("%s changes only %s, and verify judges the PNG; drop %s", o.Name, reaches, o.Name)})
		case !formatGiven:
			errs = append(errs, paramError{field: optFormat.Name, fixed: o.Outputs[0],
				detail: fmt.Sprintf("%s changes only %s, and the format is %s, the default; the fix asks for format=%s", o.Name, reaches, format, o.Outputs[0])})
		case format == FormatJSON:
			errs = append(errs, paramError{field: o.Name,
				detail: fmt.Sprintf("%s changes nothing in format=json, the module matrix, which holds the modules and the quiet zone's width only; it changes the drawn formats: drop %s, or ask for one of those", o.Name, o.Name)})
		default:
			errs = append(errs, paramError{field: o.Name,
				detail: fmt.Sprintf("%s changes nothing in format=%s; it changes %s: drop %s, or ask for one of those", o.Name, format, reaches, o.Name)})
		}
	}
	return errs
}

// colourUnderGradient refuses color beside a gradient when there is
// nothing left for it to colour. A gradient paints the modules, the eyes
// and a frame without colours of their own; color colours only an icon,
// a kind's emblem, or a caption off a banner without textcolor.
func colourUnderGradient(q query, r *Rendering) *paramError {
	o := r.Options
	icon := r.logo != nil && r.logo.icon != nil || o.Logo != nil && o.Logo.Icon != nil
	if !q.asks(optColor) || o.Gradient == nil || len(o.Gradient.Stops) < 2 ||
		icon || o.Overlay.Size > 0 || o.CaptionInForeground() {
		return nil
	}
	return &paramError{field: optColor.Name,
		detail: "color changes nothing beside gradientcolors, which paint the modules and a frame without framecolor; it colours an icon logo, or a label off a banner without textcolor, and there is none: drop color"}
}

// asks reports whether the query gives o a value other than its default:
// one that a format could leave out.
func (q query) asks(o options.Option) bool {
	v, given, _ := q.lookup(o)
	return given && !isDefault(o, v)
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
