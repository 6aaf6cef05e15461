package kinds_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/qrforge/qrforge/registry"
)

func TestWiFi(t *testing.T) {
	runVectors(t, "wifi", []vector{
		{"zxing WEP", "ZXing WifiParsedResultTestCase (WIFI:S:TenChars;P:0123456789;T:WEP;;)",
			map[string]string{"ssid": "TenChars", "password": "0123456789", "security": "WEP"},
			`WIFI:T:WEP;S:TenChars;P:0123456789;;`},
		{"zxing escaped colons", "ZXing WifiParsedResultTestCase (S:Ten\\:\\:Chars)",
			map[string]string{"ssid": "Ten::Chars", "password": "0123456789", "security": "WEP"},
			`WIFI:T:WEP;S:Ten\:\:Chars;P:0123456789;;`},
		{"escaping of \\ ; , : \"", "ZXing wiki Barcode Contents: escape \\ ; , : \" with a backslash",
			map[string]string{"ssid": `"foo;bar\baz"`, "password": `pa:ss;w\rd,x`, "security": "WPA"},
			`WIFI:T:WPA;S:\"foo\;bar\\baz\";P:pa\:ss\;w\\rd\,x;;`},
		{"WPA3 transition disable", "WPA3 Specification v3 URI annex example WIFI:T:WPA;R:1;S:MyNet;P:MyPassword;;",
			map[string]string{"ssid": "MyNet", "password": "MyPassword", "security": "WPA3"},
			`WIFI:T:WPA;R:1;S:MyNet;P:MyPassword;;`},
		{"open network", "ZXing wiki: T:nopass",
			map[string]string{"ssid": "Cafe", "security": "none"},
			`WIFI:T:nopass;S:Cafe;;`},
		{"hidden", "ZXing wiki: H:true",
			map[string]string{"ssid": "Secret", "password": "12345678", "hidden": "yes"},
			`WIFI:T:WPA;S:Secret;P:12345678;H:true;;`},
		{"WPA2-EAP", "ZXing WifiResultParser grammar (E, PH2, A, I)",
			map[string]string{"ssid": "corp", "password": "s3cr3t", "security": "WPA2-EAP", "eap": "peap", "phase2": "MSCHAPV2", "anonymous_identity": "anon", "identity": "alice"},
			`WIFI:T:WPA2-EAP;S:corp;E:PEAP;PH2:MSCHAPV2;A:anon;I:alice;P:s3cr3t;;`},
	})
	runBad(t, "wifi", []bad{
		{"missing ssid", map[string]string{"password": "12345678"}, "ssid"},
		{"ssid over 32 bytes", map[string]string{"ssid": "ääääääääääääääääää", "security": "nopass"}, "ssid"},
		{"short WPA passphrase", map[string]string{"ssid": "x", "password": "short", "security": "WPA"}, "password"},
		{"64 characters that are not hex", map[string]string{"ssid": "x", "password": strings.Repeat("x", 64), "security": "WPA"}, "password"},
		{"WEP key length", map[string]string{"ssid": "x", "password": "123456", "security": "WEP"}, "password"},
		{"WEP hex key with non-hex", map[string]string{"ssid": "x", "password": "zzzzzzzzzz", "security": "WEP"}, "password"},
		{"unknown security", map[string]string{"ssid": "x", "password": "12345678", "security": "WPA4"}, "security"},
		{"bad hidden", map[string]string{"ssid": "x", "hidden": "maybe", "security": "nopass"}, "hidden"},
		{"EAP without method", map[string]string{"ssid": "x", "password": "p", "security": "WPA2-EAP"}, "eap"},
		{"EAP field on WPA", map[string]string{"ssid": "x", "password": "12345678", "identity": "bob"}, "identity"},
		{"password on open network", map[string]string{"ssid": "x", "password": "12345678", "security": "nopass"}, "password"},
	})
}

// TestWiFiSAE checks security=SAE: Android's Wi-Fi sharing writes
// WIFI:S:..;T:SAE;P:..;H:false;; for a WPA3-only network
// (WifiNetworkConfig.getQrCode) and its WifiUriParser reads T:SAE back,
// while security=WPA3 keeps the WPA3 specification's T:WPA;R:1. The
// password is checked as a WPA passphrase, without the 64-hex-digit raw
// key, which SAE does not have.
func TestWiFiSAE(t *testing.T) {
	vectors := []vector{
		{"SAE", "AOSP WifiUriParserTest: WIFI:S:xx;T:SAE;P:a (passphrase lengthened to 8)",
			map[string]string{"ssid": "xx", "password": "abcdefgh", "security": "SAE"},
			`WIFI:T:SAE;S:xx;P:abcdefgh;;`},
		{"sae in lower case, hidden", "AOSP WifiNetworkConfig.getQrCode writes T:SAE and H:",
			map[string]string{"ssid": "Home", "password": "correct horse battery", "security": "sae", "hidden": "true"},
			`WIFI:T:SAE;S:Home;P:correct horse battery;H:true;;`},
	}
	runVectors(t, "wifi", vectors)
	snapVectors(t, vectors)
	runBad(t, "wifi", []bad{
		{"SAE without password", map[string]string{"ssid": "x", "security": "SAE"}, "password"},
		{"SAE password under 8", map[string]string{"ssid": "x", "password": "short", "security": "SAE"}, "password"},
		{"SAE password over 63", map[string]string{"ssid": "x", "password": strings.Repeat("a", 64), "security": "SAE"}, "password"},
		{"SAE has no raw 64-hex-digit key", map[string]string{"ssid": "x", "password": strings.Repeat("ab", 32), "security": "SAE"}, "password"},
		{"WPA3 (R:1) has no raw 64-hex-digit key either", map[string]string{"ssid": "x", "password": strings.Repeat("ab", 32), "security": "WPA3"}, "password"},
		{"SAE with EAP fields", map[string]string{"ssid": "x", "password": "12345678", "security": "SAE", "eap": "PEAP"}, "eap"},
	})
	recogniseVectors(t, "wifi", []recognised{
		{"Android share code", "AOSP WifiNetworkConfig.getQrCode: S, T, P, H order",
			`WIFI:S:Home;T:SAE;P:correct horse battery;H:false;;`,
			map[string]string{"ssid": "Home", "password": "correct horse battery", "security": "SAE"},
			`WIFI:T:SAE;S:Home;P:correct horse battery;;`},
		{"hidden in capitals", "ZXing WifiResultParser reads H with Boolean.parseBoolean, which ignores case",
			`WIFI:S:abc;T:WPA;P:12345678;H:TRUE;;`,
			map[string]string{"ssid": "abc", "password": "12345678", "security": "WPA", "hidden": "true"},
			`WIFI:T:WPA;S:abc;P:12345678;H:true;;`},
	})
	// No T: is an open network (ZXing Barcode Contents, Wi-Fi: "omit for
	// no password"), so a password beside it is a code its readers join
	// as open: read as nopass, which refuses the password, not as WPA.
	wifi := lookup(t, "wifi")
	if fields, _, ok := wifi.Read(`WIFI:S:MyNet;P:password123;;`); !ok || fields["security"] != "nopass" {
		t.Errorf("no T with a password: %v, want security nopass", fields)
	} else if _, errs := wifi.Build(fields); len(errs) == 0 {
		t.Error("no T with a password: rebuilt, as another network than its readers join")
	}
	if fields, _, ok := wifi.Read(`WIFI:S:Cafe;;`); !ok || fields["security"] != "" {
		t.Errorf("no T, no password: %v", fields)
	} else if _, errs := wifi.Build(fields); len(errs) > 0 {
		t.Errorf("no T, no password: %v", errs)
	}
	// H neither true nor false is read as neither, and said to be lost.
	if _, notKept, ok := lookup(t, "wifi").Read(`WIFI:S:abc;T:WPA;P:12345678;H:yes;;`); !ok || !slices.Contains(notKept, "H:yes") {
		t.Errorf("H:yes: not kept %q, want it named", notKept)
	}
}

// TestWiFiHexValues pins that no value is quoted. Readers take a password
// of hex digits as a raw key only at the key lengths, which are the
// lengths qrforge accepts as keys: 64 for WPA (IEEE 802.11i-2004 Annex
// H.4; ZXing WifiConfigManager quoteNonHex(password, 64); AOSP
// WifiUriParser [0-9A-Fa-f]{64}) and 10 or 26 for WEP (quoteNonHex(password,
// 10, 26, 58)). An all-hex SSID stays unquoted too: ZXing's app would read
// "CAFE" as text, but AOSP WifiUriParser keeps the quotes in the SSID.
func TestWiFiHexValues(t *testing.T) {
	psk := strings.Repeat("0123456789abcdef", 4)
	vectors := []vector{
		{"all-hex SSID unquoted", "AOSP WifiUriParserTest: S:\"\"\"\" gives the SSID \"\"\"\" (quotes kept)",
			map[string]string{"ssid": "CAFE", "password": "12345678"},
			`WIFI:T:WPA;S:CAFE;P:12345678;;`},
		{"64 hex digits are the WPA PSK", "IEEE 802.11i-2004 Annex H.4; ZXing WifiConfigManager quoteNonHex(password, 64)",
			map[string]string{"ssid": "Home", "password": psk, "security": "WPA"},
			`WIFI:T:WPA;S:Home;P:` + psk + `;;`},
		{"hex-looking passphrase stays text", "ZXing WifiConfigManager: only 64 hex digits are a WPA key, others are quoted as text",
			map[string]string{"ssid": "Home", "password": "deadbeef", "security": "WPA"},
			`WIFI:T:WPA;S:Home;P:deadbeef;;`},
		{"26 hex digits are a WEP-104 key", "ZXing WifiConfigManager quoteNonHex(password, 10, 26, 58)",
			map[string]string{"ssid": "Old", "password": "0123456789abcdef0123456789", "security": "WEP"},
			`WIFI:T:WEP;S:Old;P:0123456789abcdef0123456789;;`},
	}
	runVectors(t, "wifi", vectors)
	snapVectors(t, vectors)
}

// A security value off the list is fixed only to the value it plainly
// names: WPA2/WPA3 (a router's transition mode) is WPA2, and was once fixed
// to WPA2-EAP, an enterprise network, for being four edits away; WPA-EAP
// and SAE-PK were fixed to WPA and SAE, the personal networks their first
// word names. WPA3-SAE, which names WPA3-Personal by its authentication
// (IEEE 802.11-2020 §12.4 SAE), is WPA3, as WPA3-Personal is; it had no
// fix.
func TestWiFiSecurityFixIsWhatWasMeant(t *testing.T) {
	k, _ := registry.Lookup("wifi")
	for given, want := range map[string]string{
		"WPA2/WPA3": "WPA2", "wpa-2": "WPA2", "WEP2": "WEP", "psk": "", "WPA4": "WPA",
		"WPA2-PSK": "WPA2", "WPA3-Personal": "WPA3", "WPA3-SAE": "WPA3", "WPA-EAP": "WPA2-EAP",
		"WPA3-EAP": "", "WPA2-EAP-TLS": "", "WPA/WPA2-Enterprise": "WPA2-EAP", "SAE-PK": "",
	} {
		_, errs := k.Build(map[string]string{"ssid": "Home", "password": "correct horse", "security": given})
		i := slices.IndexFunc(errs, func(e registry.FieldError) bool { return e.Field == "security" })
		if i < 0 {
			t.Errorf("security=%s: accepted", given)
			continue
		}
		if errs[i].Fix != want {
			t.Errorf("security=%s: fix %q, want %q", given, errs[i].Fix, want)
		}
	}
}
