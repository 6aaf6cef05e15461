package kinds

import (
	"strings"

	"github.com/qrforge/qrforge/registry"
)

// WhatsApp opens a chat through WhatsApp's click-to-chat link.
type WhatsApp struct {
	Number  string `json:"number" jsonschema_description:"Recipient in international format with country code, e.g. +1 (555) 010-0100 or 0049 160 1234567. '+', spaces, dashes, dots, brackets and leading zeros are removed; 7 to 15 digits remain (ITU-T E.164). A national number without country code reaches the wrong person. Optional when message is given: the user then picks the contact." identity:"true"`
	Message string `json:"message" jsonschema_description:"Text put in the message box, UTF-8, percent-encoded as ?text=. Required when number is empty."`
}

func init() {
	registry.Register(registry.Kind[WhatsApp]{
		Name:    "whatsapp",
		Summary: "Open a WhatsApp chat, optionally with a prepared message (wa.me link)",
		Standard: registry.Standard{
			Name:    "WhatsApp click to chat (wa.me)",
			Section: "number cleaned as QRCoder's WhatsAppMessage does",
		},
		Examples: []WhatsApp{
			{Number: "+1 (555) 010-0100", Message: "Hi there!"},
			{Message: "Tell a friend about us"},
		},
		Check:  checkWhatsApp,
		Encode: encodeWhatsApp,
		Parse:  parseWhatsApp,
	})
}

func checkWhatsApp(w *WhatsApp) []registry.FieldError {
	if strings.TrimSpace(w.Number) == "" {
		w.Number = ""
		if w.Message == "" {
			return []registry.FieldError{{Field: "number", Detail: "number is required unless a message is given (https://wa.me/?text=... lets the user pick the contact)", Fix: "+1 (555) 010-0100"}}
		}
		return nil
	}
	_, digits, bad := splitPhoneNumber(w.Number)
	if bad != noBadRune {
		return []registry.FieldError{{Field: "number", Detail: "number has " + describeRune(bad) + "; it has only '+', digits and separators (space - . ( ) /)", Fix: ""}}
	}
	// QRCoder strips leading '0' and '+' (regex ^[0+]+|[ ()-]): an
	// international call prefix 00 or a '+' is not part of the wa.me path.
	digits = strings.TrimLeft(digits, "0")
	if problem := e164Problem(digits); problem != "" {
		return []registry.FieldError{{Field: "number", Detail: "number " + problem, Fix: ""}}
	}
	w.Number = digits
	return nil
}

func encodeWhatsApp(w WhatsApp) string {
	out := "https://wa.me/" + w.Number
	if w.Message != "" {
		out += "?text=" + pctEncode(w.Message)
	}
	return out
}

// parseWhatsApp reads a wa.me link back.
func parseWhatsApp(p string) (WhatsApp, bool) {
	rest, ok := cutSchemeFold(p, "https://wa.me/")
	if !ok {
		return WhatsApp{}, false
	}
	number, query, _ := strings.Cut(rest, "?")
	for i := 0; i < len(number); i++ {
		if number[i] < '0' || number[i] > '9' {
			return WhatsApp{}, false
		}
	}
	w := WhatsApp{Number: number}
	pairs, ok := uriQueryPairs(query)
	if !ok {
		return WhatsApp{}, false
	}
	for _, pair := range pairs {
		if pair.name == "text" {
			w.Message = pair.value
		}
	}
	return w, w.Number != "" || w.Message != ""
}
