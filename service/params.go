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
