package service

import (
	"fmt"
	"maps"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/qrforge/qrforge/registry"
	"github.com/qrforge/qrforge/render"
)

// CheckKindFields refuses, at start-up, a kind whose field shares a name
// with a rendering option that has no other name the kind leaves free:
// the query string could not tell them apart. A field named as the
// standard names it (EPC069-12's version) keeps the name, and the option
// is written under its first free alias there (OptionName: qrversion).
func CheckKindFields(k registry.Entry) {
	for _, f := range k.Fields() {
		for _, o := range renderOptions {
			names := append([]string{o.Name}, o.Aliases...)
			if slices.Contains(names, f.Name) && k.HasField(registry.Unclaimed(k, names...)) {
				panic(fmt.Sprintf("service: kind %s field %q collides with rendering option %s", k.Name(), f.Name, o.Name))
			}
		}
	}
}

func FieldNames(k registry.Entry) []string {
	var names []string
	for _, f := range k.Fields() {
		names = append(names, f.Name)
	}
	return names
}

// prepareKind reads a typed request, the kind's fields plus the rendering
// options, and builds the payload, or the problem explaining why not.
// rawQuery, when known, lets it recognise a web address field whose own
// '&' was not percent-encoded.
func (s *Service) prepareKind(k registry.Entry, q query, malformed []paramError, target fixTarget, rawQuery string) (*Rendering, *Problem) {
	q, typeErrs := typeAsField(k, q)
	r, errs := parseRendering(unclaimed(k, q), false)
	errs = optionKeyed(k.Name(), errs)
	errs = append(malformed, errs...)
	errs = append(errs, lostPlus(k, q, rawQuery)...)
	values := map[string]string{}
	for _, f := range k.Fields() {
		v, given, err := q.lookup(option{Name: f.Name})
		if err != nil {
			errs = append(errs, *err)
		}
		switch {
		case given:
			values[f.Name] = v
		case f.Stamp:
			// The payload, and with it the ETag, carries the moment the
			// code is made; the same request with this value gives the
			// same bytes again.
			values[f.Name] = s.clock().UTC().Format(time.RFC3339)
		}
	}
	if level := k.Hints().Level; level != render.LevelAuto {
		if r.Given[optEC.Name] && r.Level != level {
			errs = append(errs, paramError{field: optEC.Name, detail: fmt.Sprintf("%s requires error-correction level %s (%s)", k.Name(), level, k.Standard()), fixed: string(level)})
		}
		r.Level = level
	}
	r.Options.Overlay = k.Hints().Overlay
	r.levelFixed = k.Hints().Level != render.LevelAuto
	r.maxVersion = k.Hints().MaxVersion
	if r.maxVersion > 0 && r.Version > r.maxVersion {
		errs = append(errs, paramError{field: optionKey(k.Name(), optVersion.Name), fixed: strconv.Itoa(r.maxVersion),
			detail: fmt.Sprintf("version %d is above %d, the largest %s allows (%s)", r.Version, r.maxVersion, k.Name(), k.Standard().Name)})
	}
	if r.Options.Logo != nil && k.Hints().Overlay.Size > 0 {
		errs = append(errs, paramError{field: optLogo.Name, detail: fmt.Sprintf("%s draws its standard's emblem in the centre (%s); a logo cannot go there", k.Name(), k.Standard().Name)})
	}
	if h := k.Hints(); r.Symbol != render.SymbolQR && (h.Overlay.Size > 0 || h.MaxVersion > 0 || h.Level != render.LevelAuto) {
		// The kind's standard sets a QR Code's version, level or emblem.
		switch r.Symbol {
		case render.SymbolMicro:
			errs = append(errs, paramError{field: optSymbol.Name, detail: fmt.Sprintf("%s is a QR Code by its standard (%s), not a Micro QR Code", k.Name(), k.Standard().Name), fixed: string(render.SymbolQR)})
		case render.SymbolRMQR:
			errs = append(errs, paramError{field: optSymbol.Name, detail: fmt.Sprintf("%s is a QR Code by its standard (%s), not an rMQR code", k.Name(), k.Standard().Name), fixed: string(render.SymbolQR)})
		}
		r.Symbol = render.SymbolQR
		r.Canonical.Del(optSymbol.Name)
	}
	if r.gs1 = k.GS1(values); r.gs1 {
		errs = append(errs, gs1SymbolErrors(r, k)...)
	}
	if h := k.Hints(); r.set.asked && (h.Overlay.Size > 0 || h.MaxVersion > 0 || h.Level != render.LevelAuto) {
		errs = append(errs, appendRefused(k.Name(), k.Standard().Name))
	}
	r.kind = k.Name()
	endpoint, own := calledAs(target, k.Path())
	stray := strangers(q, FieldNames(k))
	urlErrs, joined := strayURLFields(k, values, rawQuery, stray)
	stray = slices.DeleteFunc(stray, func(name string) bool {
		return slices.ContainsFunc(urlErrs, func(e paramError) bool { return e.field == name })
	})
	currencyErrs := foreignCurrencies(k, q, stray)
	stray = slices.DeleteFunc(stray, func(name string) bool {
		return slices.ContainsFunc(currencyErrs, func(e paramError) bool { return e.field == name })
	})
	pasted, pastedFields := pastedPayloads(k, q, stray, s.baseURL+"/api/v1/qr")
	stray = slices.DeleteFunc(stray, func(name string) bool {
		return slices.ContainsFunc(pasted, func(e paramError) bool { return e.field == name })
	})
	strange := append(append(append(typeErrs, pasted...), claimedOptions(k, q)...), unknownParams(q, stray, endpoint, append(own, FieldNames(k)...), registry.FieldWords(k))...)
	errs = append(errs, urlErrs...)
	errs = append(errs, currencyErrs...)
	errs = append(errs, strange...)
	errs = append(errs, unmetNeeds(q, errs)...)
	errs = append(errs, unreached(q, r, target)...)
	payload, fieldErrs := k.Build(values)
	var inField map[string]paramError
	var inFieldRead map[string]string
	if len(fieldErrs) > 0 {
		inField, inFieldRead = pastedIntoFields(k, values, func(f string) (refused, fixed bool) {
			i := slices.IndexFunc(fieldErrs, func(fe registry.FieldError) bool { return fe.Field == f })
			return i >= 0, i >= 0 && (fieldErrs[i].Fix != "" || fieldErrs[i].MoveTo != "")
		})
		maps.Copy(pastedFields, inFieldRead)
	}
	for _, f := range slices.Sorted(maps.Keys(inField)) {
		// Another field's rule may have stopped the kind before this
		// one's (pn is required): the value is still not the field's.
		if !slices.ContainsFunc(fieldErrs, func(fe registry.FieldError) bool { return fe.Field == f }) {
			fieldErrs = append(fieldErrs, registry.FieldError{Field: f, Detail: f + " is a value of its own, not a whole code"})
		}
	}
	for _, fe := range fieldErrs {
		if _, pasted := pastedFields[fe.Field]; pasted && values[fe.Field] == "" {
			// The pasted payload's error says where this value is.
			continue
		}
		note := inField[fe.Field]
		errs = append(errs, paramError{field: fe.Field, detail: fe.Detail + note.detail, fixed: fe.Fix, unfixable: note.unfixable})
	}
	r.fields = values
	if len(errs) > 0 {
		given := renamedFields(values, strange, k)
		maps.Copy(given, joined)
		maps.Copy(given, pastedFields)
		fixed, ok := correctedFields(k, given)
		if !ok || slices.ContainsFunc(errs, func(e paramError) bool { return e.unfixable }) {
			// No fix may invent a value the caller did not give: the
			// problem names the fields and shows the documented example
			// apart, as an example.
			p := s.badRequest(append(errs, renamedFieldErrors(k, given, errs)...), "")
			p.Example = target.url(s.baseURL, exampleValues(k))
			return nil, p
		}
		r.fields = fixed
		for i, e := range errs {
			if scheme, ok := pastedScheme(given[e.field]); ok && fixed[e.field] != given[e.field] {
				errs[i].detail += "; the fix leaves out " + scheme + ", which the code writes itself where its standard has one"
			} else if label, ok := fieldLabel(labelWords(k, e.field), given[e.field]); ok && fixed[e.field] != given[e.field] {
				errs[i].detail += "; the fix leaves out " + label + ", the field's name written before its value"
			} else if _, ok := withoutFullWidth(given[e.field]); ok && fixed[e.field] != given[e.field] {
				errs[i].detail += "; the fix writes its full-width characters as the ASCII ones they stand for (Unicode NFKC)"
			}
		}
		p := s.invalid(r, withoutFields(errs, k), target)
		if len(fieldErrs) == 0 && asksForText(q) {
			p.Hint = "the text the code carries, without an image: " + s.apiTarget(k.Path()+"/payload", FieldNames(k)...).url(s.baseURL, givenFields(k, q))
		}
		return nil, p
	}
	r.Data = payload
	for _, w := range k.Warnings(values) {
		r.kindWarnings = append(r.kindWarnings, Warning{Code: "payload", Field: w.Field, Detail: w.Detail})
	}
	r.kindWarnings = append(r.kindWarnings, labelledValues(k, values)...)
	r.expired = s.expiredWarnings(k, values, "", false)
	return r, nil
}

// renamedFieldErrors are the field errors the call has only once its
// renamed parameters are its fields (type=hotp on otpauth is otp_type
// hotp, which needs a counter), that errs does not name yet: without
// them, a renamed call with no fix would not say what it lacks.
func renamedFieldErrors(k registry.Entry, renamed map[string]string, errs []paramError) []paramError {
	var out []paramError
	_, fieldErrs := k.Build(renamed)
	for _, fe := range fieldErrs {
		if !slices.ContainsFunc(errs, func(e paramError) bool { return e.field == fe.Field }) {
			out = append(out, paramError{field: fe.Field, detail: fe.Detail})
		}
	}
	return out
}

// textFormats are the formats callers ask for when they want a code's
// text rather than its image: the payload endpoint's answer.
var textFormats = []string{"text", "txt", "payload", "string", "raw", "plain"}

// asksForText reports whether the format asked for is a code's text.
func asksForText(q query) bool {
	v, _, _ := q.lookup(optFormat)
	return slices.Contains(textFormats, strings.ToLower(strings.TrimSpace(v)))
}

// givenFields are the kind's fields the caller gave, as a query's: a
// stamp the service filled in (an event's DTSTAMP) is left to the call.
func givenFields(k registry.Entry, q query) url.Values {
	v := url.Values{}
	for _, f := range k.Fields() {
		if value, given, _ := q.lookup(option{Name: f.Name}); given {
			v.Set(f.Name, value)
		}
	}
	return v
}

// gs1SymbolErrors refuses what a GS1 QR Code cannot be: FNC1 in first
// position exists in QR Code only, not in Micro QR Code (ISO/IEC
// 18004:2015 §7.4.8.2, Table 2), and a logo is not drawn over one. auto
// becomes qr.
func gs1SymbolErrors(r *Rendering, k registry.Entry) []paramError {
	var errs []paramError
	switch r.Symbol {
	case render.SymbolMicro:
		errs = append(errs, paramError{field: optSymbol.Name, detail: fmt.Sprintf("%s's element form is a GS1 QR Code: FNC1 in first position, which marks GS1 data, exists in QR Codes only, not in Micro QR Codes (ISO/IEC 18004 §7.4.8.2)", k.Name()), fixed: string(render.SymbolQR)})
	case render.SymbolRMQR:
		errs = append(errs, paramError{field: optSymbol.Name, detail: fmt.Sprintf("%s's element form is a GS1 QR Code, the symbol GS1 specifies for element strings; qrforge does not write them in rMQR", k.Name()), fixed: string(render.SymbolQR)})
	}
	r.Symbol = render.SymbolQR
	r.Canonical.Del(optSymbol.Name)
	if r.Options.Logo != nil {
		errs = append(errs, paramError{field: optLogo.Name, detail: fmt.Sprintf("%s's element form is a GS1 QR Code for GS1 scanning systems; qrforge draws no logo over one: leave the logo out, or use form link", k.Name())})
	}
	if r.set.asked {
		errs = append(errs, paramError{field: optAppend.Name, detail: fmt.Sprintf("%s's element form is one GS1 QR Code, which a GS1 scanner reads whole: drop append", k.Name())})
	}
	return errs
}

// correctedFields keeps the caller's valid fields and replaces each bad one
// with its fix, a correction of the caller's own value that the kind
// offers, or moves it to the field it belongs in. A bad field without one
// cannot be corrected: a fix never fills in
// example data, nor drops a value the caller gave. Fields can depend on
// each other (a WEP key's length), so it rebuilds until the set is valid.
func correctedFields(k registry.Entry, values map[string]string) (map[string]string, bool) {
	fixed := map[string]string{}
	for name, v := range values {
		fixed[name] = v
	}
	_, errs := k.Build(fixed)
	for round := 0; round < 3 && len(errs) > 0; round++ {
		for _, e := range errs {
			if e.Drop {
				delete(fixed, e.Field)
				continue
			}
			if e.MoveTo != "" {
				if fixed[e.MoveTo] != "" {
					return nil, false
				}
				fixed[e.MoveTo] = fixed[e.Field]
				delete(fixed, e.Field)
				continue
			}
			if e.Fix == "" {
				if rest, ok := withoutScheme(fixed[e.Field]); ok {
					fixed[e.Field] = rest
					continue
				}
				if rest, ok := withoutLabel(labelWords(k, e.Field), fixed[e.Field]); ok {
					fixed[e.Field] = rest
					continue
				}
				if narrow, ok := withoutFullWidth(fixed[e.Field]); ok {
					fixed[e.Field] = narrow
					continue
				}
			}
			// A fix that keeps the value may still set others with it
			// (a date marked all-day).
			if e.Fix == "" || fixed[e.Field] == e.Fix && len(e.With) == 0 {
				return nil, false
			}
			fixed[e.Field] = e.Fix
			for field, v := range e.With {
				if fixed[field] != "" && fixed[field] != v {
					return nil, false
				}
				fixed[field] = v
			}
		}
		_, errs = k.Build(fixed)
	}
	return fixed, len(errs) == 0
}

// pastedSchemes are the URI schemes a phone number, an e-mail address or
// a wallet's address is often pasted with, copied from a link: tel: (RFC
// 3966), mailto: (RFC 6068), sms: and smsto: (RFC 5724), mms:, Apple's
// facetime: (not facetime-audio:, which left out would make an audio call
// a video one), and the payment URIs of the coin kinds (BIP21 bitcoin:,
// litecoin:, dogecoin:, EIP-681 ethereum:, monero:, solana:, tron:).
// Only the scheme goes: an
// address that still fails (a URI's ?amount= after it) has no fix.
var pastedSchemes = []string{"tel:", "mailto:", "smsto:", "sms:", "mmsto:", "mms:", "facetime:",
	"bitcoin:", "litecoin:", "dogecoin:", "ethereum:", "monero:", "solana:", "tron:"}

// pastedScheme is the scheme v begins with, of pastedSchemes.
func pastedScheme(v string) (string, bool) {
	t := strings.TrimSpace(v)
	for _, scheme := range pastedSchemes {
		if len(t) > len(scheme) && strings.EqualFold(t[:len(scheme)], scheme) {
			return t[:len(scheme)], true
		}
	}
	return "", false
}

// withoutScheme is v without the scheme it was pasted with: a field that
// fails with one is tried again without it, a correction of the caller's
// own value that takes nothing else away.
func withoutScheme(v string) (string, bool) {
	scheme, ok := pastedScheme(v)
	if !ok {
		return v, false
	}
	return strings.TrimSpace(strings.TrimSpace(v)[len(scheme):]), true
}

// withoutFields marks field errors as already corrected in r.fields, so
// that invalid applies only the rendering-option fixes.
func withoutFields(errs []paramError, k registry.Entry) []paramError {
	out := make([]paramError, len(errs))
	for i, e := range errs {
		out[i] = e
		switch {
		case k.HasField(e.field):
			out[i].keep = true
		case k.HasField(e.rename):
			// The value is in r.fields under the field's name; the name it
			// was given under, an option's (label) or none, leaves the fix.
			out[i].rename, out[i].fixed = "", ""
		}
	}
	return out
}

// ExampleURL is a runnable call of a kind with its canonical example.
func (s *Service) ExampleURL(k registry.Entry) string {
	return s.baseURL + k.Path() + "?" + encodeCanonical(exampleValues(k), FieldNames(k)...)
}

// exampleValues are a kind's canonical example as query values.
func exampleValues(k registry.Entry) url.Values {
	values := url.Values{}
	for name, v := range k.Example() {
		values.Set(name, v)
	}
	return values
}
