package kinds

import (
	"strings"
	"time"
	"unicode/utf8"

	"github.com/qrforge/qrforge/registry"
)

// VCard is a contact card in vCard 3.0 (RFC 2426), which phone cameras read
// most widely, or vCard 4.0 (RFC 6350).
type VCard struct {
	FirstName  string `json:"fn" also:"name,firstname,first_name,given_name,first,given,givenname" jsonschema_description:"Given (first) name. With ln it makes the structured name N and the formatted name FN (\"fn ln\"). One of fn, ln or org is required." identity:"true" title:"First name"`
	LastName   string `json:"ln" also:"lastname,last_name,surname,family_name,last,family,familyname" jsonschema_description:"Family (last) name." identity:"true" title:"Last name"`
	Nickname   string `json:"nickname" jsonschema_description:"Nickname (NICKNAME, RFC 2426 §3.1.3, RFC 6350 §6.2.3), one name; a comma in it is kept as text." identity:"true" title:"Nickname"`
	Org        string `json:"org" also:"company,organization,organisation" jsonschema_description:"Organisation. It is also the formatted name FN when no person's name is given." identity:"true" title:"Organisation"`
	OrgUnit    string `json:"org_unit" also:"department,dept" jsonschema_description:"Organisational unit (department) within org, the second component of ORG (RFC 2426 §3.5.5, RFC 6350 §6.6.4: ORG:ABC\\, Inc.;Marketing). Needs org." title:"Department"`
	Title      string `json:"title" also:"job,jobtitle,job_title,position" jsonschema_description:"Job title." title:"Job title"`
	Phone      string `json:"phone" also:"tel,mobile,telephone,cell" jsonschema_description:"Telephone number: digits with optional leading + and the separators space, -, ., ( and ). In vCard 4.0 a number starting with + is written as a tel: URI, without a national trunk prefix (0): +49 (0) 30 123456 becomes tel:+49-30-123456. An extension (ext. 23, x23) is refused: give it in note." identity:"true" title:"Phone"`
	PhoneType  string `json:"phone_type" jsonschema_description:"Kind of the phone number, a comma-separated list for TEL's TYPE parameter: cell, work, home, voice, fax, pager, video; in 3.0 also msg, bbs, modem, car, isdn, pcs, pref (RFC 2426 §3.3.1), in 4.0 also text, textphone (RFC 6350 §6.4.1). Example: cell or work,voice. Needs phone." title:"Phone type"`
	Phone2     string `json:"phone2" jsonschema_description:"A second telephone number, same rules as phone." identity:"true" title:"Second phone"`
	Phone2Type string `json:"phone2_type" jsonschema_description:"Kind of the second phone number, as phone_type. Needs phone2." title:"Second phone type"`
	Phone3     string `json:"phone3" jsonschema_description:"A third telephone number, same rules as phone." identity:"true" title:"Third phone"`
	Phone3Type string `json:"phone3_type" jsonschema_description:"Kind of the third phone number, as phone_type. Needs phone3." title:"Third phone type"`
	Email      string `json:"email" also:"mail" validate:"omitempty,email" jsonschema_description:"E-mail address." identity:"true" title:"E-mail"`
	EmailType  string `json:"email_type" validate:"omitempty,oneofci=work home" jsonschema:"enum=work,enum=home" jsonschema_description:"Whether email is a work or home address, EMAIL's TYPE parameter (RFC 6350 §5.6; an iana-token in RFC 2426 §3.3.2). Needs email." title:"E-mail type"`
	Email2     string `json:"email2" validate:"omitempty,email" jsonschema_description:"A second e-mail address." identity:"true" title:"Second e-mail"`
	Email2Type string `json:"email2_type" validate:"omitempty,oneofci=work home" jsonschema:"enum=work,enum=home" jsonschema_description:"Whether email2 is a work or home address. Needs email2." title:"Second e-mail type"`
	URL        string `json:"url" also:"website,link" validate:"omitempty,http_url" jsonschema_description:"Web site, an absolute http(s) address." identity:"true" title:"Web site"`
	Photo      string `json:"photo" validate:"omitempty,http_url" jsonschema_description:"Address of a photo of the contact, an absolute http(s) URL (PHOTO by reference, RFC 2426 §3.1.4, RFC 6350 §6.2.4); the image itself is not embedded, it would not fit in a QR code." identity:"true" title:"Photo URL"`
	Birthday   string `json:"bday" also:"birthday,birthdate,dob" jsonschema_description:"Birthday (BDAY): a date YYYY-MM-DD, such as 1996-04-15; in vCard 4.0 also --MM-DD for a birthday without the year (RFC 6350 §4.3.1)." title:"Birthday"`
	Street     string `json:"street" also:"address,adr" jsonschema_description:"Street address (ADR street component); a whole address on one line may be given here, or under address." identity:"true" title:"Street"`
	City       string `json:"city" jsonschema_description:"City (ADR locality)." identity:"true" title:"City"`
	Region     string `json:"region" also:"state,province" jsonschema_description:"State, province or region (ADR region)." identity:"true" title:"State or region"`
	Zip        string `json:"zip" also:"postcode,postal_code,postalcode,postal" jsonschema_description:"Postal code (ADR postal code)." identity:"true" title:"Postal code"`
	Country    string `json:"country" jsonschema_description:"Country name (ADR country)." identity:"true" title:"Country"`
	AdrType    string `json:"adr_type" jsonschema_description:"Kind of the address, a comma-separated list for ADR's TYPE parameter: work or home; in 3.0 also dom, intl, postal, parcel, pref (RFC 2426 §3.2.1). Needs an address: street, city, region, zip or country." title:"Address type"`
	Street2    string `json:"street2" jsonschema_description:"Street of a second address." identity:"true" title:"Second street"`
	City2      string `json:"city2" jsonschema_description:"City of the second address." identity:"true" title:"Second city"`
	Region2    string `json:"region2" jsonschema_description:"State, province or region of the second address." identity:"true" title:"Second state or region"`
	Zip2       string `json:"zip2" jsonschema_description:"Postal code of the second address." identity:"true" title:"Second postal code"`
	Country2   string `json:"country2" jsonschema_description:"Country of the second address." identity:"true" title:"Second country"`
	Adr2Type   string `json:"adr2_type" jsonschema_description:"Kind of the second address, as adr_type. Needs a second address: street2, city2, region2, zip2 or country2." title:"Second address type"`
	Note       string `json:"note" space:"keep" also:"notes" jsonschema_description:"Free-text note; line breaks are kept." title:"Note"`
	Version    string `json:"version" meant:"3=3.0,4=4.0" validate:"omitempty,oneof=3.0 4.0" jsonschema:"enum=3.0,enum=4.0" jsonschema_description:"vCard version: 3.0 (default, RFC 2426, read by the most scanners) or 4.0 (RFC 6350)." title:"vCard version"`
}

// vcardTelTypes are the TYPE values of TEL in each version (RFC 2426
// §3.3.1 type-param-tel; RFC 6350 §6.4.1 and §5.6 for work and home).
// "pref" is 3.0 only: 4.0 states preference with PREF= (RFC 6350 §5.3).
var vcardTelTypes = map[string][]string{
	"3.0": {"cell", "work", "home", "voice", "fax", "pager", "video", "msg", "bbs", "modem", "car", "isdn", "pcs", "pref"},
	"4.0": {"cell", "work", "home", "voice", "fax", "pager", "video", "text", "textphone"},
}

// vcardAdrTypes are the TYPE values of ADR (RFC 2426 §3.2.1 type-param-adr;
// RFC 6350 §6.3.1, which keeps only work and home of §5.6).
var vcardAdrTypes = map[string][]string{
	"3.0": {"work", "home", "dom", "intl", "postal", "parcel", "pref"},
	"4.0": {"work", "home"},
}

func init() {
	registry.Register(registry.Kind[VCard]{
		Name:       "vcard",
		Title:      "Contact card (vCard)",
		AlsoCalled: []string{"contact", "businesscard", "business-card", "vcf"},
		Purpose:    registry.Contact,
		Common:     true,
		Summary:    "Save a contact card (vCard 3.0 or 4.0)",
		Standard: registry.Standard{
			Name:    "RFC 2426 / RFC 6350",
			Version: "vCard 3.0 / 4.0",
			Section: "RFC 2426 §3 (types), RFC 6350 §3.2-3.4 (folding, escaping), §5.6 (TYPE), §6 (properties)",
			URL:     "https://www.rfc-editor.org/rfc/rfc6350",
		},
		Examples: []VCard{
			{FirstName: "John", LastName: "Doe", Org: "Example, Inc.", Email: "john@example.com", Phone: "+15550100"},
			{FirstName: "Jane", LastName: "Roe", Email: "jane@example.com", Phone: "+1-555-555-0100", Version: "4.0"},
			{FirstName: "Erika", LastName: "Mustermann", Org: "Beispiel GmbH", Title: "Leiterin Einkauf", Phone: "+49 30 1234567", Phone2: "+49 151 2345678",
				Email: "erika@example.de", URL: "https://example.de/", Street: "Heidestraße 17", City: "Köln", Zip: "51147", Country: "Deutschland",
				Note: "Erreichbar Mo–Fr; bitte vorher anrufen,\ndanke."},
			{FirstName: "Simon", LastName: "Perreault", Nickname: "Nomis", Org: "Viagenie", OrgUnit: "R&D", Title: "Engineer",
				Phone: "+1 418 656 9254", PhoneType: "work,voice", Phone2: "+1 418 555 0100", Phone2Type: "cell",
				Email: "simon.perreault@viagenie.ca", EmailType: "work", Email2: "simon@example.org", Email2Type: "home",
				URL: "http://nomis80.org", Photo: "https://example.org/simon.jpg", Birthday: "--02-03",
				Street: "2875 boul. Laurier, suite D2-630", City: "Quebec", Region: "QC", Zip: "G1V 2M2", Country: "Canada", AdrType: "work",
				Street2: "123 Main Street", City2: "Any Town", Region2: "CA", Zip2: "91921-1234", Country2: "U.S.A.", Adr2Type: "home",
				Version: "4.0"},
		},
		Check:        checkVCard,
		Encode:       encodeVCard,
		ParseNotKept: parseVCard,
	})
}

func checkVCard(v *VCard) []registry.FieldError {
	errs := checkTextFields(
		textField{"fn", v.FirstName}, textField{"ln", v.LastName}, textField{"nickname", v.Nickname}, textField{"org", v.Org},
		textField{"org_unit", v.OrgUnit}, textField{"title", v.Title},
		textField{"street", v.Street}, textField{"city", v.City}, textField{"region", v.Region}, textField{"zip", v.Zip},
		textField{"country", v.Country}, textField{"street2", v.Street2}, textField{"city2", v.City2}, textField{"region2", v.Region2},
		textField{"zip2", v.Zip2}, textField{"country2", v.Country2}, textField{"note", v.Note})
	if vcardFormattedName(*v) == "" {
		// RFC 2426 §1 and RFC 6350 §6.2.1: FN is required, so a card
		// needs someone or something to be named.
		errs = append(errs, registry.FieldError{Field: "fn", Detail: "a vCard needs a name for its required FN property (RFC 6350 §6.2.1): give fn, ln or org", Fix: ""})
	}
	if v.OrgUnit != "" && strings.TrimSpace(v.Org) == "" {
		errs = append(errs, registry.FieldError{Field: "org_unit", Detail: "org_unit is a unit of the organisation, the second component of ORG after its name (RFC 6350 §6.6.4): give org as well", Fix: ""})
	}
	// A TYPE parameter qualifies its property (RFC 6350 §5.6): without
	// the property, it would be written nowhere.
	adr := func(parts ...string) bool { return strings.TrimSpace(strings.Join(parts, "")) != "" }
	for _, q := range []struct {
		typeName, typ, of string
		given             bool
	}{
		{"phone_type", v.PhoneType, "phone", v.Phone != ""}, {"phone2_type", v.Phone2Type, "phone2", v.Phone2 != ""},
		{"phone3_type", v.Phone3Type, "phone3", v.Phone3 != ""}, {"email_type", v.EmailType, "email", v.Email != ""},
		{"email2_type", v.Email2Type, "email2", v.Email2 != ""},
		{"adr_type", v.AdrType, "the address (street, city, region, zip, country)", adr(v.Street, v.City, v.Region, v.Zip, v.Country)},
		{"adr2_type", v.Adr2Type, "the second address (street2, city2, region2, zip2, country2)", adr(v.Street2, v.City2, v.Region2, v.Zip2, v.Country2)},
	} {
		if strings.TrimSpace(q.typ) != "" && !q.given {
			errs = append(errs, registry.FieldError{Field: q.typeName, Detail: q.typeName + " is the TYPE of " + q.of + ", which is not given, so it would be written nowhere: give " + q.of + " as well; the fix drops " + q.typeName, Drop: true})
		}
	}
	version := "3.0"
	if v.Version == "4.0" {
		version = "4.0"
	}
	for _, p := range []struct {
		name, value, typeName string
		typ                   *string
	}{{"phone", v.Phone, "phone_type", &v.PhoneType}, {"phone2", v.Phone2, "phone2_type", &v.Phone2Type}, {"phone3", v.Phone3, "phone3_type", &v.Phone3Type}} {
		if detail := loosePhoneProblem(p.name, p.value); detail != "" {
			errs = append(errs, vcardPhoneListError(*v, p.name, detail))
		} else if fe := internationalPrefixError(p.name, p.value); fe != nil {
			errs = append(errs, *fe)
		}
		if fe := checkVCardTypes(p.typeName, p.typ, vcardTelTypes[version], version, "RFC 2426 §3.3.1", "RFC 6350 §6.4.1"); fe != nil {
			errs = append(errs, *fe)
		}
	}
	for _, a := range []struct {
		name string
		typ  *string
	}{{"adr_type", &v.AdrType}, {"adr2_type", &v.Adr2Type}} {
		if fe := checkVCardTypes(a.name, a.typ, vcardAdrTypes[version], version, "RFC 2426 §3.2.1", "RFC 6350 §6.3.1"); fe != nil {
			errs = append(errs, *fe)
		}
	}
	v.EmailType, v.Email2Type = strings.ToLower(v.EmailType), strings.ToLower(v.Email2Type)
	for _, u := range []struct{ name, value string }{{"url", v.URL}, {"photo", v.Photo}} {
		if strings.ContainsFunc(u.value, func(r rune) bool { return r <= ' ' || r == 0x7f }) {
			errs = append(errs, registry.FieldError{Field: u.name, Detail: u.name + " must not contain spaces or control characters (RFC 3986 §2)", Fix: uriFix(u.value)})
		}
		if strings.Contains(u.value, `\`) {
			// A backslash is no URI character (RFC 3986 §2), and readers
			// that unescape vCard values (ZXing's VCardResultParser, AOSP's
			// vCard importer) would read \n, \, or \; in it as an escape.
			errs = append(errs, registry.FieldError{Field: u.name, Detail: u.name + ` must not contain a backslash: it is not a URI character (RFC 3986 §2), and vCard readers take \n, \, and \; for escapes; write it percent-encoded as %5C`, Fix: ""})
		}
	}
	if v.Birthday != "" {
		bday, fe := vcardBirthday(v.Birthday, version)
		if fe != nil {
			errs = append(errs, *fe)
		} else {
			v.Birthday = bday
		}
	}
	return errs
}

// checkVCardTypes normalises a comma-separated TYPE list to lower case
// without blanks or repeats, and refuses values the version does not define.
// The fix keeps the values that are defined.
func checkVCardTypes(field string, value *string, allowed []string, version, cite3, cite4 string) *registry.FieldError {
	if strings.TrimSpace(*value) == "" {
		*value = ""
		return nil
	}
	var kept, unknown []string
	for _, t := range strings.Split(strings.ToLower(*value), ",") {
		t = strings.TrimSpace(t)
		switch {
		case t == "" || containsString(kept, t):
		case containsString(allowed, t):
			kept = append(kept, t)
		default:
			unknown = append(unknown, t)
		}
	}
	if len(unknown) > 0 {
		cite := cite3
		if version == "4.0" {
			cite = cite4
		}
		return &registry.FieldError{Field: field, Detail: field + " has " + strings.Join(unknown, ", ") + ", not a TYPE of vCard " + version + " (" + cite + "); use " + strings.Join(allowed, ", "), Fix: strings.Join(kept, ",")}
	}
	*value = strings.Join(kept, ",")
	return nil
}

func containsString(list []string, s string) bool {
	for _, l := range list {
		if l == s {
			return true
		}
	}
	return false
}

// vcardBirthday checks a birthday, YYYY-MM-DD or (4.0 only) --MM-DD, and
// returns it in that form.
func vcardBirthday(s, version string) (string, *registry.FieldError) {
	s = strings.TrimSpace(s)
	if rest, ok := strings.CutPrefix(s, "--"); ok {
		// February 29 exists in a leap year; 2000 stands for "some year".
		if _, err := time.Parse("2006-01-02", "2000-"+rest); err != nil || len(rest) != 5 {
			return "", &registry.FieldError{Field: "bday", Detail: "bday without a year is --MM-DD, such as --04-15 (RFC 6350 §4.3.1)", Fix: ""}
		}
		if version != "4.0" {
			return "", &registry.FieldError{Field: "bday", Detail: "a birthday without the year (--MM-DD) exists only in vCard 4.0 (RFC 6350 §4.3.1); vCard 3.0's BDAY is a full date (RFC 2426 §3.1.5): give the year or version 4.0", Fix: ""}
		}
		return s, nil
	}
	if _, err := time.Parse(time.DateOnly, s); err != nil {
		// RFC 6350 §6.2.5 writes the date in digits; one whose month is
		// a word has one reading, a date in digits alone may have two.
		fix, _ := peopleDate(s)
		return "", &registry.FieldError{Field: "bday", Detail: "bday is a date YYYY-MM-DD, such as 1996-04-15 (RFC 2426 §3.1.5, RFC 6350 §6.2.5)" + twoReadingDate(s), Fix: fix}
	}
	return s, nil
}

// vcardFormattedName is FN: "given family", or the organisation for a card
// that names no person (RFC 6350 §6.2.1 example "FN:ABC Marketing").
func vcardFormattedName(v VCard) string {
	if n := strings.TrimSpace(strings.TrimSpace(v.FirstName) + " " + strings.TrimSpace(v.LastName)); n != "" {
		return n
	}
	return strings.TrimSpace(v.Org)
}

// vcardAddress is one ADR: its components and TYPE list.
type vcardAddress struct{ street, city, region, zip, country, typ string }

func (a vcardAddress) empty() bool {
	return a.street == "" && a.city == "" && a.region == "" && a.zip == "" && a.country == ""
}

// encodeVCard writes the card with properties in segno's make_vcard_data
// order, the properties segno does not write (NICKNAME, BDAY, PHOTO) where
// RFC 2426 §3.1 lists them among the identification types. Both versions
// use CRLF after every line, the last included, and fold at 75 octets (RFC
// 6350 §3.2).
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
	if v.Nickname != "" {
		// NICKNAME is a text list (RFC 6350 §6.2.3): the comma is
		// escaped so that one nickname stays one.
		lines = append(lines, "NICKNAME:"+escapeText(v.Nickname))
	}
	if v.Org != "" {
		// ORG is organisation name;unit (RFC 2426 §3.5.5, RFC 6350 §6.6.4).
		org := escapeText(v.Org)
		if v.OrgUnit != "" {
			org += ";" + escapeText(v.OrgUnit)
		}
		lines = append(lines, "ORG:"+org)
	}
	for _, e := range []struct{ addr, typ string }{{v.Email, v.EmailType}, {v.Email2, v.Email2Type}} {
		if e.addr != "" {
			lines = append(lines, "EMAIL"+vcardTypeParam(e.typ)+":"+escapeText(e.addr))
		}
	}
	for _, p := range []struct{ number, typ string }{{v.Phone, v.PhoneType}, {v.Phone2, v.Phone2Type}, {v.Phone3, v.Phone3Type}} {
		if p.number != "" {
			lines = append(lines, vcardTel(p.number, p.typ, v4))
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
	for _, a := range []vcardAddress{
		{v.Street, v.City, v.Region, v.Zip, v.Country, v.AdrType},
		{v.Street2, v.City2, v.Region2, v.Zip2, v.Country2, v.Adr2Type},
	} {
		if a.empty() {
			continue
		}
		// ADR: po-box;extended;street;locality;region;code;country
		// (RFC 2426 §3.2.1, RFC 6350 §6.3.1).
		adr := []string{"", "", a.street, a.city, a.region, a.zip, a.country}
		for i := range adr {
			adr[i] = escapeText(adr[i])
		}
		lines = append(lines, "ADR"+vcardTypeParam(a.typ)+":"+strings.Join(adr, ";"))
	}
	if v.Birthday != "" {
		lines = append(lines, "BDAY:"+vcardDate(v.Birthday, v4))
	}
	if v.Photo != "" {
		// A photo by reference: 3.0 marks the URI with VALUE=uri (RFC
		// 2426 §3.1.4, whose default is binary); in 4.0 a URI is the
		// default value type (RFC 6350 §6.2.4).
		if v4 {
			lines = append(lines, "PHOTO:"+v.Photo)
		} else {
			lines = append(lines, "PHOTO;VALUE=uri:"+v.Photo)
		}
	}
	if v.Note != "" {
		lines = append(lines, "NOTE:"+escapeText(v.Note))
	}
	lines = append(lines, "END:VCARD")
	return writeContentLines(lines)
}

// vcardTypeParam is ";TYPE=a,b" for a checked TYPE list, a comma-separated
// param-value list in both versions (RFC 2426 §3.3.1 example
// TEL;TYPE=work,voice,pref,msg; RFC 6350 §5.6 type-param).
func vcardTypeParam(types string) string {
	if types == "" {
		return ""
	}
	return ";TYPE=" + types
}

// vcardDate writes a birthday: 3.0 keeps the ISO 8601 extended form of
// RFC 2426 §3.1.5's example (BDAY:1996-04-15); 4.0 uses the basic form of
// RFC 6350 §4.3.1 (BDAY:19960415, --0415 without the year).
func vcardDate(d string, v4 bool) string {
	if !v4 {
		return d
	}
	if rest, ok := strings.CutPrefix(d, "--"); ok {
		return "--" + strings.ReplaceAll(rest, "-", "")
	}
	return strings.ReplaceAll(d, "-", "")
}

// vcardTel writes a TEL property. vCard 4.0 prefers a tel: URI (RFC 6350
// §6.4.1), which needs a global number (RFC 3966 §5.1.4) and allows no
// spaces, so the digit groups are joined by '-' as in the phone kind; a
// local number stays free text, the 4.0 default value type kept for
// compatibility.
func vcardTel(number, types string, v4 bool) string {
	if v4 && strings.HasPrefix(number, "+") {
		// "(0)", the national trunk prefix of +49 (0) 30 123456, is
		// not dialled from abroad, and a phone dialling the URI would
		// dial it: global-number-digits hold only what is dialled.
		// VALUE comes before TYPE as in RFC 6350 §6.4.1's example
		// TEL;VALUE=uri;TYPE=home:tel:+33-01-23-45-67.
		return "TEL;VALUE=uri" + vcardTypeParam(types) + ":tel:" + telGlobalNumber(trunkZero.ReplaceAllString(number, " "))
	}
	return "TEL" + vcardTypeParam(types) + ":" + number
}

// parseVCard reads back a vCard (its own output, and simple cards from
// elsewhere): it unfolds, splits properties and unescapes values. A card
// with more phones, e-mails or addresses than there are fields keeps the
// first ones.
func parseVCard(p string) (VCard, []string, bool) {
	lines := unfoldContentLines(p)
	if len(lines) < 2 || !strings.EqualFold(lines[0], "BEGIN:VCARD") || !strings.EqualFold(lines[len(lines)-1], "END:VCARD") {
		return VCard{}, nil, false
	}
	lines = joinSoftLineBreaks(lines)
	// A line whose property has no field (X- extensions, GEO, ...), no
	// room left (a fourth TEL), or parts or parameters the fields do not
	// take (a PO box, a middle name, TYPE=pref, PREF=1) is named as not
	// kept, whole: its rebuilt line differs.
	left := notKept{}
	setBy := map[string]int{}
	fnAt := 0
	var v VCard
	var fn string
	// Types are read as the version defines them; vCard 2.1's are 3.0's
	// (RFC 2426 §3.2.1, §3.3.1 took them over), and a 2.1 card is read
	// into a 3.0 one, the version qrforge writes by default.
	typeVersion := "3.0"
	phones := []*[2]*string{{&v.Phone, &v.PhoneType}, {&v.Phone2, &v.Phone2Type}, {&v.Phone3, &v.Phone3Type}}
	emails := []*[2]*string{{&v.Email, &v.EmailType}, {&v.Email2, &v.Email2Type}}
	adrs := [][6]*string{
		{&v.Street, &v.City, &v.Region, &v.Zip, &v.Country, &v.AdrType},
		{&v.Street2, &v.City2, &v.Region2, &v.Zip2, &v.Country2, &v.Adr2Type},
	}
	for i := 1; i < len(lines)-1; i++ {
		l := lines[i]
		c, ok := parseContentLine(l)
		if !ok {
			if l != "" {
				left[i] = l
			}
			continue
		}
		if strings.EqualFold(c.params["ENCODING"], "QUOTED-PRINTABLE") {
			c.value = decodeQuotedPrintable(c.value, c.params["CHARSET"])
		}
		if vcardSingle[c.name] {
			if j, given := setBy[c.name]; given {
				left[j] = lines[j] // the later value is the one read
			}
			setBy[c.name] = i
		}
		for name := range c.params {
			if !containsString(vcardKeptParams, name) {
				left[i] = l
			}
		}
		if len(c.types) > 0 && !containsString([]string{"EMAIL", "TEL", "ADR"}, c.name) {
			left[i] = l // only these keep their types
		}
		switch c.name {
		case "VERSION":
			if c.value == "3.0" || c.value == "4.0" {
				v.Version, typeVersion = c.value, c.value
			}
		case "N":
			parts := splitUnescaped(c.value, ';')
			v.LastName = unescapeText(parts[0])
			if len(parts) > 1 {
				v.FirstName = unescapeText(parts[1])
			}
			if len(parts) > 2 && strings.Join(parts[2:], "") != "" {
				left[i] = l // additional names, prefixes, suffixes
			}
		case "FN":
			fn, fnAt = unescapeText(c.value), i
		case "NICKNAME":
			v.Nickname = unescapeText(c.value)
		case "ORG":
			parts := splitUnescaped(c.value, ';')
			v.Org = unescapeText(parts[0])
			if len(parts) > 1 {
				v.OrgUnit = unescapeText(parts[1])
			}
			if len(parts) > 2 && strings.Join(parts[2:], "") != "" {
				left[i] = l
			}
		case "TITLE":
			v.Title = unescapeText(c.value)
		case "EMAIL":
			if len(emails) == 0 {
				left[i] = l
				continue
			}
			// qrforge writes work and home only; internet, x400 and
			// pref (RFC 2426 §3.3.2) have no field.
			*emails[0][0], *emails[0][1] = unescapeText(c.value), knownTypes(c.types, []string{"work", "home"})
			// internet is EMAIL's default type (RFC 2426 §3.3.2).
			if typesLeftOut(c.types, *emails[0][1]+",internet") {
				left[i] = l
			}
			emails = emails[1:]
		case "URL":
			v.URL = c.value
		case "PHOTO":
			v.Photo = c.value
		case "BDAY":
			v.Birthday = vcardDateFromValue(c.value)
			if v.Birthday == "" && c.value != "" {
				left[i] = l
			}
		case "NOTE":
			v.Note = unescapeText(c.value)
		case "TEL":
			if len(phones) == 0 {
				left[i] = l
				continue
			}
			*phones[0][0], *phones[0][1] = strings.TrimPrefix(c.value, "tel:"), knownTypes(c.types, vcardTelTypes[typeVersion])
			if typesLeftOut(c.types, *phones[0][1]) {
				left[i] = l
			}
			phones = phones[1:]
		case "ADR":
			if len(adrs) == 0 {
				left[i] = l
				continue
			}
			parts := splitUnescaped(c.value, ';')
			for len(parts) < 7 {
				parts = append(parts, "")
			}
			if parts[0]+parts[1] != "" || strings.Join(parts[7:], "") != "" {
				left[i] = l // a PO box, an extended address
			}
			for i := 0; i < 5; i++ {
				*adrs[0][i] = unescapeText(parts[i+2])
			}
			*adrs[0][5] = knownTypes(c.types, vcardAdrTypes[typeVersion])
			if typesLeftOut(c.types, *adrs[0][5]) {
				left[i] = l
			}
			adrs = adrs[1:]
		default:
			left[i] = l
		}
	}
	if v.FirstName == "" && v.LastName == "" && v.Org == "" {
		v.FirstName = fn // a 4.0 card may name its subject by FN alone
	}
	if fn != "" && fn != vcardFormattedName(v) {
		left[fnAt] = lines[fnAt] // FN is written from the names
	}
	return v, left.list(), true
}

// vcardSingle are the properties read into one field each: of several,
// the last is read.
var vcardSingle = map[string]bool{"N": true, "FN": true, "NICKNAME": true, "ORG": true, "TITLE": true, "URL": true, "PHOTO": true, "BDAY": true, "NOTE": true}

// vcardKeptParams are the parameters a rebuilt line carries in meaning:
// TYPE in the type fields, the value's encoding, charset and value type in
// the value as read (vCard 2.1 §2.1.3, §2.1.4; RFC 2426 §4 VALUE).
var vcardKeptParams = []string{"TYPE", "ENCODING", "CHARSET", "VALUE"}

// typesLeftOut reports whether a line names a type its field did not keep.
func typesLeftOut(types []string, kept string) bool {
	for _, t := range types {
		if !containsString(strings.Split(kept, ","), t) {
			return true
		}
	}
	return false
}

// knownTypes joins the types the version defines for a property, each
// once, in the order given; a type it does not define has no field.
func knownTypes(types, allowed []string) string {
	var kept []string
	for _, t := range types {
		if containsString(allowed, t) && !containsString(kept, t) {
			kept = append(kept, t)
		}
	}
	return strings.Join(kept, ",")
}

// joinSoftLineBreaks joins the physical lines of a quoted-printable value:
// a line ending in '=' continues on the next (vCard 2.1 §2.1.3, RFC 2045
// §6.7 rule 5); unfolding does not, as the next line starts with no space.
func joinSoftLineBreaks(lines []string) []string {
	var out []string
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		head, _, _ := strings.Cut(l, ":")
		if strings.Contains(strings.ToUpper(head), "QUOTED-PRINTABLE") {
			for strings.HasSuffix(l, "=") && i+1 < len(lines) {
				i++
				l = l[:len(l)-1] + lines[i]
			}
		}
		out = append(out, l)
	}
	return out
}

// decodeQuotedPrintable reads a vCard 2.1 quoted-printable value (=XX
// octets, RFC 2045 §6.7) in its CHARSET (vCard 2.1 §2.1.4: UTF-8, or
// ISO-8859-1 as in the specification's examples and when the octets are
// not UTF-8); a line break of any form becomes "\n", as the note field
// holds it.
func decodeQuotedPrintable(s, charset string) string {
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] == '=' && i+2 < len(s) && isHexDigit(s[i+1]) && isHexDigit(s[i+2]) {
			b = append(b, unhex(s[i+1])<<4|unhex(s[i+2]))
			i += 2
			continue
		}
		b = append(b, s[i])
	}
	out := string(b)
	if strings.EqualFold(charset, "ISO-8859-1") || !utf8.ValidString(out) {
		r := make([]rune, len(b))
		for i, c := range b {
			r[i] = rune(c) // ISO-8859-1 is the first 256 code points
		}
		out = string(r)
	}
	return strings.NewReplacer("\r\n", "\n", "\r", "\n").Replace(out)
}

func isHexDigit(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c <= 'F':
		return c - 'A' + 10
	}
	return c - 'a' + 10
}

// vcardDateFromValue reads BDAY in the extended (1996-04-15) or basic
// (19960415, --0415) form back into the field's YYYY-MM-DD or --MM-DD.
func vcardDateFromValue(s string) string {
	switch {
	case len(s) == 8 && allDigits(s):
		return s[:4] + "-" + s[4:6] + "-" + s[6:]
	case len(s) == 6 && strings.HasPrefix(s, "--") && allDigits(s[2:]):
		return "--" + s[2:4] + "-" + s[4:]
	}
	return s
}

// vcardPhoneListError is the error of a phone field that is not one
// number. When it lists several, and the phone fields after it are empty,
// the fix writes one number to each, a TEL each (RFC 2426 §3.3.1, RFC 6350
// §6.4.1: one number per TEL); without room for them, it says so.
func vcardPhoneListError(v VCard, field, detail string) registry.FieldError {
	list := phoneList(map[string]string{"phone": v.Phone, "phone2": v.Phone2, "phone3": v.Phone3}[field])
	if list == nil {
		return registry.FieldError{Field: field, Detail: detail}
	}
	after := map[string][]string{"phone": {"phone2", "phone3"}, "phone2": {"phone3"}, "phone3": nil}[field]
	free := map[string]bool{"phone2": v.Phone2 == "", "phone3": v.Phone3 == ""}
	with := map[string]string{}
	for _, n := range list[1:] {
		for len(after) > 0 && !free[after[0]] {
			after = after[1:]
		}
		if len(after) == 0 {
			return registry.FieldError{Field: field, Detail: detail + "; it lists " + itoa(len(list)) + " numbers, and a vCard has one per TEL (RFC 6350 §6.4.1) with no empty phone field after " + field + " for the rest: give each number its own field (phone, phone2, phone3)"}
		}
		with[after[0]] = n
		after = after[1:]
	}
	fields := []string{field}
	for _, f := range []string{"phone2", "phone3"} {
		if with[f] != "" {
			fields = append(fields, f)
		}
	}
	return registry.FieldError{Field: field, Fix: list[0], With: with, Parts: true,
		Detail: detail + "; it lists " + itoa(len(list)) + " numbers, and a vCard has one per TEL (RFC 6350 §6.4.1): the fix writes them under " + strings.Join(fields, ", ")}
}
