package mcp

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/qrforge/qrforge/options"
	"github.com/qrforge/qrforge/service"
)

// A reply quotes the caller's input only within bounds (README "For
// agents and tools"), so that its size does not grow with what was sent.
const (
	// maxNamed is how many unknown names a message lists; the rest are
	// counted ("and 99995 more").
	maxNamed = 5
	// maxNameBytes is how much of a name a message quotes.
	maxNameBytes = 64
	// maxFixBytes bounds the corrected arguments a problem repeats as
	// fix and fix_arguments: the 16 KiB of a URL the API reads. A larger
	// correction is told in words.
	maxFixBytes = service.MaxURILength
	// maxDetailBytes and maxListed bound a problem's detail and its
	// list of errors; the API's own stay far below.
	maxDetailBytes = 2 << 10
	maxListed      = 10
)

// unknownNames are the keys of an object that a tool does not read: the
// first few in sorted order, and how many there are; and the keys it
// reads.
type unknownNames struct {
	first []string
	count int
	known []string
}

// findUnknown sorts the keys of m into known and unknown, in one pass
// that keeps only the first few unknown ones, however many there are.
func findUnknown(m map[string]any, known func(string) bool) unknownNames {
	var u unknownNames
	for name := range m {
		if known(name) {
			u.known = append(u.known, name)
			continue
		}
		u.count++
		if i, _ := slices.BinarySearch(u.first, name); i < maxNamed {
			u.first = slices.Insert(u.first, i, name)
			u.first = u.first[:min(len(u.first), maxNamed)]
		}
	}
	return u
}

// list names the first unknown names, quoted and truncated, and counts
// the rest.
func (u unknownNames) list() string {
	q := make([]string, len(u.first))
	for i, n := range u.first {
		q[i] = strconv.Quote(truncate(n, maxNameBytes))
	}
	s := strings.Join(q, ", ")
	if more := u.count - len(u.first); more > 0 {
		s += fmt.Sprintf(" and %d more", more)
	}
	return s
}

// unknownArguments is the tool error for arguments the tool does not
// read, found before any other work: it names the first few, and its fix
// is the same call without any of them (fix, when given, replaces that
// call). It is nil when every argument is known.
func (t *tools) unknownArguments(tool string, args map[string]any, known func(string) bool, names []string, fix map[string]any) *mcp.CallToolResult {
	u := findUnknown(args, known)
	if u.count == 0 {
		return nil
	}
	return t.badArgument(tool, args, t.unknownArgumentError(args, u, names, fix))
}

// unknownArgumentError is unknownArguments' error for the unknown names
// u, for a tool that amends it before it is answered.
func (t *tools) unknownArgumentError(args map[string]any, u unknownNames, names []string, fix map[string]any) *argError {
	detail := fmt.Sprintf("%s is not an argument; arguments are ", u.list())
	renames := u.renames(args, t.all, names)
	if u.count > 1 {
		detail = fmt.Sprintf("%d arguments are unknown: %s; arguments are ", u.count, u.list())
	} else if r, ok := renames[u.first[0]]; ok {
		detail = fmt.Sprintf("%s is not an argument (did you mean %s?); arguments are ", u.list(), r.near)
	}
	detail += strings.Join(names, ", ")
	if len(names) == 0 {
		detail = fmt.Sprintf("%s: the tool takes no arguments", u.list())
	}
	if name, near, ok := u.givenOtherwise(args, t.all); ok {
		// dat=b beside data=a: which is the data only the caller knows,
		// as on HTTP; a style option's near miss is dropped instead.
		detail = fmt.Sprintf("%s is not an argument (did you mean %s? it is already given, with another value); give %s once, keeping the value you mean, as qrforge does not choose between them",
			strconv.Quote(truncate(name, maxNameBytes)), near, near)
		var example map[string]any
		if near == options.Data.Name {
			example = genericExample
		}
		return unfixable(truncate(name, maxNameBytes), detail, example)
	}
	makesCode := slices.Contains(names, options.Data.Name) || slices.Contains(names, "fields")
	for _, name := range u.first {
		if _, renamed := renames[name]; makesCode && !renamed && (service.IdentityWord(name) || service.AmountWord(name)) {
			// As on HTTP: dropped, the code would leave out the payee,
			// address or secret given, or ask for any amount.
			return unfixable(truncate(name, maxNameBytes), fmt.Sprintf("%s is not an argument, and a fix does not drop it: what it names (a person, an account, an address, a network, a secret or an amount) would be left out of the code. Give it where it belongs: in data, or in a kind's fields with qr_generate_typed (qr_list_kinds); arguments are %s", strconv.Quote(truncate(name, maxNameBytes)), strings.Join(names, ", ")), genericExample)
		}
	}
	change := "without " + u.list()
	if fix == nil {
		fix = make(map[string]any, len(u.known))
		for _, name := range u.known {
			fix[name] = args[name]
		}
		// As on HTTP, the fix renames a near miss to the argument meant
		// (colour to color) when that one is not given too, with the value
		// the argument takes.
		var renamed []string
		for _, name := range u.first {
			if r, ok := renames[name]; ok && r.value != nil {
				fix[r.near] = r.value
				renamed = append(renamed, strconv.Quote(truncate(name, maxNameBytes))+" as "+r.near)
			}
		}
		if len(renamed) > 0 {
			change = "with " + strings.Join(renamed, ", ")
		}
	}
	return &argError{field: truncate(u.first[0], maxNameBytes), detail: detail, fix: fix, change: change}
}

// rename is an unknown argument's near miss and the value a fix gives it.
type rename struct {
	near  string
	value any
}

// renames finds, for each of the first unknown names, the argument among
// names it most likely meant (service.NearName), when that one is not
// given under any of its names; value is the argument's own value when
// the argument takes it as given (an option judges it, as the API would),
// else nil and the fix drops it.
func (u unknownNames) renames(args map[string]any, opts *optionSet, names []string) map[string]rename {
	canonical := func(name string) string {
		if o, ok := opts.lookup(name); ok {
			return o.name
		}
		return strings.ToLower(name)
	}
	out := map[string]rename{}
	for _, name := range u.first {
		value := fmt.Sprint(args[name])
		near := service.NearName(strings.ToLower(name), value, names)
		_, dataGiven := args[options.Data.Name]
		if slices.Contains(names, options.Data.Name) && (slices.Contains(options.Data.Aliases, strings.ToLower(name)) || !dataGiven && service.MeantAsData(name, value, u.first)) {
			// data under a name other QR APIs use (text, url, content), as
			// HTTP reads it: the text to encode, kept as given.
			near = options.Data.Name
		}
		if target, list, ok := service.NumberedEyeColours(name, stringArgs(args)); ok {
			// eye1Color is one eye's: eyecolor, the nearest name, would
			// paint all three.
			if !slices.ContainsFunc(u.known, func(k string) bool { c := canonical(k); return c == target || c == options.EyeColor.Name }) {
				out[name] = rename{near: target, value: list}
			}
			continue
		}
		if stops, ok := service.NumberedGradient(name, stringArgs(args)); ok {
			// gradientColor1 is one colour of the gradient, which
			// gradientcolors takes with the others.
			if !slices.ContainsFunc(u.known, func(k string) bool { return canonical(k) == options.GradientColors.Name }) {
				out[name] = rename{near: options.GradientColors.Name, value: stops}
			}
			continue
		}
		if near == "" || slices.ContainsFunc(u.known, func(k string) bool { return canonical(k) == near }) {
			continue
		}
		r := rename{near: near, value: args[name]}
		if _, option := opts.lookup(near); option && service.RenamedValue(near, value) != value {
			// Renamed only as given: a value the option refuses (ssid
			// Home as size) says the caller meant something else.
			r.value = nil
		}
		out[name] = r
	}
	return out
}

// givenOtherwise finds the first unknown name whose near miss
// (service.NearName) is an argument other than an option, given with
// another value.
func (u unknownNames) givenOtherwise(args map[string]any, opts *optionSet) (name, near string, ok bool) {
	for _, name := range u.first {
		value := fmt.Sprint(args[name])
		near := service.NearName(strings.ToLower(name), value, u.known)
		if _, option := opts.lookup(near); near == "" || option {
			continue
		}
		if given, ok := args[near]; ok && fmt.Sprint(given) != value {
			return name, near, true
		}
	}
	return "", "", false
}

// knownNames is a known function for unknownArguments: names, and the
// options of opts under any of their names.
func knownNames(opts *optionSet, names ...string) func(string) bool {
	return func(name string) bool {
		if slices.Contains(names, name) {
			return true
		}
		if opts == nil {
			return false
		}
		_, ok := opts.lookup(name)
		return ok
	}
}

// argumentNames lists a tool's arguments for messages: names, then the
// options' canonical names.
func argumentNames(opts *optionSet, names ...string) []string {
	out := slices.Clone(names)
	if opts != nil {
		out = append(out, opts.names()...)
	}
	return out
}

// sameArguments begins a fix told in words because the corrected call is
// too long to repeat.
const sameArguments = "with the same arguments"

// boundedFix is the fix of a tool error and its arguments: the call with
// fix as its arguments, or, when that call is longer than a reply
// repeats, the correction in words (change) and no arguments.
func boundedFix(tool string, fix map[string]any, change string) (string, map[string]any) {
	if b := marshal(fix); len(b) <= maxFixBytes {
		return tool + " " + string(b), fix
	}
	if change == "" {
		change = "corrected as the detail says"
	}
	return fmt.Sprintf("%s %s, %s (the corrected call is longer than the %s a reply repeats)", tool, sameArguments, change, service.SizeText(maxFixBytes)), nil
}

// bounded is p within the bounds of a reply: its detail and field cut
// short, its list of errors shortened, and a fix longer than the API
// reads dropped, as it could not be followed.
func bounded(p problem) problem {
	p.Detail = truncate(p.Detail, maxDetailBytes)
	p.Field = truncate(p.Field, maxNameBytes)
	if len(p.Errors) > maxListed {
		p.Errors = append(slices.Clone(p.Errors[:maxListed]), service.FieldProblem{Detail: fmt.Sprintf("and %d more", len(p.Errors)-maxListed)})
	}
	for i, e := range p.Errors {
		p.Errors[i] = service.FieldProblem{Field: truncate(e.Field, maxNameBytes), Detail: truncate(e.Detail, maxDetailBytes)}
	}
	if len(p.Fix) > maxFixBytes+1<<10 {
		p.Fix = ""
		p.Detail += " (the fix is left out: it is longer than the API reads)"
	}
	return p
}

// tooLong is the problem of a call whose URL would be longer than the API
// reads: the largest argument is named, none is quoted.
func (a *api) tooLong(link string, q *query) *service.Problem {
	n := len(link) - len(a.base)
	if n <= service.MaxURILength {
		return nil
	}
	largest := 0
	for i, v := range q.values {
		if len(v) > len(q.values[largest]) {
			largest = i
		}
	}
	name := q.names[largest]
	why := "a QR code holds at most 7089 digits or 2953 bytes of text"
	if o, ok := options.Named(name); ok && o.Name == options.Logo.Name {
		// A data URI of text (an SVG) grows by half or more once
		// percent-encoded into the URL.
		why = "a logo's data URI is percent-encoded into the URL: a smaller file, or the same one as base64, makes it shorter, and POST /api/v1/qr takes a file of up to " + service.SizeText(service.MaxLogoBytes)
	}
	p := a.svc.Problem(service.KindURITooLong, fmt.Sprintf(
		"the call is a %d-byte URL, and the API reads at most %s; %s is %d bytes, and %s",
		n, service.SizeText(service.MaxURILength), truncate(name, maxNameBytes), len(q.values[largest]), why), truncate(name, maxNameBytes), "")
	p.Example = a.base + genericPath + "?data=Hello%2C%20world%21"
	return p
}

// truncate shortens s to at most n bytes, on a character boundary, and
// marks the cut.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "..."
}

// stringArgs is args with each value as text, as a query gives it.
func stringArgs(args map[string]any) map[string]string {
	out := make(map[string]string, len(args))
	for k, v := range args {
		out[k] = fmt.Sprint(v)
	}
	return out
}
