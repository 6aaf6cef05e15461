package registry

import (
	"fmt"
	"strings"

	"github.com/qrforge/qrforge/internal/text"
)

// splitFields refuses a field whose value holds other fields too, as the
// kind's SplitWord reads it under the field's own name (a latitude and
// longitude copied together into lat): the fix writes each part under
// its field. Only fields left empty take a part; one given already leaves
// the value to the other checks.
func (e *entry[F]) splitFields(f F) []FieldError {
	if e.kind.SplitWord == nil {
		return nil
	}
	values := e.toMap(f)
	for _, fi := range e.fields {
		value := values[fi.Name]
		if value == "" {
			continue
		}
		parts, reads := e.kind.SplitWord(fi.Name, value)
		if moved := movedField(parts, value); reads && moved != "" && moved != fi.Name && e.field(moved) != nil {
			if values[moved] != "" {
				return nil
			}
			return []FieldError{{Field: fi.Name, MoveTo: moved,
				Detail: fmt.Sprintf("%s %q has the form of %s, which is not given; the fix moves it there unchanged", titled(fi.Field), text.Truncate(value, 64), titled(e.field(moved).Field))}}
		}
		own, ok := parts[fi.Name]
		if !reads || !ok || len(parts) < 2 {
			continue
		}
		with := map[string]string{}
		var written []string
		for _, other := range e.fields {
			part, ok := parts[other.Name]
			if !ok || other.Name == fi.Name {
				continue
			}
			if values[other.Name] != "" {
				return nil
			}
			with[other.Name] = part
			written = append(written, other.Name+"="+part)
		}
		detail := fmt.Sprintf("%s %q holds %d values, each of which has a field of its own: %s=%s and %s", fi.Name, text.Truncate(value, 64), len(parts), fi.Name, own, strings.Join(written, " and "))
		if own == value {
			// The value stays, and says what the other fields are (a
			// profile link's network).
			detail = fmt.Sprintf("%s %q also gives %s, which is not given; the fix writes it", fi.Name, text.Truncate(value, 64), strings.Join(written, " and "))
		}
		return []FieldError{{Field: fi.Name, Fix: own, With: with, Parts: true, Detail: detail}}
	}
	return nil
}

// movedField is the one field parts gives the whole value to unchanged,
// or "": a value that belongs in another field.
func movedField(parts map[string]string, value string) string {
	if len(parts) != 1 {
		return ""
	}
	for name, part := range parts {
		if part == value {
			return name
		}
	}
	return ""
}

// titled is a field's name with its title, when it has one: "recipient
// (Requested by)".
func titled(f Field) string {
	if f.Title == "" {
		return f.Name
	}
	return f.Name + " (" + f.Title + ")"
}

// partsOf reports whether fe's fix and the values it writes with it are
// value cut at its separators (commas, semicolons, whitespace), in the
// order of the kind's fields: nothing added, dropped or changed. A fix
// that keeps value whole, and writes only fields that name no identity
// with it (a network read from a profile link), passes too.
func (e *entry[F]) partsOf(value string, fe FieldError) bool {
	if fe.Fix == value {
		for name := range fe.With {
			if fi := e.field(name); fi == nil || fi.Identity {
				return false
			}
		}
		return true
	}
	separator := func(r rune) bool {
		return r == ',' || r == ';' || r == ' ' || r == '\t'
	}
	tokens := strings.FieldsFunc(withoutURIScheme(value), separator)
	// A part may itself hold separators (+1 555 123 4567, one of two
	// numbers given together): its tokens are the value's, in order.
	var want []string
	for _, fi := range e.fields {
		if fi.Name == fe.Field {
			want = append(want, strings.FieldsFunc(fe.Fix, separator)...)
		} else if part, ok := fe.With[fi.Name]; ok {
			want = append(want, strings.FieldsFunc(part, separator)...)
		}
	}
	if len(tokens) != len(want) {
		return false
	}
	for i := range tokens {
		if tokens[i] != want[i] {
			return false
		}
	}
	return true
}

// withoutURIScheme is value without a leading geo: scheme (RFC 5870:
// geo:52.52,13.40 holds the parts 52.52 and 13.40), which adds no part
// of its own. Other words before a colon may be data (a password's), so
// only this one is left out.
func withoutURIScheme(value string) string {
	if len(value) > 4 && strings.EqualFold(value[:4], "geo:") {
		return value[4:]
	}
	return value
}
