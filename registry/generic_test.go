package registry_test

import (
	"testing"

	_ "github.com/qrforge/qrforge/kinds"
	"github.com/qrforge/qrforge/registry"
)

// A kind's name written with words any kind's code is called by is that
// kind; a name whose other words name a second kind, or none, gets none.
func TestMeantDropsGenericWords(t *testing.T) {
	for name, want := range map[string]string{
		"wifi network":      "wifi",
		"whatsapp chat":     "whatsapp",
		"wifi qr code":      "wifi",
		"vcard contact":     "vcard",
		"url link":          "url",
		"WiFi-QR":           "wifi",
		"Telegram chat":     "telegram",
		"bitcoin payment":   "bitcoin",
		"lightning network": "lightning",
		"sms message":       "sms",
		"text message qr":   "sms",   // text-message is an SMS, kept whole
		"business card qr":  "vcard", // business-card, kept whole
		"github link":       "social",
		"phone contact":     "", // a phone number, or a contact card
		"whatsapp contact":  "", // a chat, or a contact card
		"payment card":      "", // nothing but generic words
		"qr code":           "",
		"wifi payment":      "wifi",
		"wifi banana":       "",
	} {
		got, ok := registry.Meant(name)
		if want == "" && ok || want != "" && got != want {
			t.Errorf("Meant(%q) = %q, %v; want %q", name, got, ok, want)
		}
	}
}
