package service

import (
	"fmt"
	"net/url"
	"testing"

	"github.com/qrforge/qrforge/registry"
)

func TestZZEnumFixes(t *testing.T) {
	svc := New(Config{BaseURL: "http://qr.test"})
	tries := map[string][]string{
		"event.repeat":            {"biweekly", "bi-weekly", "fortnightly", "every other week", "weekdays", "every weekday", "hourly", "annually", "annual", "quarterly", "semi-monthly", "twice monthly", "bimonthly", "every 2 weeks", "monthly on the 1st", "none", "never", "once", "daily except weekends", "every day", "each week", "week", "month", "yearly birthday", "4-weekly", "six-monthly", "half-yearly", "semiannually"},
		"location.app":            {"google maps", "apple maps", "openstreetmap", "bing", "here", "maps.me", "yandex", "waze maps", "gmaps"},
		"otpauth.algorithm":       {"sha-256", "md5", "sha3-256", "sha-1", "sha224", "sha384", "hmac-sha256", "SHA-512/256", "sha3-512", "blake2"},
		"otpauth.digits":          {"7", "06", "9", "10", "4", "five", "six", "eight"},
		"otpauth.otp_type":        {"time", "counter", "steam", "motp", "time-based", "TOTP-SHA256"},
		"khqr.currency":           {"riel", "$", "EUR", "usd$", "US dollar", "THB", "KHR/USD"},
		"swissqr.currency":        {"SFr", "Fr.", "USD", "chf.", "€", "EURO", "GBP"},
		"swissqr.reference_type":  {"QR", "RF", "ISR", "ESR", "none", "SCOR-RF", "iso11649", "NON-REF", "QRR/SCOR"},
		"social.network":          {"twitter", "fb", "ig", "insta", "yt", "linked in", "bsky", "snapchat", "pinterest", "x.com", "tik tok", "reddit", "twitch", "telegram", "whatsapp", "mastodon.social", "threads.net", "meta", "youtube music", "instagram stories", "facebook messenger", "github gist", "gitlab", "xing"},
		"wifi.eap":                {"EAP-TLS", "EAP-TTLS", "LEAP", "EAP-FAST", "EAP-PWD", "PEAPv0", "PEAP-MSCHAPv2", "EAP-SIM", "AKA'", "EAP-AKA-PRIME", "TEAP", "MD5"},
		"wifi.phase2":             {"MSCHAPv2", "EAP-MSCHAPV2", "CHAP", "MD5", "EAP-GTC", "none", "auto", "PAP/CHAP", "TLS"},
		"promptpay.proxy_type":    {"phone", "id card", "citizen_id", "tax_id", "wallet", "e-wallet", "mobile number", "passport", "bank account"},
		"vietqr.service":          {"bank", "card number", "account number", "napas", "debit card", "credit card"},
		"xrp.network":             {"main", "test", "devnet", "livenet", "production", "sandbox"},
		"dpp.version":             {"4", "0", "1.0", "2.0", "v2", "3.1"},
		"epc.version":             {"1", "2", "3", "01", "002.0", "v2", "003"},
		"matter.flow":             {"standard flow", "user intent", "customised", "default", "commissioning", "normal", "intent"},
		"qris.criteria":           {"UMK", "micro", "small", "medium", "large", "UMKM", "URE/UBE"},
		"qrph.mode":               {"person to person", "merchant", "P2B", "B2B", "p2pm", "peer-to-peer"},
		"paynow.proxy_type":       {"phone", "UEN number", "nric", "vpa", "mobile number"},
		"sgqr.proxy_type":         {"phone", "nric", "company"},
		"gs1.form":                {"digital link", "element string", "url", "hri", "ai", "elements"},
		"mms.form":                {"MMSTO:", "mmsto-uri", "mms:"},
		"sms.form":                {"SMSTO:", "sms:", "smsto-uri", "imessage"},
		"vcard.email_type":        {"business", "personal", "office", "private", "other", "internet", "pref", "work,pref"},
		"vcard.version":           {"2.1", "3", "4", "3.0.0", "5.0", "v3", "vcard 4"},
		"appstore.platform":       {"iphone", "ipad", "google play", "play", "apple", "ipados", "macos", "huawei", "windows", "amazon"},
		"upi.cu":                  {"USD", "inr.", "rupees", "Rs", "₹", "INR/USD"},
		"emvqr.tip":               {"1", "2", "3", "4", "prompt", "fixed", "percentage", "percent", "10%"},
	}
	for _, k := range registry.All() {
		for _, f := range k.Fields() {
			vals := tries[k.Name()+"."+f.Name]
			for _, v := range vals {
				q := url.Values{}
				for name, ev := range k.Example() {
					q.Set(name, ev)
				}
				q.Set(f.Name, v)
				_, p := svc.Payload(Request{Kind: k.Name(), Query: q.Encode()})
				fix := ""
				if p != nil && p.Fix != "" {
					u, _ := url.Parse(p.Fix)
					fix = f.Name + "=" + u.Query().Get(f.Name)
					for name := range u.Query() {
						if name != f.Name && u.Query().Get(name) != q.Get(name) {
							fix += " " + name + "=" + u.Query().Get(name)
						}
					}
				}
				status := "200"
				if p != nil {
					status = "400"
				}
				fmt.Printf("ENUM %s.%s\t%q\t%s\t%s\n", k.Name(), f.Name, v, status, fix)
			}
		}
	}
}
