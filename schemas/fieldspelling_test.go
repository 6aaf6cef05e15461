package schemas_test

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	schemavalidator "github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/qrforge/qrforge/registry"
	"github.com/qrforge/qrforge/schemas"
)

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
		valid := compileKind(t, k)
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
				taken, validates := takes(k, example, f.Name, v), valid(fields)
				switch {
				case taken && !validates && !readInAnyCase(f, v):
					t.Errorf("%s %s=%q is taken by the kind and refused by %s.json", k.Name(), f.Name, v, k.Name())
				case !taken && validates && takes(k, example, f.Name, canonical(f, v)):
					t.Errorf("%s %s=%q is refused by the kind and valid under %s.json", k.Name(), f.Name, v, k.Name())
				}
			}
		}
	}
	if tried < 300 {
		t.Errorf("tried %d values; the kinds' enums and patterns have more", tried)
	}
}

// takes reports whether k takes value for field in the example's fields;
// a value refused beside the others (a QR-IBAN takes only a QR reference)
// is refused in every case.
func takes(k registry.Entry, example map[string]string, field, value string) bool {
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

// compileKind compiles the kind's schema file, and returns whether a
// kind's fields validate against it.
func compileKind(t *testing.T, k registry.Entry) func(map[string]string) bool {
	t.Helper()
	doc, err := schemavalidator.UnmarshalJSON(bytes.NewReader(schemas.Kind(k)))
	if err != nil {
		t.Fatal(err)
	}
	c := schemavalidator.NewCompiler()
	url := schemas.BaseID + k.Name() + ".json"
	if err := c.AddResource(url, doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile(url)
	if err != nil {
		t.Fatalf("%s.json does not compile: %v", k.Name(), err)
	}
	return func(fields map[string]string) bool {
		inst := map[string]any{}
		for name, v := range fields {
			inst[name] = v
		}
		return sch.Validate(inst) == nil
	}
}
