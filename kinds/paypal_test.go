package kinds_test

import "testing"

func TestPayPal(t *testing.T) {
	runVectors(t, "paypal", []vector{
		{"amount and currency", "PayPal.Me link form paypal.me/<name>/<amount><currency> (e.g. paypal.me/example/10.50EUR)",
			map[string]string{"username": "example", "amount": "10.50", "currency": "eur"},
			"https://www.paypal.me/example/10.50EUR"},
		{"name alone", "PayPal.Me link https://www.paypal.me/<name>",
			map[string]string{"username": "JaneDoe"},
			"https://www.paypal.me/JaneDoe"},
		{"amount without currency", "PayPal.Me: without a currency the recipient's is used",
			map[string]string{"username": "JaneDoe", "amount": "25"},
			"https://www.paypal.me/JaneDoe/25"},
		{"whole yen", "PayPal REST API currency codes: JPY has no decimals",
			map[string]string{"username": "TokyoCafe", "amount": "1500", "currency": "JPY"},
			"https://www.paypal.me/TokyoCafe/1500JPY"},
		{"name pasted as a link", "PayPal.Me link names are shared as paypal.me/<name>",
			map[string]string{"username": "paypal.me/JaneDoe"},
			"https://www.paypal.me/JaneDoe"},
	})
	runBad(t, "paypal", []bad{
		{"missing name", map[string]string{"amount": "5"}, "username"},
		{"name with a dash", map[string]string{"username": "jane-doe"}, "username"},
		{"name over 20 characters", map[string]string{"username": "abcdefghijklmnopqrstu"}, "username"},
		{"three decimals", map[string]string{"username": "JaneDoe", "amount": "1.005", "currency": "USD"}, "amount"},
		{"decimal comma", map[string]string{"username": "JaneDoe", "amount": "10,50"}, "amount"},
		{"zero", map[string]string{"username": "JaneDoe", "amount": "0"}, "amount"},
		{"yen with decimals", map[string]string{"username": "TokyoCafe", "amount": "1500.5", "currency": "JPY"}, "amount"},
		{"currency PayPal does not support", map[string]string{"username": "JaneDoe", "amount": "5", "currency": "XYZ"}, "currency"},
		{"currency without amount", map[string]string{"username": "JaneDoe", "currency": "EUR"}, "currency"},
	})
	recogniseVectors(t, "paypal", []recognised{
		{"without www", "PayPal.Me links are also written paypal.me/<name>/<amount><currency>", "https://paypal.me/example/10.50EUR",
			map[string]string{"username": "example", "amount": "10.50", "currency": "EUR"}, "https://www.paypal.me/example/10.50EUR"},
	})
	notRecognised(t, "paypal", []string{"https://www.paypal.me/jane-doe", "https://www.paypal.me/", "https://www.paypal.com/paypalme/JaneDoe"})
}

// TestPayPalFixes checks that refused values are answered with valid ones,
// as payment kinds must.
func TestPayPalFixes(t *testing.T) {
	k := lookup(t, "paypal")
	for _, c := range []struct {
		fields map[string]string
		field  string
		fix    string
	}{
		// JaneDoeSmith would be another account: no fix.
		{map[string]string{"username": "Jane Doe-Smith!"}, "username", ""},
		// Cut to 20 it would be another account: no fix.
		{map[string]string{"username": "abcdefghijklmnopqrstuvwxyz"}, "username", ""},
		// 10,505 is ten thousand five hundred and five, or ten and a half
		// cent: no fix guesses which, and none rounds a payment.
		{map[string]string{"username": "JaneDoe", "amount": "10,505", "currency": "EUR"}, "amount", ""},
		{map[string]string{"username": "JaneDoe", "amount": "10,50", "currency": "EUR"}, "amount", "10.5"},
		{map[string]string{"username": "JaneDoe", "amount": "1500.5", "currency": "JPY"}, "amount", ""},
		{map[string]string{"username": "JaneDoe", "amount": "1500.00", "currency": "JPY"}, "amount", "1500"},
	} {
		_, errs := k.Build(c.fields)
		if len(errs) != 1 || errs[0].Field != c.field || errs[0].Fix != c.fix {
			t.Errorf("%v: errors %+v, want %s fixed to %q", c.fields, errs, c.field, c.fix)
			continue
		}
		if c.fix == "" {
			continue
		}
		fixed := map[string]string{}
		for k, v := range c.fields {
			fixed[k] = v
		}
		fixed[c.field] = c.fix
		if _, errs := k.Build(fixed); len(errs) > 0 {
			t.Errorf("fix %q refused: %v", c.fix, errs)
		}
	}
}
