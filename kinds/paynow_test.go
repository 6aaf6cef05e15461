package kinds_test

import (
	"strings"
	"testing"
)

func TestPayNow(t *testing.T) {
	runVectors(t, "paynow", []vector{
		// ThunderQuoteTeam/PaynowQR README example (UEN 201403121W, amount
		// 500, editable, expiry 20201231, ref TQINV-10001, ACME Pte Ltd.),
		// as its generator writes it: the output is recorded in a
		// third-party golden file; CRC 4001 recomputed independently.
		{"ThunderQuote README example", "ThunderQuoteTeam/PaynowQR README example, generator output (CRC recomputed)",
			map[string]string{"proxy": "201403121W", "amount": "500", "editable": "true", "expiry": "20201231", "reference": "TQINV-10001", "name": "ACME Pte Ltd."},
			"00020101021226490009SG.PAYNOW010120210201403121W030110408202012315204000053037025403500" +
				"5802SG5913ACME Pte Ltd.6009Singapore62150111TQINV-1000163044001"},
		// jaynzr/go-paynow TestPayNowMobile.
		{"go-paynow mobile", "jaynzr/go-paynow paynow_test.go TestPayNowMobile",
			map[string]string{"proxy": "+6590991234", "amount": "12.34", "editable": "true", "expiry": "99991231", "reference": "INV1234"},
			"00020101021226500009SG.PAYNOW010100211+659099123403011040899991231520400005303702540512.345802SG5902NA6009Singapore62110107INV123463048AF5"},
		// No amount, an expiry: editable by default, point of initiation 11
		// (a UEN proxy, template 26 sub-fields 01 = 2 and 04; CRC B69E
		// recomputed, EMV QRCPS-MPM ID 63).
		{"UEN, expiry, no amount", "PayNow template 26 with a UEN proxy and an expiry (CRC-16/CCITT-FALSE recomputed)",
			map[string]string{"proxy": "201403121W", "expiry": "2030-12-31", "name": "ACME Pte Ltd."},
			"00020101021126490009SG.PAYNOW010120210201403121W03011040820301231520400005303702" +
				"5802SG5913ACME Pte Ltd.6009Singapore6304B69E"},
		// A static code for a mobile number: point of initiation 11, name NA
		// (python sgqr example_qr_code, a PayNow code read from a banking
		// app; CRC 16D8 recomputed).
		{"static mobile code", "python sgqr example (example_qr_code); CRC recomputed",
			map[string]string{"proxy": "8455 4295", "city": "SINGAPORE"},
			"00020101021126380009SG.PAYNOW010100211+6584554295030115204000053037025802SG5902NA6009SINGAPORE630416D8"},
	})
	badCases := []bad{
		{"missing proxy", map[string]string{"amount": "1"}, "proxy"},
		{"mobile of 7 digits", map[string]string{"proxy": "+659123456"}, "proxy"},
		{"mobile not starting 8 or 9", map[string]string{"proxy": "61234567"}, "proxy"},
		{"mobile outside Singapore", map[string]string{"proxy": "+60123456789"}, "proxy"},
		{"UEN of wrong shape", map[string]string{"proxy": "20140312W"[:5] + "X"}, "proxy"},
		{"UEN without check letter", map[string]string{"proxy": "2014031210", "proxy_type": "uen"}, "proxy"},
		{"unknown proxy type", map[string]string{"proxy": "201403121W", "proxy_type": "nric"}, "proxy_type"},
		{"amount with 3 decimals", map[string]string{"proxy": "201403121W", "amount": "1.234"}, "amount"},
		{"amount over 13 characters", map[string]string{"proxy": "201403121W", "amount": "12345678901234"}, "amount"},
		{"editable not a boolean", map[string]string{"proxy": "201403121W", "editable": "maybe"}, "editable"},
		{"expiry not a date", map[string]string{"proxy": "201403121W", "expiry": "20301332"}, "expiry"},
		{"name too long", map[string]string{"proxy": "201403121W", "name": strings.Repeat("N", 26)}, "name"},
		{"city too long", map[string]string{"proxy": "201403121W", "city": "Singapore Central"}, "city"},
		{"reference too long", map[string]string{"proxy": "201403121W", "reference": strings.Repeat("R", 26)}, "reference"},
	}
	runBad(t, "paynow", badCases)
	checkFixes(t, "paynow", badCases)
	recogniseVectors(t, "paynow", []recognised{
		{"ThunderQuote output", "ThunderQuoteTeam/PaynowQR generator output",
			"00020101021226490009SG.PAYNOW010120210201403121W030110408202012315204000053037025403500" +
				"5802SG5913ACME Pte Ltd.6009Singapore62150111TQINV-1000163044001",
			map[string]string{"proxy": "201403121W", "proxy_type": "uen", "amount": "500", "editable": "true", "expiry": "20201231", "name": "ACME Pte Ltd.", "city": "Singapore", "reference": "TQINV-10001"},
			"00020101021226490009SG.PAYNOW010120210201403121W030110408202012315204000053037025403500" +
				"5802SG5913ACME Pte Ltd.6009Singapore62150111TQINV-1000163044001"},
	})
	notRecognised(t, "paynow", []string{
		// An NRIC proxy (type 1) has no field here.
		"00020101021226480009SG.PAYNOW010110209S1234567D03010040820310917520400005303702540525.505802SG5913Demo Merchant6009Singapore62160112INV-DEMO-0016304DC73",
		// A PromptPay code is not PayNow.
		"00020101021129370016A000000677010111011300668012345675802TH530376463046197",
	})
}
