package service

import (
	"fmt"
	"maps"
	"net/url"
	"slices"
	"strings"

	"github.com/qrforge/qrforge/registry"
)

// kindOfFields is the one kind whose fields every parameter of a call to
// /api/v1/qr names that is neither data nor a rendering option
// (?ssid=Cafe&password=…: wifi's): false when there are none, or when
// another kind has those fields too (lat and lon are geo's and
// location's), which leaves the choice to the caller.
func kindOfFields(q query) (registry.Entry, []string, bool) {
	return onlyKindWith(strangers(q, append([]string{optData.Name}, optData.Aliases...)), nil)
}

// onlyKindWith is the one kind that has every one of names as a field,
// leaving out those skip says are not fields (a rendering option's).
func onlyKindWith(given []string, skip func(string) bool) (registry.Entry, []string, bool) {
	var names []string
	for _, n := range given {
		if skip == nil || !skip(strings.ToLower(n)) {
			names = append(names, n)
		}
	}
	if len(names) == 0 {
		return nil, nil, false
	}
	var found registry.Entry
	for _, name := range registry.Names() {
		k, _ := registry.Lookup(name)
		if !slices.ContainsFunc(names, func(n string) bool { return !hasField(k, n) }) {
			if found != nil {
				return nil, nil, false
			}
			found = k
		}
	}
	return found, names, found != nil
}

// hasField reports whether name is one of k's fields, by its name or a
// name other APIs give it.
func hasField(k registry.Entry, name string) bool {
	name = strings.ToLower(name)
	for _, f := range k.Fields() {
		if f.Name == name || slices.Contains(f.AlsoCalled, name) {
			return true
		}
	}
	return false
}

// fieldsOnGeneric refuses a call of /api/v1/qr that gives one kind's
// fields and no data: its fix is that kind's own call with them.
func (s *Service) fieldsOnGeneric(req Request, q query) *Problem {
	k, names, ok := kindOfFields(q)
	if !ok {
		return nil
	}
	p := s.Problem(KindInvalidParameter,
		fmt.Sprintf("/api/v1/qr encodes data; %s %s fields of %s and of no other kind, whose code %s makes from them, as the fix calls it", strings.Join(names, ", "), are(len(names)), k.Name(), k.Path()), names[0], "")
	p = s.fixedBy(p, s.kindTarget(req, k, k.Path()), url.Values(maps.Clone(q)))
	p.Example = s.ExampleURL(k)
	return p
}

func are(n int) string {
	if n == 1 {
		return "is one of the"
	}
	return "are"
}
