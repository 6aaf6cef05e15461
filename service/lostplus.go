package service

import (
	"fmt"
	"net/url"
	"regexp"
	"strings"

	"github.com/qrforge/qrforge/internal/text"
	"github.com/qrforge/qrforge/registry"
)

// A '+' written unencoded at the start of a query value is a space to
// every form decoder (WHATWG URL Standard, application/x-www-form-
// urlencoded parsing), and a trimmed field then drops it: sms?number=
// +15550100123 carried SMSTO:15550100123, a national number, and a vCard
// TEL lost its country. Before a number to dial, or inside an e-mail
// address, in a field whose surrounding spaces carry nothing, the '+' is
// the caller's: the call is refused with a fix that writes it %2B, so the
// value is read as written.

var (
	// phoneShaped is an international number as people write one (ITU-T
	// E.123): '+', then 7 to 15 digits (E.164) in groups.
	phoneShaped = regexp.MustCompile(`^\+[0-9](?:[ ().\-/]*[0-9]){6,14}$`)
	// plainDecimal is a signed amount (+12.50), which is no number to dial.
	plainDecimal = regexp.MustCompile(`^\+[0-9]+\.[0-9]{1,2}$`)
)

// emailShaped is one address or a comma-separated list, each with a '@'
// and no white space: a '+' in one is RFC 5233 subaddressing
// (jo+news@example.com), which a query turned into a space.
var emailShaped = regexp.MustCompile(`^[^\s@,]+@[^\s@,]+\.[^\s@,]+(?:,[^\s@,]+@[^\s@,]+\.[^\s@,]+)*$`)

// plusKept is the value of raw, decoded as value is but with its '+'
// kept, when that makes it an international number or e-mail addresses
// it otherwise is not; "" when the '+' changes nothing that matters.
func plusKept(raw, value string) string {
	if len(raw) > 1 && raw[0] == '+' && raw[1] >= '0' && raw[1] <= '9' {
		if v := "+" + strings.TrimSpace(value); phoneShaped.MatchString(v) && !plainDecimal.MatchString(v) {
			return v
		}
	}
	if kept, err := url.PathUnescape(raw); err == nil && strings.Contains(kept, "@") {
		if kept = strings.TrimSpace(kept); emailShaped.MatchString(kept) && !emailShaped.MatchString(strings.TrimSpace(value)) {
			return kept
		}
	}
	return ""
}

// lostPlus restores, in q, the '+' that began a trimmed field's value (or
// a value under one of its other names) before a digit in the raw query,
// and names each such parameter; the fix then carries the '+'.
func lostPlus(k registry.Entry, q query, rawQuery string) []paramError {
	trimmed := map[string]bool{}
	for _, f := range k.Fields() {
		if !f.Trimmed {
			continue
		}
		trimmed[f.Name] = true
		for _, w := range f.AlsoCalled {
			trimmed[w] = true
		}
	}
	var errs []paramError
	for _, pair := range strings.Split(rawQuery, "&") {
		key, raw, _ := strings.Cut(pair, "=")
		name, err := url.QueryUnescape(key)
		name = strings.ToLower(name)
		if err != nil || !trimmed[name] || len(q[name]) != 1 || !strings.Contains(raw, "+") {
			continue
		}
		value := plusKept(raw, q[name][0])
		if value == "" {
			continue
		}
		q[name][0] = value
		errs = append(errs, paramError{field: name, keep: true,
			detail: fmt.Sprintf("%s has a '+' written as is, which a query string reads as a space (URL Standard, application/x-www-form-urlencoded), so %s would lose it; write it %%2B: the fix does, as %s", name, name, text.Truncate(value, 40))})
	}
	return errs
}
