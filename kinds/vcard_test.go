package kinds_test

import (
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"
)

// vcard wraps content lines in a vCard of that version, CRLF after every
// line, the last included.
func vcard(version string, lines ...string) string {
	return "BEGIN:VCARD\r\nVERSION:" + version + "\r\n" + strings.Join(lines, "\r\n") + "\r\nEND:VCARD\r\n"
}

func TestVCard(t *testing.T) {
	runVectors(t, "vcard", []vector{
		// A 3.0 card in segno make_vcard_data's order, with the five N
		// components RFC 2426 §3.1.2 defines and the comma in ORG escaped
		// (RFC 2426 §4 text-value).
		{"3.0 card", "segno make_vcard_data order; RFC 2426 §3.1.2 (N), §4 (escaping)",
			map[string]string{"fn": "John", "ln": "Doe", "org": "Example, Inc.", "email": "john@example.com", "phone": "+15550100"},
			vcard("3.0", "N:Doe;John;;;", "FN:John Doe", `ORG:Example\, Inc.`, "EMAIL:john@example.com", "TEL:+15550100")},
		// A 4.0 card: VERSION right after BEGIN (RFC 6350 §6.7.9), TEL as
		// a tel: URI (§6.4.1).
		{"4.0 card", "RFC 6350 §6.7.9 (VERSION), §6.4.1 example TEL;VALUE=uri:tel:+1-555-555-0100",
			map[string]string{"fn": "Jane", "ln": "Roe", "email": "jane@example.com", "phone": "+1 555 555 0100", "version": "4.0"},
			vcard("4.0", "N:Roe;Jane;;;", "FN:Jane Roe", "EMAIL:jane@example.com", "TEL;VALUE=uri:tel:+1-555-555-0100")},
		{"4.0 local number stays text", "RFC 6350 §6.4.1 (default value type text); RFC 3966 §5.1.5 (a local tel: needs phone-context)",
			map[string]string{"org": "ABC Marketing", "phone": "555-0100", "version": "4.0"},
			vcard("4.0", "FN:ABC Marketing", "ORG:ABC Marketing", "TEL:555-0100")},
		{"organisation only", "RFC 2426 §1 (N and FN required); RFC 6350 §6.2.1 example FN:ABC Marketing",
			map[string]string{"org": "ABC Marketing"},
			vcard("3.0", "N:;;;;", "FN:ABC Marketing", "ORG:ABC Marketing")},
		{"given name only", "RFC 2426 §3.1.2: empty components keep their ';'",
			map[string]string{"fn": "Sean"},
			vcard("3.0", "N:;Sean;;;", "FN:Sean")},
		{"TEXT escaping", "RFC 6350 §3.4: \\\\ \\, \\; and \\n",
			map[string]string{"fn": "Ann", "note": "a\\b,c;d\ne\r\nf", "title": "CEO; Founder"},
			vcard("3.0", "N:;Ann;;;", "FN:Ann", `TITLE:CEO\; Founder`, `NOTE:a\\b\,c\;d\ne\nf`)},
		{"structured N and ADR escape inside components", "RFC 6350 §3.4: ';' and ',' inside a component of a compound property",
			map[string]string{"fn": "Mary, Jr.", "ln": "O;Brien", "street": "Main St; Apt 1, rear", "city": "Springfield", "region": "IL", "zip": "62701", "country": "USA"},
			vcard("3.0", `N:O\;Brien;Mary\, Jr.;;;`, `FN:Mary\, Jr. O\;Brien`, `ADR:;;Main St\; Apt 1\, rear;Springfield;IL;62701;USA`)},
		{"every field", "RFC 2426 §3 types in segno make_vcard_data order",
			map[string]string{"fn": "John", "ln": "Doe", "org": "Example", "title": "Engineer", "phone": "+1 (555) 010-0000", "phone2": "555.0101",
				"email": "john@example.com", "url": "https://example.com/~john", "street": "1 Main St", "city": "Springfield", "region": "IL",
				"zip": "62701", "country": "USA", "note": "Hi"},
			vcard("3.0", "N:Doe;John;;;", "FN:John Doe", "ORG:Example", "EMAIL:john@example.com", "TEL:+1 (555) 010-0000", "TEL:555.0101",
				"URL:https://example.com/~john", "TITLE:Engineer", "ADR:;;1 Main St;Springfield;IL;62701;USA", "NOTE:Hi")},
		// RFC 6350 §3.2: at most 75 octets a line, continuation lines
		// begin with one space that counts towards the 75.
		{"folding at 75 octets", "RFC 6350 §3.2 line folding",
			map[string]string{"fn": "A", "note": strings.Repeat("a", 100)},
			vcard("3.0", "N:;A;;;", "FN:A", "NOTE:"+strings.Repeat("a", 70)+"\r\n "+strings.Repeat("a", 30))},
		{"short line not folded", "RFC 6350 §3.2 example line (under 75 octets)",
			map[string]string{"fn": "A", "note": "This is a long description that exists on a long line."},
			vcard("3.0", "N:;A;;;", "FN:A", "NOTE:This is a long description that exists on a long line.")},
		{"folding keeps UTF-8 sequences whole", "RFC 6350 §3.2: multi-octet characters MUST remain contiguous",
			map[string]string{"fn": "A", "note": "x" + strings.Repeat("é", 40)},
			vcard("3.0", "N:;A;;;", "FN:A", "NOTE:x"+strings.Repeat("é", 34)+"\r\n "+strings.Repeat("é", 6))},
		{"folding keeps an escape pair whole", "RFC 6350 §3.2/§3.4: the fold moves before the backslash",
			map[string]string{"fn": "A", "note": strings.Repeat("a", 69) + ","},
			vcard("3.0", "N:;A;;;", "FN:A", "NOTE:"+strings.Repeat("a", 69)+"\r\n \\,")},
	})
	runBad(t, "vcard", []bad{
		{"no name", map[string]string{"email": "a@example.com"}, "fn"},
		{"bad email", map[string]string{"fn": "A", "email": "not-an-address"}, "email"},
		{"bad phone", map[string]string{"fn": "A", "phone": "call me"}, "phone"},
		{"plus inside phone", map[string]string{"fn": "A", "phone": "1+2"}, "phone"},
		{"bad phone2", map[string]string{"fn": "A", "phone2": "12;34"}, "phone2"},
		{"url not http", map[string]string{"fn": "A", "url": "ftp://example.com/"}, "url"},
		{"url with space", map[string]string{"fn": "A", "url": "https://example.com/a b"}, "url"},
		{"version 2.1", map[string]string{"fn": "A", "version": "2.1"}, "version"},
		{"fn not UTF-8", map[string]string{"fn": "\xff"}, "fn"},
		{"ln control character", map[string]string{"ln": "a\x07"}, "ln"},
		{"org control character", map[string]string{"org": "a\x00"}, "org"},
		{"title control character", map[string]string{"fn": "A", "title": "\x1b"}, "title"},
		{"street not UTF-8", map[string]string{"fn": "A", "street": "\xc3("}, "street"},
		{"city control character", map[string]string{"fn": "A", "city": "\x7f"}, "city"},
		{"region control character", map[string]string{"fn": "A", "region": "\x01"}, "region"},
		{"zip control character", map[string]string{"fn": "A", "zip": "\x02"}, "zip"},
		{"country control character", map[string]string{"fn": "A", "country": "\x03"}, "country"},
		{"note control character", map[string]string{"fn": "A", "note": "\x0b"}, "note"},
	})
}

// TestVCardTelTrunkPrefix checks that a vCard 4.0 tel: URI carries the
// number as dialled from abroad: RFC 3966 §5.1.4 global-number-digits are
// '+', digits and visual separators, and the "(0)" of +49 (0) 30 is the
// national trunk prefix, which a caller abroad must not dial.
func TestVCardTelTrunkPrefix(t *testing.T) {
	vectors := []vector{
		{"(0) dropped", "RFC 3966 §5.1.4 global-number-digits; RFC 6350 §6.4.1 TEL;VALUE=uri",
			map[string]string{"fn": "Erika", "phone": "+49 (0) 30 123456", "version": "4.0"},
			vcard("4.0", "N:;Erika;;;", "FN:Erika", "TEL;VALUE=uri:tel:+49-30-123456")},
		{"(0) without spaces dropped", "RFC 3966 §5.1.4 global-number-digits",
			map[string]string{"fn": "Erika", "phone": "+44(0)20 7946 0000", "phone2": "+49-(0)-30-123456", "version": "4.0"},
			vcard("4.0", "N:;Erika;;;", "FN:Erika", "TEL;VALUE=uri:tel:+44-20-7946-0000", "TEL;VALUE=uri:tel:+49-30-123456")},
		{"area code in brackets kept", "RFC 3966 §5.1.4: a bracketed area code is dialled; '-' separates the groups as in RFC 3966 §6 tel:+1-201-555-0123",
			map[string]string{"fn": "Jane", "phone": "+1 (555) 010-0100", "version": "4.0"},
			vcard("4.0", "N:;Jane;;;", "FN:Jane", "TEL;VALUE=uri:tel:+1-555-010-0100")},
		{"national number stays text", "RFC 6350 §6.4.1 (default value type text); RFC 3966 §5.1.5 (a local tel: needs phone-context)",
			map[string]string{"fn": "Erika", "phone": "(0)30 123456", "phone2": "030 123456", "version": "4.0"},
			vcard("4.0", "N:;Erika;;;", "FN:Erika", "TEL:(0)30 123456", "TEL:030 123456")},
		{"3.0 TEL is free text", "RFC 2426 §3.3.1: TEL is text in 3.0",
			map[string]string{"fn": "Erika", "phone": "+49 (0) 30 123456"},
			vcard("3.0", "N:;Erika;;;", "FN:Erika", "TEL:+49 (0) 30 123456")},
	}
	runVectors(t, "vcard", vectors)
	snapVectors(t, vectors)
}

// zxingVCardValue reads the first value of property name as ZXing's
// VCardResultParser.matchVCardPrefixedField does for a property it does not
// split into fields (URL, NOTE): unfold, take the rest of the line after
// "NAME[;params]:", trim it, turn \n into a line break and drop the
// backslash of \, \; and \\.
func zxingVCardValue(payload, name string) (string, bool) {
	unfolded := regexp.MustCompile("\r\n[ \t]").ReplaceAllString(payload, "")
	prefix := regexp.MustCompile(`(?i)^` + name + `(?:;[^:]*)?:`)
	for _, line := range strings.Split(unfolded, "\n") {
		if m := prefix.FindStringIndex(line); m != nil {
			v := strings.TrimSpace(line[m[1]:])
			v = regexp.MustCompile(`\\[nN]`).ReplaceAllString(v, "\n")
			return regexp.MustCompile(`\\([,;\\])`).ReplaceAllString(v, "$1"), true
		}
	}
	return "", false
}

// TestVCardURLReadBack checks that a URL with ',' and ';' is written as
// is, a URI value that RFC 6350 §3.4 does not escape (§4.2, §6.7.8), and
// that ZXing's reading of the card gives back the same URL.
func TestVCardURLReadBack(t *testing.T) {
	vectors := []vector{
		{"comma and semicolon", "RFC 6350 §3.4 (escaping is for TEXT), §6.7.8 URL is a URI; ZXing VCardResultParser",
			map[string]string{"fn": "A", "url": "https://ex.com/a,b;c"},
			vcard("3.0", "N:;A;;;", "FN:A", "URL:https://ex.com/a,b;c")},
		{"matrix parameters, 4.0", "RFC 3986 §3.3 (';' and ',' are sub-delims in a path); RFC 6350 §6.7.8",
			map[string]string{"fn": "A", "url": "https://ex.com/p;v=1,2?q=a,b;c", "version": "4.0"},
			vcard("4.0", "N:;A;;;", "FN:A", "URL:https://ex.com/p;v=1,2?q=a,b;c")},
	}
	// The reader itself, on ZXing AddressBookParsedResultTestCase's
	// escaped NOTE.
	if got, _ := zxingVCardValue("BEGIN:VCARD\r\nNOTE:foo\\,bar\r\nEND:VCARD", "NOTE"); got != "foo,bar" {
		t.Fatalf("zxingVCardValue reads %q, want foo,bar", got)
	}
	runVectors(t, "vcard", vectors)
	snapVectors(t, vectors)
	for _, v := range vectors {
		if got, ok := zxingVCardValue(v.payload, "URL"); !ok || got != v.fields["url"] {
			t.Errorf("%s: ZXing reads URL %q (%v), want %q", v.name, got, ok, v.fields["url"])
		}
	}
	runBad(t, "vcard", []bad{
		// ZXing would read \n as a line break and \, as ','.
		{"backslash n in url", map[string]string{"fn": "A", "url": `https://ex.com/a\nb`}, "url"},
		{"backslash comma in url", map[string]string{"fn": "A", "url": `https://ex.com/a\,b`}, "url"},
	})
}

// TestVCardFoldingLongCard checks the folding rules on a long 4.0 card
// full of multi-octet characters, and that parsing unfolds it back.
func TestVCardFoldingLongCard(t *testing.T) {
	k := lookup(t, "vcard")
	fields := map[string]string{
		"fn": "Zoë", "ln": strings.Repeat("Ünal-", 20), "org": strings.TrimSpace(strings.Repeat("株式会社, ", 15)), "note": strings.Repeat("日本語のメモ;\n", 12) + "😀",
		"street": strings.TrimSpace(strings.Repeat("Straße ", 20)), "version": "4.0", "phone": "+81 3 1234 5678",
	}
	p, errs := k.Build(fields)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	if !strings.HasSuffix(p, "END:VCARD\r\n") || strings.Contains(strings.ReplaceAll(p, "\r\n", ""), "\n") {
		t.Fatalf("not CRLF throughout: %q", p)
	}
	for _, line := range strings.Split(strings.TrimSuffix(p, "\r\n"), "\r\n") {
		if len(line) > 75 || !utf8.ValidString(line) || line == " " {
			t.Errorf("physical line of %d octets (valid UTF-8 %v): %q", len(line), utf8.ValidString(line), line)
		}
	}
	got, ok := k.Recognise(p)
	if !ok {
		t.Fatal("not recognised")
	}
	for name, want := range fields {
		if name == "phone" {
			want = "+81-3-1234-5678"
		}
		if got[name] != want {
			t.Errorf("%s: got %q, want %q", name, got[name], want)
		}
	}
}

// TestVCardRecognise reads cards from ZXing's AddressBookParsedResultTestCase.
func TestVCardRecognise(t *testing.T) {
	k := lookup(t, "vcard")
	for _, c := range []struct {
		payload     string
		field, want string
	}{
		{"BEGIN:VCARD\r\nNOTE:foo\\nbar\r\nEND:VCARD", "note", "foo\nbar"},
		{"BEGIN:VCARD\r\nNOTE:foo\\;bar\r\nEND:VCARD", "note", "foo;bar"},
		{"BEGIN:VCARD\r\nNOTE:foo\\\\bar\r\nEND:VCARD", "note", "foo\\bar"},
		{"BEGIN:VCARD\r\nNOTE:foo\\,bar\r\nEND:VCARD", "note", "foo,bar"},
		{"BEGIN:VCARD\r\nVERSION:2.1\r\nN:Owen;Sean;;;\r\nEND:VCARD", "ln", "Owen"},
		{"BEGIN:VCARD\r\nVERSION:2.1\r\nN:Owen;Sean;;;\r\nEND:VCARD", "fn", "Sean"},
		{"begin:vcard\r\nVersion:2.1\r\nn:Owen;Sean\r\nEND:VCARD", "fn", "Sean"},
	} {
		got, ok := k.Recognise(c.payload)
		if !ok || got[c.field] != c.want {
			t.Errorf("%q: %s = %q (%v), want %q", c.payload, c.field, got[c.field], ok, c.want)
		}
	}
}

// A url with a space gets the caller's own link percent-encoded (RFC 3986
// §2.1) as its fix, never an example address.
func TestVCardURLFixKeepsTheLink(t *testing.T) {
	runFixed(t, "vcard", []fixed{
		{"space in the url", map[string]string{"fn": "Ada", "url": "https://ex.com/a b"}, "url", "RFC 3986", "https://ex.com/a%20b"},
	})
	runFixed(t, "mecard", []fixed{
		{"space in the url", map[string]string{"fn": "Ada", "url": "https://ex.com/a b"}, "url", "RFC 3986", "https://ex.com/a%20b"},
	})
}

// A TYPE without its property would be written nowhere (RFC 6350 §5.6:
// TYPE qualifies a property): refused, and the fix drops it. With the
// property it is written.
func TestVCardTypeWithoutItsValue(t *testing.T) {
	k := lookup(t, "vcard")
	for typeName, of := range map[string]string{
		"phone_type": "phone", "phone2_type": "phone2", "phone3_type": "phone3",
		"email_type": "email", "email2_type": "email2", "adr_type": "street", "adr2_type": "city2",
	} {
		value := map[string]string{"phone": "+15550100", "phone2": "+15550101", "phone3": "+15550102", "email": "a@example.com",
			"email2": "b@example.com", "street": "1 Main St", "city2": "Quebec"}[of]
		typ := map[bool]string{true: "work", false: "cell"}[strings.HasPrefix(typeName, "email") || strings.HasPrefix(typeName, "adr")]
		_, errs := k.Build(map[string]string{"fn": "Ann", typeName: typ})
		if len(errs) != 1 || errs[0].Field != typeName || !errs[0].Drop || !strings.Contains(errs[0].Detail, "written nowhere") {
			t.Errorf("%s without %s: %+v", typeName, of, errs)
		}
		got, errs := k.Build(map[string]string{"fn": "Ann", typeName: typ, of: value})
		if len(errs) > 0 || !strings.Contains(got, ";TYPE="+typ+":") {
			t.Errorf("%s with %s: %q %v", typeName, of, got, errs)
		}
	}
}

// version=4 is vCard 4.0 as the kind spells it: the fix writes 4.0 (and
// 3 is 3.0). It had none.
func TestVCardVersionNumberIsFixed(t *testing.T) {
	k := lookup(t, "vcard")
	for given, want := range map[string]string{"4": "4.0", "3": "3.0"} {
		_, errs := k.Build(map[string]string{"fn": "Jo", "version": given})
		if len(errs) != 1 || errs[0].Field != "version" || errs[0].Fix != want {
			t.Errorf("version=%s: %+v, want the fix %s", given, errs, want)
		}
	}
}

// A web address written as it is printed, without its scheme, is fixed
// with https:// in every kind whose field takes http(s) addresses, as the
// url kind fixes it; what no scheme would make an address has no fix.
func TestAddressWithoutSchemeIsFixedWithHTTPS(t *testing.T) {
	for _, c := range []struct {
		kind   string
		fields map[string]string
		field  string
		want   string
	}{
		{"vcard", map[string]string{"fn": "Jo", "url": "example.com"}, "url", "https://example.com"},
		{"vcard", map[string]string{"fn": "Jo", "photo": "cdn.example.org/jo.jpg"}, "photo", "https://cdn.example.org/jo.jpg"},
		{"mecard", map[string]string{"fn": "Jo", "url": "www.shop.ch/menu"}, "url", "https://www.shop.ch/menu"},
		{"event", map[string]string{"title": "Launch", "start": "2026-12-24T18:00:00Z", "url": " shop.ch "}, "url", "https://shop.ch"},
		{"vcard", map[string]string{"fn": "Jo", "url": "not an address"}, "url", ""},
		{"vcard", map[string]string{"fn": "Jo", "url": "ftp//x"}, "url", ""},
	} {
		_, errs := lookup(t, c.kind).Build(c.fields)
		if len(errs) != 1 || errs[0].Field != c.field || errs[0].Fix != c.want {
			t.Errorf("%s %v: %+v, want the fix %q", c.kind, c.fields, errs, c.want)
		}
	}
}
