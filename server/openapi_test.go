package server

// These tests read /api/openapi.json as a client does. They are in package
// server (not server_test) to compare the document with the option table
// itself rather than with a copy of it.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/pb33f/libopenapi"
	validator "github.com/pb33f/libopenapi-validator"

	_ "github.com/qrforge/qrforge/kinds"
	"github.com/qrforge/qrforge/mcp"
	"github.com/qrforge/qrforge/options"
	"github.com/qrforge/qrforge/registry"
	"github.com/qrforge/qrforge/schemas"
	"github.com/qrforge/qrforge/service"
)

// docBase is the base URL of the handler the description tests read.
const docBase = "http://qr.test"

// describedHandler is the whole service as cmd/qrforge builds it, MCP
// endpoint included, so that its description is complete.
func describedHandler() http.Handler {
	return New(Config{BaseURL: docBase, MCP: func(svc *service.Service) http.Handler {
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

func readOpenAPI(t *testing.T, body []byte) openAPIDoc {
	t.Helper()
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
// specification's schema, and checks README "Responses" and §9: version 1.0.0, no
// security schemes.
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

// TestOpenAPIDocumentsEveryKindAndOption checks the document against the
// registry and the option table: every kind's operation and payload twin
// with every field, and every rendering option with every alias on every
// generation operation.
func TestOpenAPIDocumentsEveryKindAndOption(t *testing.T) {
	doc := readOpenAPI(t, openAPIBytes(t, describedHandler()))
	generation := map[string]openAPIOp{"/api/v1/qr": doc.Paths["/api/v1/qr"]["get"], "/q/{file}": doc.Paths["/q/{file}"]["get"]}
	for _, k := range registry.All() {
		op, ok := doc.Paths[k.Path()]["get"]
		if !ok {
			t.Errorf("kind %s: no GET %s", k.Name(), k.Path())
			continue
		}
		if op.OperationID != k.OperationID() {
			t.Errorf("GET %s has operationId %q, want %q", k.Path(), op.OperationID, k.OperationID())
		}
		generation[k.Path()] = op
		payload, ok := doc.Paths[k.Path()+"/payload"]["get"]
		if !ok {
			t.Errorf("kind %s: no GET %s/payload", k.Name(), k.Path())
		}
		for _, f := range k.Fields() {
			for _, o := range []openAPIOp{op, payload} {
				p, ok := param(o, f.Name)
				if !ok {
					t.Errorf("%s: field %s is not a parameter", o.OperationID, f.Name)
					continue
				}
				if p.Required != f.Required {
					t.Errorf("%s: field %s required=%v, the kind says %v", o.OperationID, f.Name, p.Required, f.Required)
				}
			}
		}
	}
	if p, ok := param(doc.Paths["/api/v1/qr"]["get"], options.Data.Name); !ok || !p.Required || !slices.Equal(p.Aliases, options.Data.Aliases) {
		t.Errorf("generate_qr: data %+v, want required with aliases %v", p, options.Data.Aliases)
	}
	for path, op := range generation {
		for _, o := range options.Rendering {
			p, ok := param(op, o.Name)
			if !ok {
				t.Errorf("GET %s: rendering option %s is not documented", path, o.Name)
				continue
			}
			if !slices.Equal(p.Aliases, o.Aliases) {
				t.Errorf("GET %s: %s has x-aliases %v, want %v", path, o.Name, p.Aliases, o.Aliases)
			}
		}
	}
	kinds, ok := param(doc.Paths["/api/v1/kinds/{kind}"]["get"], "kind")
	if enum := kinds.Schema["enum"]; !ok || fmt.Sprint(enum) != fmt.Sprint(registry.Names()) {
		t.Errorf("describe_kind's kind enum %v, want %v", enum, registry.Names())
	}
}

func param(op openAPIOp, name string) (openAPIParam, bool) {
	for _, p := range op.Parameters {
		if p.Name == name {
			return p, true
		}
	}
	return openAPIParam{}, false
}

// TestBatchStyleSchemaMatchesOptions compares schemas/batch.json's style
// object, which package schemas writes from render's tables, with the
// options this package documents, so the two cannot drift.
func TestBatchStyleSchemaMatchesOptions(t *testing.T) {
	raw, err := json.Marshal(schemas.Style())
	if err != nil {
		t.Fatal(err)
	}
	var style struct {
		Properties map[string]map[string]any `json:"properties"`
	}
	if err := json.Unmarshal(raw, &style); err != nil {
		t.Fatal(err)
	}
	documented := map[string]bool{}
	for _, d := range optionDocs() {
		if slices.ContainsFunc(compatibilityOptions, func(o options.Option) bool { return o.Name == d.opt.Name }) {
			continue
		}
		documented[d.opt.Name] = true
		got, ok := style.Properties[d.opt.Name]
		if !ok {
			t.Errorf("the batch style has no %s", d.opt.Name)
			continue
		}
		want, _ := json.Marshal(d.schema)
		var wantMap map[string]any
		json.Unmarshal(want, &wantMap)
		for _, kw := range []string{"type", "enum", "minimum", "maximum", "maxLength", "default"} {
			if fmt.Sprint(got[kw]) != fmt.Sprint(wantMap[kw]) {
				t.Errorf("batch style %s: %s is %v, the API documents %v", d.opt.Name, kw, got[kw], wantMap[kw])
			}
		}
	}
	for name := range style.Properties {
		if !documented[name] {
			t.Errorf("the batch style has %s, which is not a rendering option", name)
		}
	}
}
