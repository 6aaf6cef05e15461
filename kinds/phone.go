package kinds

import (
	"regexp"
	"strings"

	"github.com/qrforge/qrforge/registry"
)

// Phone is a number to call, as a tel: URI.
type Phone struct {
	Number string `json:"number" also:"phone,tel,telephone,mobile,cell" validate:"required,max=64" jsonschema_description:"International number: '+', country code and subscriber number, e.g. +1-201-555-0123 or +44 20 7946 0000 (at most 15 digits, ITU-T E.164). Spaces, dots, slashes and brackets between digit groups become '-', since RFC 3966 allows no spaces in a tel: URI. Local numbers without '+' are refused: a tel: URI needs a phone-context for them (RFC 3966 §5.1.5), which this kind does not offer. An extension (ext 12, x12, ;ext=12) is refused: RFC 3966 §5.1.5 writes one as ;ext=, but phone apps do not dial it reliably." identity:"true" title:"Phone number"`
}

func init() {
	registry.Register(registry.Kind[Phone]{
		Name:       "phone",
		Title:      "Phone call",
		AlsoCalled: []string{"tel", "call", "telephone", "phonenumber", "phone-number"},
		Purpose:    registry.Contact,
		Common:     true,
		Summary:    "Call a phone number (tel: URI, international numbers only)",
		Standard: registry.Standard{
			Name:    "RFC 3966",
			Version: "2004",
			Section: "§5.1.4 (global numbers)",
			URL:     "https://www.rfc-editor.org/rfc/rfc3966",
		},
		Examples: []Phone{
			{Number: "+1-201-555-0123"},
			{Number: "+44 20 7946 0000"},
		},
		Check:  checkPhone,
		Encode: func(p Phone) string { return "tel:" + p.Number },
		Parse:  parsePhone,
	})
}

// phoneExtension is an extension written after a number: ;ext=12 (RFC
// 3966 §5.1.5), ext 12, ext. 12, extension 12, x12.
var phoneExtension = regexp.MustCompile(`(?i)(;\s*ext\s*=|(^|[^a-z])(ext|extn|extension|x)\.?\s*:?)\s*\d+\s*$`)

// trunkZero is a bracketed national trunk prefix, as in +44 (0)20 7946 0000.
var trunkZero = regexp.MustCompile(`\(\s*0\s*\)`)

// checkPhone accepts a global number and rewrites it with '-' as its only
// visual separator. RFC 3966 §5.1.1 allows '-', '.', '(' and ')' but not
// spaces; one separator kind keeps payloads uniform, and '-' is the one
// the RFC's own examples use (tel:+1-201-555-0123, §6).
func checkPhone(p *Phone) []registry.FieldError {
	n := strings.TrimSpace(p.Number)
	if ext := phoneExtension.FindString(n); ext != "" {
		return []registry.FieldError{{Field: "number", Detail: "number ends in an extension (" + strings.TrimSpace(ext) + "), which this kind does not write: RFC 3966 §5.1.5 has ;ext= for one, but phone apps do not dial it reliably, and a call without it reaches someone else. Give the number alone, and the extension apart (in a label, say)"}}
	}
	plus, digits, bad := splitPhoneNumber(n)
	if bad != noBadRune {
		return []registry.FieldError{{Field: "number", Detail: "number has " + describeRune(bad) + "; a tel: number has only '+', digits and the visual separators - . ( ) (RFC 3966 §5.1.1)", Fix: ""}}
	}
	if !plus {
		fix, _ := internationalByPrefix(n)
		return []registry.FieldError{{Field: "number", Detail: "number must be international: '+', then the country code (RFC 3966 §5.1.4). A local number needs a phone-context (RFC 3966 §5.1.5), which this kind does not offer", Fix: fix}}
	}
	if trunk := trunkZero.FindStringIndex(n); trunk != nil {
		// "+44 (0)20 ..." shows the national trunk prefix for local
		// callers; dialled after the country code it makes a wrong number.
		return []registry.FieldError{{Field: "number", Detail: "number contains (0), the national trunk prefix, which is not dialled after the country code", Fix: telGlobalNumber(n[:trunk[0]] + " " + n[trunk[1]:])}}
	}
	if problem := e164Problem(digits); problem != "" {
		return []registry.FieldError{{Field: "number", Detail: "number " + problem, Fix: ""}}
	}
	p.Number = telGlobalNumber(n)
	return nil
}

// telGlobalNumber writes a '+' number as RFC 3966 global-number-digits:
// the digit groups the user typed, joined by '-'.
func telGlobalNumber(n string) string {
	n = strings.TrimPrefix(strings.TrimSpace(n), "+")
	var groups []string
	var group strings.Builder
	for _, r := range n {
		if '0' <= r && r <= '9' {
			group.WriteRune(r)
			continue
		}
		if group.Len() > 0 {
			groups = append(groups, group.String())
			group.Reset()
		}
	}
	if group.Len() > 0 {
		groups = append(groups, group.String())
	}
	return "+" + strings.Join(groups, "-")
}

// parsePhone reads a tel: URI without parameters (an extension or
// phone-context has no field here, so such a URI is not this kind's).
func parsePhone(p string) (Phone, bool) {
	rest, ok := cutSchemeFold(p, "tel:")
	if !ok || rest == "" || strings.ContainsAny(rest, ";?#") {
		return Phone{}, false
	}
	_, digits, bad := splitPhoneNumber(rest)
	if bad != noBadRune || digits == "" || strings.Contains(rest, " ") {
		return Phone{}, false
	}
	return Phone{Number: rest}, true
}
