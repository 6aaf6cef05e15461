package service

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"mime"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/qrforge/qrforge/internal/text"
	"github.com/qrforge/qrforge/options"
	"github.com/qrforge/qrforge/render"
)

var (
	optAppend       = options.Append
	optAppendLayout = options.AppendLayout
)

// The layouts of a structured append set's answer (options.AppendLayout).
const (
	layoutZip  = "zip"
	layoutJSON = "json"
	layoutRow  = "row"
)

// appendRequest is what a request asks of structured append: nothing
// unless asked, the count (render.AppendAuto for the fewest) and the
// layout of the answer.
type appendRequest struct {
	asked  bool
	count  int
	layout string
}

// rowFormats are the formats a row is drawn in: it is one raster image.
var rowFormats = []Format{FormatPNG, FormatBase64, FormatGIF, FormatJPEG}

// parseAppend reads append and appendlayout, once the options they
// depend on are read, and refuses what a set cannot be: a Micro QR Code
// (ISO/IEC 18004:2015 §8 is QR Code's alone), a logo, and for a row a
// vector or matrix format, a frame, a label or no quiet zone.
func parseAppend(r *Rendering, get func(option) (string, bool), fail func(field, fixed, format string, args ...any)) {
	r.set.layout = layoutZip
	layoutValue, layoutGiven := get(optAppendLayout)
	if layoutGiven {
		l := strings.ToLower(strings.TrimSpace(layoutValue))
		if !slices.Contains(optAppendLayout.Enum, l) {
			fail(optAppendLayout.Name, layoutZip, "appendlayout %q is not one of %s: zip is an archive of one file a symbol, json a document of them, row one image of them side by side", layoutValue, strings.Join(optAppendLayout.Enum, ", "))
			l = layoutZip
		}
		r.set.layout = l
	}
	v, ok := get(optAppend)
	if !ok {
		if layoutGiven {
			fail(optAppendLayout.Name, "", "appendlayout arranges a structured append set, and append asks for none; add append=auto, or drop appendlayout")
		}
		return
	}
	r.set.asked = true
	v = strings.ToLower(strings.TrimSpace(v))
	if v == "auto" {
		r.set.count = render.AppendAuto
	} else {
		n, err := atoiSaturating(v)
		switch {
		case err != nil:
			fail(optAppend.Name, "auto", "append %q is not auto or a number of symbols, 2 to %d", v, render.MaxAppendSymbols)
		case n < 2:
			fail(optAppend.Name, "auto", "append %s is not a set: a structured append set has 2 to %d symbols; auto draws one symbol when one holds the data", v, render.MaxAppendSymbols)
		case n > render.MaxAppendSymbols:
			fail(optAppend.Name, strconv.Itoa(render.MaxAppendSymbols), "append %s is more than %d symbols, the most a set has (ISO/IEC 18004:2015 §8.2 counts them in four bits)", v, render.MaxAppendSymbols)
		default:
			r.set.count = n
		}
	}
	if r.set.count == render.AppendAuto {
		r.Canonical.Set(optAppend.Name, "auto")
	} else {
		r.Canonical.Set(optAppend.Name, strconv.Itoa(r.set.count))
	}
	r.Canonical.Set(optAppendLayout.Name, r.set.layout)

	if r.Symbol != render.SymbolQR && r.Symbol != render.SymbolAuto {
		fail(optSymbol.Name, string(render.SymbolQR), "symbol=%s has no structured append: ISO/IEC 18004:2015 §8 joins QR Codes only; append draws QR Codes", r.Symbol)
	}
	if r.logo != nil {
		fail(optLogo.Name, "", "a structured append set is drawn without a logo: each symbol would give up the error correction the logo covers; drop the logo, or append")
	}
	if r.set.layout != layoutRow {
		return
	}
	if !slices.Contains(rowFormats, r.Format) {
		fail(optFormat.Name, string(FormatPNG), "appendlayout=row draws one raster image, as %s; format %s is not one (appendlayout=zip gives one %s file a symbol)", text.Join(rowFormats), r.Format, r.Format)
	}
	if r.Options.Frame != render.FrameNone {
		fail(optTpl.Name, "", "appendlayout=row has no frame: a frame goes round one symbol, where the next one starts; drop tpl, or use appendlayout=zip")
	}
	if r.Options.Label != "" {
		fail(optLabel.Name, "", "appendlayout=row has no label: a caption goes under one symbol; drop the label, or use appendlayout=zip")
	}
	if r.Options.Margin == 0 {
		fail(optMargin.Name, strconv.Itoa(render.DefaultMargin), "appendlayout=row sets the symbols one quiet zone apart: with margin 0 they would touch, and a reader could not tell them apart")
	}
}

// appendRefused is the error of a kind whose standard reads its payload
// from one symbol: an emblem, a largest version or a fixed level.
func appendRefused(kind, standard string) paramError {
	return paramError{field: optAppend.Name, detail: fmt.Sprintf("%s is read from one QR Code by its standard (%s); drop append", kind, standard)}
}

// generateSet serves a request that asked for structured append.
func (s *Service) generateSet(ctx context.Context, r *Rendering, target fixTarget, etag, ifNoneMatch string) (*Image, *Problem) {
	set, p := s.encodeSet(r, target)
	if p != nil {
		return nil, p
	}
	first := set.Symbols[0]
	img := &Image{ETag: etag, Version: first.Version, Level: first.Level.String(), Symbol: first.Designator(), Symbols: len(set.Symbols)}
	if ifNoneMatch != "" && etagMatches(ifNoneMatch, etag) {
		if p := s.setFits(ctx, set, r, target); p != nil {
			return nil, p
		}
		img.NotModified = true
		return img, nil
	}
	out, p := s.drawSet(ctx, set, r, target)
	if p != nil {
		return nil, p
	}
	img.Body, img.ContentType = out.Body, out.ContentType
	s.cache.add(etag, img)
	return img, nil
}

// encodeSet divides the data over its symbols, or says why it cannot.
func (s *Service) encodeSet(r *Rendering, target fixTarget) (*render.Set, *Problem) {
	set, err := render.EncodeAppend(r.Data, r.Level, r.ECI, r.set.count)
	var ae *render.AppendError
	switch {
	case errors.As(err, &ae):
		return nil, s.appendFailed(r, ae, target)
	case err != nil:
		return nil, s.encodeFailed(r, err, target)
	}
	if p := s.scaleTo(set.Symbols[0], r, target); p != nil {
		return nil, p
	}
	return set, nil
}

// appendFailed explains a set that cannot hold the data: a count that
// is too small or too large for it, or data past 16 symbols, whose fix
// lowers the level when that holds it, and which is otherwise unfixed, as
// a symbol's is.
func (s *Service) appendFailed(r *Rendering, e *render.AppendError, target fixTarget) *Problem {
	switch {
	case e.Characters > 0:
		return s.invalid(r, []paramError{{field: optAppend.Name, fixed: symbolsFor(e.Characters), detail: e.Error()}}, target)
	case e.Needed > 0:
		return s.invalid(r, []paramError{{field: optAppend.Name, fixed: strconv.Itoa(e.Needed), detail: e.Error()}}, target)
	}
	if e.FitsAt == render.LevelAuto {
		return s.tooLongUnfixed(e.Error(), target)
	}
	values := r.fixValues()
	values.Set(optAppend.Name, "auto")
	values.Set(optEC.Name, string(e.FitsAt))
	return s.fixedBy(s.Problem(KindDataTooLong, e.Error(), "data", ""), target, values)
}

// symbolsFor is the append count of a set for data of that many
// characters, one a symbol at most: the count, or auto below two.
func symbolsFor(characters int) string {
	if characters < 2 {
		return "auto"
	}
	return strconv.Itoa(characters)
}

// fitSetCount lowers the symbol count in a fix's values to one the data
// holds: append=17 clamped to 16 is still more symbols than "hi" has
// characters, and a fix must answer when followed.
func fitSetCount(r *Rendering, values url.Values) {
	if r.set.count == render.AppendAuto {
		return
	}
	var ae *render.AppendError
	if _, err := render.EncodeAppend(r.Data, r.Level, r.ECI, r.set.count); errors.As(err, &ae) && ae.Characters > 0 {
		values.Set(optAppend.Name, symbolsFor(ae.Characters))
	}
}

// appendHint names structured append on a data-too-long problem when a
// set would hold the data as asked: append=auto with the caller's values.
func (s *Service) appendHint(r *Rendering, target fixTarget) string {
	if !appendAllowed(r) {
		return ""
	}
	// Two symbols, or the count the error says is needed: the data was
	// just found too long for one, and need not be measured against it
	// again.
	var ae *render.AppendError
	if _, err := render.EncodeAppend(r.Data, r.Level, r.ECI, 2); err != nil && !(errors.As(err, &ae) && ae.Needed > 0) {
		return ""
	}
	values := r.fixValues()
	values.Set(optAppend.Name, "auto")
	return fmt.Sprintf("up to %d QR Codes that readers join hold more: structured append (ISO/IEC 18004:2015 §8), with append=auto or a count, and appendlayout for a zip, a JSON document or one image: %s",
		render.MaxAppendSymbols, target.url(s.baseURL, values))
}

// appendAllowed reports whether the rendering could be a set: a QR Code
// without a logo, of a kind whose standard does not fix its symbol.
func appendAllowed(r *Rendering) bool {
	return (r.Symbol == render.SymbolQR || r.Symbol == render.SymbolAuto) && r.Options.Logo == nil && r.logo == nil &&
		r.Options.Overlay.Size == 0 && r.maxVersion == 0 && !r.levelFixed
}

// checkSet is check for a set: its symbols encode and fit the size.
func (s *Service) checkSet(ctx context.Context, r *Rendering, target fixTarget) *Problem {
	set, p := s.encodeSet(r, target)
	if p != nil {
		return p
	}
	return s.setFits(ctx, set, r, target)
}

// setFits is the problem drawing the set would raise for its size: one
// symbol's, which every symbol shares, and a row's width.
func (s *Service) setFits(ctx context.Context, set *render.Set, r *Rendering, target fixTarget) *Problem {
	if p := s.sizeFits(ctx, set.Symbols[0], r, target); p != nil {
		return p
	}
	if r.set.layout == layoutRow {
		_, p := s.rowLayout(set, r, target)
		return p
	}
	return nil
}

// drawSet answers a set in its layout.
func (s *Service) drawSet(ctx context.Context, set *render.Set, r *Rendering, target fixTarget) (*Output, *Problem) {
	if r.set.layout == layoutRow {
		return s.drawRow(ctx, set, r, target)
	}
	bodies := make([]*Output, len(set.Symbols))
	for i, sym := range set.Symbols {
		out, p := s.draw(ctx, sym, r, target)
		if p != nil {
			return nil, p
		}
		bodies[i] = out
	}
	if r.set.layout == layoutJSON {
		return setJSON(set, bodies), nil
	}
	return setZip(set, bodies, r.Format), nil
}

// partName names symbol i (from 0) of n in an archive.
func partName(i, n int, format Format) string {
	return fmt.Sprintf("part-%d-of-%d.%s", i+1, n, options.Extension(string(format)))
}

// setZip is an archive of the symbols' files, in set order.
func setZip(set *render.Set, bodies []*Output, format Format) *Output {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for i, out := range bodies {
		w, err := zw.CreateHeader(&zip.FileHeader{Name: partName(i, len(bodies), format), Method: zip.Deflate, Modified: zipEpoch})
		if err == nil {
			_, err = w.Write(out.Body)
		}
		if err != nil {
			panic(err) // writing to memory fails only on a bug
		}
	}
	if err := zw.Close(); err != nil {
		panic(err)
	}
	return &Output{Body: buf.Bytes(), ContentType: "application/zip", Symbol: set.Symbols[0]}
}

// SetDocument is the json layout's answer: the set, and each symbol
// with its share of the data and its image as a data URI.
type SetDocument struct {
	Symbols int `json:"symbols"`
	// StructuredAppend says whether the symbols carry structured append
	// headers; one symbol that holds the data alone has none.
	StructuredAppend bool       `json:"structured_append"`
	Parity           *int       `json:"parity,omitempty"`
	Parts            []SetEntry `json:"parts"`
}

// SetEntry is one symbol of a SetDocument.
type SetEntry struct {
	Part   int    `json:"part"`
	Of     int    `json:"of"`
	Parity *int   `json:"parity,omitempty"`
	Symbol string `json:"symbol"`
	Text   string `json:"text"`
	Image  string `json:"image"`
}

func setJSON(set *render.Set, bodies []*Output) *Output {
	doc := SetDocument{Symbols: len(set.Symbols), StructuredAppend: set.Appended()}
	var parity *int
	if set.Appended() {
		p := int(set.Parity)
		parity = &p
	}
	doc.Parity = parity
	for i, out := range bodies {
		doc.Parts = append(doc.Parts, SetEntry{Part: i + 1, Of: len(bodies), Parity: parity, Symbol: set.Symbols[i].Designator(), Text: set.Parts[i], Image: partURI(out)})
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(doc); err != nil {
		panic(err)
	}
	return &Output{Body: buf.Bytes(), ContentType: "application/json", Symbol: set.Symbols[0]}
}

// partURI is a drawn symbol as a data URI (RFC 2397); format=base64 is
// one already.
func partURI(out *Output) string {
	if strings.HasPrefix(string(out.Body[:min(len(out.Body), 5)]), "data:") {
		return string(out.Body)
	}
	mediaType, _, _ := mime.ParseMediaType(out.ContentType)
	return "data:" + mediaType + ";base64," + base64.StdEncoding.EncodeToString(out.Body)
}

// rowLayout lays the set out in a row, within the pixels one image may
// have: a row as wide as size × size pixels allows.
func (s *Service) rowLayout(set *render.Set, r *Rendering, target fixTarget) (render.RowLayout, *Problem) {
	row, err := render.Row(set.Symbols[0], len(set.Symbols), r.Options)
	var sizeErr *render.SizeError
	switch {
	case errors.As(err, &sizeErr):
		return row, s.invalid(r, []paramError{{field: r.sizeName(), detail: err.Error(), fixed: r.sizeValue(sizeErr.Min, true)}}, target)
	case err != nil:
		// parseAppend refuses a frame and a label first.
		return row, s.invalid(r, []paramError{{field: optAppendLayout.Name, fixed: layoutZip, detail: err.Error()}}, target)
	}
	if int64(row.Width)*int64(row.Height) > int64(render.MaxSize)*int64(render.MaxSize) {
		fits := r.Options.Size
		for fits > render.MinSize {
			o := r.Options
			o.Size = fits
			if l, err := render.Row(set.Symbols[0], len(set.Symbols), o); err == nil && int64(l.Width)*int64(l.Height) <= int64(render.MaxSize)*int64(render.MaxSize) {
				break
			}
			fits = max(render.MinSize, fits*7/8)
		}
		return row, s.invalid(r, []paramError{{field: r.sizeName(), fixed: r.sizeValue(fits, false),
			detail: fmt.Sprintf("a row of %d symbols at %s is %dx%d pixels, more than the %dx%d one image may have; %s %s fits", len(set.Symbols), r.sizeShown(), row.Width, row.Height, render.MaxSize, render.MaxSize, r.sizeName(), r.sizeValue(fits, false))}}, target)
	}
	return row, nil
}

// drawRow draws the set as one image, its memory reserved first.
func (s *Service) drawRow(ctx context.Context, set *render.Set, r *Rendering, target fixTarget) (*Output, *Problem) {
	row, p := s.rowLayout(set, r, target)
	if p != nil {
		return nil, p
	}
	cost := render.RowBytes(r.Options, set.Symbols[0].Size, row.Width)
	release, p := s.admit(ctx, cost, func(limit int64) *Problem {
		return s.invalid(r, []paramError{{field: optAppendLayout.Name, fixed: layoutZip,
			detail: fmt.Sprintf("a row of %d symbols, %dx%d pixels, needs %s to draw, more than this instance's memory budget allows one request (%s); appendlayout=zip draws one symbol at a time", len(set.Symbols), row.Width, row.Height, SizeText(cost), SizeText(limit))}}, target)
	})
	if p != nil {
		return nil, p
	}
	defer release()
	enc := r.encoding()
	body, err := render.DrawRow(set.Symbols, r.Options, enc)
	if err != nil {
		var sizeErr *render.SizeError
		if errors.As(err, &sizeErr) {
			return nil, s.invalid(r, []paramError{{field: r.sizeName(), detail: err.Error(), fixed: r.sizeValue(sizeErr.Min, true)}}, target)
		}
		panic(err) // parseAppend let only what a row draws through
	}
	contentType := map[render.Encoding]string{render.EncodingPNG: "image/png", render.EncodingGIF: "image/gif", render.EncodingJPEG: "image/jpeg"}[enc]
	if r.Format == FormatBase64 {
		body, contentType = render.DataURI(body), "text/plain; charset=utf-8"
	}
	return &Output{Body: body, ContentType: contentType, Symbol: set.Symbols[0]}, nil
}
