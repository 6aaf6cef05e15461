package service

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/qrforge/qrforge/internal/text"
	"github.com/qrforge/qrforge/registry"
)

// pastedNames are the names a finished payload is given under: the
// generic endpoint's data and its aliases, and payload, the text a kind's
// /payload endpoint answers with.
var pastedNames = append([]string{optData.Name, "payload"}, optData.Aliases...)

// PastedPayload reads value, given to kind k's call under name, as a
// whole payload in k's form (data=WIFI:S:home;T:WPA;P:…;; on wifi), as
// the kind's own reader reads a scanned code. reads is false when name is
// not one a payload is given under, or value is not in k's form. fields
// is what the reader reads under k's fields: the caller's own values,
// nothing filled in. Where it reads all of the payload, why is "" and a
// fix may write the fields; where it reads part, or refuses it, why says
// so, and there is no fix: a code made from the fields would not be the
// one given, and the generic endpoint draws it as it is. HTTP and MCP
// calls ask it alike.
func PastedPayload(k registry.Entry, name, value string) (fields map[string]string, why string, reads bool) {
	if !slices.Contains(pastedNames, strings.ToLower(name)) || value == "" {
		return nil, "", false
	}
	if problem, misread := k.Misread(value); misread {
		return nil, fmt.Sprintf("%s holds a payload in %s's form that its reader refuses: %s", name, k.Name(), problem.Detail), true
	}
	read, notKept, ok := k.Read(value)
	if !ok {
		return nil, "", false
	}
	fields = map[string]string{}
	for f, v := range read {
		if v != "" {
			fields[f] = v
		}
	}
	if len(notKept) > 0 {
		return fields, fmt.Sprintf("%s holds a payload in %s's form (%s) whose %s no field of %s carries, so a code made from its fields would not be this one", name, k.Name(), k.Standard().Name, strings.Join(notKept, ", "), k.Name()), true
	}
	return fields, "", true
}

// pastedPayloads are the errors of the payloads given to a kind's
// endpoint under names it does not read (PastedPayload), and read, what
// they hold under fields the call does not give: the fix writes it, and
// the kind's own errors need not ask for it. A field given with another
// value than the payload's leaves the choice to the caller: no fix.
func pastedPayloads(k registry.Entry, q query, stray []string, generic string) ([]paramError, map[string]string) {
	var errs []paramError
	read := map[string]string{}
	asIs := fmt.Sprintf("; to draw it as it is, give it as data to %s", generic)
	for _, name := range stray {
		value := q[name][0]
		fields, why, reads := PastedPayload(k, name, value)
		if !reads {
			continue
		}
		unknown := fmt.Sprintf("%s has no parameter %q", k.Path(), name)
		written := slices.Sorted(maps.Keys(fields))
		for _, f := range written {
			if !given(q, f) {
				read[f] = fields[f]
			}
		}
		if why != "" {
			errs = append(errs, paramError{field: name, unfixable: true, detail: unknown + "; " + why + asIs})
			continue
		}
		if clash := slices.IndexFunc(written, func(f string) bool { return given(q, f) && q[f][0] != fields[f] }); clash >= 0 {
			f := written[clash]
			errs = append(errs, paramError{field: name, unfixable: true,
				detail: fmt.Sprintf("%s; it holds a payload in %s's form whose %s, %q, is not the %s given, %q: which one is meant only you can tell", unknown, k.Name(), f, text.Truncate(fields[f], 64), f, text.Truncate(q[f][0], 64))})
			continue
		}
		errs = append(errs, paramError{field: name,
			detail: fmt.Sprintf("%s; it holds a payload in %s's form (%s): the fix writes what it holds under %s%s", unknown, k.Name(), k.Standard().Name, strings.Join(written, ", "), asIs)})
	}
	return errs, read
}

// pastedIntoFields reads the kind's identity fields whose value is a
// whole payload in the kind's form, a URI with parameters copied from a
// link into the field that names its payee (pa=upi://pay?pa=shop@okaxis&
// pn=Shop, address=bitcoin:bc1q…?amount=0.001): read is what the payload
// holds under the kind's fields, the field itself included, for the fix
// to write; notes says so on each such field. A payload with a part no
// field carries, or one whose value disagrees with a field the call
// gives, has no fix (unfixable), as with a payload given under data. A
// value that only carries a URI scheme before the field's own
// (bitcoin:bc1q…) is left to withoutScheme. A payload without a query
// (geo:52.52,13.40;u=10, SMSTO:+44…:hi, WIFI:S:Cafe;…;;) is read only
// in a field whose own rule refuses it with no fix of its own (refused
// answers whether it does, and with a fix), or when it holds a field the
// call lacks: a value of the field's own with a ':' in it stays the
// field's, and a kind's own reading of it (social's profile links) is
// the kind's.
func pastedIntoFields(k registry.Entry, values map[string]string, refused func(field string) (refused, fixed bool)) (notes map[string]paramError, read map[string]string) {
	notes, read = map[string]paramError{}, map[string]string{}
	for _, f := range slices.Sorted(maps.Keys(values)) {
		// A URI with parameters, or a payload the field's own rule
		// refuses or that holds a field the call lacks (lat=geo:52.52,
		// 13.40, where lon is required first): a value of the field's own
		// that a reader also reads as a code (an XRP X-address, which
		// holds a tag) is the field's.
		// A payload in a form without a URI scheme (an EMV merchant-
		// presented code, 000201…6304 and its CRC: EMV QRCPS-MPM v1.1 §4)
		// is read when its reader reads it under more than this field:
		// a value of the field's own is never a whole payload.
		v := values[f]
		scheme, query, _ := strings.Cut(v, "?")
		if v == "" || !k.IsIdentity(f) {
			continue
		}
		fields, why, reads := PastedPayload(k, optData.Name, v)
		if rest, _ := withoutScheme(v); !reads || fields[f] == "" || fields[f] == v || rest == fields[f] {
			continue
		}
		if !strings.Contains(scheme, ":") && len(fields) < 2 {
			continue
		}
		lacked := slices.ContainsFunc(slices.Collect(maps.Keys(fields)), func(g string) bool { return g != f && values[g] == "" })
		if refusedHere, fixed := refused(f); query == "" && (fixed || !refusedHere && !lacked) {
			continue
		}
		written := slices.Sorted(maps.Keys(fields))
		if why != "" {
			notes[f] = paramError{unfixable: true, detail: "; " + strings.Replace(why, optData.Name, f, 1)}
			continue
		}
		if clash := slices.IndexFunc(written, func(g string) bool { return g != f && values[g] != "" && values[g] != fields[g] }); clash >= 0 {
			g := written[clash]
			notes[f] = paramError{unfixable: true, detail: fmt.Sprintf("; it holds a payload in %s's form whose %s, %q, is not the %s given, %q: which one is meant only you can tell", k.Name(), g, text.Truncate(fields[g], 64), g, text.Truncate(values[g], 64))}
			continue
		}
		notes[f] = paramError{detail: fmt.Sprintf("; it holds a payload in %s's form (%s): the fix writes what it holds under %s", k.Name(), k.Standard().Name, strings.Join(written, ", "))}
		for _, g := range written {
			if g == f || values[g] == "" {
				read[g] = fields[g]
			}
		}
	}
	return notes, read
}
