// Package conformance checks qrforge against external specifications
// with libraries the service does not need: the OpenAPI document against
// OpenAPI 3.1's schema, and every documented example against the
// document, with libopenapi and its validator; the published option and
// kind schemas against what the parser and the kinds take, with a JSON
// Schema 2020-12 validator (spelling_test.go). It is a module of its own
// so that the service's go.mod requires only what the service uses.
package conformance

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sort"
	"strings"
	"testing"

	"github.com/pb33f/libopenapi"
	validator "github.com/pb33f/libopenapi-validator"

	"github.com/qrforge/qrforge/internal/jsonref"
	_ "github.com/qrforge/qrforge/kinds"
	"github.com/qrforge/qrforge/mcp"
	"github.com/qrforge/qrforge/registry"
	"github.com/qrforge/qrforge/server"
	"github.com/qrforge/qrforge/service"
)

// docBase is the base URL of the handler the description tests read.
const docBase = "http://qr.test"

// describedHandler is the whole service as cmd/qrforge builds it, MCP
// endpoint included, so that its description is complete.
func describedHandler() http.Handler {
	return server.New(server.Config{BaseURL: docBase, MCP: func(svc *service.Service) http.Handler {
		return mcp.New(svc, mcp.WithLogger(slog.New(slog.DiscardHandler)))
	}})
}

// serve sends one request through h and returns the response as a client
// would receive it.
func serve(h http.Handler, req *http.Request) *http.Response {
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec.Result()
}

// openAPIBytes fetches /api/openapi.json.
func openAPIBytes(t *testing.T, h http.Handler) []byte {
	t.Helper()
	resp := serve(h, httptest.NewRequest(http.MethodGet, "/api/openapi.json", nil))
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET /api/openapi.json: %d %s", resp.StatusCode, body)
	}
	return body
}

// openAPIDoc is the part of the document the walk reads.
type openAPIDoc struct {
	OpenAPI    string                                `json:"openapi"`
	Paths      map[string]map[string]openAPIOp       `json:"paths"`
	Components map[string]map[string]json.RawMessage `json:"components"`
	Security   []any                                 `json:"security"`
}

type openAPIOp struct {
	OperationID string                     `json:"operationId"`
	Parameters  []openAPIParam             `json:"parameters"`
	Responses   map[string]json.RawMessage `json:"responses"`
	Security    []any                      `json:"security"`
}

type openAPIParam struct {
	Name     string         `json:"name"`
	In       string         `json:"in"`
	Required bool           `json:"required"`
	Schema   map[string]any `json:"schema"`
	Example  any            `json:"example"`
	Aliases  []string       `json:"x-aliases"`
}

// readOpenAPI reads the document with its references written out, as a
// client that follows them sees it.
func readOpenAPI(t *testing.T, body []byte) openAPIDoc {
	t.Helper()
	body, err := jsonref.Inline(body)
	if err != nil {
		t.Fatalf("the document's references: %v", err)
	}
	var doc openAPIDoc
	if err := json.Unmarshal(body, &doc); err != nil {
		t.Fatalf("the document is not JSON: %v", err)
	}
	return doc
}

// newOpenAPIValidator parses the document with libopenapi, which reads
// OpenAPI 3.1 natively (JSON Schema 2020-12 schemas, webhooks, type
// arrays), and returns its validator.
func newOpenAPIValidator(t *testing.T, body []byte) validator.Validator {
	t.Helper()
	doc, err := libopenapi.NewDocument(body)
	if err != nil {
		t.Fatalf("libopenapi cannot read the document: %v", err)
	}
	if _, err := doc.BuildV3Model(); err != nil {
		t.Fatalf("libopenapi cannot build the model: %v", err)
	}
	v, errs := validator.NewValidator(doc)
	if len(errs) > 0 {
		t.Fatalf("validator: %v", errs)
	}
	return v
}

// TestOpenAPIIsValid31 validates the document against the OpenAPI 3.1
// specification's schema, and checks what README "For agents and tools"
// says of it: version 1.0.0 (the v1 contract), no security schemes.
func TestOpenAPIIsValid31(t *testing.T) {
	body := openAPIBytes(t, describedHandler())
	v := newOpenAPIValidator(t, body)
	if ok, errs := v.ValidateDocument(); !ok {
		for _, e := range errs {
			t.Errorf("%s: %s (%s)", e.Message, e.Reason, e.HowToFix)
			for _, se := range e.SchemaValidationErrors {
				t.Errorf("  at %s (%s): %s", se.FieldPath, se.KeywordLocation, se.Reason)
			}
		}
	}
	doc := readOpenAPI(t, body)
	if !strings.HasPrefix(doc.OpenAPI, "3.1.") {
		t.Errorf("openapi %q, want 3.1.x (README, For agents and tools)", doc.OpenAPI)
	}
	var info struct {
		Info struct {
			Version string `json:"version"`
		} `json:"info"`
	}
	json.Unmarshal(body, &info)
	if info.Info.Version != "1.0.0" {
		t.Errorf("info.version %q, want 1.0.0 (README, For agents and tools)", info.Info.Version)
	}
	if _, ok := doc.Components["securitySchemes"]; ok || doc.Security != nil {
		t.Error("the document declares security; the README (Responses) says none")
	}
	for path, item := range doc.Paths {
		for method, op := range item {
			if op.Security != nil {
				t.Errorf("%s %s declares security", method, path)
			}
		}
	}
}

// TestOpenAPIExamplesAnswer walks every documented GET, calls it with its
// documented examples (every parameter that has one, and each path
// parameter), and expects one of the operation's documented 2xx statuses.
// libopenapi's validator then checks the request and the response against
// the document, so a response that drifts from its schema fails here.
func TestOpenAPIExamplesAnswer(t *testing.T) {
	h := describedHandler()
	body := openAPIBytes(t, h)
	doc := readOpenAPI(t, body)
	v := newOpenAPIValidator(t, body)

	paths := make([]string, 0, len(doc.Paths))
	for p := range doc.Paths {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	walked := 0
	for _, path := range paths {
		op, ok := doc.Paths[path]["get"]
		if !ok {
			continue
		}
		walked++
		target, err := exampleTarget(path, op)
		if err != nil {
			t.Errorf("GET %s (%s): %v", path, op.OperationID, err)
			continue
		}
		req := httptest.NewRequest(http.MethodGet, docBase+target, nil)
		resp := serve(h, req)
		got, _ := io.ReadAll(resp.Body)
		resp.Body = io.NopCloser(bytes.NewReader(got))
		status := fmt.Sprint(resp.StatusCode)
		if _, documented := op.Responses[status]; !documented || resp.StatusCode/100 != 2 {
			t.Errorf("GET %s (%s): %s, want a documented 2xx of %v; body %.300s", target, op.OperationID, status, keys(op.Responses), got)
			continue
		}
		if ok, errs := v.ValidateHttpRequestResponse(req, resp); !ok {
			for _, e := range errs {
				t.Errorf("GET %s (%s): %s: %s", target, op.OperationID, e.Message, e.Reason)
				for _, se := range e.SchemaValidationErrors {
					t.Errorf("  at %s (%s): %s", se.FieldPath, se.KeywordLocation, se.Reason)
				}
			}
		}
	}
	if want := 2*len(registry.All()) + 2; walked < want {
		t.Errorf("walked %d GET operations; the kinds alone document %d", walked, want)
	}
}

// TestOpenAPIRequestBodyExamplesAnswer sends every documented request body
// example (batch, MCP initialize) and expects a documented 2xx whose
// request and response validate against the document.
func TestOpenAPIRequestBodyExamplesAnswer(t *testing.T) {
	h := describedHandler()
	body := openAPIBytes(t, h)
	v := newOpenAPIValidator(t, body)
	var doc struct {
		Paths map[string]map[string]struct {
			OperationID string `json:"operationId"`
			RequestBody struct {
				Content map[string]struct {
					Example json.RawMessage `json:"example"`
				} `json:"content"`
			} `json:"requestBody"`
			Responses map[string]json.RawMessage `json:"responses"`
		} `json:"paths"`
	}
	if err := json.Unmarshal(body, &doc); err != nil {
		t.Fatal(err)
	}
	sent := 0
	for path, item := range doc.Paths {
		for method, op := range item {
			for contentType, media := range op.RequestBody.Content {
				if len(media.Example) == 0 || !strings.HasSuffix(contentType, "json") {
					continue
				}
				sent++
				newReq := func() *http.Request {
					req := httptest.NewRequest(strings.ToUpper(method), docBase+path, bytes.NewReader(media.Example))
					req.Header.Set("Content-Type", contentType)
					req.Header.Set("Accept", "application/json, text/event-stream")
					return req
				}
				resp := serve(h, newReq())
				got, _ := io.ReadAll(resp.Body)
				resp.Body = io.NopCloser(bytes.NewReader(got))
				status := fmt.Sprint(resp.StatusCode)
				if _, documented := op.Responses[status]; !documented || resp.StatusCode/100 != 2 {
					t.Errorf("%s %s (%s) with its example: %s, want a documented 2xx of %v; body %.300s", method, path, op.OperationID, status, keys(op.Responses), got)
					continue
				}
				if ok, errs := v.ValidateHttpRequestResponse(newReq(), resp); !ok {
					for _, e := range errs {
						t.Errorf("%s %s (%s): %s: %s", method, path, op.OperationID, e.Message, e.Reason)
					}
				}
			}
		}
	}
	if sent == 0 {
		t.Error("no operation documents a JSON request body example")
	}
}

// exampleTarget builds the request target of an operation from its
// documented examples.
func exampleTarget(path string, op openAPIOp) (string, error) {
	q := url.Values{}
	for _, p := range op.Parameters {
		value, has := exampleOf(p)
		switch {
		case p.In == "path":
			if !has {
				return "", fmt.Errorf("path parameter %s has no example", p.Name)
			}
			path = strings.ReplaceAll(path, "{"+p.Name+"}", value)
		case p.In == "query" && has:
			q.Set(p.Name, value)
		case p.In == "query" && p.Required:
			return "", fmt.Errorf("required parameter %s has no example", p.Name)
		}
	}
	if len(q) == 0 {
		return path, nil
	}
	return path + "?" + q.Encode(), nil
}

// exampleOf is a parameter's example, or its schema's example.
func exampleOf(p openAPIParam) (string, bool) {
	v := p.Example
	if v == nil {
		if ex, ok := p.Schema["examples"].([]any); ok && len(ex) > 0 {
			v = ex[0]
		}
	}
	if v == nil {
		return "", false
	}
	return fmt.Sprint(v), true
}

func keys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
