package kinds_test

import "testing"

func TestPromptPay(t *testing.T) {
	runVectors(t, "promptpay", []vector{
		// dtinth/promptpay-qr index.test.js.
		{"local phone number", "dtinth/promptpay-qr index.test.js (Local phone number)",
			map[string]string{"proxy": "0801234567"},
			"00020101021129370016A000000677010111011300668012345675802TH530376463046197"},
		{"dashed local phone number", "dtinth/promptpay-qr index.test.js (Dashed local phone number)",
			map[string]string{"proxy": "080-123-4567"},
			"00020101021129370016A000000677010111011300668012345675802TH530376463046197"},
		{"international phone number", "dtinth/promptpay-qr index.test.js (Dashed phone number +66-89-123-4567)",
			map[string]string{"proxy": "+66-89-123-4567"},
			"00020101021129370016A000000677010111011300668912345675802TH5303764630429C1"},
		{"amount", "dtinth/promptpay-qr index.test.js (Amount 4.22)",
			map[string]string{"proxy": "000-000-0000", "amount": "4.22"},
			"00020101021229370016A000000677010111011300660000000005802TH530376454044.226304E469"},
		// dtinth's ID vector uses 1111111111111, whose check digit is wrong
		// (it should be 9); this vector is that one with the valid ID
		// 1111111111119, derived with dtinth's layout and its CRC computed
		// by two independent implementations.
		{"national ID (derived)", "derived from dtinth/promptpay-qr (National ID number) with a valid check digit",
			map[string]string{"proxy": "1-1111-11111-11-9"},
			"00020101021129370016A000000677010111021311111111111195802TH530376463048A35"},
		{"national ID with amount (derived)", "derived from dtinth/promptpay-qr layout",
			map[string]string{"proxy": "1111111111119", "amount": "1500.00"},
			"00020101021229370016A000000677010111021311111111111195802TH530376454071500.0063048DCA"},
		{"e-wallet (derived)", "derived: dtinth/promptpay-qr layout with sub-field 03 (e-wallet ID)",
			map[string]string{"proxy": "140000012345678"},
			"00020101021129390016A00000067701011103151400000123456785802TH5303764630486DC"},
	})
	badCases := []bad{
		{"missing proxy", map[string]string{"amount": "1"}, "proxy"},
		// dtinth/promptpay-qr's own ID and tax ID vectors have check digits
		// that do not match.
		{"wrong national ID check digit", map[string]string{"proxy": "1111111111111"}, "proxy"},
		{"wrong tax ID check digit", map[string]string{"proxy": "0123456789012"}, "proxy"},
		{"ID of 12 digits", map[string]string{"proxy": "111111111111"}, "proxy"},
		{"mobile of 8 digits", map[string]string{"proxy": "+66 8123 456"}, "proxy"},
		{"e-wallet of 14 digits", map[string]string{"proxy": "14000001234567", "proxy_type": "ewallet"}, "proxy"},
		{"letters in the proxy", map[string]string{"proxy": "08l234567"}, "proxy"},
		{"unknown proxy type", map[string]string{"proxy": "0801234567", "proxy_type": "bank"}, "proxy_type"},
		{"amount with comma", map[string]string{"proxy": "0801234567", "amount": "4,22"}, "amount"},
		{"amount zero", map[string]string{"proxy": "0801234567", "amount": "0"}, "amount"},
	}
	runBad(t, "promptpay", badCases)
	checkFixes(t, "promptpay", badCases)
	notRecognised(t, "promptpay", []string{
		// A bill payment (template 30, AID ...0112; CRC valid) is not a
		// credit transfer.
		"00020101021230570016A00000067701011201150105536069328560206REF0010304REF25802TH5303764630465E6",
		// dtinth's phone vector with its CRC changed.
		"00020101021129370016A000000677010111011300668012345675802TH530376463046198",
	})
}
