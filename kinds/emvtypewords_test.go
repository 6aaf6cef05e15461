package kinds_test

import "testing"

// A proxy type, service or mode named by the word people use for it
// (phone for a mobile number, tax ID for PromptPay's national_id, which
// sub-field 02 carries for both, merchant for QR Ph's p2m) has one
// reading: the fix names the listed value, and followed it builds.
func TestEMVTypeWordsAreFixedToTheirValue(t *testing.T) {
	for _, c := range []struct {
		kind   string
		fields map[string]string
		field  string
		want   string
	}{
		{"promptpay", map[string]string{"proxy": "0812345678", "proxy_type": "phone"}, "proxy_type", "mobile"},
		{"promptpay", map[string]string{"proxy": "0812345678", "proxy_type": "phone number"}, "proxy_type", "mobile"},
		{"promptpay", map[string]string{"proxy": "1111111111119", "proxy_type": "tax_id"}, "proxy_type", "national_id"},
		{"promptpay", map[string]string{"proxy": "1111111111119", "proxy_type": "national id"}, "proxy_type", "national_id"},
		{"promptpay", map[string]string{"proxy": "1111111111119", "proxy_type": "citizen ID"}, "proxy_type", "national_id"},
		{"promptpay", map[string]string{"proxy": "140000012345678", "proxy_type": "e-wallet"}, "proxy_type", "ewallet"},
		{"paynow", map[string]string{"proxy": "91234567", "proxy_type": "phone"}, "proxy_type", "mobile"},
		{"paynow", map[string]string{"proxy": "91234567", "proxy_type": "mobile number"}, "proxy_type", "mobile"},
		{"sgqr", map[string]string{"sgqr_id": "1809072DD85C", "postal": "018956", "revised": "20230101", "name": "ACME", "proxy": "91234567", "proxy_type": "phone"}, "proxy_type", "mobile"},
		{"qrph", map[string]string{"bic": "GXCHPHM2XXX", "account": "09171234567", "name": "Juan", "city": "Manila", "mode": "person to person"}, "mode", "p2p"},
		{"qrph", map[string]string{"bic": "GXCHPHM2XXX", "account": "M123", "mcc": "5812", "name": "Juan", "city": "Manila", "mode": "merchant"}, "mode", "p2m"},
		{"vietqr", map[string]string{"bank": "970415", "account": "9704361234567890", "service": "card number"}, "service", "card"},
	} {
		k := lookup(t, c.kind)
		_, errs := k.Build(c.fields)
		if len(errs) != 1 || errs[0].Field != c.field || errs[0].Fix != c.want {
			t.Errorf("%s %s=%q: errors %v, want one on %s with fix %q", c.kind, c.field, c.fields[c.field], errs, c.field, c.want)
			continue
		}
		if _, again := k.Build(withField(c.fields, c.field, c.want)); len(again) > 0 {
			t.Errorf("%s: the fix %s=%s is refused: %v", c.kind, c.field, c.want, again)
		}
	}
}
