package kinds_test

import (
	"strings"
	"testing"
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
