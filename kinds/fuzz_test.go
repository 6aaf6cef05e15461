package kinds_test

import (
	"errors"
	"testing"
	"unicode/utf8"

	"github.com/qrforge/qrforge/registry"
	"github.com/qrforge/qrforge/render"
)

// FuzzKinds feeds arbitrary values to the first four fields of every kind.
// Build must never panic; a payload it accepts must be non-empty, must be
// UTF-8 when the values were, and must either fit a QR code at the kind's
// level or be refused by render only as too long. A payload the kind
// recognises must build again from the fields it is read back to.
func FuzzKinds(f *testing.F) {
	all := registry.All()
	for i, k := range all {
		for _, ex := range k.Examples() {
			v := firstFour(k, ex)
			f.Add(uint8(i), v[0], v[1], v[2], v[3])
		}
	}
	f.Fuzz(func(t *testing.T, kindIndex uint8, a, b, c, d string) {
		k := all[int(kindIndex)%len(all)]
		values := map[string]string{}
		for i, field := range k.Fields() {
			if i == 4 {
				break
			}
			values[field.Name] = []string{a, b, c, d}[i]
		}
		payload, errs := k.Build(values)
		if len(errs) > 0 {
			return
		}
		if payload == "" {
			t.Fatalf("%s: empty payload for %q", k.Name(), values)
		}
		// Each value on its own: two invalid halves can join into UTF-8.
		if utf8.ValidString(a) && utf8.ValidString(b) && utf8.ValidString(c) && utf8.ValidString(d) && !utf8.ValidString(payload) {
			t.Fatalf("%s: payload %q is not UTF-8 for UTF-8 values %q", k.Name(), payload, values)
		}
		// The registry's contract: a kind reads its own payload back to
		// fields that build the same payload.
		if fields, ok := k.Recognise(payload); ok {
			if again, errs := k.Build(fields); len(errs) > 0 || again != payload {
				t.Fatalf("%s: %q read back as %q, which builds %q (%v)", k.Name(), payload, fields, again, errs)
			}
		}
		if _, err := render.Encode(payload, k.Hints().Level); err != nil {
			var tooLong *render.TooLongError
			if !errors.As(err, &tooLong) {
				t.Fatalf("%s: render.Encode(%q): %v", k.Name(), payload, err)
			}
		}
	})
}

// firstFour lists an example's values for the kind's first four fields.
func firstFour(k registry.Entry, ex map[string]string) [4]string {
	var v [4]string
	for i, field := range k.Fields() {
		if i == 4 {
			break
		}
		v[i] = ex[field.Name]
	}
	return v
}
