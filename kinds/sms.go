package kinds

import (
	"strings"

	"github.com/qrforge/qrforge/registry"
)

// SMS is a text message to compose. Two payload forms exist and the field
// form picks one:
//
//   - smsto (default): SMSTO:<number>:<message>, the de-facto form of ZXing
//     (SMSTOMMSTOResultParser) and QRCoder that camera apps have handled
//     longest. It defines no escaping: the message runs to the end of the
//     payload, so any text, ':' included, is carried as is.
//   - sms: sms:<number>?body=<percent-encoded>, the standard URI of
//     RFC 5724 §2.2, which some apps still read less reliably.
type SMS struct {
	Number  string `json:"number" also:"phone,tel,to,recipient" validate:"required,max=64" jsonschema_description:"Recipient: an international number with '+' and country code (+15105550101; separators such as spaces and dashes are removed, and so is the trunk prefix (0) after a country code: +49 (0)30 1234567 is +49301234567). With form=smsto a national number or short code of digits only (12345) is also accepted; form=sms needs '+', because RFC 5724 takes an RFC 3966 number and a local one would need a phone-context." identity:"true" title:"Phone number"`
	Message string `json:"message" also:"body,text,msg,content" space:"keep" jsonschema_description:"Message text, UTF-8. Carried as is after SMSTO:<number>: or percent-encoded as ?body= for form=sms." title:"Message"`
	Form    string `json:"form" validate:"omitempty,oneofci=smsto sms" jsonschema:"enum=smsto,enum=sms" jsonschema_description:"Payload form: smsto (default, SMSTO:<number>:<message>, read by ZXing-based and most camera apps) or sms (sms:<number>?body=..., the RFC 5724 standard URI)." title:"Payload form"`
}

func init() {
	registry.Register(registry.Kind[SMS]{
		Name:       "sms",
		Title:      "Text message (SMS)",
		AlsoCalled: []string{"smsto", "textmessage", "text-message"},
		Purpose:    registry.Contact,
		Common:     true,
		Summary:    "Compose a text message: SMSTO:<number>:<message> by default, the form ZXing-based and most camera apps read best; form=sms gives the RFC 5724 sms: URI",
		Standard: registry.Standard{
			Name:    "ZXing SMSTO: and RFC 5724 sms: URI",
			Section: "RFC 5724 §2.2 for form=sms",
			URL:     "https://www.rfc-editor.org/rfc/rfc5724",
		},
		Examples: []SMS{
			{Number: "+15551212", Message: "hello"},
			{Number: "+15105550101", Message: "hello there", Form: "sms"},
		},
		Check:        checkSMS,
		Encode:       encodeSMS,
		ParseNotKept: parseSMS,
	})
}

func smsUsesURI(form string) bool { return strings.EqualFold(form, "sms") }

func checkSMS(s *SMS) []registry.FieldError {
	return append(checkTextFields(textField{"message", s.Message}), checkSMSNumber(s)...)
}

func checkSMSNumber(s *SMS) []registry.FieldError {
	s.Form = strings.ToLower(s.Form)
	plus, digits, bad := splitPhoneNumber(s.Number)
	switch {
	case bad != noBadRune:
		return []registry.FieldError{{Field: "number", Detail: "number has " + describeRune(bad) + "; a number has only '+', digits and separators (space - . ( ) /)", Fix: ""}}
	case plus:
		if problem := e164Problem(digits); problem != "" {
			return []registry.FieldError{{Field: "number", Detail: "number " + problem, Fix: ""}}
		}
		s.Number = "+" + digits
	case internationalPrefixError("number", s.Number) != nil:
		// SMSTO: would carry 00 as written, which dials abroad only
		// from a country whose international prefix it is.
		return []registry.FieldError{*internationalPrefixError("number", s.Number)}
	case smsUsesURI(s.Form):
		fix := ""
		return []registry.FieldError{{Field: "number", Detail: "form=sms needs an international number with '+': an sms: recipient is an RFC 3966 number (RFC 5724 §2.2), and a local one would need a phone-context (RFC 3966 §5.1.5). Use '+' and the country code, or form=smsto", Fix: fix}}
	case digits == "" || len(digits) > 15:
		// SMSTO: has no number grammar; the E.164 length cap still
		// bounds any number or short code a phone can send to.
		return []registry.FieldError{{Field: "number", Detail: "number has " + itoa(len(digits)) + " digits; a number or short code has 1 to 15", Fix: ""}}
	default:
		s.Number = digits
	}
	return nil
}

// encodeSMS writes the chosen form. The number is compact ('+' and digits)
// in both: SMSTO: defines no separators, and RFC 3966's visual separators,
// though allowed in sms:, only add bytes.
func encodeSMS(s SMS) string {
	if smsUsesURI(s.Form) {
		out := "sms:" + s.Number
		if s.Message != "" {
			// RFC 5724 §2.2: the body value is percent-encoded UTF-8.
			out += "?body=" + pctEncode(s.Message)
		}
		return out
	}
	if s.Message == "" {
		return "SMSTO:" + s.Number
	}
	return "SMSTO:" + s.Number + ":" + s.Message
}

// parseSMS reads either form. An sms: URI with several recipients or
// parameters such as ;via= has no fields here and is not recognised; of its
// hfields (RFC 5724 §2.2) only body has a field, and the others are named
// as not kept.
func parseSMS(p string) (SMS, []string, bool) {
	if rest, ok := cutSchemeFold(p, "SMSTO:"); ok {
		number, message, _ := strings.Cut(rest, ":")
		return SMS{Number: number, Message: message}, nil, number != ""
	}
	rest, ok := cutSchemeFold(p, "sms:")
	if !ok {
		return SMS{}, nil, false
	}
	number, query, _ := strings.Cut(rest, "?")
	if number == "" || strings.ContainsAny(number, ",;") {
		return SMS{}, nil, false
	}
	values, left, ok := readQuery(query, true, "body")
	if !ok {
		return SMS{}, nil, false
	}
	return SMS{Number: number, Message: values["body"], Form: "sms"}, left.list(), true
}
