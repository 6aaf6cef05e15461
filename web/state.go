package web

import (
	"fmt"
	"github.com/qrforge/qrforge/internal/text"
	"maps"
	"net/url"
	"slices"
	"strings"

	"github.com/qrforge/qrforge/registry"
)

// tool is one editor: the generic one at / or a kind's at /<kind>.
type tool struct {
	Name     string // the kind's name; "" for the generic editor
	Path     string // the page's path
	APIPath  string // the endpoint that renders the page's state
	Title    string // what a person calls it: "Wi-Fi network"
	Summary  string
	Standard registry.Standard
	Purpose  registry.Purpose
	Common   bool
	// Level is the error-correction level the kind's standard requires,
	// or "" when the level is free.
	Level   string
	fields  []field
	example state
	// apiNames maps an option's API name to the name this tool's API
	// calls write it under, where they differ: the kind's standard gives
	// the API name to a field (bitcoin's label, BIP21's payee, writes the
	// caption as caption).
	apiNames map[string]string
}

// apiName is the name the tool's API calls write option name under.
func (t *tool) apiName(name string) string {
	if n, ok := t.apiNames[name]; ok {
		return n
	}
	return name
}

// optionKey is the key option name's value has in a state: its name, or,
// where a field of the tool has that name (epc's version), the name the
// API call writes the option under (qrversion), so that the two keep
// their own values.
func (t *tool) optionKey(name string) string {
	if slices.ContainsFunc(t.fields, func(f field) bool { return f.Name == name }) {
		return t.apiName(name)
	}
	return name
}

// field is one input of a tool: a kind's field, or the generic text.
type field struct {
	Name     string // the API's name
	Param    string // the page's name
	Title    string // the label: "Account holder"
	Required bool
	// Identity marks a field that names a person, an account, an address,
	// a network or a secret: no link the page writes holds an example's
	// value for it.
	Identity    bool
	Description string
	Example     string
	Enum        []string
	Multiline   bool
	names       []string // names read from a page URL, lower case
}

// state is what a page shows, keyed by API name. Empty values are absent.
type state map[string]string

// genericExample is the text the generic editor opens with.
const genericExample = "https://example.com"

func newGenericTool(cfg Config) *tool {
	data := field{
		Name:        cfg.Data.Name,
		Param:       cfg.Data.Name,
		Title:       "Text or web address",
		Required:    true,
		Description: "Any text: a web address, a message, a code. It is encoded as given, in UTF-8.",
		Example:     genericExample,
		Multiline:   true,
		names:       lowerNames(cfg.Data.Name, cfg.Data.Aliases...),
	}
	return &tool{
		Path:    "/",
		APIPath: cfg.GenericPath,
		Title:   "QR code generator",
		Summary: "Text or a web address, as a QR code you can style, download or link to.",
		fields:  []field{data},
		example: state{data.Name: genericExample},
	}
}

func newKindTool(cfg Config, k registry.Entry) *tool {
	t := &tool{
		Name:     k.Name(),
		Path:     "/" + k.Name(),
		APIPath:  k.Path(),
		Title:    k.Title(),
		Summary:  k.Summary(),
		Standard: k.Standard(),
		Purpose:  k.Purpose(),
		Common:   k.Common(),
		example:  state(k.Example()),
	}
	if level := k.Hints().Level; level != 0 {
		t.Level = level.String()
	}
	for _, o := range cfg.Options {
		if n := registry.Unclaimed(k, append([]string{o.Name}, o.Aliases...)...); n != o.Name {
			if t.apiNames == nil {
				t.apiNames = map[string]string{}
			}
			t.apiNames[o.Name] = n
		}
	}
	for _, f := range k.Fields() {
		param := f.Name
		if short, ok := shortNames[f.Name]; ok && !k.HasField(short) {
			param = short
		}
		t.fields = append(t.fields, field{
			Name:        f.Name,
			Param:       param,
			Title:       fieldTitle(f),
			Required:    f.Required,
			Identity:    f.Identity,
			Description: f.Description,
			Example:     f.Example,
			Enum:        f.Enum,
			Multiline:   multiline(f),
			names:       lowerNames(param, f.Name),
		})
	}
	return t
}

// fieldTitle is a field's label: its declared title, or else its name
// written as words ("anonymous_identity": "Anonymous identity").
func fieldTitle(f registry.Field) string {
	if f.Title != "" {
		return f.Title
	}
	words := strings.ReplaceAll(f.Name, "_", " ")
	return strings.ToUpper(words[:1]) + words[1:]
}

// multiline reports whether a field holds running text, which gets a text
// area: its description says line breaks are kept, or its name says it is a
// message.
func multiline(f registry.Field) bool {
	switch f.Name {
	case "text", "message", "body", "note", "description":
		return true
	}
	return strings.Contains(strings.ToLower(f.Description), "line break")
}

// paramName is the name the tool's pages write option o under: the API
// call's, where the kind's standard gives the option's own name to a
// field (bitcoin's label is BIP21's payee, so the caption is caption).
func (t *tool) paramName(o Option) string {
	if n, ok := t.apiNames[o.Name]; ok {
		return n
	}
	return paramName(o)
}

// optionNames are the names the tool's page URLs may give option o
// under: optionNames, but for those the kind's standard gives a field,
// which the API refuses for the option (with a fix that names the field)
// and the page leaves unread, saying so.
func (t *tool) optionNames(o Option) []string {
	names := lowerNames(t.paramName(o), optionNames(o)...)
	if _, claimed := t.apiNames[o.Name]; claimed {
		if k, ok := registry.Lookup(t.Name); ok {
			words := registry.FieldWords(k)
			names = slices.DeleteFunc(names, func(n string) bool { _, taken := words[n]; return taken || k.HasField(n) })
		}
	}
	return names
}

// paramName is the name a page writes an option under.
func paramName(o Option) string {
	if short, ok := shortNames[o.Name]; ok {
		return short
	}
	return o.Name
}

// optionNames are the names a page URL may give an option under: its page
// name, its API name and the API's aliases, so that an API call's query
// string opens the same code in the editor.
func optionNames(o Option) []string {
	return lowerNames(paramName(o), append([]string{o.Name}, o.Aliases...)...)
}

func lowerNames(first string, more ...string) []string {
	var out []string
	for _, n := range append([]string{first}, more...) {
		n = strings.ToLower(n)
		if !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out
}

// read takes a page's state from its query string. Parameter names are
// matched without case, as the API matches them. submitted reports a query
// that names a control but leaves it empty, as a form sent without
// JavaScript does.
func (t *tool) read(q url.Values, opts []Option) (st state, submitted bool) {
	lower := make(map[string][]string, len(q))
	for k, vs := range q {
		lk := strings.ToLower(k)
		lower[lk] = append(lower[lk], vs...)
	}
	st = state{}
	take := func(name string, names []string) {
		for _, n := range names {
			vs, ok := lower[n]
			if !ok || len(vs) == 0 {
				continue
			}
			if vs[0] == "" {
				submitted = true
				continue
			}
			st[name] = vs[0]
			return
		}
	}
	for _, f := range t.fields {
		take(f.Name, f.names)
	}
	for _, o := range opts {
		key := t.optionKey(o.Name)
		take(key, t.optionNames(o))
		if v, ok := o.ValueAliases[strings.ToLower(st[key])]; ok {
			st[key] = v
		}
	}
	return st, submitted
}

// keepLineBreaks gives each field of st a form sent without JavaScript
// changed only in its line breaks (a text area sends CRLF) the value the
// page was opened with, which the form carries as _was.<name>.
func (t *tool) keepLineBreaks(st state, q url.Values) {
	lf := strings.NewReplacer("\r\n", "\n", "\r", "\n")
	for _, f := range t.fields {
		raw, err := url.PathUnescape(q.Get("_was." + f.Param))
		if err == nil && raw != "" && lf.Replace(raw) == lf.Replace(st[f.Name]) {
			st[f.Name] = raw
		}
	}
}

// conflicts are the problems of fields and options q gives different
// values under their names (data=a&text=b, ssid twice), as the API
// words them; a listed value in two cases is one value.
func (t *tool) conflicts(q url.Values, opts []Option) []Problem {
	lower := make(map[string][]string, len(q))
	for k, vs := range q {
		lk := strings.ToLower(k)
		lower[lk] = append(lower[lk], vs...)
	}
	var out []Problem
	check := func(name string, names []string, listed bool) {
		var first string
		for _, n := range names {
			for _, v := range lower[n] {
				switch {
				case v == "":
				case first == "":
					first = v
				case v != first && !(listed && strings.EqualFold(v, first)):
					out = append(out, Problem{Field: name, Detail: fmt.Sprintf("%s is given twice with different values (%q and %q); give it once, keeping the value you mean, as qrforge does not choose between them", name, text.Truncate(first, 64), text.Truncate(v, 64))})
					return
				}
			}
		}
	}
	for _, f := range t.fields {
		check(f.Name, f.names, len(f.Enum) > 0)
	}
	for _, o := range opts {
		check(o.Name, t.optionNames(o), len(o.Values) > 0)
	}
	return out
}

// unread lists the parameters of q the page does not read, under their
// names as given, in order of name: neither a field nor an option it
// edits. Names starting with '_' are cache busters, which the API ignores
// too.
func (t *tool) unread(q url.Values, opts []Option) []pair {
	var out []pair
	seen := map[string]bool{}
	for _, name := range slices.Sorted(maps.Keys(q)) {
		lower := strings.ToLower(name)
		if strings.HasPrefix(name, "_") || seen[lower] || t.reads(lower, opts) {
			continue
		}
		seen[lower] = true
		value := ""
		if vs := q[name]; len(vs) > 0 {
			value = vs[0]
		}
		out = append(out, pair{name, value})
	}
	return out
}

// reads reports whether the page reads a parameter of its link named
// name, in lower case.
func (t *tool) reads(name string, opts []Option) bool {
	for _, f := range t.fields {
		if slices.Contains(f.names, name) {
			return true
		}
	}
	for _, o := range opts {
		if slices.Contains(t.optionNames(o), name) {
			return true
		}
	}
	return false
}

// fieldsOf is the part of st the person typed into the tool's fields.
func (t *tool) fieldsOf(st state) state {
	out := state{}
	for _, f := range t.fields {
		if v := st[f.Name]; v != "" {
			out[f.Name] = v
		}
	}
	return out
}

// withoutFields is st without what the person typed into the fields: its
// options.
func (t *tool) withoutFields(st state) state {
	out := state{}
	for k, v := range st {
		out[k] = v
	}
	for _, f := range t.fields {
		delete(out, f.Name)
	}
	return out
}

// withExample is st's options over the tool's example fields: what the
// preview of a page nobody has typed in draws.
func (t *tool) withExample(st state) state {
	out := state{}
	for k, v := range st {
		out[k] = v
	}
	for _, f := range t.fields {
		out[f.Name] = t.example[f.Name]
	}
	return out
}

// examplePath is where the page's example image is served. It is a page's
// path, not the API's, so that no link holds an example's account or
// network as though it were the person's.
func (t *tool) examplePath() string {
	return strings.TrimSuffix(t.Path, "/") + "/example.svg"
}

// pair is one query parameter; queries keep the editor's order.
type pair struct{ name, value string }

// pairs lists a state's parameters in the editor's order: fields, then
// options, leaving out options at their default. page selects the page's
// names instead of the API's.
func (t *tool) pairs(st state, opts []Option, page bool) []pair {
	var out []pair
	for _, f := range t.fields {
		if v := st[f.Name]; v != "" {
			name := f.Name
			if page {
				name = f.Param
			}
			out = append(out, pair{name, v})
		}
	}
	for _, o := range opts {
		v := st[t.optionKey(o.Name)]
		if v == "" || isDefault(o, v) || (o.Level && t.Level != "") {
			continue
		}
		name := t.apiName(o.Name)
		if page {
			name = t.paramName(o)
		}
		out = append(out, pair{name, v})
	}
	return out
}

// isDefault reports whether v is the option's default value, ignoring case
// and a colour's leading '#'.
func isDefault(o Option, v string) bool {
	norm := func(s string) string { return strings.TrimPrefix(strings.ToLower(strings.TrimSpace(s)), "#") }
	return norm(v) == norm(o.Default)
}

func encodePairs(ps []pair) string {
	var b strings.Builder
	for i, p := range ps {
		if i > 0 {
			b.WriteByte('&')
		}
		b.WriteString(url.QueryEscape(p.name))
		b.WriteByte('=')
		b.WriteString(url.QueryEscape(p.value))
	}
	return b.String()
}

func withQuery(path string, ps []pair) string {
	if len(ps) == 0 {
		return path
	}
	return path + "?" + encodePairs(ps)
}

// pageURL is the page's own link to st, with the page's names.
func (t *tool) pageURL(st state, opts []Option) string {
	return withQuery(t.Path, t.pairs(st, opts, true))
}

// apiURL is the API call that renders st, with extra parameters appended.
func (t *tool) apiURL(st state, opts []Option, extra ...pair) string {
	return withQuery(t.APIPath, append(t.pairs(st, opts, false), extra...))
}

// apiValues is st as the API reads it, for Check.
func (t *tool) apiValues(st state, opts []Option) url.Values {
	v := url.Values{}
	for _, p := range t.pairs(st, opts, false) {
		v.Set(p.name, p.value)
	}
	return v
}
