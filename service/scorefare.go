package service

import (
	"context"
	"fmt"
	"image"

	"github.com/qrforge/qrforge/analysis"
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
		what := fmt.Sprintf("verify's robustness=%s score decodes %d images of %.1f megapixels (the code redrawn at 6 pixels a module)", d, analysis.GridSize(d), float64(px)/float64(analysis.GridSize(d))/1e6)
		if fixes {
			what = "measuring a fix's score decodes as many images again"
		}
		instead := "robustness=off"
		if d == analysis.Full {
			instead = "robustness=quick, a quarter of the images, or robustness=off"
		}
		return fmt.Sprintf("%s, which fair use counts as %d requests (a Full HD photo's %.1f megapixels each); this client's allowance cannot pay for it now: retry in %d s (Retry-After), or ask %s",
			what, ScoreTokens(f.pixels+px)+1, ScorePixelsPerToken/1e6, seconds, instead)
	})
	if p == nil {
		f.pixels += px
		f.paid += owed
	}
	return p
}
