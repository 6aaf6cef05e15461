package service

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/qrforge/qrforge/internal/text"
	"github.com/qrforge/qrforge/options"
	"github.com/qrforge/qrforge/registry"
	"github.com/qrforge/qrforge/render"
)

// rendererVersion changes whenever output bytes change, so ETags and
// year-long caches never serve stale images.
const rendererVersion = "15"

// Request is a generation, payload or verify request: the parameters as a
// caller names them, a kind's fields or data and the rendering options
// under their names or aliases (README "Options").
type Request struct {
	// Kind is a registry kind's name, or "" for data and options.
	Kind string
	// Query is the query string as sent. It is read leniently: a
	// malformed escape is read as the caller most likely meant it and
	// reported with a fix. Params are used when Query is "".
	Query  string
	Params url.Values
	// Short marks the short form, /q/<data>.<ext>: Path is what follows
	// /q/, the data with an optional extension (options.Extensions).
	Short bool
	Path  string
	// Logo is a logo file sent in a request body (POST /api/v1/qr), read
	// as the logo option (docs/logos.md); Body says that the parameters
	// came in a body, so that fixes are written as uploads.
	Logo []byte
	Body bool
	// ScoreOnly has verify score robustness without measuring its fixes,
	// each a drawing and a score of its own: the gallery shows a tile's
	// score alone.
	ScoreOnly bool
}

// Image is a rendered code.
type Image struct {
	Body        []byte
	ContentType string
	// ETag names the canonical request (etagFor).
	ETag    string
	Version int
	Level   string
	// Symbol names the symbol as ISO/IEC 18004 and 23941 do: "3-M" for a
	// QR Code, "M2-L" for a Micro QR Code, "R13x77-M" for an rMQR.
	Symbol string
	// Symbols is the number of symbols of a structured append set, 0
	// when none was asked for (append).
	Symbols int
	// NotModified says that the caller's If-None-Match matched ETag:
	// nothing was drawn and Body is nil.
	NotModified bool
	// Warning, when not empty, says why the code drawn as asked may not
	// scan: a plain color too close to bg, or lighter than it
	// (contrastWarning). Generation draws such a colour as asked.
	Warning string
}

// Generate serves a code: GET /api/v1/qr, /api/v1/<kind> and /q/<data>.
// ifNoneMatch is the caller's If-None-Match, "" when none: an image the
// caller holds is not drawn again. A cache hit needs neither encoding nor
// drawing, as the ETag names the canonical request.
func (s *Service) Generate(ctx context.Context, req Request, ifNoneMatch string) (*Image, *Problem) {
	r, target, p := s.prepare(req)
	if p != nil {
		return nil, p
	}
	if p := s.resolveLogo(ctx, r, target); p != nil {
		return nil, p
	}
	etag := etagFor(r)
	if img, hit := s.cache.get(etag); hit {
		return answer(img, ifNoneMatch), nil
	}
	if r.set.asked {
		return s.generateSet(ctx, r, target, etag, ifNoneMatch)
	}
	sym, p := s.encode(r, target)
	if p != nil {
		return nil, p
	}
	img := &Image{ETag: etag, Version: sym.Version, Level: sym.Level.String(), Symbol: sym.Designator(), Warning: contrastWarning(&r.Options)}
	if ifNoneMatch != "" && etagMatches(ifNoneMatch, etag) {
		// Revalidation: the symbol gives the headers, nothing is drawn,
		// unless the drawing may refuse the size: a 304 only stands for
		// an answer that would be a 200 (RFC 9110 §13.1.2). A drawing
		// larger than the whole budget is refused as it would be; one
		// that would wait for memory is not waited for, as nothing is
		// drawn (README "Responses").
		if p := s.budgetFits(sym, r, target); p != nil {
			return nil, p
		}
		if p := s.sizeFits(ctx, sym, r, target); p != nil {
			return nil, p
		}
		img.NotModified = true
		return img, nil
	}
	out, p := s.draw(ctx, sym, r, target)
	if p != nil {
		return nil, p
	}
	img.Body, img.ContentType = out.Body, out.ContentType
	s.cache.add(etag, img)
	return img, nil
}

// answer is a cached image, or its headers alone when the caller has it.
func answer(img *Image, ifNoneMatch string) *Image {
	if ifNoneMatch == "" || !etagMatches(ifNoneMatch, img.ETag) {
		return img
	}
	held := *img
	held.Body, held.NotModified = nil, true
	return &held
}

// Check validates a request and encodes its symbol, drawing it only when
// the size may be too small for it: nil when Generate would serve it.
func (s *Service) Check(ctx context.Context, req Request) *Problem {
	r, target, p := s.prepare(req)
	if p != nil {
		return p
	}
	if p := s.resolveLogo(ctx, r, target); p != nil {
		return p
	}
	return s.check(ctx, r, target)
}

// check encodes a prepared request and checks that it can be drawn.
func (s *Service) check(ctx context.Context, r *Rendering, target fixTarget) *Problem {
	if r.set.asked {
		return s.checkSet(ctx, r, target)
	}
	sym, p := s.encode(r, target)
	if p != nil {
		return p
	}
	return s.sizeFits(ctx, sym, r, target)
}

// sizeFits is the problem the drawing would raise for a size too small
// for the symbol; the symbol is drawn only when the canvas may not fit.
func (s *Service) sizeFits(ctx context.Context, sym *render.Symbol, r *Rendering, target fixTarget) *Problem {
	if canvasModules(sym, r.Options) <= r.Options.Size {
		return nil
	}
	_, p := s.draw(ctx, sym, r, target)
	return p
}

// draw renders the symbol within the memory budget: it reserves what the
// drawing will take first (render.DrawingBytes).
func (s *Service) draw(ctx context.Context, sym *render.Symbol, r *Rendering, target fixTarget) (*Output, *Problem) {
	release, p := s.admitDrawing(ctx, sym, r, target, 0)
	if p != nil {
		return nil, p
	}
	defer release()
	return s.renderSymbol(sym, r, target)
}

// admitDrawing reserves the drawing's memory plus extra bytes per pixel
// (verify's decode and scan). Work too large for the whole budget is a
// bad size, and the fix is the largest size that fits.
func (s *Service) admitDrawing(ctx context.Context, sym *render.Symbol, r *Rendering, target fixTarget, extraPerPixel int64) (func(), *Problem) {
	cost := drawingCost(sym, r, extraPerPixel)
	return s.admit(ctx, cost(r.Options), func(limit int64) *Problem {
		return s.drawingTooLarge(r, cost, limit, target)
	})
}

// budgetFits is admitDrawing's refusal of a drawing larger than the whole
// budget, without reserving or waiting: for answers that draw nothing.
func (s *Service) budgetFits(sym *render.Symbol, r *Rendering, target fixTarget) *Problem {
	cost := drawingCost(sym, r, 0)
	if limit := s.admission.workLimit(); cost(r.Options) > limit {
		return s.drawingTooLarge(r, cost, limit, target)
	}
	return nil
}

// drawingCost is what drawing the symbol with options o takes, plus
// extraPerPixel bytes a pixel. An rMQR is costed by its strip of pixels,
// not the square its width makes (render.SymbolDrawingBytes).
func drawingCost(sym *render.Symbol, r *Rendering, extraPerPixel int64) func(render.Options) int64 {
	return func(o render.Options) int64 {
		w, h := render.CanvasSize(sym, o)
		px := int64(w) * int64(h)
		return render.SymbolDrawingBytes(o, sym, r.encoding()) + extraPerPixel*px + r.logoCost(o)
	}
}

// drawingTooLarge is the problem of a drawing whose cost exceeds limit:
// a bad size whose fix is the largest that fits, or a bad logo.
func (s *Service) drawingTooLarge(r *Rendering, cost func(render.Options) int64, limit int64, target fixTarget) *Problem {
	o := r.Options
	for o.Size > render.MinSize && cost(o) > limit {
		o.Size = max(render.MinSize, o.Size*7/8/16*16)
	}
	if cost(o) > limit {
		// No size helps: the logo's decoding is the work.
		return s.invalid(r, []paramError{{field: optLogo.Name, tooLarge: true,
			detail: fmt.Sprintf("decoding this logo takes about %s, more than this instance's memory budget allows one request (%s); send a smaller picture (%d pixels a side is plenty)", SizeText(r.logoCost(o)), SizeText(limit), logoSide)}}, target)
	}
	fits := r.sizeValue(o.Size, false)
	return s.invalid(r, []paramError{{field: optSize.Name, fixed: fits,
		detail: fmt.Sprintf("size %s with these options needs %s to draw, more than this instance's memory budget allows one request (%s); %s fits", r.Canonical.Get(optSize.Name), SizeText(cost(r.Options)), SizeText(limit), fits)}}, target)
}

// rasterises reports whether the format is drawn from pixels (PNG and its
// data URI, GIF, JPEG), where a logo is scaled to the image's size.
func (r *Rendering) rasterises() bool {
	switch r.encoding() {
	case render.EncodingPNG, render.EncodingGIF, render.EncodingJPEG:
		return true
	}
	return false
}

// encoding is what the format writes the drawing as, for its cost.
func (r *Rendering) encoding() render.Encoding {
	switch r.Format {
	case FormatPNG, FormatBase64:
		return render.EncodingPNG
	case FormatSVG, FormatSVGTiny:
		return render.EncodingSVG
	case FormatJSON:
		return render.EncodingMatrix
	}
	return render.Encoding(r.Format) // gif, jpeg, pdf, eps
}

// Payload is the exact string a typed request encodes (GET
// /api/v1/<kind>/payload).
type Payload struct {
	Kind    string `json:"kind"`
	Payload string `json:"payload"`
}

// Payload builds a kind's payload without rendering it.
func (s *Service) Payload(req Request) (*Payload, *Problem) {
	k, p := s.kind(req.Kind)
	if p != nil {
		return nil, p
	}
	q, malformed := s.params(req, false)
	target := s.apiTarget(k.Path()+"/payload", FieldNames(k)...)
	r, p := s.prepareKind(k, q, malformed, target)
	if p != nil {
		return nil, p
	}
	return &Payload{Kind: k.Name(), Payload: r.Data}, nil
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
		target := s.target(req, k.Path(), FieldNames(k)...)
		r, p := s.prepareKind(k, q, malformed, target)
		return r, target, p
	case req.Short:
		return s.prepareShort(req)
	default:
		q, malformed := s.params(req, true)
		target := s.target(req, "/api/v1/qr")
		r, p := s.prepareGeneric(q, malformed, target, req.Query)
		return r, target, p
	}
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
	r, errs := parseRendering(q, true)
	errs = append(malformed, errs...)
	errs = append(errs, s.genericStrangers(q, r, rawQuery)...)
	errs = append(errs, unmetNeeds(q, errs)...)
	errs = append(errs, unreached(q, r, target)...)
	if len(errs) > 0 {
		return nil, s.invalid(r, errs, target)
	}
	return r, nil
}

// genericStrangers reports the parameters a generic call does not read.
// When they are the tail of a URL in data whose '&' was not encoded, one
// error on data says so, and its fix holds the data encoded whole.
func (s *Service) genericStrangers(q query, r *Rendering, rawQuery string) []paramError {
	stray := strangers(q, append([]string{optData.Name}, optData.Aliases...))
	if len(stray) == 0 {
		return nil
	}
	if meant, ok := strayData(rawQuery, r.Data, stray); ok {
		errs := []paramError{{field: optData.Name, fixed: meant,
			detail: fmt.Sprintf("data looks like a URL whose '&' was not percent-encoded: %s was read as a separate parameter, and the code would hold only %q; percent-encode the data (& is %%26, ? is %%3F, = is %%3D); the fix does", strings.Join(stray, ", "), text.Truncate(r.Data, 200))}}
		for _, name := range stray {
			errs = append(errs, paramError{field: name, keep: true, detail: fmt.Sprintf("%s belongs to data; the fix encodes it there", text.Truncate(name, 64))})
		}
		return errs
	}
	return unknownParams(q, stray, "/api/v1/qr", []string{optData.Name}, nil)
}

// prepareShort reads the short form, /q/<data>.<ext> (.png, .svg, .pdf
// and the rest of options.Extensions), with options in the query string.
// No extension means PNG.
func (s *Service) prepareShort(req Request) (*Rendering, fixTarget, *Problem) {
	q, malformed := s.params(req, true)
	data := strings.TrimPrefix(req.Path, "/")
	format := ""
	if dot := strings.LastIndexByte(data, '.'); dot >= 0 {
		if f, ok := options.FormatOfExtension(data[dot+1:]); ok {
			format, data = f, data[:dot]
		}
	}
	// A format in the query, under any name, refines the extension
	// (/q/x.svg?format=svg-tiny). The data is the path: the query may
	// repeat it but not contradict it, as with any option's two names.
	if _, given, _ := q.lookup(optFormat); format != "" && !given {
		q[optFormat.Name] = []string{format}
	}
	q["data"] = append([]string{data}, q["data"]...)
	target := pathTarget(format)
	if p := s.pathStrangers(q, data, req.Query, target); p != nil {
		return nil, target, p
	}
	r, p := s.prepareGeneric(q, malformed, target, "")
	return r, target, p
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
func SanitizeQuery(raw string) string {
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

// produce encodes and renders a prepared request, for callers that answer
// many requests at once (batch).
func (s *Service) produce(ctx context.Context, r *Rendering, target fixTarget) (*Output, *Problem) {
	if r.set.asked {
		set, p := s.encodeSet(r, target)
		if p != nil {
			return nil, p
		}
		return s.drawSet(ctx, set, r, target)
	}
	sym, p := s.encode(r, target)
	if p != nil {
		return nil, p
	}
	return s.draw(ctx, sym, r, target)
}

// encode builds the symbol, or the data-too-long problem.
func (s *Service) encode(r *Rendering, target fixTarget) (*render.Symbol, *Problem) {
	start := time.Now()
	sym, err := encodeSymbol(r)
	s.observe.Encoded(time.Since(start))
	if err != nil {
		var logoErr *render.LogoError
		if errors.As(err, &logoErr) {
			return nil, s.logoTooLarge(r, logoErr, target)
		}
		return nil, s.encodeFailed(r, err, target)
	}
	if sym.Micro || sym.RMQR {
		// A Micro QR Code keeps a square finder: zxing-cpp 1.4 and 3 read
		// none with rounded eyes (e2e TestMicroQRScansOnZxing), as they
		// find the symbol by the finder's square outline and timing edges.
		// So does an rMQR: zxing-cpp 3 reads none with rounded, squircle,
		// leaf or octagon eyes.
		r.Options.Eye, r.Options.EyeFrame, r.Options.EyeBall = render.EyeSquare, "", ""
	}
	return sym, nil
}

// encodeSymbol builds the symbol r asks for.
func encodeSymbol(r *Rendering) (*render.Symbol, error) {
	switch lg := r.Options.Logo; {
	case r.gs1:
		return render.EncodeGS1(r.Data, r.Level)
	case lg != nil:
		return render.EncodeWithLogo(r.Data, r.Level, r.ECI, lg.Size, lg.Padding, r.maxVersion)
	case r.Options.Overlay.Size > 0 && r.Symbol == render.SymbolQR:
		// An emblem keeps the central alignment pattern clear where the
		// kind's largest version allows (render/centre.go).
		return render.EncodeClearCentre(r.Data, r.Level, r.ECI, r.maxVersion)
	case r.Symbol == render.SymbolRMQR:
		return render.EncodeRMQR(r.Data, r.Level, r.ECI, r.RMQRHeight)
	}
	symbol := r.Symbol
	if f, b := r.Options.EyeParts(); symbol == render.SymbolAuto && (f != render.EyeFrameSquare || b != render.EyeBallSquare) {
		// A Micro QR Code keeps square eyes (refuseEyeShapes): auto takes
		// the QR Code that draws the eyes asked for.
		symbol = render.SymbolQR
	}
	return render.EncodeSymbol(r.Data, r.Level, r.ECI, symbol)
}

// renderSymbol draws the symbol in the requested format.
func (s *Service) renderSymbol(sym *render.Symbol, r *Rendering, target fixTarget) (*Output, *Problem) {
	r, p := s.withLogoImage(r, target)
	if p != nil {
		return nil, p
	}
	start := time.Now()
	body, contentType, err := renderFormat(sym, r)
	s.observe.Rendered(r.Format, time.Since(start))
	if err != nil {
		var sizeErr *render.SizeError
		if errors.As(err, &sizeErr) {
			detail := err.Error()
			if r.sizeUnit != "" {
				detail = fmt.Sprintf("size %s is %d pixels at %d dpi, which cannot draw this code with at least one pixel per module; the smallest size that works is %s",
					r.Canonical.Get(optSize.Name), sizeErr.Size, r.Options.Print.DPI, r.sizeValue(sizeErr.Min, true))
			}
			return nil, s.invalid(r, []paramError{{field: optSize.Name, detail: detail, fixed: r.sizeValue(sizeErr.Min, true)}}, target)
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
		// The matrix as drawn: a logo's modules cleared, for the
		// caller's own logo.
		return render.JSON(render.LogoKnockOut(sym, r.Options.Logo), r.Options.Margin), "application/json", nil
	case FormatBase64:
		b, err := render.PNG(sym, r.Options)
		if err != nil {
			return nil, "", err
		}
		return render.DataURI(b), "text/plain; charset=utf-8", nil
	case FormatGIF:
		b, err := render.GIF(sym, r.Options)
		return b, "image/gif", err
	case FormatJPEG:
		b, err := render.JPEG(sym, r.Options)
		return b, "image/jpeg", err
	case FormatPDF:
		b, err := render.PDF(sym, r.Options)
		return b, "application/pdf", err
	case FormatEPS:
		b, err := render.EPS(sym, r.Options)
		return b, "application/postscript", err
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
func (s *Service) encodeFailed(r *Rendering, err error, target fixTarget) *Problem {
	var micro *render.MicroError
	if errors.As(err, &micro) {
		// symbol=auto draws a QR Code when no Micro QR Code will do.
		return s.invalid(r, []paramError{{field: optSymbol.Name, detail: err.Error(), fixed: string(render.SymbolAuto)}}, target)
	}
	var rmqr *render.RMQRError
	if errors.As(err, &rmqr) {
		// A QR Code holds what no rMQR does.
		return s.invalid(r, []paramError{{field: optSymbol.Name, detail: err.Error(), fixed: string(render.SymbolQR)}}, target)
	}
	var tooLong *render.TooLongError
	if !errors.As(err, &tooLong) {
		return s.invalid(r, []paramError{{field: "data", detail: err.Error(), unfixable: true}}, target)
	}
	values := r.fixValues()
	if tooLong.FitsAt != render.LevelAuto {
		values.Set(optEC.Name, string(tooLong.FitsAt))
	} else {
		values.Set("data", r.Data[:tooLong.MaxLength])
		values.Del(optEC.Name)
	}
	p := s.Problem(KindDataTooLong, tooLong.Error(), "data", target.url(s.baseURL, values))
	p.Hint = s.appendHint(r, target)
	return p
}

// invalid is the 400 for bad parameters; the fix corrects all of them. When
// one of them only the caller can give, there is no fix, and the problem
// shows a documented call apart, as an example.
func (s *Service) invalid(r *Rendering, errs []paramError, target fixTarget) *Problem {
	for _, e := range errs {
		if e.unfixable {
			p := s.badRequest(errs, "")
			p.Example = target.url(s.baseURL, url.Values{optData.Name: {optData.Example}})
			return p
		}
	}
	values := applyFixes(r.fixValues(), errs)
	// A fix that drops an option drops what needs it too (a logo's size).
	dropUnmet(values, func(string) bool { return true })
	// Values right alone can be wrong together, such as a margin renamed
	// from a misspelt parameter and a frame that needs a wider one: the
	// fix settles them.
	for range 2 {
		fixed, more := parseRendering(newQuery(values), false)
		fixed.Options.Overlay = r.Options.Overlay // a kind's emblem, which color colours
		more = append(more, unreached(newQuery(values), fixed, target)...)
		more = slices.DeleteFunc(more, func(e paramError) bool { return e.unfixable || e.keep || e.rename != "" })
		if len(more) == 0 {
			break
		}
		values = applyFixes(values, more)
	}
	s.fixDraws(r, values)
	return s.badRequest(errs, target.url(s.baseURL, values))
}

// fixDraws raises the size in a fix's values to one that draws the
// symbol, which the options alone cannot tell: a size below the minimum
// becomes 64 px, too few for a long payload's modules. The symbol is
// encoded from the fix's data, or a kind's payload from its fixed fields.
func (s *Service) fixDraws(r *Rendering, values url.Values) {
	generic := r.kind == ""
	fixed, more := parseRendering(newQuery(values), generic)
	if len(more) > 0 || fixed.sizeUnit != "" || fixed.set.asked {
		return
	}
	if !generic {
		k, ok := registry.Lookup(r.kind)
		if !ok {
			return
		}
		payload, fieldErrs := k.Build(r.fields)
		if len(fieldErrs) > 0 {
			return
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
		return
	}
	fixed.gs1, fixed.maxVersion, fixed.levelFixed, fixed.kind = r.gs1, r.maxVersion, r.levelFixed, r.kind
	if sym, err := encodeSymbol(fixed); err == nil {
		s.fitSize(sym, values)
	}
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

func (s *Service) apiTarget(path string, lead ...string) fixTarget {
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
		if k != optData.Name && !(k == optFormat.Name && vs[0] == string(t)) {
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
