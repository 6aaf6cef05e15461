package analysis

import (
	"testing"

	_ "github.com/qrforge/qrforge/kinds"
	"github.com/qrforge/qrforge/registry"
	"github.com/qrforge/qrforge/render"
)

// TestEMVCodesAreNamedByTheirScheme checks that a national scheme's
// payload is named by its own kind, and that emvqr, which reads any EMV
// merchant-presented code it can write back, names only the rest.
func TestEMVCodesAreNamedByTheirScheme(t *testing.T) {
	for payload, want := range map[string]string{
		// A PayNow code (ThunderQuote generator output).
		"00020101021126380009SG.PAYNOW010100211+6584554295030115204000053037025802SG5902NA6009SINGAPORE630416D8": "paynow",
		// The Telkom QRIS sticker of the @terryds/qris-decoder README.
		"00020101021126680016ID.CO.TELKOM.WWW011893600898026635207502150001952663520750303UMI51440014ID.CO.QRIS.WWW0215ID10211254059720303UMI5204549953033605502015802ID5906BIOLBE6011KAB. MALANG610565168622005091147938120703A03630404CB": "qris",
		// KHQR SDK generateMerchant output.
		"00020101021130400014jonhsmith@nbcq01061234560208Dev Bank5204599953031165802KH5910Jonh Smith6009Siem Reap621502118551234567863048C75": "khqr",
	} {
		if got := recognise(payload, false).kind; got != want {
			t.Errorf("%.40s... named %q, want %q", payload, got, want)
		}
	}
	// A scheme no kind knows falls to emvqr, before url and text.
	k, _ := registry.Lookup("emvqr")
	payload, errs := k.Build(map[string]string{"gui": "com.example.pay", "tag": "40", "account": "01=SHOP", "currency": "EUR", "country": "DE", "name": "Cafe", "city": "Berlin"})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	if n := recognise(payload, false); n.kind != "emvqr" || n.fields["gui"] != "com.example.pay" {
		t.Errorf("unknown scheme named %q %v, want emvqr", n.kind, n.fields)
	}
}

// TestDecodeNamesGS1OnlyWithFNC1: a GS1 element string is the gs1 kind's
// only in a GS1 QR Code, whose data starts with FNC1 in first position
// (ISO/IEC 18004:2015 §7.4.8.2); the same digits without FNC1 are text,
// which /api/v1/gs1 would not write.
func TestDecodeNamesGS1OnlyWithFNC1(t *testing.T) {
	const element = "01095060001343521727123110LOT-ABC"
	gs1, err := render.EncodeGS1(element, render.LevelM)
	if err != nil {
		t.Fatal(err)
	}
	plain, err := render.Encode(element, render.LevelM)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name     string
		sym      *render.Symbol
		wantGS1  bool
		wantKind string
	}{
		{"FNC1 in first position", gs1, true, "gs1"},
		{"no FNC1", plain, false, "text"},
	} {
		codes := Scan(drawn(t, c.sym, 400, 4))
		if len(codes) != 1 || codes[0].Text != element {
			t.Fatalf("%s: read %+v, want %q", c.name, codes, element)
		}
		if got := codes[0]; got.GS1 != c.wantGS1 || got.Kind != c.wantKind {
			t.Errorf("%s: gs1 %v, kind %q (fields %v); want gs1 %v, kind %q", c.name, got.GS1, got.Kind, got.Fields, c.wantGS1, c.wantKind)
		}
	}
}
