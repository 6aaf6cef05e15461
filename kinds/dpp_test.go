package kinds_test

import (
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"encoding/base64"
	"testing"
)

// Keys from hostap's DPP tests (tests/hwsim/test_dpp.py) and Android's
// VTS test; each is the base64 DER SubjectPublicKeyInfo of a compressed
// P-256 point.
const (
	dppKeyHostap  = "MDkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDIgADM2206avxHJaHXgLMkq/24e0rsrfMP9K1Tm8gx+ovP0I="
	dppKeyHostap2 = "MDkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDIgADURzxmttZoIRIPWGoQMV00XHWCAQIhXruVWOz0NjlkIA="
	dppKeyAndroid = "MDkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDIgAD0edY4X3N//HhMFYsZfMbQJTiNFtNIWF/cIwMB/gzqOM="
)

func TestDPP(t *testing.T) {
	runVectors(t, "dpp", []vector{
		{"hostap channels", "hostap tests/hwsim/test_dpp.py test_dpp_qr_code_parsing (DPP_BOOTSTRAP_GET_URI returns it unchanged)",
			map[string]string{"channels": "81/1,115/36", "key": dppKeyHostap},
			"DPP:C:81/1,115/36;K:" + dppKeyHostap + ";;"},
		{"hostap channels of one class", "hostap tests/hwsim/test_dpp.py (DPP:C:81/1,2,3;K:...;;)",
			map[string]string{"channels": "81/1,2,3", "key": dppKeyHostap},
			"DPP:C:81/1,2,3;K:" + dppKeyHostap + ";;"},
		{"android vts", "Android VTS SupplicantStaIfaceHidlTest (DPP:C:81/1;M:48d6d5bd1de1;I:G1197843;K:...;;)",
			map[string]string{"channels": "81/1", "mac": "48d6d5bd1de1", "info": "G1197843", "key": dppKeyAndroid},
			"DPP:C:81/1;M:48d6d5bd1de1;I:G1197843;K:" + dppKeyAndroid + ";;"},
		{"key alone", "Wi-Fi Easy Connect §5.2.1: every field but K is optional",
			map[string]string{"key": dppKeyAndroid},
			"DPP:K:" + dppKeyAndroid + ";;"},
		// Colon-separated MAC addresses appear on labels but §5.2.1
		// writes 6hex-octet; the key loses its line break and gains
		// its padding.
		{"normalised mac, channels and key", "Wi-Fi Easy Connect §5.2.1 mac = \"M:\" 6hex-octet; public-key PKCHAR includes '='",
			map[string]string{"channels": "081/ 001, 115/36", "mac": "52:54:00:58:28:E5", "info": "SN=4774LH2b4044", "version": "2", "key": dppKeyHostap2[:40] + "\n" + dppKeyHostap2[40:len(dppKeyHostap2)-1]},
			"DPP:C:81/1,115/36;M:5254005828e5;I:SN=4774LH2b4044;V:2;K:" + dppKeyHostap2 + ";;"},
		{"dpp 3 host", "Wi-Fi Easy Connect v3 §5.2.1 host = \"H:\" 1*255(DIGIT / ALPHA / \".\" / \"-\" / \":\")",
			map[string]string{"version": "3", "host": "192.168.1.10:7871", "key": dppKeyHostap},
			"DPP:V:3;H:192.168.1.10:7871;K:" + dppKeyHostap + ";;"},
	})
	runBad(t, "dpp", []bad{
		{"missing key", map[string]string{"channels": "81/1"}, "key"},
		{"key not base64", map[string]string{"key": "not base64!"}, "key"},
		// iwd unit/test-dpp.c bad_key: the same key cut short.
		{"truncated key", map[string]string{"key": "MDkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDIgADURzxmttZoIRIPWGoQMV00XHWCAQIhXruVWOz0"}, "key"},
		{"point not on the curve", map[string]string{"key": dppKeyHostap[:len(dppKeyHostap)-2] + "c="}, "key"},
		{"ed25519 key", map[string]string{"key": ed25519SPKI(t)}, "key"},
		// iwd unit/test-dpp.c bad_channels.
		{"class without channel", map[string]string{"channels": "81", "key": dppKeyHostap}, "channels"},
		{"empty channel", map[string]string{"channels": "81/", "key": dppKeyHostap}, "channels"},
		{"trailing comma", map[string]string{"channels": "81/1,", "key": dppKeyHostap}, "channels"},
		{"slash alone", map[string]string{"channels": "81/1,/", "key": dppKeyHostap}, "channels"},
		{"channel 0", map[string]string{"channels": "81/0", "key": dppKeyHostap}, "channels"},
		// hostap test_dpp_qr_code_parsing: M:01020304050 is refused.
		{"mac of 11 digits", map[string]string{"mac": "01020304050", "key": dppKeyHostap}, "mac"},
		{"semicolon in info", map[string]string{"info": "SN=1;2", "key": dppKeyHostap}, "info"},
		{"non-ASCII info", map[string]string{"info": "Küche", "key": dppKeyHostap}, "info"},
		{"version 4", map[string]string{"version": "4", "key": dppKeyHostap}, "version"},
		{"space in host", map[string]string{"host": "my host", "key": dppKeyHostap}, "host"},
	})
	recogniseVectors(t, "dpp", []recognised{
		{"spec example", "Wi-Fi Easy Connect §5.2.2 example as in iwd unit/test-dpp.c all_values",
			"DPP:C:81/1,115/36;I:SN=4774LH2b4044;M:5254005828e5;V:2;K:" + dppKeyHostap2 + ";;",
			map[string]string{"channels": "81/1,115/36", "info": "SN=4774LH2b4044", "mac": "5254005828e5", "version": "2", "key": dppKeyHostap2},
			"DPP:C:81/1,115/36;M:5254005828e5;I:SN=4774LH2b4044;V:2;K:" + dppKeyHostap2 + ";;"},
		{"android settings", "AOSP Settings WifiQrCodeTest VALID_WIFI_DPP_QR_CODE",
			"DPP:I:SN=4774LH2b4044;M:010203040506;K:" + dppKeyHostap2 + ";;",
			map[string]string{"info": "SN=4774LH2b4044", "mac": "010203040506", "key": dppKeyHostap2},
			"DPP:M:010203040506;I:SN=4774LH2b4044;K:" + dppKeyHostap2 + ";;"},
		{"unknown field skipped", "hostap dpp_parse_uri: unrecognised URI parameters are ignored",
			"DPP:B:1;C:81/1;K:" + dppKeyHostap + ";;",
			map[string]string{"channels": "81/1", "key": dppKeyHostap},
			"DPP:C:81/1;K:" + dppKeyHostap + ";;"},
	})
	// iwd unit/test-dpp.c: no key, single or missing terminator, no DPP:.
	notRecognised(t, "dpp", []string{
		"DPP:C:81/1,115/36;I:SN=4774LH2b4044;M:5254005828e5;V:2;;",
		"DPP:K:" + dppKeyHostap + ";",
		"DPP:K:" + dppKeyHostap,
		"C:81/1;K:shouldnotmatter;;",
		"DPP:",
	})
}

// TestDPPUncompressedKey checks that a key with an uncompressed point, as
// crypto/x509 writes it, is accepted and kept.
func TestDPPUncompressedKey(t *testing.T) {
	priv, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	der, err := x509.MarshalPKIXPublicKey(&priv.PublicKey)
	if err != nil {
		t.Fatal(err)
	}
	key := base64.StdEncoding.EncodeToString(der)
	p, errs := lookup(t, "dpp").Build(map[string]string{"key": key})
	if len(errs) > 0 || p != "DPP:K:"+key+";;" {
		t.Fatalf("payload %q, errors %v", p, errs)
	}
}

func ed25519SPKI(t *testing.T) string {
	pub, _, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	der, err := x509.MarshalPKIXPublicKey(pub)
	if err != nil {
		t.Fatal(err)
	}
	return base64.StdEncoding.EncodeToString(der)
}
