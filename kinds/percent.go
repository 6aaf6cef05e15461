package kinds

import (
	"net/url"
	"strings"
)

// pctEncodeKeeping percent-encodes the UTF-8 octets of s like pctEncode
// (RFC 3986 §2.1, %20 for a space) but leaves the bytes of keep literal: a
// URI scheme may allow a delimiter such as '@' inside a component (RFC 6068
// addr-spec and hfvalue keep '@').
func pctEncodeKeeping(s, keep string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if isUnreservedByte(c) || c < 0x80 && strings.IndexByte(keep, c) >= 0 {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(hex[c>>4])
		b.WriteByte(hex[c&15])
	}
	return b.String()
}

// isUnreservedByte reports whether c is an RFC 3986 §2.3 unreserved
// character, which never needs encoding.
func isUnreservedByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '.' || c == '_' || c == '~'
}

// pctDecode reverses pctEncode and pctEncodeKeeping. A '+' stays a '+': it
// means a space only in HTML form encoding, which these URI schemes do not
// use.
func pctDecode(s string) (string, bool) {
	d, err := url.PathUnescape(s)
	return d, err == nil
}

// uriQueryPair is one decoded name=value pair of a URI query.
type uriQueryPair struct{ name, value string }

// uriQueryPairs splits a query (the text after '?') at '&' and '=' and
// percent-decodes names and values. It reports false on a malformed escape.
func uriQueryPairs(query string) ([]uriQueryPair, bool) {
	var pairs []uriQueryPair
	if query == "" {
		return nil, true
	}
	for _, part := range strings.Split(query, "&") {
		name, value, _ := strings.Cut(part, "=")
		n, ok1 := pctDecode(name)
		v, ok2 := pctDecode(value)
		if !ok1 || !ok2 {
			return nil, false
		}
		pairs = append(pairs, uriQueryPair{n, v})
	}
	return pairs, true
}

// cutSchemeFold removes a URI scheme prefix such as "mailto:" from p,
// ignoring case: scheme names are case-insensitive (RFC 3986 §3.1).
func cutSchemeFold(p, prefix string) (string, bool) {
	if len(p) < len(prefix) || !strings.EqualFold(p[:len(prefix)], prefix) {
		return p, false
	}
	return p[len(prefix):], true
}

// uriFix is a URI with its spaces percent-encoded and control characters
// dropped (RFC 3986 §2.1): the caller's link, written so that it is one.
func uriFix(u string) string {
	u = strings.Map(func(r rune) rune {
		if r < ' ' || r == 0x7f {
			return -1
		}
		return r
	}, u)
	return strings.ReplaceAll(u, " ", "%20")
}
