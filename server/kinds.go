package server

import (
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/gin-gonic/gin"
	"github.com/qrforge/qrforge/internal/text"
	"github.com/qrforge/qrforge/options"
	"github.com/qrforge/qrforge/registry"
	"github.com/qrforge/qrforge/service"
)

// kindRoutes derives every typed endpoint from the registry: the rendering
// endpoint, its /payload twin, and the kinds catalogue.
func (s *Server) kindRoutes() {
	for _, k := range registry.All() {
		service.CheckKindFields(k)
		get(s.engine, k.Path(), s.generateKind(k))
		s.engine.POST(k.Path(), s.generateUpload(k.Name(), k.Path()))
		s.documentUpload(k.Path(), k.OperationID()+"_upload", k.Name())
		get(s.engine, k.Path()+"/payload", s.kindPayload(k))
	}
	get(s.engine, "/api/v1/kinds", s.listKinds)
	get(s.engine, "/api/v1/kinds/:kind", s.describeKind)
}

// generateKind serves GET /api/v1/<kind> (operation generate_<kind>).
func (s *Server) generateKind(k registry.Entry) gin.HandlerFunc {
	return func(c *gin.Context) {
		s.serveImage(c, service.Request{Kind: k.Name(), Query: c.Request.URL.RawQuery})
	}
}

// kindPayload serves GET /api/v1/<kind>/payload: the exact payload string,
// without rendering, for debugging and integrations. It is JSON, or the
// bare string as text/plain for format=text or an Accept that prefers
// text/plain (README "Typed payloads").
func (s *Server) kindPayload(k registry.Entry) gin.HandlerFunc {
	return func(c *gin.Context) {
		query, asText, p := s.payloadFormat(c, k)
		if p != nil {
			writeProblem(c, p)
			return
		}
		payload, p := s.svc.Payload(service.Request{Kind: k.Name(), Query: query})
		if p != nil {
			writeProblem(c, p)
			return
		}
		c.Header("Cache-Control", "public, max-age=31536000, immutable")
		c.Header("Vary", "Accept")
		if payload.Warning != "" {
			c.Header("X-QR-Warning", warningHeader(payload.Warning))
		}
		if asText {
			c.Data(http.StatusOK, "text/plain; charset=utf-8", []byte(payload.Payload))
			return
		}
		writeJSON(c, http.StatusOK, payload)
	}
}

// payloadFormat reads how /payload answers: format=text (under any of
// format's names), which only this path takes and which is removed before
// the service reads the query, or else the Accept header, JSON first.
// text beside another format is refused: one of them would be ignored.
func (s *Server) payloadFormat(c *gin.Context, k registry.Entry) (query string, asText bool, p *Problem) {
	query = c.Request.URL.RawQuery
	// Read as the service reads it: a raw ';' is a character, not a
	// separator, and a stray '%' is itself.
	q, err := url.ParseQuery(service.SanitizeQuery(query))
	if err != nil {
		return query, false, nil
	}
	var names, others []string
	for name, vs := range q {
		if o, ok := options.Named(name); !ok || o.Name != "format" || k.HasField(name) {
			continue
		}
		names = append(names, name)
		for _, v := range vs {
			if strings.EqualFold(strings.TrimSpace(v), "text") {
				asText = true
			} else {
				others = append(others, name+"="+v)
			}
		}
	}
	if !asText {
		if c.GetHeader("Accept") == "" {
			return query, false, nil
		}
		return query, c.NegotiateFormat(gin.MIMEJSON, gin.MIMEPlain) == gin.MIMEPlain, nil
	}
	for _, name := range names {
		q.Del(name)
	}
	if len(others) > 0 {
		slices.Sort(others)
		q.Set("format", "text")
		return "", false, s.problem(service.KindInvalidParameter, http.StatusBadRequest,
			fmt.Sprintf("format=text is given beside %s; /payload answers one way, give format once (text, or leave it out for JSON)", text.Truncate(strings.Join(others, ", "), 128)),
			"format", s.baseURL+c.Request.URL.Path+"?"+q.Encode())
	}
	return q.Encode(), true, nil
}

// kindSummary is a kind as /api/v1/kinds lists it.
type kindSummary struct {
	Name        string            `json:"name"`
	Path        string            `json:"path"`
	OperationID string            `json:"operation_id"`
	Summary     string            `json:"summary"`
	Standard    registry.Standard `json:"standard"`
	Fields      []registry.Field  `json:"fields"`
	Example     map[string]string `json:"example"`
	ExampleURL  string            `json:"example_url"`
	Schema      any               `json:"schema,omitempty"`
}

func (s *Server) summarize(k registry.Entry) kindSummary {
	return kindSummary{
		Name:        k.Name(),
		Path:        k.Path(),
		OperationID: k.OperationID(),
		Summary:     k.Summary(),
		Standard:    k.Standard(),
		Fields:      k.Fields(),
		Example:     k.Example(),
		ExampleURL:  s.svc.ExampleURL(k),
	}
}

// listKinds serves GET /api/v1/kinds.
func (s *Server) listKinds(c *gin.Context) {
	all := registry.All()
	out := make([]kindSummary, len(all))
	for i, k := range all {
		out[i] = s.summarize(k)
	}
	c.Header("Cache-Control", "public, max-age=3600")
	writeJSON(c, http.StatusOK, gin.H{"count": len(out), "kinds": out})
}

// describeKind serves GET /api/v1/kinds/<kind> with its JSON Schema.
func (s *Server) describeKind(c *gin.Context) {
	k, ok := registry.Lookup(c.Param("kind"))
	if !ok {
		names := registry.Names()
		fix := s.baseURL + "/api/v1/kinds"
		if near, ok := registry.Meant(c.Param("kind")); ok {
			fix += "/" + near
		}
		writeProblem(c, s.problem(service.KindNotFound, http.StatusNotFound,
			fmt.Sprintf("no kind %q; kinds are %s", text.Truncate(c.Param("kind"), 64), text.Join(names)),
			"kind", fix))
		return
	}
	sum := s.summarize(k)
	sum.Schema = k.Schema()
	c.Header("Cache-Control", "public, max-age=3600")
	writeJSON(c, http.StatusOK, sum)
}
