package server

import (
	"fmt"
	"maps"
	"math"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/gin-gonic/gin"
	"github.com/qrforge/qrforge/internal/text"
	"github.com/qrforge/qrforge/options"
	"github.com/qrforge/qrforge/service"
)

// The drop-in for goQR's create-qr-code and read-qr-code (docs/migrating.md).

// goQRCreate serves goQR's GET /v1/create-qr-code/
// (goqr.me/api/doc/create-qr-code): size WxH (default 200x200), ecc
// (default L), color and bgcolor, margin in pixels (default 1), qzone in
// modules (default 0), charset-source and charset-target, format.
func (s *Server) goQRCreate(c *gin.Context) {
	d, p := s.newDropinCall(c, true)
	if p != nil {
		writeProblem(c, p)
		return
	}
	// A fix of a size or ecc that says nothing draws goQR's own.
	d.defaults = map[string]string{"size": strconv.Itoa(goQRDefaultSize), "ec": goQRDefaultLevel}
	latin1Hint := false
	if data, ok := d.take("data"); ok {
		// Bytes that are not UTF-8 may be Latin-1, which goQR reads with
		// charset-source; which character set they are is the caller's to
		// say, so the problem hints at it rather than fixing.
		latin1Hint = !utf8.ValidString(data)
		if v, ok := d.take("charset-source"); ok {
			latin1Hint = false
			switch charset(v) {
			case "UTF-8":
			case "ISO-8859-1":
				data = latin1ToUTF8(data)
			default:
				writeProblem(c, s.dropinParam(c, d, "charset-source", v, "UTF-8", "goQR's charset-source is UTF-8 or ISO-8859-1"))
				return
			}
		}
		d.set("data", "data", data)
	}
	if v, ok := d.take("charset-target"); ok {
		cs := charset(v)
		if cs != "UTF-8" && cs != "ISO-8859-1" {
			writeProblem(c, s.dropinParam(c, d, "charset-target", v, "UTF-8", "goQR's charset-target is UTF-8 or ISO-8859-1"))
			return
		}
		d.targetCharset("charset-target", cs, d.out.Get("data"))
	} else {
		d.targetCharset("charset-target", "UTF-8", d.out.Get("data")) // goQR's default
	}
	sizeValue, sizeGiven := d.take("size")
	side := goQRDefaultSize
	if sizeGiven {
		if n, ok := d.side("size", sizeValue); ok {
			side = n
		} else {
			d.set("size", "size", sizeValue)
		}
	}
	// The API's size is passed on even beside one of qrforge's names for
	// it (s, width), so that the service names the two.
	if !d.out.Has("size") && (sizeGiven || !d.gives("size")) {
		d.out.Set("size", strconv.Itoa(side))
		if sizeGiven {
			d.from["size"] = "size"
		}
	}
	if ec, ok := d.take("ecc"); ok {
		d.set("ecc", "ec", ec)
	} else if !d.gives("ec") {
		d.out.Set("ec", goQRDefaultLevel)
	}
	if v, ok := d.take("color"); ok {
		d.set("color", "color", v)
	}
	if v, ok := d.take("bgcolor"); ok {
		d.set("bgcolor", "bg", v)
	}
	if v, ok := d.take("format"); ok {
		d.set("format", "format", v)
	}
	qzone := 0
	if v, ok := d.take("qzone"); ok {
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil || n < 0 || n > goQRMaxQzone {
			// The nearest qzone goQR takes, or its default, 0.
			writeProblem(c, s.dropinParam(c, d, "qzone", v, goQRQzoneFix(v), fmt.Sprintf("goQR's qzone is the quiet zone in modules, 0 to %d", goQRMaxQzone)))
			return
		}
		if n > maxMargin {
			d.differ("qzone=%d: qrforge's quiet zone is at most %d modules, and is %d", n, maxMargin, maxMargin)
			n = maxMargin
		}
		qzone = n
		d.from["margin"] = "qzone"
	} else if p := s.goQRQuietName(c, d); p != nil {
		writeProblem(c, p)
		return
	}
	margin := goQRDefaultMargin
	marginValue, marginGiven := d.take("margin")
	if v, ok := marginValue, marginGiven; ok {
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil || n < 0 || n > goQRMaxMargin {
			writeProblem(c, s.dropinParam(c, d, "margin", v, strconv.Itoa(goQRDefaultMargin), fmt.Sprintf("goQR's margin is a border in pixels, 0 to %d", goQRMaxMargin)))
			return
		}
		margin = n
	}
	d.out.Set("margin", strconv.Itoa(qzone))
	if p := s.conflict(d); p != nil {
		writeProblem(c, p)
		return
	}
	img, p := s.svc.Generate(c.Request.Context(), d.request(), ifNoneMatch(c))
	if p != nil {
		if latin1Hint && p.Field == "data" {
			p.Hint = "if data is ISO-8859-1 (Latin-1) text, where byte 0xE9 is é, add charset-source=ISO-8859-1, as goQR reads it"
		}
		writeProblem(c, d.named(p))
		return
	}
	if vector(img.ContentType) {
		// An SVG's or EPS's modules are scaled to fill the image: no
		// pixels are left over to make goQR's pixel border of, and the
		// quiet zone is qzone's whole modules. A margin the call gives
		// is named, not dropped without a word.
		if marginGiven && margin > 0 {
			d.differ("margin=%dpx: a vector image (%s) has no pixels for goQR's pixel border, so its quiet zone is qzone's %d modules; qzone widens it", margin, img.ContentType, qzone)
		}
		s.writeDifferences(c, d.diffs)
		writeImage(c, img)
		return
	}
	// goQR's margin is pixels around the quiet zone; qrforge's quiet
	// zone is whole modules, and the pixels that whole-pixel modules
	// leave over widen it. When they do not reach margin, the quiet zone
	// grows by the modules that do.
	modules, px, ok := goQRQuietZone(side, img.Version, qzone, margin)
	switch {
	case ok && modules != qzone:
		d.differ("margin=%dpx: goQR's margin is pixels; qrforge's quiet zone is whole modules, so it has %d modules (qzone=%d and %d more) of %dpx", margin, modules, qzone, modules-qzone, px)
		d.out.Set("margin", strconv.Itoa(modules))
		s.serveDropin(c, d)
		return
	case !ok && margin > 0:
		// Said, not dropped: no quiet zone qrforge draws reaches it.
		d.differ("margin=%dpx: goQR's margin is pixels; qrforge's quiet zone is whole modules, at most %d, and none of them leaves %dpx of light at size %d, so the code has qzone's %d modules and the pixels left over", margin, maxMargin, margin, side, qzone)
	}
	s.writeDifferences(c, d.diffs)
	writeImage(c, img)
}

// vector reports whether an image of the content type is drawn in
// vectors (SVG, EPS, PDF), whose modules are scaled to the image's side.
func vector(contentType string) bool {
	mt, _, _ := strings.Cut(contentType, ";")
	switch strings.TrimSpace(mt) {
	case "image/svg+xml", "application/postscript", "application/pdf":
		return true
	}
	return false
}

// goQRQuietName refuses qrforge's own names for the quiet zone (quiet,
// quietzone, border, ...) on goQR's path, where goQR's qzone (modules)
// and margin (pixels) set it whatever else is given: the fix is the call
// with goQR's qzone in its place. goQR's own margin is the pixel border,
// and qzone is read before this.
func (s *Server) goQRQuietName(c *gin.Context, d *dropinCall) *Problem {
	for _, name := range slices.Sorted(maps.Keys(d.in)) {
		if o, ok := options.Named(name); !ok || o.Name != options.Margin.Name || name == "margin" || len(d.in[name]) == 0 {
			continue
		}
		v := d.in[name][0]
		fixed := goQRQzoneFix(v)
		q := maps.Clone(d.call)
		for k := range q {
			if strings.EqualFold(k, name) {
				q.Del(k)
			}
		}
		q.Set("qzone", fixed)
		return s.problem(service.KindInvalidParameter, http.StatusBadRequest,
			fmt.Sprintf("%s is qrforge's name for the quiet zone, which goQR's path takes as goQR's qzone (modules; goQR's margin is a border in pixels): the fix gives qzone=%s", d.spelling(name), fixed),
			d.spelling(name), s.baseURL+c.Request.URL.Path+"?"+encodeCall(q))
	}
	return nil
}

// goQRQzoneFix is the qzone goQR takes nearest to v, or its default, 0,
// when v is no number.
func goQRQzoneFix(v string) string {
	f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
	if err != nil || math.IsNaN(f) {
		return "0"
	}
	return strconv.Itoa(int(math.Round(min(max(f, 0), goQRMaxQzone))))
}

// maxMargin is qrforge's widest quiet zone (render.MaxMargin).
const maxMargin = 10

// goQRQuietZone is the quiet zone, in modules, that gives a symbol of
// version v at least margin pixels of light beyond qzone modules on a
// side-pixel image, and the pixels of a module at it. It follows
// render/layout.go: modules are side / (n + 2·margin) whole pixels, and the
// pixels left over are split around the code. ok is false when no quiet
// zone up to maxMargin does.
func goQRQuietZone(side, version, qzone, margin int) (modules, px int, ok bool) {
	n := 17 + 4*version // ISO/IEC 18004 §5.3.1: modules per side
	for m := qzone; m <= maxMargin; m++ {
		scale := side / (n + 2*m)
		if scale < 1 {
			return 0, 0, false
		}
		leftover := (side - scale*(n+2*m)) / 2
		if (m-qzone)*scale+leftover >= margin {
			return m, scale, true
		}
	}
	return 0, 0, false
}

// goQRSymbol is one code of goQR's read-qr-code answer.
type goQRSymbol struct {
	Seq   int     `json:"seq"`
	Data  *string `json:"data"`
	Error *string `json:"error"`
}

// goQRRead serves goQR's POST /v1/read-qr-code/
// (goqr.me/api/doc/read-qr-code): the image as a multipart file, the
// answer goQR's JSON, [{"type":"qrcode","symbol":[{"seq","data","error"}]}].
// An image without a readable code is goQR's answer for it, data null and
// the error text; other failures are problem documents. fileurl is
// refused: qrforge fetches nothing on a caller's behalf.
func (s *Server) goQRRead(c *gin.Context) {
	if p := s.goQRReadQuery(c); p != nil {
		writeProblem(c, p)
		return
	}
	if mt := strings.ToLower(c.ContentType()); mt == "application/x-www-form-urlencoded" {
		writeProblem(c, s.goQRFileURL(c, c.PostForm("fileurl") != ""))
		return
	}
	// goQR's form holds MAX_FILE_SIZE, a limit of its own, and may say
	// outputformat=json, its answer's form (goqr.me/api/doc/read-qr-code).
	body, field, release, p := s.readImageBody(c, imageForm{fix: s.goQRReadCurl(), known: func(name, value string) bool {
		n := strings.ToLower(name)
		return n == "max_file_size" || n == "outputformat" && strings.EqualFold(strings.TrimSpace(value), "json")
	}})
	if p != nil {
		writeProblem(c, s.onGoQRRead(p))
		return
	}
	defer release()
	results, p := s.svc.Decode(c.Request.Context(), body, field)
	var symbols []goQRSymbol
	switch {
	case p != nil && strings.HasSuffix(p.Type, "/errors/"+service.KindNoCodeFound):
		msg := goQRNoCode
		symbols = []goQRSymbol{{Seq: 0, Error: &msg}}
	case p != nil:
		writeProblem(c, s.onGoQRRead(p))
		return
	default:
		for i := range results {
			symbols = append(symbols, goQRSymbol{Seq: i, Data: &results[i].Text})
		}
	}
	c.Header("Cache-Control", "no-store")
	writeJSON(c, http.StatusOK, []gin.H{{"type": "qrcode", "symbol": symbols}})
}

// onGoQRRead points a problem of the upload at read-qr-code, which takes
// the same bodies as /api/v1/decode (a multipart file or the bytes) and
// answers goQR's JSON, which the caller reads.
func (s *Server) onGoQRRead(p *Problem) *Problem {
	p.Fix = strings.ReplaceAll(p.Fix, s.baseURL+"/api/v1/decode", s.baseURL+goQRReadPath)
	return p
}

// goQRReadQuery checks read-qr-code's query: fileurl is refused, and
// outputformat is json, goQR's default, or nothing.
func (s *Server) goQRReadQuery(c *gin.Context) *Problem {
	for name, vs := range c.Request.URL.Query() {
		switch n := strings.ToLower(name); {
		case n == "fileurl":
			return s.goQRFileURL(c, true)
		case n == "outputformat":
			// Every value is read: json beside another is not json.
			for _, v := range vs {
				if !strings.EqualFold(v, "json") {
					return s.problem(service.KindInvalidParameter, http.StatusBadRequest,
						fmt.Sprintf("outputformat=%q is not served: the answer is goQR's JSON (outputformat=json)", text.Truncate(v, 16)), "outputformat", s.goQRReadCurl())
				}
			}
		case strings.HasPrefix(n, "_") || n == "max_file_size":
		default:
			return s.problem(service.KindInvalidParameter, http.StatusBadRequest,
				fmt.Sprintf("%s has no parameter %q: send the image as the multipart file field (file); outputformat=json is accepted", goQRReadPath, text.Truncate(name, 64)), name, s.goQRReadCurl())
		}
	}
	return nil
}

// goQRReadGet answers GET /v1/read-qr-code/, goQR's way to read a code
// from a URL, which qrforge does not do.
func (s *Server) goQRReadGet(c *gin.Context) {
	writeProblem(c, s.goQRFileURL(c, c.Query("fileurl") != ""))
}

// goQRFileURL refuses a remote file: fetching a URL a caller names would
// let anyone make qrforge request addresses inside its network.
func (s *Server) goQRFileURL(c *gin.Context, given bool) *Problem {
	detail := "read-qr-code reads an uploaded image: POST it as the multipart file field"
	if given {
		detail = "fileurl is not supported: qrforge does not fetch images from URLs (that would let callers make it request addresses inside its network); download the image and POST it as the multipart file field"
	}
	return s.problem(service.KindInvalidParameter, http.StatusBadRequest, detail, "fileurl", s.goQRReadCurl())
}

// goQRReadCurl is a runnable upload to read-qr-code.
func (s *Server) goQRReadCurl() string {
	return "curl -X POST '" + s.baseURL + goQRReadPath + "' -F 'file=@code.png'"
}
