package kinds_test

import (
	"maps"
	"strings"
	"testing"

	"github.com/qrforge/qrforge/registry"
)

func TestOTPAuth(t *testing.T) {
	runVectors(t, "otpauth", []vector{
		{"key uri format example", "Google Authenticator wiki Key Uri Format, Examples (otpauth://totp/Example:alice@google.com?secret=JBSWY3DPEHPK3PXP&issuer=Example)",
			map[string]string{"secret": "JBSWY3DPEHPK3PXP", "issuer": "Example", "account": "alice@google.com"},
			"otpauth://totp/Example:alice@google.com?secret=JBSWY3DPEHPK3PXP&issuer=Example"},
		{"all optional parameters", "Google Authenticator wiki Key Uri Format, example with all optional parameters",
			map[string]string{"secret": "HXDMVJECJJWSRB3HWIZR4IFUGFTMXBOZ", "issuer": "ACME Co", "account": "john.doe@email.com", "algorithm": "SHA1", "digits": "6", "period": "30"},
			"otpauth://totp/ACME%20Co:john.doe@email.com?secret=HXDMVJECJJWSRB3HWIZR4IFUGFTMXBOZ&issuer=ACME%20Co&algorithm=SHA1&digits=6&period=30"},
		// RFC 6238 Appendix B's key is the ASCII string
		// 12345678901234567890; its base32 form is below.
		{"rfc 6238 key, 8 digits, SHA256", "RFC 6238 Appendix B key (base32 of 12345678901234567890); Key Uri Format parameters",
			map[string]string{"secret": "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ", "issuer": "Example", "account": "alice@example.com", "algorithm": "sha256", "digits": "8", "period": "60"},
			"otpauth://totp/Example:alice@example.com?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Example&algorithm=SHA256&digits=8&period=60"},
		{"hotp with counter", "Key Uri Format: counter REQUIRED if type is hotp",
			map[string]string{"otp_type": "HOTP", "secret": "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ", "issuer": "Example", "account": "alice@example.com", "counter": "007"},
			"otpauth://hotp/Example:alice@example.com?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Example&counter=7"},
		{"account without issuer", "Key Uri Format: label = accountname",
			map[string]string{"secret": "JBSWY3DPEHPK3PXP", "account": "alice@google.com"},
			"otpauth://totp/alice@google.com?secret=JBSWY3DPEHPK3PXP"},
		// The wiki: padding "is not required and should be omitted";
		// authenticators show keys in groups of four in lower case.
		{"secret as typed from a setup page", "Key Uri Format, Secret (base32, padding omitted); RFC 4648 §6",
			map[string]string{"secret": "jbsw y3dp ehpk 3pxp aeba====", "issuer": "Example", "account": "alice@google.com"},
			"otpauth://totp/Example:alice@google.com?secret=JBSWY3DPEHPK3PXPAEBA&issuer=Example"},
		// '+' would read as a space in a form-decoding authenticator, so
		// it is %2B; '&' and '=' would end the parameter.
		{"reserved characters in the issuer", "Key Uri Format: issuer URL-encoded according to RFC 3986",
			map[string]string{"secret": "JBSWY3DPEHPK3PXP", "issuer": "R&D+Ops = Ünï", "account": "bob smith"},
			"otpauth://totp/R%26D%2BOps%20%3D%20%C3%9Cn%C3%AF:bob%20smith?secret=JBSWY3DPEHPK3PXP&issuer=R%26D%2BOps%20%3D%20%C3%9Cn%C3%AF"},
	})
	runBad(t, "otpauth", []bad{
		{"missing secret", map[string]string{"account": "alice@example.com"}, "secret"},
		{"base32 has no 1, 8, 9 or 0", map[string]string{"secret": "JBSWY3DPEHPK3PX1", "account": "a"}, "secret"},
		{"secret of 40 bits", map[string]string{"secret": "JBSWY3DP", "account": "a"}, "secret"},
		{"secret of impossible length", map[string]string{"secret": "JBSWY3DPEHPK3PXPA", "account": "a"}, "secret"},
		{"missing account", map[string]string{"secret": "JBSWY3DPEHPK3PXP"}, "account"},
		{"blank account", map[string]string{"secret": "JBSWY3DPEHPK3PXP", "account": "  "}, "account"},
		{"colon in account", map[string]string{"secret": "JBSWY3DPEHPK3PXP", "account": "a:b"}, "account"},
		{"colon in issuer", map[string]string{"secret": "JBSWY3DPEHPK3PXP", "account": "a", "issuer": "Example: Inc"}, "issuer"},
		{"control character in account", map[string]string{"secret": "JBSWY3DPEHPK3PXP", "account": "a\x07b"}, "account"},
		{"MD5 is not an RFC 6238 hash", map[string]string{"secret": "JBSWY3DPEHPK3PXP", "account": "a", "algorithm": "MD5"}, "algorithm"},
		{"7 digits", map[string]string{"secret": "JBSWY3DPEHPK3PXP", "account": "a", "digits": "7"}, "digits"},
		{"period zero", map[string]string{"secret": "JBSWY3DPEHPK3PXP", "account": "a", "period": "0"}, "period"},
		{"period not a number", map[string]string{"secret": "JBSWY3DPEHPK3PXP", "account": "a", "period": "30s"}, "period"},
		{"hotp without counter", map[string]string{"otp_type": "hotp", "secret": "JBSWY3DPEHPK3PXP", "account": "a"}, "counter"},
		{"negative counter", map[string]string{"otp_type": "hotp", "secret": "JBSWY3DPEHPK3PXP", "account": "a", "counter": "-1"}, "counter"},
		{"counter on totp", map[string]string{"secret": "JBSWY3DPEHPK3PXP", "account": "a", "counter": "1"}, "counter"},
		{"period on hotp", map[string]string{"otp_type": "hotp", "secret": "JBSWY3DPEHPK3PXP", "account": "a", "counter": "1", "period": "30"}, "period"},
		{"unknown type", map[string]string{"otp_type": "motp", "secret": "JBSWY3DPEHPK3PXP", "account": "a"}, "otp_type"},
	})
	recogniseVectors(t, "otpauth", []recognised{
		{"pyotp encodes '@'", "pyotp provisioning URI otpauth://totp/Secure%20App:alice%40google.com?secret=JBSWY3DPEHPK3PXP&issuer=Secure%20App",
			"otpauth://totp/Secure%20App:alice%40google.com?secret=JBSWY3DPEHPK3PXP&issuer=Secure%20App",
			map[string]string{"otp_type": "totp", "secret": "JBSWY3DPEHPK3PXP", "issuer": "Secure App", "account": "alice@google.com"},
			"otpauth://totp/Secure%20App:alice@google.com?secret=JBSWY3DPEHPK3PXP&issuer=Secure%20App"},
		{"encoded colon and spaces before the account", "Key Uri Format, Label: Big%20Corporation%3A%20alice@bigco.com",
			"otpauth://totp/Big%20Corporation%3A%20alice@bigco.com?secret=JBSWY3DPEHPK3PXP&issuer=Big%20Corporation",
			map[string]string{"otp_type": "totp", "secret": "JBSWY3DPEHPK3PXP", "issuer": "Big Corporation", "account": "alice@bigco.com"},
			"otpauth://totp/Big%20Corporation:alice@bigco.com?secret=JBSWY3DPEHPK3PXP&issuer=Big%20Corporation"},
		{"issuer only in the label", "Key Uri Format, Issuer: taken from the label prefix when the parameter is absent",
			"otpauth://totp/Provider1:Alice%20Smith?secret=JBSWY3DPEHPK3PXP",
			map[string]string{"otp_type": "totp", "secret": "JBSWY3DPEHPK3PXP", "issuer": "Provider1", "account": "Alice Smith"},
			"otpauth://totp/Provider1:Alice%20Smith?secret=JBSWY3DPEHPK3PXP&issuer=Provider1"},
	})
	notRecognised(t, "otpauth", []string{"otpauth://motp/a?secret=JBSWY3DPEHPK3PXP", "otpauth://totp/a", "otpauth://totp/?secret=JBSWY3DPEHPK3PXP", "otpauth-migration://offline?data=abc"})
}

// TestOTPAuthNoFixInventsASecret checks that a refused secret is never
// answered with a made-up key: the key belongs to the service.
func TestOTPAuthNoFixInventsASecret(t *testing.T) {
	_, errs := lookup(t, "otpauth").Build(map[string]string{"secret": "JBSWY3DP", "account": "a"})
	for _, e := range errs {
		if e.Field == "secret" && e.Fix != "" {
			t.Fatalf("secret fix %q", e.Fix)
		}
		if e.Field == "secret" && !strings.Contains(e.Detail, "RFC 4226") {
			t.Fatalf("detail %q does not cite RFC 4226", e.Detail)
		}
	}
}

// The Key Uri Format's label, issuer:account percent-encoded, is read as
// the issuer and account fields; a label with more than one colon or an
// empty part has no one reading.
func TestSplitOTPLabel(t *testing.T) {
	otpauth, _ := registry.Lookup("otpauth")
	for label, want := range map[string]map[string]string{
		"ACME:alice@example.com":        {"issuer": "ACME", "account": "alice@example.com"},
		"ACME%20Co%3A%20john%40doe.com": {"issuer": "ACME Co", "account": "john@doe.com"},
		"alice@example.com":             {"account": "alice@example.com"},
		"a:b:c":                         nil,
		":alice":                        nil,
		"ACME:":                         nil,
		"100%":                          nil,
	} {
		got, reads := otpauth.SplitWord("label", label)
		if !reads || !maps.Equal(got, want) || (got == nil) != (want == nil) {
			t.Errorf("%q: %v %v, want %v", label, got, reads, want)
		}
	}
	if _, reads := otpauth.SplitWord("account", "a"); reads {
		t.Error("account is read as a label")
	}
}

// An account or issuer holding a colon is refused with no fix: both name
// the person's account, and a colon made a space would name another. An
// account that reads as a whole label says which fields to give.
func TestOTPColonHasNoFix(t *testing.T) {
	k := lookup(t, "otpauth")
	secret := "JBSWY3DPEHPK3PXPJBSWY3DP"
	_, errs := k.Build(map[string]string{"secret": secret, "account": "ACME:alice@example.com"})
	if len(errs) != 1 || errs[0].Field != "account" || errs[0].Fix != "" || !strings.Contains(errs[0].Detail, "give issuer=ACME and account=alice@example.com") {
		t.Errorf("account ACME:alice@example.com: %+v", errs)
	}
	_, errs = k.Build(map[string]string{"secret": secret, "account": "alice", "issuer": "A:B"})
	if len(errs) != 1 || errs[0].Field != "issuer" || errs[0].Fix != "" {
		t.Errorf("issuer A:B: %+v", errs)
	}
}
