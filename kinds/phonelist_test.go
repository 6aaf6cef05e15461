package kinds

import (
	"testing"

	"github.com/qrforge/qrforge/registry"
)

// Two numbers in one phone field: a vCard has one per TEL (RFC 6350
// §6.4.1), so the fix writes the second under phone2 when it is empty;
// where no field is free, or on a MECARD with one TEL, there is none.
func TestPhoneFieldListingTwoNumbers(t *testing.T) {
	two := "+1 555 123 4567, +1 555 765 4321"
	vcard, _ := registry.Lookup("vcard")
	_, errs := vcard.Build(map[string]string{"fn": "Jo", "phone": two})
	if len(errs) != 1 || errs[0].Fix != "+1 555 123 4567" || errs[0].With["phone2"] != "+1 555 765 4321" {
		t.Errorf("vcard phone=%s: %+v, want the fix phone=+1 555 123 4567 with phone2=+1 555 765 4321", two, errs)
	}
	_, errs = vcard.Build(map[string]string{"fn": "Jo", "phone": two, "phone2": "+1 555 000 0000", "phone3": "+1 555 000 0001"})
	if len(errs) != 1 || errs[0].Fix != "" {
		t.Errorf("vcard phone=%s with phone2 and phone3: %+v, want no fix", two, errs)
	}
	_, errs = vcard.Build(map[string]string{"fn": "Jo", "phone": two, "phone2": "+1 555 000 0000"})
	if len(errs) != 1 || errs[0].With["phone3"] != "+1 555 765 4321" {
		t.Errorf("vcard phone=%s with phone2: %+v, want the second number under phone3", two, errs)
	}
	mecard, _ := registry.Lookup("mecard")
	if _, errs := mecard.Build(map[string]string{"ln": "Jo", "phone": two}); len(errs) != 1 || errs[0].Fix != "" {
		t.Errorf("mecard phone=%s: %+v, want no fix", two, errs)
	}
}
