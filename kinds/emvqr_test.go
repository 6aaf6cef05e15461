package kinds_test

import (
	"strings"
	"testing"
)

func TestEMVQR(t *testing.T) {
	// The generic kind writes any scheme's template: given the DuitNow
	// and PayNow templates' sub-fields it reproduces the published
	// payloads of those schemes byte for byte (ThunderQuote's PayNow
	// generator output, recorded in emv_test.go, and the DuitNow sample).
	payNow := map[string]string{"gui": "SG.PAYNOW", "account": "01=2;02=201403121W;03=1;04=20301231", "currency": "SGD", "amount": "0", "country": "SG", "name": "ACME Pte Ltd.", "city": "Singapore"}
	runBad(t, "emvqr", []bad{{"amount 0", payNow, "amount"}})
	staticBody := "00020101021126490009SG.PAYNOW010120210201403121W03011040820301231520400005303702" + "5802SG5913ACME Pte Ltd.6009Singapore6304"
	dynamicBody := "00020101021226490009SG.PAYNOW010120210201403121W030110408203012315204000053037025405" + "12.345802SG5913ACME Pte Ltd.6009Singapore62100506INV-426304"
	runVectors(t, "emvqr", []vector{
		{"PayNow template, static", "EMV QRCPS-MPM §4 with the PayNow template", with(payNow, "amount", ""), staticBody + crcOf(staticBody)},
		{"PayNow template, dynamic with reference", "EMV QRCPS-MPM §4.2.2: amount makes 01 = 12", with(payNow, "amount", "12.34", "reference", "INV-42"), dynamicBody + crcOf(dynamicBody)},
		{"DuitNow template as published", "DuitNow README sample (format 01 here: emvqr writes EMV's 01)",
			map[string]string{"gui": "A0000006150001", "account": "01=890053;02=110292837332", "currency": "MYR", "country": "MY", "name": "JAMESONLAM", "city": "MY", "customer": "888664793"},
			"00020101021126440014A0000006150001010689005302121102928373325204000053034585802MY5910JAMESONLAM6002MY621306098886647936304" + crcOf("00020101021126440014A0000006150001010689005302121102928373325204000053034585802MY5910JAMESONLAM6002MY621306098886647936304")},
	})
	base := map[string]string{"gui": "com.example.pay", "tag": "40", "account": "01=SHOP", "currency": "EUR", "country": "DE", "name": "Cafe", "city": "Berlin"}
	runBad(t, "emvqr", []bad{
		{"unknown currency", with(base, "currency", "999"), "currency"},
		{"currency letters unknown", with(base, "currency", "EUX"), "currency"},
		{"yen with decimals", with(base, "currency", "JPY", "amount", "100.5"), "amount"},
		{"amount over 13 characters", with(base, "amount", "12345678901.50"), "amount"},
		{"country not assigned", with(base, "country", "XX"), "country"},
		{"tag 25", with(base, "tag", "25"), "tag"},
		{"tag 52", with(base, "tag", "52"), "tag"},
		{"sub-tags out of order", with(base, "account", "02=A;01=B"), "account"},
		{"sub-tag without =", with(base, "account", "01SHOP"), "account"},
		{"sub-tag 00 is the GUI", with(base, "account", "00=X"), "account"},
		{"template over 99", with(base, "account", "01="+strings.Repeat("x", 70)+";02="+strings.Repeat("y", 10)), "account"},
		{"GUI with spaces", with(base, "gui", "my scheme"), "gui"},
		{"tip 03 without percent", with(base, "tip", "03"), "fee_percent"},
		{"fee without tip 02", with(base, "fee", "1.00"), "fee"},
		{"percent 100", with(base, "tip", "03", "fee_percent", "100"), "fee_percent"},
		{"name with no ASCII form", with(base, "name", "咖啡"), "name"},
		{"reference over 25", with(base, "reference", strings.Repeat("r", 26)), "reference"},
	})
	// Currency letters are written as the numeric code.
	k := lookup(t, "emvqr")
	p, errs := k.Build(with(base, "currency", "usd"))
	if len(errs) > 0 || !strings.Contains(p, "5303840") {
		t.Errorf("currency usd: %q %v, want 53 = 840", p, errs)
	}
}

// TestEMVAmountHasDigitsAfterItsPoint: a Transaction Amount (ID 54) or a
// fixed fee (ID 56) written with a decimal point has digits after it, as
// in EMV QRCPS-MPM v1.1 §4.2.5's "98.73": "10." is refused, and a fix, if
// any, is the same amount. Every profile on the shared root writer is
// checked.
func TestEMVAmountHasDigitsAfterItsPoint(t *testing.T) {
	base := map[string]string{"gui": "com.example.pay", "tag": "40", "account": "01=SHOP", "currency": "EUR", "country": "DE", "name": "Cafe", "city": "Berlin"}
	cases := []struct {
		kind   string
		fields map[string]string
		field  string
	}{
		{"emvqr", with(base, "amount", "10."), "amount"},
		{"emvqr", with(base, "currency", "JPY", "amount", "100."), "amount"},
		{"emvqr", with(base, "tip", "02", "fee", "1."), "fee"},
		{"qris", map[string]string{"nmid": "ID1021125405972", "criteria": "UMI", "mcc": "5499", "name": "BIOLBE", "city": "MALANG", "amount": "10000."}, "amount"},
		{"duitnow", map[string]string{"acquirer": "890053", "account": "110292837332", "name": "JAMESONLAM", "city": "MY", "amount": "9."}, "amount"},
		{"qrph", map[string]string{"bic": "PAPHPHM1XXX", "account": "09060498741", "name": "Bernabe", "city": "Valenzuela", "amount": "10."}, "amount"},
		{"bharatqr", map[string]string{"vpa": "shop.one@okaxis", "mcc": "5411", "name": "Shop One", "city": "Bengaluru", "amount": "5."}, "amount"},
		{"sgqr", map[string]string{"sgqr_id": "202012345X123", "postal": "828671", "revised": "20191231", "name": "RATINAN LEE", "proxy": "201403121W", "proxy_type": "uen", "amount": "5."}, "amount"},
		{"khqr", map[string]string{"account": "jonhsmith@nbcq", "name": "Jonh Smith", "amount": "500."}, "amount"},
	}
	for _, c := range cases {
		t.Run(c.kind+" "+c.fields[c.field], func(t *testing.T) {
			p, errs := lookup(t, c.kind).Build(c.fields)
			if len(errs) == 0 {
				t.Fatalf("accepted, payload %q", p)
			}
			for _, e := range errs {
				if e.Field == c.field {
					if same := strings.TrimSuffix(c.fields[c.field], "."); e.Fix != "" && e.Fix != same {
						t.Fatalf("fix %q is not the amount %s", e.Fix, same)
					}
					return
				}
			}
			t.Fatalf("errors %v do not name %s", errs, c.field)
		})
	}
}
