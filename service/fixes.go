package service

import (
	"errors"
	"fmt"
	"maps"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/qrforge/qrforge/options"
	"github.com/qrforge/qrforge/registry"
	"github.com/qrforge/qrforge/render"
)

// encodeFailed explains data that cannot become a symbol.
func (s *Service) encodeFailed(r *Rendering, err error, target fixTarget) *Problem {
	var micro *render.MicroError
	if errors.As(err, &micro) {
		// symbol=auto draws a QR Code when no Micro QR Code will do.
		return s.invalid(r, []paramError{{field: optSymbol.Name, detail: err.Error(), fixed: string(render.SymbolAuto)}}, target)
	}
	var rmqr *render.RMQRError
	if errors.As(err, &rmqr) {
		if h := rmqrHeightFor(r.Data, r.Level, r.ECI); rmqr.Height != 0 && h != 0 {
			// A taller rMQR holds it: the fix keeps the symbol asked for.
			return s.invalid(r, []paramError{{field: optRMQRHeight.Name, detail: err.Error(), fixed: strconv.Itoa(h)}}, target)
		}
		// A QR Code holds what no rMQR does.
		errs := []paramError{{field: optSymbol.Name, detail: err.Error(), fixed: string(render.SymbolQR)}}
		if rmqr.Height != 0 {
			// rmqrheight goes with the rMQR, or the fix would ask for one
			// again.
			errs = append(errs, paramError{field: optRMQRHeight.Name, detail: fmt.Sprintf("rmqrheight=%d sizes an rMQR code, and no rMQR code holds the data: the fix drops it with the rMQR", rmqr.Height)})
		}
		return s.invalid(r, errs, target)
	}
	var version *render.VersionError
	if errors.As(err, &version) {
		if version.Needs > 0 {
			return s.invalid(r, []paramError{{field: optionKey(r.kind, optVersion.Name), detail: err.Error(), fixed: strconv.Itoa(version.Needs)}}, target)
		}
		// No version holds it: the problem is the data's (or the
		// logo's), as without a version; its fix keeps the version, and
		// settle mends the version in turn.
		unfixed := *r
		unfixed.Version = 0
		if _, err := encodeSymbol(&unfixed); err != nil {
			return s.encodeFailed(r, err, target)
		}
		return s.invalid(r, []paramError{{field: optionKey(r.kind, optVersion.Name), detail: err.Error(), unfixable: true}}, target)
	}
	var tooLong *render.TooLongError
	if !errors.As(err, &tooLong) {
		return s.invalid(r, []paramError{{field: "data", detail: err.Error(), unfixable: true}}, target)
	}
	values := r.fixValues()
	hint := s.appendHint(r, target)
	switch {
	case tooLong.FitsAt != render.LevelAuto:
		values.Set(optEC.Name, string(tooLong.FitsAt))
	case hint != "":
		// A structured append set holds all of the data, where a cut
		// would encode another payload (README "Errors": a fix carries
		// only what you wrote); it is asked for as a count that is too
		// small is (README "Structured append").
		values.Set(optAppend.Name, "auto")
	default:
		return s.tooLongUnfixed(tooLong.Error(), target)
	}
	detail := tooLong.Error()
	if values.Get(optAppend.Name) != "" {
		detail += "; the fix draws it as a structured append set (append=auto), which holds all of it"
	}
	p := s.fixedBy(s.Problem(KindDataTooLong, detail, "data", ""), target, values)
	p.Hint = hint
	return p
}

// tooLongUnfixed is the problem of data that no level or set holds: which
// part of it to leave out only the caller knows, so it has no fix, and the
// documented example call as its example.
func (s *Service) tooLongUnfixed(detail string, target fixTarget) *Problem {
	p := s.Problem(KindDataTooLong, detail+"; what to leave out is yours to choose, so there is no fix", "data", "")
	p.Example = target.url(s.baseURL, url.Values{optData.Name: {optData.Example}})
	return p
}

// invalid is the 400 for bad parameters; the fix corrects all of them. When
// one of them only the caller can give, there is no fix, and the problem
// shows a documented call apart, as an example.
func (s *Service) invalid(r *Rendering, errs []paramError, target fixTarget) *Problem {
	errs = s.withUnfetchedLogo(r, errs)
	for _, e := range errs {
		if e.unfixable {
			p := s.badRequest(errs, "")
			p.Example = target.url(s.baseURL, url.Values{optData.Name: {optData.Example}})
			return p
		}
	}
	values := applyFixes(r.fixValues(), errs)
	// A fix that drops an option drops what needs it too (a logo's size),
	// and says so: no parameter is dropped without a word.
	kept := maps.Clone(values)
	dropUnmet(values, func(string) bool { return true })
	for _, name := range sortedKeys(kept) {
		o, _ := options.Named(name)
		if !values.Has(name) && !slices.ContainsFunc(errs, func(e paramError) bool { return e.field == name }) {
			errs = append(errs, paramError{field: name, keep: true,
				detail: fmt.Sprintf("%s changes nothing without %s, which the fix drops: it drops %s too", name, strings.Join(o.Needs, " or "), name)})
		}
	}
	// Values right alone can be wrong together, such as a margin renamed
	// from a misspelt parameter and a frame that needs a wider one: the
	// fix settles them.
	for range 2 {
		fixed, more := parseCall(r.kind, values, false)
		fixed.Options.Overlay = r.Options.Overlay // a kind's emblem, which color colours
		more = append(more, unreached(newQuery(values), fixed, target)...)
		more = slices.DeleteFunc(more, func(e paramError) bool { return e.unfixable || e.keep || e.rename != "" })
		if len(more) == 0 {
			break
		}
		values = applyFixes(values, more)
	}
	if notes := s.fixDraws(r, values); len(notes) > 0 {
		errs = noteSymbolFix(r, errs, notes)
	}
	return s.fixedBy(s.badRequest(errs, ""), target, values)
}

// fixedBy gives p the fix that sends values to target, and keeps both
// for settle.
func (s *Service) fixedBy(p *Problem, target fixTarget, values url.Values) *Problem {
	p.Fix, p.fixed, p.fixAt = target.url(s.baseURL, values), values, target
	return p
}

// noteSymbolFix adds to errs what symbolFix changed, so that the problem
// says what its fix does. When the fix gives the caller's level back, the
// error that said the symbol lacks it no longer describes the fix: the
// note takes its place and tells both.
func noteSymbolFix(r *Rendering, errs []paramError, notes []paramError) []paramError {
	note, more := notes[0], notes[1:]
	lacked := (r.Symbol == render.SymbolMicro && r.Level == render.LevelH) ||
		(r.Symbol == render.SymbolRMQR && (r.Level == render.LevelL || r.Level == render.LevelQ))
	if note.field == optSymbol.Name && lacked {
		for i, e := range errs {
			if e.field == optEC.Name {
				note.detail = fmt.Sprintf("%s; and %s; the fix keeps ec=%s and %s", e.detail, note.detail, r.Level, note.fixed)
				errs[i] = note
				return append(errs, more...)
			}
		}
	}
	note.detail += "; the fix " + note.fixed
	return append(append(errs, note), more...)
}

// fixDraws raises the size in a fix's values to one that draws the
// symbol, or lowers a set's count to one the data holds, which the
// options alone cannot tell: a size below the minimum
// becomes 64 px (or a length of 64 dots), too few for a long payload's
// modules. The symbol is
// encoded from the fix's data, or a kind's payload from its fixed fields.
// It returns what symbolFix changed.
func (s *Service) fixDraws(r *Rendering, values url.Values) []paramError {
	generic := r.kind == ""
	fixed, more := parseCall(r.kind, values, generic)
	if len(more) > 0 {
		return nil
	}
	if !generic {
		k, ok := registry.Lookup(r.kind)
		if !ok {
			return nil
		}
		payload, fieldErrs := k.Build(r.fields)
		if len(fieldErrs) > 0 {
			return nil
		}
		// What the kind's standard sets (prepareKind) holds in the fix.
		fixed.Data, fixed.Options.Overlay = payload, r.Options.Overlay
		if r.levelFixed {
			fixed.Level = r.Level
		}
		if r.Symbol == render.SymbolQR {
			fixed.Symbol = render.SymbolQR
		}
	}
	if fixed.Data == "" {
		return nil
	}
	if fixed.set.asked {
		fitSetCount(fixed, values)
		return nil
	}
	fixed.gs1, fixed.maxVersion, fixed.levelFixed, fixed.kind = r.gs1, r.maxVersion, r.levelFixed, r.kind
	sym, err := encodeSymbol(fixed)
	notes := symbolFix(r, fixed, err, values)
	if len(notes) > 0 {
		if refixed, more := parseCall(r.kind, values, generic); len(more) == 0 {
			fixed.Symbol, fixed.Level, fixed.RMQRHeight = refixed.Symbol, refixed.Level, refixed.RMQRHeight
			sym, err = encodeSymbol(fixed)
		}
	}
	if err == nil {
		s.fitSize(sym, values)
	}
	return notes
}

// symbolFix changes a fix whose Micro QR or rMQR code does not hold the
// data, once another fix (a level they have) is applied, into one that
// draws: a taller rMQR, or the QR Code that encodeFailed's fix would give
// in a second round, at the level the caller asked for when it has one.
// It returns what it changed, as errors on the fields it changed, the
// first's fixed value saying what the fix does.
func symbolFix(r, fixed *Rendering, err error, values url.Values) []paramError {
	var micro *render.MicroError
	var rmqr *render.RMQRError
	note := paramError{field: optSymbol.Name, detail: fmt.Sprint(err), keep: true}
	var notes []paramError
	switch {
	case errors.As(err, &micro) && !micro.NoLevel:
		values.Set(optSymbol.Name, string(render.SymbolAuto))
		note.fixed = "sets symbol=auto, which draws a QR Code"
	case errors.As(err, &rmqr) && !rmqr.NoLevel:
		if h := rmqrHeightFor(fixed.Data, fixed.Level, fixed.ECI); rmqr.Height != 0 && h != 0 {
			values.Set(optRMQRHeight.Name, strconv.Itoa(h))
			note.field, note.fixed = optRMQRHeight.Name, fmt.Sprintf("sets rmqrheight=%d, the least height that holds it", h)
			return []paramError{note}
		}
		if rmqr.Height != 0 {
			// Say that no height holds it, not only the one asked for.
			_, err = render.EncodeRMQR(fixed.Data, fixed.Level, fixed.ECI, 0)
			note.detail = fmt.Sprint(err)
		}
		values.Set(optSymbol.Name, string(render.SymbolQR))
		note.fixed = "sets symbol=qr, as no rMQR code holds it"
		if values.Has(optRMQRHeight.Name) {
			values.Del(optRMQRHeight.Name)
			notes = append(notes, paramError{field: optRMQRHeight.Name, detail: fmt.Sprintf("rmqrheight=%d sizes an rMQR code, and no rMQR code holds the data: the fix drops it with the rMQR", rmqr.Height), keep: true})
		}
	default:
		return nil
	}
	// A QR Code has every level: the caller's comes back.
	if slices.Contains(render.Levels, r.Level) {
		values.Set(optEC.Name, string(r.Level))
	}
	return append([]paramError{note}, notes...)
}

// rmqrHeightFor is the least rMQR height that holds data at level, 0
// when none does.
func rmqrHeightFor(data string, level render.Level, eci render.ECI) int {
	for h := 7; h <= 17; h += 2 {
		if _, err := render.EncodeRMQR(data, level, eci, h); err == nil {
			return h
		}
	}
	return 0
}

// applyFixes replaces each bad parameter with its fixed value.
func applyFixes(values url.Values, errs []paramError) url.Values {
	for _, e := range errs {
		if e.keep {
			continue
		}
		if e.rename != "" {
			values.Set(e.rename, e.fixed)
			continue
		}
		if e.fixed == "" {
			values.Del(e.field)
		} else {
			values.Set(e.field, e.fixed)
		}
	}
	// A fix spells chld as the ec and margin it stands for, which the fix
	// carries already (fixValues): kept beside them, a chld that a fix
	// chose could disagree with them.
	if v, ok := values[optChld.Name]; ok {
		level, margin, _ := strings.Cut(strings.Join(v, ""), "|")
		if l := strings.ToUpper(level); len(l) == 1 && slices.Contains(render.Levels, render.Level(l[0])) {
			values.Set(optEC.Name, l)
		}
		if m, err := strconv.Atoi(margin); err == nil && m >= 0 && m <= render.MaxMargin {
			values.Set(optMargin.Name, margin)
		}
		values.Del(optChld.Name)
	}
	return values
}

// badRequest is the invalid-parameter problem listing every error.
func (s *Service) badRequest(errs []paramError, fix string) *Problem {
	kind := KindInvalidParameter
	for i, e := range errs {
		if e.tooLarge {
			// Too large to read is the answer that matters: it first.
			kind = KindPayloadTooLarge
			errs = append([]paramError{e}, append(errs[:i:i], errs[i+1:]...)...)
			break
		}
	}
	p := s.Problem(kind, errs[0].detail, errs[0].field, fix)
	if len(errs) > 1 {
		for _, e := range errs {
			p.Errors = append(p.Errors, FieldProblem{e.field, e.detail})
		}
		p.Detail = fmt.Sprintf("%d parameters are invalid; first: %s", len(errs), errs[0].detail)
	}
	return p
}

// fixValues are the options the caller gave, normalised, for a fix URL.
func (r *Rendering) fixValues() url.Values {
	v := url.Values{}
	for name := range r.Given {
		if name == optChld.Name {
			for _, n := range []string{optEC.Name, optMargin.Name} {
				if val := r.Canonical.Get(n); val != "" {
					v.Set(n, val)
				}
			}
			continue
		}
		if name == optLogo.Name && r.logoParam != "" {
			// The logo as given: its canonical form is a hash.
			v.Set(name, r.logoParam)
			continue
		}
		if val := r.Canonical.Get(name); val != "" {
			v.Set(optionKey(r.kind, name), val)
		}
	}
	if r.fields != nil {
		for name, val := range r.fields {
			v.Set(name, val)
		}
	} else if r.Data != "" {
		v.Set("data", r.Data)
	}
	return v
}

// fixTarget writes a fix URL for one endpoint shape.
type fixTarget interface {
	url(base string, v url.Values) string
}

// calledAs is how a problem names the endpoint target calls, path unless
// it is verify or came by another API's path, and the parameters that endpoint reads besides a kind's
// fields, data and the rendering options. Verify's type is left out: a
// name near it (typ=wifi) beside data or another kind's fields would be
// renamed into a call that is wrong another way.
func calledAs(target fixTarget, path string) (string, []string) {
	switch t := target.(type) {
	case verifyTarget:
		return "/api/v1/verify", []string{optRobustness.Name}
	case apiTarget:
		if t.via != "" {
			return t.via + ", read as " + t.path + ",", nil
		}
	}
	return path, nil
}

// apiTarget is an endpoint path; lead lists parameters to write first
// (a kind's fields, in declaration order), and kind names the kind whose
// call it is, "" for none (OptionName).
type apiTarget struct {
	path string
	lead []string
	via  string // Request.Via
	kind string
	// defaults are Request.Defaults, which fixes take.
	defaults map[string]string
}

func (s *Service) apiTarget(path string, lead ...string) fixTarget {
	return apiTarget{path: path, lead: lead}
}

// kindTarget is the target of a call of k at path: its fields first, and
// options under the names k's calls write them.
func (s *Service) kindTarget(req Request, k registry.Entry, path string) fixTarget {
	if req.Body {
		return uploadTarget{path: path, lead: FieldNames(k), kind: k.Name()}
	}
	return apiTarget{path: path, lead: FieldNames(k), kind: k.Name()}
}

func (t apiTarget) url(base string, v url.Values) string {
	return base + t.path + "?" + encodeCall(t.kind, v, t.lead...)
}

// pathTarget puts data in the path: /q/<data>.<ext>, with the extension
// as the caller wrote it (.jpg stays .jpg: a fix carries only what you
// wrote, README "Errors") and format the format it names.
type pathTarget struct{ format, ext string }

func (t pathTarget) url(base string, v url.Values) string {
	data := v.Get("data")
	if data == "" {
		data = optData.Example
	}
	rest := url.Values{}
	for k, vs := range v {
		if k != optData.Name && !(k == optFormat.Name && vs[0] == t.format) {
			rest[k] = vs
		}
	}
	u := base + "/q/" + url.PathEscape(data)
	if t.ext != "" {
		u += "." + t.ext
	}
	if len(rest) > 0 {
		u += "?" + encodeCanonical(rest)
	}
	return u
}

// encodeCanonical writes options in the canonical order of options.go,
// with %20 for spaces so the URL also works where '+' is not a space.
func encodeCanonical(v url.Values, lead ...string) string {
	return encodeCall("", v, lead...)
}

// encodeCall is encodeCanonical for a call of kind, which writes each
// option under OptionName.
func encodeCall(kind string, v url.Values, lead ...string) string {
	var b strings.Builder
	order := append([]string{}, lead...)
	order = append(order, optData.Name)
	for _, o := range renderOptions {
		order = append(order, o.Name)
	}
	written := map[string]bool{}
	for _, name := range order {
		// An option held under its alias where kind has a field of its
		// name (optionKey) keeps the option's place; the field is written
		// with the rest.
		key, spelt := name, name
		if i := slices.Index(order, name); i > len(lead) {
			key, spelt = optionKey(kind, name), OptionName(kind, name)
		}
		val, ok := v[key]
		if !ok || len(val) == 0 {
			continue
		}
		if written[key] {
			continue
		}
		written[key] = true
		if b.Len() > 0 {
			b.WriteByte('&')
		}
		b.WriteString(spelt)
		b.WriteByte('=')
		b.WriteString(strings.ReplaceAll(url.QueryEscape(val[0]), "+", "%20"))
	}
	for _, k := range sortedKeys(v) {
		if written[k] {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('&')
		}
		b.WriteString(url.QueryEscape(k))
		b.WriteByte('=')
		b.WriteString(strings.ReplaceAll(url.QueryEscape(v.Get(k)), "+", "%20"))
	}
	return b.String()
}

func itoa(n int) string { return strconv.Itoa(n) }
