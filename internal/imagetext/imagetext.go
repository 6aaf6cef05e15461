// Package imagetext reads an image file written as text, as JSON bodies
// and MCP arguments carry one: base64, a data: URI, or an SVG's markup.
package imagetext

import (
	"encoding/base64"
	"errors"
	"net/url"
	"strings"
)

// Bytes is the file s writes: standard or URL-safe base64, padded or not,
// or a data URI, line breaks ignored; an SVG file may come as its markup,
// as it is or in a data URI without ;base64 (RFC 2397 §3:
// percent-encoded).
func Bytes(s string) ([]byte, error) {
	if rest, ok := strings.CutPrefix(s, "data:"); ok {
		header, payload, found := strings.Cut(rest, ",")
		if !found {
			return nil, errors.New("a data URI has a comma before its data")
		}
		if !strings.HasSuffix(strings.ToLower(header), ";base64") {
			return []byte(percentDecoded(payload)), nil
		}
		s = payload
	}
	if strings.HasPrefix(strings.TrimSpace(s), "<") {
		return []byte(s), nil
	}
	s = strings.Map(func(r rune) rune {
		if r == '\n' || r == '\r' || r == ' ' || r == '\t' {
			return -1
		}
		return r
	}, s)
	s = strings.TrimRight(s, "=")
	if strings.ContainsAny(s, "-_") {
		return base64.RawURLEncoding.DecodeString(s)
	}
	return base64.RawStdEncoding.DecodeString(s)
}

// percentDecoded is s with its %XX escapes decoded; an escape that is not
// one is kept as written.
func percentDecoded(s string) string {
	if v, err := url.PathUnescape(s); err == nil {
		return v
	}
	return s
}

// MaxLen is the most bytes Bytes(s) can give, found without decoding or
// allocating: three bytes for each four base64 characters (RFC 4648 §4),
// line breaks and padding not counted; a file written as markup or
// percent-encoded is no longer than its text.
func MaxLen(s string) int {
	if rest, ok := strings.CutPrefix(s, "data:"); ok {
		header, payload, found := strings.Cut(rest, ",")
		if !found || !strings.HasSuffix(strings.ToLower(header), ";base64") {
			return len(payload)
		}
		s = payload
	}
	if strings.HasPrefix(strings.TrimSpace(s), "<") {
		return len(s)
	}
	n := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\n', '\r', ' ', '\t', '=':
		default:
			n++
		}
	}
	return n * 3 / 4
}
