package kinds

import (
	"strings"
	"testing"

	"github.com/qrforge/qrforge/registry"
)

// A payload no QR code holds is refused without a fix: the fix once cut
// the longest field (a text, a note, a message) to what fits, and a
// caller who followed it got a code of another text, with its end
// dropped. Which part to leave out only the caller can tell.
func TestTooLongPayloadIsNotCut(t *testing.T) {
	long := strings.Repeat("x", 3000)
	for _, c := range []struct {
		kind   string
		fields map[string]string
		field  string
	}{
		{"text", map[string]string{"text": long}, "text"},
		{"vcard", map[string]string{"fn": "Jane", "note": long}, "note"},
		{"sms", map[string]string{"number": "+15551234567", "message": long}, "message"},
		{"email", map[string]string{"to": "a@example.com", "body": long}, "body"},
		{"event", map[string]string{"title": "Party", "start": "2026-12-24T10:00:00Z", "dtstamp": "2026-12-01T10:00:00Z", "description": long}, "description"},
		// Past a payment standard's own limit: the remittance text is
		// the payer's to shorten, as the payee's name is.
		{"epc", map[string]string{"name": strings.Repeat("n", 70), "iban": "BE72000000001616", "bic": "BPOTBEB1XXX", "amount": "999999999.99", "purpose": "CHAR", "text": strings.Repeat("é", 140), "info": strings.Repeat("i", 70)}, "text"},
	} {
		k, _ := registry.Lookup(c.kind)
		_, errs := k.Build(c.fields)
		if len(errs) != 1 || errs[0].Field != c.field {
			t.Errorf("%s: errors %v, want one on %s", c.kind, errs, c.field)
			continue
		}
		if errs[0].Fix != "" {
			t.Errorf("%s: fix cuts %s to %d of its %d bytes", c.kind, c.field, len(errs[0].Fix), len(long))
		}
		if !strings.Contains(errs[0].Detail, "bytes") {
			t.Errorf("%s: detail %q counts no bytes", c.kind, errs[0].Detail)
		}
	}
}
