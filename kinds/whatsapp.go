package kinds

import (
	"strconv"
	"strings"

	"github.com/qrforge/qrforge/registry"
)

// WhatsApp opens a chat through WhatsApp's click-to-chat link.
type WhatsApp struct {
	Number  string `json:"number" also:"phone,tel,to" jsonschema_description:"Recipient in international format: '+' or 00, then the country code, e.g. +49 160 1234567, +1 (555) 010-0100 or 0049 160 1234567. A national number (0160 1234567) is refused: its country cannot be known. '+', 00, a trunk prefix (0), spaces, dashes, dots and brackets are removed; 7 to 15 digits remain (ITU-T E.164). Optional when message is given: the user then picks the contact." identity:"true" title:"Phone number"`
	Message string `json:"message" space:"keep" also:"text,body,msg" jsonschema_description:"Text put in the message box, UTF-8, percent-encoded as ?text=. Required when number is empty." title:"Message"`
}

func init() {
	registry.Register(registry.Kind[WhatsApp]{
		Name:       "whatsapp",
		Title:      "WhatsApp chat",
		AlsoCalled: []string{"wa"},
		Purpose:    registry.Contact,
		Common:     true,
		Summary:    "Open a WhatsApp chat, optionally with a prepared message (wa.me link)",
		Standard: registry.Standard{
			Name:    "WhatsApp click to chat (wa.me)",
			Section: "FAQ How to use click to chat: the full international number, without +, 00, spaces, dashes or brackets",
			URL:     "https://faq.whatsapp.com/5913398998672934",
		},
		Examples: []WhatsApp{
			{Number: "+1 (555) 010-0100", Message: "Hi there!"},
			{Message: "Tell a friend about us"},
		},
		Check:        checkWhatsApp,
		Encode:       encodeWhatsApp,
		ParseNotKept: parseWhatsApp,
	})
}

func checkWhatsApp(w *WhatsApp) []registry.FieldError {
	return append(checkTextFields(textField{"message", w.Message}), checkWhatsAppNumber(w)...)
}

func checkWhatsAppNumber(w *WhatsApp) []registry.FieldError {
	if link, ok := whatsAppLink(w.Number); ok {
		// A click-to-chat link pasted whole: its number, with the '+' its
		// path leaves out, and its text where message is not given.
		fe := registry.FieldError{Field: "number", Fix: link.Number, FromLink: true,
			Detail: "number " + strconv.Quote(truncateBytes(w.Number, 64)) + " is a wa.me link, and the fix is its international number " + link.Number}
		switch {
		case link.Message != "" && w.Message == "":
			fe.With = map[string]string{"message": link.Message}
		case link.Message != "" && link.Message != w.Message:
			// Which text is meant only the caller knows.
			fe.Fix, fe.Detail = "", fe.Detail+"; its text differs from message, so there is no fix: give the number and one message"
		}
		return []registry.FieldError{fe}
	}
	if strings.TrimSpace(w.Number) == "" {
		w.Number = ""
		if w.Message == "" {
			return []registry.FieldError{{Field: "number", Detail: "number is required unless a message is given (https://wa.me/?text=... lets the user pick the contact)", Fix: ""}}
		}
		return nil
	}
	// "(0)" after the country code is the national trunk prefix, which is
	// not dialled from abroad (ITU-T E.123 §2.5).
	plus, digits, bad := splitPhoneNumber(trunkZero.ReplaceAllString(w.Number, " "))
	if bad != noBadRune {
		return []registry.FieldError{{Field: "number", Detail: "number has " + describeRune(bad) + "; it has only '+', digits and separators (space - . ( ) /)", Fix: ""}}
	}
	// WhatsApp's click to chat wants the full international number
	// without '+' or 00. QRCoder merely strips leading zeros, which turns
	// the German 0160 1234567 into 1601234567, a number in country 1:
	// without '+' or 00 the country is unknown, and is not guessed.
	if international, ok := internationalByPrefix(digits); ok {
		digits = strings.TrimPrefix(international, "+")
	} else if !plus && strings.HasPrefix(digits, "00") {
		return []registry.FieldError{{Field: "number", Detail: "number starts with 00 and has two readings: 00 then " + digits[2:] + ", or a longer international prefix (Australia's 0011) before the country code; write it with '+' and the country code", Fix: ""}}
	} else if !plus {
		return []registry.FieldError{{Field: "number", Detail: "wa.me needs the number in international format, e.g. +49 160 1234567: add '+' and the country code (a national number such as 0160 1234567 names no country)", Fix: ""}}
	}
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

// whatsAppLink reads a wa.me link given as the number, with or without
// its scheme, when it names a number.
func whatsAppLink(v string) (WhatsApp, bool) {
	rest, ok := cutHTTPScheme(strings.TrimSpace(v))
	if !ok {
		rest = strings.TrimSpace(v)
	}
	if !strings.HasPrefix(strings.ToLower(rest), "wa.me/") {
		return WhatsApp{}, false
	}
	w, _, ok := parseWhatsApp("https://" + rest)
	return w, ok && w.Number != ""
}

// parseWhatsApp reads a wa.me link back; query parameters other than text
// are named as not kept.
func parseWhatsApp(p string) (WhatsApp, []string, bool) {
	rest, ok := cutSchemeFold(p, "https://wa.me/")
	if !ok {
		return WhatsApp{}, nil, false
	}
	number, query, _ := strings.Cut(rest, "?")
	for i := 0; i < len(number); i++ {
		if number[i] < '0' || number[i] > '9' {
			return WhatsApp{}, nil, false
		}
	}
	// The path is the international number without '+' (click to chat
	// FAQ); the field takes it with '+', the form that names its country.
	w := WhatsApp{}
	if number != "" {
		w.Number = "+" + number
	}
	values, left, ok := readQuery(query, false, "text")
	if !ok {
		return WhatsApp{}, nil, false
	}
	w.Message = values["text"]
	return w, left.list(), w.Number != "" || w.Message != ""
}
