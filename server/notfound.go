package server

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"sort"
	"strings"

	"github.com/gin-gonic/gin"
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
		if i := strings.IndexAny(p, ":*"); i >= 0 {
			// Only the parameter routes nearestFix can fill in are
			// candidates; /assets/*file has no call to suggest.
			p = p[:i]
			if p != "/q/" && p != "/errors/" {
				continue
			}
		}
		d := editDistance(strings.ToLower(path), p)
		if len(p) > 1 && strings.HasPrefix(strings.ToLower(path), strings.TrimSuffix(p, "/")) {
			// /api/v1/qrcode and /api/v1/qr/ mean /api/v1/qr more than
			// /api/v1/decode, though the latter is fewer edits away.
			d = min(d, 1)
		}
		if bestDist < 0 || d < bestDist {
			best, bestDist = p, d
		}
	}
	fix, example := s.nearestFix(c.Request.Context(), path, best, c.Request.URL.RawQuery)
	p := s.problem(KindNotFound, http.StatusNotFound, "no endpoint at "+truncate(path, 200)+"; the nearest is "+best, "", fix)
	p.Example = example
	writeProblem(c, p)
}

// nearestFix is the call a 404 suggests: the nearest endpoint with the
// caller's query, checked so that it works; see checkedFix for example.
func (s *Server) nearestFix(ctx context.Context, path, best, rawQuery string) (fix, example string) {
	switch best {
	case "/q/":
		// A query that carries the data (goQR's /create-qr-code/?data=)
		// meant the generic endpoint; otherwise show the path form.
		if q, _ := url.ParseQuery(sanitizeQuery(rawQuery)); hasData(newQuery(q)) {
			best = "/api/v1/qr"
		} else {
			best = "/q/Hello.png"
		}
	case "/errors/":
		kind := strings.TrimPrefix(strings.ToLower(path), "/errors/")
		return s.baseURL + best + nearest(kind, sortedKeys(errorKinds), KindInvalidParameter), ""
	}
	fix = s.baseURL + best
	if rawQuery != "" {
		fix += "?" + sanitizeQuery(rawQuery)
	}
	return s.checkedFix(ctx, fix)
}

// hasData reports whether q gives data under any of its names.
func hasData(q query) bool {
	for _, name := range append([]string{optData.Name}, optData.Aliases...) {
		if len(q[name]) > 0 {
			return true
		}
	}
	return false
}

// checkedFix returns fix if the service answers it, and otherwise the fix
// of the problem it gets, so that a 404 or 405 points at a call that works
// (the nearest endpoint may need data, or a field the query lacks; a path
// may exist for GET but not with that parameter). fix is a GET on the base
// address. When that problem has no fix because an identity field is
// missing, which no fix invents, there is none here either, and example
// is the kind's documented example call.
func (s *Server) checkedFix(ctx context.Context, fix string) (checked, example string) {
	if ctx.Value(probeKey{}) != nil {
		return fix, "" // a probe's own 404 must not probe again
	}
	target := strings.TrimPrefix(fix, s.baseURL)
	u, err := url.ParseRequestURI(target)
	if err != nil {
		return fix, ""
	}
	req := (&http.Request{Method: http.MethodGet, URL: u, RequestURI: target, Header: http.Header{},
		Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1}).WithContext(context.WithValue(ctx, probeKey{}, true))
	w := &probe{header: http.Header{}}
	s.engine.ServeHTTP(w, req)
	if loc := w.header.Get("Location"); w.status >= 300 && w.status < 400 && strings.HasPrefix(loc, "/") {
		// A page that redirects its query to its short link: suggest
		// where it leads.
		return s.baseURL + loc, ""
	}
	if w.status < 400 || w.status >= 500 {
		return fix, ""
	}
	var p Problem
	if err := json.Unmarshal(w.body.Bytes(), &p); err != nil {
		return fix, ""
	}
	if p.Fix == "" && p.Example != "" {
		return "", p.Example
	}
	if p.Fix == "" {
		return fix, ""
	}
	return p.Fix, ""
}

type probeKey struct{}

// probe is the ResponseWriter of checkedFix's internal request.
type probe struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (p *probe) Header() http.Header { return p.header }

func (p *probe) WriteHeader(status int) {
	if p.status == 0 {
		p.status = status
	}
}

func (p *probe) Write(b []byte) (int, error) {
	p.WriteHeader(http.StatusOK)
	if p.status < 400 {
		return len(b), nil // only a problem's body is read
	}
	return p.body.Write(b)
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
	c.Header("Allow", strings.Join(append(allowed, http.MethodOptions), ", "))
	fix := s.baseURL + path
	if raw := c.Request.URL.RawQuery; raw != "" {
		fix += "?" + sanitizeQuery(raw)
	}
	example := ""
	if contains(allowed, http.MethodGet) {
		fix, example = s.checkedFix(c.Request.Context(), fix)
	} else if len(allowed) > 0 {
		fix = "curl -X " + allowed[0] + " '" + fix + "'"
	}
	p := s.problem(KindMethodNotAllowed, http.StatusMethodNotAllowed,
		c.Request.Method+" is not allowed on "+truncate(path, 200)+"; use "+strings.Join(allowed, " or "), "", fix)
	p.Example = example
	writeProblem(c, p)
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

func contains(s []string, v string) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
