package kinds

import (
	"net/url"
	"strings"
)

// backslashEscape puts a backslash before each of special, the escaping of
// the ZXing WIFI: and DoCoMo MECARD: formats. The backslash itself is
// escaped first so no escape is doubled.
func backslashEscape(s, special string) string {
	if !strings.ContainsAny(s, special) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune(special, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// backslashUnescape reverses backslashEscape.
func backslashUnescape(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	escaped := false
	for _, r := range s {
		if r == '\\' && !escaped {
			escaped = true
			continue
		}
		escaped = false
		b.WriteRune(r)
	}
	return b.String()
}

// splitUnescaped splits s at each sep not preceded by an escaping
// backslash.
func splitUnescaped(s string, sep byte) []string {
	var parts []string
	start, escaped := 0, false
	for i := 0; i < len(s); i++ {
		switch {
		case escaped:
			escaped = false
		case s[i] == '\\':
			escaped = true
		case s[i] == sep:
			parts = append(parts, s[start:i])
			start = i + 1
		}
	}
	return append(parts, s[start:])
}

// pctEncode percent-encodes a URI component with %20 for spaces (RFC 3986
// §2.1): '+' means a space only in HTML forms, and many scanners show it
// literally.
func pctEncode(s string) string {
	return strings.ReplaceAll(url.QueryEscape(s), "+", "%20")
}
