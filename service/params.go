package service

import (
	"errors"
	"fmt"
	"image/color"
	"maps"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/qrforge/qrforge/analysis"
	"github.com/qrforge/qrforge/internal/text"
	"github.com/qrforge/qrforge/options"

	"github.com/qrforge/qrforge/render"
)

// option is one query parameter, declared once in the catalogue
// (package options) with the names other QR APIs use for it (goQR,
// QuickChart, Google's chart API), so that an existing call works by
// changing only the host.
type option = options.Option

// The catalogue's options under the names the server's code uses.
var (
	optData        = options.Data
	optSize        = options.Size
	optDPI         = options.DPI
	optCMYK        = options.CMYK
	optFormat      = options.Format
	optColor       = options.Color
	optBg          = options.Bg
	optStyle       = options.Style
	optEye         = options.Eye
	optFrame       = options.EyeFrame
	optBall        = options.EyeBall
	optEC          = options.EC
	optMargin      = options.Margin
	optSymbol      = options.Symbol
	optRMQRHeight  = options.RMQRHeight
	optLabel       = options.Label
	optTpl         = options.Tpl
	optFrameColor  = options.FrameColor
	optTextColor   = options.TextColor
	optFont        = options.Font
	optLogo        = options.Logo
	optLogoSize    = options.LogoSize
	optLogoPadding = options.LogoPadding
	optLogoBg      = options.LogoBg
	optLogoPlate   = options.LogoPlate
	optECI         = options.ECI
	optChld        = options.Chld
	optRobustness  = options.Robustness
	optCht         = options.Cht
	optChoe        = options.Choe
)

// renderOptions are the options every generation endpoint takes.
var renderOptions = options.Rendering

// Format is an output format of README "Options".
type Format string

// Output formats.
const (
	FormatPNG     Format = "png"
	FormatSVG     Format = "svg"
	FormatSVGTiny Format = "svg-tiny"
	FormatJSON    Format = "json"
	FormatBase64  Format = "base64"
	FormatGIF     Format = "gif"
	FormatJPEG    Format = "jpeg"
	FormatPDF     Format = "pdf"
	FormatEPS     Format = "eps"
)

// Formats lists every format, as the catalogue declares them.
var Formats = func() []Format {
	out := make([]Format, len(options.Formats))
	for i, f := range options.Formats {
		out[i] = Format(f)
	}
	return out
}()

// maxLabel bounds caption text: it must fit legibly under the code.
const maxLabel = options.MaxLabel

// Rendering is a parsed, validated generation request.
type Rendering struct {
	Data   string
	Format Format
	Level  render.Level
	// ECI says whether non-ASCII data is marked as UTF-8 (docs/eci.md).
	ECI render.ECI
	// Symbol is the symbol type asked for: QR Code, Micro QR Code or
	// the smaller that holds the data (render.EncodeSymbol).
	Symbol render.SymbolType
	// set is what the request asks of structured append (append.go).
	set appendRequest
	// RMQRHeight is the rMQR height asked for (rmqrheight), 0 for any.
	RMQRHeight int
	Options    render.Options
	// Canonical holds every option under its canonical name with its
	// normalised value, for cache keys and ETags.
	Canonical url.Values
	// Given names the options the caller set, under canonical names; fixes
	// repeat only those.
	Given map[string]bool
	// fields are a typed kind's field values, for fixes.
	fields map[string]string
	// kind is the typed kind's name, "" for the generic endpoint: a
	// kind may draw more than its payload (the Swiss cross).
	kind string
	// sizeUnit is the unit of a size given as a length, "" for pixels:
	// fixes of the size keep it (sizeValue).
	sizeUnit string
	// logo is the logo as given (logo.go), logoParam its parameter's
	// value, for fixes; Options.Logo is set with it.
	logo      *logoInput
	logoParam string
	// maxVersion is the largest version a kind's standard allows (0: 40),
	// levelFixed whether it fixes the level.
	maxVersion int
	levelFixed bool
	// gs1 marks the data as a GS1 element string, which the symbol
	// starts with FNC1 in first position (render.EncodeGS1).
	gs1 bool
	// robustness is how deep verify scores ("" skips it), robustnessGiven
	// whether the caller chose it (fixes then keep it).
	robustness      analysis.Depth
	robustnessGiven bool
	scoreOnly       bool // no fixes measured (Request.ScoreOnly)
}

// paramError is one bad parameter and the value that would fix it ("" to
// drop the parameter).
type paramError struct {
	field  string
	detail string
	fixed  string
	keep   bool // the fix URL already carries a corrected value
	// rename, when set, is the parameter the caller most likely meant;
	// the fix gives it the value fixed.
	rename string
	// unfixable marks a value only the caller can give (the data to
	// encode): the problem then has no fix, and shows an example apart.
	unfixable bool
	// tooLarge marks a value too large to read (a logo's file): the
	// problem is a 413.
	tooLarge bool
}

// query is the request's parameters with lower-cased names, so that
// `ecLevel` and `eclevel` are the same parameter.
type query map[string][]string

func newQuery(raw url.Values) query {
	q := make(query, len(raw))
	// In the order of the names, so that eYe=a&eye=b is read the same way
	// every time (which value a conflict's fix keeps).
	for _, k := range slices.Sorted(maps.Keys(raw)) {
		lk := strings.ToLower(k)
		q[lk] = append(q[lk], raw[k]...)
	}
	return q
}

// lookup returns the value of an option given under any of its names. Two
// different values are a conflict, reported as an error.
func (q query) lookup(o option) (string, bool, *paramError) {
	var value, from string
	found := false
	for _, name := range append([]string{o.Name}, o.Aliases...) {
		for _, v := range q[name] {
			if !found {
				value, from, found = v, name, true
				continue
			}
			if v != value {
				return value, true, &paramError{field: o.Name, detail: fmt.Sprintf("%s is given twice with different values (%s=%q and %s=%q); give it once", o.Name, from, value, name, v), fixed: value}
			}
		}
	}
	return value, found, nil
}

// canonicalName maps a parameter name, or any alias of it, to the
// option's canonical name; other names (a kind's fields) are returned
// lower-cased. withData counts data and its aliases as options.
func canonicalName(name string, withData bool) string {
	name = strings.ToLower(name)
	if o, ok := options.Named(name); ok {
		return o.Name
	}
	if withData && (name == optData.Name || slices.Contains(optData.Aliases, name)) {
		return optData.Name
	}
	return name
}

// parseRendering reads the rendering options of README "Options" and, when
// withData is set, the data to encode. It reports every bad parameter.
func parseRendering(q query, withData bool) (*Rendering, []paramError) {
	r := &Rendering{Format: FormatPNG, ECI: render.DefaultECI, Symbol: render.SymbolQR, Options: render.DefaultOptions(), Canonical: url.Values{}, Given: map[string]bool{}}
	var errs []paramError
	get := func(o option) (string, bool) {
		v, ok, err := q.lookup(o)
		if err != nil {
			errs = append(errs, *err)
		}
		if ok {
			r.Given[o.Name] = true
		}
		return v, ok
	}
	fail := func(field, fixed, format string, args ...any) {
		errs = append(errs, paramError{field: field, detail: fmt.Sprintf(format, args...), fixed: fixed})
	}

	if withData {
		if v, ok := get(optData); !ok || v == "" {
			fail("data", optData.Example, "data is required: the text to encode, under data (or text, content, url, q, chl)")
		} else {
			r.Data = v
			r.Canonical.Set("data", v)
		}
	}

	// Google's chld=<ec>|<margin> sets two options at once; explicit ec and
	// margin must agree with it.
	chldLevel, chldMargin := "", ""
	if v, ok := get(optChld); ok {
		level, margin, hasMargin := strings.Cut(v, "|")
		chldLevel = level
		if hasMargin {
			chldMargin = margin
		}
	}

	if v, ok := get(optCht); ok && !strings.EqualFold(v, "qr") {
		fail(optCht.Name, "qr", "cht=%q is not supported: qrforge draws QR codes only (cht=qr)", v)
	}
	if v, ok := get(optChoe); ok && !strings.EqualFold(strings.ReplaceAll(v, "-", ""), "utf8") {
		fail(optChoe.Name, "UTF-8", "choe=%q is not supported: data is always encoded as UTF-8", v)
	}

	// A bad dpi is read as its fix, so that a length is checked at the
	// resolution the fix asks for.
	dpiValue, dpiGiven := get(optDPI)
	dpi := 0
	if dpiGiven {
		n, err := atoiSaturating(strings.TrimSpace(dpiValue))
		switch {
		case err != nil:
			fail(optDPI.Name, optDPI.Example, "dpi %q is not a whole number of dots per inch (%d to %d)", dpiValue, render.MinDPI, render.MaxDPI)
			dpi = render.DefaultDPI
		case n < render.MinDPI || n > render.MaxDPI:
			dpi = min(max(n, render.MinDPI), render.MaxDPI)
			fail(optDPI.Name, strconv.Itoa(dpi), "dpi %d is outside %d to %d dots per inch", n, render.MinDPI, render.MaxDPI)
		default:
			dpi = n
		}
	}
	if v, ok := get(optSize); ok {
		size, fixed, err := parseSize(v)
		switch {
		case err != nil:
			fail(optSize.Name, fixed, "%s", err)
		case size.unit != "":
			r.sizeUnit = size.unit
			errs = append(errs, r.setLength(size, dpi)...)
		case size.px < render.MinSize:
			fail(optSize.Name, strconv.Itoa(render.MinSize), "size %s is below the minimum of %d pixels", strings.TrimSpace(v), render.MinSize)
		case size.px > render.MaxSize:
			fail(optSize.Name, strconv.Itoa(render.MaxSize), "size %s is above the maximum of %d pixels", strings.TrimSpace(v), render.MaxSize)
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

	if v, ok := get(optFormat); ok {
		f, known := options.FormatNamed(v)
		if !known {
			near, says := meantValue(optFormat, v, Formats, FormatPNG)
			fail(optFormat.Name, string(near), "format %q is not one of %s; %s", v, text.Join(Formats), says)
		}
		r.Format = Format(f)
	}
	r.Canonical.Set(optFormat.Name, string(r.Format))

	if v, ok := get(optColor); ok {
		c, err := render.ParseColor(v, false)
		if err != nil {
			fail(optColor.Name, optColor.Example, "%s", err)
		}
		r.Options.Foreground = c
	}
	r.Canonical.Set(optColor.Name, render.HexColor(r.Options.Foreground))

	if v, ok := get(optBg); ok {
		c, err := render.ParseColor(v, true)
		if err != nil {
			fail(optBg.Name, optBg.Example, "%s (or the word transparent)", err)
		}
		r.Options.Background = c
	}
	r.Canonical.Set(optBg.Name, render.HexColor(r.Options.Background))

	if v, ok := get(optCMYK); ok {
		b, err := strconv.ParseBool(strings.TrimSpace(v))
		if err != nil {
			fail(optCMYK.Name, "true", "cmyk %q is not true or false", v)
		}
		r.Options.Print.CMYK = b
	}
	if r.Options.Print.CMYK {
		r.Canonical.Set(optCMYK.Name, "true")
	}

	if v, ok := get(optStyle); ok {
		s := render.ModuleStyle(strings.ToLower(v))
		if !slices.Contains(render.ModuleStyles, s) {
			near, says := meantValue(optStyle, v, render.ModuleStyles, render.ModuleSquare)
			fail(optStyle.Name, string(near), "style %q is not one of %s; %s", v, text.Join(render.ModuleStyles), says)
		}
		r.Options.Module = s
	}
	r.Canonical.Set(optStyle.Name, string(r.Options.Module))

	eyeGiven := false
	if v, ok := get(optEye); ok {
		e, ok := render.ParseEye(v)
		if !ok {
			near, says := meantValue(optEye, v, render.EyeNames(), string(render.EyeSquare))
			fail(optEye.Name, near, "eye %q is not one of %s; %s", v, text.Join(render.EyeStyles), says)
			// The eye parts below are judged with the fix.
			e, _ = render.ParseEye(near)
		}
		r.Options.Eye = e
		eyeGiven = true
	}
	r.Canonical.Set(optEye.Name, string(r.Options.Eye))
	parseEyeParts(r, get, fail, eyeGiven)

	// Paints are judged against bg even when some did not parse: a fix
	// must leave every colour readable.
	parsePaints(r, get, fail)
	checkPaints(r, fail)

	ecValue, ecGiven := get(optEC)
	if chldLevel != "" {
		if ecGiven && !strings.EqualFold(ecValue, chldLevel) {
			fail(optEC.Name, strings.ToUpper(chldLevel), "ec=%q disagrees with chld=%q; give the level once", ecValue, chldLevel)
		}
		ecValue, ecGiven = chldLevel, true
	}
	if ecGiven {
		l := render.Level(0)
		if len(ecValue) == 1 {
			l = render.Level(strings.ToUpper(ecValue)[0])
		}
		if !slices.Contains(render.Levels, l) {
			near, says := meantValue(optEC, ecValue, optEC.Enum, "M")
			fail(optEC.Name, near, "ec %q is not one of L, M, Q, H (H survives the most damage); %s", ecValue, says)
		}
		r.Level = l
		r.Canonical.Set(optEC.Name, string(l))
	}

	if v, ok := get(optSymbol); ok {
		t := render.SymbolType(strings.ToLower(strings.TrimSpace(v)))
		switch {
		case !slices.Contains(render.SymbolTypes, t):
			near, says := meantValue(optSymbol, v, render.SymbolTypes, render.SymbolQR)
			fail(optSymbol.Name, string(near), "symbol %q is not one of %s: qr is a QR Code, micro a Micro QR Code (M1 to M4), auto the smaller of the two that holds the data, rmqr a rectangular Micro QR Code (R7x43 to R17x139); %s", v, text.Join(render.SymbolTypes), says)
		case t == render.SymbolMicro && r.Level == render.LevelH:
			fail(optEC.Name, "Q", "Micro QR Codes have no level H: M2 to M4 have L and M, M4 also Q")
			r.Symbol = t // the fix keeps the symbol and changes the level
		case t == render.SymbolRMQR && (r.Level == render.LevelL || r.Level == render.LevelQ):
			// ISO/IEC 23941:2022 §6.5.1: M and H only; the fix takes the
			// nearer level that protects at least as much.
			fixed := map[render.Level]string{render.LevelL: "M", render.LevelQ: "H"}[r.Level]
			fail(optEC.Name, fixed, "rMQR codes have no level %s: only M and H", r.Level)
			r.Symbol = t
		default:
			r.Symbol = t
		}
	}
	if r.Symbol != render.SymbolQR {
		r.Canonical.Set(optSymbol.Name, string(r.Symbol))
	}
	if v, ok := get(optRMQRHeight); ok {
		v = strings.TrimSpace(v)
		h, err := atoiSaturating(v)
		switch {
		case err != nil || h < optRMQRHeight.Min || h > optRMQRHeight.Max:
			fail(optRMQRHeight.Name, optRMQRHeight.Example, "rmqrheight %q is not one of 7, 9, 11, 13, 15, 17: the heights of rMQR codes in modules (ISO/IEC 23941)", v)
		case h%2 == 0:
			fail(optRMQRHeight.Name, strconv.Itoa(h+1), "rmqrheight %d is not an rMQR height: they are odd, 7 to 17", h)
		case r.Symbol != render.SymbolRMQR:
			fail(optSymbol.Name, string(render.SymbolRMQR), "rmqrheight sets the height of an rMQR code, and symbol is %s; add symbol=rmqr, or drop rmqrheight", r.Symbol)
		default:
			r.RMQRHeight = h
			r.Canonical.Set(optRMQRHeight.Name, strconv.Itoa(h))
		}
	}
	switch r.Symbol {
	case render.SymbolMicro:
		// ISO/IEC 18004:2015 §6.3.8: a Micro QR Code needs two modules of
		// quiet zone, not four.
		r.Options.Margin = render.MicroQuietZone
	case render.SymbolRMQR:
		r.Options.Margin = render.RMQRQuietZone // ISO/IEC 23941:2022 §6.3.8
	}

	marginValue, marginGiven := get(optMargin)
	if chldMargin != "" {
		if marginGiven && marginValue != chldMargin {
			fail(optMargin.Name, chldMargin, "margin=%q disagrees with chld=%q; give the margin once", marginValue, chldMargin)
		}
		marginValue, marginGiven = chldMargin, true
	}
	if marginGiven {
		marginValue = strings.TrimSpace(marginValue)
		m, err := atoiSaturating(marginValue)
		switch {
		case err != nil:
			fail(optMargin.Name, optMargin.Example, "margin %q is not a whole number of modules (0 to %d)", marginValue, render.MaxMargin)
		case m < 0:
			fail(optMargin.Name, "0", "margin %s is negative; it counts modules of quiet zone, 0 to %d", marginValue, render.MaxMargin)
		case m > render.MaxMargin:
			fail(optMargin.Name, strconv.Itoa(render.MaxMargin), "margin %s is above the maximum of %d modules", marginValue, render.MaxMargin)
		default:
			r.Options.Margin = m
		}
	}
	r.Canonical.Set(optMargin.Name, strconv.Itoa(r.Options.Margin))

	// The font comes before the label, whose characters it must have.
	if v, ok := get(optFont); ok {
		f := render.Font(strings.ToLower(strings.TrimSpace(v)))
		if !slices.Contains(render.Fonts, f) {
			near, says := meantValue(optFont, v, render.Fonts, render.FontBold)
			fail(optFont.Name, string(near), "font %q is not one of %s; %s", v, text.Join(render.Fonts), says)
		}
		r.Options.Font = f
	}
	if r.Options.Font != render.FontBold {
		r.Canonical.Set(optFont.Name, string(r.Options.Font))
	}

	if v, ok := get(optLabel); ok && v != "" {
		// The fix drops what cannot be drawn and keeps what fits.
		drawable := drawableText(v)
		missing := render.MissingGlyphs(drawable, r.Options.Font)
		fixed := []rune(dropRunes(drawable, missing))
		fixed = fixed[:min(len(fixed), maxLabel)]
		switch {
		case drawable != v:
			fail(optLabel.Name, string(fixed), "label has bytes that are not text (invalid UTF-8 or control characters); the fix drops them")
		case len(missing) > 0:
			fail(optLabel.Name, string(fixed), "label has characters the caption font cannot draw: %s; its font, %s, covers Latin, Greek and Cyrillic, and the fix drops the rest", runeList(missing), r.Options.Font.Name())
		case utf8.RuneCountInString(v) > maxLabel:
			fail(optLabel.Name, string(fixed), "label has %d characters; at most %d fit under the code", utf8.RuneCountInString(v), maxLabel)
		}
		r.Options.Label = v
		r.Canonical.Set(optLabel.Name, v)
	}

	if v, ok := get(optTpl); ok {
		t, known := render.ParseFrame(v)
		if !known {
			near, says := meantValue(optTpl, v, render.FrameNames(), string(render.FrameBannerBelow))
			if f, ok := render.ParseFrame(near); ok {
				near = string(f)
			}
			fail(optTpl.Name, near, "tpl %q is not one of %s; %s", v, text.Join(render.Frames), says)
			// The checks below judge the frame the fix gives.
			t = render.Frame(near)
		}
		r.Options.Frame = t
	}
	if r.Options.Frame != render.FrameNone {
		r.Canonical.Set(optTpl.Name, string(r.Options.Frame))
	}
	if need := r.Options.Frame.MinMargin(); need > 0 {
		// A margin refused above gets a fix the frame takes too.
		marginFailed := false
		for i, e := range errs {
			if e.field == optMargin.Name {
				marginFailed = true
				if m, err := strconv.Atoi(e.fixed); err == nil && m < need {
					errs[i].fixed = strconv.Itoa(need)
				}
			}
		}
		if !marginFailed && r.Options.Margin < need {
			fail(optMargin.Name, strconv.Itoa(need), "margin %d puts tpl=%s's frame against the code, where decoders take it for part of the finder patterns; it needs at least %d module of quiet zone", r.Options.Margin, r.Options.Frame, need)
		}
	}

	// Frame and text colours: given only where they differ from what the
	// drawing would use anyway, so that equal images share a cache key.
	frameColorGiven, textColorGiven := false, false
	if v, ok := get(optFrameColor); ok {
		c, err := render.ParseColor(v, false)
		if err != nil {
			fail(optFrameColor.Name, render.HexColor(r.Options.Foreground), "%s", err)
		} else if c != r.Options.Foreground {
			r.Options.FrameColor = &c
		}
		frameColorGiven = true
	}
	if v, ok := get(optTextColor); ok {
		c, err := render.ParseColor(v, false)
		if err != nil {
			_, def := r.Options.CaptionColors()
			fail(optTextColor.Name, render.HexColor(def), "%s", err)
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
		if ratio := analysis.ContrastRatio(fg, ground); ratio < captionContrast {
			fix := readableOn(ground)
			fail(optTextColor.Name, render.HexColor(fix), "the label's colour #%s on #%s has a contrast of %.2f:1, below the %.0f:1 that large text needs (WCAG 2.2 §1.4.3); the fix writes it in #%s", render.HexColor(fg), render.HexColor(ground), ratio, captionContrast, render.HexColor(fix))
		}
	}

	errs = append(errs, r.readLogoOptions(get, fail)...)
	if r.Symbol == render.SymbolMicro && r.logo != nil {
		fail(optLogo.Name, "", "a Micro QR Code holds at most 24 codewords and none can be spared for a logo; drop the logo, or use symbol=qr")
	}
	if r.Symbol == render.SymbolMicro || r.Symbol == render.SymbolRMQR {
		refuseEyeShapes(r, fail)
	}
	if r.Symbol == render.SymbolRMQR {
		// A logo sits on a square in the centre, which an rMQR (7 to 17
		// modules high, with alignment patterns and timing across its
		// height) has no room for; frames are drawn around a square.
		if r.logo != nil {
			fail(optLogo.Name, "", "an rMQR code is 7 to 17 modules high and has no square centre to spare for a logo; drop the logo, or use symbol=qr")
		}
		if r.Options.Frame != render.FrameNone {
			fail(optTpl.Name, "", "tpl=%s frames a square code, and an rMQR code is a rectangle; drop tpl (a label still goes under the code), or use symbol=qr", r.Options.Frame)
		}
	}

	if v, ok := get(optECI); ok {
		e := render.ECI(strings.ToLower(strings.ReplaceAll(v, "-", "")))
		if !slices.Contains(render.ECIs, e) {
			fail(optECI.Name, string(render.DefaultECI), "eci %q is not one of %s: utf8 marks non-ASCII data as UTF-8 (ECI 26), none leaves readers to guess", v, text.Join(render.ECIs))
		}
		r.ECI = e
	}
	if r.ECI != render.DefaultECI {
		r.Canonical.Set(optECI.Name, string(r.ECI))
	}
	parseAppend(r, get, fail)
	return r, errs
}

// unmetNeeds refuses each option given without any of the options it acts
// on (options.Option.Needs), which it would silently not change: the fix
// drops it. An option among errs counts as given, as its fix gives it (a
// misspelt tpl renamed, say).
func unmetNeeds(q query, errs []paramError) []paramError {
	gives := func(name string) bool {
		return q.gives(name) || slices.ContainsFunc(errs, func(e paramError) bool { return e.field == name || e.rename == name })
	}
	var unmet []paramError
	for _, o := range options.Rendering {
		if _, ok, _ := q.lookup(o); !ok || o.NeedsMet(gives) {
			continue
		}
		add := o.Needs[0]
		if len(o.Needs) > 1 {
			add = "one of them"
		}
		unmet = append(unmet, paramError{field: o.Name, detail: fmt.Sprintf("%s changes nothing without %s; add %s, or drop %s", o.Name, strings.Join(o.Needs, " or "), add, o.Name)})
	}
	return unmet
}

// dropUnmet deletes from values each option that may go (mayDrop, by the
// name given) and needs what values lack (options.Option.Needs), until
// none is left: dropping logobg leaves logoplate with nothing.
func dropUnmet(values url.Values, mayDrop func(name string) bool) {
	for dropped := true; dropped; {
		dropped = false
		q := newQuery(values)
		for k := range values {
			if o, ok := options.Named(k); ok && mayDrop(k) && !o.NeedsMet(q.gives) {
				delete(values, k)
				dropped = true
			}
		}
	}
}

// gives reports whether the query gives the rendering option name a value
// other than empty or none.
func (q query) gives(name string) bool {
	o, ok := options.Named(name)
	if !ok {
		return false
	}
	v, given, _ := q.lookup(o)
	v = strings.ToLower(strings.TrimSpace(v))
	return given && v != "" && v != "none"
}

// captionContrast is the least contrast between a caption and what it is
// drawn on: WCAG 2.2 §1.4.3's ratio for large text.
const captionContrast = 3.0

// captionDefault is the caption's colour when textcolor is not given.
func captionDefault(o render.Options) (ground, text color.NRGBA) {
	o.TextColor = nil
	return o.CaptionColors()
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

// parseSize reads "512", "512px", a square "512x512" or a length of
// print, "30mm", "3cm" or "1.2in". When v is not a size, it also returns
// the size a fix should use: the square form of a rectangle (README
// "Options"), else the default.
func parseSize(v string) (size sizeValue, fixed string, err error) {
	v = strings.TrimSpace(strings.ToLower(v))
	for _, u := range lengthUnits {
		number, isLength := strings.CutSuffix(v, u.name)
		if !isLength {
			continue
		}
		number = strings.TrimSpace(number)
		n, err := strconv.ParseFloat(number, 64)
		if err != nil || !decimal(number) || n <= 0 {
			return sizeValue{}, u.example, fmt.Errorf("size %q is not a length: a positive number of %s, such as %s", v, u.name, u.example)
		}
		return sizeValue{length: n, unit: u.name}, "", nil
	}
	v = strings.TrimSpace(strings.TrimSuffix(v, "px"))
	w, h, isPair := strings.Cut(v, "x")
	if !isPair {
		n, err := atoiSaturating(v)
		if err != nil {
			return sizeValue{}, optSize.Example, fmt.Errorf("size %q is not a whole number of pixels (%d to %d) or a length (30mm, 3cm, 1.2in)", v, render.MinSize, render.MaxSize)
		}
		return sizeValue{px: n}, "", nil
	}
	wn, errW := atoiSaturating(w)
	hn, errH := atoiSaturating(h)
	switch {
	case errW != nil && errH != nil:
		return sizeValue{}, optSize.Example, fmt.Errorf("size %q is not a number of pixels (e.g. 512 or 512x512)", v)
	case errW != nil || errH != nil || wn != hn:
		side := min(max(wn, hn, render.MinSize), render.MaxSize)
		return sizeValue{}, strconv.Itoa(side), fmt.Errorf("size %q is not square; QR codes are square, use %d", v, side)
	}
	return sizeValue{px: wn}, "", nil
}

// decimal reports whether s is digits with at most one decimal point,
// the only numbers a length takes (no signs, exponents or "NaN").
func decimal(s string) bool {
	dot := false
	for i, c := range s {
		switch {
		case c == '.' && !dot && i > 0 && i < len(s)-1:
			dot = true
		case c < '0' || c > '9':
			return false
		}
	}
	return s != ""
}

// atoiSaturating is strconv.Atoi except that a number too large for an int
// saturates instead of failing: "size=1" followed by 30 zeros is above the
// maximum, not "not a number".
func atoiSaturating(s string) (int, error) {
	n, err := strconv.Atoi(s)
	if errors.Is(err, strconv.ErrRange) {
		return n, nil
	}
	return n, err
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
