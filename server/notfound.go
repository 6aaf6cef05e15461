package server

import (
	"context"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"sort"
	"strings"

	"github.com/gin-gonic/gin"
	"github.com/qrforge/qrforge/internal/editdistance"
	"github.com/qrforge/qrforge/internal/text"
	"github.com/qrforge/qrforge/options"
	"github.com/qrforge/qrforge/registry"
	"github.com/qrforge/qrforge/service"
)

// notFound answers unknown paths with the nearest endpoint as the fix.
func (s *Server) notFound(c *gin.Context) {
	path := c.Request.URL.Path
	best := "/api/v1/qr"
	bestDist := -1
	// Suggest an endpoint of the method the caller used: a GET to a typo
	// of /api/v1/qr must not be sent to POST /api/v1/decode.
	method := http.MethodGet
	if c.Request.Method == http.MethodPost {
		method = http.MethodPost
	}
	for _, rt := range s.engine.Routes() {
		if rt.Method != method {
			continue
		}
		p := rt.Path
		if method == http.MethodGet && strings.TrimSuffix(p, "/") == strings.TrimSuffix(goQRReadPath, "/") {
			continue // its GET only explains that the image is POSTed
		}
		if name := dropinData(p); name != "" && !queryGives(c.Request.URL.RawQuery, name) {
			// A drop-in answers only its API's call: without the text it
			// carries, suggesting it would suggest a 400 (/q0 is not /qr).
			continue
		}
		if i := strings.IndexAny(p, ":*"); i >= 0 {
			// Only the parameter routes nearestFix can fill in are
			// candidates; /assets/*file has no call to suggest.
			p = p[:i]
			if p != "/q/" && p != "/errors/" {
				continue
			}
		}
		d := editdistance.Distance(strings.ToLower(path), p)
		if len(p) > 1 && strings.HasPrefix(strings.ToLower(path), strings.TrimSuffix(p, "/")) {
			// /api/v1/qrcode and /api/v1/qr/ mean /api/v1/qr more than
			// /api/v1/decode, though the latter is fewer edits away.
			d = min(d, 1)
		}
		if bestDist < 0 || d < bestDist {
			best, bestDist = p, d
		}
	}
	if seg, ok := apiSegment(path); ok {
		// /api/v1/<name> names an endpoint, a kind or a page: only one it
		// plainly means is offered (sepa is epc, bitcion bitcoin, batch
		// qr/batch, health /healthz), or a route one edit away (qq is qr).
		// iban is a few letters from tron, but no payment kind is offered
		// for being a few letters away.
		near, meant := editdistance.Meant(seg, s.apiSegments(method), registry.Words())
		pages := s.pageNames(method)
		page, isPage := editdistance.Meant(seg, slices.Sorted(maps.Keys(pages)), nil)
		typed, typedQuery, isTyped := s.typedSubpath(method, seg, c.Request.URL.RawQuery)
		switch {
		case meant:
			best = "/api/v1/" + near
		case isTyped:
			fix, example, _ := s.nearestFix(c.Request.Context(), method, path, typed, typedQuery)
			p := s.problem(service.KindNotFound, http.StatusNotFound,
				"no endpoint at "+text.Truncate(path, 200)+"; a kind's "+seg+" is "+typed+", the kind in the path, as the fix calls it", "", fix)
			p.Example = example
			writeProblem(c, p)
			return
		case isPage:
			best = pages[page]
		case bestDist > 1:
			p := s.problem(service.KindNotFound, http.StatusNotFound,
				"no endpoint at "+text.Truncate(path, 200)+", and no kind of that name or close to it; the kinds are listed at "+s.baseURL+"/api/v1/kinds", "", "")
			p.Example = s.baseURL + "/api/v1/kinds"
			writeProblem(c, p)
			return
		}
	}
	if !strings.HasPrefix(strings.ToLower(path), "/api/v1/") && bestDist > 1 {
		// Elsewhere too, only a page or endpoint the path plainly means
		// is offered, by its last segment (mcp is /api/mcp, openapi
		// /api/openapi.json): a fix is a call a client may follow, and
		// the nearest by edits sent /favicon.ico to /facetime.
		pages := s.pageNames(method)
		seg := path[strings.LastIndex(strings.TrimSuffix(path, "/"), "/")+1:]
		page, meant := editdistance.Meant(strings.TrimSuffix(seg, "/"), slices.Sorted(maps.Keys(pages)), nil)
		switch {
		case meant:
			best = pages[page]
		case s.ops != nil && strings.EqualFold(strings.TrimSuffix(path, "/"), metricsPath):
			p := s.problem(service.KindNotFound, http.StatusNotFound,
				"no endpoint at "+metricsPath+" on the API's address: the metrics are served on the operations listener (--ops-addr, docs/operations.md); the API's endpoints are listed at "+s.baseURL+"/api/openapi.json", "", "")
			p.Example = s.baseURL + "/api/openapi.json"
			writeProblem(c, p)
			return
		default:
			p := s.problem(service.KindNotFound, http.StatusNotFound,
				"no endpoint at "+text.Truncate(path, 200)+", and no page or endpoint close to it; the API's endpoints are listed at "+s.baseURL+"/api/openapi.json, and the editor is at "+s.baseURL+"/", "", "")
			p.Example = s.baseURL + "/api/openapi.json"
			writeProblem(c, p)
			return
		}
	}
	if fix, ok := s.kindVerifyFix(c, path); ok {
		p := s.problem(service.KindNotFound, http.StatusNotFound,
			"no endpoint at "+text.Truncate(path, 200)+"; codes are verified by /api/v1/verify, a kind's with the kind as type, as the fix calls it", "", fix)
		writeProblem(c, p)
		return
	}
	if name, sub, ok := apiSubpath(path); ok {
		// /api/v1/<name>/<sub> (a kind's payload, qr/batch): each part only
		// as it plainly means a route's, so sepa/payload is epc/payload,
		// and venmo/payload, a few letters from event's, is no route.
		meant, ok := s.meantSubpath(method, name, sub)
		if !ok {
			// payload/wifi is wifi/payload with its parts swapped.
			meant, ok = s.meantSubpath(method, sub, name)
		}
		switch {
		case ok:
			best = "/api/v1/" + meant
		case bestDist > 1 || !strings.HasPrefix(best, "/api/v1/"+name):
			p := s.problem(service.KindNotFound, http.StatusNotFound,
				"no endpoint at "+text.Truncate(path, 200)+", and no kind of that name or close to it; the kinds are listed at "+s.baseURL+"/api/v1/kinds", "", "")
			p.Example = s.baseURL + "/api/v1/kinds"
			writeProblem(c, p)
			return
		}
	}
	fix, example, refused := s.nearestFix(c.Request.Context(), method, path, best, c.Request.URL.RawQuery)
	detail := "no endpoint at " + text.Truncate(path, 200) + "; the nearest is " + best
	if refused != "" {
		// /api/v1/calendar?title=X has no fix while /api/v1/sepa?name=X&iban=Y
		// has one: the event's call lacks a start only the caller knows.
		// Said, the two read alike.
		detail += ", where this query is refused with no fix (" + refused + "): the example shows a call that works"
	}
	p := s.problem(service.KindNotFound, http.StatusNotFound, detail, "", fix)
	p.Example = example
	writeProblem(c, p)
}

// kindVerifyFix is the verify call a GET of /api/v1/<kind>/verify meant,
// as /api/v1/<kind>/payload is a kind's payload: /api/v1/verify with the
// kind as type and the caller's query, as the service would answer it
// (checkedFix). qr/verify is the generic code's.
func (s *Server) kindVerifyFix(c *gin.Context, path string) (string, bool) {
	name, sub, ok := apiSubpath(path)
	if !ok || sub != "verify" || c.Request.Method != http.MethodGet {
		return "", false
	}
	query := service.SanitizeQuery(c.Request.URL.RawQuery)
	if name != "qr" {
		kind, meant := editdistance.Meant(name, registry.Names(), registry.Words())
		if !meant {
			return "", false
		}
		query = strings.TrimSuffix("type="+kind+"&"+query, "&")
	}
	fix, _, _ := s.checkedFix(c.Request.Context(), s.baseURL+"/api/v1/verify?"+query)
	return fix, fix != ""
}

// typedSubpath is the route /api/v1/<kind>/<sub> that /api/v1/<sub>
// with type=<kind> (or kind=) in the query means, as payload?type=wifi
// means wifi/payload, and the query without the kind.
func (s *Server) typedSubpath(method, sub, rawQuery string) (path, query string, ok bool) {
	q, err := url.ParseQuery(service.SanitizeQuery(rawQuery))
	if err != nil {
		return "", "", false
	}
	for _, name := range []string{"type", "kind"} {
		if len(q[name]) != 1 {
			continue
		}
		meant, ok := s.meantSubpath(method, q[name][0], sub)
		if !ok || !strings.HasSuffix(meant, "/"+sub) {
			continue
		}
		q.Del(name)
		return "/api/v1/" + meant, q.Encode(), true
	}
	return "", "", false
}

// apiSegment is the name in a path of the form /api/v1/<name>, in lower
// case.
func apiSegment(path string) (string, bool) {
	seg, ok := strings.CutPrefix(strings.ToLower(strings.TrimSuffix(path, "/")), "/api/v1/")
	return seg, ok && seg != "" && !strings.Contains(seg, "/")
}

// apiSubpath splits a path of the form /api/v1/<name>/<sub>, in lower
// case.
func apiSubpath(path string) (name, sub string, ok bool) {
	rest, isAPI := strings.CutPrefix(strings.ToLower(strings.TrimSuffix(path, "/")), "/api/v1/")
	name, sub, ok = strings.Cut(rest, "/")
	return name, sub, isAPI && ok && name != "" && sub != "" && !strings.Contains(sub, "/")
}

// meantSubpath is the method's two-part /api/v1 route (epc/payload,
// qr/batch) that name and sub plainly mean: the first part as a kind is
// meant (editdistance.Meant, with the kinds' other names), the second
// among the routes under it.
func (s *Server) meantSubpath(method, name, sub string) (string, bool) {
	under := map[string][]string{}
	for _, seg := range s.apiSegments(method) {
		if first, second, ok := strings.Cut(seg, "/"); ok {
			under[first] = append(under[first], second)
		}
	}
	first, ok := editdistance.Meant(name, slices.Sorted(maps.Keys(under)), registry.Words())
	if !ok || len(under[first]) == 0 {
		return "", false
	}
	second, ok := editdistance.Meant(sub, under[first], nil)
	return first + "/" + second, ok
}

// apiSegments are the paths of the method's routes under /api/v1/ (decode,
// epc, qr/batch): batch means qr/batch, one of its words.
func (s *Server) apiSegments(method string) []string {
	var names []string
	for _, rt := range s.engine.Routes() {
		if rest, ok := strings.CutPrefix(strings.TrimSuffix(rt.Path, "/"), "/api/v1/"); ok && rt.Method == method && rest != "" && !strings.ContainsAny(rest, ":*") {
			names = append(names, rest)
		}
	}
	slices.Sort(names)
	return names
}

// pageNames maps the last part of each of the method's paths outside
// /api/v1 (openapi.json, mcp, healthz) to the path.
func (s *Server) pageNames(method string) map[string]string {
	pages := map[string]string{}
	for _, rt := range s.engine.Routes() {
		if rt.Method != method || strings.HasPrefix(rt.Path, "/api/v1/") || strings.ContainsAny(rt.Path, ":*") {
			continue
		}
		if name := rt.Path[strings.LastIndex(strings.TrimSuffix(rt.Path, "/"), "/")+1:]; name != "" {
			pages[strings.TrimSuffix(name, "/")] = rt.Path
		}
	}
	return pages
}

// nearestFix is the call a 404 suggests: the nearest endpoint of the
// method with the caller's query, a GET checked so that it works (see
// checkedFix for example), a POST as a curl call.
func (s *Server) nearestFix(ctx context.Context, method, path, best, rawQuery string) (fix, example, refused string) {
	switch best {
	case "/q/":
		// A query that carries the data (goQR's /create-qr-code/?data=)
		// meant the generic endpoint; otherwise show the path form.
		if q, _ := url.ParseQuery(service.SanitizeQuery(rawQuery)); hasData(q) {
			best = "/api/v1/qr"
		} else {
			best = "/q/Hello.png"
		}
	case "/errors/":
		kind := strings.TrimPrefix(strings.ToLower(path), "/errors/")
		return s.baseURL + best + editdistance.Nearest(kind, sortedKeys(service.ErrorKinds), service.KindInvalidParameter), "", ""
	}
	fix = s.baseURL + best
	// An API route, a drop-in's included, takes the caller's query; an
	// editor page reads its own state from the query and redirects
	// anything else, so it is suggested bare.
	if rawQuery != "" && (strings.HasPrefix(best, "/api/") || best == "/q/Hello.png" || isDropinPath(best)) {
		fix += "?" + service.SanitizeQuery(rawQuery)
	}
	if method == http.MethodPost {
		return "curl -X POST '" + fix + "'", "", ""
	}
	return s.checkedFix(ctx, fix)
}

// queryGives reports whether the raw query names the parameter, in any case.
func queryGives(rawQuery, name string) bool {
	q, _ := url.ParseQuery(service.SanitizeQuery(rawQuery))
	for k, vs := range q {
		if strings.EqualFold(k, name) && len(vs) > 0 {
			return true
		}
	}
	return false
}

// hasData reports whether q gives data under any of its names, in any case.
func hasData(q url.Values) bool {
	for name, vs := range q {
		name = strings.ToLower(name)
		if len(vs) > 0 && (name == options.Data.Name || slices.Contains(options.Data.Aliases, name)) {
			return true
		}
	}
	return false
}

// checkedFix returns fix if the service would answer it, and otherwise the
// fix of the problem it gives, so that a 404 or 405 points at a call that
// works (the nearest endpoint may need data, or a field the query lacks).
// fix is a GET on the base address. When that problem has no fix because
// an identity field is missing, which no fix invents, there is none here
// either, example is the kind's documented example call, and refused is
// that problem's detail, which says what the call lacks.
func (s *Server) checkedFix(ctx context.Context, fix string) (checked, example, refused string) {
	u, err := url.ParseRequestURI(strings.TrimPrefix(fix, s.baseURL))
	if err != nil {
		return fix, "", ""
	}
	p := s.dryRun(ctx, u.Path, u.RawQuery)
	switch {
	case p == nil:
		return fix, "", ""
	case p.Fix == "" && p.Example != "":
		return "", p.Example, text.Truncate(p.Detail, 300)
	case p.Fix == "":
		return fix, "", ""
	}
	return p.Fix, "", ""
}

// dryRun asks the service what a GET of a generation route would answer,
// without drawing anything: nil when it would succeed. Other routes take
// any query.
func (s *Server) dryRun(ctx context.Context, path, rawQuery string) *Problem {
	switch rest, _ := strings.CutPrefix(path, "/api/v1/"); {
	case path == "/api/v1/qr":
		return s.svc.Check(ctx, service.Request{Query: rawQuery})
	case strings.HasPrefix(path, "/q/"):
		return s.svc.Check(ctx, service.Request{Short: true, Path: strings.TrimPrefix(path, "/q/"), Query: rawQuery})
	case path == "/api/v1/verify":
		return s.svc.CheckVerify(ctx, service.Request{Query: rawQuery})
	case strings.HasSuffix(rest, "/payload") && isKind(strings.TrimSuffix(rest, "/payload")):
		_, p := s.svc.Payload(service.Request{Kind: strings.TrimSuffix(rest, "/payload"), Query: rawQuery})
		return p
	case isKind(rest):
		return s.svc.Check(ctx, service.Request{Kind: rest, Query: rawQuery})
	case isDropinPath(path):
		return s.dropinDryRun(path, rawQuery)
	case strings.HasPrefix(path, "/errors/"):
		kind := strings.TrimPrefix(strings.ToLower(path), "/errors/")
		if _, ok := service.ErrorKinds[kind]; !ok {
			return s.problem(service.KindNotFound, http.StatusNotFound, "no error kind "+text.Truncate(kind, 64), "",
				s.baseURL+"/errors/"+editdistance.Nearest(kind, sortedKeys(service.ErrorKinds), service.KindInvalidParameter))
		}
	}
	return nil
}

func isKind(name string) bool {
	_, ok := registry.Lookup(name)
	return ok
}

// methodNotAllowed answers a known path asked with the wrong method.
func (s *Server) methodNotAllowed(c *gin.Context) {
	path := c.Request.URL.Path
	var allowed []string
	for _, rt := range s.engine.Routes() {
		if routeMatches(rt.Path, path) {
			allowed = append(allowed, rt.Method)
		}
	}
	sort.Strings(allowed)
	allowed = compactStrings(allowed)
	if path == mcpPath {
		s.mcpMethodNotAllowed(c, allowed)
		return
	}
	c.Header("Allow", strings.Join(append(allowed, http.MethodOptions), ", "))
	fix := s.baseURL + path
	if raw := c.Request.URL.RawQuery; raw != "" {
		fix += "?" + service.SanitizeQuery(raw)
	}
	example, carries := "", ", with a body,"
	switch {
	case slices.Contains(allowed, http.MethodGet):
		fix, example, _ = s.checkedFix(c.Request.Context(), fix)
		// A GET carries its parameters in the query.
		carries = ", with the parameters in the query,"
	case s.bodyExample(path) != "":
		// The call needs a body the caller has not given: no fix can be
		// made of it, and a working call is shown as an example.
		fix, example = "", s.bodyExample(path)
	case len(allowed) > 0:
		fix = "curl -X " + allowed[0] + " '" + fix + "'"
	}
	detail := c.Request.Method + " is not allowed on " + text.Truncate(path, 200) + "; use " + strings.Join(allowed, " or ")
	if fix == "" {
		detail += carries + " as the example does"
	}
	p := s.problem(service.KindMethodNotAllowed, http.StatusMethodNotAllowed, detail, "", fix)
	p.Example = example
	writeProblem(c, p)
}

// bodyExample is a working call of a path that reads only a body, ""
// for the others.
func (s *Server) bodyExample(path string) string {
	switch path {
	case "/api/v1/qr/batch":
		return s.svc.BatchCurl(service.ExampleBatch)
	case "/api/v1/decode":
		return "curl -s '" + s.baseURL + "/api/v1/qr?data=Hello' | " + s.svc.DecodeCurl("image/png", "-")
	case mcpPath:
		return "curl -X POST '" + s.baseURL + mcpPath + "' -H 'Content-Type: application/json' -d '" + mcpListTools + "'"
	}
	return ""
}

// routeMatches compares a gin route pattern with a concrete path.
func routeMatches(pattern, path string) bool {
	ps, xs := strings.Split(pattern, "/"), strings.Split(path, "/")
	for i, p := range ps {
		if strings.HasPrefix(p, "*") {
			return true
		}
		if i >= len(xs) {
			return false
		}
		if !strings.HasPrefix(p, ":") && p != xs[i] {
			return false
		}
	}
	return len(ps) == len(xs)
}

func compactStrings(s []string) []string {
	out := s[:0]
	for i, v := range s {
		if i == 0 || v != s[i-1] {
			out = append(out, v)
		}
	}
	return out
}

func sortedKeys[V any](m map[string]V) []string { return slices.Sorted(maps.Keys(m)) }
