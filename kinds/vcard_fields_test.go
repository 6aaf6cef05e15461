package kinds_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/qrforge/qrforge/registry"
)

// TestVCardRFCProperties checks the properties beyond name, phone and
// address against the examples of RFC 2426 (3.0) and RFC 6350 (4.0).
func TestVCardRFCProperties(t *testing.T) {
	runVectors(t, "vcard", []vector{
		{"3.0 TEL types", "RFC 2426 §3.3.1 example TEL;TYPE=work,voice,pref,msg:+1-213-555-1234",
			map[string]string{"fn": "A", "phone": "+1-213-555-1234", "phone_type": "work,voice,pref,msg"},
			vcard("3.0", "N:;A;;;", "FN:A", "TEL;TYPE=work,voice,pref,msg:+1-213-555-1234")},
		{"3.0 types in any case, blanks and repeats dropped", "RFC 2426 §4 (parameter values are case-insensitive)",
			map[string]string{"fn": "A", "phone": "+1-213-555-1234", "phone_type": " WORK, Voice ,work"},
			vcard("3.0", "N:;A;;;", "FN:A", "TEL;TYPE=work,voice:+1-213-555-1234")},
		// RFC 2426's example leaves out the empty country component; it
		// is written here, as the other ADR vectors do.
		{"3.0 ADR types", "RFC 2426 §3.2.1 example ADR;TYPE=dom,home,postal,parcel:;;123 Main Street;Any Town;CA;91921-1234",
			map[string]string{"fn": "A", "street": "123 Main Street", "city": "Any Town", "region": "CA", "zip": "91921-1234", "adr_type": "dom,home,postal,parcel"},
			vcard("3.0", "N:;A;;;", "FN:A", "ADR;TYPE=dom,home,postal,parcel:;;123 Main Street;Any Town;CA;91921-1234;")},
		{"3.0 identification properties", "RFC 2426 §3.1.3 NICKNAME:Robbie, §3.1.4 PHOTO;VALUE=uri:http://www.abc.com/pub/photos/jqpublic.gif, §3.1.5 BDAY:1996-04-15",
			map[string]string{"fn": "Robert", "nickname": "Robbie", "photo": "http://www.abc.com/pub/photos/jqpublic.gif", "bday": "1996-04-15"},
			vcard("3.0", "N:;Robert;;;", "FN:Robert", "NICKNAME:Robbie", "BDAY:1996-04-15", "PHOTO;VALUE=uri:http://www.abc.com/pub/photos/jqpublic.gif")},
		{"3.0 ORG with a unit", "RFC 2426 §3.5.5 example ORG:ABC\\, Inc.;North American Division;Marketing (first unit)",
			map[string]string{"org": "ABC, Inc.", "org_unit": "North American Division"},
			vcard("3.0", "N:;;;;", `FN:ABC\, Inc.`, `ORG:ABC\, Inc.;North American Division`)},
		{"4.0 TEL type", "RFC 6350 §6.4.1 example TEL;VALUE=uri;TYPE=home:tel:+33-01-23-45-67",
			map[string]string{"fn": "A", "phone": "+33 01 23 45 67", "phone_type": "home", "version": "4.0"},
			vcard("4.0", "N:;A;;;", "FN:A", "TEL;VALUE=uri;TYPE=home:tel:+33-01-23-45-67")},
		{"4.0 TEL type list, local number", "RFC 6350 §5.6 type-param = \"TYPE=\" type-value *(\",\" type-value); §6.4.1 text, cell",
			map[string]string{"fn": "A", "phone": "555-0100", "phone_type": "cell,text", "version": "4.0"},
			vcard("4.0", "N:;A;;;", "FN:A", "TEL;TYPE=cell,text:555-0100")},
		{"4.0 EMAIL type", "RFC 6350 §6.4.2 example EMAIL;TYPE=work:jqpublic@xyz.example.com",
			map[string]string{"fn": "A", "email": "jqpublic@xyz.example.com", "email_type": "WORK", "version": "4.0"},
			vcard("4.0", "N:;A;;;", "FN:A", "EMAIL;TYPE=work:jqpublic@xyz.example.com")},
		{"4.0 ADR", "RFC 6350 §6.3.1 example value ;;123 Main Street;Any Town;CA;91921-1234;U.S.A.; §5.6 TYPE=home",
			map[string]string{"fn": "A", "street": "123 Main Street", "city": "Any Town", "region": "CA", "zip": "91921-1234", "country": "U.S.A.", "adr_type": "home", "version": "4.0"},
			vcard("4.0", "N:;A;;;", "FN:A", "ADR;TYPE=home:;;123 Main Street;Any Town;CA;91921-1234;U.S.A.")},
		{"4.0 identification properties", "RFC 6350 §6.2.3 NICKNAME:Robbie, §6.2.4 PHOTO:http://www.example.com/pub/photos/jqpublic.gif, §6.2.5 BDAY:19960415",
			map[string]string{"fn": "Robert", "nickname": "Robbie", "photo": "http://www.example.com/pub/photos/jqpublic.gif", "bday": "1996-04-15", "version": "4.0"},
			vcard("4.0", "N:;Robert;;;", "FN:Robert", "NICKNAME:Robbie", "BDAY:19960415", "PHOTO:http://www.example.com/pub/photos/jqpublic.gif")},
		{"4.0 birthday without year", "RFC 6350 §4.3.1 date example --0412",
			map[string]string{"fn": "A", "bday": "--04-12", "version": "4.0"},
			vcard("4.0", "N:;A;;;", "FN:A", "BDAY:--0412")},
		{"4.0 ORG with a unit", "RFC 6350 §6.6.4 example ORG:ABC\\, Inc.;North American Division;Marketing (first unit)",
			map[string]string{"org": "ABC, Inc.", "org_unit": "North American Division", "version": "4.0"},
			vcard("4.0", `FN:ABC\, Inc.`, `ORG:ABC\, Inc.;North American Division`)},
		{"nickname comma escaped", "RFC 6350 §6.2.3 text-list, §3.4: a comma inside one nickname is escaped",
			map[string]string{"fn": "A", "nickname": "Bob, the builder"},
			vcard("3.0", "N:;A;;;", "FN:A", `NICKNAME:Bob\, the builder`)},
		{"three phones, two e-mails, two addresses", "RFC 2426 §3.3.1, §3.3.2, §3.2.1: each property may repeat",
			map[string]string{"fn": "Ann", "phone": "+1 555 0100", "phone_type": "cell", "phone2": "+1 555 0101", "phone2_type": "work,voice",
				"phone3": "+1 555 0102", "phone3_type": "home,fax", "email": "ann@work.example", "email_type": "work", "email2": "ann@home.example", "email2_type": "home",
				"street": "1 Work Rd", "city": "Springfield", "adr_type": "work", "street2": "2 Home Ln", "city2": "Shelbyville", "country2": "USA", "adr2_type": "home"},
			vcard("3.0", "N:;Ann;;;", "FN:Ann", "EMAIL;TYPE=work:ann@work.example", "EMAIL;TYPE=home:ann@home.example",
				"TEL;TYPE=cell:+1 555 0100", "TEL;TYPE=work,voice:+1 555 0101", "TEL;TYPE=home,fax:+1 555 0102",
				"ADR;TYPE=work:;;1 Work Rd;Springfield;;;", "ADR;TYPE=home:;;2 Home Ln;Shelbyville;;;USA")},
		{"second address alone", "RFC 6350 §6.3.1",
			map[string]string{"fn": "A", "city2": "Paris"},
			vcard("3.0", "N:;A;;;", "FN:A", "ADR:;;;Paris;;;")},
	})
	runBad(t, "vcard", []bad{
		{"unknown phone type", map[string]string{"fn": "A", "phone": "1", "phone_type": "mobile"}, "phone_type"},
		{"4.0 phone type in 3.0", map[string]string{"fn": "A", "phone": "1", "phone_type": "text"}, "phone_type"},
		{"3.0 phone type in 4.0", map[string]string{"fn": "A", "phone2": "1", "phone2_type": "msg", "version": "4.0"}, "phone2_type"},
		{"pref type in 4.0", map[string]string{"fn": "A", "phone3": "1", "phone3_type": "pref", "version": "4.0"}, "phone3_type"},
		{"bad phone3", map[string]string{"fn": "A", "phone3": "x"}, "phone3"},
		{"bad email2", map[string]string{"fn": "A", "email2": "nope"}, "email2"},
		{"email type", map[string]string{"fn": "A", "email": "a@example.com", "email_type": "other"}, "email_type"},
		{"email2 type", map[string]string{"fn": "A", "email2": "a@example.com", "email2_type": "x400"}, "email2_type"},
		{"3.0 address type in 4.0", map[string]string{"fn": "A", "city": "B", "adr_type": "postal", "version": "4.0"}, "adr_type"},
		{"unknown address type", map[string]string{"fn": "A", "city2": "B", "adr2_type": "office"}, "adr2_type"},
		{"bday impossible date", map[string]string{"fn": "A", "bday": "1996-02-30"}, "bday"},
		{"bday not a date", map[string]string{"fn": "A", "bday": "15/04/1996"}, "bday"},
		{"bday without year in 3.0", map[string]string{"fn": "A", "bday": "--04-15"}, "bday"},
		{"bday without year, bad day", map[string]string{"fn": "A", "bday": "--02-30", "version": "4.0"}, "bday"},
		{"photo not http", map[string]string{"fn": "A", "photo": "ftp://example.com/a.jpg"}, "photo"},
		{"photo with space", map[string]string{"fn": "A", "photo": "https://example.com/a b.jpg"}, "photo"},
		{"photo with backslash", map[string]string{"fn": "A", "photo": `https://example.com/a\nb.jpg`}, "photo"},
		{"org_unit without org", map[string]string{"fn": "A", "org_unit": "Sales"}, "org_unit"},
		{"nickname control character", map[string]string{"fn": "A", "nickname": "\x01"}, "nickname"},
		{"org_unit control character", map[string]string{"org": "A", "org_unit": "\x02"}, "org_unit"},
		{"street2 not UTF-8", map[string]string{"fn": "A", "street2": "\xff"}, "street2"},
		{"city2 control character", map[string]string{"fn": "A", "city2": "\x03"}, "city2"},
		{"region2 control character", map[string]string{"fn": "A", "region2": "\x04"}, "region2"},
		{"zip2 control character", map[string]string{"fn": "A", "zip2": "\x05"}, "zip2"},
		{"country2 control character", map[string]string{"fn": "A", "country2": "\x06"}, "country2"},
	})
	runFixed(t, "vcard", []fixed{
		{"type fix keeps the known types", map[string]string{"fn": "A", "phone": "1", "phone_type": "cell,mobile"}, "phone_type", "RFC 2426 §3.3.1", "cell"},
		{"4.0 type fix", map[string]string{"fn": "A", "phone": "1", "phone_type": "work,msg", "version": "4.0"}, "phone_type", "RFC 6350 §6.4.1", "work"},
	})
}

// zxingVCardProperties reads every occurrence of property name as ZXing's
// VCardResultParser (matchVCardPrefixedField, toTypes) does: unfold, split
// the name's parameters at ';', take the type as the first TYPE=value (or
// bare parameter), drop "tel:" from a VALUE=uri number as ZXing's
// getSchemeSpecificPart does, and unescape the value.
func zxingVCardProperties(payload, name string) (values, types []string) {
	unfolded := regexp.MustCompile("\r\n[ \t]").ReplaceAllString(payload, "")
	prefix := regexp.MustCompile(`(?i)^` + name + `((?:;[^:]*)?):`)
	for _, line := range strings.Split(strings.ReplaceAll(unfolded, "\r\n", "\n"), "\n") {
		m := prefix.FindStringSubmatchIndex(line)
		if m == nil {
			continue
		}
		v := strings.TrimSpace(line[m[1]:])
		typ := ""
		uri := false
		for _, p := range strings.Split(line[m[2]:m[3]], ";")[1:] {
			k, val, ok := strings.Cut(p, "=")
			switch {
			case !ok && typ == "":
				typ = k
			case strings.EqualFold(k, "TYPE") && typ == "":
				typ = val
			case strings.EqualFold(k, "VALUE") && strings.EqualFold(val, "uri"):
				uri = true
			}
		}
		if uri {
			if _, rest, ok := strings.Cut(v, ":"); ok {
				v = rest
			}
		}
		v = regexp.MustCompile(`\\[nN]`).ReplaceAllString(v, "\n")
		values = append(values, regexp.MustCompile(`\\([,;\\])`).ReplaceAllString(v, "$1"))
		types = append(types, typ)
	}
	return values, types
}

// TestVCardZXingReadBack renders cards with several typed phones, e-mails
// and addresses, decodes the QR code with gozxing and reads the text the
// way ZXing's VCardResultParser does: every number and address comes back
// in order with its type.
func TestVCardZXingReadBack(t *testing.T) {
	k := lookup(t, "vcard")
	for _, version := range []string{"3.0", "4.0"} {
		fields := map[string]string{"fn": "Ann", "ln": "Lee", "version": version,
			"phone": "+44 20 7946 0000", "phone_type": "work,voice", "phone2": "+44 7700 900123", "phone2_type": "cell", "phone3": "+44 20 7946 0001", "phone3_type": "fax",
			"email": "ann@work.example", "email_type": "work", "email2": "ann@home.example", "email2_type": "home",
			"street": "1 Work Rd; Unit 2", "city": "London", "adr_type": "work", "street2": "2 Home Ln", "city2": "Leeds", "adr2_type": "home",
			"bday": "1980-01-31", "nickname": "Annie", "note": "Line 1\nLine 2, more"}
		p, errs := k.Build(fields)
		if len(errs) > 0 {
			t.Fatal(errs)
		}
		decoded := renderAndDecode(t, p, k.Hints().Level)
		if decoded != p {
			t.Fatalf("%s: decoded %q, want %q", version, decoded, p)
		}
		wantTel := []string{"+44 20 7946 0000", "+44 7700 900123", "+44 20 7946 0001"}
		if version == "4.0" {
			wantTel = []string{"+44-20-7946-0000", "+44-7700-900123", "+44-20-7946-0001"}
		}
		check := func(name string, wantValues, wantTypes []string) {
			values, types := zxingVCardProperties(decoded, name)
			if strings.Join(values, "|") != strings.Join(wantValues, "|") || strings.Join(types, "|") != strings.Join(wantTypes, "|") {
				t.Errorf("%s %s: ZXing reads %q types %q, want %q types %q", version, name, values, types, wantValues, wantTypes)
			}
		}
		check("TEL", wantTel, []string{"work,voice", "cell", "fax"})
		check("EMAIL", []string{"ann@work.example", "ann@home.example"}, []string{"work", "home"})
		// ZXing keeps ADR components joined by ';' before turning them
		// into lines; the escaped ';' in the street stays data.
		check("ADR", []string{";;1 Work Rd; Unit 2;London;;;", ";;2 Home Ln;Leeds;;;"}, []string{"work", "home"})
		check("NICKNAME", []string{"Annie"}, []string{""})
		check("NOTE", []string{"Line 1\nLine 2, more"}, []string{""})
		wantBday := "1980-01-31"
		if version == "4.0" {
			wantBday = "19800131"
		}
		check("BDAY", []string{wantBday}, []string{""})
		got, ok := k.Recognise(decoded)
		if !ok {
			t.Fatalf("%s: not recognised", version)
		}
		again, errs := k.Build(got)
		if len(errs) > 0 || again != p {
			t.Errorf("%s: parse then build gives %q (%v), want %q", version, again, errs, p)
		}
	}
}

// A vCard's or MECARD's web site whose "://" lost a character is fixed to
// the address meant, as the url kind's is.
func TestContactURLMistypedScheme(t *testing.T) {
	for _, kind := range []string{"vcard", "mecard"} {
		k, _ := registry.Lookup(kind)
		for given, want := range map[string]string{"https//example.com": "https://example.com", "http:/example.com/x": "http://example.com/x"} {
			_, errs := k.Build(map[string]string{"fn": "Jane", "url": given})
			if len(errs) != 1 || errs[0].Field != "url" || errs[0].Fix != want {
				t.Errorf("%s url=%s: %+v, want the fix %s", kind, given, errs, want)
			}
		}
	}
}
