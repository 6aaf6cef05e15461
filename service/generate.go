package service

import (
	"context"
	"fmt"
	"net/url"
	"slices"

	"github.com/qrforge/qrforge/render"
)

// rendererVersion changes whenever output bytes change, so ETags and
// year-long caches never serve stale images.
const rendererVersion = "18"

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
	// Listed names the List options (options.Option.List) a JSON body or
	// tool gave as a list, whose Params hold the items joined with
	// commas: the call is refused, and its fix carries them joined.
	Listed []string
	// Nested names the members of a JSON body that held parameters in an
	// object of their own (JSONParams): Params hold those parameters, and
	// the call is refused with a fix that carries them at the top.
	Nested []string
	// ScoreOnly has verify score robustness without measuring its fixes,
	// each a drawing and a score of its own: the gallery shows a tile's
	// score alone.
	ScoreOnly bool
	// Via is the path of another API the call came to (/qr, QuickChart's),
	// read as a generic call: problems name it, and their fixes stay calls
	// of /api/v1/qr (docs/migrating.md).
	Via string
	// Defaults are the documented defaults of the API at Via, by
	// option name (goQR's size 200 and ec L): a fix of a value that
	// says nothing of what was meant (size=abc) takes the API's default,
	// as that API would draw, rather than qrforge's.
	Defaults map[string]string
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
	// scan: each of verify's design checks that warns or fails, after its
	// name (designWarnings), and a caption too small. Generation draws
	// such a design as asked. It also carries a kind's warnings on its
	// fields (registry Kind.Warn).
	Warning string
	// Fetched says the image holds a logo fetched by URL, whose file may
	// change there: it is fresh for as long as the fetch is kept
	// (fetch.TTL), not for good.
	Fetched bool
}

// Generate serves a code: GET /api/v1/qr, /api/v1/<kind> and /q/<data>.
// ifNoneMatch is the caller's If-None-Match, "" when none: an image the
// caller holds is not drawn again. A cache hit needs neither encoding nor
// drawing, as the ETag names the canonical request.
func (s *Service) Generate(ctx context.Context, req Request, ifNoneMatch string) (*Image, *Problem) {
	img, p := s.generate(ctx, req, ifNoneMatch)
	return img, s.settle(ctx, p)
}

func (s *Service) generate(ctx context.Context, req Request, ifNoneMatch string) (*Image, *Problem) {
	r, target, p := s.prepare(req)
	if p != nil {
		return nil, p
	}
	if p := s.resolveLogo(ctx, r, target); p != nil {
		return nil, p
	}
	etag := etagFor(r)
	fetched := r.logo != nil && r.logo.remote != ""
	if img, hit := s.cache.get(etag); hit {
		if img.Fetched != fetched {
			// The same bytes, fetched by one request and sent by another.
			c := *img
			c.Fetched = fetched
			img = &c
		}
		return answer(withExpired(img, r), ifNoneMatch), nil
	}
	if r.set.asked {
		return s.generateSet(ctx, r, target, etag, ifNoneMatch)
	}
	sym, p := s.encode(r, target)
	if p != nil {
		return nil, p
	}
	img := &Image{ETag: etag, Version: sym.Version, Level: sym.Level.String(), Symbol: sym.Designator(), Warning: joinWarnings(imageWarnings(sym, r))}
	img.Fetched = fetched
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
		return withExpired(img, r), nil
	}
	out, p := s.draw(ctx, sym, r, target)
	if p != nil {
		return nil, p
	}
	img.Body, img.ContentType = out.Body, out.ContentType
	s.cache.add(etag, img)
	return withExpired(img, r), nil
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

// Warning is one reason a code drawn as asked may not scan or be read
// (Image.Warning), on the option that changes it.
type Warning struct {
	// Code is the verify check that gives the same warning (quiet_zone,
	// style_risk, payload, ...), or caption for a caption too small to
	// read, which verify does not check.
	Code   string
	Field  string // the option's API name
	Detail string
}

// String is the warning as X-QR-Warning says it, after its code.
func (w Warning) String() string {
	return w.Code + ": " + w.Detail
}

// imageWarnings are Image.Warning's reasons, each on its option: a
// kind's warnings on its fields, and for data a kind's form that the kind
// refuses; every design check of verify's that warns or fails (contrast,
// quiet_zone, module_size, with modules printed too small, polarity,
// style_risk, decoders), in its words; and size for a caption too small.
// A cached image keeps them: they are not sought on a hit. A payment
// code's expiry is not among them (withExpired).
func imageWarnings(sym *render.Symbol, r *Rendering) []Warning {
	out := payloadWarnings(r)
	out = append(out, designWarnings(sym, r)...)
	if w := captionWarning(sym, r); w != "" {
		out = append(out, Warning{Code: "caption", Field: r.sizeName(), Detail: w})
	}
	return out
}

// payloadWarnings are the reasons the payload may not be read as meant:
// a kind's warnings on its fields, or data in a kind's form that the kind
// refuses.
func payloadWarnings(r *Rendering) []Warning {
	out := slices.Clone(r.kindWarnings)
	if r.kind == "" {
		out = append(out, typedDataWarnings(r.Data, r.gs1)...)
	}
	return out
}

// Warnings are the reasons the code of req, drawn as asked, may not scan
// or be read: Image.Warning's, each on its option, so that a page can show
// them beside their controls. None for a request Check refuses or a
// structured append set.
func (s *Service) Warnings(ctx context.Context, req Request) []Warning {
	r, target, p := s.prepare(req)
	if p != nil || r.set.asked {
		return nil
	}
	if p := s.resolveLogo(ctx, r, target); p != nil {
		return nil
	}
	sym, p := s.encode(r, target)
	if p != nil {
		return nil
	}
	return slices.Concat(r.expired, imageWarnings(sym, r))
}

// Check validates a request and encodes its symbol, drawing it only when
// the size may be too small for it: nil when Generate would serve it.
func (s *Service) Check(ctx context.Context, req Request) *Problem {
	return s.settle(ctx, s.checkRequest(ctx, req))
}

// checkRequest is Check with its fix as first made.
func (s *Service) checkRequest(ctx context.Context, req Request) *Problem {
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
	if render.MinCanvasSize(sym, r.Options) <= r.Options.Size {
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
	return s.invalid(r, []paramError{{field: r.sizeName(), fixed: fits,
		detail: fmt.Sprintf("%s with these options needs %s to draw, more than this instance's memory budget allows one request (%s); %s %s fits", r.sizeShown(), SizeText(cost(r.Options)), SizeText(limit), r.sizeName(), fits)}}, target)
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
