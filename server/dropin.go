package server

import (
	"cmp"
	"errors"
	"fmt"
	"maps"
	"mime"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/gin-gonic/gin"
	"github.com/qrforge/qrforge/internal/text"
	"github.com/qrforge/qrforge/options"
	"github.com/qrforge/qrforge/render"
	"github.com/qrforge/qrforge/service"
)

// Drop-in paths for the QR APIs people leave (docs/migrating.md): goQR's
// /v1/create-qr-code/ and /v1/read-qr-code/, Google's chart API /chart
// and QuickChart's /qr answer the same calls with only the host changed.
// Each handler translates its API's parameters into a generation request
// of the service, so every check of /api/v1/qr applies; parameters the
// API does not define are passed on, and the service reads them as
// /api/v1/qr does (qrforge's own options, or a 400 for unknown names).
// What cannot be honoured exactly is answered anyway and named in
// differencesHeader.

// differencesHeader lists, separated by "; ", what the answer does
// differently from the emulated API for this call; absent when nothing.
const differencesHeader = "X-QR-Dropin-Differences"

// Paths of the drop-ins.
const (
	goQRCreatePath = "/v1/create-qr-code/"
	goQRReadPath   = "/v1/read-qr-code/"
	chartPath      = "/chart"
	quickChartPath = "/qr"
)

// Defaults each API documents, where qrforge's own differ.
const (
	goQRDefaultSize   = 200 // goqr.me/api/doc/create-qr-code §3.2: 200x200
	goQRDefaultLevel  = "L" // §3.5
	goQRDefaultMargin = 1   // §3.8: pixels
	goQRMaxMargin     = 50  // §3.8
	goQRMaxQzone      = 100 // §3.9: modules
	// goQRNoCode is goQR's error text for an image without a readable code.
	goQRNoCode            = "could not find/read QR Code"
	quickChartDefaultSize = 150 // quickchart.io/documentation/qr-codes/
	// QuickChart's ecLevel: M, or H with a centre image.
	quickChartDefaultLevel, quickChartLogoLevel = "M", "H"
	// googleDefaultLevel is chld's level when it gives none
	// (developers.google.com/chart/infographics/docs/qr_codes).
	googleDefaultLevel = "L"
	// quickChartLogoRatio is QuickChart's centerImageSizeRatio default.
	quickChartLogoRatio = "0.3"
)

// minSide is qrforge's smallest image (render.MinSize), which the drop-ins
// draw when a smaller one is asked for.
const minSide = 64

// dropinRoutes registers the drop-in paths.
func (s *Server) dropinRoutes() {
	r := s.engine
	for _, p := range []string{goQRCreatePath, strings.TrimSuffix(goQRCreatePath, "/")} {
		get(r, p, s.goQRCreate)
		// goqr.me/api/doc/create-qr-code §3.0: every parameter by GET or
		// POST.
		r.POST(p, s.goQRCreate)
	}
	for _, p := range []string{goQRReadPath, strings.TrimSuffix(goQRReadPath, "/")} {
		r.POST(p, s.goQRRead)
		get(r, p, s.goQRReadGet)
	}
	get(r, chartPath, s.googleChart)
	// developers.google.com/chart/infographics/docs/qr_codes: "if you
	// want to encode more than 2K bytes ..., you will have to send your
	// data using POST".
	r.POST(chartPath, s.googleChart)
	get(r, quickChartPath, s.quickChart)
	s.documentDropins()
}

// dropinCall is an emulated API's call being translated: in holds the
// parameters not read yet (names lower-cased, as the service reads them),
// out the service's request, diffs what is done differently.
type dropinCall struct {
	in    url.Values
	out   url.Values
	diffs []string
	path  string // the emulated API's path, which problems name
	// spelled is each parameter's name as the caller wrote it, by its
	// lower-cased name; from is the caller's parameter each translated
	// option came from, by the option's name.
	spelled, from map[string]string
	// defaults are the API's documented defaults by option name, which
	// a fix of a value that says nothing takes (service.Request.Defaults).
	defaults map[string]string
	// taken is each API parameter read, by its lower-cased name, as the
	// caller gave it, which a problem quotes.
	taken map[string]string
	// call is every parameter as the caller sent it, the query's and a
	// form body's, which a fix of the call corrects.
	call url.Values
	// asked is an option's value as the call asked for it, by the
	// option's name, where another is drawn (a quiet zone of 20 as 10).
	asked map[string]string
}

// newDropinCall reads the query; a malformed one is a problem whose fix is
// the same call correctly encoded. plusIsSpace is how the API reads '+':
// as a space (HTML forms, PHP, Google) or as itself (QuickChart).
//
// A POST's form body (goQR's create-qr-code and Google's chart take one)
// adds its fields to the query's: goQR documents that a parameter given
// in both is read from the query and the body's value ignored
// (goqr.me/api/doc/create-qr-code §3.0), and Google is read alike, so
// the call is read as a GET of the query followed by the body's other
// fields, and a fix is that GET.
func (s *Server) newDropinCall(c *gin.Context, plusIsSpace bool) (*dropinCall, *Problem) {
	raw := c.Request.URL.RawQuery
	if c.Request.Method == http.MethodPost {
		body, p := s.dropinForm(c)
		if p != nil {
			return nil, p
		}
		raw = withForm(raw, body)
	}
	query := raw
	if !plusIsSpace {
		query = strings.ReplaceAll(raw, "+", "%2B")
	}
	values, err := url.ParseQuery(query)
	if err != nil {
		// The fix is the caller's call, encoded; when it lacks what the
		// API requires there is none, and the API's documented call is
		// the example: a fix never makes up the data.
		fixed := service.SanitizeQuery(raw)
		p := s.problem(service.KindInvalidParameter, http.StatusBadRequest,
			"the query is not valid percent-encoding ("+err.Error()+"); encode '%' as %25, ';' as %3B and spaces as %20, as "+fixed+" does",
			"", s.baseURL+c.Request.URL.Path+"?"+fixed)
		if dry := s.dropinDryRun(c.Request.URL.Path, fixed); dry != nil {
			p.Fix, p.Example = "", dry.Example
		}
		return nil, p
	}
	d := &dropinCall{in: url.Values{}, out: url.Values{}, path: c.Request.URL.Path, spelled: map[string]string{}, from: map[string]string{}, taken: map[string]string{}, asked: map[string]string{}, call: values}
	for k, vs := range values {
		lk := strings.ToLower(k)
		d.in[lk] = append(d.in[lk], vs...)
		if _, ok := d.spelled[lk]; !ok || k < d.spelled[lk] {
			d.spelled[lk] = k
		}
	}
	if p := s.repeatedParam(c, query); p != nil {
		return nil, p
	}
	return d, nil
}

// dropinForm reads a POST's body (goQR's and Google's take one): an HTML form's fields
// (application/x-www-form-urlencoded, or no Content-Type), at most what
// a GET's query may hold, service.MaxURILength, so that its fix, the
// same call as a GET, answers too. Neither API names
// multipart/form-data, which is refused.
func (s *Server) dropinForm(c *gin.Context) (string, *Problem) {
	_, call := dropinCallOf(c.Request.URL.Path)
	example := "curl '" + s.baseURL + c.Request.URL.Path + "' -d '" + call + "'"
	contentType := c.GetHeader("Content-Type")
	mediaType, _, err := mime.ParseMediaType(contentType)
	if err != nil {
		mediaType = strings.ToLower(strings.TrimSpace(contentType))
	}
	if mediaType != "" && mediaType != "application/x-www-form-urlencoded" {
		p := s.problem(service.KindUnsupportedMediaType, http.StatusUnsupportedMediaType,
			fmt.Sprintf("Content-Type %s is not read here: %s takes its parameters in the query or as a form body, application/x-www-form-urlencoded (curl -d or --data-urlencode)", text.Truncate(contentType, 100), c.Request.URL.Path),
			"Content-Type", "")
		p.Example = example
		return "", p
	}
	tooLarge := func() (string, *Problem) {
		p := s.problem(service.KindPayloadTooLarge, http.StatusRequestEntityTooLarge,
			fmt.Sprintf("the form body is larger than %s, as much as a query may hold; the data of the largest QR Code, percent-encoded, is well under it", service.SizeText(service.MaxURILength)),
			"", "")
		p.Example = example
		return "", p
	}
	n := c.Request.ContentLength
	if n > service.MaxURILength {
		return tooLarge()
	}
	if n < 0 {
		n = service.MaxURILength // chunked: as much as may come
	}
	b, err := readBody(http.MaxBytesReader(c.Writer, c.Request.Body, service.MaxURILength), n)
	if err != nil {
		var maxErr *http.MaxBytesError
		if errors.As(err, &maxErr) {
			return tooLarge()
		}
		p := s.problem(service.KindInvalidParameter, http.StatusBadRequest, "the body could not be read: "+err.Error(), "", "")
		p.Example = example
		return "", p
	}
	return string(b), nil
}

// withForm is a query followed by a form body's fields that the query
// does not give (names compared without case, as the APIs read them):
// the query's value of a parameter given in both is the one read.
func withForm(query, body string) string {
	inQuery := map[string]bool{}
	for piece := range strings.SplitSeq(query, "&") {
		if piece != "" {
			name, _ := queryPair(piece)
			inQuery[strings.ToLower(name)] = true
		}
	}
	pieces := []string{}
	if query != "" {
		pieces = append(pieces, query)
	}
	for piece := range strings.SplitSeq(body, "&") {
		if name, _ := queryPair(piece); piece != "" && !inQuery[strings.ToLower(name)] {
			pieces = append(pieces, piece)
		}
	}
	return strings.Join(pieces, "&")
}

// encodeCall writes a fix's query with %20 for a space, which every
// drop-in reads as one: QuickChart reads '+' as a plus sign.
func encodeCall(q url.Values) string {
	return strings.ReplaceAll(q.Encode(), "+", "%20")
}

// ifNoneMatch is the validator a conditional GET sends; a POST is never
// answered 304 (RFC 9110 §13.1.2).
func ifNoneMatch(c *gin.Context) string {
	if c.Request.Method == http.MethodPost {
		return ""
	}
	return c.GetHeader("If-None-Match")
}

// repeatedParam refuses a parameter given twice with different values
// (names compared without case, as the APIs read them), as /api/v1/qr
// does: each API reads one value, and which one the caller meant is
// theirs to say, so there is no fix, only an example (README "Errors").
func (s *Server) repeatedParam(c *gin.Context, raw string) *Problem {
	first := map[string]string{}
	for piece := range strings.SplitSeq(raw, "&") {
		k, v := queryPair(piece)
		name := strings.ToLower(k)
		was, seen := first[name]
		if !seen {
			first[name] = v
			continue
		}
		if was == v {
			continue
		}
		p := s.problem(service.KindInvalidParameter, http.StatusBadRequest,
			fmt.Sprintf("%s is given twice with different values (%q and %q); %s reads one, give it once, keeping the value you mean, as qrforge does not choose between them",
				k, text.Truncate(was, 64), text.Truncate(v, 64), c.Request.URL.Path),
			k, "")
		p.Example = s.baseURL + "/api/v1/qr?data=" + url.PathEscape(options.Data.Example)
		return p
	}
	return nil
}

// queryPair is a query piece's name and value, decoded; the query was
// read whole before, so neither fails to decode.
func queryPair(piece string) (name, value string) {
	k, v, _ := strings.Cut(piece, "=")
	name, _ = url.QueryUnescape(k)
	value, _ = url.QueryUnescape(v)
	return name, value
}

// set gives option ours the value the caller gave as parameter theirs
// (lower-cased), so that a problem with it names theirs.
func (d *dropinCall) set(theirs, ours, v string) {
	d.out.Set(ours, v)
	d.from[ours] = theirs
}

// named makes p, a problem of the translated request, name the caller's
// parameter where the option came from one of theirs: ecLevel, not ec.
// Its fix stays qrforge's own call, which uses qrforge's names.
func (d *dropinCall) named(p *Problem) *Problem {
	rename := func(field string) (string, bool) {
		theirs, ok := d.from[field]
		if !ok || theirs == field {
			return field, false
		}
		return cmp.Or(d.spelled[theirs], theirs), true
	}
	if theirs, ok := rename(p.Field); ok {
		p.Detail = fmt.Sprintf("%s (qrforge's %s): %s", theirs, p.Field, p.Detail)
		p.Field = theirs
	}
	for i := range p.Errors {
		if theirs, ok := rename(p.Errors[i].Field); ok {
			p.Errors[i].Detail = fmt.Sprintf("%s (qrforge's %s): %s", theirs, p.Errors[i].Field, p.Errors[i].Detail)
			p.Errors[i].Field = theirs
		}
	}
	return p
}

// take removes a parameter and returns its first value.
func (d *dropinCall) take(name string) (string, bool) {
	vs, ok := d.in[name]
	delete(d.in, name)
	if !ok || len(vs) == 0 {
		return "", false
	}
	d.taken[name] = vs[0]
	return vs[0], true
}

// spelling is a parameter's name as the caller wrote it.
func (d *dropinCall) spelling(name string) string {
	return cmp.Or(d.spelled[name], name)
}

// conflict refuses an option the call gives under the API's name and
// under one of qrforge's with another value (bgcolor=fff&bg=ff0,
// chs=150x150&width=300): the API reads one value, and which one is
// meant is the caller's to say, so there is no fix, only an example
// (docs/migrating.md). The problem quotes both as the caller sent them,
// never the value translated from them. The same value under both names
// is read once.
func (s *Server) conflict(d *dropinCall) *Problem {
	for _, ours := range slices.Sorted(maps.Keys(d.out)) {
		theirs, given := d.from[ours]
		if !given {
			continue
		}
		for _, name := range slices.Sorted(maps.Keys(d.in)) {
			o, ok := options.Named(name)
			if !ok || o.Name != ours || len(d.in[name]) == 0 {
				continue
			}
			v := d.in[name][0]
			if same := func(w string) bool { return strings.EqualFold(strings.TrimSpace(v), strings.TrimSpace(w)) }; same(d.out.Get(ours)) || d.asked[ours] != "" && same(d.asked[ours]) {
				delete(d.in, name)
				continue
			}
			p := s.problem(service.KindInvalidParameter, http.StatusBadRequest,
				fmt.Sprintf("%s=%q and %s=%q give qrforge's %s twice, with different values; %s reads one: give it once, keeping the value you mean, as qrforge does not choose between them",
					d.spelling(theirs), text.Truncate(d.taken[theirs], 64), d.spelling(name), text.Truncate(v, 64), ours, d.path),
				d.spelling(theirs), "")
			p.Example = s.baseURL + "/api/v1/qr?data=" + url.PathEscape(options.Data.Example)
			return p
		}
	}
	return nil
}

// gives reports whether a parameter not read yet names the rendering
// option called name, under any of its names: the API's default for it
// then stands aside.
func (d *dropinCall) gives(name string) bool {
	for k := range d.in {
		if o, ok := options.Named(k); ok && o.Name == name {
			return true
		}
	}
	return false
}

// dropUnmet leaves out a translated option that would change nothing
// without another the call does not give (options.Option.Needs), which
// the emulated API ignores too, and says so.
func (d *dropinCall) dropUnmet() {
	for _, o := range options.Rendering {
		if !d.out.Has(o.Name) || o.NeedsMet(func(n string) bool { return d.out.Get(n) != "" || d.gives(n) }) {
			continue
		}
		d.out.Del(o.Name)
		d.differ("%s without %s has nothing to apply to and is left out", o.Name, strings.Join(o.Needs, " or "))
	}
}

func (d *dropinCall) differ(format string, args ...any) {
	d.diffs = append(d.diffs, fmt.Sprintf(format, args...))
}

// request is the service's request: the translated parameters and the
// ones the API does not define, as given.
func (d *dropinCall) request() service.Request {
	params := url.Values{}
	for k, vs := range d.in {
		params[k] = vs
	}
	// A name given both ways (bgcolor and bg) is one option given twice:
	// the service reads the first and names the conflict.
	for k, vs := range d.out {
		params[k] = append(params[k], vs...)
	}
	return service.Request{Params: params, Via: d.path, Defaults: d.defaults}
}

// side reads a size of WxH pixels (or one number): a rectangle is drawn as
// the square of its shorter side, which fits where the caller laid it
// out, and a side below qrforge's smallest image as that. ok is false
// when v is not a size; the service then judges it.
func (d *dropinCall) side(param, v string) (int, bool) {
	v = strings.TrimSpace(strings.ToLower(v))
	w, h, pair := strings.Cut(v, "x")
	if !pair {
		h = w
	}
	wn, errW := strconv.Atoi(strings.TrimSpace(w))
	hn, errH := strconv.Atoi(strings.TrimSpace(h))
	if errW != nil || errH != nil || wn <= 0 || hn <= 0 {
		return 0, false
	}
	side := min(wn, hn)
	if wn != hn {
		d.differ("%s=%s is not square: QR codes are, and the image is %dx%d", param, v, side, side)
	}
	if side < minSide {
		d.differ("%s=%s is below qrforge's smallest image: the image is %dx%d", param, v, minSide, minSide)
		side = minSide
	}
	return side, true
}

// widestQuietZone draws a quiet zone wider than qrforge's widest, which
// the API would draw, at qrforge's widest, and says so; other values are
// left to the service to judge. It returns the value to draw.
func (d *dropinCall) widestQuietZone(param, v string) string {
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil || n <= maxMargin {
		return v
	}
	d.asked["margin"] = v
	d.differ("%s=%s: qrforge's quiet zone is at most %d modules, and is %d", param, strings.TrimSpace(v), maxMargin, maxMargin)
	return strconv.Itoa(maxMargin)
}

// charset reads a charset parameter of goQR or Google (UTF-8, Shift_JIS
// or ISO-8859-1); "" when it names none of them.
func charset(v string) string {
	n := strings.ToLower(strings.NewReplacer("-", "", "_", "", " ", "").Replace(v))
	switch n {
	case "utf8":
		return "UTF-8"
	case "iso88591", "latin1":
		return "ISO-8859-1"
	case "shiftjis", "sjis":
		return "Shift_JIS"
	}
	return ""
}

// targetCharset notes a code the API would have written in another
// charset: qrforge writes UTF-8 (with ECI 26 before non-ASCII data,
// docs/eci.md), or Japanese text in Kanji mode, Shift JIS, which readers
// show as the same text. ASCII data is the same bytes either way.
func (d *dropinCall) targetCharset(param, cs, data string) {
	kanji := render.KanjiText(data)
	switch {
	case isASCII(data), kanji && cs == "Shift_JIS":
		// ASCII reads the same everywhere; Kanji mode is Shift JIS.
	case kanji:
		d.differ("%s=%s: the text is Japanese that Kanji mode holds, and the code holds it in Kanji mode, Shift JIS (ISO/IEC 18004 §7.4.6), which readers show as the same text", param, cs)
	case cs != "UTF-8":
		d.differ("%s=%s: the code holds the text as UTF-8 (ECI 26), which readers show as the same text", param, cs)
	}
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// latin1ToUTF8 reads bytes sent as ISO-8859-1, each byte its code point.
func latin1ToUTF8(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		b.WriteRune(rune(s[i]))
	}
	return b.String()
}

// serveDropin generates the translated request and answers it as
// /api/v1/qr does, with the differences named.
func (s *Server) serveDropin(c *gin.Context, d *dropinCall) {
	if p := s.conflict(d); p != nil {
		writeProblem(c, p)
		return
	}
	s.writeDifferences(c, d.diffs)
	img, p := s.svc.Generate(c.Request.Context(), d.request(), ifNoneMatch(c))
	if p != nil {
		writeProblem(c, d.named(p))
		return
	}
	writeImage(c, img)
}

// writeDifferences sets differencesHeader and lets browsers read it.
func (s *Server) writeDifferences(c *gin.Context, diffs []string) {
	h := c.Writer.Header()
	h.Set("Access-Control-Expose-Headers", h.Get("Access-Control-Expose-Headers")+", "+differencesHeader)
	if len(diffs) == 0 {
		return
	}
	// A header value is one line of visible ASCII (RFC 9110 §5.5).
	v := strings.Map(func(r rune) rune {
		if r < ' ' || r > '~' {
			return '?'
		}
		return r
	}, strings.Join(diffs, "; "))
	h.Set(differencesHeader, v)
}

// dropinParam is the 400 for a drop-in parameter qrforge cannot read; the
// fix is the same call with the parameter set to fixed, or without it
// when fixed is "".
func (s *Server) dropinParam(c *gin.Context, d *dropinCall, name, value, fixed, rule string) *Problem {
	q := maps.Clone(d.call)
	for k := range q {
		if strings.EqualFold(k, name) {
			q.Del(k)
		}
	}
	if fixed != "" {
		q.Set(name, fixed)
	}
	return s.problem(service.KindInvalidParameter, http.StatusBadRequest,
		fmt.Sprintf("%s=%q cannot be read: %s", name, text.Truncate(value, 64), rule), name,
		s.baseURL+c.Request.URL.Path+"?"+encodeCall(q))
}

// withOptionParams follows a drop-in's own parameters with qrforge's
// rendering options, from the catalogue (docs/migrating.md: parameters the
// API does not define are read as /api/v1/qr reads them). An option is
// listed under those of its names the API does not use itself, and not at
// all when the handler sets it from the API's own parameters whatever is
// given (set), which another name for it would contradict. The
// compatibility options are left out, as from the JSON Schemas: on /chart
// Google's are its own parameters, and every drop-in path sets the size
// that scale would.
func withOptionParams(own []any, set ...string) []any {
	taken := map[string]bool{}
	for _, p := range own {
		taken[strings.ToLower(p.(obj)["name"].(string))] = true
	}
	params := own
	for _, o := range options.Rendering {
		if o.Compat != "" || slices.Contains(set, o.Name) {
			continue
		}
		names := slices.DeleteFunc(append([]string{o.Name}, o.Aliases...), func(n string) bool { return taken[n] })
		if len(names) == 0 {
			continue
		}
		p := queryParam(names[0], names[1:], optionSchemaRef(o.Name), "qrforge's "+o.Name+", as /api/v1/qr reads it.", false, nil)
		// Which option a parameter is, when the API's own name hides
		// qrforge's (goQR's size is listed, qrforge's as width).
		p["x-option"] = o.Name
		params = append(params, p)
	}
	return params
}

// documentDropins adds the drop-in paths to the OpenAPI document and the
// llms texts.
func (s *Server) documentDropins() {
	image := imageResponseDefs()
	// Required parameters carry the example each API's own documentation
	// starts with, which the conformance check calls.
	examples := map[string]string{"data": "HelloWorld!", "cht": "qr", "chl": "Hello world", "chs": "150x150", "text": "Here's my text"}
	param := func(name, description string, required bool) obj {
		p := obj{"name": name, "in": "query", "required": required, "schema": obj{"type": "string"}, "description": description}
		if ex, ok := examples[name]; ok && required {
			p["example"] = ex
		}
		return p
	}
	differences := obj{differencesHeader: obj{"description": "What this answer does differently from the emulated API, separated by '; ' (docs/migrating.md); absent when nothing.", "schema": obj{"type": "string"}}}
	withDifferences := obj{}
	for code, r := range image {
		if code == "200" {
			ok := obj{}
			for k, v := range r.(obj) {
				ok[k] = v
			}
			ok["headers"] = differences
			r = ok
		}
		withDifferences[code] = r
	}
	// The document names goQR's paths without their trailing slash (OpenAPI
	// linters refuse one); both forms answer.
	// goQR's and Google's POST take the GET's parameters as form fields.
	formPost := func(operationID, summary string, fields ...string) obj {
		form := obj{}
		for _, name := range fields {
			form[name] = obj{"type": "string"}
		}
		responses := obj{
			"413": problemResponse(fmt.Sprintf("The form body is larger than %s, as much as a query may hold.", service.SizeText(service.MaxURILength))),
			"415": problemResponse("The body is not a form (application/x-www-form-urlencoded)."),
		}
		for code, r := range withDifferences {
			if code != "304" {
				responses[code] = r
			}
		}
		return obj{
			"operationId": operationID,
			"summary":     summary,
			"description": "The GET's parameters as form fields (application/x-www-form-urlencoded), in the query, or both: a parameter given in both is read from the query, and the body's value ignored, as goQR documents. Never a 304; a problem's fix is the same call as a GET.",
			"tags":        []string{"drop-in"},
			"requestBody": obj{"required": false, "content": obj{"application/x-www-form-urlencoded": obj{"schema": obj{
				"type": "object", "properties": form, "additionalProperties": obj{"type": "string"},
				"description": "The API's parameters, and qrforge's options as /api/v1/qr reads them.",
			}}}},
			"responses": responses,
		}
	}
	s.extraOperations[strings.TrimSuffix(goQRCreatePath, "/")] = obj{"post": formPost("goqr_create_qr_code_post", "goQR (api.qrserver.com) drop-in: create-qr-code by POST",
		"data", "size", "ecc", "color", "bgcolor", "margin", "qzone", "charset-source", "charset-target", "format"), "get": obj{
		"operationId": "goqr_create_qr_code",
		"summary":     "goQR (api.qrserver.com) drop-in: create-qr-code",
		"description": "goQR's call with only the host changed, with or without the trailing slash goQR writes: size WxH (default 200x200), ecc (default L), color and bgcolor (hex, short hex or R-G-B), margin in pixels (default 1), qzone in modules (default 0), charset-source and charset-target (UTF-8 or ISO-8859-1), format png, gif, jpg, jpeg, svg or eps. Other parameters are read as /api/v1/qr reads them. Differences are named in " + differencesHeader + " (docs/migrating.md).",
		"tags":        []string{"drop-in"},
		// goQR's margin and qzone set the quiet zone whatever is given.
		"parameters": withOptionParams([]any{param("data", "The text to encode.", true), param("size", "WxH pixels; a rectangle is drawn as the square of its shorter side.", false),
			param("ecc", "L (default), M, Q or H.", false), param("color", "Foreground.", false), param("bgcolor", "Background.", false),
			param("margin", "Pixels of light border (default 1).", false), param("qzone", "Quiet zone in modules (default 0).", false),
			param("charset-source", "UTF-8 or ISO-8859-1: the charset data is sent in.", false), param("charset-target", "UTF-8 or ISO-8859-1.", false),
			param("format", "png, gif, jpg, jpeg, svg or eps.", false)}, options.Margin.Name),
		"responses": withDifferences,
	}}
	s.extraOperations[strings.TrimSuffix(goQRReadPath, "/")] = obj{"post": obj{
		"operationId": "goqr_read_qr_code",
		"summary":     "goQR (api.qrserver.com) drop-in: read-qr-code",
		"description": "The image as the multipart file field, with or without the trailing slash goQR writes; the answer is goQR's JSON. fileurl is refused: qrforge fetches no remote files.",
		"tags":        []string{"drop-in"},
		"requestBody": obj{"required": true, "content": obj{"multipart/form-data": obj{"schema": obj{"type": "object", "properties": obj{"file": obj{"type": "string", "contentMediaType": "image/*"}}}}}},
		"responses": obj{
			"200": obj{"description": "goQR's answer: one symbol per code found; an image without a readable code gives data null and error \"" + goQRNoCode + "\".", "content": obj{"application/json": obj{"schema": obj{
				"type": "array", "items": obj{"type": "object", "properties": obj{
					"type": obj{"const": "qrcode"},
					"symbol": obj{"type": "array", "items": obj{"type": "object", "properties": obj{
						"seq": obj{"type": "integer"}, "data": obj{"type": []string{"string", "null"}}, "error": obj{"type": []string{"string", "null"}},
					}}},
				}},
			}}}},
			"400": problemResponse("fileurl was given, or the body is not an image."),
			"413": problemResponse("The image is too large."),
		},
	}}
	s.extraOperations[chartPath] = obj{"post": formPost("google_chart_qr_post", "Google chart API drop-in: cht=qr by POST",
		"cht", "chs", "chl", "choe", "chld", "chof"), "get": obj{
		"operationId": "google_chart_qr",
		"summary":     "Google chart API drop-in: cht=qr",
		"description": "Google's retired chart API for QR codes: cht=qr (other chart types are a 400), chs=WxH (required), chl, choe (UTF-8, Shift_JIS, ISO-8859-1), chld=<level>|<margin> (L and 4 modules by default). A PNG unless format says otherwise. Differences are named in " + differencesHeader + ".",
		"tags":        []string{"drop-in"},
		// chs, which is required, sets the size.
		"parameters": withOptionParams([]any{param("cht", "qr.", true), param("chs", "<width>x<height> in pixels.", true), param("chl", "The text to encode.", true),
			param("choe", "UTF-8 (default), Shift_JIS or ISO-8859-1.", false), param("chld", "<level>|<margin>: L, M, Q or H, and modules of quiet zone.", false)}, options.Size.Name),
		"responses": withDifferences,
	}}
	s.extraOperations[quickChartPath] = obj{"get": obj{
		"operationId": "quickchart_qr",
		"summary":     "QuickChart drop-in: /qr",
		"description": "QuickChart's QR call: text, size (default 150), margin (modules, default 4), ecLevel (default M, H with a centre image), dark, light, format (png, svg, base64), caption, captionFontFamily, captionFontColor, centerImageUrl (fetched only where the operator allows), centerImageSizeRatio (default 0.3). Differences are named in " + differencesHeader + ".",
		"tags":        []string{"drop-in"},
		"parameters": withOptionParams([]any{param("text", "The text to encode.", true), param("size", "Pixels a side (default 150).", false), param("margin", "Modules of quiet zone (default 4).", false),
			param("ecLevel", "L, M (default), Q or H.", false), param("dark", "Foreground, hex.", false), param("light", "Background, hex; 0000 is transparent.", false),
			param("format", "png, svg or base64.", false), param("caption", "Text under the code.", false),
			param("captionFontFamily", "sans-serif (default) or a monospace family; another is drawn sans-serif.", false), param("captionFontColor", "The caption's colour.", false),
			param("captionFontSize", "Accepted; qrforge sizes the caption to the code.", false),
			param("centerImageUrl", "A logo: a built-in icon, a data URI, or a URL where the operator allows fetching.", false),
			param("centerImageSizeRatio", "The logo's side as a fraction of the code's (default 0.3).", false),
			param("centerImageWidth", "The logo's width in pixels, read as a ratio of the code's side.", false), param("centerImageHeight", "The logo's height in pixels, as centerImageWidth.", false)}),
		"responses": withDifferences,
	}}
	s.addDocs(
		fmt.Sprintf("[Drop-ins](%s/v1/create-qr-code/?data=Hello): goQR's `/v1/create-qr-code/` and `/v1/read-qr-code/`, Google's `/chart?cht=qr`, QuickChart's `/qr`, with only the host changed (docs/migrating.md)", s.baseURL),
		"## Drop-ins for other QR APIs\n\n"+
			fmt.Sprintf("Change only the host: `%s/v1/create-qr-code/?data=Hello&size=150x150` (goQR, also as a form POST), `POST %s/v1/read-qr-code/` with a multipart `file` (goQR's JSON answer; `fileurl` is refused), `%s/chart?cht=qr&chs=300x300&chl=Hello` (Google), `%s/qr?text=Hello` (QuickChart). ", s.baseURL, s.baseURL, s.baseURL, s.baseURL)+
			"Each path takes its API's defaults (goQR: 200x200, ec L, margin 1 px, qzone 0; Google: ec L, 4 modules; QuickChart: 150 px, ec M, 4 modules) and draws exactly the pixels asked for. What cannot be honoured exactly is answered anyway and named in the `"+differencesHeader+"` header: a rectangle drawn as the square of its shorter side, goQR's pixel margin as whole modules, another charset than UTF-8, a caption's font size.",
	)
}

// isDropinPath reports whether a route pattern is a drop-in's.
func isDropinPath(p string) bool {
	return slices.Contains([]string{goQRCreatePath, strings.TrimSuffix(goQRCreatePath, "/"), chartPath, quickChartPath}, p)
}

// dropinData is the parameter that carries a drop-in path's text (goQR's
// data, Google's chl, QuickChart's text), "" for other paths.
func dropinData(p string) string {
	if req, _ := dropinCallOf(p); len(req) > 0 {
		return req[len(req)-1]
	}
	return ""
}

// dropinCallOf is what a drop-in path's call must give, its text last, and
// the call its API's documentation opens with.
func dropinCallOf(p string) (required []string, example string) {
	switch p {
	case goQRCreatePath, strings.TrimSuffix(goQRCreatePath, "/"):
		return []string{"data"}, "data=HelloWorld%21&size=100x100"
	case chartPath:
		return []string{"cht", "chs", "chl"}, "cht=qr&chs=150x150&chl=Hello+world"
	case quickChartPath:
		// QuickChart reads '+' as itself: the space is %20.
		return []string{"text"}, "text=Here%27s%20my%20text"
	}
	return nil, ""
}

// dropinDryRun is what a 404 or 405 may suggest on a drop-in path, which
// cannot be checked without drawing: nil when the caller's query gives
// what its API requires (the caller's call is the fix), else a problem
// without a fix, as a fix never makes up the data to encode (README
// "Errors"), showing the call its API's documentation opens with as its
// example.
func (s *Server) dropinDryRun(path, rawQuery string) *Problem {
	required, example := dropinCallOf(path)
	q, _ := url.ParseQuery(service.SanitizeQuery(rawQuery))
	if !slices.ContainsFunc(required, func(name string) bool { return !queryHas(q, name) }) {
		return nil
	}
	detail := fmt.Sprintf("%s answers its API's call, which gives %s", path, strings.Join(required, ", "))
	p := s.problem(service.KindInvalidParameter, http.StatusBadRequest, detail, required[len(required)-1], "")
	p.Example = s.baseURL + path + "?" + example
	return p
}

// queryHas reports whether q gives name a value, in any case.
func queryHas(q url.Values, name string) bool {
	for k, vs := range q {
		if strings.EqualFold(k, name) && len(vs) > 0 && vs[0] != "" {
			return true
		}
	}
	return false
}
