// Package registry is the one place that knows what a payload kind is. Each
// kind declares itself in a single file under kinds/ and registers in init;
// routes, JSON Schemas, OpenAPI fragments, docs and pages are all derived
// from the registrations, so the registry never names a kind.
package registry

import (
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/qrforge/qrforge/internal/editdistance"
	"github.com/qrforge/qrforge/render"
)

// Standard names the published document a kind's payload follows.
type Standard struct {
	Name    string `json:"name"`              // e.g. "RFC 5870"
	Version string `json:"version,omitempty"` // e.g. "2010"
	Section string `json:"section,omitempty"` // e.g. "§3"
	URL     string `json:"url,omitempty"`
}

func (s Standard) String() string {
	out := s.Name
	if s.Version != "" {
		out += " " + s.Version
	}
	if s.Section != "" {
		out += " " + s.Section
	}
	return out
}

// Hints are rendering constraints a standard imposes, such as EPC069-12's
// fixed error-correction level M.
type Hints struct {
	// Level, when set, is the only error-correction level allowed.
	Level render.Level
	// MaxVersion, when set, is the largest symbol version allowed.
	MaxVersion int
	// Overlay, when set, is an emblem the standard requires over the
	// centre of the code; the server draws it on every rendering.
	Overlay render.Overlay
}

// Kind declares a payload kind whose fields are the struct F. F's exported
// string fields are the kind's fields: the `json` tag names the query
// parameter, `validate` holds go-playground/validator rules,
// `jsonschema_description` documents it and `jsonschema` adds schema
// keywords (enum, pattern), `title` is the field's label on a page
// ("Account holder"), and `space` says how white space around the value is
// read (space.go: trimmed unless "keep" or "exact"). `identity:"true"` marks a field that names a
// person, an account, an address, a network or a secret: such a field is
// never given a value the caller did not write (see identity.go).
type Kind[F any] struct {
	Name string
	// Title is what a person calls the kind ("Wi-Fi network"); pages
	// show it, and fall back to Name.
	Title    string
	Summary  string
	Standard Standard
	// Purpose groups the kind on the pages; Common lists it before the
	// other kinds of its purpose.
	Purpose Purpose
	Common  bool
	// Currency, for a kind with an amount but no currency field, is the
	// one currency its amounts are in: an ISO 4217 code (EUR for epc) or
	// a coin's ticker (BTC). A call naming another currency is refused
	// without a fix, as dropping it would ask for this one instead.
	Currency string
	// AlsoCalled are other words for the kind (sepa and girocode for epc,
	// btc for bitcoin): a call naming an unknown kind by one of them is
	// pointed at this one. They are not routes or accepted names.
	AlsoCalled []string
	// Examples are valid field sets; the first is the canonical example,
	// used for documentation. Examples never reach a fix.
	Examples []F
	// Check validates what tags cannot express (check digits, cross-field
	// rules) and may normalise fields in place. It runs after tag
	// validation succeeds.
	Check func(*F) []FieldError
	// Encode builds the exact payload string from validated fields. It is
	// pure: no I/O, no clock.
	Encode func(F) string
	// Parse, when set, recognises a payload of this kind and returns its
	// fields (used by decode). parse(encode(x)) must give x back. Its
	// fields carry every part of a payload it accepts.
	Parse func(payload string) (F, bool)
	// ParseNotKept, set instead of Parse for a kind whose parser accepts
	// payloads with parts its fields have no place for (a property, a
	// parameter), is Parse that also returns those parts as written:
	// decode names them, as the fields alone would build a different
	// code (docs/decode.md, "Naming the payload").
	ParseNotKept func(payload string) (fields F, notKept []string, ok bool)
	// Misread, when set, says why a payload written in the kind's form is
	// none that its parser reads (an EMV payload whose CRC does not
	// match), with ok false for a payload not in its form at all: such
	// data is warned of (Refused), as a scanner refuses it.
	Misread func(payload string) (problem FieldError, ok bool)
	// GS1, when set, reports whether the payload of valid fields is a
	// GS1 element string rather than text: the symbol then starts with
	// FNC1 in first position (ISO/IEC 18004:2015 §7.4.8.2).
	GS1 func(F) bool
	// Warn, when set, names what a valid payload may lose after the
	// reader, though its standard allows it (a character a bank may not
	// carry): the code is made as asked, and the warnings go with it.
	Warn func(F) []FieldError
	// Expires, when set, is when a valid payload stops being payable (a
	// BOLT #11 invoice's timestamp plus its expiry), false for one that
	// does not expire. It reads no clock: the service compares it with
	// the time of each request, as a cached image outlives the moment.
	Expires func(F) (Expiry, bool)
	// SplitWord, when set, reads a value given under a word the kind's
	// standard uses for several fields at once (the Key Uri Format's
	// label, issuer:account) as those fields. reads is false for a word
	// the kind reads as one field; fields is nil when the value has no
	// one reading. Field.AlsoCalled claims the word. Called with a field's
	// own name, it reads a value that holds that field and others, as a
	// place's latitude and longitude are copied together: Build then
	// refuses the field with a fix that writes each part under its field;
	// a value it gives whole to one other field (an address under the
	// name a standard gives it, where the kind's field of that name is
	// another) is refused with a fix that moves it there.
	SplitWord func(word, value string) (fields map[string]string, reads bool)
	Hints     Hints
}

// FieldError is a field that breaks a rule. Detail says what the standard
// requires; Fix, when not empty, is a valid replacement value made from the
// caller's own (Build drops any other on an identity field). Drop says the
// fix leaves the field out: it qualifies a value the caller did not give
// (a phone's TYPE without the phone), so it is written nowhere. An
// identity field is never dropped. FromLink says the fix is one whole path
// segment of the caller's own link, read out of it (a handle out of a
// link to a profile's videos): Build lets such a fix of an identity field
// through only when it is that. MoveTo names the empty field the caller's
// value belongs in (free text given as a structured payment reference):
// the fix moves it there unchanged. With holds other fields the fix sets,
// each empty before: a word that names a value and a multiple of it
// (fortnightly: weekly, every 2). Parts says Fix and With are the parts
// of the caller's value cut at its separators (SplitWord): Build lets it
// through an identity field only when they are.
type FieldError struct {
	Field    string
	Detail   string
	Fix      string
	Drop     bool
	FromLink bool
	MoveTo   string
	With     map[string]string
	Parts    bool
}

func (e FieldError) Error() string { return e.Field + ": " + e.Detail }

// Field documents one field of a kind.
type Field struct {
	Name string `json:"name"`
	// Title is the field's label for a person ("Account holder"); empty
	// when the declaration gives none.
	Title       string   `json:"title,omitempty"`
	Type        string   `json:"type"`
	Required    bool     `json:"required"`
	Description string   `json:"description"`
	Example     string   `json:"example,omitempty"`
	Enum        []string `json:"enum,omitempty"`
	Pattern     string   `json:"pattern,omitempty"`
	// Identity marks a field that names a person, an account, an
	// address, a network or a secret.
	Identity bool `json:"identity,omitempty"`
	// Stamp marks a time the service writes when the caller leaves it
	// empty: the moment the code is made, in UTC, as RFC 3339. The
	// payload, its ETag and every link to it then carry that time, so the
	// same request with the stamp gives the same bytes again.
	Stamp bool `json:"stamp,omitempty"`
	// AlsoCalled are the names other APIs and standards give the field
	// (tag also:"body,text" on sms's message, RFC 5724's body): an unknown
	// parameter of such a name is renamed to the field in a fix. They are
	// not accepted as the field. One that is qrforge's name for something
	// else (BIP21's label, the payee, is qrforge's caption) is refused in
	// the kind's calls, with that fix too, and is never written there for
	// the other thing (Unclaimed).
	AlsoCalled []string `json:"-"`
	// Meant maps words callers use for a listed value to the value (tag
	// meant:"twitter=x"): a fix offers the value; the word is refused. A
	// word mapped to nothing (meant:"biweekly=") has no fix, however close
	// it is to a value: it means another.
	Meant map[string]string `json:"-"`
	// Trimmed says white space around the value is dropped (no space
	// tag): a leading space carries nothing.
	Trimmed bool `json:"-"`
}

var (
	mu      sync.RWMutex
	entries = map[string]Entry{}
	// byName is entries sorted by name, made again after a change: every
	// generic request asks for all kinds (service's typed data warning).
	byName []Entry
	// reserved holds names no kind may take: they are generic endpoints
	// under /api/v1/.
	reserved = []string{"qr", "kinds", "decode", "verify", "batch", "mcp", "openapi", "errors", "q"}
	kindName = regexp.MustCompile(`^[a-z][a-z0-9-]{1,30}$`)
)

// Register adds a kind. It panics on a malformed declaration, which is a
// programming error caught by any test that imports kinds.
func Register[F any](k Kind[F]) {
	e, err := newEntry(k)
	if err != nil {
		panic("registry: kind " + k.Name + ": " + err.Error())
	}
	mu.Lock()
	defer mu.Unlock()
	if _, dup := entries[k.Name]; dup {
		panic("registry: kind " + k.Name + " registered twice")
	}
	entries[k.Name] = e
	byName = nil
}

// Unregister removes a kind; tests use it to clean up throwaway kinds.
func Unregister(name string) {
	mu.Lock()
	defer mu.Unlock()
	delete(entries, name)
	byName = nil
}

// All returns every registered kind sorted by name.
func All() []Entry {
	mu.RLock()
	sorted := byName
	mu.RUnlock()
	if sorted == nil {
		mu.Lock()
		if byName == nil {
			byName = make([]Entry, 0, len(entries))
			for _, e := range entries {
				byName = append(byName, e)
			}
			sort.Slice(byName, func(i, j int) bool { return byName[i].Name() < byName[j].Name() })
		}
		sorted = byName
		mu.Unlock()
	}
	return slices.Clone(sorted)
}

// Lookup finds a kind by name.
func Lookup(name string) (Entry, bool) {
	mu.RLock()
	defer mu.RUnlock()
	e, ok := entries[name]
	return e, ok
}

// Meant is the kind an unknown name most likely meant, and false when
// none is close: a kind's name mistyped, a word it is also called, or a
// kind whose name starts with the name (editdistance.Meant). A payment
// kind is never offered for a name merely a few letters away from it
// (iban is not tron). A name with words any kind's code is called by
// ("wifi network", "whatsapp chat") is the one kind the rest names
// (meantWithoutGenericWords).
func Meant(name string) (string, bool) {
	names, words := Names(), Words()
	if k, ok := editdistance.Meant(name, names, words); ok {
		return k, true
	}
	return meantWithoutGenericWords(name, names, words)
}

// Words maps each word a kind is also called to the kind's name.
func Words() map[string]string {
	words := map[string]string{}
	for _, e := range All() {
		for _, w := range e.AlsoCalled() {
			words[w] = e.Name()
		}
	}
	return words
}

// FieldWords maps the names other APIs give a kind's fields to the fields
// (Field.AlsoCalled).
func FieldWords(e Entry) map[string]string {
	words := map[string]string{}
	for _, f := range e.Fields() {
		for _, w := range f.AlsoCalled {
			words[w] = f.Name
		}
	}
	return words
}

// Unclaimed is the first of names that no field of e is called or also
// called (Field.AlsoCalled), or the first name when every one is: the name a
// parameter is written under in e's calls, so that a name e's standard
// gives a field (BIP21's label, bitcoin's recipient) never stands there
// for anything else.
func Unclaimed(e Entry, names ...string) string {
	words := FieldWords(e)
	for _, n := range names {
		if _, claimed := words[n]; !claimed && !e.HasField(n) {
			return n
		}
	}
	return names[0]
}

// Names lists the registered kind names, sorted.
func Names() []string {
	all := All()
	names := make([]string, len(all))
	for i, e := range all {
		names[i] = e.Name()
	}
	return names
}

func validateDeclaration(name string, fieldCount int, examples int) error {
	if !kindName.MatchString(name) {
		return fmt.Errorf("name must match %s", kindName)
	}
	if slices.Contains(reserved, name) {
		return fmt.Errorf("name %q is a generic endpoint", name)
	}
	if fieldCount == 0 {
		return fmt.Errorf("fields struct has no exported string fields with json tags")
	}
	if examples == 0 {
		return fmt.Errorf("at least one example is required")
	}
	return nil
}

// OperationID is the OpenAPI operationId of a kind's endpoint.
func OperationID(name string) string {
	return "generate_" + strings.ReplaceAll(name, "-", "_")
}

// fieldsOf lists F's fields from its struct tags.
func fieldsOf(t reflect.Type) ([]fieldInfo, error) {
	if t.Kind() != reflect.Struct {
		return nil, fmt.Errorf("fields type %s is not a struct", t)
	}
	var out []fieldInfo
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		if f.Type.Kind() != reflect.String {
			return nil, fmt.Errorf("field %s is %s; kind fields are strings (query parameters)", f.Name, f.Type)
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "" || name == "-" {
			return nil, fmt.Errorf("field %s has no json name", f.Name)
		}
		if key := repeatedTagKey(f.Tag); key != "" {
			return nil, fmt.Errorf("field %s gives the tag %s twice; only the first is read (reflect.StructTag.Get)", f.Name, key)
		}
		desc := f.Tag.Get("jsonschema_description")
		if desc == "" {
			return nil, fmt.Errorf("field %s has no jsonschema_description", f.Name)
		}
		rules := f.Tag.Get("validate")
		info := fieldInfo{index: i, Field: Field{
			Name:        name,
			Title:       f.Tag.Get("title"),
			Type:        "string",
			Required:    hasRule(rules, "required"),
			Description: desc,
		}}
		for tag, mark := range map[string]*bool{"identity": &info.Identity, "stamp": &info.Stamp} {
			switch f.Tag.Get(tag) {
			case "true":
				*mark = true
			case "", "false":
			default:
				return nil, fmt.Errorf("field %s: %s tag is \"true\" or \"false\"", f.Name, tag)
			}
		}
		var err error
		info.space, err = spaceRule(f.Name, f.Tag.Get("space"))
		info.Trimmed = info.space == spaceTrim
		if err != nil {
			return nil, err
		}
		if also := f.Tag.Get("also"); also != "" {
			info.AlsoCalled = strings.Split(also, ",")
		}
		for _, pair := range strings.Split(f.Tag.Get("meant"), ",") {
			if word, value, ok := strings.Cut(pair, "="); ok {
				if info.Meant == nil {
					info.Meant = map[string]string{}
				}
				info.Meant[word] = value
			}
		}
		info.Meant = addYesNoWords(rules, info.Meant)
		for _, kw := range strings.Split(f.Tag.Get("jsonschema"), ",") {
			if v, ok := strings.CutPrefix(kw, "enum="); ok {
				info.Enum = append(info.Enum, v)
			}
			if v, ok := strings.CutPrefix(kw, "pattern="); ok {
				info.Pattern = v
			}
		}
		if len(info.Enum) > 0 && strings.Contains(rules, "oneofci=") {
			info.Description += " " + AnyCase + ": `" + otherCase(info.Enum[0]) + "` is `" + info.Enum[0] + "`."
		}
		out = append(out, info)
	}
	return out, nil
}

// AnyCase is what a field's description says when the field is read
// without regard to case (the validator rule oneofci): its enum lists each
// value in its canonical case, and JSON Schema's enum compares strings
// exactly (JSON Schema 2020-12 Validation §6.1.2). The rendering options
// say the same (options.AnyCase).
const AnyCase = "Values are read in any case"

// otherCase is v in upper case, or in lower case when it is upper case.
func otherCase(v string) string {
	if up := strings.ToUpper(v); up != v {
		return up
	}
	return strings.ToLower(v)
}

type fieldInfo struct {
	Field
	index int
	space string // the space tag: spaceTrim, spaceKeep or spaceExact
}

func hasRule(rules, rule string) bool {
	for _, r := range strings.Split(rules, ",") {
		if r == rule {
			return true
		}
	}
	return false
}

// repeatedTagKey is a key given twice in a struct tag, or "": Get reads
// the first value only, so names in a second also would never be read.
func repeatedTagKey(tag reflect.StructTag) string {
	seen := map[string]bool{}
	for _, m := range tagKey.FindAllStringSubmatch(string(tag), -1) {
		if seen[m[1]] {
			return m[1]
		}
		seen[m[1]] = true
	}
	return ""
}

// tagKey matches a key:"value" pair of a struct tag (reflect.StructTag).
var tagKey = regexp.MustCompile(`([^\s:"]+):"(?:[^"\\]|\\.)*"`)
