package kinds

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/qrforge/qrforge/registry"
	"golang.org/x/net/idna"
)

// Email is a message to compose, as a mailto: URI.
type Email struct {
	To      string `json:"to" also:"email,mail,recipient,address" validate:"required" jsonschema_description:"Recipient address, or several separated by commas (name@example.com,other@example.org). Each is checked; an internationalised domain is converted to punycode (RFC 6068 §2)." identity:"true" title:"To"`
	Subject string `json:"subject" also:"title" jsonschema_description:"Subject line, one line of UTF-8 text." title:"Subject"`
	Body    string `json:"body" also:"message,text,msg" space:"keep" jsonschema_description:"Message text. Line breaks are sent as CRLF (%0D%0A), as RFC 6068 §5 requires." title:"Message"`
	CC      string `json:"cc" jsonschema_description:"Carbon-copy address, or several separated by commas." identity:"true" title:"Cc"`
	BCC     string `json:"bcc" jsonschema_description:"Blind carbon-copy address, or several separated by commas." identity:"true" title:"Bcc"`
}

func init() {
	registry.Register(registry.Kind[Email]{
		Name:       "email",
		Title:      "E-mail",
		AlsoCalled: []string{"mail", "e-mail", "mailto"},
		Purpose:    registry.Contact,
		Common:     true,
		Summary:    "Compose an e-mail (mailto: URI with subject, body, cc and bcc)",
		Standard: registry.Standard{
			Name:    "RFC 6068",
			Version: "2010",
			Section: "§2 (syntax), §5 (encoding)",
			URL:     "https://www.rfc-editor.org/rfc/rfc6068",
		},
		Examples: []Email{
			{To: "info@example.com", Subject: "Hello", Body: "Hi there!"},
			{To: "bob@example.org", CC: "foo@example.org", BCC: "srowen@example.org", Subject: "baz", Body: "buzz"},
			{To: "alice@example.com,bob@example.org", Subject: "Café", Body: "First line\nSecond line"},
		},
		Check:        checkEmail,
		Encode:       encodeEmail,
		ParseNotKept: parseEmail,
	})
}

func checkEmail(e *Email) []registry.FieldError {
	var errs []registry.FieldError
	for _, f := range []struct {
		name  string
		value *string
	}{{"to", &e.To}, {"cc", &e.CC}, {"bcc", &e.BCC}} {
		list, err := checkAddressList(f.name, *f.value)
		switch {
		case err != nil:
			errs = append(errs, *err)
		case list == "" && f.name == "to":
			errs = append(errs, registry.FieldError{Field: "to", Detail: "to needs at least one address (name@example.com)", Fix: ""})
		default:
			*f.value = list
		}
	}
	errs = append(errs, checkTextFields(textField{"subject", e.Subject}, textField{"body", e.Body})...)
	if strings.ContainsAny(e.Subject, "\r\n") {
		// RFC 6068 §5: line breaks in header fields other than the body
		// SHOULD NOT be used.
		errs = append(errs, registry.FieldError{Field: "subject", Detail: "subject is one line; RFC 6068 §5 allows line breaks only in the body", Fix: strings.Join(strings.Fields(e.Subject), " ")})
	}
	// RFC 6068 §5: line breaks in the body MUST be encoded as %0D%0A, so
	// every LF, CR or CRLF becomes CRLF.
	e.Body = crlfLineBreaks(e.Body)
	return errs
}

// checkAddressList validates a comma-separated list of addresses and returns
// it normalised: entries trimmed, empty entries dropped, domains in
// punycode. Semicolons, which mail programs also use, separate too.
func checkAddressList(field, list string) (string, *registry.FieldError) {
	if strings.TrimSpace(list) == "" {
		return "", nil
	}
	var good []string
	for _, a := range strings.FieldsFunc(list, func(r rune) bool { return r == ',' || r == ';' }) {
		a = strings.TrimSpace(a)
		if a == "" {
			continue
		}
		n, problem := normaliseAddress(a)
		if problem != "" {
			return "", &registry.FieldError{Field: field, Detail: field + " address " + a + " " + problem, Fix: ""}
		}
		good = append(good, n)
	}
	return strings.Join(good, ","), nil
}

// nameAddr reads "Name <addr>", an address with its display name as mail
// programs copy it (RFC 5322 §3.4 name-addr): the name and the address.
func nameAddr(a string) (name, addr string, ok bool) {
	open := strings.IndexByte(a, '<')
	if open < 0 || !strings.HasSuffix(a, ">") || strings.Count(a, "<") != 1 {
		return "", "", false
	}
	name = strings.Trim(strings.TrimSpace(a[:open]), `"`)
	addr = strings.TrimSpace(a[open+1 : len(a)-1])
	return name, addr, name != "" && strings.Contains(addr, "@")
}

// normaliseAddress applies a practical addr-spec check rather than the full
// RFC 5322 grammar: a dot-atom local part (RFC 5322 §3.2.3 atext, UTF-8
// allowed as in RFC 6532) and a domain name with a dot and a top-level
// label of at least two letters, as ZXing's isBasicallyValidEmailAddress
// requires. Quoted local parts and address literals are refused.
func normaliseAddress(a string) (string, string) {
	if name, addr, ok := nameAddr(a); ok {
		// No fix: the name would be dropped, and it is the caller's.
		return "", "is a name with an address (RFC 5322 §3.4 name-addr), and a mailto: link carries the address alone (RFC 6068 §2 addr-spec): write " + addr + " without " + strconv.Quote(name)
	}
	at := strings.LastIndexByte(a, '@')
	if at < 0 {
		return "", "has no '@' (name@example.com)"
	}
	local, domain := a[:at], a[at+1:]
	if local == "" || domain == "" {
		return "", "needs a name before and a domain after the '@'"
	}
	if !utf8.ValidString(a) {
		return "", "is not valid UTF-8"
	}
	if len(local) > 64 {
		return "", "has a local part over 64 octets (RFC 5321 §4.5.3.1.1)"
	}
	for _, atom := range strings.Split(local, ".") {
		if atom == "" {
			return "", "has an empty part between dots before the '@' (RFC 5322 §3.2.3 dot-atom)"
		}
		for _, r := range atom {
			if r < 0x80 && !isAtext(byte(r)) {
				return "", "has " + describeRune(r) + " before the '@', which an unquoted address cannot contain (RFC 5322 §3.2.3 atext)"
			}
		}
	}
	ascii, err := idna.Lookup.ToASCII(domain)
	if err != nil {
		return "", "has an invalid domain name (IDNA, RFC 5891): " + err.Error()
	}
	labels := strings.Split(ascii, ".")
	if len(labels) < 2 {
		return "", "needs a domain with a dot (example.com)"
	}
	if tld := labels[len(labels)-1]; len(tld) < 2 || !(isASCIILetters(tld) || strings.HasPrefix(tld, "xn--")) {
		return "", "needs a top-level domain of at least two letters"
	}
	return local + "@" + ascii, ""
}

// isAtext reports whether c is an RFC 5322 §3.2.3 atext character.
func isAtext(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("!#$%&'*+-/=?^_`{|}~", c) >= 0
}

func isASCIILetters(s string) bool {
	for i := 0; i < len(s); i++ {
		if !('a' <= s[i] && s[i] <= 'z' || 'A' <= s[i] && s[i] <= 'Z') {
			return false
		}
	}
	return s != ""
}

// crlfLineBreaks turns every line break (CRLF, CR or LF) into CRLF.
func crlfLineBreaks(s string) string {
	if !strings.ContainsAny(s, "\r\n") {
		return s
	}
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.ReplaceAll(s, "\r", "\n")
	return strings.ReplaceAll(s, "\n", "\r\n")
}

// mailtoEncode percent-encodes an address or header value. RFC 6068 §2 lets
// '@' stay literal (addr-spec and some-delims); everything else outside
// unreserved is encoded, which covers the characters that MUST be ("%",
// "?", "&", "=", "#", ",", ";" and non-ASCII) and also '+', which ZXing and
// other readers that form-decode would turn into a space.
func mailtoEncode(s string) string { return pctEncodeKeeping(s, "@") }

func mailtoAddresses(list string) string {
	if list == "" {
		return ""
	}
	parts := strings.Split(list, ",")
	for i, a := range parts {
		parts[i] = mailtoEncode(a)
	}
	return strings.Join(parts, ",")
}

// encodeEmail writes mailto:<to>?cc=..&bcc=..&subject=..&body=.., the
// recipients in the path (RFC 6068 §2 recommends against to= for the
// primary recipients, since some clients ignore to= values) and the header order of
// ZXing's EmailAddressParsedResultTestCase.
func encodeEmail(e Email) string {
	var fields []string
	for _, f := range []struct{ name, value string }{
		{"cc", mailtoAddresses(e.CC)},
		{"bcc", mailtoAddresses(e.BCC)},
		{"subject", mailtoEncode(e.Subject)},
		{"body", mailtoEncode(e.Body)},
	} {
		if f.value != "" {
			fields = append(fields, f.name+"="+f.value)
		}
	}
	out := "mailto:" + mailtoAddresses(e.To)
	if len(fields) > 0 {
		out += "?" + strings.Join(fields, "&")
	}
	return out
}

// parseEmail reads a mailto: URI back. Header names are case-insensitive
// (RFC 6068 §2); to= recipients join those of the path; headers without a
// field here (In-Reply-To, Keywords, ...) are named as not kept.
func parseEmail(p string) (Email, []string, bool) {
	rest, ok := cutSchemeFold(p, "mailto:")
	if !ok {
		return Email{}, nil, false
	}
	path, query, _ := strings.Cut(rest, "?")
	var to []string
	if path != "" {
		for _, a := range strings.Split(path, ",") {
			d, ok := pctDecode(a)
			if !ok {
				return Email{}, nil, false
			}
			to = append(to, d)
		}
	}
	pairs, ok := uriQueryPairs(query)
	if !ok {
		return Email{}, nil, false
	}
	raw := strings.Split(query, "&")
	var other []string
	for i, pair := range pairs {
		if strings.EqualFold(pair.name, "to") {
			to = append(to, pair.value)
		} else {
			other = append(other, raw[i])
		}
	}
	values, left, _ := readQuery(strings.Join(other, "&"), true, "cc", "bcc", "subject", "body")
	e := Email{To: strings.Join(to, ","), CC: values["cc"], BCC: values["bcc"], Subject: values["subject"], Body: values["body"]}
	return e, left.list(), e.To != ""
}
