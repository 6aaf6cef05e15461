package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/qrforge/qrforge/internal/jsonref"
	"github.com/qrforge/qrforge/options"
	"github.com/qrforge/qrforge/schemas"
	"github.com/qrforge/qrforge/service"
)

// TestCatalogueReachesEverySurface walks the option catalogue and finds
// each option, with its aliases, range, default, unit and outputs, in
// every place that shows it: the OpenAPI document, the batch style
// schema, llms-full.txt and the editor's form. MCP's tools are checked in
// package mcp, and the parser in TestCatalogueDrivesTheParser.
func TestCatalogueReachesEverySurface(t *testing.T) {
	h := New(Config{BaseURL: "http://qr.test"})
	params := openAPIOptions(t, fetchPage(t, h, "/api/openapi.json"))
	style := styleProperties(t)
	llms := optionLines(fetchPage(t, h, "/llms-full.txt"))
	form := formControls(t, fetchPage(t, h, "/"))

	for _, o := range options.Rendering {
		want := roundTrip(t, o.Schema())
		p, ok := params[o.Name]
		switch {
		case !ok:
			t.Errorf("%s: not in the OpenAPI document", o.Name)
		case !reflect.DeepEqual(p.Schema, want):
			t.Errorf("%s: OpenAPI schema %v, catalogue %v", o.Name, p.Schema, want)
		case p.Unit != o.Unit || !slices.Equal(p.Outputs, o.Outputs) || !slices.Equal(p.Aliases, o.Aliases):
			t.Errorf("%s: OpenAPI x-unit %q, x-outputs %v, x-aliases %v; catalogue %q, %v, %v", o.Name, p.Unit, p.Outputs, p.Aliases, o.Unit, o.Outputs, o.Aliases)
		}

		line, ok := llms[o.Name]
		if !ok {
			t.Errorf("%s: not in llms-full.txt", o.Name)
		}
		for _, part := range documented(o) {
			if !strings.Contains(line, part) {
				t.Errorf("%s: llms-full.txt says %q, without %q", o.Name, line, part)
			}
		}

		if o.Compat == "" {
			got := style[o.Name]
			for _, key := range []string{"type", "enum", "default", "minimum", "maximum", "maxLength", "anyOf"} {
				if !reflect.DeepEqual(got[key], want[key]) {
					t.Errorf("%s: batch style %s %v, catalogue %v", o.Name, key, got[key], want[key])
				}
			}
			if unit, _ := got["x-unit"].(string); unit != o.Unit || !reflect.DeepEqual(got["x-outputs"], roundTripSlice(t, o.Outputs)) {
				t.Errorf("%s: batch style x-unit %v, x-outputs %v; catalogue %q, %v", o.Name, got["x-unit"], got["x-outputs"], o.Unit, o.Outputs)
			}
		}

		control, onForm := form[o.Name]
		if onForm != (o.Control != "") {
			t.Errorf("%s: on the editor's form %v, catalogue control %q", o.Name, onForm, o.Control)
		}
		if onForm {
			for attr, want := range formAttributes(o) {
				if control[attr] != want {
					t.Errorf("%s: the form's %s is %q, catalogue %q", o.Name, attr, control[attr], want)
				}
			}
		}
	}
	for _, f := range []service.Format{service.FormatPNG, service.FormatSVG, service.FormatSVGTiny, service.FormatJSON, service.FormatBase64, service.FormatGIF, service.FormatJPEG, service.FormatPDF, service.FormatEPS} {
		if !slices.Contains(service.Formats, f) {
			t.Errorf("format %s is not in the catalogue", f)
		}
	}
}

// TestCatalogueDrivesTheParser gives the service's request parser each
// option's example under its name and every alias, which it must accept,
// and a value just outside each range, which it must refuse naming the
// option: the parser reads the catalogue's bounds, not bounds of its own.
func TestCatalogueDrivesTheParser(t *testing.T) {
	svc := service.New(service.Config{BaseURL: "http://qr.test"})
	check := func(params url.Values) *service.Problem {
		params.Set(options.Data.Name, "https://example.com")
		return svc.Check(context.Background(), service.Request{Params: params})
	}
	// Some options only mean something beside another, as their
	// descriptions say: a gradient is drawn through gradientcolors,
	// rmqrheight sizes symbol=rmqr, appendlayout arranges an append set.
	// Their values are given with it, so that a refusal is theirs.
	// So do the options the catalogue says need another (Option.Needs).
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
	for _, o := range options.Rendering {
		if len(o.Needs) > 0 && needs[o.Name] == nil {
			t.Errorf("%s needs %v, and the test gives it nothing", o.Name, o.Needs)
		}
	}
	with := func(name string, params url.Values) url.Values {
		for k, v := range needs[name] {
			params[k] = v
		}
		// An option is given in a format it changes (cmyk in a PDF).
		if o, _ := options.Named(name); !o.Reaches("png") {
			params.Set(options.Format.Name, o.Outputs[0])
		}
		return params
	}
	for _, o := range options.Rendering {
		for _, name := range append([]string{o.Name}, o.Aliases...) {
			if p := check(with(o.Name, url.Values{name: {o.Example}})); p != nil {
				t.Errorf("%s=%q (the example of %s) refused: %s", name, o.Example, o.Name, p.Detail)
			}
		}
		// An alias that is the option's name makes two values of one
		// option a conflict.
		for _, alias := range o.Aliases {
			if p := check(with(o.Name, url.Values{o.Name: {o.Example}, alias: {o.Example + "0"}})); !names(p, o.Name) {
				t.Errorf("%s and its alias %s with different values: %v, want a conflict on %s", o.Name, alias, p, o.Name)
			}
		}
		for _, v := range outside(o) {
			if p := check(with(o.Name, url.Values{o.Name: {v}})); !names(p, o.Name) {
				t.Errorf("%s=%s is outside the catalogue's range and was not refused on %s: %v", o.Name, v, o.Name, p)
			}
		}
	}
}

// outside are values just past an option's bounds.
func outside(o options.Option) []string {
	switch {
	case o.Max > 0:
		return []string{strconv.Itoa(o.Min - 1), strconv.Itoa(o.Max + 1)}
	case o.Type == "number":
		return []string{strconv.FormatFloat(o.Range[0]-0.01, 'f', -1, 64), strconv.FormatFloat(o.Range[1]+0.01, 'f', -1, 64)}
	case o.MaxLength > 0:
		return []string{strings.Repeat("a", o.MaxLength+1)}
	}
	return nil
}

// names reports whether a problem is about the option name.
func names(p *service.Problem, name string) bool {
	if p == nil {
		return false
	}
	if p.Field == name {
		return true
	}
	return slices.ContainsFunc(p.Errors, func(e service.FieldProblem) bool { return e.Field == name })
}

// documented are the phrases llms-full.txt must write for an option.
func documented(o options.Option) []string {
	parts := []string{"Outputs: " + strings.Join(o.Outputs, ", ") + "."}
	if o.Default != nil && o.Default != "" {
		parts = append(parts, fmt.Sprintf("Default: %v.", o.Default))
	}
	if r := options.RangeText(o); r != "" {
		parts = append(parts, "Range: "+r+".")
	}
	if o.Unit != "" {
		parts = append(parts, "Unit: "+o.Unit+".")
	}
	if len(o.Enum) > 0 {
		parts = append(parts, "Values: "+strings.Join(o.Enum, ", ")+".")
	}
	return parts
}

// formAttributes are the attributes the editor's control of o must carry.
func formAttributes(o options.Option) map[string]string {
	attrs := map[string]string{"data-unit": o.Unit}
	if o.Default != nil && o.Control != "text" {
		attrs["data-default"] = fmt.Sprint(o.Default)
	}
	switch {
	case o.Control == "integer" && o.PatternName == "length":
		// Pixels or a printed length (30mm): text, with no number range.
		attrs["type"], attrs["min"], attrs["max"] = "text", "", ""
	case o.Control == "integer":
		attrs["type"], attrs["min"], attrs["max"] = "number", strconv.Itoa(o.Min), strconv.Itoa(o.Max)
	case o.MaxLength > 0:
		attrs["maxlength"] = strconv.Itoa(o.MaxLength)
	}
	return attrs
}

func fetchPage(t *testing.T, h http.Handler, target string) []byte {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", target, nil))
	if rec.Code != 200 {
		t.Fatalf("GET %s: %d", target, rec.Code)
	}
	return rec.Body.Bytes()
}

type optionParam struct {
	Name    string         `json:"name"`
	Schema  map[string]any `json:"schema"`
	Aliases []string       `json:"x-aliases"`
	Unit    string         `json:"x-unit"`
	Outputs []string       `json:"x-outputs"`
}

// openAPIOptions are the query parameters of GET /api/v1/qr by name.
func openAPIOptions(t *testing.T, body []byte) map[string]optionParam {
	body, err := jsonref.Inline(body)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Paths map[string]map[string]struct {
			Parameters []optionParam `json:"parameters"`
		} `json:"paths"`
	}
	if err := json.Unmarshal(body, &doc); err != nil {
		t.Fatal(err)
	}
	out := map[string]optionParam{}
	for _, p := range doc.Paths["/api/v1/qr"]["get"].Parameters {
		out[p.Name] = p
	}
	return out
}

// styleProperties are the batch style schema's options by name.
func styleProperties(t *testing.T) map[string]map[string]any {
	style, err := json.Marshal(schemas.Style())
	if err != nil {
		t.Fatal(err)
	}
	var s struct{ Properties map[string]map[string]any }
	if err := json.Unmarshal(style, &s); err != nil {
		t.Fatal(err)
	}
	return s.Properties
}

// optionLines are llms-full.txt's option lines, "- `name` ...", by name.
func optionLines(body []byte) map[string]string {
	out := map[string]string{}
	for _, line := range strings.Split(string(body), "\n") {
		rest, ok := strings.CutPrefix(line, "- `")
		if name, _, found := strings.Cut(rest, "`"); ok && found {
			if _, seen := out[name]; !seen {
				out[name] = line
			}
		}
	}
	return out
}

// formControls are the editor's controls by the option they set
// (data-api), each with its attributes; a control of radio buttons gives
// its first button's.
func formControls(t *testing.T, page []byte) map[string]map[string]string {
	root, err := html.Parse(strings.NewReader(string(page)))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]map[string]string{}
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && (n.Data == "input" || n.Data == "select") {
			attrs := map[string]string{}
			for _, a := range n.Attr {
				attrs[a.Key] = a.Val
			}
			if name := attrs["data-api"]; name != "" && out[name] == nil {
				out[name] = attrs
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(root)
	return out
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

func roundTripSlice(t *testing.T, v []string) any {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out any
	json.Unmarshal(b, &out)
	return out
}

// TestREADMENamesTheOptionsOffTheForm: README's editor section names
// exactly the rendering options the form has no control for (format is a
// row of downloads; the compatibility options are no one's to offer).
func TestREADMENamesTheOptionsOffTheForm(t *testing.T) {
	b, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, para, found := strings.Cut(string(b), "The form has a control for every rendering option but")
	para, _, _ = strings.Cut(para, "\n\n")
	para, _, _ = strings.Cut(para, "`format` is the row of downloads")
	if !found {
		t.Fatal("README's editor section does not say which options the form leaves out")
	}
	var named, want []string
	for _, m := range regexp.MustCompile("`([a-z]+)`").FindAllStringSubmatch(para, -1) {
		named = append(named, m[1])
	}
	for _, o := range options.Rendering {
		if o.Control == "" && o.Compat == "" && o.Name != options.Format.Name {
			want = append(want, o.Name)
		}
	}
	slices.Sort(named)
	slices.Sort(want)
	if !slices.Equal(named, want) {
		t.Errorf("README names %v as off the form; the catalogue leaves off %v", named, want)
	}
}

// TestREADMEOptionsTableNamesEveryAlias: README's options table lists
// each option's aliases, which are part of the contract, as the
// catalogue declares them.
func TestREADMEOptionsTableNamesEveryAlias(t *testing.T) {
	b, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	// Rows of "| `name` | aliases | default | values |"; names are
	// case-insensitive, so an alias may be spelt as its API spells it.
	rows := map[string]string{}
	for _, line := range strings.Split(string(b), "\n") {
		cells := strings.Split(line, "|")
		if len(cells) < 5 || !strings.HasPrefix(strings.TrimSpace(cells[1]), "`") {
			continue
		}
		rows[strings.Trim(strings.TrimSpace(cells[1]), "`")] = strings.ToLower(strings.TrimSpace(cells[2]))
	}
	for _, o := range options.Rendering {
		cell, ok := rows[o.Name]
		if !ok {
			continue // documented in a section of its own (symbol, append, the chart API's)
		}
		var want []string
		for _, a := range o.Aliases {
			want = append(want, "`"+strings.ToLower(a)+"`")
		}
		if cell != strings.Join(want, ", ") {
			t.Errorf("README lists %s's aliases as %q; the catalogue: %s", o.Name, cell, strings.Join(want, ", "))
		}
	}
}
