package kinds_test

import "testing"

// The outputs of NBC's KHQR SDK (KHQR SDK Documentation v1.8,
// generateIndividual, generateMerchant, verify and decode), as the
// bakong-khqr package README restates them.
const (
	khqrIndividual = "00020101021229180014jonhsmith@nbcq52045999530311654035005802KH5910Jonh Smith6010PHNOM PENH993400131742250594187011317422506541846304EA38"
	khqrMerchant   = "00020101021130400014jonhsmith@nbcq01061234560208Dev Bank5204599953031165802KH5910Jonh Smith6009Siem Reap621502118551234567863048C75"
	khqrVerify     = "00020101021229180014jonhsmith@nbcq520459995303116540750000.05802KH5910Jonh Smith6010Phnom Penh62150211855123456789917001316257134678276304A96B"
	khqrDecode     = "00020101021229190015john_smith@devb52045999530311654065000.05802KH5910jonh smith6010Phnom Penh62360109#INV-20030313Coffee Klaing0702#299170013161302797275763049ACF"
)

func TestKHQR(t *testing.T) {
	individual := map[string]string{"account": "jonhsmith@nbcq", "amount": "500", "name": "Jonh Smith", "city": "PHNOM PENH", "created": "1742250594187", "expires": "1742250654184"}
	merchant := map[string]string{"account": "jonhsmith@nbcq", "merchant_id": "123456", "bank": "Dev Bank", "name": "Jonh Smith", "city": "Siem Reap", "mobile": "85512345678"}
	runVectors(t, "khqr", []vector{
		{"SDK generateIndividual (dynamic, KHR, expiry)", "KHQR SDK Documentation, generateIndividual output", individual, khqrIndividual},
		{"SDK generateMerchant (static, template 30)", "KHQR SDK Documentation, generateMerchant output", merchant, khqrMerchant},
		{"SDK verify example", "KHQR SDK Documentation, verify example",
			map[string]string{"account": "jonhsmith@nbcq", "amount": "50000.0", "name": "Jonh Smith", "mobile": "85512345678", "created": "1625713467827"}, khqrVerify},
	})
	recogniseVectors(t, "khqr", []recognised{
		{"SDK merchant", "generateMerchant output", khqrMerchant, with(merchant, "currency", "KHR", "mcc", "5999"), khqrMerchant},
		{"SDK decode example", "KHQR SDK Documentation, decode example", khqrDecode,
			map[string]string{"account": "john_smith@devb", "currency": "KHR", "mcc": "5999", "amount": "5000.0", "name": "jonh smith", "city": "Phnom Penh", "bill": "#INV-2003", "store": "Coffee Klaing", "terminal": "#2", "created": "1613027972757"}, khqrDecode},
	})
	runBad(t, "khqr", []bad{
		{"account without @", with(merchant, "account", "jonhsmith"), "account"},
		{"merchant without bank", with(merchant, "bank", ""), "bank"},
		{"unknown currency", with(merchant, "currency", "EUR"), "currency"},
		{"expires before created", with(individual, "expires", "1742250594186"), "expires"},
		{"expires alone", with(individual, "created", ""), "expires"},
		{"created in seconds", with(individual, "created", "1742250594"), "created"},
		{"mobile with letters", with(merchant, "mobile", "855-ABC"), "mobile"},
		{"amount with 3 decimals", with(individual, "amount", "1.234"), "amount"},
	})
	notRecognised(t, "khqr", []string{khqrMerchant[:len(khqrMerchant)-1] + "4", duitNowSample})
}
