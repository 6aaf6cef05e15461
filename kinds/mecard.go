package kinds

import (
	"fmt"
	"strings"

	"github.com/qrforge/qrforge/registry"
)

// MeCard is a contact in NTT DoCoMo's MECARD: format, shorter than a vCard
// and read by ZXing-based scanners and Android cameras.
type MeCard struct {
	LastName  string `json:"ln" also:"lastname,last_name,surname,last,family" jsonschema_description:"Family (last) name, without commas; written first, as N:last,first." identity:"true" title:"Last name"`
	FirstName string `json:"fn" also:"name,firstname,first_name,first,given" jsonschema_description:"Given (first) name, without commas. fn or ln is required." identity:"true" title:"First name"`
	Phone     string `json:"phone" also:"tel,mobile,cell" jsonschema_description:"Telephone number: at most 24 digits with optional leading +; the separators space, -, ., ( and ) may be typed and are left out of the code, as is the trunk prefix (0) after a country code (+49 (0)30 1234567 is +49301234567)." identity:"true" title:"Phone"`
	Email     string `json:"email" also:"mail" validate:"omitempty,email" jsonschema_description:"E-mail address." identity:"true" title:"E-mail"`
	URL       string `json:"url" also:"website,link" validate:"omitempty,http_url" jsonschema_description:"Web site, an absolute http(s) address." identity:"true" title:"Web site"`
	Note      string `json:"note" space:"keep" also:"notes" jsonschema_description:"Free-text note (NOTE)." title:"Note"`
}

// mecardSpecial are the characters MECARD escapes with a backslash (segno
// make_mecard_data; ZXing's parser unescapes any backslash pair). Escaping
// ':' also keeps a value such as "TEL:" inside a note from being read as a
// field, since ZXing finds fields by searching for "KEY:".
const mecardSpecial = `\;:"`

// mecardTelDigits is the most digits NTT DoCoMo's MECARD gives TEL
// ("1 to 24 digits", phonebook registration function formats).
const mecardTelDigits = 24

func init() {
	registry.Register(registry.Kind[MeCard]{
		Name:    "mecard",
		Title:   "Contact (MECARD)",
		Purpose: registry.Contact,
		Summary: "Save a contact in the compact MECARD format",
		Standard: registry.Standard{
			Name:    "NTT DoCoMo MECARD",
			Section: "as read by ZXing AddressBookDoCoMoResultParser and written by segno make_mecard_data",
			URL:     "https://github.com/zxing/zxing/wiki/Barcode-Contents#contact-information",
		},
		Examples: []MeCard{
			{FirstName: "John", LastName: "Doe", Phone: "+15550100", Email: "john@example.com"},
			{FirstName: "Max", LastName: "Mustermann", URL: "https://example.org/~max", Note: "Call: after 6; \"urgent\" only"},
		},
		Check:        checkMeCard,
		Encode:       encodeMeCard,
		ParseNotKept: parseMeCard,
		SplitWord:    splitMeCardName,
	})
}

// splitMeCardName reads a name given as MECARD's N: writes it, last and
// first split at a comma, as ZXing's AddressBookDoCoMoResultParser reads
// it, into ln and fn: name=Doe,John (renamed fn) is ln Doe and fn John.
// Only fn is read so: a comma in ln more likely sets off a suffix.
// LastName is declared first, so that the parts are the value's pieces
// in the fields' order, as a fix of an identity field must write them. A
// name with no comma, or more than one, has no one reading.
func splitMeCardName(word, value string) (map[string]string, bool) {
	if word != "fn" {
		// A comma in ln is more likely a suffix's (Smith, Jr.) than N's.
		return nil, false
	}
	last, first, ok := strings.Cut(value, ",")
	last, first = strings.TrimSpace(last), strings.TrimSpace(first)
	if !ok || last == "" || first == "" || strings.Contains(first, ",") {
		return nil, true
	}
	return map[string]string{"ln": last, "fn": first}, true
}

func checkMeCard(m *MeCard) []registry.FieldError {
	errs := checkTextFields(textField{"fn", m.FirstName}, textField{"ln", m.LastName}, textField{"note", m.Note})
	for _, f := range []textField{{"fn", m.FirstName}, {"ln", m.LastName}} {
		if strings.Contains(f.value, ",") {
			// ZXing's AddressBookDoCoMoResultParser unescapes N: first
			// and then splits it at its first comma into last and first
			// name, so no escape keeps a comma inside a name part.
			errs = append(errs, registry.FieldError{Field: f.name, Detail: f.name + " has a comma: a comma in a MECARD name (N:) splits it into last and first name on ZXing-based readers, whatever the escaping; put the family name in ln and the given name in fn, without commas", Fix: ""})
		}
	}
	if m.FirstName == "" && m.LastName == "" {
		// ZXing ignores a MECARD without N.
		errs = append(errs, registry.FieldError{Field: "fn", Detail: "a MECARD needs a name (N): give fn, ln or both", Fix: ""})
	}
	switch tel := mecardTel(m.Phone); {
	case loosePhoneProblem("phone", m.Phone) != "":
		detail := loosePhoneProblem("phone", m.Phone)
		if list := phoneList(m.Phone); list != nil {
			detail += "; it lists " + itoa(len(list)) + " numbers, and mecard has one phone field, written as one TEL: give one number, or make a vCard (kind vcard: phone and phone2)"
		}
		errs = append(errs, registry.FieldError{Field: "phone", Detail: detail, Fix: ""})
	case internationalPrefixError("phone", m.Phone) != nil:
		errs = append(errs, *internationalPrefixError("phone", m.Phone))
	case len(strings.TrimPrefix(tel, "+")) > mecardTelDigits:
		errs = append(errs, registry.FieldError{Field: "phone", Detail: fmt.Sprintf("phone has %d digits; a MECARD's TEL holds at most %d (NTT DoCoMo MECARD); a vCard (kind vcard) takes longer numbers", len(strings.TrimPrefix(tel, "+")), mecardTelDigits), Fix: ""})
	}
	if strings.ContainsFunc(m.URL, func(r rune) bool { return r <= ' ' || r == 0x7f }) {
		errs = append(errs, registry.FieldError{Field: "url", Detail: "url must not contain spaces or control characters (RFC 3986 §2)", Fix: uriFix(m.URL)})
	}
	return errs
}

// encodeMeCard writes MECARD:N:last,first;TEL:..;EMAIL:..;URL:..;NOTE:..;;
// in segno's field order. With only one name part, N has no comma, which
// ZXing would otherwise turn into a name with a stray space.
func encodeMeCard(m MeCard) string {
	var b strings.Builder
	b.WriteString("MECARD:N:")
	switch {
	case m.FirstName != "" && m.LastName != "":
		b.WriteString(backslashEscape(m.LastName, mecardSpecial) + "," + backslashEscape(m.FirstName, mecardSpecial))
	default:
		b.WriteString(backslashEscape(m.LastName+m.FirstName, mecardSpecial))
	}
	b.WriteString(";")
	for _, f := range []struct{ key, value string }{{"TEL", mecardTel(m.Phone)}, {"EMAIL", m.Email}, {"URL", m.URL}, {"NOTE", m.Note}} {
		if f.value != "" {
			b.WriteString(f.key + ":" + backslashEscape(f.value, mecardSpecial) + ";")
		}
	}
	b.WriteString(";")
	return b.String()
}

// mecardTel is a number as MECARD's TEL holds it, digits only (NTT DoCoMo
// MECARD): the separators people type are left out, and the leading + of
// an international number, which ZXing-based readers and phones dial,
// stays; after it, a bracketed trunk prefix 0 is not dialled (ITU-T
// E.123 §2.5) and is left out too.
func mecardTel(s string) string {
	if strings.HasPrefix(strings.TrimSpace(s), "+") {
		s = trunkZero.ReplaceAllString(s, " ")
	}
	return strings.Map(func(r rune) rune {
		if '0' <= r && r <= '9' || r == '+' {
			return r
		}
		return -1
	}, s)
}

// parseMeCard reads a MECARD: payload back into fields. A name without an
// unescaped comma is taken as the given name.
func parseMeCard(p string) (MeCard, []string, bool) {
	body, ok := strings.CutPrefix(p, "MECARD:")
	if !ok {
		return MeCard{}, nil, false
	}
	var m MeCard
	seen := map[string]bool{}
	left := notKept{}
	for i, part := range splitUnescaped(body, ';') {
		key, value, ok := strings.Cut(part, ":")
		if !ok || seen[key] || !containsString(mecardKeys, key) {
			// Only the first of a repeated key, as ZXing does; SOUND,
			// BDAY, ADR and others have no field.
			if part != "" {
				left[i] = part
			}
			continue
		}
		seen[key] = true
		switch key {
		case "N":
			name := splitUnescaped(value, ',')
			if len(name) >= 2 {
				m.LastName, m.FirstName = backslashUnescape(name[0]), backslashUnescape(strings.Join(name[1:], ","))
			} else {
				m.FirstName = backslashUnescape(value)
			}
		case "TEL":
			m.Phone = backslashUnescape(value)
		case "EMAIL":
			m.Email = backslashUnescape(value)
		case "URL":
			m.URL = backslashUnescape(value)
		case "NOTE":
			m.Note = backslashUnescape(value)
		}
	}
	return m, left.list(), seen["N"]
}

// mecardKeys are the MECARD keys the fields carry.
var mecardKeys = []string{"N", "TEL", "EMAIL", "URL", "NOTE"}
