package service

import (
	"net/url"
	"testing"
)

// On otpauth, label is the Key Uri Format's label: its issuer and account
// are written under their fields by the fix, which answers at once; a
// label with no one reading, or contradicting a field given, has none.
func TestOTPAuthLabelIsTheKeyURILabel(t *testing.T) {
	svc := New(Config{BaseURL: "http://qr.test"})
	for query, want := range map[string]string{
		"label=ACME:alice@example.com&secret=JBSWY3DPEHPK3PXP":   "http://qr.test/api/v1/otpauth?secret=JBSWY3DPEHPK3PXP&account=alice%40example.com&issuer=ACME",
		"label=ACME%2520Co%253A%2520bob&secret=JBSWY3DPEHPK3PXP": "http://qr.test/api/v1/otpauth?secret=JBSWY3DPEHPK3PXP&account=bob&issuer=ACME%20Co",
		"label=alice&secret=JBSWY3DPEHPK3PXP":                    "http://qr.test/api/v1/otpauth?secret=JBSWY3DPEHPK3PXP&account=alice",
		"label=ACME:alice&issuer=ACME&secret=JBSWY3DPEHPK3PXP":   "http://qr.test/api/v1/otpauth?secret=JBSWY3DPEHPK3PXP&account=alice&issuer=ACME",
		"label=a:b:c&secret=JBSWY3DPEHPK3PXP":                    "",
		"label=ACME:alice&issuer=Other&secret=JBSWY3DPEHPK3PXP":  "",
	} {
		params, _ := url.ParseQuery(query)
		_, p := generate(t, svc, Request{Kind: "otpauth", Params: params})
		if p == nil || p.Fix != want || want == "" && p.Example == "" {
			t.Errorf("%s: %+v, want fix %q", query, p, want)
			continue
		}
		if want == "" {
			continue
		}
		fix, _ := url.Parse(p.Fix)
		if _, p2 := generate(t, svc, Request{Kind: "otpauth", Params: fix.Query()}); p2 != nil {
			t.Errorf("%s: fix %s: %s", query, p.Fix, p2.Detail)
		}
	}
}
