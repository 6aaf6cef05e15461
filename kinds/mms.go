package kinds

import (
	"strings"

	"github.com/qrforge/qrforge/registry"
)

// MMS is a multimedia message to compose: the sms kind's two payload forms
// with the mms schemes, and a subject line, which is what MMS adds.
//
//   - mms (default): mms:<number>?subject=..&body=.., the sms: URI of
//     RFC 5724 under the mms scheme, which ZXing's SMSMMSResultParser and
//     Android's messaging apps read with both parameters.
//   - mmsto: MMSTO:<number>:<text>, ZXing's SMSTOMMSTOResultParser form.
//     It has one text part, which ZXing reads as the message body, so it
//     carries no subject.
type MMS struct {
	Number  string `json:"number" also:"phone,tel,to,recipient" validate:"required,max=64" jsonschema_description:"Recipient: an international number with '+' and country code (+15105550101; separators are removed, and so is the trunk prefix (0) after a country code). With form=mmsto a national number or short code of digits only is also accepted." identity:"true" title:"Phone number"`
	Subject string `json:"subject" jsonschema_description:"Subject line of the message, UTF-8, one line; form=mms only." title:"Subject"`
	Message string `json:"message" also:"body,text,msg" space:"keep" jsonschema_description:"Message text, UTF-8. Percent-encoded as body= for form=mms; carried as is after MMSTO:<number>: for form=mmsto." title:"Message"`
	Form    string `json:"form" validate:"omitempty,oneofci=mms mmsto" jsonschema:"enum=mms,enum=mmsto" jsonschema_description:"Payload form: mms (default, mms:<number>?subject=..&body=..) or mmsto (MMSTO:<number>:<message>, without subject)." title:"Payload form"`
}

func init() {
	registry.Register(registry.Kind[MMS]{
		Name:    "mms",
		Title:   "Multimedia message (MMS)",
		Purpose: registry.Contact,
		Summary: "Compose a multimedia message with subject and text: mms:<number>?subject=..&body=.. by default, or MMSTO:<number>:<message>",
		Standard: registry.Standard{
			Name:    "RFC 5724 sms: URI under the mms scheme; ZXing MMSTO:",
			Section: "RFC 5724 §2.2 (recipient, body); ZXing SMSMMSResultParser (subject), SMSTOMMSTOResultParser",
			URL:     "https://www.rfc-editor.org/rfc/rfc5724",
		},
		Examples: []MMS{
			{Number: "+15551212", Subject: "foo", Message: "bar"},
			{Number: "+15105550101", Message: "Photo attached", Form: "mmsto"},
		},
		Check:        checkMMS,
		Encode:       encodeMMS,
		ParseNotKept: parseMMS,
	})
}

func mmsUsesURI(form string) bool { return !strings.EqualFold(form, "mmsto") }

// checkMMS applies the sms kind's number rules: form mms takes an RFC 3966
// number as sms: does, form mmsto any number or short code as SMSTO: does.
func checkMMS(m *MMS) []registry.FieldError {
	m.Form = strings.ToLower(m.Form)
	s := SMS{Number: m.Number, Form: "smsto"}
	if mmsUsesURI(m.Form) {
		s.Form = "sms"
	}
	errs := checkSMS(&s)
	for i := range errs {
		// checkSMS names its own forms in its advice.
		errs[i].Detail = strings.NewReplacer("form=smsto", "form=mmsto", "form=sms", "form=mms", "sms:", "mms:").Replace(errs[i].Detail)
	}
	m.Number = s.Number
	if m.Subject != "" && !mmsUsesURI(m.Form) {
		errs = append(errs, registry.FieldError{Field: "subject", Detail: "form=mmsto has no subject: MMSTO:<number>:<text> carries one text, the message (ZXing SMSTOMMSTOResultParser); use form=mms", Fix: ""})
	}
	if strings.ContainsAny(m.Subject, "\r\n") {
		errs = append(errs, registry.FieldError{Field: "subject", Detail: "subject is one line", Fix: strings.Join(strings.Fields(m.Subject), " ")})
	}
	return append(errs, checkTextFields(textField{"subject", m.Subject}, textField{"message", m.Message})...)
}

// encodeMMS writes the chosen form; subject comes before body, the order
// of ZXing's test URI mms:+15551212?subject=foo&body=bar.
func encodeMMS(m MMS) string {
	if !mmsUsesURI(m.Form) {
		return strings.Replace(encodeSMS(SMS{Number: m.Number, Message: m.Message}), "SMSTO:", "MMSTO:", 1)
	}
	var params []string
	if m.Subject != "" {
		params = append(params, "subject="+pctEncode(m.Subject))
	}
	if m.Message != "" {
		params = append(params, "body="+pctEncode(m.Message))
	}
	out := "mms:" + m.Number
	if len(params) > 0 {
		out += "?" + strings.Join(params, "&")
	}
	return out
}

// parseMMS reads either form. Several recipients and ;via= have no fields
// here, as for sms; hfields other than subject and body are named as not
// kept.
func parseMMS(p string) (MMS, []string, bool) {
	if rest, ok := cutSchemeFold(p, "MMSTO:"); ok {
		number, message, _ := strings.Cut(rest, ":")
		return MMS{Number: number, Message: message, Form: "mmsto"}, nil, number != ""
	}
	rest, ok := cutSchemeFold(p, "mms:")
	if !ok {
		return MMS{}, nil, false
	}
	number, query, _ := strings.Cut(rest, "?")
	values, left, ok := readQuery(query, true, "subject", "body")
	if number == "" || strings.ContainsAny(number, ",;") || !ok {
		return MMS{}, nil, false
	}
	return MMS{Number: number, Subject: values["subject"], Message: values["body"]}, left.list(), true
}
