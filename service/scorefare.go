package service

import (
	"context"
	"fmt"
	"image"

	"github.com/qrforge/qrforge/analysis"
	"github.com/qrforge/qrforge/render"
)

// A scan-robustness score decodes a grid of images, each the code redrawn
// at six pixels a module (docs/robustness.md), so its work grows with the
// code's modules squared while the memory it reserves hardly does: the
// quick score of a version-40 code decodes 11 images of 1.2 megapixels.
// Fair use therefore charges a score by the pixels it decodes, in the unit
// that decoding an upload is charged: a Full HD photo's pixels cost the
// request's token alone (Fare), and each further Full HD a token more.
// Measured on two cores, a 1920×1080 JPEG took 94 ms of CPU to decode, and
// the 13.5 megapixels of that quick score 610 ms: about the same work a
// pixel.

// ScorePixelsPerToken is the pixels of a score's decodes one token pays
// for: a Full HD photo's.
const ScorePixelsPerToken = 1920 * 1080

// ScoreTokens is what scores decoding pixels in all pay beyond their
// request's token.
func ScoreTokens(pixels int64) int {
	if pixels <= ScorePixelsPerToken {
		return 0
	}
	return int((pixels+ScorePixelsPerToken-1)/ScorePixelsPerToken) - 1
}

// scoreFare is what one verify's scores have paid: its own and those of
// the fixes it measures are counted together, so that a few small scores
// cost no more than one of their size.
type scoreFare struct {
	pixels int64
	paid   int
}

// payScore charges the score of a drawing of bounds b, or returns the 429
// that says what it decodes. fixes says the score is a fix's.
func (s *Service) payScore(ctx context.Context, f *scoreFare, b image.Rectangle, sc analysis.Scene, d analysis.Depth, fixes bool) *Problem {
	px := analysis.GridPixels(b, sc, d)
	owed := ScoreTokens(f.pixels+px) - f.paid
	p := s.pay(ctx, owed, func(seconds int) string {
		images := fmt.Sprintf("%d images of %.1f megapixels", analysis.GridSize(d), float64(px)/float64(analysis.GridSize(d))/1e6)
		what := fmt.Sprintf("verify's robustness=%s score decodes %s (the code redrawn at 6 pixels a module), which fair use counts as %d requests", d, images, owed+1)
		if fixes {
			what = fmt.Sprintf("measuring a fix's score decodes %s more, which fair use counts as %d requests more", images, owed)
		}
		instead := "robustness=off"
		if d == analysis.Full {
			instead = "robustness=quick, a quarter of the images, or robustness=off"
		}
		return fmt.Sprintf("%s (a Full HD photo's %.1f megapixels each); this client's allowance cannot pay for it now: retry in %d s (Retry-After), or ask %s",
			what, ScorePixelsPerToken/1e6, seconds, instead)
	})
	if p == nil {
		f.pixels += px
		f.paid += owed
	}
	return p
}

// admitScored admits verify's drawing of sym, its decoding and, at depth
// d (none with robustness=off), its score's working images. The grid is
// the code redrawn at 6 pixels a module whatever size was asked, so a
// version-40 code drawn at 400 px reserves for 1,110 px a side. A score
// that decodes more than a Full HD photo's pixels is large work whatever
// its memory: it takes a processor slot and its client's turn, as a large
// decode does, so that a few of them cannot hold every core.
func (s *Service) admitScored(ctx context.Context, sym *render.Symbol, r *Rendering, target fixTarget, d analysis.Depth) (func(), *Problem) {
	drawing := drawingCost(sym, r, 1+analysis.ScanBytesPerPixel)
	cost := func(o render.Options) int64 {
		c := drawing(o) + scoreBytes(sym, o, d)
		if w, h := render.CanvasSize(sym, o); d != "" && analysis.GridPixels(image.Rect(0, 0, w, h), scene(sym, o), d) > ScorePixelsPerToken {
			c = max(c, s.admission.work.smallMax+1)
		}
		return c
	}
	if limit := s.admission.workLimit(); scoreBytes(sym, r.Options, d) > limit {
		return nil, s.invalid(r, []paramError{{field: optRobustness.Name, unfixable: true,
			detail: fmt.Sprintf("the robustness=%s score of this version-%d code takes about %s, more than this instance's memory budget allows one request (%s); ask robustness=off, or a shorter payload", d, sym.Version, SizeText(scoreBytes(sym, r.Options, d)), SizeText(limit))}}, target)
	}
	return s.admit(ctx, cost(r.Options), func(limit int64) *Problem {
		return s.drawingTooLarge(r, cost, limit, target)
	})
}

// scoreBytes is what a score of depth d of sym drawn with o holds.
func scoreBytes(sym *render.Symbol, o render.Options, d analysis.Depth) int64 {
	if d == "" {
		return 0
	}
	w, h := render.CanvasSize(sym, o)
	return analysis.GridBytes(image.Rect(0, 0, w, h), scene(sym, o), d)
}
