package kinds

import "strings"

// looksLikePhone is the loose telephone-number check of the contact kinds:
// digits with the visual separators people type (space, '-', '.', '(' and
// ')'), optionally after a leading '+'. vCard 3.0 TEL is free text
// (RFC 2426 §3.3.1), so a stricter rule, E.164 or RFC 3966, would refuse
// numbers that phones dial, such as extensions written "(0)". MECARD's TEL
// holds digits, and mecardTel leaves the separators out.
func looksLikePhone(s string) bool {
	body := strings.TrimPrefix(s, "+")
	digits := 0
	for i := 0; i < len(body); i++ {
		switch c := body[i]; {
		case '0' <= c && c <= '9':
			digits++
		case c == ' ' || c == '-' || c == '.' || c == '(' || c == ')':
		default:
			return false
		}
	}
	return digits > 0 && len(s) <= 32
}
