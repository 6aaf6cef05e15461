package service

import (
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/qrforge/qrforge/internal/text"
	"github.com/qrforge/qrforge/options"
)

// contentWords are names people and other APIs give the text to encode
// (?message=…, ?link=…, a form's input): on /api/v1/qr, a call that gives
// one of them and no data means it as the data.
var contentWords = []string{"message", "msg", "string", "str", "input", "payload", "value", "txt",
	"link", "href", "website", "contents", "qr", "qrdata", "qr_data", "qrtext", "qr_text", "info", "body"}

// MeantAsData reports whether name, which a call making a code from data
// does not read, holds that data: one of contentWords, the only one among
// the call's unknown names others, with text in it (value=12.50 may be an
// amount). The caller checks that data is not given too.
func MeantAsData(name, value string, others []string) bool {
	name = strings.ToLower(name)
	if !slices.Contains(contentWords, name) || strings.TrimSpace(value) == "" {
		return false
	}
	if name == "value" && !strings.ContainsFunc(value, unicode.IsLetter) {
		return false
	}
	return !slices.ContainsFunc(others, func(o string) bool {
		o = strings.ToLower(o)
		return o != name && (slices.Contains(contentWords, o) || slices.Contains(options.Data.Aliases, o))
	})
}

// contentUnderOtherName is the one error of a generic call that gives its
// text under one of contentWords and nothing else unknown, and no data:
// the fix renames it to data.
func contentUnderOtherName(q query, stray []string) (paramError, bool) {
	if _, given, _ := q.lookup(optData); given || len(stray) != 1 || len(q[stray[0]]) != 1 {
		return paramError{}, false
	}
	name, value := stray[0], q[stray[0]][0]
	if !MeantAsData(name, value, stray) {
		return paramError{}, false
	}
	return paramError{field: name, rename: optData.Name, fixed: value,
		detail: fmt.Sprintf("/api/v1/qr reads the text to encode from data (or text, content, url, q, chl), not %s; the fix gives %q as data", name, text.Truncate(value, 64))}, true
}

// withoutDataRequired drops the error that data is missing, which a
// renamed parameter gives.
func withoutDataRequired(errs []paramError) []paramError {
	return slices.DeleteFunc(errs, func(e paramError) bool { return e.field == optData.Name && e.unfixable })
}
