package kinds

import (
	"strings"

	"github.com/qrforge/qrforge/registry"
)

// FaceTime starts a FaceTime video or audio call on Apple devices.
type FaceTime struct {
	Contact string `json:"contact" also:"phone,email,number,to" validate:"required,max=254" jsonschema_description:"Who to call: a phone number (+1 408 555 1234; separators are removed, and so is the trunk prefix (0) after a country code, and a number without '+' is dialled as a national number, as in Apple's example facetime:14085551234) or the e-mail address of an Apple Account (user@example.com)." identity:"true" title:"Phone number or e-mail"`
	Audio   string `json:"audio" validate:"omitempty,oneofci=true false 1 0 yes no" jsonschema:"enum=true,enum=false" jsonschema_description:"true for an audio-only call (facetime-audio:, iOS only), false (default) for video (facetime:). Also 1/0, yes/no." title:"Audio only"`
}

func init() {
	registry.Register(registry.Kind[FaceTime]{
		Name:    "facetime",
		Title:   "FaceTime call",
		Purpose: registry.Contact,
		Summary: "Start a FaceTime video or audio call to a phone number or e-mail address (facetime: and facetime-audio: links)",
		Standard: registry.Standard{
			Name:    "Apple URL Scheme Reference",
			Version: "2017",
			Section: "FaceTime Links (facetime:, facetime-audio:)",
			URL:     "https://developer.apple.com/library/archive/featuredarticles/iPhoneURLScheme_Reference/FacetimeLinks/FacetimeLinks.html",
		},
		Examples: []FaceTime{
			{Contact: "14085551234"},
			{Contact: "user@example.com", Audio: "true"},
		},
		Check:  checkFaceTime,
		Encode: encodeFaceTime,
		Parse:  parseFaceTime,
	})
}

// checkFaceTime reads the contact as an e-mail address when it has an '@'
// (the email kind's address check) and as a phone number otherwise: '+'
// numbers must fit E.164, others are national numbers of digits.
func checkFaceTime(f *FaceTime) []registry.FieldError {
	c := strings.TrimSpace(f.Contact)
	if strings.Contains(c, "@") {
		address, problem := normaliseAddress(c)
		if problem != "" {
			return []registry.FieldError{{Field: "contact", Detail: "contact address " + c + " " + problem, Fix: ""}}
		}
		f.Contact = address
		return nil
	}
	plus, digits, bad := splitPhoneNumber(c)
	switch {
	case bad != noBadRune:
		return []registry.FieldError{{Field: "contact", Detail: "contact has " + describeRune(bad) + "; it is a phone number ('+', digits and separators) or an e-mail address (name@example.com)", Fix: ""}}
	case plus:
		if problem := e164Problem(digits); problem != "" {
			return []registry.FieldError{{Field: "contact", Detail: "contact number " + problem, Fix: ""}}
		}
		f.Contact = "+" + digits
	case internationalPrefixError("contact", c) != nil:
		return []registry.FieldError{*internationalPrefixError("contact", c)}
	case digits == "" || len(digits) > 15:
		return []registry.FieldError{{Field: "contact", Detail: "contact number has " + itoa(len(digits)) + " digits; a phone number has 1 to 15 (ITU-T E.164)", Fix: ""}}
	default:
		f.Contact = digits
	}
	return nil
}

// encodeFaceTime writes facetime:<contact> or facetime-audio:<contact>,
// the form of Apple's HTML examples. A number is '+' and digits; an
// address is percent-encoded outside the unreserved set but for its '@',
// as mailto: does.
func encodeFaceTime(f FaceTime) string {
	scheme := "facetime:"
	if parseBool(f.Audio) {
		scheme = "facetime-audio:"
	}
	if strings.Contains(f.Contact, "@") {
		return scheme + mailtoEncode(f.Contact)
	}
	return scheme + f.Contact
}

// parseFaceTime reads both schemes, also in the facetime:// form Apple
// lists for native apps.
func parseFaceTime(p string) (FaceTime, bool) {
	f := FaceTime{}
	rest, ok := cutSchemeFold(p, "facetime-audio:")
	if ok {
		f.Audio = "true"
	} else if rest, ok = cutSchemeFold(p, "facetime:"); !ok {
		return FaceTime{}, false
	}
	contact, ok := pctDecode(strings.TrimPrefix(rest, "//"))
	f.Contact = strings.TrimSpace(contact)
	return f, ok && f.Contact != "" && !strings.ContainsAny(rest, "?#;")
}
