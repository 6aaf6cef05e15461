package service

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/qrforge/qrforge/internal/text"
	"github.com/qrforge/qrforge/registry"
)

// strayItemKeys corrects, in place, the members of a batch item that are
// not an item's keys, and says what it did. A rendering option beside data
// ({"data":"a","color":"red"}) moves into style, a kind's field beside type
// into fields, and a near miss of either or of an item key is renamed to it
// (colour is color, dta is data); anything else is dropped. Each is an
// error whose fix is the item corrected: as an unknown query parameter is,
// the caller's value is kept where it was meant, never lost or replaced by
// an example.
func strayItemKeys(members map[string]json.RawMessage) []paramError {
	var kind registry.Entry
	if name, ok, _ := scalar(members["type"]); ok {
		kind, _ = registry.Lookup(strings.ToLower(strings.TrimSpace(name)))
	}
	candidates := append(slices.Clone(itemKeys), canonicalOptions()...)
	where := "an item has data, id, type, fields and style, with options in style"
	if kind != nil {
		candidates = append(candidates, FieldNames(kind)...)
		where += " and " + kind.Name() + "'s fields in fields"
	}
	var errs []paramError
	for _, k := range sortedKeys(members) {
		if slices.Contains(itemKeys, k) {
			continue
		}
		raw := members[k]
		delete(members, k)
		shown := text.Truncate(k, 64)
		name := strings.ToLower(k)
		value, isScalar, _ := scalar(raw)
		// Every error keeps the fix as the item reads once corrected: a
		// stray key is never in it, and dropping its name would drop the
		// option or field of that name the item does give.
		switch {
		case isOptionName(name):
			detail := fmt.Sprintf("%q is a rendering option, and goes in the item's style: {\"style\": {%q: ...}}; the fix moves it there", shown, name)
			if !isScalar || !moveInto(members, "style", name, raw) {
				detail = fmt.Sprintf("%q is a rendering option, and goes in the item's style, which has it already or is not an object, or its value is not a string or number; the fix drops it", shown)
			}
			errs = append(errs, paramError{field: k, keep: true, detail: detail})
			continue
		case kind != nil && kind.HasField(name):
			detail := fmt.Sprintf("%q is a field of %s, and goes in the item's fields: {\"type\": %q, \"fields\": {%q: ...}}; the fix moves it there", shown, kind.Name(), kind.Name(), name)
			if !isScalar || !moveInto(members, "fields", name, raw) {
				detail = fmt.Sprintf("%q is a field of %s, and goes in the item's fields, which have it already or are not an object, or its value is not a string or number; the fix drops it", shown, kind.Name())
			}
			errs = append(errs, paramError{field: k, keep: true, detail: detail})
			continue
		}
		near := NearName(name, value, candidates)
		moved := false
		switch {
		case near == "":
		case slices.Contains(itemKeys, near):
			if _, given := members[near]; !given {
				members[near], moved = raw, true
			}
		case isOptionName(near):
			if v := RenamedValue(near, value); isScalar && v != "" {
				quoted, _ := json.Marshal(v)
				moved = moveInto(members, "style", near, quoted)
			}
		case isScalar:
			moved = moveInto(members, "fields", near, raw)
		}
		detail := fmt.Sprintf("unknown key %q in an item; %s; the fix drops it", shown, where)
		switch {
		case moved:
			detail = fmt.Sprintf("unknown key %q in an item; did you mean %s? The fix renames it", shown, near)
		case near != "":
			detail = fmt.Sprintf("unknown key %q in an item (did you mean %s? it is given already, or takes no such value); the fix drops it", shown, near)
		}
		errs = append(errs, paramError{field: k, keep: true, detail: detail})
	}
	return errs
}

// moveInto sets name to raw in the item's object member obj (style or
// fields), unless obj is not an object or already holds name: the
// caller's own value there wins.
func moveInto(members map[string]json.RawMessage, obj, name string, raw json.RawMessage) bool {
	m := map[string]json.RawMessage{}
	if v, ok := members[obj]; ok && string(v) != "null" {
		if json.Unmarshal(v, &m) != nil || m == nil {
			return false
		}
	}
	if _, given := m[name]; given {
		return false
	}
	m[name] = raw
	b, err := json.Marshal(m)
	if err != nil {
		return false
	}
	members[obj] = b
	return true
}
