package server

import (
	"net/http"
	"sort"
	"strings"

	"github.com/gin-gonic/gin"
)

// notFound answers unknown paths with the nearest endpoint as the fix.
func (s *Server) notFound(c *gin.Context) {
	path := c.Request.URL.Path
	best := "/api/v1/qr"
	bestDist := -1
	for _, rt := range s.engine.Routes() {
		if rt.Method != http.MethodGet && rt.Method != http.MethodPost {
			continue
		}
		p := rt.Path
		if i := strings.IndexAny(p, ":*"); i >= 0 {
			p = p[:i]
		}
		if d := editDistance(strings.ToLower(path), p); bestDist < 0 || d < bestDist {
			best, bestDist = p, d
		}
	}
	fix := s.baseURL + best
	if best == "/q/" {
		fix += "Hello.png"
	}
	if raw := c.Request.URL.RawQuery; raw != "" {
		fix += "?" + sanitizeQuery(raw)
	} else if best == "/api/v1/qr" {
		fix += "?data=Hello%2C%20world%21"
	}
	writeProblem(c, s.problem(KindNotFound, http.StatusNotFound,
		"no endpoint at "+truncate(path, 200)+"; the nearest is "+best, "", fix))
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
	if len(allowed) > 0 && allowed[0] != http.MethodGet && !contains(allowed, http.MethodGet) {
		fix = "curl -X " + allowed[0] + " '" + fix + "'"
	}
	writeProblem(c, s.problem(KindMethodNotAllowed, http.StatusMethodNotAllowed,
		c.Request.Method+" is not allowed on "+truncate(path, 200)+"; use "+strings.Join(allowed, " or "), "", fix))
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
