package mcp

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"

	"github.com/qrforge/qrforge/internal/editdistance"
	"github.com/qrforge/qrforge/options"

	"github.com/qrforge/qrforge/registry"
	"github.com/qrforge/qrforge/service"
)

// target is what a call encodes: data, or a kind with its fields.
type target struct {
	data   string
	kind   registry.Entry
	fields map[string]string
}

// path is the generation endpoint of the target.
func (t *target) path() string {
	if t.kind != nil {
		return t.kind.Path()
	}
	return genericPath
}

// kindName is the target's kind, "" for data.
func (t *target) kindName() string {
	if t.kind != nil {
		return t.kind.Name()
	}
	return ""
}

// query starts the target's query string: data, or the kind's fields in
// declaration order, as the API writes its own example calls.
func (t *target) query() *query {
	q := &query{}
	if t.kind == nil {
		q.add("data", t.data)
		return q
	}
	for _, f := range t.kind.Fields() {
		if v, ok := t.fields[f.Name]; ok {
			q.add(f.Name, v)
		}
	}
	return q
}

// argError is an argument a tool cannot use, with the arguments that fix
// it. A fix carries only the caller's own values, mechanically corrected:
// when none can be made, noFix is set and example shows a documented call
// apart from it.
type argError struct {
	field  string
	detail string
	fix    map[string]any
	// change tells the fix in words, for a reply where fix is too long
	// to repeat (boundedFix).
	change  string
	noFix   bool
	example map[string]any
	// words is the fix told in words, for an error that no call made
	// from the caller's arguments mends (no image given anywhere): the
	// problem carries no fix_arguments to apply.
	words string
}

// unfixable is an argError that no correction of the caller's arguments
// can mend: a required value is missing or unusable.
func unfixable(field, detail string, example map[string]any) *argError {
	return &argError{field: field, detail: detail, noFix: true, example: example}
}

// kindArgument is the argument that names a kind, and legacyKindArgument
// the name it had before (still read, never advertised): on verify and in
// a batch body `type` names the kind, elsewhere in the API it is an alias
// of format.
const (
	kindArgument       = "kind"
	legacyKindArgument = "type"
)

// kindOf is the kind argument of a call and the name it was given under.
func kindOf(args map[string]any) (value any, name string, given bool) {
	if v, ok := args[kindArgument]; ok {
		return v, kindArgument, true
	}
	if v, ok := args[legacyKindArgument]; ok && !namesFormat(v) {
		return v, legacyKindArgument, true
	}
	return nil, kindArgument, false
}

// namesFormat reports a value of type that is a format, not a kind:
// type=svg is format's alias there, as in the API's query.
func namesFormat(v any) bool {
	s, ok := v.(string)
	if !ok {
		return false
	}
	if _, isKind := registry.Lookup(strings.ToLower(s)); isKind {
		return false
	}
	_, isFormat := options.FormatOfExtension(strings.ToLower(s))
	return isFormat || slices.Contains(options.Format.Enum, strings.ToLower(s))
}

// genericExample is a call's arguments that encode text of its own: the
// example of a problem whose data only the caller can give.
var genericExample = map[string]any{"data": options.Data.Example}

// readTarget reads data, or kind and fields, from a tool's arguments.
func readTarget(args map[string]any, allowData, allowTyped bool) (*target, *argError) {
	dataArg, hasData := args["data"]
	typeArg, typeName, hasType := kindOf(args)
	fieldsArg, hasFields := args["fields"]
	switch {
	case allowData && hasData && (hasType || hasFields):
		return nil, unfixable("data", "give either data or kind and fields, not both", genericExample)
	case allowData && hasData:
		s, ok := dataArg.(string)
		if list, isList := dataArg.([]any); isList && len(list) == 1 {
			// ["hello"], as a client that sends every value as a list
			// writes it, has one reading: that string.
			if one, isText := list[0].(string); isText && one != "" {
				fix := maps.Clone(args)
				fix["data"] = one
				return nil, &argError{field: "data", detail: "data is the text to encode, a string, not a list; the fix gives the one string it holds", fix: fix, change: "with data the string the list holds"}
			}
		}
		if !ok || s == "" {
			return nil, unfixable("data", "data is the text to encode, a non-empty string", genericExample)
		}
		return &target{data: s}, nil
	case !allowTyped && !hasData:
		return nil, unfixable("data", "data is required: the text to encode", genericExample)
	}

	name, _ := typeArg.(string)
	kind, ok := registry.Lookup(strings.ToLower(name))
	if !hasType || !ok {
		near := nearestKind(name)
		example := map[string]any{kindArgument: near.Name(), "fields": anyMap(near.Example())}
		if !hasType {
			detail := "kind is required: one of " + strings.Join(registry.Names(), ", ")
			if allowData {
				detail = "give data, or kind (one of " + strings.Join(registry.Names(), ", ") + ") and fields"
			}
			return nil, unfixable(kindArgument, detail, example)
		}
		detail := fmt.Sprintf("kind %q is not a payload kind; kinds are %s", truncate(name, maxNameBytes), strings.Join(registry.Names(), ", "))
		meant, ok := registry.Meant(name)
		if !ok {
			// No kind is plainly meant (iban is a few letters from tron):
			// no payment kind is offered, not even as an example; the
			// example is a text code.
			textExample := map[string]any{kindArgument: "text", "fields": map[string]any{"text": "Hello, world!"}}
			return nil, unfixable(typeName, detail+"; none is close to it", textExample)
		}
		// The kind meant (a typo, or a word for it: sepa is epc): the fix
		// names it and keeps the caller's fields as they are.
		fix := maps.Clone(args)
		delete(fix, legacyKindArgument)
		fix[kindArgument] = meant
		return nil, &argError{field: typeName, detail: detail + "; did you mean " + meant + "?", fix: fix, change: "with kind " + meant}
	}
	example := map[string]any{kindArgument: kind.Name(), "fields": anyMap(kind.Example())}
	raw, isObject := fieldsArg.(map[string]any)
	if hasFields && !isObject {
		return nil, unfixable("fields", "fields is an object of "+kind.Name()+"'s fields: "+fieldList(kind), example)
	}
	// Unknown fields first, before any other work: there may be many.
	if u := findUnknown(raw, kind.HasField); u.count > 0 {
		return nil, unknownFields(args, raw, u, kind)
	}
	t := &target{kind: kind, fields: map[string]string{}}
	for _, f := range kind.Fields() {
		v, given := raw[f.Name]
		if !given || v == nil {
			continue // null is a field not given, as in an HTTP body
		}
		s, ok := queryValue(v)
		if !ok {
			return nil, unfixable(f.Name, fmt.Sprintf("%s is a string, not %s", f.Name, jsonKind(v)), example)
		}
		t.fields[f.Name] = s
	}
	return t, nil
}

// unknownFields is the error for fields the kind does not have. A few
// are each renamed to the field it most likely meant (pasword →
// password), or dropped; more than maxNamed are no misspellings, and
// are all dropped. The caller's other fields are kept.
func unknownFields(args, raw map[string]any, u unknownNames, kind registry.Entry) *argError {
	if e := foreignCurrency(raw, kind); e != nil {
		return e
	}
	fields := map[string]any{}
	for _, f := range kind.Fields() {
		if v, given := raw[f.Name]; given {
			fields[f.Name] = v
		}
	}
	var notes []string
	moved := map[string]any{}
	if u.count <= maxNamed {
		for _, name := range u.first {
			if field, note, err := typeField(name, raw[name], fields, kind); err != nil {
				return err
			} else if field != "" {
				fields[field] = raw[name]
				notes = append(notes, note)
				continue
			}
			if s, isString := raw[name].(string); isString {
				if read, why, reads := service.PastedPayload(kind, name, s); reads {
					// A whole payload in the kind's form: what it holds
					// under the kind's fields, as on HTTP.
					if why != "" {
						return unfixable("fields."+truncate(name, maxNameBytes), fmt.Sprintf("%s has no field %q; %s; to draw it as it is, call qr_generate with data", kind.Name(), truncate(name, maxNameBytes), why), map[string]any{kindArgument: kind.Name(), "fields": anyMap(kind.Example())})
					}
					note, err := splitField(name, s, read, fields, kind)
					if err != nil {
						return err
					}
					notes = append(notes, note)
					continue
				}
			}
			// A rendering option among the fields goes beside them, where
			// options are read, unless given there already; format stays
			// out, as verify takes none. A name the kind's standard gives
			// a field (BIP21's label) names that field here.
			_, fieldWord := registry.FieldWords(kind)[strings.ToLower(name)]
			if o, ok := options.Named(strings.ToLower(name)); ok && !fieldWord && o.Name != options.Format.Name && !optionGiven(args, o.Name) {
				moved[name] = raw[name]
				notes = append(notes, fmt.Sprintf("%q (a rendering option: moved beside fields)", truncate(name, maxNameBytes)))
				continue
			}
			if s, isString := raw[name].(string); isString {
				if split, reads := kind.SplitWord(strings.ToLower(name), s); reads {
					// A word the kind's standard uses for several fields
					// (otpauth's label, issuer:account): each part under
					// its field, or no fix when it has no one reading.
					note, err := splitField(name, s, split, fields, kind)
					if err != nil {
						return err
					}
					notes = append(notes, note)
					continue
				}
			}
			near := nearestField(name, raw[name], kind)
			example := map[string]any{kindArgument: kind.Name(), "fields": anyMap(kind.Example())}
			shown := truncate(name, maxNameBytes)
			if near == "" && service.AmountWord(name) {
				// As on HTTP: dropped, the code would ask for any amount;
				// renamed, it would be read in a unit not named.
				return unfixable("fields", fmt.Sprintf("%s has no field %q, and an amount is not dropped or renamed for its spelling: dropped, the code would ask for any amount; renamed, it would be read in that field's unit and decimals. Give it under the kind's own amount field, as its description says; its fields are %s", kind.Name(), shown, fieldList(kind)), example)
			}
			if near == "" && service.IdentityWord(name) {
				// As on HTTP: dropped, the code would leave out the person,
				// account, address, network or secret given.
				return unfixable("fields", fmt.Sprintf("%s has no field %q, and a fix does not drop it: what it names (a person, an account, an address, a network or a secret) would be left out of the code. Give it under the field meant for it; its fields are %s", kind.Name(), shown, fieldList(kind)), example)
			}
			if theirs, taken := fields[near]; near != "" && taken {
				if v, _ := queryValue(raw[name]); v != fmt.Sprint(queryValueOr(theirs)) {
					// beneficiary beside name: which payee is meant only
					// the caller knows, as on HTTP.
					return unfixable("fields", fmt.Sprintf("%s has no field %q (did you mean %s? it is already given, as %q where %s says %q); give %s once, keeping the value you mean, as qrforge does not choose between them", kind.Name(), shown, near, truncate(fmt.Sprint(queryValueOr(theirs)), 64), shown, truncate(v, 64), near), example)
				}
			}
			if _, taken := fields[near]; near == "" || taken {
				notes = append(notes, fmt.Sprintf("%q (dropped)", shown))
				continue
			}
			fields[near] = raw[name]
			notes = append(notes, fmt.Sprintf("%q (did you mean %s?)", truncate(name, maxNameBytes), near))
		}
	} else {
		notes = append(notes, u.list()+" (all dropped)")
	}
	fix := maps.Clone(args)
	fix["fields"] = fields
	maps.Copy(fix, moved)
	return &argError{field: "fields", fix: fix, change: "with fields renamed, moved or dropped as the detail says",
		detail: fmt.Sprintf("%s has no field %s; its fields are %s. A field left unread would change the code without a word; the fix renames, moves or drops each", kind.Name(), strings.Join(notes, ", "), fieldList(kind))}
}

// splitField writes the parts of name's value, a word kind's standard
// uses for several fields (registry.Entry.SplitWord), into fields; a value
// with no one reading, or a part a field given contradicts, is an error
// without a fix, as which is meant only the caller knows.
func splitField(name, value string, split map[string]string, fields map[string]any, kind registry.Entry) (string, *argError) {
	shown := truncate(name, maxNameBytes)
	example := map[string]any{kindArgument: kind.Name(), "fields": anyMap(kind.Example())}
	if split == nil {
		return "", unfixable("fields."+shown, fmt.Sprintf("%s's %s, %q, is not one %s %s: give the fields it names (%s) yourself", kind.Name(), shown, truncate(value, 64), kind.Standard().Name, shown, fieldList(kind)), example)
	}
	var parts []string
	for _, field := range slices.Sorted(maps.Keys(split)) {
		if given, ok := fields[field]; ok && given != split[field] {
			return "", unfixable("fields."+shown, fmt.Sprintf("%s's %s gives %s %q, and fields.%s is %v: which one is meant only you can tell", kind.Name(), shown, field, split[field], field, given), example)
		}
		fields[field] = split[field]
		parts = append(parts, fmt.Sprintf("%s %q", field, split[field]))
	}
	return fmt.Sprintf("%q (as %s writes it: %s)", shown, kind.Standard().Name, strings.Join(parts, ", ")), nil
}

// foreignCurrency is the error, without a fix, of a field naming a
// currency the kind's amounts are not in (service.CurrencyClash), or nil.
func foreignCurrency(raw map[string]any, kind registry.Entry) *argError {
	first, detail := "", ""
	for name, v := range raw {
		value, _ := queryValue(v)
		if d, clash := service.CurrencyClash(kind, name, value); clash && !kind.HasField(name) && (first == "" || name < first) {
			first, detail = name, d
		}
	}
	if first == "" {
		return nil
	}
	return unfixable("fields", detail, map[string]any{kindArgument: kind.Name(), "fields": anyMap(kind.Example())})
}

// typeField reads fields.type naming one of kind's field values rather
// than a format (type "WEP" on wifi is its security), as the API reads
// type on the kind's calls (service.MeaningOfType): the field it renames
// to and the note saying so, or, when only the caller can tell which
// field it meant, the error without a fix. field is "" when type is not
// such a name.
func typeField(name string, value any, fields map[string]any, kind registry.Entry) (field, note string, err *argError) {
	s, isString := value.(string)
	if !strings.EqualFold(name, "type") || !isString {
		return "", "", nil
	}
	m := service.MeaningOfType(kind, s)
	example := map[string]any{kindArgument: kind.Name(), "fields": anyMap(kind.Example())}
	shown := truncate(s, maxNameBytes)
	switch _, taken := fields[firstOf(m.Fields)]; {
	case m.Format:
		return "", "", nil
	case len(m.Fields) == 1 && !taken:
		return m.Fields[0], fmt.Sprintf("\"type\" (did you mean %s=%q?)", m.Fields[0], shown), nil
	case len(m.Fields) > 0:
		return "", "", unfixable("fields", fmt.Sprintf("%s has no field \"type\"; %q is a value of %s (given already, or several): give it under the field you meant", kind.Name(), shown, strings.Join(m.Fields, ", ")), example)
	case m.Named != "":
		return "", "", unfixable("fields", fmt.Sprintf("%s has no field \"type\"; did you mean the field %s? Give it its value", kind.Name(), m.Named), example)
	}
	return "", "", unfixable("fields", fmt.Sprintf("%s has no field \"type\", and %q is no listed value of its fields: give it under the field you meant (the image format is the format argument); its fields are %s", kind.Name(), shown, fieldList(kind)), example)
}

// firstOf is the first of names, or "".
func firstOf(names []string) string {
	if len(names) == 0 {
		return ""
	}
	return names[0]
}

// optionGiven reports whether args give the rendering option called name,
// under any of its names.
func optionGiven(args map[string]any, name string) bool {
	for k := range args {
		if o, ok := options.Named(strings.ToLower(k)); ok && o.Name == name {
			return true
		}
	}
	return false
}

// nearestField is the kind's field an unknown name most likely meant: the
// field that name is another name of (body is sms's message), or the
// nearest.
func nearestField(name string, value any, kind registry.Entry) string {
	name = strings.ToLower(name)
	if field, ok := registry.FieldWords(kind)[name]; ok {
		return field
	}
	// The rules of HTTP's renames (service.NearName): never by spelling
	// alone into an amount or an identity field, or out of an amount.
	v, _ := queryValue(value)
	if near, _ := service.MeantParam(kind.Name(), name, v); near != "" && kind.HasField(near) {
		return near
	}
	return ""
}

// queryValueOr is v as a query value, or v itself when it is none.
func queryValueOr(v any) any {
	if s, ok := queryValue(v); ok {
		return s
	}
	return v
}

// readOptions appends the rendering options among args (any name the API
// accepts) to q, in documentation order. Arguments that are neither options
// nor in known are errors. Beside fields, a name kind's standard gives a
// field is the option: it is passed under the name kind's calls write it
// (service.OptionName), label as caption on bitcoin, whose calls read
// label as BIP21's payee.
func readOptions(q *query, opts *optionSet, kind registry.Entry, args map[string]any, known ...string) *argError {
	given := map[string][]string{} // canonical name → names used
	for _, name := range slices.Sorted(maps.Keys(args)) {
		if slices.Contains(known, name) {
			continue
		}
		o, ok := opts.lookup(name)
		if !ok {
			return &argError{field: truncate(name, maxNameBytes), detail: fmt.Sprintf("%q is not an argument; arguments are %s", truncate(name, maxNameBytes), strings.Join(argumentNames(opts, known...), ", "))}
		}
		given[o.name] = append(given[o.name], name)
	}
	for _, o := range opts.list {
		for _, name := range given[o.name] {
			if args[name] == nil {
				continue // null is an option not given, as in an HTTP body
			}
			v, ok := queryValue(args[name])
			listed := false
			if list, isList := args[name].([]any); !ok && isList && o.list {
				// The API refuses it with the items joined, so that the
				// fix keeps them and every other correction at once.
				if v, ok = options.JoinList(list); !ok {
					return unfixable(name, fmt.Sprintf("%s is one string of comma-separated values, not a list; a list is read joined with commas only when each item is a string without a comma of its own, so which values you meant is yours to say", name),
						map[string]any{options.Data.Name: options.Data.Example, o.name: o.example})
				}
				listed = true
			}
			if !ok {
				bad := &argError{field: name, detail: fmt.Sprintf("%s is %s, not %s", name, withArticles(o.typeName()), jsonKind(args[name]))}
				if hex, isRGB := rgbColour(o, args[name]); isRGB {
					bad.fix = maps.Clone(args)
					bad.fix[name] = hex
					bad.detail += fmt.Sprintf(": its red, green and blue are written %s", hex)
					bad.change = "with " + name + " " + hex
				}
				return bad
			}
			// Passed under the name the caller used: the API resolves
			// aliases and reports conflicting values itself. A name the
			// kind's calls read as a field (bitcoin's label, epc's
			// version) goes under the option's own.
			if kind != nil {
				if _, claimed := registry.FieldWords(kind)[strings.ToLower(name)]; claimed || kind.HasField(strings.ToLower(name)) {
					name = service.OptionName(kind.Name(), o.name)
				}
			}
			q.add(name, v)
			if listed {
				q.listed = append(q.listed, name)
			}
		}
	}
	return nil
}

// nearestKind is the registered kind whose name is closest to name.
func nearestKind(name string) registry.Entry {
	all := registry.All()
	best, bestDist := all[0], -1
	for _, k := range all {
		if d := editDistance(strings.ToLower(name), k.Name()); bestDist < 0 || d < bestDist {
			best, bestDist = k, d
		}
	}
	return best
}

func fieldList(k registry.Entry) string {
	names := make([]string, 0, len(k.Fields()))
	for _, f := range k.Fields() {
		names = append(names, f.Name)
	}
	return strings.Join(names, ", ")
}

func anyMap(m map[string]string) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// editDistance is the edit distance of two short names (editdistance.Distance).
func editDistance(a, b string) int { return editdistance.Distance(a, b) }

// rgbColour is the hex of a colour option's value given as its red, green
// and blue, [255,0,0] or {"r":255,"g":0,"b":0}: whole numbers from 0 to
// 255, the channels of CSS rgb() (CSS Color 4 §5.1), the one colour they
// name. A list option's items are colours of their own, and are not read.
func rgbColour(o option, v any) (string, bool) {
	if c, ok := options.Named(o.name); !ok || c.Control != "colour" || o.list {
		return "", false
	}
	var channels []any
	switch v := v.(type) {
	case []any:
		channels = v
	case map[string]any:
		if len(v) != 3 {
			return "", false
		}
		for _, k := range []string{"r", "g", "b"} {
			c, ok := v[k]
			if !ok {
				return "", false
			}
			channels = append(channels, c)
		}
	}
	if len(channels) != 3 {
		return "", false
	}
	var rgb [3]uint8
	for i, c := range channels {
		f, ok := c.(float64)
		if !ok || f < 0 || f > 255 || f != math.Trunc(f) {
			return "", false
		}
		rgb[i] = uint8(f)
	}
	return fmt.Sprintf("%02x%02x%02x", rgb[0], rgb[1], rgb[2]), true
}
