package service

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"image"
	"image/color"
	"maps"
	"math"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/qrforge/qrforge/analysis"
	"github.com/qrforge/qrforge/internal/text"
	"github.com/qrforge/qrforge/options"
	"github.com/qrforge/qrforge/registry"
	"github.com/qrforge/qrforge/render"
)

// Thresholds of the verify checks.
const (
	// WCAG 2.2 §1.4.3 asks 4.5:1 of text; 3:1 (§1.4.11, non-text
	// contrast) is the least a graphic should have. Scanners binarize
	// around a mid-grey threshold, so below 3:1 uneven light or a camera's
	// auto-exposure easily lose the code.
	contrastPass = analysis.ContrastPass
	contrastWarn = 3.0
	// ISO/IEC 18004 §6.3.8 requires a 4-module quiet zone; most phone
	// readers cope with 2, few with less.
	quietPass = 4
	quietWarn = 2
	// Pixels per module: below 4 an image survives little scaling. Below
	// render.ModulePixels nothing is drawn: verify refuses the size as
	// generation does.
	modulePass = 4
	// Dark-area coverage of the styled modules against square ones. Below
	// about 70 % the sampling grid of a reader (§12 reads module centres)
	// meets thin shapes and light gaps more often.
	coveragePass = 0.70
)

// Check statuses.
const (
	StatusPass = "pass"
	StatusWarn = "warn"
	StatusFail = "fail"
)

// Verification is the answer of GET /api/v1/verify.
type Verification struct {
	Scannable bool   `json:"scannable"`
	Decoded   string `json:"decoded"`
	Matches   bool   `json:"matches"`
	Version   int    `json:"version"`
	EC        string `json:"ec"`
	// Symbol and Designator name a Micro QR Code or an rMQR as decode
	// does ("micro", "M1"; "rmqr", "R7x59-H"): version alone does not
	// tell M1 from a QR Code of version 1, nor which rMQR size it is.
	// Empty for a QR Code.
	Symbol        string  `json:"symbol,omitempty"`
	Designator    string  `json:"designator,omitempty"`
	ContrastRatio float64 `json:"contrast_ratio"`
	Checks        []Check `json:"checks"`
	// Robustness is the scan-robustness score (docs/robustness.md); absent
	// with robustness=off or when the code does not read at all.
	Robustness *Robustness `json:"robustness,omitempty"`
	// Fix is the verify call with every correction the checks suggest,
	// when one fails or warns.
	Fix string `json:"fix,omitempty"`
}

// Check is one verify check. Pass is false only for a failure; a warning
// passes with a message and a fix.
type Check struct {
	Name    string `json:"name"`
	Pass    bool   `json:"pass"`
	Status  string `json:"status"`
	Value   any    `json:"value"`
	Min     any    `json:"min,omitempty"`
	Message string `json:"message,omitempty"`
	Fix     string `json:"fix,omitempty"`
}

// Verify renders the PNG that the same parameters give on the generation
// endpoints, decodes it and reports what makes it hard to scan (GET
// /api/v1/verify). A kind is named by the parameter type.
func (s *Service) Verify(ctx context.Context, req Request) (*Verification, *Problem) {
	v, p := s.verify(ctx, req)
	return v, s.settle(ctx, p)
}

func (s *Service) verify(ctx context.Context, req Request) (*Verification, *Problem) {
	q, malformed := s.params(req, true)
	given := q[optRobustness.Name]
	depth, depthGiven, bad := parseRobustness(q)
	if bad != nil {
		malformed = append(malformed, *bad)
	}
	r, target, p := s.prepareVerify(q, malformed, given)
	if p != nil {
		return nil, p
	}
	r.robustness, r.robustnessGiven, r.scoreOnly = depth, depthGiven, req.ScoreOnly
	return s.verifyRendering(ctx, r, target)
}

// CheckVerify reports the problem Verify would answer for req without
// drawing, decoding or scoring anything: nil when it would answer. A 404's
// fix that is a verify call is checked with it.
func (s *Service) CheckVerify(ctx context.Context, req Request) *Problem {
	return s.settle(ctx, s.checkVerify(ctx, req))
}

func (s *Service) checkVerify(ctx context.Context, req Request) *Problem {
	q, malformed := s.params(req, true)
	given := q[optRobustness.Name]
	if _, _, bad := parseRobustness(q); bad != nil {
		malformed = append(malformed, *bad)
	}
	r, target, p := s.prepareVerify(q, malformed, given)
	if p != nil {
		return p
	}
	if p := s.resolveLogo(ctx, r, target); p != nil {
		return p
	}
	return s.check(ctx, r, target)
}

// prepareVerify reads generic (data and options) or typed (type=<kind>
// and its fields) parameters. On verify `type` names a kind; elsewhere it
// is an alias of format, which verify refuses (it judges the PNG).
// robustness, as given, goes into every fix.
func (s *Service) prepareVerify(q query, malformed []paramError, robustness []string) (*Rendering, verifyTarget, *Problem) {
	if p := s.kindAsType(q, robustness); p != nil {
		return nil, verifyTarget{}, p
	}
	if names := q["type"]; len(names) > 0 {
		name := strings.ToLower(strings.TrimSpace(names[0]))
		for _, other := range names[1:] {
			if !strings.EqualFold(strings.TrimSpace(other), name) {
				// Two kinds are two payloads: no fix picks one.
				p := s.badRequest([]paramError{*givenTwice("type", fmt.Sprintf("%q and %q", text.Truncate(names[0], 64), text.Truncate(other, 64)))}, "")
				p.Example = verifyTarget{robustness: robustness}.url(s.baseURL, url.Values{optData.Name: {optData.Example}})
				return nil, verifyTarget{}, p
			}
		}
		if k, ok := registry.Lookup(name); ok {
			delete(q, "type")
			target := verifyTarget{kind: k.Name(), lead: FieldNames(k), robustness: robustness}
			r, p := s.prepareKind(k, q, malformed, target, "")
			return r, target, s.verifiesOneSymbol(r, p, target)
		}
		if _, isFormat := options.FormatNamed(name); !isFormat {
			// The fix is the caller's own call with the kind meant; the
			// kind's documented example, whose payee or network is not the
			// caller's, is only an example.
			kinds := registry.Names()
			example := s.baseURL + "/api/v1/kinds"
			p := s.Problem(KindInvalidParameter,
				fmt.Sprintf("type %q is not a kind; on verify, type names a kind (%s) and its fields follow", text.Truncate(name, 64), strings.Join(kinds, ", ")),
				"type", "")
			if near, ok := registry.Meant(name); ok {
				k, _ := registry.Lookup(near)
				own := url.Values(maps.Clone(q))
				own.Del("type")
				p = s.fixedBy(p, verifyTarget{kind: k.Name(), lead: FieldNames(k), robustness: robustness}, own)
				example = s.verifyExample(k)
			}
			p.Example = example
			return nil, verifyTarget{}, p
		}
	}
	target := verifyTarget{robustness: robustness}
	r, p := s.prepareGeneric(q, malformed, target, "")
	return r, target, s.verifiesOneSymbol(r, p, target)
}

// kindAsType refuses kind=<kind> without type, as qr_generate_typed and
// a batch item name a kind: on verify the kind is type, which the fix
// renames it to, the caller's fields kept. nil when q gives type, or kind
// names no kind.
func (s *Service) kindAsType(q query, robustness []string) *Problem {
	if len(q["type"]) > 0 {
		return nil
	}
	k, ok := namedKind(q, "kind")
	if !ok {
		return nil
	}
	own := url.Values(maps.Clone(q))
	own.Del("kind")
	p := s.Problem(KindInvalidParameter,
		fmt.Sprintf("verify has no parameter kind: a kind's code is verified with type=%s and its fields, which the fix gives", k.Name()), "kind", "")
	p = s.fixedBy(p, verifyTarget{kind: k.Name(), lead: FieldNames(k), robustness: robustness}, own)
	p.Example = s.verifyExample(k)
	return p
}

// verifiesOneSymbol refuses structured append: verify judges one
// symbol's image, and a set's symbols are decoded together (POST
// /api/v1/decode).
func (s *Service) verifiesOneSymbol(r *Rendering, p *Problem, target fixTarget) *Problem {
	if p != nil || !r.set.asked {
		return p
	}
	return s.invalid(r, []paramError{{field: optAppend.Name, detail: "verify judges one symbol; decode a structured append set's row (appendlayout=row) with POST /api/v1/decode, which joins it, or verify without append"}}, target)
}

// verifyExample is a verify call of a kind's example.
func (s *Service) verifyExample(k registry.Entry) string {
	v := url.Values{}
	for name, val := range k.Example() {
		v.Set(name, val)
	}
	return verifyTarget{kind: k.Name(), lead: FieldNames(k)}.url(s.baseURL, v)
}

// verifyTarget writes verify calls: fixes of verify are verify calls, so
// following one shows the corrected result. A typed call carries type,
// and each the caller's robustness unless the fix sets its own.
type verifyTarget struct {
	kind       string
	lead       []string
	robustness []string
}

func (t verifyTarget) url(base string, v url.Values) string {
	out := url.Values{}
	for k, vs := range v {
		if k != optFormat.Name { // verify always judges the PNG
			out[k] = vs
		}
	}
	if !out.Has(optRobustness.Name) && len(t.robustness) > 0 {
		out.Set(optRobustness.Name, t.robustness[0])
	}
	if t.kind != "" {
		out.Set("type", t.kind)
	}
	return base + "/api/v1/verify?" + encodeCall(t.kind, out, append([]string{"type"}, t.lead...)...)
}

// verifyRendering renders, decodes and checks.
func (s *Service) verifyRendering(ctx context.Context, r *Rendering, target fixTarget) (*Verification, *Problem) {
	if p := s.resolveLogo(ctx, r, target); p != nil {
		return nil, p
	}
	sym, p := s.encode(r, target)
	if p != nil {
		return nil, p
	}
	asPNG := *r
	asPNG.Format = FormatPNG
	// The PNG is drawn, decoded (a byte a pixel) and scanned.
	release, p := s.admitScored(ctx, sym, &asPNG, target, r.robustness)
	if p != nil {
		return nil, p
	}
	drawing := sync.OnceFunc(release)
	defer drawing()
	out, p := s.renderSymbol(sym, &asPNG, target)
	if p != nil {
		return nil, p
	}
	img, _, err := image.Decode(bytes.NewReader(out.Body))
	if err != nil {
		panic("verify: our own PNG does not decode: " + err.Error())
	}
	v := &Verification{Version: sym.Version, EC: sym.Level.String()}
	if sym.Micro || sym.RMQR {
		v.Symbol, v.Designator = string(sym.Type()), sym.Designator()
	}
	codes := analysis.Scan(img)
	for i, code := range codes {
		if i == 0 || code.Text == r.Data {
			v.Decoded = code.Text
		}
	}
	v.Matches = len(codes) > 0 && v.Decoded == r.Data

	given := r.fixValues()
	if r.robustnessGiven {
		// A fix's own verify scores as deep as this one.
		given.Set(optRobustness.Name, string(cmp.Or(r.robustness, "off")))
	}
	fixURL := func(set url.Values) string {
		return target.url(s.baseURL, s.fitSize(sym, merge(given, set)))
	}
	o := r.Options
	_, ratio := weakestPaint(&o)
	v.ContrastRatio = math.Round(ratio*100) / 100

	var checks []Check
	decode := Check{Name: "decode", Value: v.Decoded, Pass: v.Matches, Status: StatusPass}
	switch {
	case len(codes) == 0:
		decode.Status = StatusFail
		decode.Message = "the rendered PNG could not be read by a ZXing-based decoder, nor by qrforge's Micro QR and rMQR reader"
	case !v.Matches:
		decode.Status = StatusFail
		decode.Message = fmt.Sprintf("the code reads as %q, not the data", text.Truncate(v.Decoded, 200))
	}
	checks = append(checks, decode)

	checks = append(checks, designChecks(sym, r, fixURL)...)

	v.Scannable = true
	needsFix := false
	for _, ch := range checks {
		v.Scannable = v.Scannable && ch.Pass
		needsFix = needsFix || ch.Status != StatusPass
	}
	// The payload's check has no fix of the drawing: only the caller
	// knows the value meant.
	checks = append(checks, payloadCheck(r))
	if needsFix {
		v.Fix = fixURL(allCorrections(sym, o, r))
		if !checks[0].Pass {
			checks[0].Fix = v.Fix
		}
	}
	v.Checks = checks
	if v.Matches && r.robustness != "" {
		if v.Robustness, p = s.robustness(ctx, img, drawing, sym, r, r.robustness, s.fitSize(sym, given), target); p != nil {
			return nil, p
		}
	}
	return v, nil
}

// allCorrections applies each check's correction in turn, each on the
// options the previous ones left: polarity first, so that contrast then
// darkens the colour that ends up in front.
func allCorrections(sym *render.Symbol, o render.Options, r *Rendering) url.Values {
	set := url.Values{}
	if analysis.Inverted(o.Foreground, o.Background) {
		for k, v := range swapColors(o) {
			set[k] = v
		}
		o.Foreground, o.Background = o.Background, o.Foreground
	}
	if analysis.ContrastRatio(o.Foreground, o.Background) < contrastPass {
		fix := contrastFix(o.Foreground, o.Background)
		for k, v := range fix {
			set[k] = v
		}
	}
	if _, ratio := weakestPaint(&o); ratio < contrastPass {
		for k, v := range paintsFix(r) {
			set[k] = v
		}
	}
	if o.Margin < quietPass {
		set.Set(optMargin.Name, strconv.Itoa(quietPass))
		o.Margin = quietPass
	}
	if analysis.Coverage(sym, o) < coveragePass {
		fix := saferStyle(sym, o)
		for k, v := range fix {
			set[k] = v
		}
		// The eyes are judged with the module style the fix gives.
		o.Module, o.Eye = render.ModuleStyle(fix.Get(optStyle.Name)), render.EyeStyle(fix.Get(optEye.Name))
		if fix.Has(optFrame.Name) {
			o.EyeFrame = render.EyeFrame(fix.Get(optFrame.Name))
		}
		if fix.Has(optBall.Name) {
			o.EyeBall = render.EyeBall(fix.Get(optBall.Name))
		}
	}
	if analysis.EyesClash(o) {
		f, _ := o.EyeParts()
		set.Set(optBall.Name, string(analysis.MatchingBall(f)))
	}
	if _, size := smallModules(sym, o, r); size != "" {
		set.Set(r.sizeName(), size)
	}
	if len(set) == 0 {
		// Nothing the checks measure is wrong, yet the code did not read:
		// the plainest drawing is the most robust.
		for k, v := range shapeValues(o, withSquareEyes(o, render.ModuleSquare)) {
			set[k] = v
		}
	}
	return set
}

func merge(base, set url.Values) url.Values {
	out := url.Values{}
	for k, v := range base {
		out[k] = v
	}
	for k, v := range set {
		out[k] = v
	}
	// size and scale are one option given two ways: the fix's stands.
	if _, ok := set[optSize.Name]; ok {
		delete(out, optScale.Name)
	}
	if _, ok := set[optScale.Name]; ok {
		delete(out, optSize.Name)
	}
	return out
}

// fitSize raises size when a correction (a wider margin) would leave
// fewer pixels a module than the design needs, so that every fix is a
// call that renders.
func (s *Service) fitSize(sym *render.Symbol, v url.Values) url.Values {
	r, errs := parseRendering(newQuery(v), false)
	if len(errs) > 0 || r.scale > 0 {
		// A scale sizes the canvas with its modules, a wider margin too.
		return v
	}
	if need := render.MinCanvasSize(sym, r.Options); r.Options.Size < need {
		// In the caller's unit: a length at the fix's dpi.
		v.Set(optSize.Name, r.sizeValue(min(need, render.MaxSize), true))
	}
	return v
}

// canvasModules is the side of the drawing in modules: the symbol, its
// quiet zone, and a frame and label band when there are. PNG modules are
// size / canvasModules whole pixels.
func canvasModules(sym *render.Symbol, o render.Options) int {
	return render.CanvasModules(sym, o)
}

// smallModules says why o's modules are too small to scan well, and the
// size, in the caller's unit, that is not; "" when they are not. A printed
// length is judged as printed, in millimetres and printer dots (the same
// warning generation gives), which asks at least modulePass pixels, so a
// length is never fixed with pixels.
func smallModules(sym *render.Symbol, o render.Options, r *Rendering) (message, size string) {
	if message, size = printCheckOf(sym, o, r); message != "" {
		return message, size
	}
	px := o.Size / canvasModules(sym, o)
	if px >= modulePass {
		return "", ""
	}
	size = r.sizeValue(sizeForModules(sym, o, modulePass), true)
	return fmt.Sprintf("modules are %d px at size %d; below %d px they blur when the image is scaled: %s=%s gives %d px", px, o.Size, modulePass, r.sizeName(), size, modulePass), size
}

// sizeForModules is the smallest size giving px pixels per module.
func sizeForModules(sym *render.Symbol, o render.Options, px int) int {
	return min(max(canvasModules(sym, o)*px, render.MinSize), render.MaxSize)
}

// contrastFix darkens color, keeping its hue, until the ratio reaches
// contrastPass; when even black would not, bg becomes white as well.
func contrastFix(fg, bg color.NRGBA) url.Values {
	set := url.Values{}
	_, seen := analysis.Visible(fg, bg)
	if (analysis.RelativeLuminance(seen)+0.05)/0.05 < contrastPass {
		bg = analysis.White
		set.Set(optBg.Name, render.HexColor(analysis.White))
	}
	f := color.NRGBA{fg.R, fg.G, fg.B, 255}
	for k := 1.0; k >= 0; k -= 0.05 {
		d := color.NRGBA{uint8(float64(f.R) * k), uint8(float64(f.G) * k), uint8(float64(f.B) * k), 255}
		if analysis.ContrastRatio(d, bg) >= contrastPass || k < 0.05 {
			set.Set(optColor.Name, render.HexColor(d))
			break
		}
	}
	return set
}

func swapColors(o render.Options) url.Values {
	return url.Values{optColor.Name: {render.HexColor(o.Background)}, optBg.Name: {render.HexColor(o.Foreground)}}
}

// lookalikes are, for module styles whose coverage may be too low, the
// nearest style that covers more: tried before the rounded style.
var lookalikes = map[render.ModuleStyle]render.ModuleStyle{
	render.ModuleGappedSquares: render.ModuleSoft,
	render.ModuleHeart:         render.ModuleClassyRounded,
}

// saferStyle is tried in order, fewest changes first, for a style whose
// coverage is too low: square eyes, a look-alike module style, rounded
// modules, both.
func saferStyle(sym *render.Symbol, o render.Options) url.Values {
	with := func(m render.ModuleStyle) render.Options {
		c := o
		c.Module = m
		return c
	}
	candidates := []render.Options{withSquareEyes(o, o.Module)}
	if m, ok := lookalikes[o.Module]; ok {
		candidates = append(candidates, with(m))
	}
	candidates = append(candidates, with(render.ModuleRounded), withSquareEyes(o, render.ModuleRounded))
	for _, c := range candidates {
		if analysis.Coverage(sym, c) >= coveragePass {
			return shapeValues(o, c)
		}
	}
	return shapeValues(o, withSquareEyes(o, render.ModuleSquare))
}

// withSquareEyes is o with module style m and square eyes.
func withSquareEyes(o render.Options, m render.ModuleStyle) render.Options {
	o.Module, o.Eye, o.EyeFrame, o.EyeBall = m, render.EyeSquare, "", ""
	return o
}

// shapeValues are the parameters that draw c's shapes, for a fix of o:
// style and eye, and eyeframe and eyeball where o sets them, since a fix
// keeps the caller's other parameters.
func shapeValues(o, c render.Options) url.Values {
	v := url.Values{optStyle.Name: {string(c.Module)}, optEye.Name: {string(c.Eye)}}
	f, b := c.EyeParts()
	if o.EyeFrame != "" {
		v.Set(optFrame.Name, string(f))
	}
	if o.EyeBall != "" {
		v.Set(optBall.Name, string(b))
	}
	return v
}

// eyesOf names o's eyes as a caller would: the eye style, or its frame and
// ball when either is set apart.
func eyesOf(o render.Options) string {
	if o.EyeFrame == "" && o.EyeBall == "" {
		return "eye " + string(o.Eye)
	}
	f, b := o.EyeParts()
	return fmt.Sprintf("eye frame %s and eye ball %s", f, b)
}

// describeShapes names the shapes a fix sets.
func describeShapes(v url.Values) string {
	out := fmt.Sprintf("style %s with eye %s", v.Get(optStyle.Name), v.Get(optEye.Name))
	if v.Has(optFrame.Name) {
		out += ", eyeframe " + v.Get(optFrame.Name)
	}
	if v.Has(optBall.Name) {
		out += ", eyeball " + v.Get(optBall.Name)
	}
	return out
}

// payloadCheck reports what may keep the payload from being read as
// meant (payloadWarnings): a kind's warning on its fields, or data
// written in a kind's form that the kind refuses. It warns and never
// fails: the code holds the data as given.
func payloadCheck(r *Rendering) Check {
	ws := slices.Concat(r.expired, payloadWarnings(r))
	c := Check{Name: "payload", Value: len(ws), Pass: true, Status: StatusPass}
	if len(ws) > 0 {
		c.Status, c.Message = StatusWarn, joinDetails(ws)
	}
	return c
}
