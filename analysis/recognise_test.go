package analysis

import (
	"slices"
	"testing"

	_ "github.com/qrforge/qrforge/kinds"
	"github.com/qrforge/qrforge/registry"
)

// TestEveryExampleIsNamedByAKindThatBuildsIt decodes the payload of every
// specific kind's examples as /decode names it: the fields it answers must
// build the same payload again (CONTRIBUTING.md, "A pure encoder, and a
// parser"). An SGQR holds a PayNow account (SGQR specification §4.6), and
// PayNow's parser reads it too, but without the SGQR's own objects. (A
// generic kind's example may be a national scheme's code, which that
// scheme's kind names in its own canonical spelling.)
func TestEveryExampleIsNamedByAKindThatBuildsIt(t *testing.T) {
	for _, k := range registry.All() {
		if slices.Contains(genericKinds, k.Name()) {
			continue
		}
		for i, ex := range k.Examples() {
			payload, errs := k.Build(ex)
			if len(errs) > 0 {
				t.Fatalf("%s example %d: %v", k.Name(), i, errs)
			}
			n := recognise(payload, k.GS1(ex))
			name, fields := n.kind, n.fields
			if name == "" {
				continue
			}
			named, _ := registry.Lookup(name)
			again, errs := named.Build(fields)
			if len(errs) > 0 || again != payload {
				t.Errorf("%s example %d named %s with %v, which builds %q %v, not %q", k.Name(), i, name, fields, again, errs, payload)
			}
		}
	}
}

// TestPayloadIsNotNamedByAKindThatRefusesItsFields: "SMS:<number>:<text>"
// is no form RFC 5724 §2 defines (its body is ?body=), and the sms parser
// reads it as a number with a colon, which the sms kind refuses; the
// payload is text, not an sms whose fields cannot be built.
func TestPayloadIsNotNamedByAKindThatRefusesItsFields(t *testing.T) {
	for _, payload := range []string{"SMS:+15551234567:hello"} {
		n := recognise(payload, false)
		name, fields := n.kind, n.fields
		if name == "" {
			continue
		}
		k, _ := registry.Lookup(name)
		if _, errs := k.Build(fields); len(errs) > 0 {
			t.Errorf("%q named %s with %v, which that kind refuses: %v", payload, name, fields, errs)
		}
	}
}
