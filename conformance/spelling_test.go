package conformance

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/dlclark/regexp2"
	schemavalidator "github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/qrforge/qrforge/internal/jsonref"
	"github.com/qrforge/qrforge/options"
	"github.com/qrforge/qrforge/registry"
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
	svc := service.New(service.Config{BaseURL: docBase})
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
		return !problemNames(p, o.Name)
	}

	openapi := map[string]map[string]any{}
	for _, p := range readOpenAPI(t, openAPIBytes(t, describedHandler())).Paths["/api/v1/qr"]["get"].Parameters {
		openapi[p.Name] = p.Schema
	}
	style := styleProperties(t)
	engines := map[string]schemavalidator.RegexpEngine{"Go": nil, "ECMA-262": ecmaRegexp}
	tried := 0
	for _, o := range options.Rendering {
		if o.Pattern == "" && (len(o.Enum) == 0 || o.Type != "string") {
			continue
		}
		published := map[string]any{"OpenAPI": openapi[o.Name]}
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
			b, err := json.Marshal(schema)
			if err != nil {
				t.Fatal(err)
			}
			if b, err = jsonref.Inline(b); err != nil {
				t.Fatal(err)
			}
			for engine, re := range engines {
				sch := compileSchema(t, fmt.Sprintf("%s %s", where, o.Name), schemas.BaseID+"option.json", b, re)
				for _, v := range values {
					tried++
					accepted, validates := takes(o, v), sch.Validate(v) == nil
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

// problemNames reports whether a problem is about the option name.
func problemNames(p *service.Problem, name string) bool {
	if p == nil {
		return false
	}
	if p.Field == name {
		return true
	}
	return slices.ContainsFunc(p.Errors, func(e service.FieldProblem) bool { return e.Field == name })
}

// styleProperties are the options of batch.json's style object by name.
func styleProperties(t *testing.T) map[string]map[string]any {
	t.Helper()
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

// TestKindSchemasTakeWhatTheKindsTake gives every kind's fields with an
// enum or a pattern their values in other cases, in the kind's own
// examples, and checks each call against the kind's schema file as a
// JSON Schema 2020-12 validator reads it: a value the kind takes
// validates, or differs from an enum value only in case and the field's
// description says values are read in any case; a value the kind refuses
// does not validate.
func TestKindSchemasTakeWhatTheKindsTake(t *testing.T) {
	tried := 0
	for _, k := range registry.All() {
		sch := compileSchema(t, k.Name()+".json", schemas.BaseID+k.Name()+".json", schemas.Kind(k), nil)
		valid := func(fields map[string]string) bool {
			inst := map[string]any{}
			for name, v := range fields {
				inst[name] = v
			}
			return sch.Validate(inst) == nil
		}
		for _, f := range k.Fields() {
			if len(f.Enum) == 0 && f.Pattern == "" {
				continue
			}
			example := k.Example()
			for _, ex := range k.Examples() {
				if ex[f.Name] != "" {
					example = ex
					break
				}
			}
			var values []string
			for _, v := range append(slices.Clone(f.Enum), example[f.Name]) {
				if v != "" {
					values = append(values, v, strings.ToUpper(v), strings.ToLower(v))
				}
			}
			for _, v := range values {
				tried++
				fields := map[string]string{}
				for name, value := range example {
					fields[name] = value
				}
				fields[f.Name] = v
				taken, validates := kindTakes(k, example, f.Name, v), valid(fields)
				switch {
				case taken && !validates && !readInAnyCase(f, v):
					t.Errorf("%s %s=%q is taken by the kind and refused by %s.json", k.Name(), f.Name, v, k.Name())
				case !taken && validates && kindTakes(k, example, f.Name, canonical(f, v)):
					t.Errorf("%s %s=%q is refused by the kind and valid under %s.json", k.Name(), f.Name, v, k.Name())
				}
			}
		}
	}
	if tried < 300 {
		t.Errorf("tried %d values; the kinds' enums and patterns have more", tried)
	}
}

// kindTakes reports whether k takes value for field in the example's
// fields; a value refused beside the others (a QR-IBAN takes only a QR
// reference) is refused in every case.
func kindTakes(k registry.Entry, example map[string]string, field, value string) bool {
	fields := map[string]string{}
	for name, v := range example {
		fields[name] = v
	}
	fields[field] = value
	_, errs := k.Build(fields)
	return !slices.ContainsFunc(errs, func(e registry.FieldError) bool { return e.Field == field })
}

// canonical is the enum value v spells in another case, or v.
func canonical(f registry.Field, v string) string {
	for _, e := range f.Enum {
		if strings.EqualFold(e, v) {
			return e
		}
	}
	return v
}

// readInAnyCase reports whether v differs from one of f's enum values in
// case only and f's description says values are read in any case.
func readInAnyCase(f registry.Field, v string) bool {
	return strings.Contains(f.Description, registry.AnyCase) && slices.ContainsFunc(f.Enum, func(e string) bool { return strings.EqualFold(e, v) })
}

// compileSchema compiles a published schema, JSON published at url, as
// JSON Schema 2020-12 with the regular expression engine re (nil: Go's).
func compileSchema(t *testing.T, name, url string, schema []byte, re schemavalidator.RegexpEngine) *schemavalidator.Schema {
	t.Helper()
	doc, err := schemavalidator.UnmarshalJSON(bytes.NewReader(schema))
	if err != nil {
		t.Fatal(err)
	}
	c := schemavalidator.NewCompiler()
	c.DefaultDraft(schemavalidator.Draft2020)
	if re != nil {
		c.UseRegexpEngine(re)
	}
	if err := c.AddResource(url, doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile(url)
	if err != nil {
		t.Fatalf("%s: the published schema does not compile: %v", name, err)
	}
	return sch
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
