package server

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/qrforge/qrforge/internal/jsonref"
	"github.com/qrforge/qrforge/options"
)

// TestDropinsDocumentTheOptionsTheyTake calls each drop-in path with every
// rendering option under each of its names, at its example, and finds the
// name among the path's OpenAPI parameters exactly when the path takes
// it (docs/migrating.md: qrforge's own options work on every drop-in
// path, but for the names the API uses itself and the options its
// handler sets from its own parameters). The Google chart API's options
// are Google's own parameters on /chart, and elsewhere restate ec and
// margin, which those APIs set; they are left out.
func TestDropinsDocumentTheOptionsTheyTake(t *testing.T) {
	h := New(Config{BaseURL: "http://qr.test"})
	doc := dropinParams(t, fetchPage(t, h, "/api/openapi.json"))
	calls := []struct {
		path, operation string
		// base are the API's own parameters a call needs; logo what a
		// logo or an rMQR code needs beside the API's defaults, in the
		// API's terms (level H beside goQR's and Google's L, a size that
		// holds QuickChart's logo ratio of 0.3); quiet a quiet zone round
		// a frame, which goQR's default of 0 lacks.
		base, logo, quiet url.Values
	}{
		{goQRCreatePath, strings.TrimSuffix(goQRCreatePath, "/"), url.Values{"data": {"https://example.com"}}, url.Values{"ecc": {"H"}}, url.Values{"qzone": {"4"}}},
		{chartPath, chartPath, url.Values{"cht": {"qr"}, "chs": {"300x300"}, "chl": {"https://example.com"}}, url.Values{"chld": {"H|4"}}, nil},
		{quickChartPath, quickChartPath, url.Values{"text": {"https://example.com"}}, url.Values{"size": {"300"}}, nil},
	}
	// Options that mean something beside another are given with it, as
	// TestCatalogueDrivesTheParser gives them.
	needs := map[string]url.Values{
		options.Gradient.Name:      {options.GradientColors.Name: {options.GradientColors.Example}},
		options.RMQRHeight.Name:    {options.Symbol.Name: {"rmqr"}},
		options.AppendLayout.Name:  {options.Append.Name: {"auto"}},
		options.GradientAngle.Name: {options.GradientColors.Name: {options.GradientColors.Example}},
		options.FrameColor.Name:    {options.Tpl.Name: {"banner-below"}},
		options.TextColor.Name:     {options.Tpl.Name: {"banner-below"}},
		options.Font.Name:          {options.Label.Name: {"Menu"}},
		options.LogoSize.Name:      {options.Logo.Name: {"wifi"}},
		options.LogoPadding.Name:   {options.Logo.Name: {"wifi"}},
		options.LogoBg.Name:        {options.Logo.Name: {"wifi"}},
		options.LogoPlate.Name:     {options.Logo.Name: {"wifi"}, options.LogoBg.Name: {"ffffff"}},
	}
	for _, call := range calls {
		params, ok := doc[call.operation]
		if !ok {
			t.Errorf("%s is not in the OpenAPI document", call.operation)
			continue
		}
		documented := 0
		for _, o := range options.Rendering {
			if o.Compat != "" {
				continue
			}
			for _, name := range append([]string{o.Name}, o.Aliases...) {
				q := url.Values{}
				for k, v := range call.base {
					q[k] = v
				}
				if p, ok := params[name]; ok && p.option == "" {
					continue // the API's own parameter, documented as the API's
				}
				for k, v := range needs[o.Name] {
					q[k] = v
				}
				if _, logo := q[options.Logo.Name]; logo || o.Name == options.Logo.Name || o.Name == options.RMQRHeight.Name {
					for k, v := range call.logo {
						q[k] = v
					}
				}
				if _, frame := q[options.Tpl.Name]; frame {
					for k, v := range call.quiet {
						q[k] = v
					}
				}
				if !o.Reaches("png") {
					q.Set(options.Format.Name, o.Outputs[0])
				}
				q.Set(name, o.Example)
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, call.path+"?"+q.Encode(), nil))
				taken := rec.Code == http.StatusOK
				p, listed := params[name]
				switch {
				case taken && !listed:
					t.Errorf("%s takes %s=%s (qrforge's %s), which its OpenAPI entry does not list", call.path, name, o.Example, o.Name)
				case !taken && listed:
					t.Errorf("%s lists %s (qrforge's %s), and refuses %s=%s: %d %.200s", call.path, name, o.Name, name, o.Example, rec.Code, rec.Body.String())
				case listed && p.option != o.Name:
					t.Errorf("%s lists %s as %s, which is qrforge's %s", call.path, name, p.option, o.Name)
				case listed:
					documented++
				}
			}
		}
		if documented == 0 {
			t.Errorf("%s documents none of qrforge's options", call.path)
		}
	}
}

// dropinParam is a parameter of a drop-in's operation: the rendering
// option it is (x-option), "" for the API's own parameter.
type dropinParam struct{ option string }

// dropinParams are each GET operation's parameters by every name they
// take (name and x-aliases), with the option each documents.
func dropinParams(t *testing.T, body []byte) map[string]map[string]dropinParam {
	t.Helper()
	body, err := jsonref.Inline(body)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Paths map[string]map[string]struct {
			Parameters []struct {
				Name    string   `json:"name"`
				Aliases []string `json:"x-aliases"`
				Option  string   `json:"x-option"`
			} `json:"parameters"`
		} `json:"paths"`
	}
	if err := json.Unmarshal(body, &doc); err != nil {
		t.Fatal(err)
	}
	out := map[string]map[string]dropinParam{}
	for path, item := range doc.Paths {
		op, ok := item["get"]
		if !ok {
			continue
		}
		out[path] = map[string]dropinParam{}
		for _, p := range op.Parameters {
			for _, name := range append([]string{p.Name}, p.Aliases...) {
				out[path][strings.ToLower(name)] = dropinParam{option: p.Option}
			}
		}
	}
	return out
}
