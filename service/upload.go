package service

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strings"

	"github.com/qrforge/qrforge/internal/jsonkeys"
	"github.com/qrforge/qrforge/internal/text"
	"github.com/qrforge/qrforge/registry"
)

// MaxGenerateBody bounds the body of POST /api/v1/qr and POST
// /api/v1/<kind>: a logo file of MaxLogoBytes, grown by a third as base64
// in JSON, and the other fields.
const MaxGenerateBody = MaxLogoBytes*4/3 + 64<<10

// JSONParams reads the JSON body of a generation POST to kind's endpoint
// (kind "" for /api/v1/qr): an object of a kind's fields or data and
// rendering options under the names a query uses, with string, number or
// boolean values; "logo" may hold a data URI of up to MaxLogoBytes. A
// List option given as a list is read joined and named in listed
// (Request.Listed), for a problem whose fix joins it; an object of such
// members (a batch's style, copied into one call) is read as its members
// and named in nested (Request.Nested), for a problem whose fix moves
// them up.
func (s *Service) JSONParams(body []byte, kind string) (params url.Values, listed, nested []string, p *Problem) {
	// A body that cannot be read leaves no call to correct: the problem
	// has no fix, and shows the endpoint's own documented example as an
	// upload that works (README "Errors").
	path, such := "/api/v1/qr", `{"data":"Hello","logo":"wifi"}`
	if k, ok := registry.Lookup(kind); ok && kind != "" {
		if b, err := json.Marshal(k.Example()); err == nil {
			path, such = k.Path(), string(b)
		}
	}
	fail := func(detail, field string) *Problem {
		p := s.Problem(KindInvalidParameter, detail, field, "")
		p.Example = "curl -X POST '" + s.baseURL + path + "' -H 'Content-Type: application/json' -d " + shellQuote(such)
		return p
	}
	if detail := bodyNotUTF8(body); detail != "" {
		return nil, nil, nil, fail(detail, "")
	}
	var members map[string]json.RawMessage
	if err := json.Unmarshal(body, &members); err != nil || members == nil {
		example := `{"data": "Hello", "logo": "data:image/png;base64,..."}`
		if path != "/api/v1/qr" {
			example = such
		}
		detail := "the body must be a JSON object of parameters, such as " + example
		if err != nil {
			detail = jsonErrorDetail(body, err, "of parameters") + ", such as " + example
		}
		return nil, nil, nil, fail(detail, "")
	}
	if dup := jsonkeys.FirstDuplicate(body); dup != nil {
		return nil, nil, nil, fail(dup.Detail(dup.Path), dup.Path)
	}
	params = url.Values{}
	for _, key := range sortedKeys(members) {
		if inner, ok := nestedParams(key, members[key], kind); ok {
			if k, named := registry.Lookup(key); named && kind == "" && strings.EqualFold(k.Name(), key) && members["type"] == nil {
				// {"wifi": {...}} to /api/v1/qr names the kind as
				// type=wifi does, whose fix is the kind's call.
				params.Add("type", k.Name())
			}
			for _, name := range sortedKeys(inner) {
				if joined, ok := joinedList(name, inner[name]); ok {
					params.Add(name, joined)
				} else if v, set, _ := optionScalar(name, inner[name]); set {
					params.Add(name, v)
				}
			}
			nested = append(nested, key)
			continue
		}
		if inner, ok := optionObject(key, members[key]); ok {
			for _, name := range sortedKeys(inner) {
				params.Add(name, inner[name])
			}
			nested = append(nested, key)
			continue
		}
		if joined, ok := joinedList(key, members[key]); ok {
			params.Add(key, joined)
			listed = append(listed, key)
			continue
		}
		v, set, err := optionScalar(key, members[key])
		if err != nil {
			return nil, nil, nil, fail(fmt.Sprintf("%s %s: a parameter's value is a string, a number or a boolean", text.Truncate(key, 64), err), key)
		}
		if set {
			params.Add(key, v)
		}
	}
	return params, listed, nested, nil
}

// containerWords are the names callers give an object of a call's
// options: a batch's style, and other APIs' options, config and the like.
// An object under any other name (logo: {"url": ...}) is a value, not
// parameters.
var containerWords = []string{"style", "options", "config", "configuration", "settings", "params", "parameters", "design", "render", "rendering"}

// fieldsWords are the names callers give an object of a kind's fields: a
// batch item's fields, and data, as other QR APIs nest a typed payload
// ({"type": "wifi", "data": {"ssid": ...}}). The kind's own name is one
// too ({"wifi": {...}}).
var fieldsWords = []string{"fields", "data"}

// holdsFields reports whether name is one an object of kind's fields is
// given under: one of fieldsWords, or a kind's name.
func holdsFields(name string) bool {
	if slices.Contains(fieldsWords, strings.ToLower(name)) {
		return true
	}
	k, ok := registry.Lookup(name)
	return ok && strings.EqualFold(k.Name(), name)
}

// nestedParams reads an object of a call's options under one of
// containerWords (nestedOptions), or of a kind's fields under a name that
// holdsFields. An object under another kind's name than the endpoint's
// is not read.
func nestedParams(name string, raw json.RawMessage, kind string) (map[string]json.RawMessage, bool) {
	if inner, ok := nestedOptions(name, raw); ok {
		return inner, true
	}
	if !holdsFields(name) || kind != "" && !slices.Contains(fieldsWords, strings.ToLower(name)) && !strings.EqualFold(name, kind) {
		return nil, false
	}
	return scalarMembers(raw)
}

// nestedOptions reads an object of a call's options under one of
// containerWords.
func nestedOptions(name string, raw json.RawMessage) (map[string]json.RawMessage, bool) {
	if !slices.Contains(containerWords, strings.ToLower(name)) {
		return nil, false
	}
	return scalarMembers(raw)
}

// scalarMembers is raw's members when it is an object whose members are
// each a string, a number, a boolean or a List option's list.
func scalarMembers(raw json.RawMessage) (map[string]json.RawMessage, bool) {
	inner, ok := jsonObject(raw)
	if !ok {
		return nil, false
	}
	for name, v := range inner {
		if _, ok := joinedList(name, v); ok {
			continue
		}
		if _, _, err := scalar(v); err != nil {
			return nil, false
		}
	}
	return inner, true
}

// optionObject reads an object whose members each name a rendering
// option with the object's name, as node-qrcode nests its colours
// ({"color": {"dark": "#000000", "light": "#ffffff"}}) and
// qr-code-styling its dotsOptions, cornersSquareOptions and the like:
// each member, a string, a number or a boolean, under the option's
// alias that spells the pair (colordark). An object with a member that
// names no option is not read, and is refused as any other object.
func optionObject(name string, raw json.RawMessage) (map[string]string, bool) {
	inner, ok := jsonObject(raw)
	if !ok {
		return nil, false
	}
	params := map[string]string{}
	for member, v := range inner {
		if _, ok := memberOption(name, member); !ok {
			return nil, false
		}
		s, set, err := scalar(v)
		if err != nil {
			return nil, false
		}
		if set {
			params[bareName(name+"."+member)] = s
		}
	}
	return params, true
}

// jsonObject is raw's members when it is a JSON object with at least one.
func jsonObject(raw json.RawMessage) (map[string]json.RawMessage, bool) {
	t := bytes.TrimSpace(raw)
	if len(t) == 0 || t[0] != '{' {
		return nil, false
	}
	var inner map[string]json.RawMessage
	if json.Unmarshal(t, &inner) != nil || len(inner) == 0 {
		return nil, false
	}
	return inner, true
}

// nestedError refuses an object of parameters in a call's body. Its
// members are read as the body's own, so the fix carries them there.
func nestedError(name string) paramError {
	if holdsFields(name) {
		return paramError{field: name, keep: true, detail: fmt.Sprintf("%s is an object of a kind's fields, as a batch item holds them; one call takes them as members of the body itself, so the fix moves them up", text.Truncate(name, 64))}
	}
	if !slices.Contains(containerWords, strings.ToLower(name)) {
		return paramError{field: name, keep: true, detail: fmt.Sprintf("%s is an object of options, as other QR libraries nest them; qrforge takes each of its members as the option it names, a member of the body itself, which is where the fix puts them", text.Truncate(name, 64))}
	}
	return paramError{field: name, keep: true, detail: fmt.Sprintf("%s is an object of parameters; one call takes them as members of the body itself (a batch's shared style is the object), so the fix moves them up", text.Truncate(name, 64))}
}
