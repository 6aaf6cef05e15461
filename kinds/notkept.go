package kinds

import (
	"maps"
	"slices"
	"strings"
)

// notKept collects the parts of a payload its kind's fields do not carry,
// keyed by their place in it, for registry.Kind.ParseNotKept: a part
// named twice counts once, and the list follows the payload.
type notKept map[int]string

// list is the parts as written, in the payload's order; nil for none.
func (n notKept) list() []string {
	if len(n) == 0 {
		return nil
	}
	var out []string
	for _, i := range slices.Sorted(maps.Keys(n)) {
		out = append(out, n[i])
	}
	return out
}

// readQuery reads the pairs of a URI query (the text after '?') whose names
// a kind's fields take, compared without case when fold is set (RFC 5724
// §2.2, RFC 6068 §2): each gets its last value, and the earlier values and
// the pairs of other names are left, as written, keyed by their place in
// the query. It reports false on a malformed escape.
func readQuery(query string, fold bool, names ...string) (map[string]string, notKept, bool) {
	pairs, ok := uriQueryPairs(query)
	if !ok {
		return nil, nil, false
	}
	raw := strings.Split(query, "&")
	values, left, at := map[string]string{}, notKept{}, map[string]int{}
	for i, pair := range pairs {
		name := pair.name
		if fold {
			name = strings.ToLower(name)
		}
		switch {
		case raw[i] == "":
		case !slices.Contains(names, name):
			left[i] = raw[i]
		default:
			if j, given := at[name]; given {
				left[j] = raw[j] // the later value is the one read
			}
			values[name], at[name] = pair.value, i
		}
	}
	return values, left, true
}
