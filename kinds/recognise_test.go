package kinds_test

import (
	"maps"
	"testing"
)

// recognised is a payload written by someone else (a standard's example, a
// reference implementation's test) that a kind's parser must read: the
// fields it gives, and the payload those fields build, which is the same
// string or qrforge's canonical spelling of it.
type recognised struct {
	name    string
	source  string
	payload string
	fields  map[string]string
	rebuilt string
}

// recogniseVectors parses each payload, compares the fields and rebuilds.
func recogniseVectors(t *testing.T, kind string, cases []recognised) {
	k := lookup(t, kind)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fields, ok := k.Recognise(c.payload)
			if !ok {
				t.Fatalf("%s does not recognise %q (%s)", kind, c.payload, c.source)
			}
			if !maps.Equal(fields, c.fields) {
				t.Fatalf("fields of %q (%s)\n got: %v\nwant: %v", c.payload, c.source, fields, c.fields)
			}
			got, errs := k.Build(fields)
			if len(errs) > 0 {
				t.Fatalf("parsed fields rejected: %v", errs)
			}
			if got != c.rebuilt {
				t.Fatalf("rebuilt\n got: %q\nwant: %q", got, c.rebuilt)
			}
		})
	}
}

// notRecognised lists payloads a kind's parser must leave alone.
func notRecognised(t *testing.T, kind string, payloads []string) {
	k := lookup(t, kind)
	for _, p := range payloads {
		if fields, ok := k.Recognise(p); ok {
			t.Errorf("%s recognises %q as %v", kind, p, fields)
		}
	}
}
