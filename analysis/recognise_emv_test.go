package analysis

import (
	"testing"

	_ "github.com/qrforge/qrforge/kinds"
	"github.com/qrforge/qrforge/registry"
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
		if got := recognise(payload).kind; got != want {
			t.Errorf("%.40s... named %q, want %q", payload, got, want)
		}
	}
	// A scheme no kind knows falls to emvqr, before url and text.
	k, _ := registry.Lookup("emvqr")
	payload, errs := k.Build(map[string]string{"gui": "com.example.pay", "tag": "40", "account": "01=SHOP", "currency": "EUR", "country": "DE", "name": "Cafe", "city": "Berlin"})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	if n := recognise(payload); n.kind != "emvqr" || n.fields["gui"] != "com.example.pay" {
		t.Errorf("unknown scheme named %q %v, want emvqr", n.kind, n.fields)
	}
}
