// Package jsonref writes a JSON document's local references out in place:
// each object {"$ref": "#/a/b"} (a JSON Pointer, RFC 6901, into the same
// document) becomes the value it names, its other members kept beside
// it, as OpenAPI 3.1 §4.8.23 reads a Reference Object. A reader that does
// not follow references then sees each value where it is used.
package jsonref

import (
	"encoding/json"
	"fmt"
	"strings"
)

// maxDepth bounds references within referred values: a cycle is an error.
const maxDepth = 32

// Inline is doc with its local references written out.
func Inline(doc []byte) ([]byte, error) {
	var root any
	if err := json.Unmarshal(doc, &root); err != nil {
		return nil, err
	}
	out, err := inline(root, root, 0)
	if err != nil {
		return nil, err
	}
	return json.Marshal(out)
}

func inline(v, root any, depth int) (any, error) {
	if depth > maxDepth {
		return nil, fmt.Errorf("jsonref: references nested more than %d deep", maxDepth)
	}
	switch v := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(v))
		if ref, ok := v["$ref"].(string); ok && strings.HasPrefix(ref, "#") {
			target, err := pointer(root, ref[1:])
			if err != nil {
				return nil, err
			}
			resolved, err := inline(target, root, depth+1)
			if err != nil {
				return nil, err
			}
			if m, ok := resolved.(map[string]any); ok {
				out = m
			} else if len(v) == 1 {
				return resolved, nil
			}
		}
		for k, member := range v {
			if k == "$ref" {
				continue
			}
			m, err := inline(member, root, depth)
			if err != nil {
				return nil, err
			}
			out[k] = m
		}
		return out, nil
	case []any:
		out := make([]any, len(v))
		for i, item := range v {
			m, err := inline(item, root, depth)
			if err != nil {
				return nil, err
			}
			out[i] = m
		}
		return out, nil
	}
	return v, nil
}

// pointer is the value the JSON Pointer p names in root (RFC 6901 §4).
func pointer(root any, p string) (any, error) {
	v := root
	if p == "" {
		return v, nil
	}
	for _, token := range strings.Split(strings.TrimPrefix(p, "/"), "/") {
		token = strings.NewReplacer("~1", "/", "~0", "~").Replace(token)
		m, ok := v.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("jsonref: %q does not name an object member", p)
		}
		if v, ok = m[token]; !ok {
			return nil, fmt.Errorf("jsonref: %q names nothing", p)
		}
	}
	return v, nil
}
