package service

import (
	"context"
	"fmt"
	"maps"
	"net/url"
	"slices"
	"strings"

	"github.com/qrforge/qrforge/internal/querystring"
	"github.com/qrforge/qrforge/internal/text"
	"github.com/qrforge/qrforge/options"
	"github.com/qrforge/qrforge/registry"
)

// Payload is the exact string a typed request encodes (GET
// /api/v1/<kind>/payload).
type Payload struct {
	Kind    string `json:"kind"`
	Payload string `json:"payload"`
	// Warning is the kind's warnings on its fields (registry Kind.Warn),
	// as generation's X-QR-Warning.
	Warning string `json:"warning,omitempty"`
}

// Payload builds a kind's payload without rendering it.
func (s *Service) Payload(req Request) (*Payload, *Problem) {
	out, p := s.payload(req)
	return out, s.settle(context.Background(), p)
}

func (s *Service) payload(req Request) (*Payload, *Problem) {
	k, p := s.kind(req.Kind)
	if p != nil {
		return nil, p
	}
	q, malformed := s.params(req, false)
	target := s.kindTarget(Request{}, k, k.Path()+"/payload")
	r, p := s.prepareKind(k, q, malformed, target, req.Query)
	if p != nil {
		return nil, p
	}
	return &Payload{Kind: k.Name(), Payload: r.Data, Warning: joinDetails(slices.Concat(r.expired, r.kindWarnings))}, nil
}

// prepare reads a generation request into a rendering, with the form fix
// URLs are written in.
func (s *Service) prepare(req Request) (*Rendering, fixTarget, *Problem) {
	switch {
	case req.Kind != "":
		k, p := s.kind(req.Kind)
		if p != nil {
			return nil, nil, p
		}
		q, malformed := s.params(req, false)
		target := s.kindTarget(req, k, k.Path())
		r, p := s.prepareKind(k, q, malformed, target, req.Query)
		return r, target, p
	case req.Short:
		return s.prepareShort(req)
	default:
		q, malformed := s.params(req, true)
		target := s.target(req, "/api/v1/qr")
		if req.Via != "" && !req.Body {
			target = apiTarget{path: "/api/v1/qr", via: req.Via, defaults: req.Defaults}
		}
		if p := s.kindOnGeneric(req, q); p != nil {
			return nil, target, p
		}
		r, p := s.prepareGeneric(q, malformed, target, req.Query)
		return r, target, p
	}
}

// kindOnGeneric refuses a call of /api/v1/qr that names a kind instead of
// giving data (?type=wifi&ssid=Cafe, or kind=wifi as qr_generate_typed
// and batch items name one): its fix is the kind's own endpoint with the
// caller's fields. type that names a format is format, as everywhere;
// nil when data is given or no kind is named.
func (s *Service) kindOnGeneric(req Request, q query) *Problem {
	if _, given, _ := q.lookup(optData); given || req.Via != "" {
		return nil
	}
	for _, name := range []string{"kind", typeWord} {
		if name == typeWord && (len(q[name]) != 1 || isFormatWord(q[name][0])) {
			continue
		}
		k, ok := namedKind(q, name)
		if !ok {
			continue
		}
		own := url.Values(maps.Clone(q))
		own.Del(name)
		p := s.Problem(KindInvalidParameter,
			fmt.Sprintf("/api/v1/qr encodes data; %s=%s names a kind, whose code %s makes from its fields, as the fix calls it", name, text.Truncate(q[name][0], 64), k.Path()), name, "")
		p = s.fixedBy(p, s.kindTarget(req, k, k.Path()), own)
		p.Example = s.ExampleURL(k)
		return p
	}
	if _, named := q["kind"]; named || len(q[typeWord]) > 0 && !isFormatWord(q[typeWord][0]) {
		return nil
	}
	return s.fieldsOnGeneric(req, q)
}

// namedKind is the kind the one value of q's parameter name plainly means
// (wifi, WiFi, sepa), and false when it names none or is given twice.
func namedKind(q query, name string) (registry.Entry, bool) {
	if len(q[name]) != 1 {
		return nil, false
	}
	meant, ok := registry.Meant(strings.TrimSpace(q[name][0]))
	if !ok {
		return nil, false
	}
	return registry.Lookup(meant)
}

// target is where a request's fixes go: the endpoint's URL, or for a
// request body an upload to it.
func (s *Service) target(req Request, path string, lead ...string) fixTarget {
	if req.Body {
		return uploadTarget{path: path, lead: lead}
	}
	return s.apiTarget(path, lead...)
}

// kind looks a kind up by name; an unknown name is a caller's mistake.
func (s *Service) kind(name string) (registry.Entry, *Problem) {
	k, ok := registry.Lookup(strings.ToLower(name))
	if !ok {
		names := registry.Names()
		fix := s.baseURL + "/api/v1/kinds"
		if near, ok := registry.Meant(name); ok {
			fix += "/" + near
		}
		return nil, s.Problem(KindInvalidParameter,
			fmt.Sprintf("%q is not a kind; kinds are %s", text.Truncate(name, 64), strings.Join(names, ", ")),
			"type", fix)
	}
	return k, nil
}

// params are the request's parameters with the errors of a malformed
// query string.
func (s *Service) params(req Request, withData bool) (query, []paramError) {
	q, errs := newQuery(req.Params), []paramError(nil)
	if req.Query != "" {
		q, errs = parseQuery(req.Query, withData)
	}
	if !req.Body {
		errs = append(errs, logoParamErrors(q)...)
	}
	for _, name := range req.Listed {
		errs = append(errs, listError(name))
	}
	for _, name := range req.Nested {
		errs = append(errs, nestedError(name))
	}
	if req.Logo != nil {
		// An uploaded file is the logo option's value, as a data URI
		// would be: given twice, it is the same conflict.
		q[optLogo.Name] = append(q[optLogo.Name], uploadedLogo(req.Logo))
	}
	return q, errs
}

// prepareGeneric validates a generic request: data plus rendering options,
// and nothing else. rawQuery, when known, lets it recognise data whose own
// '&' was not percent-encoded.
func (s *Service) prepareGeneric(q query, malformed []paramError, target fixTarget, rawQuery string) (*Rendering, *Problem) {
	var via string
	var defaults map[string]string
	if t, ok := target.(apiTarget); ok {
		via, defaults = t.via, t.defaults
	}
	r, errs := parseRenderingVia(q, true, via, defaults)
	errs = append(malformed, errs...)
	strange := s.genericStrangers(q, r, target, rawQuery)
	if len(strange) == 1 && strange[0].rename == optData.Name {
		errs = withoutDataRequired(errs)
	}
	errs = append(errs, strange...)
	errs = append(errs, lostPlusData(rawQuery, r)...)
	errs = append(errs, unmetNeeds(q, errs)...)
	errs = append(errs, unreached(q, r, target)...)
	if len(errs) > 0 {
		return nil, s.invalid(r, errs, target)
	}
	r.expired = s.expiredWarnings(nil, nil, r.Data, r.gs1)
	return r, nil
}

// genericStrangers reports the parameters a generic call does not read.
// When they are the tail of a URL in data whose '&' was not encoded, one
// error on data says so, and its fix holds the data encoded whole.
func (s *Service) genericStrangers(q query, r *Rendering, target fixTarget, rawQuery string) []paramError {
	stray := strangers(q, append([]string{optData.Name}, optData.Aliases...))
	if len(stray) == 0 {
		return nil
	}
	if e, ok := contentUnderOtherName(q, stray); ok {
		return []paramError{e}
	}
	if meant, ok := strayData(rawQuery, r.Data, stray); ok {
		errs := []paramError{{field: optData.Name, fixed: meant,
			detail: fmt.Sprintf("data looks like a URL whose '&' was not percent-encoded: %s was read as a separate parameter, and the code would hold only %q; percent-encode the data (& is %%26, ? is %%3F, = is %%3D); the fix does", strings.Join(stray, ", "), text.Truncate(r.Data, 200))}}
		for _, name := range stray {
			errs = append(errs, paramError{field: name, keep: true, detail: fmt.Sprintf("%s belongs to data; the fix encodes it there", text.Truncate(name, 64))})
		}
		return errs
	}
	endpoint, own := calledAs(target, "/api/v1/qr")
	return unknownParams(q, stray, endpoint, append(own, optData.Name), nil)
}

// prepareShort reads the short form, /q/<data>.<ext> (.png, .svg, .pdf
// and the rest of options.Extensions), with options in the query string.
// No extension means PNG.
func (s *Service) prepareShort(req Request) (*Rendering, fixTarget, *Problem) {
	q, malformed := s.params(req, true)
	data := strings.TrimPrefix(req.Path, "/")
	format, ext := "", ""
	if dot := strings.LastIndexByte(data, '.'); dot >= 0 {
		if f, ok := options.FormatOfExtension(data[dot+1:]); ok {
			format, ext, data = f, data[dot+1:], data[:dot]
		}
	}
	// A format in the query, under any name, refines the extension
	// (/q/x.svg?format=svg-tiny). The data is the path: the query may
	// repeat it but not contradict it, as with any option's two names;
	// nor may the format (/q/x.svg?format=png), or the extension would be
	// ignored.
	asked, given, _ := q.lookup(optFormat)
	if f, known := options.FormatNamed(asked); format != "" && given && !(known && refines(format, f)) {
		detail := fmt.Sprintf("the path's extension asks for %s and the query for format=%s; give one: the fix keeps the extension (.%s), or change the extension", format, f, ext)
		if !known {
			detail = fmt.Sprintf("format %q is not a format, and the path's extension asks for %s already; the fix keeps the extension (.%s) alone", text.Truncate(asked, 32), format, ext)
		}
		malformed = append(malformed, paramError{field: optFormat.Name, keep: true, detail: detail})
		for _, name := range append([]string{optFormat.Name}, optFormat.Aliases...) {
			delete(q, name)
		}
		given = false
	}
	if format != "" && !given {
		q[optFormat.Name] = []string{format}
	}
	q["data"] = append([]string{data}, q["data"]...)
	target := pathTarget{format, ext}
	if p := s.pathStrangers(q, data, req.Query, target); p != nil {
		return nil, target, p
	}
	r, p := s.prepareGeneric(q, malformed, target, "")
	return r, target, p
}

// refines reports whether the query's format refines the one a path's
// extension names: the same, SVG Tiny of an SVG, or a PNG as a data URI.
func refines(extension, query string) bool {
	return query == extension || extension == string(FormatSVG) && query == string(FormatSVGTiny) ||
		extension == string(FormatPNG) && query == string(FormatBase64)
}

// pathStrangers catches the path form's version of the unencoded-'&'
// mistake: in /q/https://ex.com/?a=1 the URL's own query became ours. The
// fix puts it back into the data, encoded.
func (s *Service) pathStrangers(q query, data, rawQuery string, target fixTarget) *Problem {
	stray := strangers(q, append([]string{optData.Name}, optData.Aliases...))
	if len(stray) == 0 || !strings.Contains(data, "/") {
		return nil
	}
	var own []string
	for _, pair := range strings.Split(rawQuery, "&") {
		key, _, _ := strings.Cut(pair, "=")
		if name, err := url.QueryUnescape(key); err == nil && slices.Contains(stray, strings.ToLower(name)) {
			if decoded, err := url.QueryUnescape(pair); err == nil {
				own = append(own, decoded)
			}
		}
	}
	meant := data + "?" + strings.Join(own, "&")
	rest := url.Values{}
	for name, vs := range q {
		if name != optData.Name && !slices.Contains(stray, name) {
			rest[name] = vs
		}
	}
	rest.Set(optData.Name, meant)
	return s.fixedBy(s.badRequest([]paramError{{field: optData.Name,
		detail: fmt.Sprintf("the data in the path ends at '?': %s was read as a parameter of qrforge rather than of your URL; percent-encode the URL's '?' (%%3F) and '&' (%%26); the fix does", strings.Join(stray, ", "))}},
		""), target, rest)
}

// query reads the query string. A malformed escape ("100%", "%zz") or a
// ';' does not stop the request: the query is read as the caller most
// likely meant it (a literal '%' or ';'), and the returned errors name each
// such parameter, so that the answer is a 400 whose fix is the same call
// correctly encoded. withData says whether data and its aliases are
// parameters of the endpoint.
func parseQuery(raw string, withData bool) (query, []paramError) {
	values, err := url.ParseQuery(raw)
	if err == nil {
		return newQuery(values), nil
	}
	var errs []paramError
	for _, pair := range strings.Split(raw, "&") {
		key, value, _ := strings.Cut(pair, "=")
		var reason string
		if strings.Contains(key, ";") {
			reason = "';' must be encoded as %3B"
		} else if _, err := url.QueryUnescape(key); err != nil {
			reason = err.Error()
		} else if _, err := url.QueryUnescape(value); err != nil {
			reason = err.Error()
		}
		if reason == "" {
			continue
		}
		name, _ := url.QueryUnescape(SanitizeQuery(key))
		field := canonicalName(name, withData)
		errs = append(errs, paramError{field: field, keep: true,
			detail: fmt.Sprintf("%s is not valid percent-encoding (%s); encode '%%' as %%25 and spaces as %%20", text.Truncate(field, 64), reason)})
	}
	lenient, _ := url.ParseQuery(SanitizeQuery(raw))
	return newQuery(lenient), errs
}

// SanitizeQuery re-encodes a query string so that a stray '%' becomes %25,
// which turns a malformed query into the one the caller meant.
func SanitizeQuery(raw string) string { return querystring.Sanitize(raw) }

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}
