package registry

import "strings"

// MistypedScheme reads a web address whose scheme separator lost a
// character, as typed or copied by hand: https//example.com (the ':'
// missing), https:/example.com or https:example.com (a '/' or both), and
// returns it with "://" (RFC 3986 §3: scheme ":" "//" authority). The
// scheme, http or https in any case, is written in lower case (§3.1).
// Only a host may follow, a letter, digit or '[': https:///path, whose
// authority is empty, names no host.
func MistypedScheme(s string) (string, bool) {
	s = strings.TrimSpace(s)
	for _, scheme := range []string{"https", "http"} {
		if len(s) <= len(scheme) || !strings.EqualFold(s[:len(scheme)], scheme) {
			continue
		}
		rest := s[len(scheme):]
		for _, sep := range []string{"//", ":/", ":"} {
			host, ok := strings.CutPrefix(rest, sep)
			if ok && host != "" && hostStart(host[0]) {
				return scheme + "://" + host, true
			}
		}
		return "", false
	}
	return "", false
}

// hostStart reports whether c may begin a host: a letter or digit of a
// reg-name or IPv4 address, '[' of an IP literal (RFC 3986 §3.2.2), or a
// byte of a non-ASCII (internationalised) name.
func hostStart(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '[' || c >= 0x80
}
