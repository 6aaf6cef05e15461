package server

import (
	"encoding/json"
	"net/http/httptest"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/qrforge/qrforge/options"
	"github.com/qrforge/qrforge/schemas"
	"github.com/qrforge/qrforge/service"
)

// TestCatalogueReachesEverySurface walks the option catalogue and finds
// each option, with its aliases, range, default and values, in every
// place that shows or takes it: parsing, the OpenAPI document, the batch
// style schema, llms-full.txt and the editor's form. MCP's tools are
// checked in package mcp.
func TestCatalogueReachesEverySurface(t *testing.T) {
	h := New(Config{BaseURL: "http://qr.test"})
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/openapi.json", nil))
	var doc struct {
		Paths map[string]map[string]struct {
			Parameters []struct {
				Name   string         `json:"name"`
				Schema map[string]any `json:"schema"`
				Alias  []string       `json:"x-aliases"`
			} `json:"parameters"`
		} `json:"paths"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	params := map[string]map[string]any{}
	for _, p := range doc.Paths["/api/v1/qr"]["get"].Parameters {
		params[p.Name] = p.Schema
	}
	style, _ := json.Marshal(schemas.Style())
	var styleProps struct{ Properties map[string]map[string]any }
	json.Unmarshal(style, &styleProps)
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/llms-full.txt", nil))
	llms := rec.Body.String()
	form := map[string]bool{}
	for _, o := range pageOptions() {
		form[o.Name] = true
	}

	for _, o := range options.Rendering {
		want := roundTrip(t, o.Schema())
		if got, ok := params[o.Name]; !ok || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: OpenAPI schema %v, catalogue %v", o.Name, got, want)
		}
		if !strings.Contains(llms, "`"+o.Name+"`") {
			t.Errorf("%s: not in llms-full.txt", o.Name)
		}
		for _, name := range append([]string{o.Name}, o.Aliases...) {
			if named, _ := options.Named(name); named.Name != o.Name {
				t.Errorf("%s: the parser does not take %s for it", o.Name, name)
			}
		}
		if o.Compat == "" {
			got := styleProps.Properties[o.Name]
			for _, key := range []string{"type", "enum", "default", "minimum", "maximum", "maxLength", "anyOf"} {
				if !reflect.DeepEqual(got[key], want[key]) {
					t.Errorf("%s: batch style %s %v, catalogue %v", o.Name, key, got[key], want[key])
				}
			}
		}
		if (o.Control != "") != form[o.Name] {
			t.Errorf("%s: on the editor's form %v, catalogue control %q", o.Name, form[o.Name], o.Control)
		}
	}
	for _, f := range []service.Format{service.FormatPNG, service.FormatSVG, service.FormatSVGTiny, service.FormatJSON, service.FormatBase64, service.FormatGIF, service.FormatJPEG, service.FormatPDF, service.FormatEPS} {
		if !slices.Contains(service.Formats, f) {
			t.Errorf("format %s is not in the catalogue", f)
		}
	}
}

// roundTrip is v as JSON gives it back, so that numbers compare.
func roundTrip(t *testing.T, v any) map[string]any {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out map[string]any
	json.Unmarshal(b, &out)
	return out
}
