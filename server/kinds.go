package server

import (
	"fmt"
	"net/http"
	"net/url"

	"github.com/gin-gonic/gin"
	"github.com/qrforge/qrforge/registry"
	"github.com/qrforge/qrforge/render"
)

// kindRoutes derives every typed endpoint from the registry: the rendering
// endpoint, its /payload twin, and the kinds catalogue.
func (s *Server) kindRoutes() {
	for _, k := range registry.All() {
		checkKindFields(k)
		get(s.engine, k.Path(), s.generateKind(k))
		get(s.engine, k.Path()+"/payload", s.kindPayload(k))
	}
	get(s.engine, "/api/v1/kinds", s.listKinds)
	get(s.engine, "/api/v1/kinds/:kind", s.describeKind)
}

// checkKindFields refuses, at start-up, a kind whose field shares a name
// with a rendering option: the query string could not tell them apart.
func checkKindFields(k registry.Entry) {
	for _, f := range k.Fields() {
		for _, o := range renderOptions {
			if f.Name == o.Name || contains(o.Aliases, f.Name) {
				panic(fmt.Sprintf("server: kind %s field %q collides with rendering option %s", k.Name(), f.Name, o.Name))
			}
		}
	}
}

func fieldNames(k registry.Entry) []string {
	var names []string
	for _, f := range k.Fields() {
		names = append(names, f.Name)
	}
	return names
}

// generateKind serves GET /api/v1/<kind> (operation generate_<kind>).
func (s *Server) generateKind(k registry.Entry) gin.HandlerFunc {
	target := s.apiTarget(k.Path(), fieldNames(k)...)
	return func(c *gin.Context) {
		q, malformed := s.query(c, false)
		r, p := s.prepareKind(k, q, malformed, target)
		if p != nil {
			writeProblem(c, p)
			return
		}
		s.serveRendering(c, r, target)
	}
}

// kindPayload serves GET /api/v1/<kind>/payload: the exact payload string,
// without rendering, for debugging and integrations.
func (s *Server) kindPayload(k registry.Entry) gin.HandlerFunc {
	target := s.apiTarget(k.Path()+"/payload", fieldNames(k)...)
	return func(c *gin.Context) {
		q, malformed := s.query(c, false)
		r, p := s.prepareKind(k, q, malformed, target)
		if p != nil {
			writeProblem(c, p)
			return
		}
		c.Header("Cache-Control", "public, max-age=31536000, immutable")
		c.JSON(http.StatusOK, gin.H{"kind": k.Name(), "payload": r.Data})
	}
}

// prepareKind reads a typed request, the kind's fields plus the rendering
// options, and builds the payload, or the problem explaining why not.
func (s *Server) prepareKind(k registry.Entry, q query, malformed []paramError, target fixTarget) (*Rendering, *Problem) {
	r, errs := parseRendering(q, false)
	errs = append(malformed, errs...)
	values := map[string]string{}
	for _, f := range k.Fields() {
		v, given, err := q.lookup(option{Name: f.Name})
		if err != nil {
			errs = append(errs, *err)
		}
		if given {
			values[f.Name] = v
		}
	}
	if level := k.Hints().Level; level != render.LevelAuto {
		if r.Given["ec"] && r.Level != level {
			errs = append(errs, paramError{field: "ec", detail: fmt.Sprintf("%s requires error-correction level %s (%s)", k.Name(), level, k.Standard()), fixed: string(level)})
		}
		r.Level = level
	}
	r.Options.Overlay = k.Hints().Overlay
	r.kind = k.Name()
	strange := unknownParams(q, strangers(q, fieldNames(k)), k.Path(), fieldNames(k))
	errs = append(errs, strange...)
	payload, fieldErrs := k.Build(values)
	for _, fe := range fieldErrs {
		errs = append(errs, paramError{field: fe.Field, detail: fe.Detail, fixed: fe.Fix})
	}
	r.fields = values
	if len(errs) > 0 {
		fixed, ok := correctedFields(k, renamedFields(values, strange, k))
		if !ok {
			// No fix may invent a value the caller did not give: the
			// problem names the fields and shows the documented example
			// apart, as an example.
			p := s.badRequest(errs, "")
			p.Example = target.url(s.baseURL, exampleValues(k))
			return nil, p
		}
		r.fields = fixed
		return nil, s.invalid(r, withoutFields(errs, k), target)
	}
	r.Data = payload
	return r, nil
}

// correctedFields keeps the caller's valid fields and replaces each bad one
// with its fix, a correction of the caller's own value that the kind
// offers. A bad field without one cannot be corrected: a fix never fills in
// example data, nor drops a value the caller gave. Fields can depend on
// each other (a WEP key's length), so it rebuilds until the set is valid.
func correctedFields(k registry.Entry, values map[string]string) (map[string]string, bool) {
	fixed := map[string]string{}
	for name, v := range values {
		fixed[name] = v
	}
	_, errs := k.Build(fixed)
	for round := 0; round < 3 && len(errs) > 0; round++ {
		for _, e := range errs {
			if e.Fix == "" || fixed[e.Field] == e.Fix {
				return nil, false
			}
			fixed[e.Field] = e.Fix
		}
		_, errs = k.Build(fixed)
	}
	return fixed, len(errs) == 0
}

// withoutFields marks field errors as already corrected in r.fields, so
// that invalid applies only the rendering-option fixes.
func withoutFields(errs []paramError, k registry.Entry) []paramError {
	out := make([]paramError, len(errs))
	for i, e := range errs {
		out[i] = e
		if k.HasField(e.field) || k.HasField(e.rename) {
			out[i].keep = true
		}
	}
	return out
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
		ExampleURL:  s.ExampleURL(k),
	}
}

// ExampleURL is a runnable call of a kind with its canonical example.
func (s *Server) ExampleURL(k registry.Entry) string {
	return s.baseURL + k.Path() + "?" + encodeCanonical(exampleValues(k), fieldNames(k)...)
}

// exampleValues are a kind's canonical example as query values.
func exampleValues(k registry.Entry) url.Values {
	values := url.Values{}
	for name, v := range k.Example() {
		values.Set(name, v)
	}
	return values
}

// listKinds serves GET /api/v1/kinds.
func (s *Server) listKinds(c *gin.Context) {
	all := registry.All()
	out := make([]kindSummary, len(all))
	for i, k := range all {
		out[i] = s.summarize(k)
	}
	c.Header("Cache-Control", "public, max-age=3600")
	c.JSON(http.StatusOK, gin.H{"count": len(out), "kinds": out})
}

// describeKind serves GET /api/v1/kinds/<kind> with its JSON Schema.
func (s *Server) describeKind(c *gin.Context) {
	k, ok := registry.Lookup(c.Param("kind"))
	if !ok {
		names := registry.Names()
		near := nearest(c.Param("kind"), names, "text")
		writeProblem(c, s.problem(KindNotFound, http.StatusNotFound,
			fmt.Sprintf("no kind %q; kinds are %s", truncate(c.Param("kind"), 64), joinValues(names)),
			"kind", s.baseURL+"/api/v1/kinds/"+near))
		return
	}
	sum := s.summarize(k)
	sum.Schema = k.Schema()
	c.Header("Cache-Control", "public, max-age=3600")
	c.JSON(http.StatusOK, sum)
}
