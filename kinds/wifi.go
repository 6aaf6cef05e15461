package kinds

import (
	"strings"

	"github.com/qrforge/qrforge/registry"
)

// WiFi is a network configuration in ZXing's WIFI: format, which Android
// and iOS cameras read to join a network.
type WiFi struct {
	SSID              string `json:"ssid" also:"network,network_name,wifi,name" space:"exact" validate:"required" jsonschema_description:"Network name (SSID), 1 to 32 bytes of UTF-8 (IEEE 802.11). Written as is, never in double quotes, which current Android keeps as part of the name; ZXing's old Barcode Scanner app reads an SSID of hex digits only (CAFE, 1234) as hex bytes." identity:"true" title:"Network name (SSID)"`
	Password          string `json:"password" also:"pass,pwd,passphrase,psk,wifi_password,key" space:"exact" jsonschema_description:"WPA passphrase (8-63 ASCII characters, or 64 hex digits of a raw key for WPA and WPA2 but not WPA3 or SAE) or WEP key (5 or 13 characters, or 10 or 26 hex digits). Leave empty for an open network." identity:"true" title:"Password"`
	Security          string `json:"security" also:"encryption,auth,authentication,sec,t" meant:"wpa3-sae=WPA3,wpa2/wpa3=WPA2,wpa2-wpa3=WPA2,wpa/wpa2=WPA2,wpa2-enterprise=WPA2-EAP,wpa-enterprise=WPA2-EAP,wpa-eap=WPA2-EAP,wpa/wpa2-enterprise=WPA2-EAP,wpa3-eap=,enterprise=WPA2-EAP,802.1x=WPA2-EAP,wpa3-enterprise=,open=nopass" validate:"omitempty,oneofci=WPA WPA2 WPA3 SAE WEP nopass none WPA2-EAP" jsonschema:"enum=WPA,enum=WPA2,enum=WPA3,enum=SAE,enum=WEP,enum=nopass,enum=none,enum=WPA2-EAP" jsonschema_description:"Authentication: WPA (default when a password is given; also WPA2), WPA3 (written T:WPA;R:1, the WPA3 specification's form, read by every reader), SAE (written T:SAE, as Android's Wi-Fi sharing writes WPA3-only networks; readers that know only WPA and WEP, such as ZXing's Barcode Scanner app, refuse it), WEP, nopass or none (open), or WPA2-EAP (enterprise, with eap and identity)." title:"Security"`
	Hidden            string `json:"hidden" validate:"omitempty,oneofci=true false 1 0 yes no" jsonschema:"enum=true,enum=false" jsonschema_description:"Whether the network hides its SSID: true/false (also 1/0, yes/no)." title:"Hidden network"`
	EAP               string `json:"eap" validate:"omitempty,oneofci=PEAP TTLS TLS PWD SIM AKA" jsonschema:"enum=PEAP,enum=TTLS,enum=TLS,enum=PWD,enum=SIM,enum=AKA" jsonschema_description:"WPA2-EAP only: EAP method (PEAP, TTLS, TLS, PWD, SIM, AKA)." title:"EAP method"`
	Identity          string `json:"identity" space:"exact" validate:"max=253" jsonschema_description:"WPA2-EAP only: user identity." identity:"true" title:"Identity"`
	AnonymousIdentity string `json:"anonymous_identity" space:"exact" validate:"max=253" jsonschema_description:"WPA2-EAP only: anonymous (outer) identity." identity:"true" title:"Anonymous identity"`
	Phase2            string `json:"phase2" validate:"omitempty,oneofci=MSCHAPV2 GTC PAP MSCHAP NONE" jsonschema:"enum=MSCHAPV2,enum=GTC,enum=PAP,enum=MSCHAP,enum=NONE" jsonschema_description:"WPA2-EAP only: phase-2 (inner) authentication method." title:"Phase 2 method"`
}

// wifiSpecial are the characters ZXing's WIFI: grammar escapes with a
// backslash (ZXing wiki "Barcode Contents", WiFi network config).
const wifiSpecial = `\;,:"`

// wifiPrintable cites the WIFI URI grammar, whose values hold printable
// characters and percent-escapes only (printable = %x20-3A / %x3C-7E):
// a control character, tab and line breaks included, is no part of an
// SSID, identity or password written there.
const wifiPrintable = "WPA3 Specification v3 §7, WIFI URI: printable = %x20-3A / %x3C-7E"

func init() {
	registry.Register(registry.Kind[WiFi]{
		Name:       "wifi",
		Title:      "Wi-Fi network",
		AlsoCalled: []string{"wlan", "wi-fi", "network", "ssid"},
		Purpose:    registry.WiFi,
		Common:     true,
		Summary:    "Join a Wi-Fi network",
		Standard: registry.Standard{
			Name:    "ZXing WIFI: network config",
			Section: "Barcode Contents wiki; WPA3 Specification v3 annex (R:1)",
			URL:     "https://github.com/zxing/zxing/wiki/Barcode-Contents#wi-fi-network-config-android-ios-11",
		},
		Examples: []WiFi{
			{SSID: "Home Network", Password: "correct horse battery", Security: "WPA"},
			{SSID: "Cafe", Security: "nopass"},
			{SSID: "Corp", Password: "s3cr3t", Security: "WPA2-EAP", EAP: "PEAP", Identity: "alice", AnonymousIdentity: "anon", Phase2: "MSCHAPV2"},
		},
		Check:        checkWiFi,
		Encode:       encodeWiFi,
		ParseNotKept: parseWiFi,
	})
}

// wifiAuth maps the accepted security names to the T: value and whether
// WPA3-only (R:1, transition disable) applies.
func wifiAuth(security, password string) (t string, wpa3 bool) {
	switch strings.ToUpper(security) {
	case "WEP":
		return "WEP", false
	case "NOPASS", "NONE":
		return "nopass", false
	case "WPA2-EAP":
		return "WPA2-EAP", false
	case "WPA3":
		// ZXing's grammar has no WPA3 type; the WPA3 spec's URI annex
		// uses T:WPA with R:1 to disable the WPA2 fallback.
		return "WPA", true
	case "SAE":
		// Android's Wi-Fi sharing writes T:SAE for a WPA3-only network
		// and its WifiUriParser reads it back; the WIFI: grammar takes T
		// as free text (WPA3 Specification v3 §7.1, type = *unreserved).
		return "SAE", false
	case "WPA", "WPA2":
		return "WPA", false
	}
	if password == "" {
		return "nopass", false
	}
	return "WPA", false
}

func checkWiFi(w *WiFi) []registry.FieldError {
	if errs := checkLineFields(wifiPrintable, textField{"ssid", w.SSID}, textField{"password", w.Password}, textField{"identity", w.Identity}, textField{"anonymous_identity", w.AnonymousIdentity}); len(errs) > 0 {
		return errs
	}
	if _, _, whole := parseWiFi(strings.TrimSpace(w.SSID)); whole && strings.HasSuffix(strings.TrimSpace(w.SSID), ";") {
		// A network's whole WIFI: payload copied into its name: as the
		// SSID, readers would show the payload's text as the network's
		// name and join no network.
		return []registry.FieldError{{Field: "ssid", Detail: "ssid is a network's name, not a whole WIFI: payload (ZXing WIFI: network config)", Fix: ""}}
	}
	var errs []registry.FieldError
	if n := len(w.SSID); n > 32 {
		errs = append(errs, registry.FieldError{Field: "ssid", Detail: "ssid is 1 to 32 bytes (IEEE 802.11 §9.4.2.2); this one is " + itoa(n) + " bytes of UTF-8", Fix: truncateBytes(w.SSID, 32)})
	}
	t, wpa3 := wifiAuth(w.Security, w.Password)
	switch t {
	case "WPA":
		if wpa3 && len(w.Password) == 64 && isHexString(w.Password) {
			// R:1 disables WPA2-Personal (WPA3 Specification v3 §7), and
			// SAE derives its key from the password itself (IEEE
			// 802.11-2020 §12.4): a raw PSK joins no WPA3-only network.
			errs = append(errs, registry.FieldError{Field: "password", Detail: "a WPA3 network has no 64-hex-digit raw key: R:1 turns off WPA2's pre-shared key, which is what readers make of 64 hex digits, and SAE takes the passphrase itself; give the passphrase (8 to 63 printable ASCII characters)", Fix: ""})
		} else if !validPassphrase(w.Password) {
			errs = append(errs, registry.FieldError{Field: "password", Detail: "a WPA passphrase is 8 to 63 printable ASCII characters or 64 hex digits (IEEE 802.11i-2004 Annex H.4)", Fix: ""})
		}
	case "SAE":
		if problem := saePasswordProblem(w.Password); problem != "" {
			errs = append(errs, registry.FieldError{Field: "password", Detail: problem, Fix: ""})
		}
	case "WEP":
		if !validWEPKey(w.Password) {
			errs = append(errs, registry.FieldError{Field: "password", Detail: "a WEP key is 5 or 13 ASCII characters, or 10 or 26 hex digits (40- or 104-bit WEP)", Fix: ""})
		}
	case "WPA2-EAP":
		if w.EAP == "" {
			errs = append(errs, registry.FieldError{Field: "eap", Detail: "WPA2-EAP needs the network's EAP method (PEAP, TTLS, TLS, PWD, SIM, AKA)", Fix: ""})
		}
	case "nopass":
		if w.Password != "" && w.Security != "" {
			errs = append(errs, registry.FieldError{Field: "password", Detail: "an open network (security " + w.Security + ") has no password; remove it or set security=WPA", Fix: ""})
		}
	}
	if t != "WPA2-EAP" {
		for _, f := range []struct{ name, value string }{{"eap", w.EAP}, {"identity", w.Identity}, {"anonymous_identity", w.AnonymousIdentity}, {"phase2", w.Phase2}} {
			if f.value != "" {
				errs = append(errs, registry.FieldError{Field: f.name, Detail: f.name + " applies only to security=WPA2-EAP", Fix: ""})
			}
		}
	}
	return errs
}

func validPassphrase(p string) bool {
	if len(p) == 64 && isHexString(p) {
		return true
	}
	if len(p) < 8 || len(p) > 63 {
		return false
	}
	for i := 0; i < len(p); i++ {
		if p[i] < 0x20 || p[i] > 0x7e {
			return false
		}
	}
	return true
}

// saePasswordProblem applies the WPA passphrase rule to a T:SAE password,
// without the raw-key form: SAE derives its key from the password itself
// (IEEE 802.11-2020 §12.4), so there is no 64-hex-digit PSK, and Android
// reads a T:SAE password as text (WifiUriParser) and refuses text over 63
// characters (WifiConfigurationUtil.validatePassword).
func saePasswordProblem(p string) string {
	if len(p) == 64 && isHexString(p) {
		return "a WPA3 (SAE) network has no 64-hex-digit raw key: readers take T:SAE;P: as text, and Android refuses a password over 63 characters; give the passphrase itself (8 to 63 printable ASCII characters)"
	}
	if !validPassphrase(p) {
		return "a WPA3 (SAE) password is checked as a WPA passphrase: 8 to 63 printable ASCII characters (IEEE 802.11i-2004 Annex H.4)"
	}
	return ""
}

func validWEPKey(k string) bool {
	switch len(k) {
	case 5, 13:
		return true
	case 10, 26:
		return isHexString(k)
	}
	return false
}

// encodeWiFi writes WIFI:T:..;S:..;P:..;H:..;; with fields escaped. The
// field order follows the WPA3 specification's annex (T, R, S, H, P), which
// every reader accepts since the grammar is order-free.
//
// No value is put in double quotes. The ZXing wiki asks for quotes around
// an SSID or password that "could be interpreted as hex", for ZXing's
// Android app (WifiConfigManager.quoteNonHex reads an all-hex SSID as hex
// bytes), but current Android quotes every value itself and keeps written
// quotes as part of it (AOSP WifiUriParserTest: S:"""" is the SSID """"),
// so quotes would name another network there. A password needs none: the
// hex forms readers take as a raw key, 64 digits for WPA and 10 or 26 for
// WEP, are exactly the forms checkWiFi accepts as keys.
func encodeWiFi(w WiFi) string {
	t, wpa3 := wifiAuth(w.Security, w.Password)
	var b strings.Builder
	b.WriteString("WIFI:T:" + t + ";")
	if wpa3 {
		b.WriteString("R:1;")
	}
	b.WriteString("S:" + backslashEscape(w.SSID, wifiSpecial) + ";")
	if t == "WPA2-EAP" {
		b.WriteString("E:" + strings.ToUpper(w.EAP) + ";")
		if w.Phase2 != "" {
			b.WriteString("PH2:" + strings.ToUpper(w.Phase2) + ";")
		}
		if w.AnonymousIdentity != "" {
			b.WriteString("A:" + backslashEscape(w.AnonymousIdentity, wifiSpecial) + ";")
		}
		if w.Identity != "" {
			b.WriteString("I:" + backslashEscape(w.Identity, wifiSpecial) + ";")
		}
	}
	if t != "nopass" && w.Password != "" {
		b.WriteString("P:" + backslashEscape(w.Password, wifiSpecial) + ";")
	}
	if parseBool(w.Hidden) {
		b.WriteString("H:true;")
	}
	b.WriteString(";")
	return b.String()
}

// parseWiFi reads a WIFI: payload back into fields.
func parseWiFi(p string) (WiFi, []string, bool) {
	body, ok := strings.CutPrefix(p, "WIFI:")
	if !ok {
		return WiFi{}, nil, false
	}
	var w WiFi
	wpa3 := false
	left := notKept{}
	setBy := map[string]int{}
	parts := splitUnescaped(strings.TrimSuffix(body, ";"), ';')
	for i, part := range parts {
		key, value, ok := strings.Cut(part, ":")
		if !ok || !containsString(wifiKeys, key) {
			if part != "" {
				left[i] = part // K: and other keys have no field
			}
			continue
		}
		if j, given := setBy[key]; given {
			left[j] = parts[j] // the later value is the one read
		}
		setBy[key] = i
		value = backslashUnescape(value)
		switch key {
		case "T":
			w.Security = value
		case "R":
			wpa3 = value == "1"
		case "S":
			w.SSID = value
		case "P":
			w.Password = value
		case "H":
			// ZXing's WifiResultParser reads H with Boolean.parseBoolean,
			// which ignores case; anything but true or false is not
			// read as either, and is reported as not kept.
			switch {
			case strings.EqualFold(value, "true"):
				w.Hidden = "true"
			case !strings.EqualFold(value, "false"):
				left[i] = part
			}
		case "E":
			w.EAP = value
		case "PH2":
			w.Phase2 = value
		case "A":
			w.AnonymousIdentity = value
		case "I":
			w.Identity = value
		}
	}
	_, typed := setBy["T"]
	switch {
	case wpa3:
		w.Security = "WPA3"
	case !typed && w.Password != "":
		// No T: is an open network (ZXing's Barcode Contents wiki: "omit
		// for no password"; WifiResultParser reads it as nopass), not
		// the WPA that a password given to the fields would build.
		w.Security = "nopass"
	}
	return w, left.list(), w.SSID != ""
}

// wifiKeys are the WIFI: keys the fields carry.
var wifiKeys = []string{"T", "R", "S", "P", "H", "E", "PH2", "A", "I"}
