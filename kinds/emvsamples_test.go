package kinds

import (
	"fmt"
	"testing"
)

// emvPublished are the published payloads the EMV profiles are tested
// against, each with its source. Every one must carry a CRC that our
// CRC-16/CCITT-FALSE reproduces over the payload up to and including
// "6304" and must split into data objects; the kinds' tests rebuild or
// read them field by field.
var emvPublished = []struct{ source, payload string }{
	// QRIS: @terryds/qris-decoder README on npmjs.com (a Telkom QRIS sticker).
	{"npmjs.com/package/@terryds/qris-decoder README", "00020101021126680016ID.CO.TELKOM.WWW011893600898026635207502150001952663520750303UMI51440014ID.CO.QRIS.WWW0215ID10211254059720303UMI5204549953033605502015802ID5906BIOLBE6011KAB. MALANG610565168622005091147938120703A03630404CB"},
	// QRIS: Netzme API reference, "QRIS Payment Notification" qrContent.
	{"apidocs.netzme.id, QRIS Payment Notification", "00020101021126570016ID.CO.SHOPEE.WWW0118936009180000001402020413500303UME51440014ID.CO.QRIS.WWW0215ID10190045322970303UME5204581253033605802ID5925Gulu Gulu Mall Ambassador6015Jakarta Selatan61051294062070703A01630494FA"},
	// DuitNow: natsu90/duitnowqr-razer and the DuitNow sample read in a
	// public README (no PayNet sample is published).
	{"github.com/natsu90 DuitNow README sample string", "00020201021126440014A0000006150001010689005302121102928373325204000053034585802MY5910JAMESONLAM6002MY6213060988866479363043A1C"},
	// SGQR with PayNow: EMVQR decoder documentation, §2.1.4 Example.
	{"EMVQR EmvMerchantDecoder README §2.1.4", "00020101021126490009SG.PAYNOW010120210202012345X0301104082021123151820007SG.SGQR0113202012345X123020701.000103068286710402010503123060400000708201912315204000053037025802SG5911RATINAN LEE6009SINGAPORE610682876162140110987654321X630429FD"},
	// SGQR with NETS: the SOBA EXPRESS label of CNA's SGQR launch article.
	{"channelnewsasia.com SGQR launch article (SOBA EXPRESS)", "00020101021126810011SG.COM.NETS01231198500065G9912312359000211111686614000308686614019908604108C251800007SG.SGQR01121809072DD85C020701.00010306079027040201050206060400000708201809155204581253037025802SG5912SOBA EXPRESS6009Singapore630457B3"},
	// KHQR: NBC KHQR SDK documentation outputs, as the bakong-khqr
	// package README restates them.
	{"KHQR SDK generateIndividual output", "00020101021229180014jonhsmith@nbcq52045999530311654035005802KH5910Jonh Smith6010PHNOM PENH993400131742250594187011317422506541846304EA38"},
	{"KHQR SDK generateMerchant output", "00020101021130400014jonhsmith@nbcq01061234560208Dev Bank5204599953031165802KH5910Jonh Smith6009Siem Reap621502118551234567863048C75"},
	{"KHQR SDK verify example", "00020101021229180014jonhsmith@nbcq520459995303116540750000.05802KH5910Jonh Smith6010Phnom Penh62150211855123456789917001316257134678276304A96B"},
	{"KHQR SDK decode example", "00020101021229190015john_smith@devb52045999530311654065000.05802KH5910jonh smith6010Phnom Penh62360109#INV-20030313Coffee Klaing0702#299170013161302797275763049ACF"},
	// QR Ph P2P: PayMongo API reference, "QR Transfer Resource".
	{"developers.paymongo.com QR Transfer Resource", "00020101021227770012com.p2pqrpay0111PAEYPHM2XXX02089996440304129858893861530514+63-99137298615204601653036085406123.455802PH5913ENG-19818-ged6006Manila62980012com.p2pqrpay0103***0214+63-99137298620303***0408LOYALTY10506test120605cust10708123456780803***6304ED03"},
	// QR Ph P2P static: a Maya code in a public generator's test.
	{"PayMayaLib test (static Maya P2P code)", "00020101021127780012com.p2pqrpay0111PAPHPHM1XXX02089996440304126390604987410515+63-906-04987415204601653036085802PH5918Bernabe Jr Agustin6010Valenzuela63041475"},
	// QR Ph P2M: "QRPh Part 4 - What is in the QR Code?" (afcsblog.ingonoka.com).
	{"afcsblog.ingonoka.com QRPh Part 4", "00020101021228560011ph.ppmi.p2m0111RCBCPHMMXXX0315000600788000696050331052045311530360854071458.315802PH5918LANDMARK Makati DS6006Makati62610012ph.ppmi.qrph03150006007880006960510000043863807082000651988710012ph.ppmi.qrph0151000600788000696~000600788000696~20006519~000043863863049616"},
	// Bharat QR: Razorpay QR Codes API documentation (Bharat QR example).
	{"Razorpay QR Codes API docs, Bharat QR example", "000201010212021643926300000000850415540461000000008061661005900000000890827YESB0CMSNOC222333004882700126430010A0000005240117razorpaybqr@icici02041.1027350010A0000005240117RZPGT8ildsFTgS5Sp52047531530335654041.105802IN5906zxcbmn6005Delhi610611008562300514GT8ildsFTgS5Sp070838R004506304B6A9"},
}

func TestEMVPublishedSamplesCRC(t *testing.T) {
	for _, s := range emvPublished {
		body, sum := s.payload[:len(s.payload)-4], s.payload[len(s.payload)-4:]
		if got := fmt.Sprintf("%04X", crc16CCITTFalse(body)); got != sum {
			t.Errorf("%s: CRC %s, the sample carries %s", s.source, got, sum)
		}
		if _, ok := emvParse(s.payload); !ok {
			t.Errorf("%s: does not split into data objects", s.source)
		}
	}
}

// TestEMVMerchantWritesEveryRootObjectInOrder checks the root writer's
// order (EMV QRCPS-MPM §4 Table 4.1) and the point of initiation.
func TestEMVMerchantWritesEveryRootObjectInOrder(t *testing.T) {
	m := emvMerchant{
		Accounts: []emvObject{{"26", "0002AB"}}, MCC: "5411", Currency: "702", Amount: "1.5", Tip: "02", FeeFixed: "0.5",
		Country: "SG", Name: "N", City: "C", Postal: "123456", Additional: []emvObject{{"05", "R"}}, After: []emvObject{{"99", "0001X"}},
	}
	want := withCRC("000201010212260600" + "02AB" + "52045411530370254031.55502025603" + "0.5" + "5802SG5901N6001C6106123456620505" + "01R" + "99050001X")
	if got := m.payload(); got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
	m.Amount = ""
	if got := m.payload(); got[10:12] != "11" {
		t.Fatalf("no amount: point of initiation %s, want 11", got[10:12])
	}
}
