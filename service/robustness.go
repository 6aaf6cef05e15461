package service

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"math"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/qrforge/qrforge/analysis"
	"github.com/qrforge/qrforge/internal/text"
	"github.com/qrforge/qrforge/render"
)

// Robustness is verify's scan-robustness section (docs/robustness.md): the
// score of the code as rendered, each condition of the grid, the weakest
// in plain words, and fixes with the score each was measured to reach.
type Robustness struct {
	analysis.Report
	Fixes []RobustnessFix `json:"fixes,omitempty"`
	// Unmeasured says why fixes that might raise the score were not
	// measured: the client's fair-use allowance could not pay for their
	// scores.
	Unmeasured string `json:"unmeasured,omitempty"`
}

// RobustnessFix is one change that raises the score, measured.
type RobustnessFix struct {
	Change string `json:"change"`
	Score  int    `json:"score"`
	Fix    string `json:"fix"`
}

// maxRobustnessFixes bounds the fixes measured: each is a score of its own.
const maxRobustnessFixes = 4

// parseRobustness takes verify's robustness parameter out of q: full,
// quick (the default) or off.
func parseRobustness(q query) (analysis.Depth, bool, *paramError) {
	vs, given := q[optRobustness.Name]
	delete(q, optRobustness.Name)
	if !given || len(vs) == 0 {
		return analysis.Quick, false, nil
	}
	for _, other := range vs[1:] {
		if other != vs[0] {
			return analysis.Quick, true, givenTwice(optRobustness.Name, fmt.Sprintf("%q and %q", text.Truncate(vs[0], 64), text.Truncate(other, 64)))
		}
	}
	// In any case, as the enum's description says (options.AnyCase).
	switch v := vs[0]; strings.ToLower(v) {
	case "full":
		return analysis.Full, true, nil
	case "quick":
		return analysis.Quick, true, nil
	case "off", "none", "false", "0":
		return "", true, nil
	default:
		return analysis.Quick, true, &paramError{field: optRobustness.Name, fixed: string(analysis.Quick),
			detail: fmt.Sprintf("robustness %q is not one of full, quick, off", text.Truncate(v, 64))}
	}
}

// scene is what the grid needs to know of a rendering.
func scene(sym *render.Symbol, o render.Options) analysis.Scene {
	sc := analysis.Scene{ModulePx: float64(o.Size) / float64(canvasModules(sym, o)), Modules: sym.Size, Symbols: sym.Micro || sym.RMQR}
	if o.Print.Points > 0 {
		// size was a length: the code's share of it, quiet zone and frame
		// excluded.
		sc.PrintMM = o.Print.Points / render.PointsPerInch * 25.4 * float64(sym.Size) / float64(canvasModules(sym, o))
	}
	return sc
}

// robustness scores img and measures the fixes that apply, each as the
// verify call that shows it; each score is paid for first (payScore). It
// calls drawing, which gives back img's reservation, once img is scored:
// each fix reserves a drawing of its own, and a verify that held one
// reservation while it waited for another could, with others doing the
// same, hold the whole budget and wait on itself until the admission wait
// ran out (a hold-and-wait deadlock).
func (s *Service) robustness(ctx context.Context, img image.Image, drawing func(), sym *render.Symbol, r *Rendering, d analysis.Depth,
	given url.Values, target fixTarget) (*Robustness, *Problem) {
	o := r.Options
	var fare scoreFare
	if p := s.payScore(ctx, &fare, img.Bounds(), scene(sym, o), d, false); p != nil {
		return nil, p
	}
	report, err := analysis.Robustness(ctx, img, r.Data, scene(sym, o), d)
	if err != nil {
		return nil, s.scoreEnded(err)
	}
	rep := &Robustness{Report: report}
	drawing()
	if rep.Score == 100 || r.scoreOnly {
		return rep, nil
	}
	for _, c := range robustnessCandidates(sym, o, r, rep.Report) {
		if len(rep.Fixes) == maxRobustnessFixes {
			break
		}
		set := merge(given, c.set)
		score, ok, refused := s.scoreOf(ctx, set, target, d, &fare)
		if err := ctx.Err(); err != nil {
			// The fix was cut short, or refused for it: the fixes
			// measured are not all there are to measure.
			return nil, s.scoreEnded(err)
		}
		if refused != nil {
			rep.Unmeasured = refused.Detail
			break
		}
		if !ok || score <= rep.Score {
			continue
		}
		rep.Fixes = append(rep.Fixes, RobustnessFix{Change: c.change, Score: score, Fix: target.url(s.baseURL, set)})
	}
	// The change that helps most first; candidates keep their order on ties.
	slices.SortStableFunc(rep.Fixes, func(a, b RobustnessFix) int { return b.Score - a.Score })
	return rep, nil
}

// candidate is a change that may raise the score.
type candidate struct {
	change string
	set    url.Values
}

// robustnessCandidates are the changes worth measuring for this code, most
// likely to help first: what error correction, the quiet zone, contrast,
// the logo, plainer shapes and a larger print each can give.
func robustnessCandidates(sym *render.Symbol, o render.Options, r *Rendering, rep analysis.Report) []candidate {
	var out []candidate
	failed := map[string]bool{}
	for _, c := range rep.Conditions {
		if c.Limit != "" {
			failed[c.Name] = true
		}
	}
	if sym.Level != render.LevelH {
		out = append(out, candidate{"error correction H, which restores up to 30 % of the code", url.Values{optEC.Name: {"H"}}})
	}
	if failed["distance"] {
		mm := scene(sym, o).PrintMM
		if mm == 0 {
			mm = analysis.DefaultPrintMM
		}
		side := int(2 * mm * float64(canvasModules(sym, o)) / float64(sym.Size))
		out = append(out, candidate{fmt.Sprintf("printed twice as wide (size=%dmm, the code %s cm)", side, analysis.Centimetres(2*mm)),
			url.Values{optSize.Name: {strconv.Itoa(side) + "mm"}}})
	}
	if o.Logo != nil && o.Logo.Size > render.MinLogoSize+0.05 {
		// In hundredths, as logosize is given: 0.3 − 0.1 is not 0.2 in
		// floating point.
		smaller := formatLogoSize(max(render.MinLogoSize, math.Round((o.Logo.Size-0.1)*100)/100))
		out = append(out, candidate{fmt.Sprintf("a smaller logo (logosize=%s)", smaller), url.Values{optLogoSize.Name: {smaller}}})
	}
	if _, ratio := weakestPaint(&o); ratio < 7 && (failed["fade"] || failed["shadow"] || failed["glare"]) {
		out = append(out, candidate{"darker modules", paintsFix(r)})
	}
	if f, b := o.EyeParts(); o.Module != render.ModuleSquare || f != render.EyeFrameSquare || b != render.EyeBallSquare {
		out = append(out, candidate{"square modules and eyes", url.Values{optStyle.Name: {string(render.ModuleSquare)}, optEye.Name: {string(render.EyeSquare)},
			optFrame.Name: {string(render.EyeFrameSquare)}, optBall.Name: {string(render.EyeBallSquare)}}})
	}
	if o.Margin < quietPass {
		out = append(out, candidate{fmt.Sprintf("a quiet zone of %d modules", quietPass), url.Values{optMargin.Name: {strconv.Itoa(quietPass)}}})
	}
	return out
}

// scoreOf renders the call that set describes, as verify would, under
// the same admission as any drawing, and scores it once fare has paid for
// it: false when the fix itself is refused, and the 429 when fair use
// cannot pay.
func (s *Service) scoreOf(ctx context.Context, set url.Values, target fixTarget, d analysis.Depth, fare *scoreFare) (int, bool, *Problem) {
	q := newQuery(set)
	delete(q, optRobustness.Name)
	if vt, ok := target.(verifyTarget); ok && vt.kind != "" {
		q["type"] = []string{vt.kind}
	}
	r, _, p := s.prepareVerify(q, nil, nil)
	if p != nil || s.resolveLogo(ctx, r, target) != nil {
		return 0, false, nil
	}
	sym, p := s.encode(r, target)
	if p != nil {
		return 0, false, nil
	}
	r.Format = FormatPNG
	w, h := render.CanvasSize(sym, r.Options)
	if p := s.payScore(ctx, fare, image.Rect(0, 0, w, h), scene(sym, r.Options), d, true); p != nil {
		return 0, false, p
	}
	release, p := s.admitScored(ctx, sym, r, target, d)
	if p != nil {
		if p.Status == ErrorKinds[KindRateLimited].Status {
			return 0, false, p
		}
		return 0, false, nil
	}
	defer release()
	out, p := s.renderSymbol(sym, r, target)
	if p != nil {
		return 0, false, nil
	}
	img, _, err := image.Decode(bytes.NewReader(out.Body))
	if err != nil {
		return 0, false, nil
	}
	rep, err := analysis.Robustness(ctx, img, r.Data, scene(sym, r.Options), d)
	if err != nil {
		return 0, false, nil // the caller sees ctx's error
	}
	return rep.Score, true, nil
}

// scoreEnded is the problem of a verify whose context ended (its client
// went away, the shutdown aborted it) while it scored: nothing of the
// score is answered, since a partial one would differ from what the same
// parameters give whole (README, opening paragraph). The HTTP adapter sends no answer for a
// request whose context has ended (docs/operations.md, "Shutdown").
func (s *Service) scoreEnded(err error) *Problem {
	p := s.Problem(KindOverloaded, "the request ended while its scan-robustness score was measured ("+err.Error()+"); a score is answered whole or not at all: send the request again", "", "")
	p.RetryAfter = 1
	return p
}
