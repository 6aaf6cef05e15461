package service

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"image"
	"image/color"
	"math"
	"net/url"
	"strconv"
	"strings"
	"sync"

	"github.com/qrforge/qrforge/analysis"
	"github.com/qrforge/qrforge/internal/editdistance"
	"github.com/qrforge/qrforge/internal/text"
	"github.com/qrforge/qrforge/render"
)

// Limits of logos (docs/logos.md). A logo comes by name (a built-in
// icon), as a data URI in a parameter, or as a file in a request body; its
// header is read before any pixel is decoded, and what decoding takes is
// reserved from the memory budget first, as POST /api/v1/decode does.
const (
	// MaxLogoBytes bounds a logo file: an upload, or a data URI in a
	// JSON body, after base64.
	MaxLogoBytes = 1 << 20
	// MaxLogoParam bounds a data URI given as a parameter (a query, a
	// batch style, a tool's argument), in characters, so that the call
	// and its fix stay within the 16 KiB a URL may have.
	MaxLogoParam = 12 << 10
	// MaxURILength is the longest request target the API reads. Version
	// 40 holds at most 7089 digits, so with percent-encoding and options
	// 16 KiB is ample for any code; a longer call posts its parameters.
	MaxURILength = 16 << 10
	// MaxLogoSide and MaxLogoPixels bound a raster logo's declared size.
	MaxLogoSide   = 8192
	MaxLogoPixels = 16_000_000
	// logoSide is the longer side of a raster logo once decoded: larger
	// pictures are scaled down to it (SVG is rasterised at svgSide). A
	// logo's box is at most 0.3 × 4096 px.
	logoSide = 1024
)

// logoInput is a logo as the request names it: a built-in icon, or a
// file whose header has been checked and whose pixels are decoded only
// when the code is drawn.
type logoInput struct {
	icon *render.Icon
	// file is a PNG, JPEG, WebP or SVG file of format; hash names it in
	// the canonical request, as the bytes themselves would not fit.
	file   []byte
	format string
	hash   string
	// header is a raster file's declared size and decoding cost.
	header analysis.ImageCost
	// remote is the URL a logo is to be fetched from (resolveLogo),
	// file then what it gave.
	remote string
	// svg is what reading an SVG file takes, counted by checkSVG.
	svg svgWork
	// image is the file's pixels when decodedLogos held them as the file
	// was read: the checks that passed for them are not run again.
	image *image.NRGBA
}

// canonical is the logo in the canonical request: the icon's name, or
// the hash of the file's bytes, whichever way it came.
func (in *logoInput) canonical() string {
	switch {
	case in.icon != nil:
		return in.icon.Name
	case in.file == nil:
		return "" // a URL not yet fetched: resolveLogo names it
	}
	return "sha256:" + in.hash
}

// logoError is a logo refused: a bad parameter (400), or one too large to
// read (413).
type logoError struct {
	detail   string
	tooLarge bool
}

func (e *logoError) Error() string { return e.detail }

func logoRefused(format string, args ...any) *logoError {
	return &logoError{detail: fmt.Sprintf(format, args...)}
}

// parseLogo reads a logo parameter: an icon's name, "none", a data URI,
// or an http(s) URL, which resolveLogo fetches or refuses. A request
// body's file comes as a data URI too (Request.Logo).
func parseLogo(v string) (*logoInput, *logoError) {
	trimmed := strings.TrimSpace(v)
	lower := strings.ToLower(trimmed)
	switch {
	case lower == "" || lower == "none":
		return nil, nil
	case strings.HasPrefix(lower, "data:"):
		file, err := dataURIBytes(trimmed)
		if err != nil {
			return nil, err
		}
		return logoFile(file)
	case strings.HasPrefix(lower, "http://") || strings.HasPrefix(lower, "https://"):
		// Fetched, or refused, by resolveLogo, which knows whether this
		// instance fetches.
		return &logoInput{remote: trimmed}, nil
	}
	if ic, ok := render.IconNamed(trimmed); ok {
		return &logoInput{icon: ic}, nil
	}
	says := "nothing is close, and the fix leaves the logo out"
	if near := nearestIcon(trimmed); near != "" {
		says = "did you mean " + near + "?"
	}
	return nil, logoRefused("logo %q is not a built-in icon (%s), a data URI or an uploaded file; %s", text.Truncate(trimmed, 64), strings.Join(render.IconNames, ", "), says)
}

// nearestIcon is the icon v most likely meant, for a fix, or "" when none
// is close: a fix never puts an unrelated icon on a code.
func nearestIcon(v string) string {
	near, _ := editdistance.Meant(v, render.IconNames, optLogo.Meant)
	return near
}

// dataURIBytes decodes a data URI (RFC 2397): data:[<type>][;base64],<data>.
// A '+' that a query turned into a space is read back as '+', and the URL
// alphabet and missing padding are accepted.
func dataURIBytes(uri string) ([]byte, *logoError) {
	head, payload, ok := strings.Cut(uri[len("data:"):], ",")
	if !ok {
		return nil, logoRefused("the logo's data URI has no ',' before its data: write data:image/png;base64,<base64 of the file>")
	}
	if strings.HasSuffix(strings.ToLower(head), ";base64") {
		clean := strings.Map(func(r rune) rune {
			switch r {
			case ' ':
				return '+'
			case '-':
				return '+'
			case '_':
				return '/'
			case '=', '\n', '\r', '\t':
				return -1
			}
			return r
		}, payload)
		if base64.RawStdEncoding.DecodedLen(len(clean)) > MaxLogoBytes {
			return nil, &logoError{tooLarge: true, detail: fmt.Sprintf("the logo file is larger than %s; send a smaller image (a logo covers at most a third of the code's side)", SizeText(MaxLogoBytes))}
		}
		b, err := base64.RawStdEncoding.DecodeString(clean)
		if err != nil {
			return nil, logoRefused("the logo's data URI is not valid base64 (%v); encode the whole file, e.g. base64 -w0 logo.png", err)
		}
		return b, nil
	}
	// Percent-encoded text (RFC 2397 §3), as SVG is often given, even
	// where only '#' is escaped (fill='%23c00') beside plain markup; a
	// literal '%' that escapes nothing (width="100%") keeps it as sent.
	if u, err := url.PathUnescape(payload); err == nil {
		payload = u
	}
	if len(payload) > MaxLogoBytes {
		return nil, &logoError{tooLarge: true, detail: fmt.Sprintf("the logo file is larger than %s", SizeText(MaxLogoBytes))}
	}
	return []byte(payload), nil
}

// logoFile checks a logo file from its first bytes and header: its format,
// and for a raster image its declared size; SVG markup is checked for
// what a logo must not hold (checkSVG). No pixel is decoded.
func logoFile(b []byte) (*logoInput, *logoError) {
	if len(b) == 0 {
		return nil, logoRefused("the logo file is empty")
	}
	if len(b) > MaxLogoBytes {
		return nil, &logoError{tooLarge: true, detail: fmt.Sprintf("the logo file is %s; at most %s are read", SizeText(int64(len(b))), SizeText(MaxLogoBytes))}
	}
	sum := sha256.Sum256(b)
	in := &logoInput{file: b, hash: hex.EncodeToString(sum[:]), format: sniffLogo(b)}
	// Only a file that passed these checks and drew is kept by its hash,
	// and a logo is often sent again: an SVG's checks read its markup four
	// times, a large file's for a good part of a second.
	if in.image = cachedLogo(in.hash); in.image != nil {
		return in, nil
	}
	switch in.format {
	case "":
		if bytes.HasPrefix(b, []byte{0xff, 0xfe}) || bytes.HasPrefix(b, []byte{0xfe, 0xff}) {
			// A byte order mark of UTF-16: an SVG saved in it, most likely.
			return nil, logoRefused("the logo file is text in UTF-16; an SVG logo must be UTF-8: save it as UTF-8")
		}
		return nil, logoRefused("the logo file is not a PNG, JPEG, WebP or SVG image")
	case "svg":
		work, err := checkSVG(b)
		if err != nil {
			return nil, err
		}
		in.svg = work
		return in, nil
	}
	cost, err := analysis.CostOf(b)
	if refused := (*analysis.RefusedError)(nil); errors.As(err, &refused) {
		return nil, logoRefused("the logo is refused: %v", err)
	}
	if err != nil {
		return nil, logoRefused("the logo's %s header cannot be read: %v", in.format, err)
	}
	if cost.Width > MaxLogoSide || cost.Height > MaxLogoSide || cost.Width*cost.Height > MaxLogoPixels {
		return nil, &logoError{tooLarge: true, detail: fmt.Sprintf("the logo %s declares %dx%d pixels; at most %d a side and %d megapixels are decoded (a small file can declare a huge image, so sizes are checked before decoding). A logo needs no more than %d pixels a side", cost.Format, cost.Width, cost.Height, MaxLogoSide, MaxLogoPixels/1_000_000, logoSide)}
	}
	if cost.Width == 0 || cost.Height == 0 {
		return nil, logoRefused("the logo %s has no pixels", cost.Format)
	}
	in.header = cost
	return in, nil
}

// looksLikeXML reports markup: after a byte-order mark and white space,
// the file begins with '<'.
func looksLikeXML(b []byte) bool {
	b = bytes.TrimPrefix(b, []byte("\xEF\xBB\xBF"))
	b = bytes.TrimLeft(b, " \t\r\n")
	return len(b) > 0 && b[0] == '<'
}

// decodeCost is the memory that turning the file into the logo's pixels
// takes at its peak (logoImage): a raster file's decoding as
// analysis.CostOf counts it, less the scan a logo does not have, and its
// scaling to logoSide (scaleBytes), or SVG's parse and raster; and the
// scaled copy.
func (in *logoInput) decodeCost() int64 {
	if in.icon != nil || in.image != nil {
		return 0
	}
	const scaled = 2 * 4 * logoSide * logoSide // RGBA and NRGBA at logoSide
	if in.format == "svg" {
		return svgCost(len(in.file), in.svg) + 2*4*svgSide*svgSide
	}
	// The decoders' own state (readers, an inflate window and its tables,
	// PNG's rows, JPEG's Huffman tables) comes to tens of kilobytes, which
	// the scan's share covered.
	const decoderState = 256 << 10
	w, h := int64(in.header.Width), int64(in.header.Height)
	decode := in.header.Bytes - analysis.ScanBytesPerPixel*w*h + decoderState
	return decode + scaleBytes(w, h) + scaled
}

// scaleBytes is what render.NormaliseLogo's Catmull–Rom scaling of a w × h
// picture down to logoSide allocates besides its result: x/image/draw's
// kernel scaler holds a [4]float64 for each column of the scaled width and
// each row of the source (kernelScaler.makeTmpBuf), 131 MB for a picture
// of 4000 × 4000, and for each axis the weights of about four source
// pixels for each source pixel, 16 bytes each (newDistrib). A picture
// within logoSide is copied without it.
func scaleBytes(w, h int64) int64 {
	longer := max(w, h)
	if longer <= logoSide {
		return 0
	}
	scaledW := max(1, (w*logoSide+longer/2)/longer)
	scaledH := max(1, (h*logoSide+longer/2)/longer)
	return 32*scaledW*h + 64*(w+h) + 32*(scaledW+scaledH)
}

// decodedLogos keeps logos' pixels by the hash of their files within a
// budget, emptied when full (as render's emblem cache is): a batch, or a
// page trying sizes, draws the same logo many times.
var decodedLogos struct {
	sync.Mutex
	images map[string]*image.NRGBA
	bytes  int
}

const decodedLogosBudget = 64 << 20

// logoImage is the logo's pixels: from the cache, or decoded (raster) or
// rasterised (SVG) and scaled to at most logoSide a side.
func (in *logoInput) logoImage() (*image.NRGBA, *logoError) {
	if in.file == nil {
		return nil, logoRefused("the logo at %s was not fetched", text.Truncate(in.remote, 100))
	}
	if in.image != nil {
		return in.image, nil
	}
	img := cachedLogo(in.hash)
	if img != nil {
		return img, nil
	}
	var err error
	if in.format == "svg" {
		img, err = rasterSVG(in.file, svgSide)
	} else {
		var src image.Image
		src, _, err = image.Decode(bytes.NewReader(in.file))
		if err == nil {
			img = render.NormaliseLogo(src, logoSide)
		}
	}
	if err != nil {
		var le *logoError
		if errors.As(err, &le) {
			return nil, le
		}
		return nil, logoRefused("the logo %s is damaged: %v", in.format, err)
	}
	n := len(img.Pix)
	decodedLogos.Lock()
	defer decodedLogos.Unlock()
	if decodedLogos.images == nil || decodedLogos.bytes+n > decodedLogosBudget {
		decodedLogos.images, decodedLogos.bytes = map[string]*image.NRGBA{}, 0
	}
	decodedLogos.images[in.hash] = img
	decodedLogos.bytes += n
	return img, nil
}

// cachedLogo is the pixels decodedLogos keeps for the file of hash, or
// nil.
func cachedLogo(hash string) *image.NRGBA {
	decodedLogos.Lock()
	defer decodedLogos.Unlock()
	return decodedLogos.images[hash]
}

// logoParamTooLong is the problem of a data URI longer than a parameter
// may be, or "" when v is not one.
func logoParamTooLong(v string) string {
	if len(v) <= MaxLogoParam {
		return ""
	}
	return fmt.Sprintf("the logo's data URI is %s long; a parameter holds at most %s, so that the call fits a URL. Upload the file instead: POST /api/v1/qr as multipart/form-data with a logo file part (at most %s)", SizeText(int64(len(v))), SizeText(MaxLogoParam), SizeText(MaxLogoBytes))
}

// readLogoOptions reads logo, logosize, logopadding, logobg and
// logoplate into r.
func (r *Rendering) readLogoOptions(get func(option) (string, bool), fail func(field, fixed, format string, args ...any)) []paramError {
	var errs []paramError
	v, given := get(optLogo)
	if given {
		in, err := parseLogo(v)
		switch {
		case err != nil:
			fixed := ""
			if !strings.HasPrefix(strings.ToLower(strings.TrimSpace(v)), "data:") && !strings.Contains(v, "://") {
				fixed = nearestIcon(v)
			}
			errs = append(errs, paramError{field: optLogo.Name, detail: err.detail, fixed: fixed, tooLarge: err.tooLarge})
		case in != nil:
			r.logo = in
			r.logoParam = v
		}
	}
	lg := &render.Logo{Size: render.DefaultLogoSize, Padding: render.DefaultLogoPadding}

	if v, ok := get(optLogoSize); ok {
		size, fixed, err := parseLogoSize(v)
		if err != "" {
			fail(optLogoSize.Name, fixed, "%s", err)
		} else {
			lg.Size = size
		}
	}
	if v, ok := get(optLogoPadding); ok {
		v = strings.TrimSpace(v)
		number, foreign := ownUnit(v, moduleUnits, pixelUnits)
		p, err := atoiSaturating(number)
		switch {
		case foreign != "":
			errs = append(errs, modulesNotPixels(optLogoPadding.Name, v, render.MaxLogoPadding))
		case err != nil:
			fixed, unread := optLogoPadding.Example, noNumber(optLogoPadding.Example)
			if n, ok := wholeNumber(number, 0, render.MaxLogoPadding); ok {
				fixed, unread = strconv.Itoa(n), ""
			}
			fail(optLogoPadding.Name, fixed, "logopadding %q is not a whole number of modules (0 to %d)%s", v, render.MaxLogoPadding, unread)
		case p < 0:
			fail(optLogoPadding.Name, "0", "logopadding %s is negative; it counts modules of clear space around the logo, 0 to %d", v, render.MaxLogoPadding)
		case p > render.MaxLogoPadding:
			fail(optLogoPadding.Name, strconv.Itoa(render.MaxLogoPadding), "logopadding %s is above the maximum of %d modules", v, render.MaxLogoPadding)
		default:
			lg.Padding = p
		}
	}
	if v, ok := get(optLogoBg); ok && !strings.EqualFold(strings.TrimSpace(v), "none") {
		c, err := render.ParseColor(v, true)
		if err != nil {
			fixed, says := meantColour(v, true, "", "logobg's default, none: no plate")
			fail(optLogoBg.Name, fixed, "%s (or none, for no plate); %s", err, says)
		}
		if c.A > 0 {
			lg.Plate = c
		}
	}
	if v, ok := get(optLogoPlate); ok {
		switch strings.ToLower(strings.TrimSpace(v)) {
		case "square":
		case "rounded", "round":
			lg.Rounded = true
		default:
			fail(optLogoPlate.Name, "rounded", "logoplate %q is not one of square, rounded", v)
		}
	}
	if r.logo == nil {
		return errs
	}
	if c := r.logo.canonical(); c != "" {
		r.Canonical.Set(optLogo.Name, c)
	}
	lg.Icon = r.logo.icon
	if lg.Icon != nil && lg.Plate != (color.NRGBA{}) {
		// An icon is drawn in the foreground colour, or in the background
		// colour when that stands out more from the plate (WCAG 2.2
		// contrast): a plate in the foreground colour would hide it.
		fg, bg := r.Options.Foreground, r.Options.Background
		bg.A = 255
		if analysis.ContrastRatio(bg, lg.Plate) > analysis.ContrastRatio(fg, lg.Plate) {
			lg.Ink = bg
		}
	}
	r.Options.Logo = lg
	r.Canonical.Set(optLogoSize.Name, formatLogoSize(lg.Size))
	r.Canonical.Set(optLogoPadding.Name, strconv.Itoa(lg.Padding))
	if lg.Plate != (color.NRGBA{}) {
		r.Canonical.Set(optLogoBg.Name, render.HexColor(lg.Plate))
		if lg.Rounded {
			r.Canonical.Set(optLogoPlate.Name, "rounded")
		}
	}
	return errs
}

// parseLogoSize reads a fraction of the symbol's side, "0.2" or "20%".
// On a bad value it returns the problem and the value a fix should use.
func parseLogoSize(v string) (size float64, fixed, problem string) {
	v = strings.TrimSpace(v)
	percent := strings.HasSuffix(v, "%")
	f, err := strconv.ParseFloat(strings.TrimSuffix(v, "%"), 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, optLogoSize.Example, fmt.Sprintf("logosize %q is not a number: it is the logo's side as a fraction of the code's, %g to %g", v, render.MinLogoSize, render.MaxLogoSize)
	}
	if percent {
		f /= 100
	} else if f > 1 && f <= 100 {
		return 0, formatLogoSize(min(max(f/100, render.MinLogoSize), render.MaxLogoSize)), fmt.Sprintf("logosize %s is a fraction of the code's side, %g to %g; for %s%% write %s", v, render.MinLogoSize, render.MaxLogoSize, v, formatLogoSize(f/100))
	}
	f = math.Round(f*1000) / 1000
	switch {
	case f < render.MinLogoSize:
		return 0, formatLogoSize(render.MinLogoSize), fmt.Sprintf("logosize %s is below the minimum of %g", v, render.MinLogoSize)
	case f > render.MaxLogoSize:
		return 0, formatLogoSize(render.MaxLogoSize), fmt.Sprintf("logosize %s is above the maximum of %g: a larger logo would clear more of the code than error correction can restore", v, render.MaxLogoSize)
	}
	return f, "", ""
}

func formatLogoSize(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// sniffLogo names a logo file's format from its first bytes, "" when it
// is none of LogoFormats.
func sniffLogo(b []byte) string {
	switch {
	case bytes.HasPrefix(b, []byte("\x89PNG\r\n\x1a\n")):
		return "png"
	case bytes.HasPrefix(b, []byte{0xFF, 0xD8, 0xFF}):
		return "jpeg"
	case len(b) >= 12 && string(b[:4]) == "RIFF" && string(b[8:12]) == "WEBP":
		return "webp"
	case looksLikeXML(b):
		return "svg"
	}
	return ""
}

// logoMediaTypes are the media types of LogoFormats.
var logoMediaTypes = map[string]string{"png": "image/png", "jpeg": "image/jpeg", "webp": "image/webp", "svg": "image/svg+xml"}

// uploadedLogo is an uploaded file as the logo option's value: a data URI
// of its sniffed type.
func uploadedLogo(b []byte) string {
	mediaType, ok := logoMediaTypes[sniffLogo(b)]
	if !ok {
		mediaType = "application/octet-stream"
	}
	return "data:" + mediaType + ";base64," + base64.StdEncoding.EncodeToString(b)
}

// logoParamErrors refuses data URIs longer than a parameter may be
// (MaxLogoParam), in values that came as parameters rather than in a
// request body; the value is then dropped, so that it is reported once.
func logoParamErrors(q query) []paramError {
	var errs []paramError
	for _, name := range append([]string{optLogo.Name}, optLogo.Aliases...) {
		for i, v := range q[name] {
			if detail := logoParamTooLong(v); detail != "" {
				errs = append(errs, paramError{field: optLogo.Name, detail: detail, tooLarge: true})
				q[name][i] = "none"
			}
		}
	}
	return errs
}

// logoCost is what decoding the logo and scaling it into its box take,
// when the output draws it (render.DrawingBytes counts the drawing).
func (r *Rendering) logoCost(o render.Options) int64 {
	if r.logo == nil || r.logo.icon != nil || r.logo.file == nil || r.Format == FormatJSON {
		return 0
	}
	return r.logo.decodeCost() + render.LogoBytes(o, r.logo.pictureHeight(), r.rasterises())
}

// pictureHeight is the height of the logo's pixels once decoded and
// scaled to logoSide, or its bound for SVG, which is sized when parsed.
func (in *logoInput) pictureHeight() int {
	if in.image != nil {
		return in.image.Bounds().Dy()
	}
	if in.format == "svg" {
		return svgSide
	}
	w, h := in.header.Width, in.header.Height
	if m := max(w, h); m > logoSide {
		return max(1, int(math.Round(float64(h)*logoSide/float64(m))))
	}
	return h
}

// withLogoImage is r with the logo's pixels decoded, when the output draws
// a raster logo; a file that does not decode is the caller's problem.
func (s *Service) withLogoImage(r *Rendering, target fixTarget) (*Rendering, *Problem) {
	if r.logo == nil || r.logo.icon != nil || r.Format == FormatJSON {
		return r, nil
	}
	img, err := r.logo.logoImage()
	if err != nil {
		return nil, s.invalid(r, []paramError{{field: optLogo.Name, detail: err.detail, tooLarge: err.tooLarge}}, target)
	}
	out := *r
	lg := *r.Options.Logo
	lg.Image = img
	out.Options.Logo = &lg
	return &out, nil
}

// logoTooLarge explains a logo the symbol cannot spare the modules for.
// The fix shrinks the logo to the largest that fits, keeping the level
// the caller chose (a higher one that holds the logo is named in the
// detail); when no logo fits, it raises the level the caller chose, if a
// higher one holds the logo, or else draws the code without it.
func (s *Service) logoTooLarge(r *Rendering, e *render.LogoError, target fixTarget) *Problem {
	lg := r.Options.Logo
	detail := fmt.Sprintf("logosize %s with logopadding %d fits no version of the code up to %d at error correction level %s: the codewords under a logo may take at most half of a block's correction capacity (ISO/IEC 18004:2015 §7.5.1, Table 9), and a logo may not hide the alignment pattern at the centre of versions 7 to 13, 21 to 27 and 35 to 40, which zbar then misreads (docs/logos.md)",
		formatLogoSize(lg.Size), lg.Padding, r.largestVersion(), e.Level)
	higher := e.FitsAt != render.LevelAuto && r.Given[optEC.Name] && !r.levelFixed
	var errs []paramError
	switch {
	case e.Largest > 0:
		detail += fmt.Sprintf("; the largest that fits is logosize=%s, which the fix uses", formatLogoSize(e.Largest))
		if higher {
			detail += fmt.Sprintf(", or keep logosize=%s with ec=%s", formatLogoSize(lg.Size), e.FitsAt)
		}
		errs = []paramError{{field: optLogoSize.Name, fixed: formatLogoSize(e.Largest), detail: detail}}
	case higher:
		errs = []paramError{{field: optEC.Name, fixed: string(e.FitsAt), detail: detail + fmt.Sprintf("; no logo fits at level %s, this one fits at %s, and the fix raises ec", e.Level, e.FitsAt)}}
	default:
		errs = []paramError{{field: optLogo.Name, fixed: "", detail: detail + "; no logo fits this code, and the fix draws it without one"}}
	}
	return s.invalid(r, errs, target)
}

// uploadTarget writes a fix as the upload it corrects: a curl command
// that posts to the endpoint with the corrected parameters in its query
// and the logo file, when there is one, as a form part.
type uploadTarget struct {
	path string
	lead []string
	kind string
}

func (t uploadTarget) url(base string, v url.Values) string {
	file := ""
	if logo := v.Get(optLogo.Name); strings.HasPrefix(logo, "data:") {
		ext := "png"
		for format, mediaType := range logoMediaTypes {
			if strings.HasPrefix(logo, "data:"+mediaType+";") {
				ext = format
			}
		}
		file = " -F " + shellQuote(optLogo.Name+"=@logo."+ext)
		v = cloneValues(v)
		v.Del(optLogo.Name)
	}
	return "curl -X POST " + shellQuote(base+t.path+"?"+encodeCall(t.kind, v, t.lead...)) + file
}

func cloneValues(v url.Values) url.Values {
	out := url.Values{}
	for k, vs := range v {
		out[k] = append([]string(nil), vs...)
	}
	return out
}

// largestVersion is the largest version the request's symbol may have.
func (r *Rendering) largestVersion() int {
	if r.maxVersion > 0 {
		return r.maxVersion
	}
	return 40
}
