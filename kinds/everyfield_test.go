package kinds_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/qrforge/qrforge/registry"
)

// TestNoFieldIsSilentlyIgnored adds to each declared example every field
// another example of the kind sets, with that example's value. A field
// accepted and written nowhere (a vCard TYPE without its property) would
// give the caller a code without what they asked for, and no word of it.
// So the payload must change or the field be refused, unless the value is
// the one the kind takes anyway: the payload already holds it, or another
// value of the field's list changes the payload or is refused.
func TestNoFieldIsSilentlyIgnored(t *testing.T) {
	for _, k := range registry.All() {
		examples := k.Examples()
		for i, base := range examples {
			want, errs := k.Build(base)
			if len(errs) > 0 {
				t.Fatalf("%s example %d: %v", k.Name(), i, errs)
			}
			// ignored reports whether name=v is accepted beside base and
			// changes nothing.
			ignored := func(name, v string) bool {
				with := map[string]string{name: v}
				for n, bv := range base {
					with[n] = bv
				}
				got, errs := k.Build(with)
				return len(errs) == 0 && got == want
			}
			for j, other := range examples {
				for name, v := range other {
					if _, has := base[name]; has || i == j || !ignored(name, v) || strings.Contains(want, v) {
						continue
					}
					enum := fieldNamed(k, name).Enum
					if slices.ContainsFunc(enum, func(alt string) bool { return !ignored(name, alt) }) {
						continue
					}
					t.Errorf("%s: %s=%q (example %d) added to example %d changes nothing, and is accepted", k.Name(), name, v, j, i)
				}
			}
		}
	}
}

func fieldNamed(k registry.Entry, name string) registry.Field {
	for _, f := range k.Fields() {
		if f.Name == name {
			return f
		}
	}
	return registry.Field{}
}
