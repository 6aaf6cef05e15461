package kinds

import (
	"maps"
	"slices"
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
