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
		{"specification sample, every table parameter", "NPCI UPI Linking Specifications 1.6 §2.1 Hyperlink sample (as reproduced in bgagan911/RandomDocs, UPI Deep Linking Implementation Samples), in qrforge's order",
			map[string]string{"pa": "nadeem@npci", "pn": "nadeem chinna", "mc": "0000", "tid": "cxnkjcnkjdfdvjndkjfvn", "tr": "4894398cndhcd23", "tn": "Pay to mystar store", "am": "10", "cu": "INR", "url": "https://mystar.com/orderid=9298yw89e8973e87389e78923ue892"},
			"upi://pay?pa=nadeem@npci&pn=nadeem%20chinna&am=10&cu=INR&tn=Pay%20to%20mystar%20store&tr=4894398cndhcd23&mc=0000&tid=cxnkjcnkjdfdvjndkjfvn&url=https://mystar.com/orderid=9298yw89e8973e87389e78923ue892"},
		{"minimum amount, mode and purpose", "§1.2 table (mam), Juspay Initiation Mode (22 online dynamic QR code) and Purpose Code (00 default)",
			map[string]string{"pa": "merchant@upi", "pn": "Shop One", "am": "500.00", "mam": "100", "mode": "22", "purpose": "00", "cu": "inr"},
			"upi://pay?pa=merchant@upi&pn=Shop%20One&am=500.00&mam=100&cu=INR&mode=22&purpose=00"},
		{"minimum amount alone, equal bounds", "§1.2 table: mam without am; mam equal to am is no more than it",
			map[string]string{"pa": "merchant@upi", "pn": "Shop One", "mam": "99.99", "mode": "00", "purpose": "99"},
			"upi://pay?pa=merchant@upi&pn=Shop%20One&mam=99.99&cu=INR&mode=00&purpose=99"},
		{"link with its own query", "RFC 3986 §3.4: '&' and '#' inside the url value percent-encoded, ':' '/' '?' '=' kept",
			map[string]string{"pa": "merchant@upi", "pn": "Shop", "am": "1", "mam": "1", "url": "https://shop.example/bill?id=7&k=ab#top", "tid": "PSP 1/2&3", "mode": "24"},
			"upi://pay?pa=merchant@upi&pn=Shop&am=1&mam=1&cu=INR&tid=PSP%201%2F2%263&url=https://shop.example/bill?id=7%26k=ab%23top&mode=24"},
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
		{"minimum above the amount", map[string]string{"pa": "merchant@upi", "pn": "Shop", "am": "100", "mam": "100.01"}, "mam"},
		{"minimum with a comma", map[string]string{"pa": "merchant@upi", "pn": "Shop", "mam": "10,50"}, "mam"},
		{"minimum of zero", map[string]string{"pa": "merchant@upi", "pn": "Shop", "mam": "0"}, "mam"},
		{"minimum with three decimals", map[string]string{"pa": "merchant@upi", "pn": "Shop", "am": "20", "mam": "1.005"}, "mam"},
		{"currency other than INR", map[string]string{"pa": "merchant@upi", "pn": "Shop", "cu": "USD"}, "cu"},
		{"http link", map[string]string{"pa": "merchant@upi", "pn": "Shop", "url": "http://shop.example/bill/7"}, "url"},
		{"link without a scheme", map[string]string{"pa": "merchant@upi", "pn": "Shop", "url": "shop.example/bill/7"}, "url"},
		{"link without a host", map[string]string{"pa": "merchant@upi", "pn": "Shop", "url": "https:///bill/7"}, "url"},
		{"link with a space", map[string]string{"pa": "merchant@upi", "pn": "Shop", "url": "https://shop.example/bill 7"}, "url"},
		{"script link", map[string]string{"pa": "merchant@upi", "pn": "Shop", "url": "javascript:alert(1)"}, "url"},
		{"transaction id with a control character", map[string]string{"pa": "merchant@upi", "pn": "Shop", "tid": "T1\x07"}, "tid"},
		{"mode of one digit", map[string]string{"pa": "merchant@upi", "pn": "Shop", "mode": "4"}, "mode"},
		{"mode beyond the list", map[string]string{"pa": "merchant@upi", "pn": "Shop", "mode": "25"}, "mode"},
		{"mode with letters", map[string]string{"pa": "merchant@upi", "pn": "Shop", "mode": "QR"}, "mode"},
		{"purpose of three digits", map[string]string{"pa": "merchant@upi", "pn": "Shop", "purpose": "100"}, "purpose"},
		{"purpose with a letter", map[string]string{"pa": "merchant@upi", "pn": "Shop", "purpose": "0A"}, "purpose"},
		{"note that reads as no value", map[string]string{"pa": "merchant@upi", "pn": "Shop", "tn": "null"}, "tn"},
		{"payee name that reads as no value", map[string]string{"pa": "merchant@upi", "pn": "null"}, "pn"},
	})
	runFixed(t, "upi", []fixed{
		{"minimum with a comma", map[string]string{"pa": "merchant@upi", "pn": "Shop", "mam": "10,50"}, "mam", "§1.2", "10.50"},
		{"http link: never changed", map[string]string{"pa": "merchant@upi", "pn": "Shop", "url": "http://shop.example/bill/7"}, "url", "https", noFix},
		{"link without a scheme: never completed", map[string]string{"pa": "merchant@upi", "pn": "Shop", "url": "shop.example/bill/7"}, "url", "https", noFix},
		{"transaction id with a control character: never dropped", map[string]string{"pa": "merchant@upi", "pn": "Shop", "tid": "T1\x07"}, "tid", "control character", noFix},
		{"mode of one digit", map[string]string{"pa": "merchant@upi", "pn": "Shop", "mode": "4"}, "mode", "Initiation Mode", "04"},
		{"purpose of one digit", map[string]string{"pa": "merchant@upi", "pn": "Shop", "purpose": "7"}, "purpose", "Purpose Code", "07"},
		{"misspelt currency", map[string]string{"pa": "merchant@upi", "pn": "Shop", "cu": "INRR"}, "cu", "INR", "INR"},
	})
	// No fix where only the payee knows the value meant: another code,
	// another currency, or which of two amounts is wrong.
	for _, extra := range []map[string]string{{"mode": "25"}, {"mode": "QR"}, {"purpose": "100"}, {"cu": "USD"}, {"am": "100", "mam": "150"}} {
		fields := map[string]string{"pa": "merchant@upi", "pn": "Shop"}
		for k, v := range extra {
			fields[k] = v
		}
		_, errs := lookup(t, "upi").Build(fields)
		if len(errs) != 1 || errs[0].Fix != "" {
			t.Errorf("%v: errors %+v, want one with no fix", extra, errs)
		}
	}
	recogniseVectors(t, "upi", []recognised{
		// The NPCI UPI Linking Specification 1.6 example as two stored
		// copies reproduce it, with their '%' restored to '%20' (the
		// copies are mangled, so the exact string is unconfirmed). refUrl,
		// the name the copies use, is read as url.
		{"npci example", "NPCI UPI Linking Specification 1.6 example (reconstructed)",
			"upi://pay?pa=zeeshan@npci&pn=Zeeshan%20Khan&mc=0000&tid=cxnkjcnkjdfdvjndkjfvn&tr=4894398cndhcd23&tn=Pay%20to%20rohit%20stores&am=1010&cu=INR&refUrl=https://rohit.com/orderid=9298yw89e8973e87389e78923ue892",
			map[string]string{"pa": "zeeshan@npci", "pn": "Zeeshan Khan", "mc": "0000", "tid": "cxnkjcnkjdfdvjndkjfvn", "tr": "4894398cndhcd23", "tn": "Pay to rohit stores", "am": "1010", "url": "https://rohit.com/orderid=9298yw89e8973e87389e78923ue892"},
			"upi://pay?pa=zeeshan@npci&pn=Zeeshan%20Khan&am=1010&cu=INR&tn=Pay%20to%20rohit%20stores&tr=4894398cndhcd23&mc=0000&tid=cxnkjcnkjdfdvjndkjfvn&url=https://rohit.com/orderid=9298yw89e8973e87389e78923ue892"},
		// mam=null is no minimum (§1.2 note: "mam=null" or "mam=" leaves
		// the amount fixed).
		{"specification sample with mam=null", "NPCI UPI Linking Specifications 1.6 §2.1 Hyperlink sample (bgagan911/RandomDocs reproduction)",
			"upi://pay?pa=nadeem@npci&pn=nadeem%20chinna&mc=0000&tid=cxnkjcnkjdfdvjndkjfvn&tr=4894398cndhcd23&tn=Pay%20to%20mystar%20store&am=10&mam=null&cu=INR&url=https://mystar.com/orderid=9298yw89e8973e87389e78923ue892",
			map[string]string{"pa": "nadeem@npci", "pn": "nadeem chinna", "mc": "0000", "tid": "cxnkjcnkjdfdvjndkjfvn", "tr": "4894398cndhcd23", "tn": "Pay to mystar store", "am": "10", "url": "https://mystar.com/orderid=9298yw89e8973e87389e78923ue892"},
			"upi://pay?pa=nadeem@npci&pn=nadeem%20chinna&am=10&cu=INR&tn=Pay%20to%20mystar%20store&tr=4894398cndhcd23&mc=0000&tid=cxnkjcnkjdfdvjndkjfvn&url=https://mystar.com/orderid=9298yw89e8973e87389e78923ue892"},
		{"payment gateway intent with mode and purpose", "WhatsApp Business Platform documentation, Payments API India: a payment gateway's UPI intent link (its stray spaces before am removed)",
			"upi://pay?pa=cfsukoonaa@yesbank&pn=Sukoon&tr=877376394&am=10.00&cu=INR&mode=00&purpose=00&mc=5399&tn=877376394",
			map[string]string{"pa": "cfsukoonaa@yesbank", "pn": "Sukoon", "tr": "877376394", "am": "10.00", "mode": "00", "purpose": "00", "mc": "5399", "tn": "877376394"},
			"upi://pay?pa=cfsukoonaa@yesbank&pn=Sukoon&am=10.00&cu=INR&tn=877376394&tr=877376394&mc=5399&mode=00&purpose=00"},
		// orgid has no field: the rebuilt link names no PSP.
		{"PSP static QR with orgid", "a PhonePe merchant QR as quoted in public source code (mode 02, purpose 00, orgid 180001)",
			"upi://pay?mode=02&pa=Q596211014@ybl&purpose=00&mc=0000&pn=PhonePeMerchant&orgid=180001",
			map[string]string{"pa": "Q596211014@ybl", "pn": "PhonePeMerchant", "mc": "0000", "mode": "02", "purpose": "00"},
			"upi://pay?pa=Q596211014@ybl&pn=PhonePeMerchant&cu=INR&mc=0000&mode=02&purpose=00"},
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
	for am, fix := range map[string]string{"10,50": "10.50", "₹ 1,000.50": "1000.50", "10.505": "", "0.00": "", "abc": ""} {
		_, errs := k.Build(map[string]string{"pa": "merchant@upi", "pn": "Shop", "am": am})
		if len(errs) != 1 || errs[0].Field != "am" || errs[0].Fix != fix {
			t.Errorf("am %q: errors %+v, want fix %q", am, errs, fix)
		}
	}
}
