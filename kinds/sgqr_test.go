package kinds_test

import "testing"

// Published SGQR labels: the PayNow + SGQR example of the EMVQR
// decoder's README (§2.1.4), and the SOBA EXPRESS label (NETS) shown in
// CNA's SGQR launch article.
const (
	sgqrPayNow = "00020101021126490009SG.PAYNOW010120210202012345X0301104082021123151820007SG.SGQR0113202012345X123020701.000103068286710402010503123060400000708201912315204000053037025802SG5911RATINAN LEE6009SINGAPORE610682876162140110987654321X630429FD"
	sgqrSoba   = "00020101021126810011SG.COM.NETS01231198500065G9912312359000211111686614000308686614019908604108C251800007SG.SGQR01121809072DD85C020701.00010306079027040201050206060400000708201809155204581253037025802SG5912SOBA EXPRESS6009Singapore630457B3"
)

func TestSGQR(t *testing.T) {
	fields := map[string]string{"sgqr_id": "202012345X123", "version": "01.0001", "postal": "828671", "merchant_postal": "828761", "floor": "01", "unit": "123", "misc": "0000", "revised": "20191231",
		"proxy": "202012345X", "proxy_type": "uen", "editable": "true", "expiry": "20211231", "mcc": "0000", "name": "RATINAN LEE", "city": "SINGAPORE", "bill": "987654321X"}
	dynamicBody := "00020101021226490009SG.PAYNOW010120210202012345X0301004082021123151820007SG.SGQR0113202012345X123020701.000103068286710402010503123060400000708201912315204000053037025405" + "12.305802SG5911RATINAN LEE6009SINGAPORE610682876162140110987654321X6304"
	runVectors(t, "sgqr", []vector{
		{"PayNow + SGQR label", "EMVQR decoder README §2.1.4", with(fields, "version", "", "misc", "", "mcc", "", "proxy_type", ""), sgqrPayNow},
		{"dynamic", "derived: amount 12.30, editable defaults to false", with(fields, "amount", "12.30", "editable", ""), dynamicBody + crcOf(dynamicBody)},
	})
	recogniseVectors(t, "sgqr", []recognised{
		{"PayNow + SGQR label", "EMVQR decoder README §2.1.4", sgqrPayNow, fields, sgqrPayNow},
	})
	// The NETS template is signed by NETS and has no fields here: the
	// label is read (SGQR ID, address, name) and its NETS merchant ID
	// kept as the one scheme, but not written back byte for byte.
	k := lookup(t, "sgqr")
	got, ok := k.Recognise(sgqrSoba)
	if !ok || got["sgqr_id"] != "1809072DD85C" || got["postal"] != "079027" || got["revised"] != "20180915" || got["scheme"] != "SG.COM.NETS" || got["name"] != "SOBA EXPRESS" {
		t.Errorf("SOBA EXPRESS label read as %v, %v", got, ok)
	}
	runBad(t, "sgqr", []bad{
		{"no scheme", with(fields, "proxy", "", "proxy_type", "", "editable", "", "expiry", ""), "proxy"},
		{"SGQR ID too short", with(fields, "sgqr_id", "2020123"), "sgqr_id"},
		{"postal of 5 digits", with(fields, "postal", "82867"), "postal"},
		{"revision date not a date", with(fields, "revised", "20191331"), "revised"},
		{"bad UEN", with(fields, "proxy", "12345"), "proxy"},
		{"scheme without ID", with(fields, "scheme", "SG.COM.DASH.WWW"), "scheme_id"},
		{"PayNow as the other scheme", with(fields, "scheme", "SG.PAYNOW", "scheme_id", "1"), "scheme"},
	})
	notRecognised(t, "sgqr", []string{
		// A PayNow code without the SGQR ID template is a paynow, not an sgqr.
		"00020101021126380009SG.PAYNOW010100211+6584554295030115204000053037025802SG5902NA6009SINGAPORE630416D8",
	})
}
