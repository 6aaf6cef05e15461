package service

import (
	"fmt"
	"image/color"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/qrforge/qrforge/analysis"
	"github.com/qrforge/qrforge/internal/text"
	"github.com/qrforge/qrforge/render"
	"golang.org/x/text/unicode/norm"
)

// readCaption reads the label, the frame template and their colours.
func (p *reading) readCaption() {
	r := p.r
	// The font comes before the label, whose characters it must have.
	if v, ok := p.get(optFont); ok {
		f := render.Font(strings.ToLower(strings.TrimSpace(v)))
		if !slices.Contains(render.Fonts, f) {
			near, says := meantValue(optFont, v, render.Fonts, render.FontBold)
			p.fail(optFont.Name, string(near), "font %q is not one of %s; %s", v, text.Join(render.Fonts), says)
		}
		r.Options.Font = f
	}
	if r.Options.Font != render.FontBold {
		r.Canonical.Set(optFont.Name, string(r.Options.Font))
	}

	if v, ok := p.get(optLabel); ok && v != "" {
		// Accents typed as combining marks (macOS and some keyboards send
		// text decomposed) are the letters the font draws precomposed
		// (Unicode Standard Annex #15, NFC); a soft hyphen shows only
		// where a line breaks, and a caption is one line.
		v = strings.ReplaceAll(norm.NFC.String(v), "\u00ad", "")
		// The fix keeps what can be drawn, an accented letter the font
		// lacks as its base letter, and what fits.
		drawable := drawableText(v)
		missing := render.MissingGlyphs(drawable, r.Options.Font)
		fixed := []rune(dropRunes(foldRunes(drawable, missing, r.Options.Font), missing))
		fixed = fixed[:min(len(fixed), maxLabel)]
		switch {
		case strings.TrimSpace(drawableText(v)) == "":
			p.fail(optLabel.Name, "", "label %q has no character to draw; the fix drops it (a frame then shows %q)", v, render.DefaultBanner)
		case drawable != v:
			p.fail(optLabel.Name, string(fixed), "label has bytes that are not text (invalid UTF-8 or control characters); the fix drops them")
		case len(missing) > 0:
			p.fail(optLabel.Name, string(fixed), "label has characters the caption font cannot draw: %s; its font, %s, covers Latin, Greek and Cyrillic; the fix writes a letter it lacks without its marks where the font has the base letter (ế as e), a space it lacks as a space, and drops the rest", runeList(missing), r.Options.Font.Name())
		case utf8.RuneCountInString(v) > maxLabel:
			p.fail(optLabel.Name, string(fixed), "label has %d characters; at most %d fit under the code", utf8.RuneCountInString(v), maxLabel)
		}
		r.Options.Label = v
		r.Canonical.Set(optLabel.Name, v)
	}

	if v, ok := p.get(optTpl); ok {
		t, known := render.ParseFrame(v)
		if !known {
			near, says := meantValue(optTpl, v, render.FrameNames(), string(render.FrameBannerBelow))
			if f, ok := render.ParseFrame(near); ok {
				near = string(f)
			}
			p.fail(optTpl.Name, near, "tpl %q is not one of %s; %s", v, text.Join(render.Frames), says)
			// The checks below judge the frame the fix gives.
			t = render.Frame(near)
		}
		r.Options.Frame = t
	}
	if r.Options.Frame != render.FrameNone {
		r.Canonical.Set(optTpl.Name, string(r.Options.Frame))
		if r.Options.Label == render.DefaultBanner {
			// A frame's own text spelt out: the same image, so the same
			// request (README "Responses").
			r.Canonical.Del(optLabel.Name)
		}
	}
	if need := r.Options.Frame.MinMargin(); need > 0 {
		// A margin refused above gets a fix the frame takes too.
		marginFailed := false
		for i, e := range p.errs {
			if e.field == optMargin.Name {
				marginFailed = true
				if m, err := strconv.Atoi(e.fixed); err == nil && m < need {
					p.errs[i].fixed = strconv.Itoa(need)
				}
			}
		}
		if !marginFailed && r.Options.Margin < need {
			p.fail(optMargin.Name, strconv.Itoa(need), "margin %d puts tpl=%s's frame against the code, where decoders take it for part of the finder patterns; it needs at least %d module of quiet zone", r.Options.Margin, r.Options.Frame, need)
		}
	}

	// Frame and text colours: given only where they differ from what the
	// drawing would use anyway, so that equal images share a cache key.
	frameColorGiven, textColorGiven := false, false
	if v, ok := p.get(optFrameColor); ok {
		c, err := render.ParseColor(v, false)
		if err != nil {
			fixed, says := meantColour(v, false, render.HexColor(r.Options.Foreground), "framecolor's default, color")
			p.fail(optFrameColor.Name, fixed, "%s; %s", err, says)
		} else if c != r.Options.Foreground || r.Options.Gradient != nil {
			// With a gradient, a frame in no colour of its own takes the
			// gradient: color's value is then a colour of its own.
			r.Options.FrameColor = &c
		}
		frameColorGiven = true
	}
	if v, ok := p.get(optTextColor); ok {
		c, err := render.ParseColor(v, false)
		if err != nil {
			_, def := r.Options.CaptionColors()
			fixed, says := meantColour(v, false, render.HexColor(def), "textcolor's default")
			p.fail(optTextColor.Name, fixed, "%s; %s", err, says)
		} else {
			r.Options.TextColor = &c
			if _, def := captionDefault(r.Options); c == def {
				r.Options.TextColor = nil
			}
		}
		textColorGiven = true
	}
	if c := r.Options.FrameColor; c != nil {
		r.Canonical.Set(optFrameColor.Name, render.HexColor(*c))
	}
	if c := r.Options.TextColor; c != nil {
		r.Canonical.Set(optTextColor.Name, render.HexColor(*c))
	}
	hasText := r.Options.Label != "" || r.Options.Frame != render.FrameNone
	if (frameColorGiven || textColorGiven) && hasText {
		// WCAG 2.2 §1.4.3: large text, as a caption is, needs 3:1. Without
		// either option the text contrast is color's against bg, which
		// verify judges with the code's.
		ground, fg := r.Options.CaptionColors()
		grounds := []color.NRGBA{ground}
		if g := r.Options.Gradient; g != nil && len(g.Stops) >= 2 && r.Options.Frame.Banner() && r.Options.FrameColor == nil {
			// A banner in no colour of its own takes the gradient: the
			// text lies on each of its colours somewhere.
			grounds = gradientColours(g)
		}
		if weakest, ok := weakestOf(grounds, fg, func(c color.NRGBA) bool { return analysis.ContrastRatio(fg, c) < captionContrast }); ok {
			fix := readableOnAll(grounds)
			on := "#" + render.HexColor(weakest)
			if len(grounds) > 1 {
				on = "the banner, which takes the gradient, where it is " + on
			}
			p.fail(optTextColor.Name, render.HexColor(fix), "the label's colour #%s on %s has a contrast of %.2f:1, below the %.0f:1 that large text needs (WCAG 2.2 §1.4.3); the fix writes it in #%s", render.HexColor(fg), on, analysis.ContrastRatio(fg, weakest), captionContrast, render.HexColor(fix))
		}
	}
}

// captionWarning says why a caption drawn as asked may not be read, or
// is "": its letters are smaller than render.MinCaptionPixels, as a long
// label under a small code is.
//
// A printed code (a size given as a length) is judged by its letters'
// printed size, render.MinCaptionPoints, which its dpi does not change.
func captionWarning(sym *render.Symbol, r *Rendering) string {
	least := float64(render.MinCaptionPixels)
	printed := r.sizeUnit != ""
	dpi := float64(r.Options.Print.DPI)
	if printed {
		least = render.MinCaptionPoints / render.PointsPerInch * dpi
	}
	px, legibleAt := render.CaptionPixels(sym, r.Options, least)
	if px == 0 || px >= least {
		return ""
	}
	// Shown cut down, so that a size under the least never reads as it.
	down := func(v float64) float64 { return math.Floor(v*10) / 10 }
	if printed {
		return fmt.Sprintf("the label is set at %.1f pt, too small to read easily in print (under %.1f pt, %.2f mm, its letters run together): %s=%s sets it at %.1f pt, and a shorter label larger",
			down(px/dpi*render.PointsPerInch), render.MinCaptionPoints, render.MinCaptionPoints/render.PointsPerInch*25.4, r.sizeName(), r.sizeValue(legibleAt, true), render.MinCaptionPoints)
	}
	return fmt.Sprintf("the label is set at %.1f px, too small to read easily (under %d px its letters run together): %s=%s sets it at %d px, and a shorter label larger", down(px), render.MinCaptionPixels, r.sizeName(), r.sizeValue(legibleAt, true), render.MinCaptionPixels)
}

// joinDetails is the warnings without their codes, where all are one
// check's: verify's payload check, the payload endpoint's warning.
func joinDetails(ws []Warning) string {
	details := make([]string, len(ws))
	for i, w := range ws {
		details[i] = w.Detail
	}
	return strings.Join(details, "; ")
}

// joinWarnings is the warnings as one X-QR-Warning.
func joinWarnings(ws []Warning) string {
	details := make([]string, len(ws))
	for i, w := range ws {
		details[i] = w.String()
	}
	return strings.Join(details, "; ")
}

// captionContrast is the least contrast between a caption and what it is
// drawn on: WCAG 2.2 §1.4.3's ratio for large text.
const captionContrast = 3.0

// captionDefault is the caption's colour when textcolor is not given.
func captionDefault(o render.Options) (ground, text color.NRGBA) {
	o.TextColor = nil
	return o.CaptionColors()
}

// readableOnAll is black or white, whichever contrasts more with the
// least contrasting of grounds.
func readableOnAll(grounds []color.NRGBA) color.NRGBA {
	black, white := color.NRGBA{0, 0, 0, 255}, color.NRGBA{255, 255, 255, 255}
	least := func(c color.NRGBA) float64 {
		r := math.Inf(1)
		for _, g := range grounds {
			r = min(r, analysis.ContrastRatio(c, g))
		}
		return r
	}
	if least(black) >= least(white) {
		return black
	}
	return white
}

// readableOn is black or white, whichever contrasts more with c: one of
// them always reaches 4.58:1 (WCAG 2 relative luminance).
func readableOn(c color.NRGBA) color.NRGBA {
	black, white := color.NRGBA{0, 0, 0, 255}, color.NRGBA{255, 255, 255, 255}
	if analysis.ContrastRatio(black, c) >= analysis.ContrastRatio(white, c) {
		return black
	}
	return white
}

// foldRunes is s with each rune of missing that is a letter with marks
// the font lacks written as its base letter, when the font has that
// (ế is e: NFD puts the base first), a compatibility form as its letter
// (fullwidth Ｓ is S: NFKC), and a space the font lacks (an ideographic
// or a line separator) as a space.
func foldRunes(s string, missing []rune, font render.Font) string {
	if len(missing) == 0 {
		return s
	}
	return strings.Map(func(r rune) rune {
		if !slices.Contains(missing, r) {
			return r
		}
		if unicode.In(r, unicode.Zs, unicode.Zl, unicode.Zp) {
			return ' '
		}
		// A fullwidth or other compatibility form (Ｓ) is its letter (S).
		if k := []rune(norm.NFKC.String(string(r))); len(k) == 1 && k[0] != r && len(render.MissingGlyphs(string(k), font)) == 0 {
			return k[0]
		}
		base, _ := utf8.DecodeRuneInString(norm.NFD.String(string(r)))
		if base != r && len(render.MissingGlyphs(string(base), font)) == 0 {
			return base
		}
		return r
	}, s)
}

// dropRunes is s without the runes of drop, and without the runs of
// spaces their removal leaves.
func dropRunes(s string, drop []rune) string {
	if len(drop) == 0 {
		return s
	}
	return strings.Join(strings.Fields(strings.Map(func(r rune) rune {
		if slices.Contains(drop, r) {
			return -1
		}
		return r
	}, s)), " ")
}

// runeList names runes for a problem: printable ones as themselves,
// invisible ones (joiners, variation selectors, spaces) by code point.
func runeList(rs []rune) string {
	names := make([]string, len(rs))
	for i, r := range rs {
		if unicode.IsGraphic(r) && !unicode.In(r, unicode.Mn, unicode.Me, unicode.Zs) {
			names[i] = string(r)
		} else {
			names[i] = fmt.Sprintf("U+%04X", r)
		}
	}
	return strings.Join(names, ", ")
}

// drawableText is s with what cannot be drawn as a caption removed:
// invalid UTF-8, and characters XML 1.0 does not allow (§2.2: C0 controls,
// U+FFFE, U+FFFF), which would make the SVG unreadable. Tabs and line
// breaks become spaces: a caption is one line.
func drawableText(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\t' || r == '\n' || r == '\r':
			return ' '
		case unicode.IsControl(r) || r == 0xFFFE || r == 0xFFFF:
			return -1
		}
		return r
	}, strings.ToValidUTF8(s, ""))
}
