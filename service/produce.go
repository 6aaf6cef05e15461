package service

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"net/url"
	"strings"
	"time"

	"github.com/qrforge/qrforge/render"
)

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
	if p := s.scaleTo(sym, r, target); p != nil {
		return nil, p
	}
	return sym, nil
}

// encodeSymbol builds the symbol r asks for.
func encodeSymbol(r *Rendering) (*render.Symbol, error) {
	switch lg := r.Options.Logo; {
	case r.gs1:
		return render.EncodeGS1Version(r.Data, r.Level, r.Version)
	case lg != nil:
		return render.EncodeWithLogoVersion(r.Data, r.Level, r.ECI, lg.Size, lg.Padding, r.Version, r.maxVersion)
	case r.Options.Overlay.Size > 0 && r.Symbol == render.SymbolQR:
		// An emblem keeps the central alignment pattern clear where the
		// kind's largest version allows (render/centre.go).
		return render.EncodeClearCentreVersion(r.Data, r.Level, r.ECI, r.Version, r.maxVersion)
	case r.Version > 0:
		// A version is a QR Code's (readVersion refuses it with a Micro
		// QR or rMQR code): symbol=auto takes the QR Code.
		return render.EncodeVersion(r.Data, r.Level, r.ECI, r.Version, r.maxVersion)
	case r.Symbol == render.SymbolRMQR:
		return render.EncodeRMQR(r.Data, r.Level, r.ECI, r.RMQRHeight)
	}
	symbol := r.Symbol
	e := r.Options.EyeColors
	if f, b := r.Options.EyeParts(); symbol == render.SymbolAuto && (f != render.EyeFrameSquare || b != render.EyeBallSquare || e[1] != e[0] || e[2] != e[0]) {
		// A Micro QR Code keeps square eyes (refuseEyeShapes) and has
		// one (refuseOtherEyesColours): auto takes the QR Code that
		// draws the eyes asked for.
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
				detail = fmt.Sprintf("size %s is %d pixels at %d dpi, which cannot draw this code with %s; the smallest size that works is %s",
					r.Canonical.Get(optSize.Name), sizeErr.Size, r.Options.Print.DPI, sizeErr.PerModule(), r.sizeValue(sizeErr.Min, true))
				// The same length at a resolution that gives it the
				// pixels the code needs.
				if dpi := math.Ceil(float64(sizeErr.Min) / (r.Options.Print.Points / render.PointsPerInch)); dpi <= render.MaxDPI {
					detail += fmt.Sprintf(", or keep %s with dpi=%.0f", r.Canonical.Get(optSize.Name), dpi)
				}
			}
			return nil, s.invalid(r, []paramError{{field: r.sizeName(), detail: detail, fixed: r.sizeValue(sizeErr.Min, true)}}, target)
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
		return render.JSONWithLogo(sym, r.Options.Margin, r.Options.Logo), "application/json", nil
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
