package kinds_test

import "testing"

func TestUPI(t *testing.T) {
	runVectors(t, "upi", []vector{
		{"simple", "NPCI UPI Linking Specification §1.2: pa, pn, am, cu=INR and tn in that order",
			map[string]string{"pa": "merchant@upi", "pn": "Shop One", "am": "149.50", "tn": "Order 42"},
			"upi://pay?pa=merchant@upi&pn=Shop%20One&am=149.50&cu=INR&tn=Order%2042"},
		{"no amount", "NPCI UPI Linking Specification §1.2: am is optional, the payer enters it",
			map[string]string{"pa": "friend@okaxis", "pn": "A Friend"},
			"upi://pay?pa=friend@okaxis&pn=A%20Friend&cu=INR"},
		{"merchant fields", "NPCI UPI Linking Specification 1.6 example's values (pa, pn, mc, tr, tn, am) in qrforge's order",
			map[string]string{"pa": "zeeshan@npci", "pn": "Zeeshan Khan", "mc": "0000", "tr": "4894398cndhcd23", "tn": "Pay to rohit stores", "am": "1010"},
			"upi://pay?pa=zeeshan@npci&pn=Zeeshan%20Khan&am=1010&cu=INR&tn=Pay%20to%20rohit%20stores&tr=4894398cndhcd23&mc=0000"},
		{"account address", "NPCI account-number VPA form <account>@<IFSC>.ifsc.npci",
			map[string]string{"pa": "1234567890@SBIN0001234.ifsc.npci", "pn": "R. Sharma", "am": "0.5"},
			"upi://pay?pa=1234567890@SBIN0001234.ifsc.npci&pn=R.%20Sharma&am=0.5&cu=INR"},
		{"reserved characters", "percent-encoding of '&', '=', '#' and UTF-8 (%20 for spaces)",
			map[string]string{"pa": "shop-1_a.b@ybl", "pn": "Chai & Co", "tn": "Bill #7 = ₹20", "tr": "A/B 1"},
			"upi://pay?pa=shop-1_a.b@ybl&pn=Chai%20%26%20Co&cu=INR&tn=Bill%20%237%20%3D%20%E2%82%B920&tr=A%2FB%201"},
	})
	runBad(t, "upi", []bad{
		{"missing pa", map[string]string{"pn": "Shop"}, "pa"},
		{"pa without @", map[string]string{"pa": "merchant", "pn": "Shop"}, "pa"},
		{"pa with space", map[string]string{"pa": "mer chant@upi", "pn": "Shop"}, "pa"},
		{"pa with two @", map[string]string{"pa": "a@b@upi", "pn": "Shop"}, "pa"},
		{"missing pn", map[string]string{"pa": "merchant@upi"}, "pn"},
		{"blank pn", map[string]string{"pa": "merchant@upi", "pn": "  "}, "pn"},
		{"three decimals", map[string]string{"pa": "merchant@upi", "pn": "Shop", "am": "10.505"}, "am"},
		{"decimal comma", map[string]string{"pa": "merchant@upi", "pn": "Shop", "am": "10,50"}, "am"},
		{"zero amount", map[string]string{"pa": "merchant@upi", "pn": "Shop", "am": "0.00"}, "am"},
		{"negative amount", map[string]string{"pa": "merchant@upi", "pn": "Shop", "am": "-5"}, "am"},
		{"mcc of three digits", map[string]string{"pa": "merchant@upi", "pn": "Shop", "mc": "541"}, "mc"},
	})
	recogniseVectors(t, "upi", []recognised{
		// The NPCI UPI Linking Specification 1.6 example as two stored
		// copies reproduce it, with their '%' restored to '%20' (the
		// copies are mangled, so the exact string is unconfirmed). tid
		// and refUrl have no field here and are left out.
		{"npci example", "NPCI UPI Linking Specification 1.6 example (reconstructed)",
			"upi://pay?pa=zeeshan@npci&pn=Zeeshan%20Khan&mc=0000&tid=cxnkjcnkjdfdvjndkjfvn&tr=4894398cndhcd23&tn=Pay%20to%20rohit%20stores&am=1010&cu=INR&refUrl=https://rohit.com/orderid=9298yw89e8973e87389e78923ue892",
			map[string]string{"pa": "zeeshan@npci", "pn": "Zeeshan Khan", "mc": "0000", "tr": "4894398cndhcd23", "tn": "Pay to rohit stores", "am": "1010"},
			"upi://pay?pa=zeeshan@npci&pn=Zeeshan%20Khan&am=1010&cu=INR&tn=Pay%20to%20rohit%20stores&tr=4894398cndhcd23&mc=0000"},
		{"simple", "NPCI UPI Linking Specification §1.2",
			"upi://pay?pa=merchant@upi&pn=Shop%20One&am=149.50&cu=INR&tn=Order%2042",
			map[string]string{"pa": "merchant@upi", "pn": "Shop One", "am": "149.50", "tn": "Order 42"},
			"upi://pay?pa=merchant@upi&pn=Shop%20One&am=149.50&cu=INR&tn=Order%2042"},
	})
	notRecognised(t, "upi", []string{"upi://pay?pa=a@b&pn=X&cu=USD", "upi://pay?pn=X", "upi://mandate?pa=a@b&pn=X", "upi://pay?pa=a@b&pn=%zz"})
}

// TestUPIAmountFix checks the amount offered when am is refused.
func TestUPIAmountFix(t *testing.T) {
	k := lookup(t, "upi")
	for am, fix := range map[string]string{"10,50": "10.50", "10.505": "10.51", "0.00": "", "abc": ""} {
		_, errs := k.Build(map[string]string{"pa": "merchant@upi", "pn": "Shop", "am": am})
		if len(errs) != 1 || errs[0].Field != "am" || errs[0].Fix != fix {
			t.Errorf("am %q: errors %+v, want fix %q", am, errs, fix)
		}
	}
}
