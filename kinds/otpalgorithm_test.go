package kinds

import (
	"testing"

	"github.com/qrforge/qrforge/registry"
)

// HmacSHA1 (Java's Mac name), HMAC-SHA256 and sha-1 name the HMAC hash
// RFC 6238 §1.2 means by SHA1 or SHA256: one reading, so the fix writes
// the Key Uri Format's name.
func TestOTPAlgorithmWrittenAsHMACName(t *testing.T) {
	k, _ := registry.Lookup("otpauth")
	for given, want := range map[string]string{
		"HmacSHA1": "SHA1", "HMAC-SHA256": "SHA256", "hmac_sha512": "SHA512", "sha-1": "SHA1", "HMAC-SHA-256": "SHA256",
	} {
		_, errs := k.Build(map[string]string{"secret": "JBSWY3DPEHPK3PXP", "account": "jo", "algorithm": given})
		if len(errs) != 1 || errs[0].Field != "algorithm" || errs[0].Fix != want {
			t.Errorf("algorithm=%s: errors %+v, want one fixed to %s", given, errs, want)
		}
	}
}
