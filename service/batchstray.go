package service

import (
	"encoding/json"
	"fmt"
	"github.com/qrforge/qrforge/options"
	"slices"
	"strings"

	"github.com/qrforge/qrforge/internal/text"
	"github.com/qrforge/qrforge/registry"
)

// maxStrayKeys bounds the keys of one item that strayItemKeys looks at
// one by one: more are no misspellings, and a hostile body of thousands
// would cost a lookup each. The rest are dropped, with one error.
const maxStrayKeys = 8

// itemKeyWords are other APIs' names for an item's keys, renamed to the
// key whatever their distance: kind is what qr_generate_typed calls type.
var itemKeyWords = map[string]string{"kind": "type"}

// strayItemKeys corrects, in place, the members of a batch item that are
// not an item's keys, and says what it did. A rendering option beside data
// ({"data":"a","color":"red"}) moves into style, a kind's field beside type
// into fields, and a near miss of either or of an item key is renamed to it
// (colour is color, dta is data); anything else is dropped. Each is an
// error whose fix is the item corrected: as an unknown query parameter is,
// the caller's value is kept where it was meant, never lost or replaced by
// an example.
func strayItemKeys(members map[string]json.RawMessage) []paramError {
	var stray []string
	for _, k := range sortedKeys(members) {
		if !slices.Contains(itemKeys, k) {
			stray = append(stray, k)
		}
	}
	if len(stray) == 0 {
		return nil
	}
	// The kind is type's, or that of a word for type ({"kind": "wifi"}),
	// which is renamed below: a field beside it goes into fields.
	typeKey := "type"
	if _, given := members[typeKey]; !given {
		for _, k := range stray[:min(len(stray), maxStrayKeys)] {
			if itemKeyWords[strings.ToLower(k)] == typeKey {
				typeKey = k
				break
			}
		}
	}
	var kind registry.Entry
	if name, ok, _ := scalar(members[typeKey]); ok {
		kind, _ = registry.Lookup(strings.ToLower(strings.TrimSpace(name)))
	}
	var inferred []paramError
	if _, typed := members[typeKey]; !typed && members["data"] == nil && len(stray) <= maxStrayKeys {
		// {"ssid": "Cafe", "password": …}: fields of one kind alone,
		// as on /api/v1/qr, name it; the fix gives it as type.
		if k, names, ok := onlyKindWith(stray, isOptionName); ok {
			kind = k
			members["type"], _ = json.Marshal(k.Name())
			inferred = append(inferred, paramError{field: "type", keep: true,
				detail: fmt.Sprintf("%s %s fields of %s and of no other kind; the fix names it as the item's type", quoteAll(names), are(len(names)), k.Name())})
		}
	}
	candidates := append(slices.Clone(itemKeys), canonicalOptions()...)
	where := "an item has data, id, type, fields and style, with options in style"
	if kind != nil {
		candidates = append(candidates, FieldNames(kind)...)
		where += " and " + kind.Name() + "'s fields in fields"
	}
	// style and fields are read once and written back once.
	style, fields := objectMember(members, "style"), objectMember(members, "fields")
	var errs []paramError
	hasData := members["data"] != nil
	for i, k := range stray {
		raw := members[k]
		delete(members, k)
		if i >= maxStrayKeys {
			continue
		}
		// Every error keeps the fix as the item reads once corrected: a
		// stray key is never in it, and dropping its name would drop the
		// option or field of that name the item does give.
		value, _, _ := scalar(raw)
		meansData := kind == nil && !hasData && MeantAsData(k, value, stray)
		detail, unfixable := strayKey(k, raw, kind, candidates, where, members, style, fields, meansData)
		errs = append(errs, paramError{field: k, keep: true, detail: detail, unfixable: unfixable})
	}
	if more := len(stray) - maxStrayKeys; more > 0 {
		errs = append(errs, paramError{field: stray[maxStrayKeys], keep: true,
			detail: fmt.Sprintf("%d more keys an item does not have; %s; the fix drops them", more, where)})
	}
	style.writeTo(members, "style")
	fields.writeTo(members, "fields")
	return append(inferred, errs...)
}

// strayKey moves or renames one stray key k of an item where it was
// meant, and says what it did.
func strayKey(k string, raw json.RawMessage, kind registry.Entry, candidates []string, where string, members map[string]json.RawMessage, style, fields *itemObject, meansData bool) (detail string, unfixable bool) {
	shown := text.Truncate(k, 64)
	name := strings.ToLower(k)
	value, isScalar, _ := scalar(raw)
	switch {
	case isOptionName(name):
		if isScalar && style.add(name, raw) {
			return fmt.Sprintf("%q is a rendering option, and goes in the item's style: {\"style\": {%q: ...}}; the fix moves it there", shown, name), false
		}
		return fmt.Sprintf("%q is a rendering option, and goes in the item's style, which has it already or is not an object, or its value is not a string or number; the fix drops it", shown), false
	case kind != nil && kind.HasField(name):
		if isScalar && fields.add(name, raw) {
			return fmt.Sprintf("%q is a field of %s, and goes in the item's fields: {\"type\": %q, \"fields\": {%q: ...}}; the fix moves it there", shown, kind.Name(), kind.Name(), name), false
		}
		return fmt.Sprintf("%q is a field of %s, and goes in the item's fields, which have it already or are not an object, or its value is not a string or number; the fix drops it", shown, kind.Name()), false
	}
	if inner, ok := nestedOptions(k, raw); ok && !style.invalid {
		// {"options": {"size": 256}}, as other QR APIs nest options:
		// dropped with its object, the size asked for would be lost.
		var kept []string
		for _, member := range sortedKeys(inner) {
			if !style.add(member, inner[member]) {
				kept = append(kept, member)
			}
		}
		if len(kept) == 0 {
			return fmt.Sprintf("%q is an object of options, and an item's options go in its style: {\"style\": {...}}; the fix moves them there", shown), false
		}
		return fmt.Sprintf("%q is an object of options, and an item's options go in its style, which gives %s already; the fix moves the others there and keeps the style's", shown, quoteAll(kept)), false
	}
	near, isWord := itemKeyWords[name]
	if slices.Contains(options.Data.Aliases, name) || meansData {
		// The names data is given under on /api/v1/qr, and the one word
		// for it ({"message": "hello"}) in an item without data.
		near, isWord = "data", true
	}
	if !isWord {
		near = NearName(name, value, candidates)
	}
	moved := false
	switch {
	case near == "" && identityName(name):
		// As on /api/v1/qr: dropped, the person, account, network or
		// secret it names would be left out of the code.
		return fmt.Sprintf("unknown key %q in an item, and a fix does not drop it: what it names (a person, an account, an address, a network or a secret) would be left out of the code; %s, and a kind's fields go in fields with its type", shown, where), true
	case near == "":
		return fmt.Sprintf("unknown key %q in an item; %s; the fix drops it", shown, where), false
	case slices.Contains(itemKeys, near):
		if _, given := members[near]; !given && near != "style" && near != "fields" {
			members[near], moved = raw, true
		} else if !given && (near == "style" && style.adopt(raw) || near == "fields" && fields.adopt(raw)) {
			moved = true
		}
	case isOptionName(near):
		// Renamed only as given: a value the option refuses (ssid Home
		// as size) says the caller meant something else.
		if isScalar && RenamedValue(near, value) == value {
			moved = style.add(near, raw)
		}
	case isScalar:
		moved = fields.add(near, raw)
	}
	if moved {
		return fmt.Sprintf("unknown key %q in an item; did you mean %s? The fix renames it", shown, near), false
	}
	return fmt.Sprintf("unknown key %q in an item (did you mean %s? it is given already, or takes no such value); the fix drops it", shown, near), false
}

// itemObject is an item's style or fields object, read once: members
// added to it are written back once.
type itemObject struct {
	m       map[string]json.RawMessage
	given   bool // the item has the member
	invalid bool // the member is not an object: nothing is added to it
	changed bool
}

func objectMember(members map[string]json.RawMessage, key string) *itemObject {
	o := &itemObject{m: map[string]json.RawMessage{}}
	if v, ok := members[key]; ok && string(v) != "null" {
		o.given = true
		if json.Unmarshal(v, &o.m) != nil || o.m == nil {
			o.invalid, o.m = true, nil
		}
	}
	return o
}

// add sets name to raw unless the object is not one, or holds name
// already: the caller's own value there wins.
func (o *itemObject) add(name string, raw json.RawMessage) bool {
	if o.invalid {
		return false
	}
	if _, given := o.m[name]; given {
		return false
	}
	o.m[name], o.changed = raw, true
	return true
}

// adopt takes raw, a misspelt member's value, as the whole object when
// the item has none and raw is one.
func (o *itemObject) adopt(raw json.RawMessage) bool {
	var m map[string]json.RawMessage
	if o.given || json.Unmarshal(raw, &m) != nil || m == nil {
		return false
	}
	for k, v := range m {
		if _, given := o.m[k]; !given {
			o.m[k] = v
		}
	}
	o.given, o.changed = true, true
	return true
}

func (o *itemObject) writeTo(members map[string]json.RawMessage, key string) {
	if !o.changed {
		return
	}
	if b, err := json.Marshal(o.m); err == nil {
		members[key] = b
	}
}
