package kinds

import (
	"testing"

	"github.com/qrforge/qrforge/registry"
)

// Element strings of checked fields: the GTIN written to 14 digits, the
// fixed-length AIs first, a group separator only between variable-length
// fields (GS1 General Specifications §7.8.5.2; the first example is
// §2.1's GTIN 09506000134352).
func TestGS1ElementString(t *testing.T) {
	for _, c := range []struct {
		in   GS1
		want string
	}{
		{GS1{GTIN: "09506000134352"}, "0109506000134352"},
		{GS1{GTIN: "4006381333931", Expiry: "2027-12-31", Batch: "LOT-ABC"}, "0104006381333931172712311" + "0LOT-ABC"},
		{GS1{GTIN: "09520123456788", Batch: "ABC1", Serial: "12345", Expiry: "180426"}, "01095201234567881718042610ABC1\x1d2112345"},
		{GS1{GTIN: "09520123456788", Serial: "S%1"}, "010952012345678821S%1"},
	} {
		g := c.in
		if errs := checkGS1(&g); len(errs) > 0 {
			t.Fatalf("%+v: %v", c.in, errs)
		}
		if got := gs1ElementString(g); got != c.want {
			t.Errorf("%+v: %q, want %q", c.in, got, c.want)
		}
	}
}

// The gs1 kind's element form: the payload is the element string, the
// kind asks for FNC1 in first position, and decode recognises it back.
func TestGS1ElementForm(t *testing.T) {
	k, ok := registry.Lookup("gs1")
	if !ok {
		t.Fatal("gs1 is not registered")
	}
	values := map[string]string{"gtin": "9506000134352", "batch": "LOT-ABC", "serial": "1234", "expiry": "2027-12-31", "form": "Element"}
	payload, errs := k.Build(values)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	if want := "010950600013435217271231" + "10LOT-ABC\x1d" + "211234"; payload != want {
		t.Errorf("payload %q, want %q", payload, want)
	}
	if !k.GS1(values) {
		t.Error("form element is not marked for FNC1")
	}
	if k.GS1(map[string]string{"gtin": "9506000134352"}) || k.GS1(map[string]string{"gtin": "9506000134352", "form": "link"}) {
		t.Error("a Digital Link is marked for FNC1")
	}
	got, ok := k.Recognise(payload)
	if !ok || got["gtin"] != "09506000134352" || got["batch"] != "LOT-ABC" || got["serial"] != "1234" || got["expiry"] != "271231" || got["form"] != "element" {
		t.Errorf("recognised %v, %v", got, ok)
	}
	if _, errs := k.Build(map[string]string{"gtin": "9506000134352", "form": "element", "domain": "https://brand.example.com"}); len(errs) != 1 || errs[0].Field != "domain" || errs[0].Fix != "" {
		t.Errorf("a domain in the element form: %v", errs)
	}
}

// Strings that are not what the element form writes are not recognised:
// a wrong check digit, another AI, an empty or trailing field.
func TestParseGS1ElementRefuses(t *testing.T) {
	for _, s := range []string{
		"0109506000134353",
		"0109506000134352" + "3103000123",
		"0109506000134352" + "10\x1d211",
		"0109506000134352" + "10A\x1d",
		"0109506000134352" + "171313",
		"0109506000134352" + "10A B",
		"01095060001343",
		"12345",
	} {
		if g, ok := parseGS1Element(s); ok {
			t.Errorf("%q recognised as %+v", s, g)
		}
	}
}
