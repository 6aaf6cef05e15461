package kinds_test

import "testing"

// Published QR Ph codes: PayMongo's "QR Transfer Resource" (P2P,
// dynamic), a static Maya P2P code from a public generator's tests, and
// the P2M code of "QRPh Part 4 - What is in the QR Code?".
const (
	qrPhPayMongo = "00020101021227770012com.p2pqrpay0111PAEYPHM2XXX02089996440304129858893861530514+63-99137298615204601653036085406123.455802PH5913ENG-19818-ged6006Manila62980012com.p2pqrpay0103***0214+63-99137298620303***0408LOYALTY10506test120605cust10708123456780803***6304ED03"
	qrPhMaya     = "00020101021127780012com.p2pqrpay0111PAPHPHM1XXX02089996440304126390604987410515+63-906-04987415204601653036085802PH5918Bernabe Jr Agustin6010Valenzuela63041475"
	qrPhP2M      = "00020101021228560011ph.ppmi.p2m0111RCBCPHMMXXX0315000600788000696050331052045311530360854071458.315802PH5918LANDMARK Makati DS6006Makati62610012ph.ppmi.qrph03150006007880006960510000043863807082000651988710012ph.ppmi.qrph0151000600788000696~000600788000696~20006519~000043863863049616"
)

func TestQRPh(t *testing.T) {
	paymongo := map[string]string{"mode": "p2p", "bic": "PAEYPHM2XXX", "payment_type": "99964403", "account": "985889386153", "account_mobile": "+63-9913729861", "mcc": "6016", "amount": "123.45", "name": "ENG-19818-ged", "city": "Manila",
		"bill": "***", "mobile": "+63-9913729862", "store": "***", "loyalty": "LOYALTY1", "reference": "test12", "customer": "cust1", "terminal": "12345678", "purpose": "***"}
	maya := map[string]string{"mode": "p2p", "bic": "PAPHPHM1XXX", "payment_type": "99964403", "account": "639060498741", "account_mobile": "+63-906-0498741", "mcc": "6016", "name": "Bernabe Jr Agustin", "city": "Valenzuela"}
	runVectors(t, "qrph", []vector{
		{"PayMongo P2P (dynamic, every 62 field)", "developers.paymongo.com QR Transfer Resource", with(paymongo, "mode", "", "payment_type", "", "mcc", ""), qrPhPayMongo},
		{"Maya P2P (static)", "PayMayaLib test", maya, qrPhMaya},
	})
	recogniseVectors(t, "qrph", []recognised{
		{"PayMongo P2P", "PayMongo QR Transfer Resource", qrPhPayMongo, paymongo, qrPhPayMongo},
		{"Maya P2P", "PayMayaLib test", qrPhMaya, maya, qrPhMaya},
		// The P2M code's 28-05, store label and proprietary template 88
		// have no fields: it is read and written back without them.
		{"P2M department store", "afcsblog.ingonoka.com QRPh Part 4", qrPhP2M,
			map[string]string{"mode": "p2m", "bic": "RCBCPHMMXXX", "account": "000600788000696", "mcc": "5311", "amount": "1458.31", "name": "LANDMARK Makati DS", "city": "Makati", "store": "000600788000696", "reference": "0000438638", "terminal": "20006519"},
			withCRCTest("00020101021228490011ph.ppmi.p2m0111RCBCPHMMXXX031500060078800069652045311530360854071458.315802PH5918LANDMARK Makati DS6006Makati62610012ph.ppmi.qrph031500060078800069605100000438638070820006519")},
	})
	runBad(t, "qrph", []bad{
		{"BIC outside PH", with(maya, "bic", "DEUTDEFFXXX"), "bic"},
		{"account too long", with(maya, "account", "12345678901234567890"), "account"},
		{"mobile not +63", with(maya, "account_mobile", "09060498741"), "account_mobile"},
		{"payment type of 7 digits", with(maya, "payment_type", "9996440"), "payment_type"},
		{"p2m without MCC", map[string]string{"mode": "p2m", "bic": "RCBCPHMMXXX", "account": "0006", "name": "X", "city": "Y"}, "mcc"},
		{"postal of 5 digits", with(maya, "postal", "12345"), "postal"},
	})
	notRecognised(t, "qrph", []string{qrPhMaya[:len(qrPhMaya)-1] + "6", khqrMerchant})
}

// withCRCTest closes body with "6304" and its CRC (crcOf).
func withCRCTest(body string) string { return body + "6304" + crcOf(body+"6304") }
