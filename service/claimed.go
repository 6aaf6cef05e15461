package service

import (
	"fmt"
	"maps"
	"net/url"
	"slices"
	"strings"

	"github.com/qrforge/qrforge/options"
	"github.com/qrforge/qrforge/registry"
)

// OptionName is the name the rendering option whose canonical name is
// name is written under in a call of kind: that name, or, where the
// kind's standard gives it to one of its fields, the option's first alias
// the standard does not (label is the caption, but BIP21's label is
// bitcoin's recipient: a bitcoin call writes the caption as caption).
// kind "" is the generic endpoint; any other name is returned as it is.
// Fixes and links are written so, and so are MCP's corrected arguments.
func OptionName(kind, name string) string {
	k, isKind := registry.Lookup(kind)
	o, isOption := options.Named(name)
	if !isKind || !isOption || o.Name != name {
		return name
	}
	return registry.Unclaimed(k, append([]string{o.Name}, o.Aliases...)...)
}

// claimedOptions refuses the rendering options given under a name k's
// standard gives one of its fields (Field.AlsoCalled): on bitcoin, label
// is BIP21's name for the payee, which the kind calls recipient, and
// qrforge's name for the caption, so a caller meaning one would get the
// other, the payee's name left out of the payload without a word. The fix
// renames it to the field; when the field is given too, only the caller
// knows which was meant, and there is no fix.
func claimedOptions(k registry.Entry, q query) []paramError {
	words := registry.FieldWords(k)
	var errs []paramError
	for _, word := range slices.Sorted(maps.Keys(words)) {
		o, isOption := options.Named(word)
		if !isOption || len(q[word]) == 0 {
			continue
		}
		field := words[word]
		detail := fmt.Sprintf("%s is what %s calls %s's %s (%s); in qrforge, %s is a rendering option (%s) that never reaches the payload, and on %s it is written %s",
			word, k.Standard().Name, k.Name(), field, fieldTitle(k, field), word, optionGist(o), k.Name(), OptionName(k.Name(), o.Name))
		if split, reads := k.SplitWord(word, q[word][0]); reads {
			errs = append(errs, splitWordErrors(k, word, split, q, detail)...)
			continue
		}
		e := paramError{field: word}
		if v := q[field]; len(v) > 0 && v[0] != "" {
			e.unfixable = true
			e.detail = detail + fmt.Sprintf(". %s is given too, so whether %s meant it or the option only you can tell: write %s for the option, or leave %s out", field, word, OptionName(k.Name(), o.Name), word)
		} else {
			e.rename, e.fixed = field, q[word][0]
			e.detail = detail + fmt.Sprintf(". The fix renames %s to %s", word, field)
		}
		errs = append(errs, e)
	}
	return errs
}

// splitWordErrors refuse a word k's standard uses for several fields
// (otpauth's label, issuer:account): the fix writes each part under its
// field, value kept. A value with no one reading, or a part that a field
// given too contradicts, has no fix: which is meant only the caller knows.
func splitWordErrors(k registry.Entry, word string, split map[string]string, q query, detail string) []paramError {
	if split == nil {
		return []paramError{{field: word, unfixable: true, detail: detail + fmt.Sprintf(". %q is not one %s label (%s): write the fields %s yourself", q[word][0], k.Standard().Name, k.Name(), strings.Join(slices.Sorted(maps.Keys(registry.FieldWords(k))), ", "))}}
	}
	fields := slices.Sorted(maps.Keys(split))
	var errs []paramError
	for _, field := range fields {
		if v := q[field]; len(v) > 0 && v[0] != "" && v[0] != split[field] {
			return []paramError{{field: word, unfixable: true, detail: detail + fmt.Sprintf(". Its %s, %q, is not the %s given, %q: which one is meant only you can tell", field, split[field], field, v[0])}}
		}
		errs = append(errs, paramError{field: word, rename: field, fixed: split[field],
			detail: detail + fmt.Sprintf(". The fix writes its %s, %q, as %s", field, split[field], field)})
	}
	return errs
}

// unclaimed is q without the option names k's standard gives its fields
// (bitcoin's label, EPC's version, the field itself): there they do not name the option, so they neither
// set it nor conflict with its other names; claimedOptions refuses them.
func unclaimed(k registry.Entry, q query) query {
	words := registry.FieldWords(k)
	out := make(query, len(q))
	for name, vs := range q {
		if _, claimed := words[name]; (claimed || k.HasField(name)) && isOptionName(name) {
			continue
		}
		out[name] = vs
	}
	return out
}

// fieldTitle is what a person calls a field of k: its title, or its name.
func fieldTitle(k registry.Entry, name string) string {
	for _, f := range k.Fields() {
		if f.Name == name && f.Title != "" {
			return f.Title
		}
	}
	return name
}

// optionGist is the first words of an option's description, what it
// draws ("caption under the code").
func optionGist(o options.Option) string {
	gist := o.Description
	if i := strings.IndexAny(gist, ",.("); i > 0 {
		gist = gist[:i]
	}
	gist = strings.TrimSpace(gist)
	if gist == "" {
		return o.Name
	}
	return strings.ToLower(gist[:1]) + gist[1:]
}

// spellOptions writes the options of values, held under their canonical
// names as a batch style holds them, under the names kind's calls write
// them (OptionName). A style names an option by where it stands, so a
// style's label is the caption on bitcoin too; written label, it would be
// read as BIP21's payee.
func spellOptions(kind string, values url.Values) {
	for _, name := range sortedKeys(values) {
		if written := OptionName(kind, name); written != name {
			values[written] = append(values[written], values[name]...)
			delete(values, name)
		}
	}
}

// optionKey is the name the rendering option name is held under among
// the values of a call of kind (fixes, links): its own, or, where a
// field of kind has that name (EPC069-12's, the vCard's, DPP's and
// SGQR's version), the name kind's calls write the option under
// (OptionName), so that the field keeps its own.
func optionKey(kind, name string) string {
	if k, ok := registry.Lookup(kind); ok && k.HasField(name) && isOptionName(name) {
		return OptionName(kind, name)
	}
	return name
}

// optionKeyed is errs, read from a call of kind, with each option named
// as optionKey holds it.
func optionKeyed(kind string, errs []paramError) []paramError {
	for i := range errs {
		errs[i].field = optionKey(kind, errs[i].field)
		if errs[i].rename != "" {
			errs[i].rename = optionKey(kind, errs[i].rename)
		}
	}
	return errs
}

// parseCall reads the rendering options of values as a call of kind ("":
// the generic endpoint, which also reads data when withData) reads them:
// a name kind gives a field is the field's (unclaimed), and errors name
// options as optionKey holds them.
func parseCall(kind string, values url.Values, withData bool) (*Rendering, []paramError) {
	k, ok := registry.Lookup(kind)
	if !ok {
		return parseRendering(newQuery(values), withData)
	}
	r, errs := parseRendering(unclaimed(k, newQuery(values)), false)
	return r, optionKeyed(kind, errs)
}
