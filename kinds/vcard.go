package kinds

import (
	"strings"

	"github.com/qrforge/qrforge/registry"
)

// VCard is a contact card in vCard 3.0 (RFC 2426), which phone cameras read
// most widely, or vCard 4.0 (RFC 6350).
type VCard struct {
	FirstName string `json:"fn" jsonschema_description:"Given (first) name. With ln it makes the structured name N and the formatted name FN (\"fn ln\"). One of fn, ln or org is required." identity:"true" title:"First name"`
	LastName  string `json:"ln" jsonschema_description:"Family (last) name." identity:"true" title:"Last name"`
	Org       string `json:"org" jsonschema_description:"Organisation. It is also the formatted name FN when no person's name is given." identity:"true" title:"Organisation"`
	Title     string `json:"title" jsonschema_description:"Job title." title:"Job title"`
	Phone     string `json:"phone" jsonschema_description:"Telephone number: digits with optional leading + and the separators space, -, ., ( and ). In vCard 4.0 a number starting with + is written as a tel: URI, without a national trunk prefix (0): +49 (0) 30 123456 becomes tel:+49-30-123456." identity:"true" title:"Phone"`
	Phone2    string `json:"phone2" jsonschema_description:"A second telephone number, same rules as phone." identity:"true" title:"Second phone"`
	Email     string `json:"email" validate:"omitempty,email" jsonschema_description:"E-mail address." identity:"true" title:"E-mail"`
	URL       string `json:"url" validate:"omitempty,http_url" jsonschema_description:"Web site, an absolute http(s) address." identity:"true" title:"Web site"`
	Street    string `json:"street" jsonschema_description:"Street address (ADR street component)." identity:"true" title:"Street"`
	City      string `json:"city" jsonschema_description:"City (ADR locality)." identity:"true" title:"City"`
	Region    string `json:"region" jsonschema_description:"State, province or region (ADR region)." identity:"true" title:"State or region"`
	Zip       string `json:"zip" jsonschema_description:"Postal code (ADR postal code)." identity:"true" title:"Postal code"`
	Country   string `json:"country" jsonschema_description:"Country name (ADR country)." identity:"true" title:"Country"`
	Note      string `json:"note" jsonschema_description:"Free-text note; line breaks are kept." title:"Note"`
	Version   string `json:"version" validate:"omitempty,oneof=3.0 4.0" jsonschema:"enum=3.0,enum=4.0" jsonschema_description:"vCard version: 3.0 (default, RFC 2426, read by the most scanners) or 4.0 (RFC 6350)." title:"vCard version"`
}

func init() {
	registry.Register(registry.Kind[VCard]{
		Name:    "vcard",
		Title:   "Contact card (vCard)",
		Purpose: registry.Contact,
		Common:  true,
		Summary: "Save a contact card (vCard 3.0 or 4.0)",
		Standard: registry.Standard{
			Name:    "RFC 2426 / RFC 6350",
			Version: "vCard 3.0 / 4.0",
			Section: "RFC 2426 §3 (types), RFC 6350 §3.2-3.4 (folding, escaping), §6 (properties)",
			URL:     "https://www.rfc-editor.org/rfc/rfc6350",
		},
		Examples: []VCard{
			{FirstName: "John", LastName: "Doe", Org: "Example, Inc.", Email: "john@example.com", Phone: "+15550100"},
			{FirstName: "Jane", LastName: "Roe", Email: "jane@example.com", Phone: "+1-555-555-0100", Version: "4.0"},
			{FirstName: "Erika", LastName: "Mustermann", Org: "Beispiel GmbH", Title: "Leiterin Einkauf", Phone: "+49 30 1234567", Phone2: "+49 151 2345678",
				Email: "erika@example.de", URL: "https://example.de/", Street: "Heidestraße 17", City: "Köln", Zip: "51147", Country: "Deutschland",
				Note: "Erreichbar Mo–Fr; bitte vorher anrufen,\ndanke."},
		},
		Check:  checkVCard,
		Encode: encodeVCard,
		Parse:  parseVCard,
	})
}

func checkVCard(v *VCard) []registry.FieldError {
	errs := checkTextFields(
		textField{"fn", v.FirstName}, textField{"ln", v.LastName}, textField{"org", v.Org}, textField{"title", v.Title},
		textField{"street", v.Street}, textField{"city", v.City}, textField{"region", v.Region}, textField{"zip", v.Zip},
		textField{"country", v.Country}, textField{"note", v.Note})
	if vcardFormattedName(*v) == "" {
		// RFC 2426 §1 and RFC 6350 §6.2.1: FN is required, so a card
		// needs someone or something to be named.
		errs = append(errs, registry.FieldError{Field: "fn", Detail: "a vCard needs a name for its required FN property (RFC 6350 §6.2.1): give fn, ln or org", Fix: ""})
	}
	for _, p := range []struct{ name, value string }{{"phone", v.Phone}, {"phone2", v.Phone2}} {
		if p.value != "" && !looksLikePhone(p.value) {
			errs = append(errs, registry.FieldError{Field: p.name, Detail: p.name + " is a telephone number: digits, an optional leading +, and space - . ( ) as separators, at most 32 characters", Fix: "+15550100"})
		}
	}
	if strings.ContainsFunc(v.URL, func(r rune) bool { return r <= ' ' || r == 0x7f }) {
		errs = append(errs, registry.FieldError{Field: "url", Detail: "url must not contain spaces or control characters (RFC 3986 §2)", Fix: uriFix(v.URL)})
	}
	if strings.Contains(v.URL, `\`) {
		// A backslash is no URI character (RFC 3986 §2), and readers
		// that unescape vCard values (ZXing's VCardResultParser, AOSP's
		// vCard importer) would read \n, \, or \; in it as an escape.
		errs = append(errs, registry.FieldError{Field: "url", Detail: `url must not contain a backslash: it is not a URI character (RFC 3986 §2), and vCard readers take \n, \, and \; for escapes; write it percent-encoded as %5C`, Fix: ""})
	}
	return errs
}

// vcardFormattedName is FN: "given family", or the organisation for a card
// that names no person (RFC 6350 §6.2.1 example "FN:ABC Marketing").
func vcardFormattedName(v VCard) string {
	if n := strings.TrimSpace(strings.TrimSpace(v.FirstName) + " " + strings.TrimSpace(v.LastName)); n != "" {
		return n
	}
	return strings.TrimSpace(v.Org)
}

// encodeVCard writes the card with properties in segno's make_vcard_data
// order. Both versions use CRLF after every line, the last included, and
// fold at 75 octets (RFC 6350 §3.2).
func encodeVCard(v VCard) string {
	v4 := v.Version == "4.0"
	version := "3.0"
	if v4 {
		version = "4.0"
	}
	// RFC 6350 §6.7.9: VERSION must come right after BEGIN (in 4.0; 3.0
	// readers expect it there too).
	lines := []string{"BEGIN:VCARD", "VERSION:" + version}
	// N is required in 3.0 (RFC 2426 §1) and optional in 4.0 (RFC 6350
	// §6.2.2). Its five components are family;given;additional;prefixes;
	// suffixes, each escaped so that ';' and ',' inside stay data.
	if !v4 || v.FirstName != "" || v.LastName != "" {
		lines = append(lines, "N:"+escapeText(v.LastName)+";"+escapeText(v.FirstName)+";;;")
	}
	lines = append(lines, "FN:"+escapeText(vcardFormattedName(v)))
	if v.Org != "" {
		lines = append(lines, "ORG:"+escapeText(v.Org))
	}
	if v.Email != "" {
		lines = append(lines, "EMAIL:"+escapeText(v.Email))
	}
	for _, p := range []string{v.Phone, v.Phone2} {
		if p != "" {
			lines = append(lines, vcardTel(p, v4))
		}
	}
	if v.URL != "" {
		// URL is a URI value, not TEXT: it is written as is, commas and
		// semicolons included (RFC 6350 §6.7.8, §4.2; §3.4 escapes TEXT
		// only). ZXing's VCardResultParser reads URL as one value, not
		// split at ';', and would also read \, and \; back, so both forms
		// round-trip there; the raw one is chosen because a reader that
		// follows the RFC keeps the backslashes of an escaped URI.
		// Percent-encoding them as %2C and %3B would change the URL: a
		// reserved character and its percent-encoding are not equivalent
		// (RFC 3986 §2.2, §6.2.2.2).
		lines = append(lines, "URL:"+v.URL)
	}
	if v.Title != "" {
		lines = append(lines, "TITLE:"+escapeText(v.Title))
	}
	if v.Street != "" || v.City != "" || v.Region != "" || v.Zip != "" || v.Country != "" {
		// ADR: po-box;extended;street;locality;region;code;country
		// (RFC 2426 §3.2.1, RFC 6350 §6.3.1).
		adr := []string{"", "", v.Street, v.City, v.Region, v.Zip, v.Country}
		for i := range adr {
			adr[i] = escapeText(adr[i])
		}
		lines = append(lines, "ADR:"+strings.Join(adr, ";"))
	}
	if v.Note != "" {
		lines = append(lines, "NOTE:"+escapeText(v.Note))
	}
	lines = append(lines, "END:VCARD")
	return writeContentLines(lines)
}

// vcardTel writes a TEL property. vCard 4.0 prefers a tel: URI (RFC 6350
// §6.4.1), which needs a global number (RFC 3966 §5.1.4) and allows no
// spaces, so the digit groups are joined by '-' as in the phone kind; a
// local number stays free text, the 4.0 default value type kept for
// compatibility.
func vcardTel(number string, v4 bool) string {
	if v4 && strings.HasPrefix(number, "+") {
		// "(0)", the national trunk prefix of +49 (0) 30 123456, is
		// not dialled from abroad, and a phone dialling the URI would
		// dial it: global-number-digits hold only what is dialled.
		return "TEL;VALUE=uri:tel:" + telGlobalNumber(trunkZero.ReplaceAllString(number, " "))
	}
	return "TEL:" + number
}

// parseVCard reads back a vCard (its own output, and simple cards from
// elsewhere): it unfolds, splits properties and unescapes values.
func parseVCard(p string) (VCard, bool) {
	lines := unfoldContentLines(p)
	if len(lines) < 2 || !strings.EqualFold(lines[0], "BEGIN:VCARD") || !strings.EqualFold(lines[len(lines)-1], "END:VCARD") {
		return VCard{}, false
	}
	var v VCard
	var fn string
	for _, l := range lines[1 : len(lines)-1] {
		c, ok := parseContentLine(l)
		if !ok {
			continue
		}
		switch c.name {
		case "VERSION":
			v.Version = c.value
		case "N":
			parts := splitUnescaped(c.value, ';')
			v.LastName = unescapeText(parts[0])
			if len(parts) > 1 {
				v.FirstName = unescapeText(parts[1])
			}
		case "FN":
			fn = unescapeText(c.value)
		case "ORG":
			v.Org = unescapeText(c.value)
		case "TITLE":
			v.Title = unescapeText(c.value)
		case "EMAIL":
			v.Email = unescapeText(c.value)
		case "URL":
			v.URL = c.value
		case "NOTE":
			v.Note = unescapeText(c.value)
		case "TEL":
			tel := strings.TrimPrefix(c.value, "tel:")
			if v.Phone == "" {
				v.Phone = tel
			} else if v.Phone2 == "" {
				v.Phone2 = tel
			}
		case "ADR":
			parts := splitUnescaped(c.value, ';')
			for len(parts) < 7 {
				parts = append(parts, "")
			}
			v.Street, v.City, v.Region, v.Zip, v.Country = unescapeText(parts[2]), unescapeText(parts[3]),
				unescapeText(parts[4]), unescapeText(parts[5]), unescapeText(parts[6])
		}
	}
	if v.FirstName == "" && v.LastName == "" && v.Org == "" {
		v.FirstName = fn // a 4.0 card may name its subject by FN alone
	}
	return v, true
}
