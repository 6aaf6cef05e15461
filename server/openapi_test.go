package server

// These tests read /api/openapi.json as a client does. They are in package
// server (not server_test) to compare the document with the option table
// itself rather than with a copy of it.

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"

	"github.com/qrforge/qrforge/internal/jsonref"
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
			name, aliases := o.Name, o.Aliases
			if k, isKind := kindAt(path); isKind && k.HasField(o.Name) {
				// epc's version is its field; the option is qrversion.
				name = service.OptionName(k.Name(), o.Name)
				aliases = slices.DeleteFunc(slices.Clone(o.Aliases), func(a string) bool { return a == name })
			}
			p, ok := param(op, name)
			if !ok {
				t.Errorf("GET %s: rendering option %s is not documented", path, o.Name)
				continue
			}
			if !slices.Equal(p.Aliases, aliases) {
				t.Errorf("GET %s: %s has x-aliases %v, want %v", path, o.Name, p.Aliases, aliases)
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

// TestBodiesDescribeEveryOption checks the OpenAPI document's request
// bodies, the batch's styles and the POSTs of /api/v1/qr and of a kind,
// against the catalogue: each option a member with its schema, so a
// client made from the document can check a body's options.
func TestBodiesDescribeEveryOption(t *testing.T) {
	body, err := jsonref.Inline(openAPIBytes(t, describedHandler()))
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(body, &doc); err != nil {
		t.Fatal(err)
	}
	at := func(v any, path ...string) map[string]any {
		for _, k := range path {
			m, _ := v.(map[string]any)
			v = m[k]
		}
		m, _ := v.(map[string]any)
		return m
	}
	paths := at(doc, "paths")
	batch := at(paths, "/api/v1/qr/batch", "post", "requestBody", "content", "application/json", "schema", "properties")
	bodies := map[string]map[string]any{
		"batch style":               at(batch, "style", "properties"),
		"POST /api/v1/wifi JSON":    at(paths, "/api/v1/wifi", "post", "requestBody", "content", "application/json", "schema", "properties"),
		"POST /api/v1/qr form":      at(paths, "/api/v1/qr", "post", "requestBody", "content", "application/x-www-form-urlencoded", "schema", "properties"),
		"POST /api/v1/qr JSON":      at(paths, "/api/v1/qr", "post", "requestBody", "content", "application/json", "schema", "properties"),
		"POST /api/v1/qr multipart": at(paths, "/api/v1/qr", "post", "requestBody", "content", "multipart/form-data", "schema", "properties"),
	}
	for where, props := range bodies {
		if len(props) == 0 {
			t.Errorf("%s: no properties in the document", where)
			continue
		}
		for _, d := range optionDocs() {
			got, ok := props[d.opt.Name].(map[string]any)
			switch {
			case d.opt.Compat != "":
				if ok {
					t.Errorf("%s has %s, kept for %s only", where, d.opt.Name, d.opt.Compat)
				}
				continue
			case !ok:
				t.Errorf("%s has no %s", where, d.opt.Name)
				continue
			case d.opt.Name == options.Logo.Name:
				continue // a file or an icon's name, as each body takes it
			}
			want, _ := json.Marshal(d.schema)
			var wantMap map[string]any
			json.Unmarshal(want, &wantMap)
			for _, kw := range []string{"type", "enum", "minimum", "maximum", "maxLength", "default", "anyOf"} {
				if fmt.Sprint(got[kw]) != fmt.Sprint(wantMap[kw]) {
					t.Errorf("%s %s: %s is %v, the catalogue says %v", where, d.opt.Name, kw, got[kw], wantMap[kw])
				}
			}
		}
	}
}

// TestDocumentsAreCompressed: the OpenAPI document and llms-full.txt are
// sent gzip-compressed to a client that accepts it, and as they are to
// one that does not (or refuses gzip with q=0), each saying it varies by
// Accept-Encoding; each option is described once, under components.
func TestDocumentsAreCompressed(t *testing.T) {
	h := describedHandler()
	plain := openAPIBytes(t, h)
	if n := bytes.Count(plain, []byte(`"x-outputs"`)); n != len(options.Rendering) {
		t.Errorf("the document describes rendering options %d times; there are %d", n, len(options.Rendering))
	}
	for _, target := range []string{"/api/openapi.json", "/llms-full.txt"} {
		for _, c := range []struct {
			accept string
			gzip   bool
		}{{"gzip, deflate, br", true}, {"br;q=1.0, GZIP;q=0.5", true}, {"*", true}, {"", false}, {"br", false}, {"gzip;q=0", false}} {
			req := httptest.NewRequest(http.MethodGet, target, nil)
			if c.accept != "" {
				req.Header.Set("Accept-Encoding", c.accept)
			}
			resp := serve(h, req)
			body, _ := io.ReadAll(resp.Body)
			if resp.Header.Get("Vary") != "Accept-Encoding" {
				t.Errorf("%s: Vary %q", target, resp.Header.Get("Vary"))
			}
			if got := resp.Header.Get("Content-Encoding") == "gzip"; got != c.gzip {
				t.Errorf("%s, Accept-Encoding %q: gzip %v, want %v", target, c.accept, got, c.gzip)
				continue
			}
			if c.gzip {
				r, err := gzip.NewReader(bytes.NewReader(body))
				if err != nil {
					t.Fatal(err)
				}
				if body, err = io.ReadAll(r); err != nil {
					t.Fatal(err)
				}
			}
			if target == "/api/openapi.json" && !bytes.Equal(body, plain) {
				t.Errorf("%s, Accept-Encoding %q: the body differs from the plain document", target, c.accept)
			}
			if len(body) == 0 {
				t.Errorf("%s: empty", target)
			}
		}
	}
}

// TestPayloadDocumentsWhatItTakes: /api/v1/<kind>/payload takes the kind's
// generation call as it is, rendering options included (README "Typed
// payloads"), so its operation documents every option, and its format
// every value the route takes: text, and each format the generation
// call may name. Each documented format is taken.
func TestPayloadDocumentsWhatItTakes(t *testing.T) {
	h := describedHandler()
	doc := readOpenAPI(t, openAPIBytes(t, h))
	for _, k := range registry.All() {
		op := doc.Paths[k.Path()+"/payload"]["get"]
		for _, o := range options.Rendering {
			if _, ok := param(op, o.Name); !ok {
				t.Errorf("GET %s/payload takes %s, which it does not document", k.Path(), o.Name)
			}
		}
	}
	k, _ := registry.Lookup("wifi")
	format, _ := param(doc.Paths[k.Path()+"/payload"]["get"], options.Format.Name)
	enum := fmt.Sprint(format.Schema["enum"])
	for _, v := range append([]string{"text"}, options.Format.Enum...) {
		if !slices.Contains(format.Schema["enum"].([]any), any(v)) {
			t.Errorf("GET %s/payload takes format=%s, which its enum %s leaves out", k.Path(), v, enum)
		}
	}
	for _, v := range format.Schema["enum"].([]any) {
		resp := serve(h, httptest.NewRequest(http.MethodGet, fmt.Sprintf("%s/payload?ssid=Home&format=%s", k.Path(), v), nil))
		if resp.StatusCode != http.StatusOK {
			body, _ := io.ReadAll(resp.Body)
			t.Errorf("GET %s/payload?format=%s, documented: %d %s", k.Path(), v, resp.StatusCode, body)
		}
	}
}

// kindAt is the kind whose endpoint path is.
func kindAt(path string) (registry.Entry, bool) {
	for _, k := range registry.All() {
		if k.Path() == path {
			return k, true
		}
	}
	return nil, false
}

// No operation names a parameter twice (OpenAPI 3.1 §4.8.10, Operation Object: a
// parameter is unique by name and location): verify once listed epc's
// version field beside the version option.
func TestOpenAPIParametersAreUnique(t *testing.T) {
	doc := readOpenAPI(t, openAPIBytes(t, describedHandler()))
	for path, ops := range doc.Paths {
		for method, op := range ops {
			seen := map[string]bool{}
			for _, p := range op.Parameters {
				key := p.In + " " + p.Name
				if seen[key] {
					t.Errorf("%s %s: parameter %s twice", method, path, key)
				}
				seen[key] = true
			}
		}
	}
}
