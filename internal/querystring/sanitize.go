// Package querystring reads a query string as qrforge's API and pages both
// do, so that a link opens the same code in either.
package querystring

import "net/url"

// Sanitize re-encodes a query string so that a stray '%' becomes %25 and
// a ';' %3B, which turns a malformed query into the one the caller meant:
// net/url drops a pair with either (Go 1.17 stopped reading ';' as a
// separator), and with it a password or the data.
func Sanitize(raw string) string {
	b := make([]byte, 0, len(raw))
	for i := 0; i < len(raw); i++ {
		switch {
		case raw[i] == '%' && (i+2 >= len(raw) || !isHex(raw[i+1]) || !isHex(raw[i+2])):
			b = append(b, "%25"...)
		case raw[i] == ';':
			b = append(b, "%3B"...)
		default:
			b = append(b, raw[i])
		}
	}
	return string(b)
}

// Parse is url.ParseQuery of the sanitised query: every pair is kept.
func Parse(raw string) url.Values {
	q, _ := url.ParseQuery(Sanitize(raw))
	return q
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}
