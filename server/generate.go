package server

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/qrforge/qrforge/render"
)

// rendererVersion changes whenever output bytes change, so ETags and
// year-long caches never serve stale images.
const rendererVersion = "9"

// generateQR serves GET /api/v1/qr (operation generate_qr).
func (s *Server) generateQR(c *gin.Context) {
	q, malformed := s.query(c, true)
	target := s.apiTarget("/api/v1/qr")
	r, p := s.prepareGeneric(q, malformed, target, c.Request.URL.RawQuery)
	if p != nil {
		writeProblem(c, p)
		return
	}
	s.serveRendering(c, r, target)
}

// prepareGeneric validates a generic request: data plus rendering options,
// and nothing else. rawQuery, when known, lets it recognise data whose own
// '&' was not percent-encoded.
func (s *Server) prepareGeneric(q query, malformed []paramError, target fixTarget, rawQuery string) (*Rendering, *Problem) {
	r, errs := parseRendering(q, true)
	errs = append(malformed, errs...)
	errs = append(errs, s.genericStrangers(q, r, rawQuery)...)
	if len(errs) > 0 {
		return nil, s.invalid(r, errs, target)
	}
	return r, nil
}

// genericStrangers reports the parameters a generic call does not read.
// When they are the tail of a URL in data whose '&' was not encoded, one
// error on data says so, and its fix holds the data encoded whole.
func (s *Server) genericStrangers(q query, r *Rendering, rawQuery string) []paramError {
	stray := strangers(q, append([]string{optData.Name}, optData.Aliases...))
	if len(stray) == 0 {
		return nil
	}
	if meant, ok := strayData(rawQuery, r.Data, stray); ok {
		errs := []paramError{{field: optData.Name, fixed: meant,
			detail: fmt.Sprintf("data looks like a URL whose '&' was not percent-encoded: %s was read as a separate parameter, and the code would hold only %q; percent-encode the data (& is %%26, ? is %%3F, = is %%3D); the fix does", strings.Join(stray, ", "), truncate(r.Data, 200))}}
		for _, name := range stray {
			errs = append(errs, paramError{field: name, keep: true, detail: fmt.Sprintf("%s belongs to data; the fix encodes it there", truncate(name, 64))})
		}
		return errs
	}
	return unknownParams(q, stray, "/api/v1/qr", []string{optData.Name})
}

// generatePath serves the shortest form, /q/<data>.png|.svg|.json, with
// options in the query string. No extension means PNG.
func (s *Server) generatePath(c *gin.Context) {
	q, malformed := s.query(c, true)
	data := strings.TrimPrefix(c.Param("data"), "/")
	format := ""
	if dot := strings.LastIndexByte(data, '.'); dot >= 0 {
		switch ext := strings.ToLower(data[dot+1:]); ext {
		case "png", "svg", "json":
			format, data = ext, data[:dot]
		}
	}
	// A format in the query, under any name, refines the extension
	// (/q/x.svg?format=svg-tiny). The data is the path: the query may
	// repeat it but not contradict it, as with any option's two names.
	if _, given, _ := q.lookup(optFormat); format != "" && !given {
		q["format"] = []string{format}
	}
	q["data"] = append([]string{data}, q["data"]...)
	target := pathTarget(format)
	if p := s.pathStrangers(q, data, c.Request.URL.RawQuery, target); p != nil {
		writeProblem(c, p)
		return
	}
	r, p := s.prepareGeneric(q, malformed, target, "")
	if p != nil {
		writeProblem(c, p)
		return
	}
	s.serveRendering(c, r, target)
}

// pathStrangers catches the path form's version of the unencoded-'&'
// mistake: in /q/https://ex.com/?a=1 the URL's own query became ours. The
// fix puts it back into the data, encoded.
func (s *Server) pathStrangers(q query, data, rawQuery string, target fixTarget) *Problem {
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
	return s.badRequest([]paramError{{field: optData.Name,
		detail: fmt.Sprintf("the data in the path ends at '?': %s was read as a parameter of qrforge rather than of your URL; percent-encode the URL's '?' (%%3F) and '&' (%%26); the fix does", strings.Join(stray, ", "))}},
		target.url(s.baseURL, rest))
}

// query reads the query string. A malformed escape ("100%", "%zz") or a
// ';' does not stop the request: the query is read as the caller most
// likely meant it (a literal '%' or ';'), and the returned errors name each
// such parameter, so that the answer is a 400 whose fix is the same call
// correctly encoded. withData says whether data and its aliases are
// parameters of the endpoint.
func (s *Server) query(c *gin.Context, withData bool) (query, []paramError) {
	raw := c.Request.URL.RawQuery
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
		name, _ := url.QueryUnescape(sanitizeQuery(key))
		field := canonicalName(name, withData)
		errs = append(errs, paramError{field: field, keep: true,
			detail: fmt.Sprintf("%s is not valid percent-encoding (%s); encode '%%' as %%25 and spaces as %%20", truncate(field, 64), reason)})
	}
	lenient, _ := url.ParseQuery(sanitizeQuery(raw))
	return newQuery(lenient), errs
}

// sanitizeQuery re-encodes a query string so that a stray '%' becomes %25,
// which turns a malformed query into the one the caller meant.
func sanitizeQuery(raw string) string {
	var b strings.Builder
	for i := 0; i < len(raw); i++ {
		if raw[i] == '%' && (i+2 >= len(raw) || !isHex(raw[i+1]) || !isHex(raw[i+2])) {
			b.WriteString("%25")
			continue
		}
		if raw[i] == ';' {
			b.WriteString("%3B")
			continue
		}
		b.WriteByte(raw[i])
	}
	return b.String()
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// Output is a rendered generation response.
type Output struct {
	Body        []byte
	ContentType string
	Symbol      *render.Symbol
}

// serveRendering encodes, renders and writes a generation response, or
// writes it from the response cache: the ETag names the canonical request,
// so a hit needs neither encoding nor drawing.
func (s *Server) serveRendering(c *gin.Context, r *Rendering, target fixTarget) {
	etag := etagFor(r)
	resp, hit := s.cache.get(etag)
	if !hit {
		sym, p := s.encode(r, target)
		if p != nil {
			writeProblem(c, p)
			return
		}
		resp = &cachedResponse{version: strconv.Itoa(sym.Version), level: sym.Level.String()}
		if match := c.GetHeader("If-None-Match"); match != "" && etagMatches(match, etag) {
			// Revalidation: the symbol gives the headers, nothing is drawn.
			writeRenderingHeaders(c, resp, etag)
			c.Status(http.StatusNotModified)
			c.Abort()
			return
		}
		out, p := s.renderSymbol(sym, r, target)
		if p != nil {
			writeProblem(c, p)
			return
		}
		resp.body, resp.contentType = out.Body, out.ContentType
		s.cache.add(etag, resp)
	}
	writeRenderingHeaders(c, resp, etag)
	if match := c.GetHeader("If-None-Match"); match != "" && etagMatches(match, etag) {
		c.Status(http.StatusNotModified)
		c.Abort()
		return
	}
	h := c.Writer.Header()
	h.Set("Content-Length", strconv.Itoa(len(resp.body)))
	if c.Request.Method == http.MethodHead {
		// GET's headers, no body: net/http would drop it, but not every
		// ResponseWriter a handler is mounted on does.
		h.Set("Content-Type", resp.contentType)
		c.Status(http.StatusOK)
		return
	}
	c.Data(http.StatusOK, resp.contentType, resp.body)
}

// writeRenderingHeaders sets the headers of a generation response.
func writeRenderingHeaders(c *gin.Context, resp *cachedResponse, etag string) {
	h := c.Writer.Header()
	h.Set("X-QR-Version", resp.version)
	h.Set("X-QR-EC", resp.level)
	h.Set("Cache-Control", "public, max-age=31536000, immutable")
	h.Set("ETag", etag)
}

// produce encodes and renders a prepared request without writing anything,
// for callers that answer many requests at once (batch).
func (s *Server) produce(r *Rendering, target fixTarget) (*Output, *Problem) {
	sym, p := s.encode(r, target)
	if p != nil {
		return nil, p
	}
	return s.renderSymbol(sym, r, target)
}

// encode builds the symbol, or the data-too-long problem.
func (s *Server) encode(r *Rendering, target fixTarget) (*render.Symbol, *Problem) {
	start := time.Now()
	sym, err := render.EncodeECI(r.Data, r.Level, r.ECI)
	s.metrics.observeEncode(time.Since(start))
	if err != nil {
		return nil, s.encodeFailed(r, err, target)
	}
	return sym, nil
}

// renderSymbol draws the symbol in the requested format.
func (s *Server) renderSymbol(sym *render.Symbol, r *Rendering, target fixTarget) (*Output, *Problem) {
	start := time.Now()
	body, contentType, err := renderFormat(sym, r)
	s.metrics.observeRender(r.Format, time.Since(start))
	if err != nil {
		var sizeErr *render.SizeError
		if errors.As(err, &sizeErr) {
			return nil, s.invalid(r, []paramError{{field: "size", detail: err.Error(), fixed: strconv.Itoa(sizeErr.Min)}}, target)
		}
		panic(err) // a renderer failure is a bug: recoverProblem reports it
	}
	return &Output{Body: body, ContentType: contentType, Symbol: sym}, nil
}

// renderFormat produces the body and content type of README "Responses".
func renderFormat(sym *render.Symbol, r *Rendering) ([]byte, string, error) {
	switch r.Format {
	case FormatSVG:
		b, err := render.SVG(sym, r.Options)
		return b, "image/svg+xml", err
	case FormatSVGTiny:
		b, err := render.SVGTiny(sym, r.Options)
		return b, "image/svg+xml", err
	case FormatJSON:
		return render.JSON(sym, r.Options.Margin), "application/json", nil
	case FormatBase64:
		b, err := render.PNG(sym, r.Options)
		if err != nil {
			return nil, "", err
		}
		return render.DataURI(b), "text/plain; charset=utf-8", nil
	default:
		b, err := render.PNG(sym, r.Options)
		return b, "image/png", err
	}
}

// etagFor derives a strong validator from the canonical request: the
// renderer version, the kind ("" for /api/v1/qr), the payload and every
// option under its canonical name with its normalised value (README
// "Responses"). Output is deterministic, so equal canonical requests give
// equal bytes, and an option that changes the bytes must be in Canonical:
// TestETagNamesTheCanonicalRequest checks both ways.
func etagFor(r *Rendering) string {
	opts := url.Values{}
	for k, v := range r.Canonical {
		if k != optData.Name {
			opts[k] = v
		}
	}
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00%s\x00%s", rendererVersion, r.kind, r.Data, opts.Encode())
	return `"` + hex.EncodeToString(h.Sum(nil)[:16]) + `"`
}

// etagMatches implements If-None-Match's weak comparison (RFC 9110 §13.1.2).
func etagMatches(header, etag string) bool {
	for _, candidate := range strings.Split(header, ",") {
		candidate = strings.TrimSpace(candidate)
		if candidate == "*" || strings.TrimPrefix(candidate, "W/") == etag {
			return true
		}
	}
	return false
}

// encodeFailed explains data that cannot become a symbol.
func (s *Server) encodeFailed(r *Rendering, err error, target fixTarget) *Problem {
	var tooLong *render.TooLongError
	if !errors.As(err, &tooLong) {
		return s.invalid(r, []paramError{{field: "data", detail: err.Error(), unfixable: true}}, target)
	}
	values := r.fixValues()
	if tooLong.FitsAt != render.LevelAuto {
		values.Set("ec", string(tooLong.FitsAt))
	} else {
		values.Set("data", r.Data[:tooLong.MaxLength])
		values.Del("ec")
	}
	return s.problem(KindDataTooLong, http.StatusBadRequest, tooLong.Error(), "data", target.url(s.baseURL, values))
}

// invalid is the 400 for bad parameters; the fix corrects all of them. When
// one of them only the caller can give, there is no fix, and the problem
// shows a documented call apart, as an example.
func (s *Server) invalid(r *Rendering, errs []paramError, target fixTarget) *Problem {
	for _, e := range errs {
		if e.unfixable {
			p := s.badRequest(errs, "")
			p.Example = target.url(s.baseURL, url.Values{optData.Name: {optData.Example}})
			return p
		}
	}
	return s.badRequest(errs, target.url(s.baseURL, applyFixes(r.fixValues(), errs)))
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
	return values
}

// badRequest is the invalid-parameter problem listing every error.
func (s *Server) badRequest(errs []paramError, fix string) *Problem {
	p := s.problem(KindInvalidParameter, http.StatusBadRequest, errs[0].detail, errs[0].field, fix)
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
		if name == "chld" {
			for _, n := range []string{"ec", "margin"} {
				if val := r.Canonical.Get(n); val != "" {
					v.Set(n, val)
				}
			}
			continue
		}
		if val := r.Canonical.Get(name); val != "" {
			v.Set(name, val)
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

// apiTarget is an endpoint path; lead lists parameters to write first
// (a kind's fields, in declaration order).
type apiTarget struct {
	path string
	lead []string
}

func (s *Server) apiTarget(path string, lead ...string) fixTarget {
	return apiTarget{path, lead}
}

func (t apiTarget) url(base string, v url.Values) string {
	return base + t.path + "?" + encodeCanonical(v, t.lead...)
}

// pathTarget puts data in the path: /q/<data>.<ext>.
type pathTarget string

func (t pathTarget) url(base string, v url.Values) string {
	data := v.Get("data")
	if data == "" {
		data = optData.Example
	}
	rest := url.Values{}
	for k, vs := range v {
		if k != "data" && !(k == "format" && vs[0] == string(t)) {
			rest[k] = vs
		}
	}
	u := base + "/q/" + url.PathEscape(data)
	if t != "" {
		u += "." + string(t)
	}
	if len(rest) > 0 {
		u += "?" + encodeCanonical(rest)
	}
	return u
}

// encodeCanonical writes options in the canonical order of options.go,
// with %20 for spaces so the URL also works where '+' is not a space.
func encodeCanonical(v url.Values, lead ...string) string {
	var b strings.Builder
	order := append([]string{}, lead...)
	order = append(order, optData.Name)
	for _, o := range renderOptions {
		order = append(order, o.Name)
	}
	written := map[string]bool{}
	for _, name := range order {
		val, ok := v[name]
		if !ok || len(val) == 0 {
			continue
		}
		if written[name] {
			continue
		}
		written[name] = true
		if b.Len() > 0 {
			b.WriteByte('&')
		}
		b.WriteString(name)
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
