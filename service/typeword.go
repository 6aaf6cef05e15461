package service

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/qrforge/qrforge/internal/editdistance"
	"github.com/qrforge/qrforge/internal/text"
	"github.com/qrforge/qrforge/options"
	"github.com/qrforge/qrforge/registry"
)

// typeWord is an alias of format that many APIs also use for a kind's
// variant: a Wi-Fi network's security type, an OTP's type, a VietQR
// service type. On a kind's calls, type=WEP means the network's security;
// read as a format, its fix took png and dropped WEP, and the code made a
// WEP key a WPA passphrase.
const typeWord = "type"

// TypeMeaning is what type=value means on a kind's calls.
type TypeMeaning struct {
	// Format says the value is a format, a word for one or close to one
	// (type=svg, type=pgn): type is then format, as everywhere.
	Format bool
	// Fields are the kind's fields that list the value, or a word for
	// one of their values, in any case (security for WEP on wifi).
	Fields []string
	// Named is the kind's field the value names instead (audio on
	// facetime, whose values are true and false), when no field lists it.
	Named string
}

// MeaningOfType tells what type=value means on k's calls: the format, or
// the kind's fields it names. A field's value beats a format only merely
// close to it (a typo); a format's own name and words win. MCP asks it
// for fields.type too.
func MeaningOfType(k registry.Entry, value string) TypeMeaning {
	v := strings.TrimSpace(value)
	if isFormatWord(v) {
		return TypeMeaning{Format: true}
	}
	if fields := fieldsListing(k, v); len(fields) > 0 {
		return TypeMeaning{Fields: fields}
	}
	if f, ok := fieldNamed(k, v); ok {
		return TypeMeaning{Named: f.Name}
	}
	_, near := editdistance.Meant(v, Formats, optFormat.Meant)
	return TypeMeaning{Format: near}
}

// isFormatWord reports whether v names a format, in any case: its name,
// a word the catalogue gives for one (webp), or a text word that asks
// for the payload (textFormats).
func isFormatWord(v string) bool {
	l := strings.ToLower(v)
	_, isFormat := options.FormatNamed(l)
	_, isWord := optFormat.Meant[l]
	return isFormat || isWord || slices.Contains(textFormats, l)
}

// fieldsListing are k's fields whose listed values (the catalogue's enum)
// or words for them (Field.Meant) hold v, in any case.
func fieldsListing(k registry.Entry, v string) []string {
	var out []string
	for _, f := range k.Fields() {
		words := slices.Collect(maps.Keys(f.Meant))
		if slices.ContainsFunc(append(words, f.Enum...), func(w string) bool { return strings.EqualFold(w, v) }) {
			out = append(out, f.Name)
		}
	}
	return out
}

// fieldNamed is k's field called v, in any case.
func fieldNamed(k registry.Entry, v string) (registry.Field, bool) {
	for _, f := range k.Fields() {
		if strings.EqualFold(f.Name, v) {
			return f, true
		}
	}
	return registry.Field{}, false
}

// typeAsField reads a type that names one of k's fields' values rather
// than a format: q without it, so that it is not read as a format, and
// the error that names the field. The fix renames type to the field,
// value kept (as encryption=WPA is renamed to security), only when
// exactly one field takes the value and the caller did not give that
// field too; otherwise only the caller can tell, and there is no fix. A
// kind whose field is also called type (Field.AlsoCalled) has it read so
// by claimedOptions.
func typeAsField(k registry.Entry, q query) (query, []paramError) {
	values := q[typeWord]
	if len(values) == 0 {
		return q, nil
	}
	if _, claimed := registry.FieldWords(k)[typeWord]; claimed {
		return q, nil
	}
	meaning := MeaningOfType(k, values[0])
	if meaning.Format {
		return q, nil
	}
	rest := make(query, len(q))
	maps.Copy(rest, q)
	delete(rest, typeWord)
	return rest, []paramError{typeError(k, q, values[0], meaning)}
}

// typeOfField reports whether name=value among a batch item's fields is
// type meaning k's fields (fields.type "WEP" on wifi), which prepareKind
// reports, rather than the format, which goes to the item's style.
func typeOfField(k registry.Entry, name, value string) bool {
	return strings.EqualFold(name, typeWord) && !MeaningOfType(k, value).Format
}

// typeError is the error of type=v that means k's fields, not a format.
func typeError(k registry.Entry, q query, v string, m TypeMeaning) paramError {
	shown := text.Truncate(v, 32)
	lead := fmt.Sprintf("type=%s: on %s, type is read as the image format (format), and %q is not one", shown, k.Name(), shown)
	e := paramError{field: typeWord, unfixable: true}
	switch {
	case len(m.Fields) > 1:
		e.detail = fmt.Sprintf("%s; %s all take %s, so only you can tell which you meant: give it under that field's name", lead, text.Join(m.Fields), shown)
	case len(m.Fields) == 1 && given(q, m.Fields[0]):
		e.detail = fmt.Sprintf("%s; did you mean %s=%s? %s is given too, so only you can tell: write %s=%s, or leave type out", lead, m.Fields[0], shown, m.Fields[0], m.Fields[0], shown)
	case len(m.Fields) == 1:
		e.unfixable = false
		e.rename, e.fixed = m.Fields[0], v
		e.detail = fmt.Sprintf("%s; did you mean %s=%s? The fix renames type to %s", lead, m.Fields[0], shown, m.Fields[0])
	case m.Named != "":
		e.detail = fmt.Sprintf("%s; did you mean the field %s (%s)? Give it its value, such as %s=%s", lead, m.Named, fieldTitle(k, m.Named), m.Named, namedValue(k, m.Named))
	default:
		e.detail = fmt.Sprintf("%s (%s), nor a listed value of %s's fields: if it is meant for a field, give it under that field's name; the image format is format", lead, text.Join(Formats), k.Name())
	}
	return e
}

// namedValue is the value that turns the field on when its values are
// true and false (audio=true for type=audio), or its example.
func namedValue(k registry.Entry, name string) string {
	f, _ := fieldNamed(k, name)
	if slices.Contains(f.Enum, "true") {
		return "true"
	}
	if f.Example != "" {
		return f.Example
	}
	return "…"
}
