package service_test

import (
	"testing"

	"github.com/qrforge/qrforge/service"
)

// A JSON number with only zeros after its point is a whole number to an
// integer option (JSON Schema 2020-12 Validation §6.1.1), as MCP's tools
// read it: size 300.0 was refused in a body and drawn by qr_generate. A
// kind's amount keeps its text, zeros and all, and a fraction stays a
// fraction, for the option to refuse.
func TestJSONBodyReadsZeroFractionsOfWholeNumbers(t *testing.T) {
	svc := service.New(service.Config{BaseURL: "https://qr.example"})
	params, _, _, p := svc.JSONParams([]byte(`{"data":"hi","size":300.0,"margin":2.00,"style":{"scale":8.0},"gradientangle":45.5}`), "")
	if p != nil {
		t.Fatal(p.Detail)
	}
	for name, want := range map[string]string{"size": "300", "margin": "2", "scale": "8", "gradientangle": "45.5"} {
		if got := params.Get(name); got != want {
			t.Errorf("%s = %q, want %q", name, got, want)
		}
	}
	params, _, _, p = svc.JSONParams([]byte(`{"iban":"DE89370400440532013000","name":"Shop","amount":10.00}`), "epc")
	if p != nil || params.Get("amount") != "10.00" {
		t.Errorf("epc amount %q (%v), want 10.00 as written", params.Get("amount"), p)
	}
}
