package kinds_test

import "testing"

// duitNowSample is a DuitNow QR read from a public README (natsu90's
// DuitNow notes); PayNet publishes the layout (developer docs V1.5, "QR
// Data Object") but no sample payload.
const duitNowSample = "00020201021126440014A0000006150001010689005302121102928373325204000053034585802MY5910JAMESONLAM6002MY6213060988866479363043A1C"

func TestDuitNow(t *testing.T) {
	fields := map[string]string{"acquirer": "890053", "account": "110292837332", "mcc": "0000", "name": "JAMESONLAM", "city": "MY", "customer": "888664793"}
	dynamicBody := "00020201021226440014A0000006150001010689005302121102928373325204000053034585404" + "9.905802MY5910JAMESONLAM6002MY621306098886647936304"
	runVectors(t, "duitnow", []vector{
		{"published static code", "DuitNow README sample; format indicator 02 (PayNet V1.5 QR Data Object)", with(fields, "mcc", ""), duitNowSample},
		{"dynamic", "derived: amount 9.90, point of initiation 12", with(fields, "amount", "9.90"), dynamicBody + crcOf(dynamicBody)},
	})
	recogniseVectors(t, "duitnow", []recognised{{"published static code", "DuitNow README sample", duitNowSample, fields, duitNowSample}})
	runBad(t, "duitnow", []bad{
		{"acquirer of 5 digits", with(fields, "acquirer", "89005"), "acquirer"},
		{"account with punctuation", with(fields, "account", "1102/92837332"), "account"},
		{"amount with comma", with(fields, "amount", "9,90"), "amount"},
		{"postal of 4 digits", with(fields, "postal", "5045"), "postal"},
		{"MCC letters", with(fields, "mcc", "ABCD"), "mcc"},
	})
	notRecognised(t, "duitnow", []string{duitNowSample[:len(duitNowSample)-1] + "D"})
}
