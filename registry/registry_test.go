package registry_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/qrforge/qrforge/registry"
	"github.com/qrforge/qrforge/render"
)

// greeting is a throwaway kind: one required field, an enum, a pattern and
// an identity field.
type greeting struct {
	Name  string `json:"name" validate:"required,max=20" identity:"true" jsonschema_description:"Who is greeted." title:"Guest's name"`
	Tone  string `json:"tone" validate:"omitempty,oneof=warm cool" jsonschema:"enum=warm,enum=cool" jsonschema_description:"How."`
	Code  string `json:"code" validate:"omitempty,len=2" jsonschema:"pattern=^[A-Z]{2}$" jsonschema_description:"A country."`
	other string
}

func greetingKind(name string) registry.Kind[greeting] {
	return registry.Kind[greeting]{
		Name:     name,
		Summary:  "Greets someone",
		Standard: registry.Standard{Name: "RFC 0000", Section: "§1"},
		Examples: []greeting{{Name: "Ada", Tone: "warm"}},
		Check: func(g *greeting) []registry.FieldError {
			if strings.ContainsRune(g.Name, '!') {
				return []registry.FieldError{{Field: "name", Detail: "no '!'", Fix: strings.ReplaceAll(g.Name, "!", "")}}
			}
			if strings.Contains(g.Name, "  ") {
				return []registry.FieldError{{Field: "name", Detail: "one space between words", Fix: strings.Join(strings.Fields(g.Name), " ")}}
			}
			g.Code = strings.ToUpper(g.Code)
			return nil
		},
		Encode: func(g greeting) string { return "HELLO:" + g.Name + ";" + g.Tone + ";" + g.Code },
	}
}

func register(t *testing.T, name string) registry.Entry {
	t.Helper()
	registry.Register(greetingKind(name))
	t.Cleanup(func() { registry.Unregister(name) })
	e, ok := registry.Lookup(name)
	if !ok {
		t.Fatalf("%s is not found after registering", name)
	}
	return e
}

// mustPanic fails unless registering k panics: a malformed declaration is
// a programming error.
func mustPanic[F any](t *testing.T, why string, k registry.Kind[F]) {
	t.Helper()
	defer func() {
		if recover() == nil {
			t.Errorf("%s was accepted", why)
		}
		registry.Unregister(k.Name)
	}()
	registry.Register(k)
}

func TestDeclarationRules(t *testing.T) {
	ok := greetingKind("greet-rules")
	withName := func(n string) registry.Kind[greeting] { k := ok; k.Name = n; return k }
	mustPanic(t, "an upper-case name", withName("Greet"))
	mustPanic(t, "a one-letter name", withName("g"))
	mustPanic(t, "a reserved name", withName("batch"))
	noExamples := ok
	noExamples.Examples = nil
	mustPanic(t, "no examples", noExamples)
	noEncoder := ok
	noEncoder.Encode = nil
	mustPanic(t, "no encoder", noEncoder)
	badExample := ok
	badExample.Examples = []greeting{{Tone: "warm"}}
	mustPanic(t, "an example that fails validation", badExample)

	type number struct {
		N int `json:"n" jsonschema_description:"A number."`
	}
	mustPanic(t, "a field that is not a string", registry.Kind[number]{Name: "greet-int", Examples: []number{{1}}, Encode: func(number) string { return "" }})
	type untagged struct {
		S string `jsonschema_description:"S."`
	}
	mustPanic(t, "a field without a json name", registry.Kind[untagged]{Name: "greet-untagged", Examples: []untagged{{"a"}}, Encode: func(untagged) string { return "" }})
	type undocumented struct {
		S string `json:"s"`
	}
	mustPanic(t, "a field without a description", registry.Kind[undocumented]{Name: "greet-undoc", Examples: []undocumented{{"a"}}, Encode: func(undocumented) string { return "" }})
}

func TestDuplicateNamePanics(t *testing.T) {
	register(t, "greet-dup")
	defer func() {
		if recover() == nil {
			t.Error("a second kind named greet-dup was accepted")
		}
	}()
	registry.Register(greetingKind("greet-dup"))
}

func TestFieldsFromTags(t *testing.T) {
	e := register(t, "greet-fields")
	fields := e.Fields()
	if len(fields) != 3 {
		t.Fatalf("%d fields, want 3 (unexported ones left out): %+v", len(fields), fields)
	}
	name, tone, code := fields[0], fields[1], fields[2]
	if name.Name != "name" || name.Title != "Guest's name" || !name.Required || !name.Identity || name.Example != "Ada" {
		t.Errorf("name: %+v", name)
	}
	if tone.Title != "" || tone.Required || tone.Identity || !slices.Equal(tone.Enum, []string{"warm", "cool"}) {
		t.Errorf("tone: %+v", tone)
	}
	if code.Pattern != "^[A-Z]{2}$" {
		t.Errorf("code pattern %q", code.Pattern)
	}
	if !e.IsIdentity("name") || e.IsIdentity("tone") || e.HasField("other") || !e.HasField("code") {
		t.Error("IsIdentity or HasField disagree with the tags")
	}
	if e.Path() != "/api/v1/greet-fields" || e.OperationID() != "generate_greet_fields" {
		t.Errorf("path %s, operation %s", e.Path(), e.OperationID())
	}
	// Undeclared, a kind is titled by its name and has no purpose.
	if e.Title() != "greet-fields" || e.Purpose() != registry.OtherPurpose || e.Common() {
		t.Errorf("title %q, purpose %v, common %v", e.Title(), e.Purpose(), e.Common())
	}
}

// TestPurposes: every purpose has a heading and is listed once, the
// undeclared one last.
func TestPurposes(t *testing.T) {
	all := registry.Purposes()
	seen := map[string]bool{}
	for _, p := range all {
		if p.String() == "" || seen[p.String()] {
			t.Errorf("purpose %d: heading %q empty or repeated", p, p.String())
		}
		seen[p.String()] = true
	}
	if all[0] != registry.LinksAndText || all[len(all)-1] != registry.OtherPurpose || len(all) != int(registry.Apps)+1 {
		t.Errorf("purposes in the wrong order: %v", all)
	}
}

func TestSchemaFromTags(t *testing.T) {
	b, err := json.Marshal(register(t, "greet-schema").Schema())
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		Required   []string `json:"required"`
		Properties map[string]struct {
			Enum       []string `json:"enum"`
			Pattern    string   `json:"pattern"`
			MaxLength  int      `json:"maxLength"`
			Identity   bool     `json:"x-identity"`
			Descripton string   `json:"description"`
		} `json:"properties"`
		AdditionalProperties *bool `json:"additionalProperties"`
	}
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(s.Required, []string{"name"}) {
		t.Errorf("required %v", s.Required)
	}
	p := s.Properties
	if !p["name"].Identity || p["tone"].Identity || p["name"].Descripton != "Who is greeted." {
		t.Errorf("name or tone: %s", b)
	}
	if !slices.Equal(p["tone"].Enum, []string{"warm", "cool"}) || p["code"].Pattern != "^[A-Z]{2}$" {
		t.Errorf("enum or pattern: %s", b)
	}
	if s.AdditionalProperties == nil || *s.AdditionalProperties {
		t.Errorf("the schema admits unknown fields: %s", b)
	}
}

func TestBuild(t *testing.T) {
	e := register(t, "greet-build")
	got, errs := e.Build(map[string]string{"name": "Bo", "code": "de"})
	if len(errs) > 0 || got != "HELLO:Bo;;DE" {
		t.Errorf("Build: %q %v; Check's normalisation should reach Encode", got, errs)
	}
	_, errs = e.Build(map[string]string{"tone": "warn"})
	fields := map[string]registry.FieldError{}
	for _, fe := range errs {
		fields[fe.Field] = fe
	}
	if n, ok := fields["name"]; !ok || n.Fix != "" {
		t.Errorf("a missing identity field: %+v (no fix may invent it)", n)
	}
	if tone := fields["tone"]; tone.Fix != "warm" {
		t.Errorf("tone %q: fix %q, want the nearest option warm", "warn", tone.Fix)
	}
	_, errs = e.Build(map[string]string{"name": "Bo  Lee"})
	if len(errs) != 1 || errs[0].Fix != "Bo Lee" {
		t.Errorf("Check's mechanical fix of an identity field: %+v", errs)
	}
	// Bo! and Bo are two names: the fix that drops the '!' is withheld.
	_, errs = e.Build(map[string]string{"name": "Bo!"})
	if len(errs) != 1 || errs[0].Fix != "" {
		t.Errorf("Check's fix dropping a character of an identity field: %+v", errs)
	}
}

// Build refuses a value that is not UTF-8 in any field, before the
// kind's rules, and without a fix: the text it stood for is unknown.
func TestBuildRefusesBytesThatAreNotUTF8(t *testing.T) {
	e := register(t, "greet-utf8")
	for _, field := range []string{"name", "tone", "code"} {
		values := map[string]string{"name": "Ada", field: "caf\xe9"}
		_, errs := e.Build(values)
		if len(errs) != 1 || errs[0].Field != field || errs[0].Fix != "" || !strings.Contains(errs[0].Detail, "0xE9 at offset 3") {
			t.Errorf("%s=caf\\xe9: %+v, want one error on %s naming the byte, without a fix", field, errs, field)
		}
	}
}

func TestLookupAllNames(t *testing.T) {
	register(t, "greet-b")
	register(t, "greet-a")
	names := registry.Names()
	if !slices.IsSorted(names) || !slices.Contains(names, "greet-a") || !slices.Contains(names, "greet-b") {
		t.Errorf("Names %v", names)
	}
	registry.Unregister("greet-a")
	if _, ok := registry.Lookup("greet-a"); ok {
		t.Error("greet-a is found after Unregister")
	}
}

// Hints.MaxVersion caps the payload: version 1 at level M holds 14 bytes
// (ISO/IEC 18004 Table 7), so 14 lower-case letters pass and 15 are
// refused, naming the field and the bytes it must lose, without a fix:
// the text cut to fit would be another text.
func TestMaxVersionIsEnforced(t *testing.T) {
	type note struct {
		Text string `json:"text" validate:"required" jsonschema_description:"Text."`
	}
	registry.Register(registry.Kind[note]{
		Name: "tiny-note", Summary: "x", Standard: registry.Standard{Name: "Tiny"},
		Examples: []note{{Text: "hi"}}, Encode: func(n note) string { return n.Text },
		Hints: registry.Hints{Level: render.LevelM, MaxVersion: 1},
	})
	t.Cleanup(func() { registry.Unregister("tiny-note") })
	k, _ := registry.Lookup("tiny-note")
	if _, errs := k.Build(map[string]string{"text": strings.Repeat("a", 14)}); len(errs) > 0 {
		t.Errorf("14 bytes refused: %v", errs)
	}
	_, errs := k.Build(map[string]string{"text": strings.Repeat("a", 15)})
	if len(errs) != 1 || errs[0].Field != "text" || errs[0].Fix != "" || !strings.Contains(errs[0].Detail, "version 1") || !strings.Contains(errs[0].Detail, "by at least 1 byte;") {
		t.Errorf("15 bytes: %+v", errs)
	}
}

// Unclaimed skips the names a kind's fields are also called: a payee that
// the kind's standard calls label leaves caption to write a caption.
func TestUnclaimed(t *testing.T) {
	type payment struct {
		Payee string `json:"payee" also:"label" jsonschema_description:"Who is paid."`
	}
	registry.Register(registry.Kind[payment]{Name: "pay-label", Summary: "x", Examples: []payment{{Payee: "Ada"}}, Encode: func(p payment) string { return p.Payee }})
	defer registry.Unregister("pay-label")
	k, _ := registry.Lookup("pay-label")
	greet := register(t, "greet-unclaimed")
	for _, c := range []struct {
		k    registry.Entry
		want string
	}{{k, "caption"}, {greet, "label"}} {
		if got := registry.Unclaimed(c.k, "label", "caption"); got != c.want {
			t.Errorf("%s: Unclaimed(label, caption) = %q, want %q", c.k.Name(), got, c.want)
		}
	}
	if got := registry.Unclaimed(k, "label"); got != "label" {
		t.Errorf("with every name claimed: %q, want the first", got)
	}
}

// TestSpace checks the space tag: a field is trimmed, white space alone is
// not given (a required field is then missing), "keep" keeps what
// surrounds free text, and "exact" keeps every byte.
func TestSpace(t *testing.T) {
	type spaced struct {
		Name string `json:"name" validate:"required" jsonschema_description:"A name."`
		Note string `json:"note" space:"keep" jsonschema_description:"Free text."`
		SSID string `json:"ssid" space:"exact" jsonschema_description:"A network."`
		Form string `json:"form" validate:"omitempty,oneof=a b" jsonschema_description:"A form."`
	}
	k := registry.Kind[spaced]{
		Name: "greet-space", Summary: "Spaces", Standard: registry.Standard{Name: "RFC 0000"},
		Examples: []spaced{{Name: "Ada"}},
		Encode:   func(s spaced) string { return s.Name + "|" + s.Note + "|" + s.SSID },
		GS1:      func(s spaced) bool { return s.Form == "b" },
	}
	registry.Register(k)
	t.Cleanup(func() { registry.Unregister(k.Name) })
	e, _ := registry.Lookup(k.Name)
	for _, c := range []struct {
		values map[string]string
		want   string
	}{
		{map[string]string{"name": " Ada\t"}, "Ada||"},
		{map[string]string{"name": "Ada", "note": " \n "}, "Ada||"},
		{map[string]string{"name": "Ada", "note": " two  words \n"}, "Ada| two  words \n|"},
		{map[string]string{"name": "Ada", "ssid": " "}, "Ada|| "},
		{map[string]string{"name": "Ada", "ssid": "Home "}, "Ada||Home "},
		{map[string]string{"name": "Ada", "form": " b "}, "Ada||"},
	} {
		if got, errs := e.Build(c.values); got != c.want || len(errs) > 0 {
			t.Errorf("%q: %q %v, want %q", c.values, got, errs, c.want)
		}
	}
	if _, errs := e.Build(map[string]string{"name": " \u00a0 "}); len(errs) != 1 || errs[0].Field != "name" || !strings.Contains(errs[0].Detail, "required") {
		t.Errorf("a required name of white space alone: %+v, want name is required", errs)
	}
	// A control character other than tab and line breaks is no white
	// space here: it is left for the kind to refuse.
	if got, _ := e.Build(map[string]string{"name": "Ada", "note": "\v"}); got != "Ada|\v|" {
		t.Errorf("a vertical tab: %q, want it kept for the kind's check", got)
	}
	if !e.GS1(map[string]string{"name": "Ada", "form": " b"}) {
		t.Error("GS1 reads form before trimming it; Build trims it")
	}
	type badSpace struct {
		S string `json:"s" space:"trim" jsonschema_description:"S."`
	}
	mustPanic(t, "an unknown space rule", registry.Kind[badSpace]{Name: "greet-badspace", Examples: []badSpace{{"x"}}, Encode: func(badSpace) string { return "" }})
}

// TestParseNotKept: a kind's parser that names the parts of a payload its
// fields do not carry hands them to Read, after its fields; a kind may
// declare one parser, not both.
func TestParseNotKept(t *testing.T) {
	k := greetingKind("greet-notkept")
	k.ParseNotKept = func(p string) (greeting, []string, bool) {
		name, extra, _ := strings.Cut(strings.TrimPrefix(p, "HELLO:"), "|")
		return greeting{Name: name}, []string{extra}, true
	}
	registry.Register(k)
	t.Cleanup(func() { registry.Unregister(k.Name) })
	e, _ := registry.Lookup(k.Name)
	fields, notKept, ok := e.Read("HELLO:Ada|wave")
	if !ok || fields["name"] != "Ada" || len(notKept) != 1 || notKept[0] != "wave" {
		t.Errorf("Read: %v %q %v, want Ada and [wave]", fields, notKept, ok)
	}
	if f, ok := e.Recognise("HELLO:Ada|wave"); !ok || f["name"] != "Ada" {
		t.Errorf("Recognise: %v %v, want Ada", f, ok)
	}
	both := greetingKind("greet-both")
	both.ParseNotKept = k.ParseNotKept
	both.Parse = func(p string) (greeting, bool) { return greeting{}, false }
	mustPanic(t, "both Parse and ParseNotKept", both)
}
