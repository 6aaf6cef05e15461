package service

import (
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/qrforge/qrforge/internal/editdistance"
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
	optData   = options.Data
	optSize   = options.Size
	optFormat = options.Format
	optColor  = options.Color
	optBg     = options.Bg
	optStyle  = options.Style
	optEye    = options.Eye
	optFrame  = options.EyeFrame
	optBall   = options.EyeBall
	optEC     = options.EC
	optMargin = options.Margin
	optLabel  = options.Label
	optTpl    = options.Tpl
	optECI    = options.ECI
	optChld   = options.Chld
	optCht    = options.Cht
	optChoe   = options.Choe
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
	ECI     render.ECI
	Options render.Options
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
}

// query is the request's parameters with lower-cased names, so that
// `ecLevel` and `eclevel` are the same parameter.
type query map[string][]string

func newQuery(raw url.Values) query {
	q := make(query, len(raw))
	for k, vs := range raw {
		lk := strings.ToLower(k)
		q[lk] = append(q[lk], vs...)
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
	r := &Rendering{Format: FormatPNG, ECI: render.DefaultECI, Options: render.DefaultOptions(), Canonical: url.Values{}, Given: map[string]bool{}}
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

	if v, ok := get(optSize); ok {
		size, fixed, err := parseSize(v)
		switch {
		case err != nil:
			fail(optSize.Name, fixed, "%s", err)
		case size < render.MinSize:
			fail(optSize.Name, strconv.Itoa(render.MinSize), "size %s is below the minimum of %d pixels", strings.TrimSpace(v), render.MinSize)
		case size > render.MaxSize:
			fail(optSize.Name, strconv.Itoa(render.MaxSize), "size %s is above the maximum of %d pixels", strings.TrimSpace(v), render.MaxSize)
		default:
			r.Options.Size = size
		}
	}
	r.Canonical.Set(optSize.Name, strconv.Itoa(r.Options.Size))

	if v, ok := get(optFormat); ok {
		f, known := options.FormatNamed(v)
		if !known {
			fail(optFormat.Name, string(editdistance.Nearest(strings.ToLower(v), Formats, FormatPNG)), "format %q is not one of %s", v, text.Join(Formats))
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

	if v, ok := get(optStyle); ok {
		s := render.ModuleStyle(strings.ToLower(v))
		if !slices.Contains(render.ModuleStyles, s) {
			near := editdistance.Nearest(string(s), render.ModuleStyles, render.ModuleSquare)
			fail(optStyle.Name, string(near), "style %q is not one of %s; did you mean %s?", v, text.Join(render.ModuleStyles), near)
		}
		r.Options.Module = s
	}
	r.Canonical.Set(optStyle.Name, string(r.Options.Module))

	if v, ok := get(optEye); ok {
		e, ok := render.ParseEye(v)
		if !ok {
			near := editdistance.Nearest(string(e), render.EyeNames(), string(render.EyeSquare))
			fail(optEye.Name, near, "eye %q is not one of %s; did you mean %s?", v, text.Join(render.EyeStyles), near)
		}
		r.Options.Eye = e
	}
	r.Canonical.Set(optEye.Name, string(r.Options.Eye))

	// eyeframe and eyeball replace the eye style's parts; the canonical
	// form names them only where they differ from it, so that eye=leaf and
	// eye=leaf&eyeframe=leaf share a cache entry.
	if v, ok := get(optFrame); ok {
		f, known := render.ParseEyeFrame(v)
		if !known {
			near := editdistance.Nearest(string(f), render.EyeFrameNames(), string(render.EyeFrameSquare))
			fail(optFrame.Name, near, "eyeframe %q is not one of %s; did you mean %s?", v, text.Join(render.EyeFrames), near)
		}
		r.Options.EyeFrame = f
		if f != render.EyeFrame(r.Options.Eye) {
			r.Canonical.Set(optFrame.Name, string(f))
		}
	}
	if v, ok := get(optBall); ok {
		b, known := render.ParseEyeBall(v)
		if !known {
			near := editdistance.Nearest(string(b), render.EyeBallNames(), string(render.EyeBallSquare))
			fail(optBall.Name, near, "eyeball %q is not one of %s; did you mean %s?", v, text.Join(render.EyeBalls), near)
		}
		r.Options.EyeBall = b
		if b != render.EyeBall(r.Options.Eye) {
			r.Canonical.Set(optBall.Name, string(b))
		}
	}

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
			fail(optEC.Name, "M", "ec %q is not one of L, M, Q, H (H survives the most damage)", ecValue)
		}
		r.Level = l
		r.Canonical.Set(optEC.Name, string(l))
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

	if v, ok := get(optLabel); ok && v != "" {
		drawable := drawableText(v)
		runes := []rune(drawable)
		switch {
		case drawable != v:
			fail(optLabel.Name, string(runes[:min(len(runes), maxLabel)]), "label has bytes that are not text (invalid UTF-8 or control characters); the fix drops them")
		case len(runes) > maxLabel:
			fail(optLabel.Name, string(runes[:maxLabel]), "label has %d characters; at most %d fit under the code", len(runes), maxLabel)
		}
		r.Options.Label = v
		r.Canonical.Set(optLabel.Name, v)
	}

	if v, ok := get(optTpl); ok {
		t := render.Frame(strings.ToLower(v))
		if t == "frame" || t == "scan-me" || t == "scan_me" {
			t = render.FrameScanMe
		}
		if !slices.Contains(render.Frames, t) {
			fail(optTpl.Name, string(render.FrameScanMe), "tpl %q is not one of %s", v, text.Join(render.Frames))
		}
		r.Options.Frame = t
	}
	if r.Options.Frame != render.FrameNone {
		r.Canonical.Set(optTpl.Name, string(r.Options.Frame))
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
	return r, errs
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

// parseSize reads "512" or a square "512x512". When v is not a size, it
// also returns the size a fix should use: the square form of a rectangle
// (README "Options"), else the default.
func parseSize(v string) (size int, fixed string, err error) {
	v = strings.TrimSpace(strings.ToLower(v))
	w, h, isPair := strings.Cut(v, "x")
	if !isPair {
		n, err := atoiSaturating(v)
		if err != nil {
			return 0, optSize.Example, fmt.Errorf("size %q is not a whole number of pixels (%d to %d)", v, render.MinSize, render.MaxSize)
		}
		return n, "", nil
	}
	wn, errW := atoiSaturating(w)
	hn, errH := atoiSaturating(h)
	switch {
	case errW != nil && errH != nil:
		return 0, optSize.Example, fmt.Errorf("size %q is not a number of pixels (e.g. 512 or 512x512)", v)
	case errW != nil || errH != nil || wn != hn:
		side := min(max(wn, hn, render.MinSize), render.MaxSize)
		return 0, strconv.Itoa(side), fmt.Errorf("size %q is not square; QR codes are square, use %d", v, side)
	}
	return wn, "", nil
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
