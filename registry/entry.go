package registry

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/invopop/jsonschema"
)

// Entry is a registered kind with its generic parts erased, as the rest of
// qrforge sees it.
type Entry interface {
	Name() string
	Path() string // "/api/v1/<name>"
	OperationID() string
	Summary() string
	// Title is what a person calls the kind; the name when none is
	// declared.
	Title() string
	Purpose() Purpose
	// AlsoCalled are other words for the kind, pointed at it when a call
	// names an unknown kind by one of them.
	AlsoCalled() []string
	// SplitWord reads a value given under a word the kind's standard
	// uses for several of its fields (Kind.SplitWord): reads is false
	// when the kind reads the word as one field; fields is nil when the
	// value has no one reading.
	SplitWord(word, value string) (fields map[string]string, reads bool)
	Common() bool
	// Currency is the one currency the kind's amounts are in, when it
	// has no currency field; "" otherwise.
	Currency() string
	Standard() Standard
	Fields() []Field
	Hints() Hints
	// Example is the canonical example's field values (empty ones left out).
	Example() map[string]string
	// Examples are all declared examples.
	Examples() []map[string]string
	// Build validates field values and encodes the payload. Values are
	// keyed by field name; names the kind does not have are ignored.
	Build(values map[string]string) (string, []FieldError)
	// Recognise parses a payload back into field values, when the kind
	// registered a parser.
	Recognise(payload string) (map[string]string, bool)
	// Read is Recognise that also returns the parts of the payload the
	// fields do not carry, as written (Kind.ParseNotKept).
	Read(payload string) (fields map[string]string, notKept []string, ok bool)
	// Misread says why a payload in the kind's form is none its parser
	// reads (Kind.Misread); false when it is not in the form, or is read.
	Misread(payload string) (FieldError, bool)
	// Warnings are the kind's warnings (Kind.Warn) on values that Build
	// accepts; none for values it refuses.
	Warnings(values map[string]string) []FieldError
	// Expiry is when a payload of values that Build accepts stops being
	// payable (Kind.Expires); false when it does not expire.
	Expiry(values map[string]string) (Expiry, bool)
	// GS1 reports whether the payload Build makes of these values is a
	// GS1 element string, to be marked with FNC1 in first position.
	GS1(values map[string]string) bool
	// Schema is the JSON Schema (draft 2020-12) of the fields object.
	Schema() *jsonschema.Schema
	// HasField reports whether the kind has a field of that name.
	HasField(name string) bool
	// IsIdentity reports whether a field names a person, an account, an
	// address, a network or a secret: no fix ever invents its value.
	IsIdentity(name string) bool
}

type entry[F any] struct {
	kind   Kind[F]
	fields []fieldInfo
	schema *jsonschema.Schema
}

func newEntry[F any](k Kind[F]) (*entry[F], error) {
	var zero F
	fields, err := fieldsOf(reflect.TypeOf(zero))
	if err != nil {
		return nil, err
	}
	if err := validateDeclaration(k.Name, len(fields), len(k.Examples)); err != nil {
		return nil, err
	}
	if k.Encode == nil {
		return nil, fmt.Errorf("no encoder")
	}
	if k.Parse != nil && k.ParseNotKept != nil {
		return nil, fmt.Errorf("both Parse and ParseNotKept: set one")
	}
	e := &entry[F]{kind: k, fields: fields}
	for i, ex := range k.Examples {
		if _, errs := e.build(ex); len(errs) > 0 {
			return nil, fmt.Errorf("example %d is invalid: %v", i, errs)
		}
	}
	ex := e.Example()
	for i := range e.fields {
		e.fields[i].Example = ex[e.fields[i].Name]
	}
	e.schema = e.makeSchema()
	return e, nil
}

func (e *entry[F]) Name() string         { return e.kind.Name }
func (e *entry[F]) Path() string         { return "/api/v1/" + e.kind.Name }
func (e *entry[F]) OperationID() string  { return OperationID(e.kind.Name) }
func (e *entry[F]) Summary() string      { return e.kind.Summary }
func (e *entry[F]) Standard() Standard   { return e.kind.Standard }
func (e *entry[F]) Purpose() Purpose     { return e.kind.Purpose }
func (e *entry[F]) Common() bool         { return e.kind.Common }
func (e *entry[F]) AlsoCalled() []string { return e.kind.AlsoCalled }

func (e *entry[F]) SplitWord(word, value string) (map[string]string, bool) {
	if e.kind.SplitWord == nil {
		return nil, false
	}
	return e.kind.SplitWord(word, value)
}
func (e *entry[F]) Currency() string { return e.kind.Currency }

func (e *entry[F]) Title() string {
	if e.kind.Title != "" {
		return e.kind.Title
	}
	return e.kind.Name
}
func (e *entry[F]) Hints() Hints { return e.kind.Hints }
func (e *entry[F]) Schema() *jsonschema.Schema {
	return e.schema
}

func (e *entry[F]) Fields() []Field {
	out := make([]Field, len(e.fields))
	for i, f := range e.fields {
		out[i] = f.Field
	}
	return out
}

func (e *entry[F]) Example() map[string]string { return e.toMap(e.kind.Examples[0]) }

func (e *entry[F]) Examples() []map[string]string {
	out := make([]map[string]string, len(e.kind.Examples))
	for i, ex := range e.kind.Examples {
		out[i] = e.toMap(ex)
	}
	return out
}

func (e *entry[F]) toMap(f F) map[string]string {
	v := reflect.ValueOf(f)
	m := map[string]string{}
	for _, fi := range e.fields {
		if s := v.Field(fi.index).String(); s != "" {
			m[fi.Name] = s
		}
	}
	return m
}

func (e *entry[F]) fromMap(values map[string]string) F {
	var f F
	v := reflect.ValueOf(&f).Elem()
	for _, fi := range e.fields {
		v.Field(fi.index).SetString(values[fi.Name])
	}
	return f
}

func (e *entry[F]) Build(values map[string]string) (string, []FieldError) {
	return e.build(e.fromMap(values))
}

func (e *entry[F]) build(f F) (string, []FieldError) {
	if errs := e.refuseNonUTF8(f); len(errs) > 0 {
		return "", errs
	}
	e.normaliseSpace(&f)
	given := f
	if errs := e.splitFields(f); len(errs) > 0 {
		return "", e.guardIdentity(given, errs)
	}
	if errs := e.validateTags(&f); len(errs) > 0 {
		return "", e.guardIdentity(given, errs)
	}
	if e.kind.Check != nil {
		if errs := e.kind.Check(&f); len(errs) > 0 {
			return "", e.guardIdentity(given, errs)
		}
	}
	payload := e.kind.Encode(f)
	if errs := e.checkCapacity(given, payload); len(errs) > 0 {
		return "", e.guardIdentity(given, errs)
	}
	return payload, nil
}

func (e *entry[F]) Warnings(values map[string]string) []FieldError {
	if e.kind.Warn == nil {
		return nil
	}
	f, ok := e.built(values)
	if !ok {
		return nil
	}
	return e.kind.Warn(f)
}

// built is values as Build checks and normalises them, false when Build
// would refuse them.
func (e *entry[F]) built(values map[string]string) (F, bool) {
	f := e.fromMap(values)
	if len(e.refuseNonUTF8(f)) > 0 {
		return f, false
	}
	e.normaliseSpace(&f)
	if len(e.validateTags(&f)) > 0 || e.kind.Check != nil && len(e.kind.Check(&f)) > 0 {
		return f, false
	}
	return f, true
}

func (e *entry[F]) Expiry(values map[string]string) (Expiry, bool) {
	if e.kind.Expires == nil {
		return Expiry{}, false
	}
	f, ok := e.built(values)
	if !ok {
		return Expiry{}, false
	}
	return e.kind.Expires(f)
}

func (e *entry[F]) canExpire() bool { return e.kind.Expires != nil }

func (e *entry[F]) GS1(values map[string]string) bool {
	if e.kind.GS1 == nil {
		return false
	}
	f := e.fromMap(values)
	e.normaliseSpace(&f)
	return e.kind.GS1(f)
}

func (e *entry[F]) Recognise(payload string) (map[string]string, bool) {
	fields, _, ok := e.Read(payload)
	return fields, ok
}

func (e *entry[F]) Misread(payload string) (FieldError, bool) {
	if e.kind.Misread == nil {
		return FieldError{}, false
	}
	return e.kind.Misread(payload)
}

func (e *entry[F]) Read(payload string) (map[string]string, []string, bool) {
	var f F
	var notKept []string
	ok := false
	switch {
	case e.kind.ParseNotKept != nil:
		f, notKept, ok = e.kind.ParseNotKept(payload)
	case e.kind.Parse != nil:
		f, ok = e.kind.Parse(payload)
	}
	if !ok {
		return nil, nil, false
	}
	return e.toMap(f), notKept, true
}

// makeSchema reflects F with invopop/jsonschema and completes it from the
// validator tags (required) and the examples.
func (e *entry[F]) makeSchema() *jsonschema.Schema {
	r := jsonschema.Reflector{DoNotReference: true, ExpandedStruct: true, AllowAdditionalProperties: false}
	var zero F
	s := r.Reflect(zero)
	s.ID = jsonschema.ID("https://qrforge.dev/schemas/" + e.kind.Name + ".json")
	s.Title = e.kind.Name
	s.Description = e.kind.Summary + " (" + e.kind.Standard.String() + ")"
	s.Required = nil
	for _, f := range e.fields {
		if f.Required {
			s.Required = append(s.Required, f.Name)
		}
		if p, ok := s.Properties.Get(f.Name); ok && f.Identity {
			// Tells a client (or an agent) that this value must come
			// from the user, never from an example.
			if p.Extras == nil {
				p.Extras = map[string]any{}
			}
			p.Extras["x-identity"] = true
		}
		if p, ok := s.Properties.Get(f.Name); ok && f.Example != "" {
			p.Examples = []any{f.Example}
		}
		if p, ok := s.Properties.Get(f.Name); ok {
			// The description as the field declares it, with what the
			// registry adds (AnyCase).
			p.Description = f.Description
		}
	}
	for _, ex := range e.Examples() {
		s.Examples = append(s.Examples, ex)
	}
	return s
}

// describeRule turns a failed validator tag into what the field must be.
func describeRule(field, tag, param string) string {
	switch tag {
	case "required":
		return field + " is required"
	case "max":
		return fmt.Sprintf("%s is at most %s characters", field, param)
	case "min":
		return fmt.Sprintf("%s is at least %s characters", field, param)
	case "len":
		return fmt.Sprintf("%s is exactly %s characters", field, param)
	case "oneof", "oneofci":
		return fmt.Sprintf("%s is one of %s", field, strings.ReplaceAll(param, " ", ", "))
	case "email":
		return field + " is an e-mail address (name@example.com)"
	case "url", "http_url":
		return field + " is an absolute http(s) URL (https://example.com/page)"
	case "numeric", "number":
		return field + " is a number"
	case "latitude":
		return field + " is a latitude in decimal degrees, -90 to 90"
	case "longitude":
		return field + " is a longitude in decimal degrees, -180 to 180"
	case "e164":
		return field + " is an international phone number in E.164 form (+ and up to 15 digits)"
	case "alphanum":
		return field + " has only letters and digits"
	case "boolean":
		return field + " is true or false"
	case "datetime":
		return fmt.Sprintf("%s is a date-time in the layout %s", field, param)
	case "excluded_with", "excluded_unless", "excluded_if":
		return fmt.Sprintf("%s cannot be combined with %s", field, param)
	case "required_with", "required_if", "required_unless", "required_without":
		return fmt.Sprintf("%s is required with %s", field, param)
	}
	if param != "" {
		return fmt.Sprintf("%s fails the rule %s=%s", field, tag, param)
	}
	return fmt.Sprintf("%s fails the rule %s", field, tag)
}

// HasField reports whether the kind has a field of that name.
func (e *entry[F]) HasField(name string) bool { return e.field(name) != nil }
