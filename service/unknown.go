package service

import (
	"fmt"
	"net/url"
	"slices"
	"strings"

	"github.com/qrforge/qrforge/internal/editdistance"
	"github.com/qrforge/qrforge/internal/text"
	"github.com/qrforge/qrforge/options"
	"github.com/qrforge/qrforge/registry"
)

// No parameter is silently ignored: a misspelt field (`pasword`) would
// otherwise give a code for an open network, and a misspelt amount a
// payment without one. The only parameters an endpoint does not read are
// cache busters, whose names start with '_' (README, "Errors").
const ignoredPrefix = "_"

// utf8Only are goQR's charset parameters: qrforge always encodes UTF-8, so
// they are read, and accepted only when they say so.
var utf8Only = []string{"charset-source", "charset-target"}

// isUTF8Name reports whether a charset name means UTF-8.
func isUTF8Name(v string) bool {
	return strings.EqualFold(strings.NewReplacer("-", "", "_", "").Replace(strings.TrimSpace(v)), "utf8")
}

// strangers lists the query's parameter names that the endpoint does not
// read, sorted. known holds the names it reads besides the rendering
// options (a kind's fields, or data and its aliases).
func strangers(q query, known []string) []string {
	var out []string
	for name := range q {
		if strings.HasPrefix(name, ignoredPrefix) || slices.Contains(known, name) || isOptionName(name) {
			continue
		}
		if slices.Contains(utf8Only, name) && isUTF8Name(q[name][0]) {
			continue
		}
		out = append(out, name)
	}
	slices.Sort(out)
	return out
}

func isOptionName(name string) bool {
	for _, o := range renderOptions {
		if name == o.Name || slices.Contains(o.Aliases, name) {
			return true
		}
	}
	return false
}

// canonicalOptions are the canonical rendering option names, for suggestions.
func canonicalOptions() []string {
	names := make([]string, 0, len(renderOptions))
	for _, o := range renderOptions {
		names = append(names, o.Name)
	}
	return names
}

// amountWords are names an amount is given under. On an endpoint with no
// field for it, such a parameter has no fix: dropping it would turn a
// request for an amount into a code for any.
var amountWords = []string{"amount", "amt", "am", "sum", "total", "price", "value"}

// amountField is the field of fields an amount is given under, when the
// kind has one under another name than the caller's (ethereum's value),
// or "".
func amountField(fields []string) string {
	for _, f := range fields {
		if slices.Contains(amountWords, f) || strings.Contains(f, "amount") {
			return f
		}
	}
	return ""
}

// amountName reports whether name is an amount's: one of amountWords,
// or a kind's field whose title says it holds an amount (upi's mam,
// "Minimum amount").
func amountName(name string) bool {
	return slices.Contains(amountWords, name) || strings.Contains(name, "amount") ||
		someField(name, func(f registry.Field) bool { return strings.Contains(strings.ToLower(f.Title), "amount") })
}

// someField reports whether a kind has a field called name for which
// is holds.
func someField(name string, is func(registry.Field) bool) bool {
	for _, k := range registry.All() {
		for _, f := range k.Fields() {
			if f.Name == name && is(f) {
				return true
			}
		}
	}
	return false
}

// IdentityWord reports whether name, given where nothing reads it, is
// the name of some kind's identity field (address, name, password): a
// fix never drops such a parameter, which would leave out of the code the
// person, account, address, network or secret the caller gave. MCP's
// tools ask it as HTTP calls do.
func IdentityWord(name string) bool { return identityName(strings.ToLower(name)) }

// identityName reports whether name is a kind's identity field: one
// that names a person, an account, an address, a network or a secret.
func identityName(name string) bool {
	return someField(name, func(f registry.Field) bool { return f.Identity })
}

// slip reports whether name is near mistyped, cut short or qualified:
// one letter wrong, missing, added or swapped in a name of four letters
// or more (amout, pasword); near's first letters (addr), not a whole word
// of it (merchant is not merchant_id); or near with a word that says
// which one (phone_work, zipcode), not what of it (account_name).
func slip(name, near string) bool {
	if len(near) >= 4 && editdistance.Distance(name, near) <= 1 {
		return true
	}
	if len(name) >= 3 && len(near) > len(name) && strings.HasPrefix(near, name) {
		return near[len(name)] != '_'
	}
	rest, ok := strings.CutPrefix(name, near)
	return ok && slices.Contains(qualifiers, strings.TrimLeft(rest, "_-"))
}

// qualifiers are words that, after a field's name, say which of its kind
// a value is, and leave it a value of that field.
var qualifiers = []string{"work", "home", "mobile", "cell", "main", "primary", "personal", "business", "office", "code", "number", "no", "nr", "1"}

// unknownParams is one error for each parameter in names, with a
// did-you-mean: the field a word of words names (body is sms's message),
// or the nearest name. The fix renames a parameter to its suggestion when
// the caller did not give that one too, and otherwise drops it.
func unknownParams(q query, names []string, endpoint string, fields []string, words map[string]string) []paramError {
	candidates := append(slices.Clone(fields), canonicalOptions()...)
	var errs []paramError
	for _, name := range names {
		value := q[name][0]
		e := paramError{field: name}
		shown := text.Truncate(name, 64)
		near := meantName(name, value, candidates, words)
		target, list, says, numbered := numberedEyeColours(q, name)
		switch {
		case numbered && !given(q, target) && !given(q, optEyeColor.Name):
			// eyecolor, the nearest name, would paint all three eyes.
			e.detail = fmt.Sprintf("%s has no parameter %q; %s", endpoint, shown, says)
			e.rename, e.fixed = target, optionValue(target, list)
			if e.fixed == "" {
				e.rename = ""
			}
		case numberedStop.MatchString(bareName(name)) && !given(q, optGradientColors.Name):
			stops, _ := numberedGradient(q)
			e.detail = fmt.Sprintf("%s has no parameter %q; %s", endpoint, shown, numberedGradientSays(shown))
			e.rename, e.fixed = optGradientColors.Name, optionValue(optGradientColors.Name, stops)
			if e.fixed == "" {
				e.rename = ""
			}
		case slices.Contains(utf8Only, name):
			e.detail = fmt.Sprintf("%s=%q is not supported: qrforge encodes data as UTF-8 only (charset-source and charset-target accept UTF-8); the fix drops it", name, text.Truncate(value, 32))
		case near == "" && slices.Contains(amountWords, strings.ToLower(name)):
			// A fix that dropped it would answer with a code for any
			// amount, which the payer then chooses.
			e.unfixable = true
			e.detail = fmt.Sprintf("%s has no parameter %q: its code carries no amount, and a fix that dropped yours would ask for none; leave %s out to let the payer choose, or use a kind whose standard carries one. Its parameters are %s", endpoint, shown, shown, strings.Join(candidates, ", "))
			if own := amountField(fields); own != "" {
				// ethereum's value is in wei: 1 there is not 1 ether.
				e.detail = fmt.Sprintf("%s has no parameter %q: the amount is %s, written as that field's description says (its unit and decimals); there is no fix, as a rename would read %s=%s in that field's unit, which may not be the one you meant", endpoint, shown, own, shown, text.Truncate(value, 32))
			}
		case near == "" && IdentityWord(name):
			// address beside a vCard's street and city: a fix that dropped
			// it would make a code without the address, or the payee, the
			// caller gave.
			e.unfixable = true
			e.detail = fmt.Sprintf("%s has no parameter %q, and a fix does not drop it: what it names (a person, an account, an address, a network or a secret) would be left out of the code. Give it under the field meant for it, here or on a kind that has one (/api/v1/kinds); the parameters are %s", endpoint, shown, strings.Join(candidates, ", "))
		case near == "":
			e.detail = fmt.Sprintf("%s has no parameter %q, so it would be ignored; its parameters are %s (names starting with '_' are ignored, for cache busting)", endpoint, shown, strings.Join(candidates, ", "))
		case given(q, near) && !isOptionName(near) && q[near][0] != value:
			// beneficiary=Y beside name=X: which payee, or which data, is
			// meant only the caller knows, as for a field given twice. A
			// style option's near miss is dropped, as any unknown name is.
			e.unfixable = true
			e.detail = fmt.Sprintf("%s has no parameter %q (did you mean %s? it is already given, as %q where %s says %q); give %s once, keeping the value you mean, as qrforge does not choose between them", endpoint, shown, near, text.Truncate(q[near][0], 64), shown, text.Truncate(value, 64), near)
		case given(q, near):
			e.detail = fmt.Sprintf("%s has no parameter %q (did you mean %s? it is already given); the fix drops it", endpoint, shown, near)
		default:
			e.detail = fmt.Sprintf("%s has no parameter %q; did you mean %s? The fix renames it", endpoint, shown, near)
			e.rename, e.fixed = near, optionValue(near, value)
			if e.fixed == "" {
				e.rename = ""
			}
		}
		errs = append(errs, e)
	}
	return errs
}

// meantName is the name among candidates that name, not read, most likely
// meant with value: the field a word of words names, or NearName's.
func meantName(name, value string, candidates []string, words map[string]string) string {
	if near, ok := words[name]; ok {
		return near
	}
	return NearName(name, value, candidates)
}

// MeantParam is the parameter a call of kind's endpoint ("" for the
// generic one) most likely meant by name, which it does not read, with
// value, as its error suggests it ("did you mean color?"), and the value
// the error's fix gives it there ("" when the fix drops it); near is ""
// when nothing is close. The editor pages ask it for their links.
func MeantParam(kind, name, value string) (near, fixed string) {
	fields, words := []string{optData.Name}, map[string]string(nil)
	if k, ok := registry.Lookup(kind); ok && kind != "" {
		fields, words = FieldNames(k), registry.FieldWords(k)
	}
	name = strings.ToLower(name)
	near = meantName(name, value, append(fields, canonicalOptions()...), words)
	if near == "" {
		return "", ""
	}
	return near, optionValue(near, value)
}

// AmountWord reports whether name is a word callers give an amount under
// (amt, total, price): unread, such a parameter has no fix that drops it,
// which would ask for any amount, nor one that renames it, which would
// read it in the unit of a field the caller did not name. MCP's tools
// ask it as HTTP calls do.
func AmountWord(name string) bool { return slices.Contains(amountWords, strings.ToLower(name)) }

// NearName is the name among candidates that name, not read, most likely
// meant with value, or "": nothing is close, name only begins an option
// that refuses value (text=hi beside textcolor), or the option has no
// value near it (sec=WEP beside ec), where the caller meant something
// else. HTTP and MCP calls ask it alike.
func NearName(name, value string, candidates []string) string {
	if same := sameBarSeparators(name, candidates); same != "" {
		return same
	}
	near := editdistance.Suggest(name, candidates)
	if near == "" || len(name) < 4 && len(name) == len(near) && editdistance.Distance(name, near) > 0 {
		// One letter changed turns a short name into another word (tel
		// into tpl, zip into tip) more often than it is mistyped; one
		// left out or added (sze, dta) is the slip.
		return ""
	}
	if len(near) < 3 && editdistance.Distance(name, near) > 1 {
		// customer begins cu, upi's currency, and means another thing.
		return ""
	}
	if (amountName(name) != amountName(near) || identityName(near)) && !slip(name, near) {
		// account is two letters from amount, payer begins pa (upi's
		// payee): a value renamed for its spelling alone would ask for a
		// payment, or name a payee, nobody asked for.
		return ""
	}
	if !isOptionName(near) {
		return near
	}
	// An option with no value for this one (ec for sec=WEP) was not
	// meant, however close its name.
	if fixed := optionValue(near, value); fixed == "" || editdistance.Distance(name, near) > 2 && fixed != value {
		return ""
	}
	return near
}

// sameBarSeparators is the candidate that name spells with other
// separators, or none (fg_color is the colour option's fgcolor, vendorid
// matter's vendor_id, error-correction ec's errorcorrection, color.dark
// and dotsOptions[type] as other libraries nest them): the same
// words, not a near miss, so no distance or value makes it another
// parameter. "" when none is, or more than one.
func sameBarSeparators(name string, candidates []string) string {
	want, found := bareName(name), ""
	for _, c := range candidates {
		spellings := []string{c}
		if o, ok := options.Named(c); ok && o.Name == c {
			spellings = append(spellings, o.Aliases...)
		}
		if slices.ContainsFunc(spellings, func(sp string) bool { return bareName(sp) == want }) {
			if found != "" && found != c {
				return ""
			}
			found = c
		}
	}
	return found
}

// bareName is name in lower case without separators, brackets or the
// word "options" that ends an object's name: node-qrcode's color.dark is
// colordark, qr-code-styling's dotsOptions.type dotstype, the aliases
// under which the catalogue lists them.
func bareName(name string) string {
	name = strings.ToLower(name)
	for _, sep := range []string{".", "["} {
		name = strings.ReplaceAll(name, "options"+sep, sep)
	}
	return strings.Map(func(r rune) rune {
		if strings.ContainsRune("_-. []", r) {
			return -1
		}
		return r
	}, name)
}

// memberOption is the rendering option a member of an object names when
// a body nests options as other QR libraries do ({"color": {"dark":
// ...}}, {"dotsOptions": {"type": ...}}), and false when it names none.
func memberOption(object, member string) (options.Option, bool) {
	return options.Named(bareName(object + "." + member))
}

// RenamedValue is value as a fix gives it under the name near: the value
// itself, or its correction when the option refuses it (size 3 becomes
// 64); "" when there is none, and the fix drops it.
func RenamedValue(near, value string) string { return optionValue(near, value) }

// optionValue is value as the fix gives it to the option name: the value
// itself, or its correction when the option refuses it (size 3 becomes
// 64). A kind's field keeps the value; its own checks correct it.
func optionValue(name, value string) string {
	if !isOptionName(name) {
		return value
	}
	_, errs := parseRendering(query{name: {value}}, false)
	for _, e := range errs {
		if e.field == name {
			return e.fixed
		}
	}
	return value
}

// given reports whether the caller set the parameter, under its own name
// or, for a rendering option, any alias.
func given(q query, name string) bool {
	if len(q[name]) > 0 {
		return true
	}
	for _, o := range renderOptions {
		if o.Name == name {
			_, ok, _ := q.lookup(o)
			return ok
		}
	}
	return false
}

// renamedFields adds the kind fields that unknown parameters are renamed
// to, so that the corrected call carries the caller's value under its
// right name.
func renamedFields(values map[string]string, errs []paramError, k registry.Entry) map[string]string {
	out := make(map[string]string, len(values))
	for name, v := range values {
		out[name] = v
	}
	for _, e := range errs {
		if e.rename != "" && k.HasField(e.rename) {
			out[e.rename] = e.fixed
		}
	}
	return out
}

// strayData detects the unencoded-'&' mistake on the generic endpoint:
// `data=https://ex.com/?a=1&b=2` reaches us as data `https://ex.com/?a=1`
// and a parameter `b`. When parameters the endpoint does not read follow
// data in the raw query, and data looks like it carries a query of its own,
// it returns the data the caller most likely meant: data with those
// parameters joined back on.
func strayData(rawQuery, data string, stray []string) (string, bool) {
	if len(stray) == 0 || !strings.ContainsAny(data, "?=") {
		return "", false
	}
	joined := data
	seenData, found := false, false
	for _, p := range rawParams(rawQuery) {
		if p.name == "" {
			continue
		}
		if canonicalName(p.name, true) == optData.Name {
			seenData = p.unencoded
			continue
		}
		if seenData && p.pair != "" && slices.Contains(stray, p.name) {
			joined += "&" + p.pair
			found = true
		}
	}
	return joined, found
}

// rawParam is one pair of a raw query, in the order sent: its name,
// lowered, and the pair decoded whole ("b=2"); each is "" when it does not
// decode. unencoded says its value holds a '?' or '=' as itself: a value
// whose own query was percent-encoded (%3F, %3D) had its '&' encoded too,
// so what follows it is a parameter of its own.
type rawParam struct {
	name, pair string
	unencoded  bool
}

// rawParams splits a raw query into its pairs, for telling which
// parameters followed which: the parsed query has lost their order.
func rawParams(rawQuery string) []rawParam {
	var out []rawParam
	for _, pair := range strings.Split(rawQuery, "&") {
		key, value, _ := strings.Cut(pair, "=")
		p := rawParam{unencoded: strings.ContainsAny(value, "?=")}
		if name, err := url.QueryUnescape(key); err == nil {
			p.name = strings.ToLower(name)
			if decoded, err := url.QueryUnescape(pair); err == nil {
				p.pair = decoded
			}
		}
		out = append(out, p)
	}
	return out
}

// strayURLFields detects the unencoded-'&' mistake in a kind's web address
// field: url=https://ex.com/?a=1&b=2 reaches us as url https://ex.com/?a=1
// and a parameter b. Parameters the kind does not read that follow such a
// field in the raw query (before any other field or option) are joined
// back onto it: one error on the field, whose fix holds the whole address,
// and one on each parameter, which the fix encodes there. Cutting the
// address at its '&' would change it (RFC 3986 §3.4: the query is the
// address's own).
func strayURLFields(k registry.Entry, values map[string]string, rawQuery string, stray []string) ([]paramError, map[string]string) {
	if len(stray) == 0 || rawQuery == "" {
		return nil, nil
	}
	joined := map[string]string{}
	taken := map[string][]string{}
	var fields []string
	owner := ""
	for _, p := range rawParams(rawQuery) {
		name := p.name
		switch {
		case name == "":
			owner = ""
		case k.HasField(name):
			owner = ""
			if v := values[name]; looksLikeWebAddress(v) && strings.Contains(v, "?") && p.unencoded && joined[name] == "" {
				owner = name
				joined[name] = v
			}
		case owner != "" && p.pair != "" && slices.Contains(stray, name) && !slices.Contains(taken[owner], name):
			joined[owner] += "&" + p.pair
			if len(taken[owner]) == 0 {
				fields = append(fields, owner)
			}
			taken[owner] = append(taken[owner], name)
		default:
			owner = ""
		}
	}
	var errs []paramError
	out := map[string]string{}
	for _, field := range fields {
		out[field] = joined[field]
		errs = append(errs, paramError{field: field, fixed: joined[field],
			detail: fmt.Sprintf("%s looks like a web address whose '&' was not percent-encoded: %s was read as a separate parameter, and the code would hold only %q; percent-encode the address (& is %%26, ? is %%3F, = is %%3D); the fix does", field, strings.Join(taken[field], ", "), text.Truncate(values[field], 200))})
		for _, name := range taken[field] {
			errs = append(errs, paramError{field: name, keep: true, detail: fmt.Sprintf("%s belongs to %s; the fix encodes it there", text.Truncate(name, 64), field)})
		}
	}
	return errs, out
}

// looksLikeWebAddress reports whether v is an http(s) address, or one
// written without its scheme (shop.example.com/item?id=42), which a web
// address field's fix gives https://: a host with a dot before any '/' or
// '?', and no spaces.
func looksLikeWebAddress(v string) bool {
	if hasHTTPScheme(v) {
		return true
	}
	host, _, _ := strings.Cut(v, "/")
	host, _, _ = strings.Cut(host, "?")
	return strings.Contains(strings.Trim(host, "."), ".") && !strings.ContainsAny(v, " \t") && !strings.ContainsAny(host, "@:")
}

// hasHTTPScheme reports whether v starts with http:// or https://, in any
// case.
func hasHTTPScheme(v string) bool {
	l := strings.ToLower(v)
	return strings.HasPrefix(l, "http://") || strings.HasPrefix(l, "https://")
}
