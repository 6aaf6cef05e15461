package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/dlclark/regexp2"
	schemavalidator "github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/qrforge/qrforge/internal/jsonref"
	"github.com/qrforge/qrforge/options"
	"github.com/qrforge/qrforge/schemas"
	"github.com/qrforge/qrforge/service"
)

// spellings are values of the options with a pattern or an enum as
// callers write them: other cases, other APIs' words. The enum's own
// values are tried in every case besides these; the words each option
// means another value by (Option.Meant) are tried as refused.
var spellings = map[string][]string{
	options.Size.Name: {"512", "512px", "512PX", "512Px", "300x300", "300X300", "30mm", "30MM", "3cm", "3CM", "3Cm", "1.2in", "1.5IN", "0.5In",
		"512pt", "1e3", ".5in", "30.mm", "512x", "x512", "512.5", "-512", "30 furlongs", "30mmm", "px"},
	options.Append.Name:    {"auto", "AUTO", "Auto", "2", "16", "automatic", "two", "2.5", "-3"},
	options.Format.Name:    {"jpg", "JPG", "ps", "svgtiny", "svg_tiny", "tiny", "datauri", "data-uri", "epsf", "postscript", "PostScript", "bitmap"},
	options.Eye.Name:       {"circle", "Circle", "diamond"},
	options.EyeFrame.Name:  {"circle", "diamond"},
	options.EyeBall.Name:   {"circle"},
	options.Tpl.Name:       {"scanme", "ScanMe"},
	options.LogoPlate.Name: {"round", "ROUND"},
	options.ECI.Name:       {"utf-8", "UTF-8", "latin1"},
	options.Choe.Name:      {"utf8", "Shift_JIS"},
	options.EC.Name:        {"LM", "X"},
}

// TestPublishedSchemasTakeWhatTheParserTakes drives the parser with every
// spelling of every option that has a pattern or an enum, and checks each
// against the option's schema as the OpenAPI document and batch.json
// publish it, compiled by a JSON Schema 2020-12 validator with Go's
// regular expressions and with ECMA-262's (JSON Schema 2020-12 §6.4, the
// flavour ajv and browsers use). A value the parser takes validates, or
// it differs from an enum value only in case, or it is another spelling
// the description names; a value the parser refuses does not validate.
// Ranges and a size's squareness are the parser's: a pattern gives the
// form, as the integer's minimum and maximum give the range.
func TestPublishedSchemasTakeWhatTheParserTakes(t *testing.T) {
	svc := service.New(service.Config{BaseURL: "http://qr.test"})
	needs := map[string]url.Values{
		options.Gradient.Name:     {options.GradientColors.Name: {options.GradientColors.Example}},
		options.AppendLayout.Name: {options.Append.Name: {"auto"}},
		options.Font.Name:         {options.Label.Name: {"Menu"}},
		options.LogoPlate.Name:    {options.Logo.Name: {"wifi"}, options.LogoBg.Name: {"ffffff"}},
		// Micro QR Codes hold too little for the data below.
		options.Symbol.Name: {options.Data.Name: {"12345"}},
	}
	takes := func(o options.Option, v string) bool {
		params := url.Values{options.Data.Name: {"https://example.com"}, o.Name: {v}}
		for k, vs := range needs[o.Name] {
			params[k] = vs
		}
		// gradient=none beside gradientcolors is refused for the pair.
		if o.Name == options.Gradient.Name && strings.EqualFold(v, "none") {
			params.Del(options.GradientColors.Name)
		}
		p := svc.Check(context.Background(), service.Request{Params: params})
		return !names(p, o.Name)
	}

	openapi := openAPIOptions(t, fetchPage(t, New(Config{BaseURL: "http://qr.test"}), "/api/openapi.json"))
	style := styleProperties(t)
	engines := map[string]schemavalidator.RegexpEngine{"Go": nil, "ECMA-262": ecmaRegexp}
	tried := 0
	for _, o := range options.Rendering {
		if o.Pattern == "" && (len(o.Enum) == 0 || o.Type != "string") {
			continue
		}
		published := map[string]any{"OpenAPI": openapi[o.Name].Schema}
		if o.Compat == "" {
			published["batch.json"] = style[o.Name]
		}
		values := append([]string(nil), spellings[o.Name]...)
		for _, v := range o.Enum {
			values = append(values, v, strings.ToUpper(v), strings.ToLower(v), strings.ToUpper(v[:1])+strings.ToLower(v[1:]))
		}
		for word := range o.Meant {
			values = append(values, word)
		}
		for where, schema := range published {
			for engine, re := range engines {
				valid := compileSchema(t, fmt.Sprintf("%s %s", where, o.Name), schema, re)
				for _, v := range values {
					tried++
					accepted, validates := takes(o, v), valid(v)
					switch {
					case accepted && !validates && !spelledInDoc(o, v):
						t.Errorf("%s=%q is taken by the parser and refused by the %s schema (%s regular expressions), whose description does not name it", o.Name, v, where, engine)
					case !accepted && validates:
						t.Errorf("%s=%q is refused by the parser and valid under the %s schema (%s regular expressions)", o.Name, v, where, engine)
					}
				}
			}
		}
	}
	if tried < 1000 {
		t.Errorf("tried %d spellings; the options with a pattern or an enum have more", tried)
	}
}

// spelledInDoc reports whether the option's published description says
// that v is read: v differs from an enum value in case only and the
// description says values are read in any case, or the description names
// v (`jpg`, or jpg as a word).
func spelledInDoc(o options.Option, v string) bool {
	doc := o.Doc()
	for _, e := range o.Enum {
		if strings.EqualFold(e, v) && strings.Contains(doc, options.AnyCase) {
			return true
		}
	}
	return regexp.MustCompile(`(^|[^\w-])` + regexp.QuoteMeta(strings.ToLower(v)) + `($|[^\w-])`).MatchString(strings.ToLower(doc))
}

// compileSchema compiles a published schema, as JSON, with the regular
// expression engine re (nil: Go's), and returns whether a string value
// validates against it.
func compileSchema(t *testing.T, name string, schema any, re schemavalidator.RegexpEngine) func(string) bool {
	t.Helper()
	b, err := json.Marshal(schema)
	if err != nil {
		t.Fatal(err)
	}
	b, err = jsonref.Inline(b)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := schemavalidator.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	c := schemavalidator.NewCompiler()
	c.DefaultDraft(schemavalidator.Draft2020)
	if re != nil {
		c.UseRegexpEngine(re)
	}
	if err := c.AddResource(schemas.BaseID+"option.json", doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile(schemas.BaseID + "option.json")
	if err != nil {
		t.Fatalf("%s: the published schema does not compile: %v", name, err)
	}
	return func(v string) bool { return sch.Validate(v) == nil }
}

// ecmaRegexp compiles a pattern as ECMA-262 reads it (JSON Schema 2020-12
// §6.4), with regexp2's ECMAScript mode.
func ecmaRegexp(s string) (schemavalidator.Regexp, error) {
	re, err := regexp2.Compile(s, regexp2.ECMAScript)
	if err != nil {
		return nil, err
	}
	return ecmaPattern{re}, nil
}

type ecmaPattern struct{ re *regexp2.Regexp }

func (p ecmaPattern) MatchString(s string) bool {
	ok, err := p.re.MatchString(s)
	return err == nil && ok
}

func (p ecmaPattern) String() string { return p.re.String() }
