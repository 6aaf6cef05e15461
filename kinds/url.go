package kinds

import (
	"net/netip"
	"net/url"
	"strconv"
	"strings"

	"github.com/qrforge/qrforge/registry"
	"golang.org/x/net/idna"
)

// Link is a web address, optionally tagged with the UTM campaign parameters
// that analytics tools read from the query string.
type Link struct {
	URL         string `json:"url" also:"link,href,website,uri" validate:"required" jsonschema_description:"Absolute http or https address with a host (RFC 3986). An internationalised host is converted to punycode; characters a URI cannot carry are percent-encoded." identity:"true" title:"Web address"`
	UTMSource   string `json:"utm_source" jsonschema_description:"utm_source: where the traffic comes from (e.g. qr, newsletter). Percent-encoded and added to the query. Each utm field may repeat a tag of the address's own query with the same value, never replace it with another." title:"Campaign source"`
	UTMMedium   string `json:"utm_medium" jsonschema_description:"utm_medium: the marketing medium (e.g. print, email)." title:"Campaign medium"`
	UTMCampaign string `json:"utm_campaign" jsonschema_description:"utm_campaign: the campaign name (e.g. spring sale)." title:"Campaign name"`
	UTMTerm     string `json:"utm_term" jsonschema_description:"utm_term: the paid search keyword." title:"Campaign term"`
	UTMContent  string `json:"utm_content" jsonschema_description:"utm_content: what was clicked, to tell variants apart (e.g. poster-a)." title:"Campaign content"`
	UTMID       string `json:"utm_id" jsonschema_description:"utm_id: the campaign ID." title:"Campaign ID"`
}

func init() {
	registry.Register(registry.Kind[Link]{
		Name:       "url",
		Title:      "Web link",
		AlsoCalled: []string{"link", "web", "website", "uri", "http", "https"},
		Purpose:    registry.LinksAndText,
		Common:     true,
		Summary:    "Open a web address, with optional UTM campaign tags",
		Standard: registry.Standard{
			Name:    "RFC 3986",
			Version: "2005",
			Section: "§3 (URI syntax); UTM parameters per Google Analytics campaign URLs",
			URL:     "https://www.rfc-editor.org/rfc/rfc3986",
		},
		Examples: []Link{
			{URL: "https://example.com/landing?ref=a", UTMSource: "qr", UTMMedium: "print", UTMCampaign: "spring sale"},
			{URL: "https://example.com/"},
		},
		Check:  checkLink,
		Encode: encodeLink,
		Parse:  parseLink,
	})
}

// utmParams lists the UTM fields in the order they are appended.
func (l *Link) utmParams() []struct{ key, value string } {
	return []struct{ key, value string }{
		{"utm_source", l.UTMSource}, {"utm_medium", l.UTMMedium}, {"utm_campaign", l.UTMCampaign},
		{"utm_term", l.UTMTerm}, {"utm_content", l.UTMContent}, {"utm_id", l.UTMID},
	}
}

func checkLink(l *Link) []registry.FieldError {
	var errs []registry.FieldError
	if u, fe := normaliseHTTPURL(l.URL); fe != nil {
		errs = append(errs, *fe)
	} else {
		l.URL = u
	}
	for _, p := range l.utmParams() {
		errs = append(errs, checkTextFields(textField{p.key, p.value})...)
		if other, ok := queryValueOtherThan(l.URL, p.key, p.value); ok && p.value != "" {
			// No fix: the encoder would replace the address's own value
			// without a word, and which one is meant only the caller knows.
			errs = append(errs, registry.FieldError{Field: p.key, Detail: p.key + " is given twice with different values: " + strconv.Quote(truncateBytes(p.value, 64)) + " as a field and " + strconv.Quote(truncateBytes(other, 64)) + " in url's query; give one of them (leave " + p.key + " out to keep the address's own)", Fix: ""})
		}
	}
	return errs
}

// queryValueOtherThan returns a value of key in the query of address (RFC
// 3986 §3.4, before any fragment) that differs from value, decoded.
func queryValueOtherThan(address, key, value string) (string, bool) {
	rest, _, _ := strings.Cut(address, "#")
	_, query, _ := strings.Cut(rest, "?")
	if query == "" {
		return "", false
	}
	for _, part := range strings.Split(query, "&") {
		if queryKey(part) != key {
			continue
		}
		_, v, _ := strings.Cut(part, "=")
		if d, err := url.QueryUnescape(v); err == nil {
			v = d
		}
		if v != value {
			return v, true
		}
	}
	return "", false
}

// encodeLink adds the UTM parameters to the (normalised) address: into the
// query before any #fragment (RFC 3986 §3.5: the fragment comes last),
// joined with '&' to an existing query, in place of a parameter of the
// same name (checkLink refuses one of another value), and percent-encoded
// with %20 for spaces.
func encodeLink(l Link) string {
	rest, fragment, hasFragment := strings.Cut(l.URL, "#")
	base, query, hasQuery := strings.Cut(rest, "?")
	var parts []string
	if query != "" {
		parts = strings.Split(query, "&")
	}
	changed := false
	for _, p := range l.utmParams() {
		if p.value == "" {
			continue
		}
		changed = true
		pair := p.key + "=" + pctEncode(p.value)
		replaced := false
		kept := parts[:0:0]
		for _, part := range parts {
			if queryKey(part) != p.key {
				kept = append(kept, part)
			} else if !replaced {
				kept = append(kept, pair)
				replaced = true
			}
		}
		parts = kept
		if !replaced {
			parts = append(parts, pair)
		}
	}
	out := base
	if changed {
		nonEmpty := parts[:0:0]
		for _, part := range parts {
			if part != "" {
				nonEmpty = append(nonEmpty, part)
			}
		}
		out += "?" + strings.Join(nonEmpty, "&")
	} else if hasQuery {
		out += "?" + query
	}
	if hasFragment {
		out += "#" + fragment
	}
	return out
}

// queryKey is the decoded name of one name=value pair of a query.
func queryKey(pair string) string {
	k, _, _ := strings.Cut(pair, "=")
	if d, err := url.QueryUnescape(k); err == nil {
		return d
	}
	return k
}

// parseLink reads an http(s) address back, taking trailing UTM parameters
// into their fields when that rebuilds the same address.
func parseLink(p string) (Link, bool) {
	lower := strings.ToLower(p)
	if !strings.HasPrefix(lower, "http://") && !strings.HasPrefix(lower, "https://") {
		return Link{}, false
	}
	whole := Link{URL: p}
	rest, fragment, hasFragment := strings.Cut(p, "#")
	base, query, hasQuery := strings.Cut(rest, "?")
	if !hasQuery {
		return whole, true
	}
	var l Link
	var kept []string
	fields := map[string]*string{
		"utm_source": &l.UTMSource, "utm_medium": &l.UTMMedium, "utm_campaign": &l.UTMCampaign,
		"utm_term": &l.UTMTerm, "utm_content": &l.UTMContent, "utm_id": &l.UTMID,
	}
	for _, part := range strings.Split(query, "&") {
		dst, isUTM := fields[queryKey(part)]
		if !isUTM || *dst != "" {
			kept = append(kept, part)
			continue
		}
		_, v, _ := strings.Cut(part, "=")
		d, err := url.QueryUnescape(v)
		if err != nil || d == "" {
			return whole, true
		}
		*dst = d
	}
	l.URL = base
	if len(kept) > 0 {
		l.URL += "?" + strings.Join(kept, "&")
	}
	if hasFragment {
		l.URL += "#" + fragment
	}
	if encodeLink(l) != p {
		return whole, true
	}
	return l, true
}

// normaliseHTTPURL checks that raw is an absolute http(s) URI with a host
// (RFC 3986 §4.3) and returns it in the form a scanner opens reliably: the
// scheme in lower case (§3.1), an internationalised host in punycode
// (IDNA, RFC 5891 §4 with the UTS #46 lookup mapping) and every character
// outside the URI grammar percent-encoded as UTF-8 (§2.1, RFC 3987 §3.1).
func normaliseHTTPURL(raw string) (string, *registry.FieldError) {
	const field = "url"
	fail := func(detail, fix string) (string, *registry.FieldError) {
		return "", &registry.FieldError{Field: field, Detail: detail, Fix: fix}
	}
	s := strings.TrimSpace(raw)
	if completed, mistyped := registry.MistypedScheme(s); mistyped && !strings.Contains(s, "://") {
		// https//example.com once got https://https//example.com, a
		// link to a host named https.
		fixed := completed
		if _, fe := normaliseHTTPURL(completed); fe != nil {
			fixed = ""
		}
		return fail("url's scheme lacks part of its separator \"://\" (RFC 3986 §3: scheme \":\" \"//\" authority); the fix writes it whole", fixed)
	}
	scheme, rest, ok := strings.Cut(s, "://")
	if !ok || !validScheme(scheme) {
		fix := "https://example.com/"
		if prefix, _, hasColon := strings.Cut(s, ":"); s != "" && (!hasColon || !validScheme(prefix)) {
			fix = "https://" + strings.TrimPrefix(s, "//")
		}
		return fail("url is an absolute address starting with http:// or https:// (RFC 3986 §4.3)", fix)
	}
	scheme = strings.ToLower(scheme)
	if scheme != "http" && scheme != "https" {
		return fail("url uses the http or https scheme; "+scheme+": addresses have their own kinds", "https://"+rest)
	}
	end := strings.IndexAny(rest, "/?#")
	if end < 0 {
		end = len(rest)
	}
	authority, tail := rest[:end], rest[end:]
	if at := strings.LastIndex(authority, "@"); at >= 0 {
		return fail("url must not carry user:password@ before the host: it is deprecated for http(s) (RFC 9110 §4.2.4) and is a known phishing trick", scheme+"://"+authority[at+1:]+tail)
	}
	host, port, fe := splitHostPort(authority)
	if fe != "" {
		return fail(fe, "https://example.com/")
	}
	host, fe = asciiHost(host)
	if fe != "" {
		return fail(fe, "https://example.com/")
	}
	out := scheme + "://" + host
	if port != "" {
		out += ":" + port
	}
	return out + encodeURIChars(tail), nil
}

func validScheme(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		letter := 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
		if !letter && (i == 0 || !('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.')) {
			return false
		}
	}
	return true
}

// splitHostPort splits an authority without user information into host
// (an IPv6 literal keeps its brackets) and port (RFC 3986 §3.2.2, §3.2.3).
func splitHostPort(authority string) (host, port, problem string) {
	host = authority
	if strings.HasPrefix(authority, "[") {
		closeAt := strings.Index(authority, "]")
		if closeAt < 0 {
			return "", "", "url has an IPv6 address without its closing ']' (RFC 3986 §3.2.2)"
		}
		if _, err := netip.ParseAddr(authority[1:closeAt]); err != nil {
			return "", "", "url has an invalid IPv6 address in [ ] (RFC 3986 §3.2.2)"
		}
		host = authority[:closeAt+1]
		after := authority[closeAt+1:]
		if after != "" && !strings.HasPrefix(after, ":") {
			return "", "", "url has characters after the IPv6 address that are not a :port (RFC 3986 §3.2.3)"
		}
		port = strings.TrimPrefix(after, ":")
	} else if i := strings.LastIndex(authority, ":"); i >= 0 {
		host, port = authority[:i], authority[i+1:]
	}
	if host == "" {
		return "", "", "url needs a host, such as example.com (RFC 3986 §3.2.2)"
	}
	if len(port) > 5 || strings.Trim(port, "0123456789") != "" || port != "" && atoiOr(port, 70000) > 65535 {
		return "", "", "url has a port that is not a number from 0 to 65535 (RFC 3986 §3.2.3)"
	}
	return host, port, ""
}

func atoiOr(s string, fallback int) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return fallback
		}
		n = n*10 + int(s[i]-'0')
	}
	return n
}

// asciiHost returns the host as it goes into the URI: an internationalised
// domain name (given in Unicode or percent-encoded UTF-8) becomes its
// punycode A-label form, since a URI host is ASCII (RFC 3986 §3.2.2).
func asciiHost(host string) (string, string) {
	if strings.HasPrefix(host, "[") {
		return host, ""
	}
	if strings.Contains(host, "%") {
		d, err := url.PathUnescape(host)
		if err != nil {
			return "", "url has a malformed %-escape in its host (RFC 3986 §2.1)"
		}
		host = d
	}
	ascii := true
	for i := 0; i < len(host); i++ {
		c := host[i]
		if c >= 0x80 {
			ascii = false
			continue
		}
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '.' || c == '_' || c == '~') {
			return "", "url has a host that is not a domain name or IP address: " + quoteChar(c) + " is not allowed in a host (RFC 3986 §3.2.2)"
		}
	}
	if ascii {
		return host, ""
	}
	a, err := idna.Lookup.ToASCII(host)
	if err != nil {
		return "", "url has a host that is not a valid internationalised domain name (IDNA, RFC 5891): " + err.Error()
	}
	return a, ""
}

func quoteChar(c byte) string {
	if c < 0x20 || c == 0x7f {
		return "a control character"
	}
	return "'" + string(rune(c)) + "'"
}

// encodeURIChars percent-encodes, as UTF-8, every character of a path,
// query and fragment that RFC 3986 does not allow there (§3.3-3.5: pchar,
// '/' and '?'), including a second '#' and a '%' that starts no escape.
func encodeURIChars(s string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	seenHash := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '#' && !seenHash:
			seenHash = true
			b.WriteByte(c)
		case c == '%' && i+2 < len(s) && isHexString(s[i+1:i+3]):
			b.WriteByte(c)
		case c < 0x80 && c != '%' && c != '#' && uriChar(c):
			b.WriteByte(c)
		default:
			b.WriteByte('%')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
		}
	}
	return b.String()
}

// uriChar reports whether c may appear literally in a path, query or
// fragment: unreserved, sub-delims, ':', '@', '/' and '?' (RFC 3986 §2.2,
// §2.3, §3.3).
func uriChar(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		strings.IndexByte("-._~!$&'()*+,;=:@/?", c) >= 0
}
