package kinds_test

import (
	"strings"
	"testing"
)

// bharatQRRazorpay is the Bharat QR string of Razorpay's QR Codes API
// documentation: Visa, Mastercard and RuPay merchant PANs, IFSC and
// account, UPI templates 26 and 27, dynamic (1.10 rupees).
const bharatQRRazorpay = "000201010212021643926300000000850415540461000000008061661005900000000890827YESB0CMSNOC222333004882700126430010A0000005240117razorpaybqr@icici02041.1027350010A0000005240117RZPGT8ildsFTgS5Sp52047531530335654041.105802IN5906zxcbmn6005Delhi610611008562300514GT8ildsFTgS5Sp070838R004506304B6A9"

func TestBharatQR(t *testing.T) {
	fields := map[string]string{"visa": "4392630000000085", "mastercard": "540461000000008", "rupay": "6100590000000089", "ifsc_account": "YESB0CMSNOC2223330048827001", "vpa": "razorpaybqr@icici", "min_amount": "1.10", "tx_ref": "RZPGT8ildsFTgS5Sp",
		"mcc": "7531", "amount": "1.10", "name": "zxcbmn", "city": "Delhi", "postal": "110085", "reference": "GT8ildsFTgS5Sp", "terminal": "38R00450"}
	staticBody := "00020101021126330010A0000005240115shop.one@okaxis52045411530335658" + "02IN5908Shop One6009Bengaluru61065600016304"
	runVectors(t, "bharatqr", []vector{
		{"Razorpay Bharat QR (dynamic)", "Razorpay QR Codes API docs", fields, bharatQRRazorpay},
		{"UPI only (static)", "derived: UPI template 26 alone", map[string]string{"vpa": "shop.one@okaxis", "mcc": "5411", "name": "Shop One", "city": "Bengaluru", "postal": "560001"}, staticBody + crcOf(staticBody)},
	})
	recogniseVectors(t, "bharatqr", []recognised{{"Razorpay Bharat QR", "Razorpay QR Codes API docs", bharatQRRazorpay, fields, bharatQRRazorpay}})
	runBad(t, "bharatqr", []bad{
		{"no way to pay", map[string]string{"mcc": "5411", "name": "Shop", "city": "Pune"}, "vpa"},
		{"Visa PAN of 12 digits", with(fields, "visa", "439263000000"), "visa"},
		{"VPA without @", with(fields, "vpa", "razorpaybqr"), "vpa"},
		{"IFSC without the 0", with(fields, "ifsc_account", "YESB1CMSNOC222333004882700"), "ifsc_account"},
		{"PIN starting 0", with(fields, "postal", "010085"), "postal"},
		{"min amount negative", with(fields, "min_amount", "-1"), "min_amount"},
		{"missing MCC", with(fields, "mcc", ""), "mcc"},
		// Template 26's value has at most 99 characters: these once
		// made the encoder panic, a 500.
		{"min amount of 300 digits", with(fields, "min_amount", strings.Repeat("9", 300)), "min_amount"},
		{"VPA of 85 characters", with(fields, "vpa", strings.Repeat("a", 79)+"@icici", "min_amount", ""), "vpa"},
		{"VPA and min amount past 99 characters", with(fields, "vpa", strings.Repeat("a", 75)+"@icici"), "min_amount"},
	})
	notRecognised(t, "bharatqr", []string{bharatQRRazorpay[:len(bharatQRRazorpay)-1] + "8", qrPhMaya})
}
