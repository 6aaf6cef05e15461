package service

import (
	"fmt"
	"maps"
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
	// One '+', before the digits: an encoder writes every space as '+' (the
	// editor too), so "+0160+1234567" is " 0160 1234567", spaces and all.
	if len(raw) > 1 && raw[0] == '+' && raw[1] >= '0' && raw[1] <= '9' && strings.Count(raw, "+") == 1 {
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

// plusOffset is an RFC 3339 date-time (§5.6) whose time-numoffset is
// positive, written with its '+' as is: 2026-12-24T18:00+01:00, a time
// east of UTC, which a query reads as 18:00 and a stray " 01:00".
var plusOffset = regexp.MustCompile(`^[0-9]{4}-[0-9]{2}-[0-9]{2}[Tt ][0-9]{2}:[0-9]{2}(?::[0-9]{2}(?:\.[0-9]+)?)?\+[0-9]{2}:[0-9]{2}$`)

// offsetKept is raw decoded with its '+' kept when it is a date-time
// with a positive UTC offset, which the query's space would leave
// without one; "" otherwise.
func offsetKept(raw string) string {
	kept, err := url.PathUnescape(raw)
	if err != nil || strings.Count(kept, "+") != 1 || !plusOffset.MatchString(strings.TrimSpace(kept)) {
		return ""
	}
	return strings.TrimSpace(kept)
}

// lostPlus restores, in q, the '+' a raw query wrote unencoded in a
// trimmed identity field's value (a number, an address; or a value under
// one of its other names) or before a date-time's UTC offset in any
// field, and names each such parameter; the fix then carries the '+'. An
// amount or any other field is left as read.
func lostPlus(k registry.Entry, q query, rawQuery string) []paramError {
	trimmed := map[string]bool{}
	for _, f := range k.Fields() {
		if !f.Trimmed || !f.Identity {
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
		if err != nil || len(q[name]) != 1 || !strings.Contains(raw, "+") {
			continue
		}
		value := ""
		switch {
		case trimmed[name]:
			value = plusKept(raw, q[name][0])
		case k.HasField(name):
			value = offsetKept(raw)
		}
		if value == "" {
			continue
		}
		q[name][0] = value
		errs = append(errs, paramError{field: name, keep: true,
			detail: fmt.Sprintf("%s has a '+' written as is, which a query string reads as a space (URL Standard, application/x-www-form-urlencoded), so %s would lose it; write it %%2B: the fix does, as %s", name, name, text.Truncate(value, 40))})
	}
	return errs
}

// lostPlusData refuses data whose unencoded '+' a query read as a space
// where the space breaks the payload it is, a space no encoder sends
// there: tel:+15550100123 read as "tel: 15550100123", which no phone
// takes, SMSTO:+1555…:hi as a national number, or mailto:jo+news@… as an
// address with a space. The fix writes the '+' %2B. Where the space
// reading is the same kind's payload with its space kept (a Wi-Fi
// password "pass word", a link's space), or means the same (a geo: URI's
// q, where '+' is a space), or the data is text, the '+' stays a space,
// as every form encoder writes one.
func lostPlusData(rawQuery string, r *Rendering) []paramError {
	if r.Data == "" || !strings.Contains(rawQuery, "+") {
		return nil
	}
	for _, pair := range strings.Split(rawQuery, "&") {
		key, raw, _ := strings.Cut(pair, "=")
		name, err := url.QueryUnescape(key)
		if err != nil || canonicalName(name, true) != optData.Name || !strings.Contains(raw, "+") {
			continue
		}
		kept, err := url.PathUnescape(raw)
		if err != nil || kept == r.Data {
			continue
		}
		k, fields := payloadKind(kept)
		if k == nil || spaceReadsAsWell(k, r.Data, fields) {
			continue
		}
		return []paramError{{field: optData.Name, fixed: kept,
			detail: fmt.Sprintf("data has a '+' written as is, which a query string reads as a space (URL Standard, application/x-www-form-urlencoded): read so, it is no %s payload as written (%q), and with the '+' it is; write it %%2B: the fix does. A space is %%20", k.Name(), text.Truncate(r.Data, 60))}}
	}
	return nil
}

// payloadKind is the typed kind whose parser reads p and whose fields
// build again, text aside (it reads anything), with those fields; nil
// for none.
func payloadKind(p string) (registry.Entry, map[string]string) {
	for _, k := range registry.All() {
		if k.Name() == "text" {
			continue
		}
		if fields, _, ok := k.Read(p); ok {
			if _, errs := k.Build(fields); len(errs) == 0 {
				return k, fields
			}
		}
	}
	return nil, nil
}

// spaceReadsAsWell reports whether data, the '+' read as a space, is a
// payload of k that means what the '+' reading's fields do, or whose
// fields k writes and reads back with their spaces (a password "pass
// word", a link's space written %20, as every encoder sends a space in a
// URL as '+'): then the space is no mistake to refuse. A space k drops (a
// number trimmed) or refuses (an address) is one.
func spaceReadsAsWell(k registry.Entry, data string, fields map[string]string) bool {
	read, _, ok := k.Read(data)
	if !ok {
		return false
	}
	if maps.Equal(read, fields) {
		return true
	}
	again, errs := k.Build(read)
	if len(errs) > 0 {
		return false
	}
	reread, _, ok := k.Read(again)
	return ok && maps.EqualFunc(reread, read, func(a, b string) bool { return unescaped(a) == unescaped(b) })
}

// unescaped is v with its percent-encoding decoded, or v when it has none
// that decodes.
func unescaped(v string) string {
	if u, err := url.PathUnescape(v); err == nil {
		return u
	}
	return v
}
