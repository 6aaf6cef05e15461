package kinds_test

import "testing"

// Published QRIS payloads (their CRCs are checked in emvsamples_test.go):
// the Telkom sticker of the @terryds/qris-decoder README (npmjs.com) and
// the qrContent of Netzme's "QRIS Payment Notification" reference.
const (
	qrisTelkom = "00020101021126680016ID.CO.TELKOM.WWW011893600898026635207502150001952663520750303UMI51440014ID.CO.QRIS.WWW0215ID10211254059720303UMI5204549953033605502015802ID5906BIOLBE6011KAB. MALANG610565168622005091147938120703A03630404CB"
	qrisNetzme = "00020101021126570016ID.CO.SHOPEE.WWW0118936009180000001402020413500303UME51440014ID.CO.QRIS.WWW0215ID10190045322970303UME5204581253033605802ID5925Gulu Gulu Mall Ambassador6015Jakarta Selatan61051294062070703A01630494FA"
)

func TestQRIS(t *testing.T) {
	telkom := map[string]string{"nmid": "ID1021125405972", "criteria": "UMI", "acquirer": "ID.CO.TELKOM.WWW", "pan": "936008980266352075", "merchant_id": "000195266352075", "mcc": "5499", "tip": "01", "name": "BIOLBE", "city": "KAB. MALANG", "postal": "65168", "reference": "114793812", "terminal": "A03"}
	netzme := map[string]string{"nmid": "ID1019004532297", "criteria": "UME", "acquirer": "ID.CO.SHOPEE.WWW", "pan": "936009180000001402", "merchant_id": "1350", "mcc": "5812", "name": "Gulu Gulu Mall Ambassador", "city": "Jakarta Selatan", "postal": "12940", "terminal": "A01"}
	runVectors(t, "qris", []vector{
		// Rebuilt field for field, byte for byte.
		{"Telkom sticker (static, tip prompt)", "@terryds/qris-decoder README", telkom, qrisTelkom},
		{"Shopee merchant (static)", "Netzme QRIS Payment Notification", netzme, qrisNetzme},
		// Dynamic form of the same merchant: 01 = 12 and 54 between 53 and 58.
		{"dynamic", "derived from the Netzme sample with an amount",
			with(netzme, "amount", "55000"),
			"00020101021226570016ID.CO.SHOPEE.WWW0118936009180000001402020413500303UME51440014ID.CO.QRIS.WWW0215ID10190045322970303UME52045812530336054055500058" + "02ID5925Gulu Gulu Mall Ambassador6015Jakarta Selatan61051294062070703A016304" + crcOf("00020101021226570016ID.CO.SHOPEE.WWW0118936009180000001402020413500303UME51440014ID.CO.QRIS.WWW0215ID10190045322970303UME5204581253033605405550005802ID5925Gulu Gulu Mall Ambassador6015Jakarta Selatan61051294062070703A016304")},
	})
	recogniseVectors(t, "qris", []recognised{
		{"Telkom sticker", "@terryds/qris-decoder README", qrisTelkom, telkom, qrisTelkom},
		{"Shopee merchant", "Netzme", qrisNetzme, netzme, qrisNetzme},
	})
	bads := []bad{
		{"NMID without ID", with(telkom, "nmid", "1021125405972"), "nmid"},
		{"NMID short", with(telkom, "nmid", "ID102112540597"), "nmid"},
		{"unknown criterion", with(telkom, "criteria", "XYZ"), "criteria"},
		{"PAN not 9360", with(telkom, "pan", "123456789012345678"), "pan"},
		{"PAN without acquirer", with(telkom, "acquirer", ""), "acquirer"},
		{"QRIS GUID as acquirer", with(telkom, "acquirer", "ID.CO.QRIS.WWW"), "acquirer"},
		{"MCC of 3 digits", with(telkom, "mcc", "549"), "mcc"},
		{"amount with 3 decimals", with(telkom, "amount", "10.001"), "amount"},
		{"amount zero", with(telkom, "amount", "0"), "amount"},
		{"postal of 6 digits", with(telkom, "postal", "651680"), "postal"},
		{"name over 25", with(telkom, "name", "Toko Serba Ada Jaya Makmur Abadi"), "name"},
		{"tip 02 without fee", with(telkom, "tip", "02"), "fee"},
	}
	runBad(t, "qris", bads)
	notRecognised(t, "qris", []string{qrisNetzme[:len(qrisNetzme)-1] + "B", "00020101021126490009SG.PAYNOW010120210202012345X0301104082021123151820007SG.SGQR0113202012345X123020701.000103068286710402010503123060400000708201912315204000053037025802SG5911RATINAN LEE6009SINGAPORE610682876162140110987654321X630429FD"})
}
