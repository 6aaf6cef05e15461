package kinds

import (
	"strings"
	"unicode/utf8"

	"github.com/qrforge/qrforge/registry"
)

// GS1 identifies a trade item as a GS1 Digital Link URI: the web address
// that replaces the retail barcode on packaging. Consumers' phones open it
// as a link; a GS1 resolver or the brand's own site answers it, and
// supply-chain scanners read the GTIN, batch, serial and expiry back out.
// Form element makes a GS1 QR Code instead: the element string after FNC1
// in first position, which only GS1 scanning systems read as such.
type GS1 struct {
	GTIN   string `json:"gtin" validate:"required" jsonschema_description:"Global Trade Item Number (AI 01): a GTIN-8, -12 (UPC), -13 (EAN) or -14 with its GS1 check digit (4006381333931). It is written with leading zeros to 14 digits, as GS1 Digital Link requires." identity:"true" title:"GTIN (product number)"`
	Batch  string `json:"batch" jsonschema_description:"Batch or lot number (AI 10): 1 to 20 characters of GS1 character set 82 (letters, digits and ! \" % & ' ( ) * + , - . / : ; < = > ? _). Percent-encoded in a link's path." identity:"true" title:"Batch or lot"`
	Serial string `json:"serial" jsonschema_description:"Serial number (AI 21): 1 to 20 characters of GS1 character set 82, as for batch. Percent-encoded in a link's path." identity:"true" title:"Serial number"`
	Expiry string `json:"expiry" jsonschema_description:"Expiration date (AI 17) as YYMMDD (271231); DD 00 means the end of the month. An ISO date (2027-12-31) is accepted and converted." title:"Expiry date"`
	Domain string `json:"domain" jsonschema_description:"Where the link resolves: https://id.gs1.org (default, GS1's global resolver) or the brand's own domain, optionally with a path (https://brand.example.com/products). No query or fragment. Link form only." identity:"true" title:"Resolver domain"`
	Form   string `json:"form" validate:"omitempty,oneofci=link element" jsonschema:"enum=link,enum=element" jsonschema_description:"link (default): a GS1 Digital Link URI, which phones open. element: a GS1 QR Code carrying the GS1 element string (01)...(17)...(10)...(21)... after FNC1 in first position (ISO/IEC 18004 §7.4.8.2), for GS1 scanning systems at the point of sale and in the supply chain; phones show it as digits." title:"Form"`
}

// gs1ElementForm is the form value of a GS1 QR Code with an element
// string; the default, link, is a Digital Link URI.
const gs1ElementForm = "element"

// gs1CanonicalStem is the domain of GS1's resolver, which the standard's
// canonical URIs use.
const gs1CanonicalStem = "https://id.gs1.org"

func init() {
	registry.Register(registry.Kind[GS1]{
		Name:       "gs1",
		Title:      "GS1 Digital Link (product)",
		AlsoCalled: []string{"gtin", "digitallink", "digital-link", "product"},
		Purpose:    registry.LinksAndText,
		Summary:    "Identify a product with a GS1 Digital Link (GTIN with batch, serial and expiry as a web link)",
		Standard: registry.Standard{
			Name:    "GS1 Digital Link Standard: URI Syntax (ISO/IEC 18975)",
			Version: "1.x",
			Section: "URI syntax and canonical form; GS1 General Specifications: AI (01), (10), (17), (21), §7.9 check digit, §7.11 character set 82, §7.12 dates",
			URL:     "https://ref.gs1.org/standards/digital-link/uri-syntax/",
		},
		Examples: []GS1{
			{GTIN: "09506000134352", Batch: "LOT-ABC", Expiry: "271231"},
			{GTIN: "09520123456788", Batch: "ABC1", Serial: "12345", Expiry: "180426"},
			{GTIN: "9520123456788", Domain: "https://brand.example.com"},
			{GTIN: "09506000134352", Batch: "LOT-ABC", Serial: "1234", Expiry: "271231", Form: "element"},
		},
		Check:  checkGS1,
		Encode: encodeGS1,
		Parse:  parseGS1,
		GS1:    func(g GS1) bool { return strings.EqualFold(g.Form, gs1ElementForm) },
	})
}

func checkGS1(g *GS1) []registry.FieldError {
	var errs []registry.FieldError
	if gtin, fe := checkGTIN(g.GTIN); fe != nil {
		errs = append(errs, *fe)
	} else {
		g.GTIN = gtin
	}
	for _, f := range []struct {
		name, ai string
		value    *string
	}{{"batch", "AI 10", &g.Batch}, {"serial", "AI 21", &g.Serial}} {
		if *f.value == "" {
			continue
		}
		if problem := gs1CSet82Problem(*f.value, 20); problem != "" {
			// Every character of a batch or serial is data: dropping one
			// or cutting the value names another batch or item, so
			// there is no fix.
			errs = append(errs, registry.FieldError{Field: f.name, Detail: f.name + " (" + f.ai + ", X..20) " + problem + " (GS1 General Specifications, AI definitions and §7.11 Figure 7.11-1)"})
		}
	}
	if g.Expiry != "" {
		if date, ok := gs1Date(g.Expiry); ok {
			g.Expiry = date
		} else {
			fix, why := gs1DateFix(g.Expiry)
			if fix != "" {
				why = "; " + strings.TrimSpace(g.Expiry) + " reads as " + fix + ", which the fix writes"
			}
			errs = append(errs, registry.FieldError{Field: "expiry", Detail: "expiry (AI 17, N6) is a date YYMMDD with a real month and day, or DD 00 for the end of the month (GS1 General Specifications, AI (17) and §7.12)" + why, Fix: fix})
		}
	}
	g.Form = strings.ToLower(g.Form)
	if g.Form == "link" {
		g.Form = ""
	}
	if g.Form == gs1ElementForm && g.Domain != "" {
		// Dropping the caller's domain is not a correction: no fix.
		errs = append(errs, registry.FieldError{Field: "domain", Detail: "domain is where a Digital Link resolves; form element carries no link, so leave domain empty or use form link"})
	}
	if d := strings.TrimSpace(g.Domain); d != "" {
		if !strings.Contains(d, "://") {
			d = "https://" + d
		}
		stem, fe := normaliseHTTPURL(d)
		switch {
		case fe != nil:
			// The fix is the caller's own address corrected, or none:
			// GS1's resolver is another place for the link to go than
			// the brand's domain the caller gave.
			errs = append(errs, registry.FieldError{Field: "domain", Detail: "domain is the http(s) address the link starts with (GS1 Digital Link URI syntax: the URI stem); " + strings.Replace(fe.Detail, "url ", "this one ", 1), Fix: fe.Fix})
		case strings.ContainsAny(stem, "?#"):
			errs = append(errs, registry.FieldError{Field: "domain", Detail: "domain has a query or fragment; the GS1 identifiers follow the domain and optional path, and the query carries GS1 attributes (GS1 Digital Link URI syntax)", Fix: stem[:strings.IndexAny(stem, "?#")]})
		default:
			g.Domain = strings.TrimRight(stem, "/")
		}
	}
	return errs
}

// checkGTIN checks a GTIN-8, -12, -13 or -14 and its check digit (GS1
// General Specifications §7.9: weights 3 and 1 from the right) and returns
// it as 14 digits, the form of AI 01.
func checkGTIN(s string) (string, *registry.FieldError) {
	s = strings.Map(func(r rune) rune {
		if r == ' ' || r == '-' {
			return -1
		}
		return r
	}, s)
	switch {
	case !allDigits(s) || s == "":
		return "", &registry.FieldError{Field: "gtin", Detail: "gtin has only digits (GS1 General Specifications, AI (01) N14)", Fix: ""}
	case len(s) != 8 && len(s) != 12 && len(s) != 13 && len(s) != 14:
		return "", &registry.FieldError{Field: "gtin", Detail: "gtin has " + itoa(len(s)) + " digits; a GTIN has 8, 12, 13 or 14, the last being the check digit (GS1 General Specifications, AI (01))", Fix: ""}
	}
	body, last := s[:len(s)-1], s[len(s)-1]
	if want := gs1CheckDigit(body); want != last {
		return "", &registry.FieldError{Field: "gtin", Detail: "gtin ends in check digit " + string(last) + ", but its digits give " + string(want) + " (GS1 General Specifications §7.9.1, mod-10 with weights 3 and 1)", Fix: body + string(want)}
	}
	return strings.Repeat("0", 14-len(s)) + s, nil
}

// gs1CheckDigit computes the GS1 mod-10 check digit of the digits before
// it: from the right, weights 3, 1, 3, ... (General Specifications §7.9.1).
func gs1CheckDigit(body string) byte {
	sum := 0
	for i := 0; i < len(body); i++ {
		d := int(body[len(body)-1-i] - '0')
		if i%2 == 0 {
			d *= 3
		}
		sum += d
	}
	return byte('0' + (10-sum%10)%10)
}

// isGS1CSet82 reports whether c is in GS1 AI encodable character set 82
// (General Specifications §7.11, Figure 7.11-1).
func isGS1CSet82(c byte) bool {
	return 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || strings.IndexByte("!\"%&'()*+,-./:;<=>?_", c) >= 0
}

func gs1CSet82Problem(s string, max int) string {
	for i := 0; i < len(s); i++ {
		if !isGS1CSet82(s[i]) {
			r, _ := utf8.DecodeRuneInString(s[i:])
			return "has " + describeRune(r) + ", which is not in GS1 character set 82"
		}
	}
	if len(s) > max {
		return "has " + itoa(len(s)) + " characters; at most " + itoa(max)
	}
	return ""
}

// gs1Date reads YYMMDD (or YYYY-MM-DD, converted) and checks the month and
// day; DD 00 stands for the last day of the month (§7.12). February 29 is
// accepted when YY is a multiple of 4, which matches §7.12's century rule
// for every year it maps to until 2050.
func gs1Date(s string) (string, bool) {
	s = strings.TrimSpace(s)
	if len(s) == 10 && s[4] == '-' && s[7] == '-' {
		s = s[2:4] + s[5:7] + s[8:10]
	}
	if len(s) != 6 || !allDigits(s) {
		return "", false
	}
	yy, mm, dd := atoiOr(s[:2], 0), atoiOr(s[2:4], 0), atoiOr(s[4:], 0)
	days := [13]int{0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}
	if yy%4 == 0 {
		days[2] = 29
	}
	if mm < 1 || mm > 12 || dd > days[mm] {
		return "", false
	}
	return s, true
}

// encodeGS1 writes <stem>/01/<gtin>[/10/<batch>][/21/<serial>][?17=<date>]:
// key qualifiers in the path in the order the standard fixes for AI 01
// (22, 10, 21), the expiry as a query attribute. Values are
// percent-encoded outside the RFC 3986 unreserved set, as GS1's
// gs1-syntax-engine does, so '/' in a serial becomes %2F.
func encodeGS1(g GS1) string {
	if g.Form == gs1ElementForm {
		return gs1ElementString(g)
	}
	stem := g.Domain
	if stem == "" {
		stem = gs1CanonicalStem
	}
	out := stem + "/01/" + g.GTIN
	if g.Batch != "" {
		out += "/10/" + pctEncodeKeeping(g.Batch, "")
	}
	if g.Serial != "" {
		out += "/21/" + pctEncodeKeeping(g.Serial, "")
	}
	if g.Expiry != "" {
		out += "?17=" + g.Expiry
	}
	return out
}

// parseGS1 reads a Digital Link URI whose primary key is a GTIN: the stem
// is everything before the last /01/<digits>. URIs with other identifiers
// (22, 235, 3103 ...) have no fields here and are not recognised, nor are
// compressed URIs.
func parseGS1(p string) (GS1, bool) {
	if g, ok := parseGS1Element(p); ok {
		return g, true
	}
	lower := strings.ToLower(p)
	if !strings.HasPrefix(lower, "https://") && !strings.HasPrefix(lower, "http://") {
		return GS1{}, false
	}
	rest, fragment, _ := strings.Cut(p, "#")
	path, query, _ := strings.Cut(rest, "?")
	i := strings.LastIndex(path, "/01/")
	if i < 0 || fragment != "" {
		return GS1{}, false
	}
	g := GS1{Domain: path[:i]}
	if strings.EqualFold(g.Domain, gs1CanonicalStem) {
		g.Domain = ""
	}
	segments := strings.Split(path[i+1:], "/")
	if len(segments)%2 != 0 || !allDigits(segments[1]) || segments[1] == "" {
		return GS1{}, false
	}
	g.GTIN = segments[1]
	order := ""
	for j := 2; j < len(segments); j += 2 {
		value, ok := pctDecode(segments[j+1])
		if !ok || value == "" {
			return GS1{}, false
		}
		switch segments[j] {
		case "10":
			g.Batch = value
		case "21":
			g.Serial = value
		default:
			return GS1{}, false
		}
		order += segments[j]
	}
	if order != "" && order != "10" && order != "21" && order != "1021" {
		return GS1{}, false
	}
	pairs, ok := uriQueryPairs(query)
	if !ok {
		return GS1{}, false
	}
	for _, pair := range pairs {
		if pair.name != "17" || g.Expiry != "" {
			return GS1{}, false
		}
		g.Expiry = pair.value
	}
	return g, true
}
