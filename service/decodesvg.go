package service

import (
	"bytes"
	"context"
	"encoding/xml"
	"fmt"
	"io"
	"strings"

	"github.com/qrforge/qrforge/analysis"
)

// decodeSVG reads the codes of an SVG file. The file is hostile until
// proven otherwise, so it passes the checks an SVG logo passes (checkSVG:
// no DOCTYPE or entities, scripts, event handlers, foreign objects or
// references outside the file, and bounded elements, path commands and
// copies) and is drawn as a logo is, by rasterSVG, svgSide pixels on its
// longer side: 4 pixels a module for the largest QR Code with its quiet
// zone. Transparent pixels are read as white, the page under them. What
// the checks counted, the picture and the scan are reserved from the
// memory budget before anything is drawn.
func (s *Service) decodeSVG(ctx context.Context, file []byte, field string) ([]DecodeResult, *Problem) {
	file, work, p := s.checkedSVG(file, field)
	if p != nil {
		return nil, p
	}
	const picture = 4 * svgSide * svgSide
	need := svgCost(len(file), work) + picture + analysis.ScanBytesPerPixel*svgSide*svgSide + analysis.ReadExtraBytes
	release, p := s.admit(ctx, need, func(limit int64) *Problem {
		return s.Problem(KindPayloadTooLarge, fmt.Sprintf("drawing and reading this SVG takes about %s, more than this instance's memory budget allows one request (%s); send it as a PNG of a few hundred pixels a side", SizeText(need), SizeText(limit)), field, s.DecodeCurl("image/png", "code.png"))
	})
	if p != nil {
		return nil, p
	}
	defer release()
	img, err := rasterSVG(file, svgSide)
	if err != nil {
		return nil, s.svgRefused(err.Error(), field)
	}
	return s.readCodes(ctx, img, file, field)
}

// checkedSVG is an SVG file without its text, and what its checks
// counted, or the problem that refuses it before anything is drawn.
func (s *Service) checkedSVG(file []byte, field string) ([]byte, svgWork, *Problem) {
	if len(file) > MaxLogoBytes {
		// Its checks read the markup several times: an SVG is held to a
		// logo's size, which qrforge's own SVGs fit but for version 40
		// codes drawn as separate shapes (docs/decode.md).
		return nil, svgWork{}, s.Problem(KindPayloadTooLarge, fmt.Sprintf("the SVG file is %s; at most %s of SVG are read. Send the code as a PNG", SizeText(int64(len(file))), SizeText(MaxLogoBytes)), field, s.DecodeCurl("image/png", "code.png"))
	}
	file = withoutText(file)
	work, le := checkSVG(file)
	if le != nil {
		return nil, work, s.svgRefused(le.detail, field)
	}
	return file, work, nil
}

// svgRefused is the problem of an SVG sent to decode that its checks, or
// drawing it, refuse.
func (s *Service) svgRefused(detail, field string) *Problem {
	return s.Problem(KindInvalidParameter, logoWords.Replace(detail), field, s.DecodeCurl("image/png", "code.png"))
}

// logoWords turns what the checks, written for logos, say of a logo into
// what they say of a file sent to decode.
var logoWords = strings.NewReplacer("SVG logo", "SVG", "a logo's", "a code's", "a logo", "an SVG sent to decode")

// withoutText is an SVG file without its <text> elements, which the
// rasteriser does not draw and a logo may not hold: a code's caption (as
// qrforge writes one under a code) is no part of the code. A file that is
// not well-formed is returned as it is, for checkSVG to refuse.
func withoutText(b []byte) []byte {
	d := xml.NewDecoder(bytes.NewReader(b))
	var cuts [][2]int64
	var open []string // the elements open inside the text being cut
	start := int64(0)
	for {
		before := d.InputOffset()
		tok, err := d.RawToken()
		if err == io.EOF {
			break
		}
		if err != nil {
			return b
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if len(open) > 0 || t.Name.Local == "text" {
				if len(open) == 0 {
					start = before
				}
				open = append(open, t.Name.Local)
			}
		case xml.EndElement:
			if len(open) == 0 {
				continue
			}
			if open[len(open)-1] != t.Name.Local {
				return b // not well-formed
			}
			if open = open[:len(open)-1]; len(open) == 0 {
				cuts = append(cuts, [2]int64{start, d.InputOffset()})
			}
		}
	}
	if len(cuts) == 0 || len(open) > 0 {
		return b
	}
	out := make([]byte, 0, len(b))
	last := int64(0)
	for _, c := range cuts {
		out = append(out, b[last:c[0]]...)
		last = c[1]
	}
	return append(out, b[last:]...)
}
