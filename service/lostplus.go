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
// TEL lost its country. Before a number to dial, in a field whose
// surrounding spaces carry nothing, the '+' is the caller's: the call is
// refused with a fix that writes it %2B, so the number is read as written.

var (
	// phoneShaped is an international number as people write one (ITU-T
	// E.123): '+', then 7 to 15 digits (E.164) in groups.
	phoneShaped = regexp.MustCompile(`^\+[0-9](?:[ ().\-/]*[0-9]){6,14}$`)
	// plainDecimal is a signed amount (+12.50), which is no number to dial.
	plainDecimal = regexp.MustCompile(`^\+[0-9]+\.[0-9]{1,2}$`)
)

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
		if err != nil || !trimmed[name] || len(raw) < 2 || raw[0] != '+' || raw[1] < '0' || raw[1] > '9' || len(q[name]) != 1 {
			continue
		}
		value := "+" + strings.TrimSpace(q[name][0])
		if !phoneShaped.MatchString(value) || plainDecimal.MatchString(value) {
			continue
		}
		q[name][0] = value
		errs = append(errs, paramError{field: name, keep: true,
			detail: fmt.Sprintf("%s began with a '+' written as is, which a query string reads as a space (URL Standard, application/x-www-form-urlencoded), so %s would lose it; write it %%2B: the fix does, as %s", name, name, text.Truncate(value, 40))})
	}
	return errs
}
