package kinds_test

import (
	"strings"
	"testing"
)

func TestVietQR(t *testing.T) {
	runVectors(t, "vietqr", []vector{
		// xuannghia/vietnam-qr-pay test/test-vietqr.spec.ts.
		{"vietnam-qr-pay test", "xuannghia/vietnam-qr-pay test-vietqr.spec.ts (BIN 970416, 257678859, 1000 VND)",
			map[string]string{"bank": "970416", "account": "257678859", "amount": "1000", "purpose": "Chuyen tien"},
			"00020101021238530010A0000007270123000697041601092576788590208QRIBFTTA5303704540410005802VN62150811Chuyen tien6304BBB8"},
		// Template 38 as NAPAS's generator writes it (NAPAS QR Format
		// §5.2.3.2), the CRC recomputed (EMV QRCPS-MPM ID 63).
		{"NAPAS generator example", "NAPAS QR Format v1.5.2 §5.2.3.2 (template 38), as the NAPAS generator writes it; CRC-16/CCITT-FALSE recomputed",
			map[string]string{"bank": "970415", "account": "0011001932418", "amount": "120000", "purpose": "ung ho lu lut"},
			"00020101021238570010A00000072701270006970415011300110019324180208QRIBFTTA530370454061200005802VN62170813ung ho lu lut6304C15C"},
		// The same purpose typed with its Vietnamese accents, which the
		// purpose's ASCII (EMV "ans") format leaves out.
		{"accents removed", "the NAPAS generator example, purpose typed \"ủng hộ lũ lụt\" (62-08 is EMV \"ans\")",
			map[string]string{"bank": "970415", "account": "0011-0019-32418", "amount": "120000", "purpose": "ủng hộ lũ lụt"},
			"00020101021238570010A00000072701270006970415011300110019324180208QRIBFTTA530370454061200005802VN62170813ung ho lu lut6304C15C"},
		// viet_qr_pay (the PHP port of vietnam-qr-pay) README: no amount,
		// point of initiation 11.
		{"no amount", "cuongnm viet_qr_pay README (QRPay::initVietQR output)",
			map[string]string{"bank": "970416", "account": "257678859"},
			"00020101021138530010A0000007270123000697041601092576788590208QRIBFTTA53037045802VN6304AE9F"},
		// A payOS payment link's VietQR, recorded in a third-party
		// repository: a virtual account of letters and digits.
		{"payOS virtual account", "payOS createPaymentLink qrCode (recorded response; CRC recomputed)",
			map[string]string{"bank": "970422", "account": "VQRQABRLS0448", "amount": "2000", "purpose": "18f8746b181045f0a2ce"},
			"00020101021238570010A000000727012700069704220113VQRQABRLS04480208QRIBFTTA5303704540420005802VN6224082018f8746b181045f0a2ce63040FC0"},
		// Derived: transfer to a card (service QRIBFTTC), CRC computed by
		// an independent implementation.
		{"card (derived)", "derived: NAPAS service code QRIBFTTC, CRC cross-checked",
			map[string]string{"bank": "970436", "account": "9704 3612 3456 7890", "service": "card"},
			"00020101021138600010A00000072701300006970436011697043612345678900208QRIBFTTC53037045802VN6304E536"},
	})
	badCases := []bad{
		{"missing bank", map[string]string{"account": "257678859"}, "bank"},
		{"bank of 5 digits", map[string]string{"bank": "97041", "account": "257678859"}, "bank"},
		{"bank with letters", map[string]string{"bank": "VCB001", "account": "257678859"}, "bank"},
		{"missing account", map[string]string{"bank": "970416"}, "account"},
		{"account over 19", map[string]string{"bank": "970416", "account": strings.Repeat("1", 20)}, "account"},
		{"account with a slash", map[string]string{"bank": "970416", "account": "2576/78859"}, "account"},
		{"unknown service", map[string]string{"bank": "970416", "account": "257678859", "service": "wallet"}, "service"},
		{"amount with decimals", map[string]string{"bank": "970416", "account": "257678859", "amount": "1000.50"}, "amount"},
		{"amount with separators", map[string]string{"bank": "970416", "account": "257678859", "amount": "120,000"}, "amount"},
		{"amount zero", map[string]string{"bank": "970416", "account": "257678859", "amount": "0"}, "amount"},
		{"amount over 13 digits", map[string]string{"bank": "970416", "account": "257678859", "amount": strings.Repeat("9", 14)}, "amount"},
		{"purpose over 25", map[string]string{"bank": "970416", "account": "257678859", "purpose": strings.Repeat("p", 26)}, "purpose"},
		{"purpose with no ASCII form", map[string]string{"bank": "970416", "account": "257678859", "purpose": "越南"}, "purpose"},
	}
	runBad(t, "vietqr", badCases)
	checkFixes(t, "vietqr", badCases)
	notRecognised(t, "vietqr", []string{
		// vietnam-qr-pay's invalid-CRC case.
		"00020101021238530010A0000007270123000697041601092576788590208QRIBFTTA5303704540410005802VN62150811Chuyen tien6304BBB5",
		// A PayNow code.
		"00020101021126380009SG.PAYNOW010100211+6584554295030115204000053037025802SG5902NA6009SINGAPORE630416D8",
	})
}

// An amount's fix keeps its value: 50.000, fifty thousand dong as
// Vietnamese writes it, was once fixed to 50. A mark before three digits
// could group thousands or start decimals, so it gets no fix.
func TestVietQRAmountFix(t *testing.T) {
	k := lookup(t, "vietqr")
	for given, want := range map[string]string{
		"50.000":     "",
		"120,000":    "",
		"1.000.000":  "1000000",
		"50 000 ₫":   "50000",
		"VND 120000": "120000",
		"1000.50":    "",
		"1000.00":    "1000",
	} {
		_, errs := k.Build(map[string]string{"bank": "970416", "account": "257678859", "amount": given})
		if len(errs) != 1 || errs[0].Field != "amount" || errs[0].Fix != want {
			t.Errorf("amount %q: errors %+v, want one on amount with fix %q", given, errs, want)
		}
	}
}
