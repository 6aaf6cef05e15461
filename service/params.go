package service

import (
	"fmt"
	"maps"
	"net/url"
	"slices"
	"strings"

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
	optScale       = options.Scale
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
	optVersion     = options.Version
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
	// Version is the QR Code version asked for (version), 0 for the
	// smallest that holds the data.
	Version int
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
	// kindWarnings are the kind's warnings on those values (registry
	// Kind.Warn): the payload is made, and may still lose a character.
	kindWarnings []Warning
	// expired warns of a payment code past its expiry at the time of the
	// request (expiredWarnings): never cached with an image.
	expired []Warning
	// kind is the typed kind's name, "" for the generic endpoint: a
	// kind may draw more than its payload (the Swiss cross).
	kind string
	// sizeUnit is the unit of a size given as a length, "" for pixels:
	// fixes of the size keep it (sizeValue).
	sizeUnit string
	// scale is the pixels a module asked for (scale.go), 0 when the size
	// is; scaleModules the canvas's modules it was applied to.
	scale, scaleModules int
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
	// encode, which of two values is meant): the problem then has no
	// fix, and shows an example apart.
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
	trim := readsTrimmed(o)
	// A listed value is read in any case, so style=dot&style=DOT is one
	// value given twice, which passes.
	same := func(a, b string) bool { return a == b }
	if opt, ok := options.Named(o.Name); ok && len(opt.Enum) > 0 {
		same = strings.EqualFold
	}
	for _, name := range append([]string{o.Name}, o.Aliases...) {
		for _, v := range q[name] {
			if trim {
				v = strings.TrimSpace(v)
			}
			if !found {
				value, from, found = v, name, true
				continue
			}
			if !same(v, value) {
				return value, true, givenTwice(o.Name, fmt.Sprintf("%s=%q and %s=%q", from, text.Truncate(value, 64), name, text.Truncate(v, 64)))
			}
		}
	}
	return value, found, nil
}

// readsTrimmed reports whether o's value is read without the spaces
// around it: a rendering option's value is a word, a number, a colour or
// a logo, in which a space (format=+png, from a form) means nothing. The
// data and a label are the caller's text, spaces and all, as a kind's
// fields are.
func readsTrimmed(o option) bool {
	if o.Name == optData.Name || o.Name == optLabel.Name {
		return false
	}
	_, ok := options.Named(o.Name)
	return ok
}

// givenTwice is the error of a parameter given two different values
// (both, as written): which one was meant only the caller knows, so there
// is no fix, as for a JSON body's key given twice (README "Errors"); a fix
// keeping one would be a silent choice of payee, network or data.
func givenTwice(field, both string) *paramError {
	return &paramError{field: field, unfixable: true,
		detail: fmt.Sprintf("%s is given twice with different values (%s); give it once, keeping the value you mean, as qrforge does not choose between them", field, both)}
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
