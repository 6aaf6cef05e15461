package service

import (
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/qrforge/qrforge/internal/text"
	"github.com/qrforge/qrforge/options"
	"github.com/qrforge/qrforge/registry"
	"github.com/qrforge/qrforge/render"
)

// reading is a query's rendering options as parseRendering reads them:
// the rendering so far, and every bad parameter found.
type reading struct {
	q    query
	r    *Rendering
	errs []paramError
	// defaults and via are those of Request: the emulated API's
	// defaults, which a fix gives an option whose value says nothing.
	defaults map[string]string
	via      string
}

// fallback is the value a fix gives o when the caller's says nothing of
// what was meant: the default of the API the call came by, as that API
// would draw (docs/migrating.md), else o's example.
func (p *reading) fallback(o option) string {
	if d, ok := p.defaults[o.Name]; ok {
		return d
	}
	return o.Example
}

// get is the value of o under any of its names, and whether it was given;
// a conflict between two of its names is an error.
func (p *reading) get(o option) (string, bool) {
	v, ok, err := p.q.lookup(o)
	if err != nil {
		p.errs = append(p.errs, *err)
	}
	if ok {
		p.r.Given[o.Name] = true
	}
	return v, ok
}

// getPaint is get, with gradientcolors read from numbered names
// (gradientColor1) when not given: those are refused as unknown, and the
// fix renames them gradientcolors, so the gradient they ask for is not
// refused, and dropped by the fix, for want of colours.
func (p *reading) getPaint(o option) (string, bool) {
	v, ok := p.get(o)
	if !ok && o.Name == optGradientColors.Name {
		return numberedGradient(p.q)
	}
	return v, ok
}

// fail records a bad parameter and the value that fixes it ("" drops it).
func (p *reading) fail(field, fixed, format string, args ...any) {
	p.errs = append(p.errs, paramError{field: field, detail: fmt.Sprintf(format, args...), fixed: fixed})
}

// parseRendering reads the rendering options of README "Options" and, when
// withData is set, the data to encode. It reports every bad parameter.
func parseRendering(q query, withData bool) (*Rendering, []paramError) {
	return parseRenderingVia(q, withData, "", nil)
}

// parseRenderingVia is parseRendering for a call that came by another
// API's path, via, whose documented defaults fixes take (Request.Defaults).
func parseRenderingVia(q query, withData bool, via string, defaults map[string]string) (*Rendering, []paramError) {
	r := &Rendering{Format: FormatPNG, ECI: render.DefaultECI, Symbol: render.SymbolQR, Options: render.DefaultOptions(), Canonical: url.Values{}, Given: map[string]bool{}}
	p := &reading{q: q, r: r, via: via, defaults: defaults}
	if withData {
		p.readData()
	}
	chldLevel, chldMargin := p.readChartAPI()
	p.readSize()
	p.readFormat()
	p.readColours()
	p.readShapes()
	// Paints are judged against bg even when some did not parse: a fix
	// must leave every colour readable.
	parsePaints(r, p.getPaint, p.fail)
	checkPaints(r, p.fail)
	p.readLevel(chldLevel)
	p.readSymbol()
	p.readMargin(chldMargin)
	p.readCaption()
	logoErrs := r.readLogoOptions(p.get, p.fail)
	p.errs = append(p.errs, logoErrs...)
	p.checkSymbolDesign()
	p.readECI()
	parseAppend(r, p.get, p.fail)
	p.readVersion()
	return r, p.errs
}

// readData reads the data to encode.
func (p *reading) readData() {
	r := p.r
	if v, ok := p.get(optData); !ok || v == "" {
		// What to encode only the caller knows: a fix encoding an
		// example would answer 200 with someone else's code (README
		// "Errors": a fix carries only what you wrote).
		p.errs = append(p.errs, paramError{field: "data", unfixable: true,
			detail: "data is required: the text to encode, under data (or text, content, url, q, chl); example is a call that gives it"})
	} else if !utf8.ValidString(v) {
		// Data is encoded as UTF-8 and marked so with ECI 26 (ISO/IEC
		// 18004:2015 §7.4.2, docs/eci.md): bytes of another character set
		// would read as other characters, and which text they stand for
		// only the caller knows.
		p.errs = append(p.errs, paramError{field: "data", unfixable: true,
			detail: fmt.Sprintf("data is not UTF-8 text: byte 0x%02X at offset %d belongs to another character set, and qrforge encodes text as UTF-8 (RFC 3629), marked with ECI 26; send the text as UTF-8, percent-encoded (é is %%C3%%A9)", v[registry.FirstInvalidUTF8(v)], registry.FirstInvalidUTF8(v))})
	} else {
		r.Data = v
		r.Canonical.Set("data", v)
	}
}

// readChartAPI reads Google's chart API parameters: chld=<ec>|<margin>
// sets two options at once, which explicit ec and margin must agree with.
func (p *reading) readChartAPI() (chldLevel, chldMargin string) {
	if v, ok := p.get(optChld); ok {
		level, margin, hasMargin := strings.Cut(v, "|")
		chldLevel = level
		if hasMargin {
			chldMargin = margin
		}
	}

	if v, ok := p.get(optCht); ok && !strings.EqualFold(v, "qr") {
		p.fail(optCht.Name, "qr", "cht=%q is not supported: qrforge draws QR codes only (cht=qr)", v)
	}
	if v, ok := p.get(optChoe); ok && !strings.EqualFold(strings.ReplaceAll(v, "-", ""), "utf8") {
		p.fail(optChoe.Name, "UTF-8", "choe=%q is not supported: data is always encoded as UTF-8", v)
	}
	return chldLevel, chldMargin
}

// readFormat reads the output format.
func (p *reading) readFormat() {
	r := p.r
	if v, ok := p.get(optFormat); ok {
		f, known := options.FormatNamed(v)
		if !known {
			near, says := meantValue(optFormat, v, Formats, FormatPNG)
			p.fail(optFormat.Name, string(near), "format %q is not one of %s; %s", v, text.Join(Formats), says)
		}
		r.Format = Format(f)
	}
	r.Canonical.Set(optFormat.Name, string(r.Format))
}

// readColours reads the plain colours and cmyk.
func (p *reading) readColours() {
	r := p.r
	if v, ok := p.get(optColor); ok {
		c, err := render.ParseColor(v, false)
		if err != nil {
			fixed, says := meantColour(v, false, "000000", "color's default")
			p.fail(optColor.Name, fixed, "%s; %s", err, says)
		}
		r.Options.Foreground = c
	}
	r.Canonical.Set(optColor.Name, render.HexColor(r.Options.Foreground))

	if v, ok := p.get(optBg); ok {
		c, err := render.ParseColor(v, true)
		if err != nil {
			fixed, says := meantColour(v, true, "ffffff", "bg's default")
			p.fail(optBg.Name, fixed, "%s (or the word transparent); %s", err, says)
		}
		r.Options.Background = c
	}
	r.Canonical.Set(optBg.Name, groundWord(r.Options.Background))

	if v, ok := p.get(optCMYK); ok {
		b, err := strconv.ParseBool(strings.TrimSpace(v))
		if err != nil {
			p.fail(optCMYK.Name, "true", "cmyk %q is not true or false", v)
		}
		r.Options.Print.CMYK = b
	}
	if r.Options.Print.CMYK {
		r.Canonical.Set(optCMYK.Name, "true")
	}
}

// readECI reads whether non-ASCII data is marked as UTF-8.
func (p *reading) readECI() {
	r := p.r
	if v, ok := p.get(optECI); ok {
		e := render.ECI(strings.ToLower(strings.ReplaceAll(v, "-", "")))
		if !slices.Contains(render.ECIs, e) {
			p.fail(optECI.Name, string(render.DefaultECI), "eci %q is not one of %s: utf8 marks non-ASCII data as UTF-8 (ECI 26), none leaves readers to guess", v, text.Join(render.ECIs))
		}
		r.ECI = e
	}
	if r.ECI != render.DefaultECI {
		r.Canonical.Set(optECI.Name, string(r.ECI))
	}
}
